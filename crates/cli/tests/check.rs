//! `crosstable check FILE` and `crosstable pair --dutch FILE -c`, the pairings checker, through
//! the built binary: its lines and its exit status (0 agree, 1 differ, 2 cannot check).

mod common;

use common::{cli, file_with};
use predicates::prelude::*;
use std::path::{Path, PathBuf};

#[path = "../../engine/tests/support/tamper.rs"]
mod tamper;

fn fixture(tid: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/dutch")
        .join(tid)
        .join("full.trf")
}

/// The number of rounds of a fixture tournament: one reference pairing per round.
fn rounds_of(tid: &str) -> usize {
    std::fs::read_dir(fixture(tid).parent().expect("folder"))
        .expect("readable")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "pairs"))
        })
        .count()
}

fn full_text(tid: &str) -> String {
    std::fs::read_to_string(fixture(tid)).expect("full.trf")
}

#[test]
fn a_clean_file_agrees_in_every_round_and_exits_0() {
    let want = format!("all {} rounds agree\n", rounds_of("t004"));
    cli()
        .arg("check")
        .arg(fixture("t004"))
        .assert()
        .code(0)
        .stdout(want.clone());
    // bbpPairings' spelling of the same check.
    cli()
        .args(["pair", "--dutch"])
        .arg(fixture("t004"))
        .arg("-c")
        .assert()
        .code(0)
        .stdout(want);
}

#[test]
fn a_swapped_round_is_listed_with_its_boards_and_exits_1() {
    let (text, ((a, b), (c, d))) = tamper::swap_opponents(&full_text("t010"), 3);
    let file = file_with(&text, ".trf");
    for args in [vec!["check"], vec!["pair", "--dutch", "-c"]] {
        let out = cli().args(&args).arg(file.path()).output().expect("runs");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let stdout = String::from_utf8(out.stdout).expect("UTF-8");
        let first = stdout.lines().next().expect("a line");
        let (file_side, ours) = first
            .strip_prefix("round 3: file ")
            .and_then(|rest| rest.split_once("; crosstable "))
            .unwrap_or_else(|| panic!("{first:?}"));
        let mut file_side: Vec<&str> = file_side.split(", ").collect();
        let mut ours: Vec<&str> = ours.split(", ").collect();
        file_side.sort_unstable();
        ours.sort_unstable();
        let sorted = |mut v: Vec<String>| {
            v.sort();
            v
        };
        assert_eq!(
            file_side,
            sorted(vec![format!("{a}-{d}"), format!("{c}-{b}")])
        );
        assert_eq!(ours, sorted(vec![format!("{a}-{b}"), format!("{c}-{d}")]));
        assert!(stdout.lines().all(|l| l.starts_with("round ")), "{stdout}");
    }
}

#[test]
fn a_wrong_points_column_is_a_standings_line() {
    let text = tamper::set_column(&full_text("t004"), 7, tamper::POINTS, "9.5");
    let file = file_with(&text, ".trf");
    let rounds = rounds_of("t004");
    let out = cli().arg("check").arg(file.path()).output().expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], format!("all {rounds} rounds agree"));
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(
        lines[1].starts_with("standings: player 7 points 9.5 in the file, ")
            && lines[1].ends_with(" from the results"),
        "{stdout}"
    );
}

/// A tie-break list (`202`) and a rank column: player 1's rank is changed to one nobody has.
#[test]
fn a_wrong_rank_is_a_standings_line() {
    let text = full_text("t004");
    let players = text.lines().filter(|l| l.starts_with("001")).count();
    let text = format!("{text}202 BH-C1 BH SB\n");
    // Recomputed places are 1..=players; `players + 1` is wrong for anyone.
    let text = tamper::set_column(&text, 1, tamper::RANK, &(players + 1).to_string());
    let file = file_with(&text, ".trf");
    let out = cli().arg("check").arg(file.path()).output().expect("runs");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let wrong = format!("standings: player 1 rank {} in the file, ", players + 1);
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with(&wrong) && l.ends_with(" recomputed")),
        "{stdout}"
    );
}

#[test]
fn an_unreadable_file_exits_2_with_the_reason() {
    cli()
        .args(["check", "/nonexistent/never.trf"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("cannot read"));
    cli()
        .args(["pair", "--dutch", "/nonexistent/never.trf", "-c"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read"));
}

#[test]
fn a_round_robin_is_refused_with_exit_2() {
    let trf = cli()
        .args(["example", "--complete", "--format", "trf"])
        .output()
        .expect("runs");
    let file = file_with(&String::from_utf8(trf.stdout).expect("UTF-8"), ".trf");
    cli()
        .arg("check")
        .arg(file.path())
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "check pairs Swiss events by the Dutch system; this file is a round-robin",
        ));
}

#[test]
fn dash_c_and_dash_p_exclude_each_other() {
    cli()
        .args(["pair", "--dutch"])
        .arg(fixture("t004"))
        .args(["-c", "-p"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}
