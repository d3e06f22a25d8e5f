//! Finds libdynval and tells cargo how to link it (git2-rs
//! `libgit2-sys/build.rs`, zstd-sys).
//!
//! Order of resolution:
//!
//! 1. `DYNVAL_LIB_DIR=/dir`: link the library in that directory directly,
//!    without pkg-config (custom installs).
//! 2. Otherwise pkg-config, asking for `dynval` in the ABI-compatible range
//!    `>= 0.7.0, < 0.8.0` (while 0.x, each minor release is an ABI). Set
//!    `PKG_CONFIG_PATH=<meson build>/meson-uninstalled` to use an uninstalled
//!    meson build: pkg-config then resolves `dynval` to
//!    `dynval-uninstalled.pc`.
//!
//! Static linking (the cargo feature `static`, or `DYNVAL_STATIC=1`): the
//! archive `libdynval.a` is linked into the program, which then needs no
//! libdynval.so at run time (a provider plugin ships as one executable).
//! The archive is looked up in `DYNVAL_LIB_DIR`, else in the directories of
//! pkg-config's `dynval-static` module, whose libraries besides it (the C++
//! runtime) are linked too; with `DYNVAL_LIB_DIR` they come from
//! `DYNVAL_STATIC_DEPS` (comma-separated names, default `stdc++,m`). A
//! missing archive is an error: the build never falls back to the shared
//! library.
//!
//! Running without `LD_LIBRARY_PATH` when the library is outside the
//! loader's search path (an uninstalled meson build, a private prefix):
//!
//! - this crate's own tests get an rpath to the library directory (from
//!   pkg-config when `dynval.pc` carries `-Wl,-rpath`, else added here), and
//!   the directory is exported to dependents as `DEP_DYNVAL_LIB_DIR` (the
//!   `dynval` crate's build script adds the same rpath to its tests and
//!   examples);
//! - programs of other packages cannot get an rpath from a dependency's build
//!   script (cargo applies `rustc-link-arg` only to the package that prints
//!   it). For them the library's runtime names (`libdynval.so.N`) are linked
//!   into `$OUT_DIR/runtime`, which is printed as a link-search path: cargo
//!   puts link-search paths inside its target directory on the library path
//!   of `cargo run`, `cargo test` and build scripts. A program run directly
//!   needs its own rpath or an installed library.
//!
//! System directories get none of this, and `DYNVAL_NO_RPATH=1` turns it off
//! (an rpath in `dynval.pc` itself still applies, as for any pkg-config user).
//!
//! The bindings are NOT generated here: `src/bindings.rs` is checked in and
//! regenerated with `regen.sh` (no libclang needed to build).

use std::env;
use std::path::{Path, PathBuf};

/// The libdynval versions these bindings are ABI-compatible with.
const MIN_VERSION: &str = "0.7.0";
const MAX_VERSION_EXCLUSIVE: &str = "0.8.0";

fn env_var(name: &str) -> Option<String> {
    // Every variable we read makes the build script re-run when it changes.
    println!("cargo:rerun-if-env-changed={name}");
    env::var(name).ok().filter(|v| !v.is_empty())
}

fn env_flag(name: &str) -> bool {
    matches!(env_var(name).as_deref(), Some(v) if v != "0" && !v.eq_ignore_ascii_case("false"))
}

/// Directories the dynamic loader searches anyway: no rpath for those.
fn is_system_dir(dir: &Path) -> bool {
    const SYSTEM: &[&str] = &[
        "/lib",
        "/lib64",
        "/usr/lib",
        "/usr/lib64",
        "/usr/local/lib",
        "/lib/x86_64-linux-gnu",
        "/usr/lib/x86_64-linux-gnu",
        "/lib/aarch64-linux-gnu",
        "/usr/lib/aarch64-linux-gnu",
    ];
    SYSTEM.iter().any(|s| dir == Path::new(s))
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    // Declared up front so that a change re-runs the script whatever path we
    // take below.
    let lib_dir = env_var("DYNVAL_LIB_DIR");
    let include_dir = env_var("DYNVAL_INCLUDE_DIR");
    let want_static = env::var_os("CARGO_FEATURE_STATIC").is_some() || env_flag("DYNVAL_STATIC");
    let no_rpath = env_flag("DYNVAL_NO_RPATH");
    let static_deps = env_var("DYNVAL_STATIC_DEPS");

    let mut lib_dirs: Vec<PathBuf> = Vec::new();
    let mut include_dirs: Vec<PathBuf> = Vec::new();
    let mut pkg_config_rpaths: Vec<PathBuf> = Vec::new();

    if want_static {
        link_static(lib_dir.map(PathBuf::from), static_deps, &mut include_dirs);
    } else if let Some(dir) = lib_dir {
        let dir = PathBuf::from(dir);
        println!("cargo:rustc-link-search=native={}", dir.display());
        println!("cargo:rustc-link-lib=dylib=dynval");
        lib_dirs.push(dir);
    } else {
        let lib = pkg_config::Config::new().range_version(MIN_VERSION..MAX_VERSION_EXCLUSIVE).probe("dynval");
        match lib {
            Ok(lib) => {
                lib_dirs.extend(lib.link_paths);
                include_dirs.extend(lib.include_paths);
                // pkg-config printed these as rustc-link-arg already.
                for arg in &lib.ld_args {
                    if let [opt, dir] = arg.as_slice() {
                        if opt == "-rpath" {
                            pkg_config_rpaths.push(PathBuf::from(dir));
                        }
                    }
                }
            }
            Err(e) => {
                panic!(
                    "\n\nlibdynval ({MIN_VERSION} <= version < {MAX_VERSION_EXCLUSIVE}) was not \
                     found by pkg-config:\n{e}\n\n\
                     Build it with meson and point pkg-config at the build, e.g.\n  \
                     PKG_CONFIG_PATH=/path/to/libdynval/build/meson-uninstalled cargo build\n\
                     or set DYNVAL_LIB_DIR to the directory holding libdynval.so.\n"
                );
            }
        }
    }
    if let Some(dir) = include_dir {
        include_dirs.insert(0, PathBuf::from(dir));
    }

    // Metadata for dependents (`links = "dynval"` turns these into
    // DEP_DYNVAL_LIB_DIR / DEP_DYNVAL_INCLUDE in their build scripts).
    let join = |v: &[PathBuf]| env::join_paths(v).map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let rpath_dirs: Vec<PathBuf> = if no_rpath || want_static {
        Vec::new()
    } else {
        lib_dirs.iter().filter(|d| !is_system_dir(d)).cloned().collect()
    };
    println!("cargo:lib_dir={}", join(&rpath_dirs));
    println!("cargo:include={}", join(&include_dirs));

    // rpath for this crate's own test binaries (rustc-link-arg applies only to
    // the package whose build script emits it).
    let target_os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if target_os == "windows" {
        return;
    }
    for dir in rpath_dirs.iter().filter(|d| !pkg_config_rpaths.contains(d)) {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    }
    runtime_link_dir(&rpath_dirs);
}

