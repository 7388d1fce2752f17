//! `crosstable pair`: the bbpPairings / JaVaFo drop-in, through the built binary.

mod common;

use common::cli;
use predicates::prelude::*;

#[path = "../../engine/tests/support/dutch_rounds.rs"]
mod dutch_rounds;

/// The input of `tid`'s round `round` (rebuilt from its full.trf and checked against the
/// original's checksum), written to a temporary file, and the reference pairing.
fn fixture(tid: &str, round: u32) -> (tempfile::TempPath, String) {
    let dir = dutch_rounds::dir().join(tid);
    let r = dutch_rounds::rounds_of(&dir)
        .into_iter()
        .find(|r| r.round == round)
        .unwrap_or_else(|| panic!("{tid} has no round {round}"));
    let expected = std::fs::read_to_string(&r.pairs).expect("pairs file");
    let mut file = tempfile::Builder::new()
        .suffix(".trf")
        .tempfile()
        .expect("temp file");
    std::io::Write::write_all(&mut file, r.input.as_bytes()).expect("write");
    (file.into_temp_path(), expected)
}

#[test]
fn dash_p_without_a_file_prints_the_reference_pairing() {
    let (trf, expected) = fixture("t004", 5);
    cli()
        .args(["pair", "--dutch"])
        .arg(&trf)
        .arg("-p")
        .assert()
        .success()
        .stdout(expected);
}

#[test]
fn without_dash_p_it_prints_too() {
    let (trf, expected) = fixture("t001", 3);
    cli()
        .arg("pair")
        .arg(&trf)
        .assert()
        .success()
        .stdout(expected);
}

#[test]
fn dash_p_with_a_file_writes_it_byte_for_byte() {
    let (trf, expected) = fixture("t020", 4);
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("round.txt");
    cli()
        .args(["pair", "--dutch"])
        .arg(&trf)
        .arg("-p")
        .arg(&out)
        .assert()
        .success()
        .stdout("");
    assert_eq!(std::fs::read_to_string(&out).expect("written"), expected);
}

#[test]
fn a_round_that_cannot_be_paired_is_a_clear_error() {
    // Two players who have already met: no legal pairing for round 2 (C1).
    let trf = "012 No second meeting\nXXR 3\n\
001    1      Test0001 Player0001               2000                             1.0    1     2 w 1\n\
001    2      Test0002 Player0002               1900                             0.0    2     1 b 0\n";
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("two.trf");
    std::fs::write(&file, trf).expect("write");
    cli()
        .args(["pair", "--dutch"])
        .arg(&file)
        .arg("-p")
        .assert()
        .failure()
        .stdout("")
        .stderr(predicate::str::contains("round 2 cannot be paired"));
}

#[test]
fn a_missing_file_is_reported() {
    cli()
        .args(["pair", "/nonexistent/never.trf"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("cannot read"));
}

#[test]
fn a_file_without_xxr_is_paired_too() {
    let (trf, expected) = fixture("t003", 3);
    let text: String = std::fs::read_to_string(&trf)
        .expect("trf")
        .lines()
        .filter(|l| !l.starts_with("XXR"))
        .map(|l| format!("{l}\n"))
        .collect();
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("no_xxr.trf");
    std::fs::write(&file, text).expect("write");
    cli()
        .arg("pair")
        .arg(&file)
        .assert()
        .success()
        .stdout(expected);
}

/// Every round of one `fixtures/dutch-2026` tournament per variant (Baku acceleration,
/// prohibited pairings, both, a 3/1/0 point system), paired from its TRF-2026 file by the
/// binary, is the reference engine's pairing byte for byte. The files were paired by
/// bbpPairings 6.0.0, so they are read as it reads Baku's group A (`--as-bbppairings`; t032
/// has 9 players, where its ⌈9/2⌉ = 5 and the text's 2·⌈9/4⌉ = 6 differ).
#[test]
fn trf_2026_variants_are_paired_as_the_reference() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/dutch-2026");
    let mut checked = 0;
    for tid in ["t039", "t032", "t023", "t035"] {
        let dir = root.join(tid);
        let mut inputs: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "trf"))
            .collect();
        inputs.sort();
        for input in inputs {
            let expected = std::fs::read_to_string(input.with_extension("pairs")).expect("pairs");
            cli()
                .args(["pair", "--dutch", "--as-bbppairings"])
                .arg(&input)
                .arg("-p")
                .assert()
                .success()
                .stdout(expected);
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} rounds");
}

/// Baku group A by the text, the default (C.04.5.1: "the first half of the players, rounded
/// up to the nearest even number"): t032's 9 players make a group A of 6, so round 1 pairs
/// 1–6 among themselves and 7–9 among themselves (one of them with the bye), where
/// bbpPairings' group of 5 floats its fifth player down (its reference pairing has 5–7).
#[test]
fn baku_group_a_follows_the_text_unless_asked_for_bbppairings() {
    let input = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/dutch-2026/t032/r01.trf");
    let reference = std::fs::read_to_string(input.with_extension("pairs")).expect("pairs");
    let out = cli()
        .args(["pair", "--dutch"])
        .arg(&input)
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_ne!(text, reference);
    let group_a = |p: u32| p <= 6;
    for line in text.lines().skip(1) {
        let v: Vec<u32> = line
            .split_whitespace()
            .map(|x| x.parse().expect("number"))
            .collect();
        if v[1] == 0 {
            assert!(!group_a(v[0]), "bye in group A: {text}");
        } else {
            assert_eq!(
                group_a(v[0]),
                group_a(v[1]),
                "{line} crosses the groups: {text}"
            );
        }
    }
    cli()
        .args(["pair", "--dutch", "--as-bbppairings"])
        .arg(&input)
        .assert()
        .success()
        .stdout(reference);
}
