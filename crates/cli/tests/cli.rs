//! The CLI contract of docs/DESIGN.md, exercised through the built binary.

mod common;

use common::{cli, file_with, stdout_of};
use engine::impute::{analyse, Params, Policy};
use engine::io::{write_as, FileFormat};
use predicates::prelude::*;
use std::path::Path;

fn example_file(format: FileFormat) -> tempfile::NamedTempFile {
    let ext = match format {
        FileFormat::Trf | FileFormat::Trf16 => ".trf",
        FileFormat::Json => ".json",
        FileFormat::Pgn => ".pgn",
    };
    file_with(&write_as(&engine::example::withdrawal(), format), ext)
}

#[test]
fn impute_csv_has_the_exact_header_and_one_row_per_policy_and_game() {
    for format in [FileFormat::Trf, FileFormat::Json] {
        let f = example_file(format);
        let out = stdout_of(&["impute", f.path().to_str().unwrap(), "--format", "csv"]);
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some("policy,player,opponent,score"));
        let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
        // The example: 4 unplayed games; FIDE resolves to forfeit (5 of 9 played), so fide,
        // forfeit, elo, performance and bayes print 4 rows each and annul none.
        assert_eq!(rows.len(), 20, "{out}");
        assert!(rows.iter().all(|r| r.len() == 4 && r[2] == "4"));
        assert!(!rows.iter().any(|r| r[0] == "annul"));
        // The numbers are the engine's.
        let a = analyse(
            &engine::example::withdrawal(),
            &engine::example::withdrawal().withdrawals,
            Params::default(),
        )
        .unwrap();
        for r in rows.iter().filter(|r| r[0] == "bayes") {
            let player: u32 = r[1].parse().unwrap();
            let score: f64 = r[3].parse().unwrap();
            let want = a
                .outcome(Policy::Bayes)
                .games
                .iter()
                .find(|g| g.player == player)
                .unwrap()
                .score
                .unwrap();
            assert!((score - want).abs() < 1e-12);
            assert!((0.55..=0.70).contains(&score), "paper's range at k = 3");
        }
    }
}

#[test]
fn impute_k_and_expectation_change_the_bayes_rows() {
    let f = example_file(FileFormat::Json);
    let p = f.path().to_str().unwrap();
    let at = |extra: &[&str]| -> Vec<String> {
        let mut args = vec!["impute", p, "--format", "csv"];
        args.extend_from_slice(extra);
        stdout_of(&args)
            .lines()
            .filter(|l| l.starts_with("bayes,"))
            .map(String::from)
            .collect()
    };
    let k3 = at(&[]);
    let k0 = at(&["--k", "0"]);
    let perf: Vec<String> = stdout_of(&["impute", p, "--format", "csv"])
        .lines()
        .filter(|l| l.starts_with("performance,"))
        .map(|l| l.replacen("performance,", "bayes,", 1))
        .collect();
    assert_ne!(k3, k0);
    assert_eq!(k0, perf, "k = 0 is the performance estimate");
    assert_ne!(at(&["--expectation", "fide"]), k3);
}