/// Links `libdynval.a` from `dir` (`DYNVAL_LIB_DIR`) or from the
/// directories of pkg-config's `dynval-static`, and what it needs besides.
/// Panics when the archive is not there: a static build that silently
/// linked the shared library would fail only on the user's machine.
fn link_static(dir: Option<PathBuf>, static_deps: Option<String>, include_dirs: &mut Vec<PathBuf>) {
    let (dirs, deps): (Vec<PathBuf>, Vec<String>) = match dir {
        Some(dir) => {
            let deps = static_deps.unwrap_or_else(|| "stdc++,m".to_string());
            (vec![dir], deps.split(',').map(str::trim).filter(|d| !d.is_empty()).map(String::from).collect())
        }
        None => {
            // cargo_metadata(false): pkg-config's `-l:libdynval.a` is not a
            // name the crate can hand to cargo; we print the links ourselves.
            let lib = pkg_config::Config::new()
                .range_version(MIN_VERSION..MAX_VERSION_EXCLUSIVE)
                .cargo_metadata(false)
                .probe("dynval-static")
                .unwrap_or_else(|e| {
                    panic!(
                        "\n\nstatic linking: libdynval's pkg-config module `dynval-static` \
                         ({MIN_VERSION} <= version < {MAX_VERSION_EXCLUSIVE}) was not found:\n{e}\n\n\
                         Point PKG_CONFIG_PATH at a meson build's meson-uninstalled folder or an \
                         install's lib/pkgconfig, or set DYNVAL_LIB_DIR to the directory holding \
                         libdynval.a.\n"
                    )
                });
            include_dirs.extend(lib.include_paths);
            let deps = lib.libs.into_iter().filter(|l| l != ":libdynval.a" && l != "dynval").collect();
            (lib.link_paths, deps)
        }
    };
    let Some(found) = dirs.iter().find(|d| d.join("libdynval.a").is_file()) else {
        panic!(
            "\n\nstatic linking: libdynval.a is not in {:?}. Build it (meson builds it beside \
             libdynval.so) or turn static linking off; the shared library is never used instead.\n",
            dirs
        );
    };
    println!("cargo:rustc-link-search=native={}", found.display());
    println!("cargo:rustc-link-lib=static=dynval");
    // A rebuilt archive must be linked again: cargo cannot see it otherwise.
    println!("cargo:rerun-if-changed={}", found.join("libdynval.a").display());
    for dep in deps {
        println!("cargo:rustc-link-lib=dylib={dep}");
    }
}

/// Links the runtime names of the library (`libdynval.so.*`, never the
/// `libdynval.so` the linker looks for) from `dirs` into `$OUT_DIR/runtime`
/// and prints that as a link-search path, which cargo puts on the library
/// path of the programs it runs (see the top of this file).
#[cfg(unix)]
fn runtime_link_dir(dirs: &[PathBuf]) {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("runtime");
    // Start afresh: the library may have moved since the last run.
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap_or_else(|e| panic!("creating {}: {e}", out.display()));
    let mut linked = false;
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(dir) else { continue };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let is_runtime_name = name
                .to_str()
                .and_then(|n| n.strip_prefix("libdynval.so."))
                .is_some_and(|v| !v.is_empty() && v.chars().all(|c| c.is_ascii_digit() || c == '.'));
            if !is_runtime_name {
                continue;
            }
            let link = out.join(&name);
            if !link.exists() {
                std::os::unix::fs::symlink(dir.join(&name), &link)
                    .unwrap_or_else(|e| panic!("linking {}: {e}", link.display()));
                linked = true;
            }
        }
    }
    if linked {
        println!("cargo:rustc-link-search=native={}", out.display());
    }
}

#[cfg(not(unix))]
fn runtime_link_dir(_dirs: &[PathBuf]) {}
