//! `crosstable generate` and bbpPairings' spelling of it, `crosstable pair --dutch -g`: the
//! random tournament generator through the built binary.

mod common;

use common::{cli, file_with, stdout_of};
use predicates::prelude::*;

fn read(text: &str) -> engine::Tournament {
    engine::trf::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

#[test]
fn the_same_seed_prints_the_same_file_and_another_seed_another() {
    let a = stdout_of(&["generate", "--seed", "42"]);
    assert_eq!(a, stdout_of(&["generate", "--seed", "42", "-o", "-"]));
    assert_ne!(a, stdout_of(&["generate", "--seed", "43"]));
    let t = read(&a);
    assert_eq!(t.name, "Random Swiss 42");
    assert_eq!(t.rounds.len() as u32, t.scheduled_rounds());
}

#[test]
fn dash_o_writes_the_file_it_would_print() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("random.trf");
    cli()
        .args([
            "generate",
            "--seed",
            "7",
            "--players",
            "15",
            "--rounds",
            "6",
            "-o",
        ])
        .arg(&out)
        .assert()
        .success()
        .stdout("");
    let written = std::fs::read_to_string(&out).expect("written");
    assert_eq!(
        written,
        stdout_of(&[
            "generate",
            "--seed",
            "7",
            "--players",
            "15",
            "--rounds",
            "6"
        ])
    );
    let t = read(&written);
    assert!(t.players.len() >= 15, "15 registered, late entries after");
    assert_eq!(t.rounds.len(), 6);
}

#[test]
fn without_a_seed_one_is_drawn_and_said() {
    cli()
        .args(["generate", "--players", "4", "--rounds", "2"])
        .assert()
        .success()
        .stderr(predicate::str::contains("note: seed "));
}

#[test]
fn bbppairings_dash_g_reads_its_configuration_and_writes_the_same_as_generate() {
    let config = file_with(
        "# bbpPairings generator configuration\nPlayersNumber=21\nRoundsNumber=7\n\
         DrawPercentage=40\nForfeitRate=12\nRetiredRate=5\nHalfPointByeRate=6\n\
         HighestRating=2500\nLowestRating=1600\nPointsForWin=3\nPointsForDraw=1\n",
        ".txt",
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("generated.trf");
    cli()
        .args(["pair", "--dutch", "-g"])
        .arg(config.path())
        .arg("-o")
        .arg(&out)
        .args(["-s", "2026"])
        .assert()
        .success()
        .stdout("");
    let written = std::fs::read_to_string(&out).expect("written");
    let t = read(&written);
    assert!(t.players.len() >= 21);
    assert_eq!(t.rounds.len(), 7);
    assert_eq!((t.point_system().win, t.point_system().draw), (30, 10));
    assert!(t
        .players
        .iter()
        .all(|p| p.rating.is_some_and(|r| (1600..=2500).contains(&r))));
    let config_path = config.path().to_str().expect("UTF-8 path");
    assert_eq!(
        written,
        stdout_of(&["generate", "--config", config_path, "--seed", "2026"])
    );
}

#[test]
fn dash_g_without_a_configuration_draws_everything() {
    let a = stdout_of(&["pair", "--dutch", "-g", "-s", "5"]);
    assert_eq!(a, stdout_of(&["generate", "--seed", "5"]));
}

#[test]
fn an_unknown_configuration_key_is_refused_with_its_line() {
    let config = file_with("PlayersNumber=10\nColourRate=3\n", ".txt");
    cli()
        .args(["pair", "--dutch", "-g"])
        .arg(config.path())
        .args(["-s", "1"])
        .assert()
        .failure()
        .stdout("")
        .stderr(predicate::str::contains("line 2: unknown key `ColourRate`"));
}

#[test]
fn impossible_settings_are_refused_in_words() {
    cli()
        .args(["generate", "--seed", "1", "--players", "1"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("players must be 2 to 1000, not 1"));
    cli()
        .args(["generate", "--seed", "1", "--players", "6", "--rounds", "6"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "rounds must be 1 to 5 for 6 players",
        ));
    cli()
        .args(["generate", "--seed", "x"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--seed"));
}

#[test]
fn pair_still_needs_a_file_without_dash_g() {
    cli()
        .args(["pair", "--dutch"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("FILE"));
}

/// Seed 4 is a Baku event whose groups differ between the readings (docs/fide-conformance.md
/// §1–§2): generated under bbpPairings' reading, the file checks clean under it and not under
/// the text, the other way round from the default.
#[test]
fn as_bbppairings_pairs_every_round_under_its_reading() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = dir.path().join("text.trf");
    let bbp = dir.path().join("bbp.trf");
    for (out, extra) in [(&text, None), (&bbp, Some("--as-bbppairings"))] {
        cli()
            .args(["generate", "--seed", "4", "-o"])
            .arg(out)
            .args(extra)
            .assert()
            .success();
    }
    let check = |file: &std::path::Path, as_bbp: bool| {
        let mut c = cli();
        c.arg("check").arg(file);
        if as_bbp {
            c.arg("--as-bbppairings");
        }
        c.assert().get_output().status.code()
    };
    assert!(std::fs::read_to_string(&bbp)
        .expect("written")
        .contains("192 FIDE_DUTCH_2026_BAKU"));
    assert_eq!(check(&text, false), Some(0));
    assert_eq!(check(&text, true), Some(1));
    assert_eq!(check(&bbp, true), Some(0));
    assert_eq!(check(&bbp, false), Some(1));
}
