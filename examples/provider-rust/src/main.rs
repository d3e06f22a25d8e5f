//! terraform-provider-dynvalexample, in Rust: the twin of examples/provider
//! (Go), with the same resource, data source, schemas and behaviour. Every
//! DynamicValue is decoded and produced by libdynval through its Rust crate,
//! linked statically. tonic serves the protocol; this file does what
//! go-plugin and terraform-plugin-go's tf6server do for the Go provider:
//! the handshake on stdout, AutoMTLS, the health service and the
//! controller's Shutdown.
use std::sync::Arc;

use base64::{engine::general_purpose::STANDARD_NO_PAD, Engine};
use rustls::client::danger::HandshakeSignatureValid;
use rustls::crypto::{aws_lc_rs, verify_tls12_signature, verify_tls13_signature, CryptoProvider};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, UnixTime};
use rustls::server::danger::{ClientCertVerified, ClientCertVerifier};
use rustls::{DigitallySignedStruct, DistinguishedName, SignatureScheme};
use tokio::net::TcpListener;
use tokio::sync::Notify;
use tokio_stream::wrappers::{ReceiverStream, TcpListenerStream};
use tonic::{Request, Response, Status};

mod data;
mod dynamic;
mod provider;
mod selfcheck;
mod store;
#[cfg(test)]
mod tests;
mod thing;
mod unsupported;

use provider::Provider;

pub mod tfplugin6 {
    tonic::include_proto!("tfplugin6");
}
mod plugin {
    tonic::include_proto!("plugin");
}

/// The handshake's cookie, protocol and message size: tf6server's.
const MAGIC_COOKIE_KEY: &str = "TF_PLUGIN_MAGIC_COOKIE";
const MAGIC_COOKIE_VALUE: &str = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";
const PROTOCOL_VERSION: u32 = 6;
const MAX_MESSAGE_SIZE: usize = 256 << 20;

/// Each RPC is a plain method of Provider, request in, response out (the
/// ones the provider has no use for answer Unimplemented).
macro_rules! rpcs {
    ($($rpc:ident;)*) => {
        #[tonic::async_trait]
        impl tfplugin6::provider_server::Provider for Provider {
            $(async fn $rpc(&self, req: Request<tfplugin6::$rpc::Request>) -> Result<Response<tfplugin6::$rpc::Response>, Status> {
                Ok(Response::new(Provider::$rpc(self, req.into_inner())))
            })*
        }
    };
}

rpcs! {
    get_metadata;
    get_provider_schema;
    get_resource_identity_schemas;
    validate_provider_config;
    configure_provider;
    stop_provider;
    validate_resource_config;
    plan_resource_change;
    apply_resource_change;
    read_resource;
    import_resource_state;
    upgrade_resource_state;
    upgrade_resource_identity;
    validate_data_resource_config;
    read_data_source;
    move_resource_state;
    generate_resource_config;
    get_functions;
    call_function;
    validate_ephemeral_resource_config;
    open_ephemeral_resource;
    renew_ephemeral_resource;
    close_ephemeral_resource;
}

/// go-plugin's GRPCController: the client's Kill asks the plugin to stop.
struct Controller(Arc<Notify>);

#[tonic::async_trait]
impl plugin::grpc_controller_server::GrpcController for Controller {
    async fn shutdown(&self, _: Request<plugin::Empty>) -> Result<Response<plugin::Empty>, Status> {
        self.0.notify_one(); // the server stops once this answer is out
        Ok(Response::new(plugin::Empty {}))
    }
}

/// AutoMTLS: the client sends its certificate in PLUGIN_CLIENT_CERT and
/// accepts only connections that present it, as go-plugin's server does
/// (its pool of client CAs holds that one self-signed certificate).
/// webpki would refuse it as a CA used as an end entity, hence this
/// verifier: the certificate must be that one, and the handshake's
/// signature (ECDSA P-521, SHA-512) is checked with aws-lc-rs.
#[derive(Debug)]
struct ClientCert {
    der: CertificateDer<'static>,
    crypto: Arc<CryptoProvider>,
}

impl ClientCertVerifier for ClientCert {
    fn root_hint_subjects(&self) -> &[DistinguishedName] {
        &[]
    }
    fn verify_client_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _: &[CertificateDer<'_>],
        _: UnixTime,
    ) -> Result<ClientCertVerified, rustls::Error> {
        if end_entity.as_ref() != self.der.as_ref() {
            return Err(rustls::Error::InvalidCertificate(rustls::CertificateError::UnknownIssuer));
        }
        Ok(ClientCertVerified::assertion())
    }
    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(message, cert, dss, &self.crypto.signature_verification_algorithms)
    }
    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls13_signature(message, cert, dss, &self.crypto.signature_verification_algorithms)
    }
    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.crypto.signature_verification_algorithms.supported_schemes()
    }
}

