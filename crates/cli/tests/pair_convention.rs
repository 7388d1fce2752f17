//! Issue 13 item 13: the pairing programs' file convention — a bye entered ahead in its round's
//! column makes that round the one paired — is the CLI's (as the reference engines), stated in
//! its help, and the app pairs through the same engine entry with its round stated.

mod common;

use common::cli;
use engine::dutch::{pair, DutchRules, RoundToPair};

#[path = "../../engine/tests/support/dutch_rounds.rs"]
mod dutch_rounds;

/// t004's input for round 3 with a half-point bye entered for player 5 in the round-4 column
/// (round 3's column left blank): two rounds ahead of the last round played.
fn t004_r03_with_a_bye_ahead() -> String {
    let dir = dutch_rounds::dir().join("t004");
    let input = dutch_rounds::rounds_of(&dir)
        .into_iter()
        .find(|r| r.round == 3)
        .expect("t004 has a round 3")
        .input;
    input
        .lines()
        .map(|line| {
            if line.starts_with("001    5 ") {
                // Round 4's column: its opponent field starts at offset 121 (as in full.trf).
                format!("{line:<121}0000 - H")
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

#[test]
fn a_bye_entered_ahead_is_paired_as_the_pairing_programs_do_and_the_app_states_its_round() {
    let text = t004_r03_with_a_bye_ahead();
    let mut file = tempfile::Builder::new()
        .suffix(".trf")
        .tempfile()
        .expect("temp file");
    std::io::Write::write_all(&mut file, text.as_bytes()).expect("write");
    let out = cli().arg("pair").arg(file.path()).output().expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8(out.stdout).expect("utf-8");

    let t = engine::trf::parse(&text).expect("the file reads");
    // The file convention: the column holding only the request is the round paired (round 4),
    // and player 5 is left out of it.
    let from_file = pair(&t, RoundToPair::FromFile, DutchRules::Fide2025).expect("pairs");
    assert_eq!(from_file.round, 4);
    assert_eq!(printed, from_file.to_pairs_file());
    let paired = |p: &engine::dutch::Pairing, who: u32| {
        p.boards.iter().any(|&(w, b)| w == who || b == who) || p.bye == Some(who)
    };
    assert!(!paired(&from_file, 5), "{printed}");
    // The app states its next round (3): the same entry, and player 5 is paired in it.
    let stated = pair(&t, RoundToPair::Stated(3), DutchRules::Fide2025).expect("pairs");
    assert_eq!(stated.round, 3);
    assert!(paired(&stated, 5));
}

#[test]
fn the_pair_help_documents_the_file_convention() {
    let out = cli().args(["pair", "--help"]).output().expect("runs");
    let help = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        help.contains("entered ahead") && help.contains("that round is paired"),
        "{help}"
    );
}
