//! The RPCs of features this provider does not have. Clients call them only
//! for things the provider's schema or capabilities announce, so these
//! answer a confused client with a clear error.
use crate::dynamic::error_diag;
use crate::provider::Provider;
use crate::tfplugin6::*;

fn unsupported(what: &str) -> Vec<Diagnostic> {
    error_diag("Unsupported", format!("the dynvalexample provider has no {what}"))
}

impl Provider {
    pub fn move_resource_state(&self, _: move_resource_state::Request) -> move_resource_state::Response {
        move_resource_state::Response { diagnostics: unsupported("resource moves"), ..Default::default() }
    }
    pub fn generate_resource_config(&self, _: generate_resource_config::Request) -> generate_resource_config::Response {
        generate_resource_config::Response {
            diagnostics: unsupported("configuration generation"),
            ..Default::default()
        }
    }
    pub fn get_functions(&self, _: get_functions::Request) -> get_functions::Response {
        get_functions::Response::default()
    }
    pub fn call_function(&self, req: call_function::Request) -> call_function::Response {
        let text = format!("the dynvalexample provider has no function {}", req.name);
        call_function::Response { error: Some(FunctionError { text, function_argument: None }), ..Default::default() }
    }
    pub fn validate_ephemeral_resource_config(
        &self,
        _: validate_ephemeral_resource_config::Request,
    ) -> validate_ephemeral_resource_config::Response {
        validate_ephemeral_resource_config::Response { diagnostics: unsupported("ephemeral resources") }
    }
    pub fn open_ephemeral_resource(&self, _: open_ephemeral_resource::Request) -> open_ephemeral_resource::Response {
        open_ephemeral_resource::Response { diagnostics: unsupported("ephemeral resources"), ..Default::default() }
    }
    pub fn renew_ephemeral_resource(&self, _: renew_ephemeral_resource::Request) -> renew_ephemeral_resource::Response {
        renew_ephemeral_resource::Response { diagnostics: unsupported("ephemeral resources"), ..Default::default() }
    }
    pub fn close_ephemeral_resource(&self, _: close_ephemeral_resource::Request) -> close_ephemeral_resource::Response {
        close_ephemeral_resource::Response { diagnostics: unsupported("ephemeral resources") }
    }
}
