//! `crosstable simulate`: the JSON shape of the CLI contract, the CSV header, the table, errors.

mod common;

use serde_json::Value;

fn simulate(args: &[&str]) -> assert_cmd::assert::Assert {
    common::cli().arg("simulate").args(args).assert()
}

fn stdout(args: &[&str]) -> String {
    let out = simulate(args).success().get_output().stdout.clone();
    String::from_utf8(out).expect("UTF-8 output")
}

const METHODS: [&str; 6] = ["forfeit", "annul", "elo", "performance", "bayes", "fide"];

#[test]
fn json_has_the_contract_shape() {
    let doc: Value = serde_json::from_str(&stdout(&["--tournaments", "200", "--format", "json"]))
        .expect("valid JSON");
    assert_eq!(doc["seed"], 20_260_528);
    assert_eq!(doc["tournaments_per_scenario"], 200);
    assert_eq!(doc["k"], 3.0);
    assert!(doc["elapsed_ms"].as_f64().is_some_and(|ms| ms >= 0.0));
    let scenarios = doc["scenarios"].as_array().expect("scenarios array");
    assert_eq!(scenarios.len(), 18);
    for s in scenarios {
        assert!(s["rating_sd"].is_number(), "{s}");
        assert!(s["form"].is_number(), "{s}");
        assert!(s["withdrawal_after"].is_u64(), "{s}");
        let rmse = s["rmse"].as_object().expect("rmse object");
        for m in METHODS {
            let x = rmse[m].as_f64().unwrap_or(f64::NAN);
            assert!((0.0..=1.0).contains(&x), "{m}: {x}");
        }
    }
    assert_eq!(scenarios[0]["rating_sd"], 30.0);
    assert_eq!(scenarios[0]["form"], -150.0);
    assert_eq!(scenarios[0]["withdrawal_after"], 2);
    let summary = doc["summary"].as_object().expect("summary object");
    for key in [
        "bayes_vs_fide_pct",
        "bayes_vs_forfeit_where_fide_forfeits_pct",
        "bayes_vs_annul_where_fide_annuls_pct",
        "annul_vs_forfeit_min_pct",
        "annul_vs_forfeit_max_pct",
    ] {
        assert!(summary[key].is_number(), "{key}");
    }
    assert!(summary["bayes_beats_both_fide_rules"].as_u64() <= Some(18));
}

#[test]
fn csv_header_and_rows() {
    let csv = stdout(&["--tournaments", "50", "--format", "csv", "--seed", "7"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "rating_sd,form,withdrawal_after,forfeit,annul,elo,performance,bayes,fide,tournaments,k,seed"
    );
    assert_eq!(lines.len(), 19);
    assert!(lines[1].starts_with("30,-150,2,"), "{}", lines[1]);
    assert!(lines[18].ends_with(",50,3,7"), "{}", lines[18]);
}

#[test]
fn same_seed_same_numbers_on_any_thread_count() {
    let a = stdout(&["--tournaments", "300", "--format", "csv", "--threads", "1"]);
    let b = stdout(&["--tournaments", "300", "--format", "csv", "--threads", "2"]);
    assert_eq!(a, b);
    let c = stdout(&["--tournaments", "300", "--format", "csv", "--seed", "1"]);
    assert_ne!(a, c);
}

#[test]
fn table_shows_the_seed_and_the_paper() {
    let t = stdout(&["--tournaments", "100", "--seed", "99", "--k", "5"]);
    assert!(t.contains("seed 99"), "{t}");
    assert!(t.contains("k = 5"), "{t}");
    assert!(t.contains("26 % lower"), "the paper's number: {t}");
    assert!(t.contains("42.8 %"), "{t}");
    assert!(t.contains("15–45 % lower"), "{t}");
}

#[test]
fn bad_arguments_fail_with_a_message() {
    simulate(&["--tournaments", "0"])
        .failure()
        .stderr(predicates::str::contains("tournaments per scenario"));
    simulate(&["--k=-1"])
        .failure()
        .stderr(predicates::str::contains("k must be"));
    simulate(&["--threads", "0"])
        .failure()
        .stderr(predicates::str::contains("--threads"));
    simulate(&["--format", "xml"]).failure();
}
