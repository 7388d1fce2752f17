//! Turns the message catalogues (`locales/<lang>/<namespace>.json`, at the repository root)
//! into the typed module `i18n`, which the app re-exports as `crate::i18n` (issue 12; see
//! `docs/i18n/README.md`; Cargo.toml says why this is a package of its own). English is the reference: a key that
//! another language lacks is a warning here, which `tests/i18n_catalogues.rs` turns into a
//! failure, and a key the code uses that English lacks does not compile.

use leptos_i18n_build::{Config, ParseOptions, TranslationsInfos};
use std::error::Error;
use std::path::PathBuf;

/// The languages, English first (the default and the reference).
const LOCALES: [&str; 4] = ["en", "fr", "de", "ja"];
/// One file per area of the app in each language's folder.
const NAMESPACES: [&str; 14] = [
    "common",
    "nav",
    "home",
    "event",
    "print",
    "standings",
    "withdrawal",
    "sensitivity",
    "whatif",
    "chances",
    "simulation",
    "learn",
    "errors",
    "pairing",
];

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo::rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?).join("i18n");
    let mut config = Config::new(LOCALES[0])?;
    for locale in &LOCALES[1..] {
        config = config.add_locale(locale)?;
    }
    // `t_string!` with variables (an aria-label, a status line kept in a signal).
    config = config
        .add_namespaces(NAMESPACES)?
        .parse_options(ParseOptions::new().interpolate_display(true));
    // The catalogues stay at the repository root, beside the app that uses them.
    let root = PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").ok_or("CARGO_MANIFEST_DIR is not set")?,
    )
    .join("../..");
    let infos = TranslationsInfos::parse_at_dir(root, config)?;
    infos.emit_diagnostics();
    infos.rerun_if_locales_changed();
    infos.generate_i18n_module(out)?;
    Ok(())
}
