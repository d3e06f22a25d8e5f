//! The debug switch DYNVALEXAMPLE_SELF_CHECK: before it answers, the
//! provider runs on its own plan and apply results the checks the client
//! runs on them (libdynval's ports of OpenTofu's objchange.AssertPlanValid
//! and AssertObjectCompatible), so a broken promise fails inside the
//! provider, with the summary and the `PATH: MESSAGE` line the client would
//! print, instead of in the client after the fact.
use dynval::{plan, Path, Value};

use crate::dynamic::{attribute_path, error_diag};
use crate::provider::Provider;
use crate::tfplugin6::{diagnostic::Severity, Diagnostic};

/// Whether the switch is on (the variable set and not empty).
pub fn enabled() -> bool {
    std::env::var_os("DYNVALEXAMPLE_SELF_CHECK").is_some_and(|v| !v.is_empty())
}

impl Provider {
    /// The problems the client would report as "Provider produced invalid
    /// plan", as diagnostics; empty when the plan is valid or the switch is
    /// off.
    pub fn check_plan(&self, prior: &Value, config: &Value, planned: &Value) -> Vec<Diagnostic> {
        if !self.self_check {
            return Vec::new();
        }
        let problems = plan::assert_plan_valid(&self.thing.schema, prior, config, planned);
        diagnostics("Provider produced invalid plan", problems)
    }

    /// The same for "Provider produced inconsistent result after apply",
    /// with the schema's sensitive attributes marked as the client marks
    /// them.
    pub fn check_apply(&self, planned: &Value, applied: &Value) -> Vec<Diagnostic> {
        if !self.self_check {
            return Vec::new();
        }
        let problems = plan::assert_object_compatible(&self.thing.schema, planned, applied, &[], true);
        diagnostics("Provider produced inconsistent result after apply", problems)
    }
}

fn diagnostics(summary: &str, problems: dynval::Result<Vec<dynval::Error>>) -> Vec<Diagnostic> {
    match problems {
        Err(e) => error_diag("Self-check failed to run", e),
        Ok(problems) => problems
            .iter()
            .map(|e| Diagnostic {
                severity: Severity::Error as i32,
                summary: summary.to_string(),
                detail: format!("self-check (DYNVALEXAMPLE_SELF_CHECK): {}", e.line()),
                attribute: attribute_path(Path::from_steps(e.path_steps())),
            })
            .collect(),
    }
}
