//! The data source dynvalexample_thing: reads a thing by id.
use dynval::{AttrFlags, Path};

use crate::dynamic::{error_diag, BoxError};
use crate::provider::{Provider, THING_TYPE};
use crate::tfplugin6::*;
use crate::thing::string_attr;

fn unknown_data_source(name: &str) -> Vec<Diagnostic> {
    error_diag("Unknown data source", format!("this provider has no data source {name:?}"))
}

impl Provider {
    pub fn validate_data_resource_config(
        &self,
        req: validate_data_resource_config::Request,
    ) -> validate_data_resource_config::Response {
        if req.type_name != THING_TYPE {
            return validate_data_resource_config::Response { diagnostics: unknown_data_source(&req.type_name) };
        }
        let config = self.data.decode(&self.log, "ValidateDataResourceConfig", "config", req.config.as_ref());
        validate_data_resource_config::Response {
            diagnostics: config.err().map(|e| error_diag("Invalid configuration", e)).unwrap_or_default(),
        }
    }

    /// Reads the thing whose id the configuration gives and fills in every
    /// computed attribute of the data source from it.
    pub fn read_data_source(&self, req: read_data_source::Request) -> read_data_source::Response {
        const RPC: &str = "ReadDataSource";
        let mut resp = read_data_source::Response::default();
        if req.type_name != THING_TYPE {
            resp.diagnostics = unknown_data_source(&req.type_name);
            return resp;
        }
        let mut state = match self.data.decode(&self.log, RPC, "config", req.config.as_ref()) {
            Ok(s) => s,
            Err(e) => {
                return read_data_source::Response { diagnostics: error_diag("Invalid configuration", e), ..resp }
            }
        };
        let id = string_attr(&state, "id"); // required, and known when the client reads
        let thing: Result<_, BoxError> = match self.store.load(&self.thing, &id) {
            Ok(Some(t)) => Ok(t),
            Ok(None) => Err(format!("there is no thing {id:?} in the store").into()),
            Err(e) => Err(e),
        };
        let read = thing.and_then(|thing| {
            let computed = self.data.schema.block().attributes().filter(|a| a.flags().contains(AttrFlags::COMPUTED));
            for a in computed {
                let v = thing.get(a.name())?.expect("the data source's attributes are the resource's");
                state = state.set_path(Path::new().attr(a.name()), v)?;
            }
            Ok(())
        });
        if let Err(e) = read {
            resp.diagnostics = error_diag(&format!("Cannot read {id}"), e);
            return resp;
        }
        match self.data.encode(&self.log, RPC, "state", &state) {
            Ok(dv) => resp.state = Some(dv),
            Err(e) => resp.diagnostics = error_diag("Cannot encode the state", e),
        }
        resp
    }
}
