//! The provider: its schemas, the store, and the RPCs that are not about
//! the resource or the data source.
use std::collections::HashMap;

use dynval::{AttrFlags, IdentitySchema, PathRef, PathStep, SchemaDocument, SchemaKind};
use prost::Message;

use crate::dynamic::{error_diag, Block, ValueLog};
use crate::store::Store;
use crate::tfplugin6::*;

/// thing_type names both the resource and the data source.
pub const THING_TYPE: &str = "dynvalexample_thing";

/// Every schema of the provider, in the form `tofu providers schema -json`
/// prints: the Go provider's file. libdynval checks it when it loads;
/// GetProviderSchema sends what libdynval makes of it.
const SCHEMA_JSON: &[u8] = include_bytes!("../../provider/schema.json");

/// The provider. Its schemas are immutable and the store locks itself, so
/// RPCs may run concurrently.
pub struct Provider {
    pub doc: SchemaDocument,
    pub config: Block, // the provider block
    pub thing: Block,  // the resource
    pub data: Block,   // the data source
    pub identity: IdentitySchema,
    pub store: Store,
    pub log: ValueLog,
    /// DYNVALEXAMPLE_SELF_CHECK: every plan and apply result passes the
    /// client's own checks before it is sent (selfcheck.rs).
    pub self_check: bool,
}

impl Provider {
    pub fn new(log: ValueLog) -> Result<Provider, Box<dyn std::error::Error>> {
        let doc = SchemaDocument::from_json(SCHEMA_JSON)?;
        let get = |selector: &str| -> Result<Block, String> {
            let schema = doc.get_schema(selector, None).map_err(|e| format!("schema.json: {selector}: {e}"))?;
            Ok(Block { selector: selector.to_string(), schema })
        };
        Ok(Provider {
            config: get("provider")?,
            thing: get(&format!("resource:{THING_TYPE}"))?,
            data: get(&format!("data:{THING_TYPE}"))?,
            identity: doc.get_identity(&format!("identity:{THING_TYPE}"), None)?,
            doc,
            store: Store::default(),
            log,
            self_check: crate::selfcheck::enabled(),
        })
    }

    /// Whether `path` leads to a write-only attribute of the resource, at
    /// any depth (through nested blocks and nested attributes).
    pub fn write_only(&self, path: PathRef<'_>) -> bool {
        let a = self.thing.schema.block().attribute_by_path(path);
        a.is_some_and(|a| a.flags().contains(AttrFlags::WRITE_ONLY))
    }

    pub fn get_metadata(&self, _: get_metadata::Request) -> get_metadata::Response {
        let mut resp =
            get_metadata::Response { server_capabilities: Some(server_capabilities()), ..Default::default() };
        for e in self.doc.entries() {
            let name = type_name(e.selector()).to_string();
            match e.kind() {
                SchemaKind::Resource => resp.resources.push(get_metadata::ResourceMetadata { type_name: name }),
                SchemaKind::DataSource => resp.data_sources.push(get_metadata::DataSourceMetadata { type_name: name }),
                _ => {}
            }
        }
        resp
    }

    /// Sends every schema of schema.json as libdynval writes it in the
    /// protocol's protobuf form.
    pub fn get_provider_schema(&self, _: get_provider_schema::Request) -> get_provider_schema::Response {
        let mut resp =
            get_provider_schema::Response { server_capabilities: Some(server_capabilities()), ..Default::default() };
        for e in self.doc.entries() {
            if e.kind() == SchemaKind::Identity {
                continue; // GetResourceIdentitySchemas
            }
            let schema = match e.schema().and_then(|s| s.to_proto(6)) {
                Ok(bytes) => Schema::decode(&bytes[..]).expect("libdynval writes valid protobuf"),
                Err(err) => {
                    resp.diagnostics = error_diag(&format!("Invalid schema {}", e.selector()), err);
                    return resp;
                }
            };
            let name = type_name(e.selector()).to_string();
            match e.kind() {
                SchemaKind::Provider => resp.provider = Some(schema),
                SchemaKind::Resource => _ = resp.resource_schemas.insert(name, schema),
                SchemaKind::DataSource => _ = resp.data_source_schemas.insert(name, schema),
                _ => {}
            }
        }
        resp
    }

    pub fn get_resource_identity_schemas(
        &self,
        _: get_resource_identity_schemas::Request,
    ) -> get_resource_identity_schemas::Response {
        let mut resp =
            get_resource_identity_schemas::Response { identity_schemas: HashMap::new(), diagnostics: vec![] };
        for e in self.doc.entries().filter(|e| e.kind() == SchemaKind::Identity) {
            match e.identity().and_then(|s| s.to_proto(6)) {
                Ok(bytes) => {
                    let s = ResourceIdentitySchema::decode(&bytes[..]).expect("libdynval writes valid protobuf");
                    resp.identity_schemas.insert(type_name(e.selector()).to_string(), s);
                }
                Err(err) => {
                    resp.diagnostics = error_diag(&format!("Invalid identity schema {}", e.selector()), err);
                    return resp;
                }
            }
        }
        resp
    }

    pub fn validate_provider_config(
        &self,
        req: validate_provider_config::Request,
    ) -> validate_provider_config::Response {
        let config = self.config.decode(&self.log, "ValidateProviderConfig", "config", req.config.as_ref());
        validate_provider_config::Response {
            diagnostics: config.err().map(|e| error_diag("Invalid provider configuration", e)).unwrap_or_default(),
        }
    }

    pub fn configure_provider(&self, req: configure_provider::Request) -> configure_provider::Response {
        let diagnostics = match self.config.decode(&self.log, "ConfigureProvider", "config", req.config.as_ref()) {
            Err(e) => error_diag("Invalid provider configuration", e),
            Ok(config) => {
                let dir = config.get("store_dir").ok().flatten().expect("store_dir is in the schema");
                if !dir.is_known() {
                    error_diag("Unknown store_dir", "store_dir must be known before anything can be planned")
                } else if let Err(e) = self.store.open(dir.as_str().unwrap_or_default()) {
                    error_diag("Cannot use store_dir", e) // required: never null
                } else {
                    vec![]
                }
            }
        };
        configure_provider::Response { diagnostics }
    }

    pub fn stop_provider(&self, _: stop_provider::Request) -> stop_provider::Response {
        stop_provider::Response::default()
    }
}

fn server_capabilities() -> ServerCapabilities {
    ServerCapabilities {
        get_provider_schema_optional: true, // no setup happens in GetProviderSchema
        plan_destroy: true,                 // PlanResourceChange sees destroys too
        ..Default::default()
    }
}

/// "resource:dynvalexample_thing" -> "dynvalexample_thing".
fn type_name(selector: &str) -> &str {
    selector.split_once(':').map_or(selector, |(_, name)| name)
}

/// A path with every index, key and set element as [*]:
/// "endpoints[*].port".
pub fn pattern(path: PathRef<'_>) -> String {
    let mut s = String::new();
    for step in path.steps() {
        match step {
            PathStep::Attr(name) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(&name);
            }
            _ => s.push_str("[*]"),
        }
    }
    s
}