#[test]
fn impute_detects_the_withdrawal_from_a_plain_trf() {
    // Strip our withdrawal extension: detection must find player 4 after round 5.
    let trf: String = write_as(&engine::example::withdrawal(), FileFormat::Trf)
        .lines()
        .filter(|l| !l.starts_with("XXW"))
        .map(|l| format!("{l}\n"))
        .collect();
    let f = file_with(&trf, ".trf");
    // Inferred, and said so on stderr (the reader itself records none).
    cli()
        .args(["impute", f.path().to_str().unwrap()])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "player 4 is taken as withdrawn after round 5",
        ));
    let out = stdout_of(&["impute", f.path().to_str().unwrap(), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let w = &v["analysis"]["withdrawn"][0];
    assert_eq!(w["player"], 4);
    assert_eq!(w["after_round"], 5);
    assert_eq!(w["played"], 5);
}

#[test]
fn impute_withdrawn_flag_names_a_player() {
    // In the complete event nobody withdrew; name player 2, who then "withdrew" after the last
    // round they took part in — the last round, so there is nothing to impute: an error.
    let f = file_with(
        &write_as(&engine::example::complete(), FileFormat::Json),
        ".json",
    );
    cli()
        .args(["impute", f.path().to_str().unwrap(), "--withdrawn", "2"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "player 2 cannot withdraw after round 9",
        ));
    cli()
        .args(["impute", f.path().to_str().unwrap(), "--withdrawn", "42"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("no player with start number 42"));
}

#[test]
fn impute_table_shows_the_formula_numbers() {
    let f = example_file(FileFormat::Trf);
    let out = stdout_of(&["impute", f.path().to_str().unwrap()]);
    assert!(out.contains("n = 5 of 9 scheduled"), "{out}");
    assert!(out.contains("FIDE rule: forfeit"));
    for p in Policy::ALL {
        assert!(out.contains(p.id()));
    }
}

#[test]
fn standings_csv_header_and_order() {
    let f = example_file(FileFormat::Json);
    let p = f.path().to_str().unwrap();
    for policy in ["fide", "annul", "forfeit", "elo", "performance", "bayes"] {
        let out = stdout_of(&["standings", p, "--policy", policy, "--format", "csv"]);
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some("rank,start_no,name,points"));
        let rows: Vec<(u32, u32, f64)> = lines
            .map(|l| {
                let c: Vec<&str> = l.split(',').collect();
                (
                    c[0].parse().unwrap(),
                    c[1].parse().unwrap(),
                    c[3].parse().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            rows.len(),
            if policy == "annul" { 9 } else { 10 },
            "{policy}"
        );
        for w in rows.windows(2) {
            assert!(w[0].2 >= w[1].2 - 1e-9, "{policy}: points descending");
            if (w[0].2 - w[1].2).abs() < 1e-9 {
                assert!(w[0].1 < w[1].1, "{policy}: then start number");
                assert_eq!(w[0].0, w[1].0, "{policy}: equal points share a rank");
            }
        }
    }
}

#[test]
fn standings_table_marks_the_withdrawn_player() {
    let f = example_file(FileFormat::Json);
    let out = stdout_of(&["standings", f.path().to_str().unwrap(), "--policy", "bayes"]);
    assert!(out.contains("Tomás Reyes"), "{out}");
    assert!(out.contains("(withdrew)"));
}

#[test]
fn bad_input_fails_with_a_located_message() {
    let f = file_with(
        "012 Broken\n001    1      Someone                           2000\n001    1 oops\n",
        ".trf",
    );
    cli()
        .args(["impute", f.path().to_str().unwrap()])
        .assert()
        .failure()
        .stderr(predicate::str::contains("line"));
    cli()
        .args(["standings", "/nonexistent/file.trf"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("cannot read"));
    let g = example_file(FileFormat::Json);
    cli()
        .args(["standings", g.path().to_str().unwrap(), "--policy", "magic"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("unknown policy"));
    cli()
        .args(["impute", g.path().to_str().unwrap(), "--k=-2"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "--k: prior strength k must be a number ≥ 0, not -2",
        ));
}

/// The example's TRF with a points column (columns 81–84) of 99.0 on the first `n` player
/// records: readable, but odd.
fn odd_points_trf(n: usize) -> String {
    let text = write_as(&engine::example::complete(), FileFormat::Trf);
    let mut changed = 0;
    text.lines()
        .map(|l| {
            if l.starts_with("001") && l.len() > 84 && changed < n {
                changed += 1;
                format!("{}99.0{}\n", &l[..80], &l[84..])
            } else {
                format!("{l}\n")
            }
        })
        .collect()
}

#[test]
fn trf_warnings_go_to_stderr_with_file_line_and_column() {
    let clean = file_with(&odd_points_trf(0), ".trf");
    let out = cli()
        .args(["standings", clean.path().to_str().unwrap()])
        .output()
        .expect("runs");
    assert!(out.status.success());
    // A clean file warns nothing: its import report alone.
    let stderr = String::from_utf8_lossy(&out.stderr);
    let report: Vec<&str> = stderr.lines().collect();
    assert_eq!(report.len(), 1, "{stderr}");
    assert!(
        report[0].ends_with(
            "read TRF file whole: 10 players, 9 rounds, 45 games; 0 converted, 0 kept unused"
        ),
        "{stderr}"
    );
    let odd = file_with(&odd_points_trf(2), ".trf");
    let path = odd.path().to_str().unwrap();
    // Every command that reads a file goes through the same loader.
    for args in [
        vec!["standings", path],
        vec!["impute", path],
        vec!["ratings", path],
        vec!["sensitivity", path],
        vec!["convert", path, "/dev/null.json"],
    ] {
        let out = cli().args(&args).output().expect("runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let warnings: Vec<&str> = stderr
            .lines()
            .filter(|l| l.starts_with("warning: "))
            .collect();
        assert_eq!(warnings.len(), 2, "{args:?}: {stderr}");
        // The player records are lines 2.. of the file (after the 012 name line and the
        // records before the players); each warning names the file, the line and column 81.
        for w in &warnings {
            assert!(w.starts_with(&format!("warning: {path}: line ")), "{w}");
            assert!(w.contains(", column 81: "), "{w}");
            assert!(w.contains("points column"), "{w}");
        }
    }
    // The results win: the standings are those of the clean file.
    let a = stdout_of(&[
        "standings",
        clean.path().to_str().unwrap(),
        "--format",
        "csv",
    ]);
    let b = stdout_of(&["standings", path, "--format", "csv"]);
    assert_eq!(a, b);
}

/// A name with a comma, quotes and a line break is one quoted field (RFC 4180), in the plain
/// standings and in the tie-break standings (the app's download): the exact CSV text.
#[test]
fn standings_csv_quotes_a_name_with_comma_quotes_and_line_break() {
    let mut t = engine::example::withdrawal();
    t.players[0].name = "Carlsen, \"Magnus\"\nNOR".to_string();
    let f = file_with(&write_as(&t, FileFormat::Json), ".json");
    let p = f.path().to_str().unwrap();
    assert_eq!(
        stdout_of(&["standings", p, "--format", "csv"]),
        "rank,start_no,name,points\n\
         1,6,Chen Wei,6.5\n\
         2,9,Jonas Berg,6\n\
         3,5,Mikhail Orlov,5.5\n\
         4,2,Lucas Moreau,5\n\
         5,1,\"Carlsen, \"\"Magnus\"\"\nNOR\",4.5\n\
         5,7,Rafael Souza,4.5\n\
         7,3,Daniel Okafor,4\n\
         7,8,Anand Rao,4\n\
         7,10,Samuel Adeyemi,4\n\
         10,4,Tomás Reyes,1\n"
    );
    assert_eq!(
        stdout_of(&["standings", p, "--tiebreaks", "DE,SB", "--format", "csv"]),
        "rank,start_no,name,points,DE,SB\n\
         1,6,Chen Wei,6.5,0,26\n\
         2,9,Jonas Berg,6,0,23.75\n\
         3,5,Mikhail Orlov,5.5,0,23.25\n\
         4,2,Lucas Moreau,5,0,20.25\n\
         5,1,\"Carlsen, \"\"Magnus\"\"\nNOR\",4.5,0,19.75\n\
         6,7,Rafael Souza,4.5,0,16.5\n\
         7,8,Anand Rao,4,1,16\n\
         8,3,Daniel Okafor,4,2,15.75\n\
         9,10,Samuel Adeyemi,4,3,16.5\n\
         10,4,Tomás Reyes,1,0,4.25\n"
    );
}

/// `crosstable convert FROM TO [--to FORMAT]`, asserted on by the caller.
fn convert(from: &Path, to: &Path, format: Option<&str>) -> assert_cmd::assert::Assert {
    let mut cmd = cli();
    cmd.arg("convert").arg(from).arg(to);
    if let Some(format) = format {
        cmd.args(["--to", format]);
    }
    cmd.assert()
}

#[test]
fn convert_round_trips_trf_and_json() {
    let src = example_file(FileFormat::Json);
    let dir = tempfile::tempdir().unwrap();
    let trf = dir.path().join("event.trf");
    let back = dir.path().join("event.json");
    convert(src.path(), &trf, None).success();
    convert(&trf, &back, None).success();
    let original = engine::io::parse_any(&std::fs::read_to_string(src.path()).unwrap()).unwrap();
    let again = engine::io::parse_any(&std::fs::read_to_string(&back).unwrap()).unwrap();
    assert_eq!(original.players, again.players);
    assert_eq!(original.rounds, again.rounds);
    assert_eq!(original.withdrawals, again.withdrawals);
}

/// `convert --to trf16` writes the older edition (XXR), `--to trf` and a `.trf` name TRF-2026
/// (142); the TRF-2026 records of the source (prohibited pairings, point system, Baku) survive
/// both, and both read back to the same event.
#[test]
fn convert_writes_trf_2026_or_trf16_on_request() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/dutch-2026/t002/r03.trf");
    let dir = tempfile::tempdir().unwrap();
    let new = dir.path().join("new.trf");
    let old = dir.path().join("old.txt");
    convert(&src, &new, None).success();
    convert(&src, &old, Some("trf16")).success();
    let new_text = std::fs::read_to_string(&new).unwrap();
    let old_text = std::fs::read_to_string(&old).unwrap();
    assert!(
        new_text.contains("\n142 9\n") && !new_text.contains("XXR"),
        "{new_text}"
    );
    assert!(
        old_text.contains("\nXXR 9\n") && !old_text.contains("\n142 "),
        "{old_text}"
    );
    for text in [&new_text, &old_text] {
        assert!(text.contains("\n192 FIDE_DUTCH_2025_BAKU\n"));
        assert!(text.contains("\n260 "));
    }
    let a = engine::io::parse_any(&new_text).unwrap();
    let b = engine::io::parse_any(&old_text).unwrap();
    assert_eq!(a, b);
    assert_eq!(
        a,
        engine::io::parse_any(&std::fs::read_to_string(&src).unwrap()).unwrap()
    );
    // --to wins over the name; an unknown value is refused by the argument parser.
    let json = dir.path().join("event.trf");
    convert(&src, &json, Some("json")).success();
    assert!(std::fs::read_to_string(&json)
        .unwrap()
        .trim_start()
        .starts_with('{'));
    convert(&src, &json, Some("pdf")).failure();
}
