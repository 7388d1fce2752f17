//! `crosstable why`: one explanation per board of a Swiss round, through the built binary;
//! a round-robin, a round without games and a board out of range are refused with the reason.

mod common;

use common::{cli, stdout_of};
use predicates::prelude::*;
use std::path::{Path, PathBuf};

fn fixture(tid: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/dutch")
        .join(tid)
        .join("full.trf")
}

/// Every board of the round is explained, in the file's order, with the three parts.
#[test]
fn every_board_of_a_round_is_explained() {
    let path = fixture("t010");
    let text = std::fs::read_to_string(&path).unwrap();
    let t = engine::trf::parse(&text).unwrap();
    let games = &t.rounds[2].games;
    let out = stdout_of(&["why", path.to_str().unwrap(), "--round", "3"]);
    let heads: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("round 3, board"))
        .collect();
    assert_eq!(heads.len(), games.len(), "{out}");
    for (i, (head, g)) in heads.iter().zip(games).enumerate() {
        let expected = format!("round 3, board {}: {}–{} (", i + 1, g.white, g.black);
        assert!(head.starts_with(&expected), "{head} / {expected}");
    }
    assert_eq!(out.matches("\n  opponents: ").count(), games.len());
    assert_eq!(out.matches("\n  colours: ").count(), games.len());
    // Nothing is left unexplained in a reference round: its colours follow art. 5.2.
    assert!(!out.contains("not the colours art. 5.2 gives"), "{out}");
}

#[test]
fn one_board_alone_and_the_last_round_by_default() {
    let path = fixture("t010");
    let text = std::fs::read_to_string(&path).unwrap();
    let t = engine::trf::parse(&text).unwrap();
    let last = t.rounds.len();
    let first = &t.rounds[last - 1].games[0];
    let out = stdout_of(&["why", path.to_str().unwrap(), "--board", "1"]);
    assert!(
        out.starts_with(&format!(
            "round {last}, board 1: {}–{} (",
            first.white, first.black
        )),
        "{out}"
    );
    assert_eq!(out.lines().count(), 3, "{out}");
}

#[test]
fn refusals_say_why() {
    let path = fixture("t010");
    cli()
        .args([
            "why",
            path.to_str().unwrap(),
            "--round",
            "3",
            "--board",
            "999",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--board takes 1 to"));
    cli()
        .args(["why", path.to_str().unwrap(), "--round", "40"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("round 40 has no games"));
    let example = common::file_with(
        &String::from_utf8(
            cli()
                .args(["example", "--format", "trf"])
                .output()
                .unwrap()
                .stdout,
        )
        .unwrap(),
        "trf",
    );
    cli()
        .args(["why", example.path().to_str().unwrap()])
        .assert()
        .failure()
        .stderr(predicate::str::contains("Berger tables"));
}
