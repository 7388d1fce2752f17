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

/// A TRF-2026 file prepared for pairing round 2 in which player 1's only game so far is a
/// forfeit loss (round 1 against player 9); the reference pairs player 1 in round 2.
fn after_one_forfeit() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/dutch-2026/t007/r02.trf")
}

#[test]
fn convert_adds_no_withdrawal_and_the_next_round_pairs_the_same() {
    convert_then_pair(&mid_event(), 19, "18");
    convert_then_pair(&after_one_forfeit(), 8, "1");
}

/// `convert` to TRF, to JSON and back to TRF, then `pair` each: the boards of the original,
/// which has `boards` pairs, `player` (the forfeit loser) among them.
fn convert_then_pair(src: &Path, boards: usize, player: &str) {
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
        // Nothing but the import report: no warning, no withdrawal noted.
        cmd.assert()
            .success()
            .stderr(predicate::function(|s: &str| {
                s.lines().count() == 1 && s.contains("file whole:")
            }));
    };
    run(&[src, &trf]);
    run(&[src, &json]);
    run(&[&json, &back]);
    let written = std::fs::read_to_string(&trf).unwrap();
    assert!(!written.contains("XXW"), "{written}");
    assert_eq!(std::fs::read_to_string(&back).unwrap(), written);
    let original = stdout_of(&["pair", src.to_str().unwrap()]);
    assert!(original.starts_with(&format!("{boards}\n")), "{original}");
    let paired = original.lines().skip(1);
    assert!(
        paired.flat_map(str::split_whitespace).any(|n| n == player),
        "{original}"
    );
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

/// A small Swiss as a program on Windows writes it: the specification's layout line and a
/// column ruler above the players, a `###` comment, a blank line, a Latin-1 name.
const WRITTEN_ELSEWHERE: &str = "\
012 Open de Besançon
### exported by a pairing program

DDD SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII BBBB/BB/BB PPPP RRRR  1111 1 1
         1         2         3         4         5         6         7         8         9
001    1      Müller, José                      2200                             1.0    1     2 w 1
001    2      Ørsted, Åse                       2100                             0.0    2     1 b 0
XXR 5
";

/// `crosstable convert INPUT OUTPUT`, run.
fn convert(input: &Path, output: &Path) -> assert_cmd::assert::Assert {
    cli().arg("convert").arg(input).arg(output).assert()
}

/// `text` in the encoding `how` names.
fn encoded(text: &str, how: &str) -> Vec<u8> {
    let crlf = text.replace('\n', "\r\n");
    let utf16 = |big_endian: bool| {
        let mut out = Vec::new();
        for u in "\u{feff}".encode_utf16().chain(crlf.encode_utf16()) {
            out.extend(if big_endian {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            });
        }
        out
    };
    match how {
        "utf-8" => text.as_bytes().to_vec(),
        "utf-8 bom crlf" => [&[0xEF, 0xBB, 0xBF][..], crlf.as_bytes()].concat(),
        "latin-1 crlf" => crlf
            .chars()
            .map(|c| u8::try_from(u32::from(c)).expect("a Latin-1 character"))
            .collect(),
        "utf-16le" => utf16(false),
        _ => utf16(true),
    }
}

#[test]
fn a_file_reads_the_same_in_every_encoding_with_rulers_and_comments() {
    let dir = tempfile::tempdir().unwrap();
    let mut converted = Vec::new();
    for how in [
        "utf-8",
        "utf-8 bom crlf",
        "latin-1 crlf",
        "utf-16le",
        "utf-16be",
    ] {
        let input = dir.path().join(format!("{how}.trf"));
        std::fs::write(&input, encoded(WRITTEN_ELSEWHERE, how)).unwrap();
        let output = dir.path().join(format!("{how}.out.trf"));
        convert(&input, &output)
            .success()
            .stderr(predicate::str::contains("warning").not());
        converted.push((how, std::fs::read_to_string(&output).unwrap()));
    }
    let (_, first) = &converted[0];
    for kept in [
        "Müller, José",
        "Ørsted, Åse",
        "### exported by a pairing program",
        "DDD SSSS sTTT",
        "         1         2",
    ] {
        assert!(first.contains(kept), "{kept:?} in {first}");
    }
    for (how, text) in &converted {
        assert_eq!(text, first, "{how}");
    }
}

#[test]
fn a_pgn_of_games_of_tags_alone_is_read_whole() {
    let game = |round: &str, white: &str, black: &str, result: &str| {
        format!(
            "[Event \"Open\"]\n[Round \"{round}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n\
             [Result \"{result}\"]\n"
        )
    };
    let pgn = [
        game("1.1", "Ann", "Bob", "1-0"),
        game("1.2", "Cid", "Dee", "1/2-1/2"),
        game("2.1", "Dee", "Ann", "0-1"),
    ]
    .concat();
    let input = file_with(&pgn, ".pgn");
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("out.pgn");
    convert(input.path(), &output).success();
    let written = std::fs::read_to_string(&output).unwrap();
    assert_eq!(written.matches("[White ").count(), 3, "{written}");
}

#[test]
fn bad_input_is_refused_naming_its_line_and_nothing_is_written() {
    let two_events = "[Event \"Spring\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n\
                      [Result \"1-0\"]\n[Event \"Autumn\"]\n[Round \"1\"]\n[White \"C\"]\n\
                      [Black \"D\"]\n[Result \"0-1\"]\n";
    let not_a_record = WRITTEN_ELSEWHERE.replace("### exported", "exported");
    let dir = tempfile::tempdir().unwrap();
    for (text, ext, says) in [
        (
            two_events,
            ".pgn",
            "line 6: this game is of the event “Autumn”",
        ),
        (
            not_a_record.as_str(),
            ".trf",
            "line 2, column 1: expected a TRF record",
        ),
    ] {
        let input = file_with(text, ext);
        let output = dir.path().join("out.json");
        convert(input.path(), &output)
            .failure()
            .stderr(predicate::str::contains(says));
        assert!(!output.exists(), "{says}: nothing is written");
    }
}

/// FIDE's TRF-2026 team sample (`fixtures/corpus/`): read whole, reported — what was read,
/// converted and kept unused, with lines, and that team standings are not computed — and
/// written back with its team records unchanged; a refused file gets its error, no report.
#[test]
fn convert_reports_what_it_read_converted_and_kept_and_a_team_event_says_so() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/corpus");
    let team = corpus.join("echecsjs-trf/grandmommyscup.trf");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.trf");
    let assert = convert(&team, &out).success();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    for said in [
        "read TRF file whole: 249 players, 14 rounds, 1030 games",
        "not used: line 278: IND: kept and written back, not used",
        "team records from line 21 are kept and written back; its players and games are read, \
         team standings are not computed yet",
    ] {
        assert!(stderr.contains(said), "missing {said:?} in:\n{stderr}");
    }
    let records = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with('3') || l.starts_with("240") || l.starts_with("250"))
            .map(|l| l.trim_end().to_owned())
            .collect()
    };
    let input = std::fs::read_to_string(&team).unwrap();
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(records(&input), records(&written));

    let refused = corpus.join("CPPDubovSystem/test.trf");
    let assert = convert(&refused, &dir.path().join("no.trf")).failure();
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(stderr.contains("line 14, column 58"), "{stderr}");
    assert!(
        !stderr.contains("whole"),
        "a refused file has no report: {stderr}"
    );
    assert!(!dir.path().join("no.trf").exists());
}
