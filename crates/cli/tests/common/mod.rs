//! What the CLI test files share (each file under `tests/` is its own crate and includes this
//! module with `mod common;`): the built binary, its standard output, a temporary input file.
#![allow(dead_code)] // every test crate uses only some of these

use assert_cmd::Command;
use std::io::Write;

/// The built `crosstable` binary.
pub fn cli() -> Command {
    Command::cargo_bin("crosstable").expect("the binary is built")
}

/// `crosstable ARGS…`'s standard output; the test fails, with the command's standard error,
/// when the command does.
pub fn stdout_of(args: &[&str]) -> String {
    let out = cli().args(args).output().expect("runs");
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// A temporary file holding `text`, named with the extension `ext` (".trf", ".json", …): the
/// CLI picks the format by the name.
pub fn file_with(text: &str, ext: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::Builder::new()
        .suffix(ext)
        .tempfile()
        .expect("temp file");
    f.write_all(text.as_bytes()).expect("write");
    f
}
