//! `crosstable sensitivity`: the CSV series and the JSON document on the example events, and
//! their agreement with `impute` at the same k.

mod common;

use common::cli;
use serde_json::Value;
use std::path::PathBuf;

/// Writes the example (or its complete version) to a temporary file.
fn example(dir: &tempfile::TempDir, complete: bool) -> PathBuf {
    let mut cmd = cli();
    cmd.arg("example");
    if complete {
        cmd.arg("--complete");
    }
    let out = cmd.assert().success().get_output().stdout.clone();
    let path = dir.path().join(if complete {
        "complete.json"
    } else {
        "example.json"
    });
    std::fs::write(&path, out).expect("write the example");
    path
}

fn stdout(args: &[&str]) -> String {
    let out = cli()
        .arg("sensitivity")
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).expect("UTF-8 output")
}

#[test]
fn csv_series_agree_with_impute_at_k_three() {
    let dir = tempfile::tempdir().unwrap();
    let file = example(&dir, false);
    let file = file.to_str().unwrap();
    let csv = stdout(&[file, "--format", "csv", "--steps", "20", "--k-max", "20"]);
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("series,x,player,opponent,round,policy,value")
    );
    let impute = cli()
        .args(["impute", file, "--k", "3", "--format", "csv"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let impute = String::from_utf8(impute).unwrap();
    let mut checked = 0;
    for row in impute.lines().filter(|l| l.starts_with("bayes,")) {
        let f: Vec<&str> = row.split(',').collect();
        let want: f64 = f[3].parse().unwrap();
        let got = csv
            .lines()
            .find(|l| l.starts_with(&format!("imputed,3,{},{},", f[1], f[2])))
            .expect("the sweep has k = 3");
        let got: f64 = got.rsplit(',').next().unwrap().parse().unwrap();
        assert!((got - want).abs() < 1e-9, "{row} vs {got}");
        checked += 1;
    }
    assert_eq!(checked, 4);
    // Every series is present; the cliff runs r = 0..=5 over six policies.
    for series in ["imputed,", "points,", "rank,", "cliff,"] {
        assert!(csv.lines().any(|l| l.starts_with(series)), "{series}");
    }
    assert_eq!(
        csv.lines().filter(|l| l.starts_with("cliff,")).count(),
        6 * 6
    );
}

#[test]
fn json_has_sweep_crossings_and_cliff() {
    let dir = tempfile::tempdir().unwrap();
    let file = example(&dir, true);
    let doc: Value = serde_json::from_str(&stdout(&[
        file.to_str().unwrap(),
        "--cliff-player",
        "4",
        "--format",
        "json",
    ]))
    .expect("valid JSON");
    assert!(doc["event"].as_str().unwrap().contains("all games played"));
    assert_eq!(doc["sweep"]["ks"].as_array().unwrap().len(), 41);
    assert_eq!(
        doc["sweep"]["games"].as_array().unwrap().len(),
        0,
        "nobody withdrew"
    );
    let steps = doc["cliff"]["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 9);
    assert_eq!(doc["cliff"]["fide_threshold"], 5);
    assert!(doc["cliff"]["real"].is_number());
    assert!(doc["crossings_in_words"].is_array());
}

#[test]
fn crossings_are_listed_in_words() {
    // Player 7 withdrawing after round 2 of the complete example changes the order four times
    // for k in 0..20 (the first: Chen Wei passes Rafael Souza at k ≈ 1.83).
    let dir = tempfile::tempdir().unwrap();
    let t = example(&dir, true);
    let text = std::fs::read_to_string(&t).unwrap();
    let mut doc: Value = serde_json::from_str(&text).unwrap();
    doc["tournament"]["withdrawals"] = serde_json::json!([{ "player": 7, "after_round": 2 }]);
    let path = dir.path().join("withdrawn.json");
    std::fs::write(&path, doc.to_string()).unwrap();
    let out: Value =
        serde_json::from_str(&stdout(&[path.to_str().unwrap(), "--format", "json"])).unwrap();
    let words = out["crossings_in_words"].as_array().unwrap();
    let crossings = out["sweep"]["crossings"].as_array().unwrap();
    assert_eq!(words.len(), crossings.len());
    assert_eq!(words.len(), 4, "{words:?}");
    assert_eq!(words[0], "at k ≈ 1.83, Chen Wei passes Rafael Souza");
    for w in words {
        assert!(w.as_str().unwrap().starts_with("at k ≈ "), "{w}");
    }
    // The CSV lists the same crossings, exactly (not on the grid).
    let csv = stdout(&[path.to_str().unwrap(), "--format", "csv"]);
    let rows: Vec<&str> = csv.lines().filter(|l| l.starts_with("crossing,")).collect();
    assert_eq!(rows.len(), 4);
    let k: f64 = rows[0].split(',').nth(1).unwrap().parse().unwrap();
    assert!(
        (k - 1.83).abs() < 0.005 && (k * 40.0 / 20.0).fract() != 0.0,
        "{k}"
    );
}

#[test]
fn bad_arguments_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let file = example(&dir, false);
    cli()
        .args(["sensitivity", file.to_str().unwrap(), "--k-max", "0"])
        .assert()
        .failure()
        .stderr(predicates::str::contains("--k-max"));
    cli()
        .args(["sensitivity", "/nonexistent.trf"])
        .assert()
        .failure()
        .stderr(predicates::str::contains("cannot read"));
}
