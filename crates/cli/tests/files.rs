//! Files through the CLI's loader (issue 30): a conversion adds nothing the file does not say,
//! withdrawals are inferred only when asked (and said on stderr), and the bytes of every
//! encoding a TRF comes in are read or refused naming the encoding.

mod common;

use common::{cli, file_with, stdout_of};
use predicates::prelude::*;
use std::path::{Path, PathBuf};

/// A TRF-2026 file prepared for pairing round 3 in which player 18 lost round 2 by forfeit —
/// the file records no withdrawal, and the reference pairing has 19 boards with player 18.
fn mid_event() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/dutch-2026/t002/r03.trf")
}

#[test]
fn convert_adds_no_withdrawal_and_the_next_round_pairs_the_same() {
    let src = mid_event();
    let dir = tempfile::tempdir().unwrap();
    let trf = dir.path().join("out.trf");
    let json = dir.path().join("out.json");
    let back = dir.path().join("back.trf");
    let run = |args: &[&Path]| {
        let mut cmd = cli();
        cmd.arg("convert");
        for a in args {
            cmd.arg(a);
        }
        cmd.assert().success().stderr(predicate::str::is_empty());
    };
    run(&[&src, &trf]);
    run(&[&src, &json]);
    run(&[&json, &back]);
    let written = std::fs::read_to_string(&trf).unwrap();
    assert!(!written.contains("XXW"), "{written}");
    assert_eq!(std::fs::read_to_string(&back).unwrap(), written);
    let original = stdout_of(&["pair", src.to_str().unwrap()]);
    assert!(original.starts_with("19\n"), "{original}");
    for converted in [&trf, &json, &back] {
        assert_eq!(stdout_of(&["pair", converted.to_str().unwrap()]), original);
    }
}

#[test]
fn convert_detects_withdrawals_only_when_asked_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.trf");
    cli()
        .arg("convert")
        .arg(mid_event())
        .arg(&out)
        .arg("--detect-withdrawals")
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "player 18 is taken as withdrawn after round 1",
        ));
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.lines().any(|l| l == "XXW 18 1"), "{written}");
}

fn utf16le(text: &str) -> Vec<u8> {
    let mut out = vec![0xFF, 0xFE];
    for u in text.encode_utf16() {
        out.extend(u.to_le_bytes());
    }
    out
}

#[test]
fn every_encoding_reads_the_same_and_other_bytes_are_refused_naming_it() {
    let text = std::fs::read_to_string(mid_event()).unwrap();
    let expected = stdout_of(&["pair", mid_event().to_str().unwrap()]);
    let dir = tempfile::tempdir().unwrap();
    let mut bom = vec![0xEF, 0xBB, 0xBF];
    bom.extend(text.replace('\n', "\r\n").as_bytes());
    for (name, bytes) in [("utf16.trf", utf16le(&text)), ("bom-crlf.trf", bom)] {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        assert_eq!(
            stdout_of(&["pair", path.to_str().unwrap()]),
            expected,
            "{name}"
        );
    }
    let mut broken = utf16le(&text);
    broken.push(b'x');
    let path = dir.path().join("broken.trf");
    std::fs::write(&path, broken).unwrap();
    cli()
        .args(["pair", path.to_str().unwrap()])
        .assert()
        .failure()
        .stderr(predicate::str::contains("UTF-16 (little-endian)"));
    let zero = file_with("012 x\0y\n", ".trf");
    cli()
        .args(["convert", zero.path().to_str().unwrap(), "/dev/null.json"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("zero byte"));
}