/// The server's TLS configuration for the client certificate `client_pem`,
/// with a fresh self-signed certificate for "localhost", whose DER the
/// handshake line carries.
fn tls_config(client_pem: &str) -> Result<(rustls::ServerConfig, Vec<u8>), Box<dyn std::error::Error>> {
    let client =
        rustls_pemfile::certs(&mut client_pem.as_bytes()).next().ok_or("PLUGIN_CLIENT_CERT holds no certificate")??;
    let key = rcgen::KeyPair::generate()?;
    let mut params = rcgen::CertificateParams::new(vec!["localhost".to_string()])?;
    params.distinguished_name.push(rcgen::DnType::CommonName, "localhost");
    params.extended_key_usages =
        vec![rcgen::ExtendedKeyUsagePurpose::ServerAuth, rcgen::ExtendedKeyUsagePurpose::ClientAuth];
    let cert = params.self_signed(&key)?;
    let crypto = Arc::new(aws_lc_rs::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(crypto.clone())
        .with_safe_default_protocol_versions()?
        .with_client_cert_verifier(Arc::new(ClientCert { der: client, crypto }))
        .with_single_cert(vec![cert.der().clone()], PrivateKeyDer::Pkcs8(key.serialize_der().into()))?;
    config.alpn_protocols = vec![b"h2".to_vec()]; // grpc-go insists on ALPN
    Ok((config, cert.der().to_vec()))
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    if std::env::var(MAGIC_COOKIE_KEY).as_deref() != Ok(MAGIC_COOKIE_VALUE) {
        eprint!(
            "This binary is a plugin. These are not meant to be executed directly.\n\
             Please execute the program that consumes these plugins, which will\n\
             load any plugins automatically\n"
        );
        std::process::exit(1);
    }
    // go-plugin offers the newest version the client lists and else its
    // own, which the client then refuses: there is one, 6.
    let provider = Provider::new(dynamic::ValueLog::open()?)?;

    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let tls = match std::env::var("PLUGIN_CLIENT_CERT") {
        Ok(pem) if !pem.is_empty() => Some(tls_config(&pem)?),
        _ => None,
    };
    let cert = tls.as_ref().map(|(_, der)| STANDARD_NO_PAD.encode(der)).unwrap_or_default();
    // The handshake: core protocol, app protocol, network, address, "grpc",
    // and the server certificate.
    println!("1|{PROTOCOL_VERSION}|tcp|{addr}|grpc|{cert}");

    // The client stops its plugins itself: an interrupt is for it only.
    tokio::spawn(async { while tokio::signal::ctrl_c().await.is_ok() {} });

    let (health, health_service) = tonic_health::server::health_reporter();
    health.set_service_status("plugin", tonic_health::ServingStatus::Serving).await;
    let shutdown = Arc::new(Notify::new());
    let stop = shutdown.clone();
    let router = tonic::transport::Server::builder()
        .add_service(health_service)
        .add_service(plugin::grpc_controller_server::GrpcControllerServer::new(Controller(shutdown)))
        .add_service(
            tfplugin6::provider_server::ProviderServer::new(provider)
                .max_decoding_message_size(MAX_MESSAGE_SIZE)
                .max_encoding_message_size(MAX_MESSAGE_SIZE),
        );
    let Some((config, _)) = tls else {
        router.serve_with_incoming_shutdown(TcpListenerStream::new(listener), stop.notified()).await?;
        return Ok(());
    };
    // TLS handshakes run beside the accept loop, so a slow one blocks no
    // other connection.
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let (tx, rx) = tokio::sync::mpsc::channel(16);
    tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            let (acceptor, tx) = (acceptor.clone(), tx.clone());
            tokio::spawn(async move {
                match acceptor.accept(tcp).await {
                    Ok(stream) => _ = tx.send(Ok::<_, std::io::Error>(stream)).await,
                    Err(e) => eprintln!("[ERROR] TLS handshake: {e}"),
                }
            });
        }
    });
    router.serve_with_incoming_shutdown(ReceiverStream::new(rx), stop.notified()).await?;
    Ok(())
}
