package main

import (
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	dynval "github.com/libdynval/dynval-go"
)

// The debug switch DYNVALEXAMPLE_SELF_CHECK: before it answers, the
// provider runs on its own plan and apply results the checks OpenTofu runs
// on them (libdynval's ports of objchange.AssertPlanValid and
// AssertObjectCompatible), so a broken promise fails inside the provider,
// with the summary and the PATH: MESSAGE line the client would print,
// instead of in the client after the fact.

// checkPlan: the problems core would report as "Provider produced invalid
// plan", as diagnostics; nil when the plan is valid or the switch is off.
func (p *provider) checkPlan(prior, config, planned *dynval.Value) []*tfprotov6.Diagnostic {
	if !p.selfCheck {
		return nil
	}
	problems, err := dynval.AssertPlanValid(p.thing.schema, prior, config, planned)
	return selfCheckDiags("Provider produced invalid plan", problems, err)
}

// checkApply: the same for "Provider produced inconsistent result after
// apply", with the schema's sensitive attributes marked as core marks them.
func (p *provider) checkApply(planned, applied *dynval.Value) []*tfprotov6.Diagnostic {
	if !p.selfCheck {
		return nil
	}
	problems, err := dynval.AssertObjectCompatible(p.thing.schema, planned, applied, nil, true)
	return selfCheckDiags("Provider produced inconsistent result after apply", problems, err)
}

func selfCheckDiags(summary string, problems []*dynval.Error, err error) []*tfprotov6.Diagnostic {
	if err != nil {
		return errorDiag("Self-check failed to run", err)
	}
	var diags []*tfprotov6.Diagnostic
	for _, e := range problems {
		d := &tfprotov6.Diagnostic{Severity: tfprotov6.DiagnosticSeverityError, Summary: summary,
			Detail: "self-check (DYNVALEXAMPLE_SELF_CHECK): " + e.Line()}
		if len(e.Steps) > 0 {
			d.Attribute = attributePath(e.Steps)
		}
		diags = append(diags, d)
	}
	return diags
}
