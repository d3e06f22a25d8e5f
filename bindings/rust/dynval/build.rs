//! Adds an rpath to the libdynval directory that `dynval-sys` found (it
//! exports it as `DEP_DYNVAL_LIB_DIR`), so this crate's tests, doc tests and
//! examples run against an uninstalled meson build without LD_LIBRARY_PATH.
//! `rustc-link-arg` only applies to the package that emits it, hence this
//! second build script. Empty for system directories or with
//! `DYNVAL_NO_RPATH=1` (handled in dynval-sys).
fn main() {
    println!("cargo:rerun-if-env-changed=DEP_DYNVAL_LIB_DIR");
    let dirs = std::env::var_os("DEP_DYNVAL_LIB_DIR").unwrap_or_default();
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        return;
    }
    for dir in std::env::split_paths(&dirs) {
        if !dir.as_os_str().is_empty() {
            println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
        }
    }
}
