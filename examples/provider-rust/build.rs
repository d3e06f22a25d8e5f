// Generates the protocol's Rust types and gRPC service traits. protox
// parses the .proto files (no protoc needed); tonic-prost-build writes the
// code into OUT_DIR.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let files = ["proto/tfplugin6.proto", "proto/grpc_controller.proto"];
    let fds = protox::compile(files, ["proto"])?;
    tonic_prost_build::configure().build_client(false).generate_default_stubs(true).compile_fds(fds)?;
    for f in files {
        println!("cargo:rerun-if-changed={f}");
    }
    println!("cargo:rerun-if-env-changed=DYNVALEXAMPLE_APPLY_ID_PREFIX");
    Ok(())
}
