//! `crosstable standings --tiebreaks …` and `crosstable ratings`, through the built binary.

mod common;

use common::{cli, stdout_of};
use engine::io::{write_as, FileFormat};
use predicates::prelude::*;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

fn fixtures() -> PathBuf {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/tiebreaks"
    ));
    assert!(dir.is_dir(), "missing fixtures at {}", dir.display());
    dir
}

fn read(path: &Path) -> String {
    engine::trf::decode(&std::fs::read(path).expect("readable"))
}

/// A CSV as (header, rows keyed by start_no, each a column → cell map).
fn table(csv: &str, key: &str) -> (Vec<String>, BTreeMap<String, BTreeMap<String, String>>) {
    let mut lines = csv.lines();
    let header: Vec<String> = lines
        .next()
        .expect("header")
        .split(',')
        .map(str::to_string)
        .collect();
    let k = header.iter().position(|h| h == key).expect("key column");
    let rows = lines
        .map(|l| {
            // Names with commas are quoted: split outside quotes.
            let mut cells = Vec::new();
            let (mut cur, mut quoted) = (String::new(), false);
            for ch in l.chars() {
                match ch {
                    '"' => quoted = !quoted,
                    ',' if !quoted => cells.push(std::mem::take(&mut cur)),
                    c => cur.push(c),
                }
            }
            cells.push(cur);
            assert_eq!(cells.len(), header.len(), "{l}");
            (
                cells[k].clone(),
                header
                    .iter()
                    .cloned()
                    .zip(cells)
                    .collect::<BTreeMap<_, _>>(),
            )
        })
        .collect();
    (header, rows)
}

/// Every fixture case through the CLI: the value columns (DE right after points, as the
/// fixtures define it) and the rank by `order.txt`, under both rule versions. The reference
/// program computes on the results as recorded: `--policy recorded` (the default `fide` policy
/// annuls a player who played under half of the games; see
/// `the_default_policy_applies_the_fide_withdrawal_rule`).
#[test]
fn standings_csv_reproduces_every_fixture() {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    let mut checked = 0;
    for dir in cases {
        let input = dir.join("input.trf");
        let input = input.to_str().unwrap();
        let order: Vec<String> = read(&dir.join("order.txt"))
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && *l != "PTS")
            .map(str::to_string)
            .collect();
        for (rules, file) in [
            ("fide2023", "expected.csv"),
            ("fide2026", "expected-2026.csv"),
        ] {
            let (exp_header, expected) = table(&read(&dir.join(file)), "start_no");
            let mut columns: Vec<&str> = exp_header[3..].iter().map(String::as_str).collect();
            columns.sort_by_key(|c| *c != "DE");
            let list = columns.join(",");
            let out = stdout_of(&[
                "standings",
                input,
                "--policy",
                "recorded",
                "--rules",
                rules,
                "--tiebreaks",
                &list,
                "--format",
                "csv",
            ]);
            let (header, got) = table(&out, "start_no");
            let mut want_header = vec!["rank", "start_no", "name", "points"];
            want_header.extend(&columns);
            assert_eq!(header, want_header, "{}", dir.display());
            for (p, row) in &expected {
                for c in std::iter::once("points").chain(columns.iter().copied()) {
                    assert_eq!(
                        got[p][c],
                        row[c],
                        "{} [{rules}] player {p} column {c}",
                        dir.display()
                    );
                }
            }
            let ranked = stdout_of(&[
                "standings",
                input,
                "--policy",
                "recorded",
                "--rules",
                rules,
                "--tiebreaks",
                &order.join(","),
                "--format",
                "csv",
            ]);
            let (_, got) = table(&ranked, "start_no");
            for (p, row) in &expected {
                assert_eq!(
                    got[p]["rank"],
                    row["rank"],
                    "{} [{rules}] rank of {p}",
                    dir.display()
                );
            }
            // Rows by rank, then start number.
            let keys: Vec<(u32, u32)> = ranked
                .lines()
                .skip(1)
                .map(|l| {
                    let c: Vec<&str> = l.splitn(3, ',').collect();
                    (c[0].parse().unwrap(), c[1].parse().unwrap())
                })
                .collect();
            assert!(keys.windows(2).all(|w| w[0] < w[1]), "{}", dir.display());
            checked += 1;
        }
    }
    assert_eq!(checked, 2 * 63);
}

#[test]
fn the_default_policy_applies_the_fide_withdrawal_rule() {
    // rr-01: 11 players; the withdrawn player played under half of the games, so the FIDE rule
    // annuls them: 10 rows, and their opponents keep only the games among themselves.
    let f = fixtures().join("rr-01/input.trf");
    let f = f.to_str().unwrap();
    let fide = stdout_of(&["standings", f, "--tiebreaks", "SB", "--format", "csv"]);
    let recorded = stdout_of(&[
        "standings",
        f,
        "--policy",
        "recorded",
        "--tiebreaks",
        "SB",
        "--format",
        "csv",
    ]);
    assert_eq!(fide.lines().count(), 1 + 10, "{fide}");
    assert_eq!(recorded.lines().count(), 1 + 11, "{recorded}");
    // Without --tiebreaks, `recorded` uses the event's list: here (no XXT record) FIDE's preset
    // for a round-robin, after the contract's first four columns.
    let preset_recorded = stdout_of(&["standings", f, "--policy", "recorded", "--format", "csv"]);
    let preset: Vec<String> =
        engine::tiebreak::Tiebreak::preset(engine::tiebreak::System::RoundRobin)
            .into_iter()
            .map(|tb| tb.code())
            .collect();
    assert_eq!(
        preset_recorded.lines().next(),
        Some(format!("rank,start_no,name,points,{}", preset.join(",")).as_str())
    );
    assert_eq!(preset_recorded.lines().count(), 1 + 11);
    // The plain standings (no tie-break option) agree on the points.
    let plain = stdout_of(&["standings", f, "--format", "csv"]);
    let points = |csv: &str| -> Vec<String> {
        let mut v: Vec<String> = csv
            .lines()
            .skip(1)
            .map(|l| {
                let c: Vec<&str> = l.split(',').collect();
                format!("{}:{}", c[1], c[3])
            })
            .collect();
        v.sort();
        v
    };
    assert_eq!(points(&fide), points(&plain));
}

#[test]
fn columns_are_named_exactly_as_listed_and_cells_are_exact() {
    let f = fixtures().join("tec-exercise-swiss/input.trf");
    let out = stdout_of(&[
        "standings",
        f.to_str().unwrap(),
        "--tiebreaks",
        " bh-c1 ,SB,KS,AOB,PTP,BH-M2,FB",
        "--format",
        "csv",
    ]);
    let mut lines = out.lines();
    assert_eq!(
        lines.next(),
        Some("rank,start_no,name,points,bh-c1,SB,KS,AOB,PTP,BH-M2,FB")
    );
    // David (4): 2026 SB 9.25 — a quarter-point printed exactly; KS is empty in a Swiss.
    let david = out.lines().find(|l| l.contains("David")).unwrap();
    let cells: Vec<&str> = david.rsplit(',').collect();
    assert_eq!(cells[4], "", "KS in a Swiss: {david}");
    assert_eq!(cells[5], "9.25", "{david}");
}

#[test]
fn rules_and_system_options_change_what_they_should() {
    let f = fixtures().join("tec-exercise-swiss/input.trf");
    let f = f.to_str().unwrap();
    let old = stdout_of(&[
        "standings",
        f,
        "--rules",
        "fide2023",
        "--tiebreaks",
        "BH",
        "--format",
        "csv",
    ]);
    let new = stdout_of(&["standings", f, "--tiebreaks", "BH", "--format", "csv"]);
    // David's half-point bye: 2023 counts his own 3.5, 2026 caps at half the rounds (2.5).
    assert!(old.contains("\"Exercise, David\",3.5,15\n"), "{old}");
    assert!(new.contains("\"Exercise, David\",3.5,14\n"), "{new}");
    // A round-robin with forfeits read as a Swiss: forfeits become dummy opponents.
    let rr = fixtures().join("rr-01/input.trf");
    let rr = rr.to_str().unwrap();
    let as_rr = stdout_of(&["standings", rr, "--tiebreaks", "BH", "--format", "csv"]);
    let as_swiss = stdout_of(&[
        "standings",
        rr,
        "--system",
        "swiss",
        "--tiebreaks",
        "BH",
        "--format",
        "csv",
    ]);
    assert_ne!(as_rr, as_swiss);
    let explicit = stdout_of(&[
        "standings",
        rr,
        "--system",
        "round-robin",
        "--tiebreaks",
        "BH",
        "--format",
        "csv",
    ]);
    assert_eq!(as_rr, explicit, "the file says round-robin");
}

#[test]
fn bad_tie_break_codes_are_reported() {
    let f = fixtures().join("tec-exercise-swiss/input.trf");
    cli()
        .args(["standings", f.to_str().unwrap(), "--tiebreaks", "BH,XX"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("unknown tie-break `XX`"));
    cli()
        .args(["standings", f.to_str().unwrap(), "--tiebreaks", "BH-Q1"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("modifier"));
}

fn example_file() -> tempfile::NamedTempFile {
    let mut f = tempfile::Builder::new().suffix(".json").tempfile().unwrap();
    f.write_all(write_as(&engine::example::withdrawal(), FileFormat::Json).as_bytes())
        .unwrap();
    f
}

#[test]
fn tie_breaks_under_withdrawal_policies() {
    let f = example_file();
    let p = f.path().to_str().unwrap();
    for policy in ["fide", "annul", "forfeit", "elo", "performance", "bayes"] {
        let out = stdout_of(&[
            "standings",
            p,
            "--policy",
            policy,
            "--tiebreaks",
            "DE,SB,WIN,KS",
            "--format",
            "csv",
        ]);
        let rows: Vec<&str> = out.lines().skip(1).collect();
        assert_eq!(
            rows.len(),
            if policy == "annul" { 9 } else { 10 },
            "{policy}"
        );
        let mut last: Option<f64> = None;
        for r in &rows {
            let points: f64 = r.split(',').nth(3).unwrap().parse().unwrap();
            assert!(last.is_none_or(|l| l >= points - 1e-9), "{policy}: {out}");
            last = Some(points);
        }
    }
    // Bayes credits fractions: the withdrawn player's opponents get real SB values.
    let bayes = stdout_of(&[
        "standings",
        p,
        "--policy",
        "bayes",
        "--tiebreaks",
        "SB",
        "--format",
        "table",
    ]);
    assert!(bayes.contains("(withdrew)"), "{bayes}");
    // The breakdown is in the JSON.
    let json = stdout_of(&[
        "standings",
        p,
        "--policy",
        "bayes",
        "--tiebreaks",
        "SB,KS",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let first = &v["rows"][0]["tiebreaks"][0];
    assert_eq!(first["code"], "SB");
    assert!(first["explanation"]["items"].as_array().unwrap().len() >= 8);
    assert_eq!(v["rules"], "fide2026");
}

#[test]
fn standings_use_the_events_own_tiebreak_list_without_the_option() {
    // An event whose wizard chose SB, WIN: its TRF carries `XXT SB, WIN`.
    let mut t = engine::example::withdrawal();
    let list = engine::tiebreak::Tiebreak::parse_list("SB, WIN").unwrap();
    t.set_tiebreaks(&list);
    for format in [FileFormat::Trf, FileFormat::Json] {
        let ext = if format == FileFormat::Trf {
            ".trf"
        } else {
            ".json"
        };
        let mut f = tempfile::Builder::new().suffix(ext).tempfile().unwrap();
        f.write_all(write_as(&t, format).as_bytes()).unwrap();
        let p = f.path().to_str().unwrap();
        let own = stdout_of(&["standings", p, "--format", "csv"]);
        assert!(
            own.starts_with("rank,start_no,name,points,SB,WIN\n"),
            "{own}"
        );
        let same = stdout_of(&["standings", p, "--tiebreaks", "SB,WIN", "--format", "csv"]);
        assert_eq!(own, same, "{format}");
        // --tiebreaks still overrides the event's list.
        let other = stdout_of(&["standings", p, "--tiebreaks", "BH", "--format", "csv"]);
        assert!(
            other.starts_with("rank,start_no,name,points,BH\n"),
            "{other}"
        );
        // Under the recorded results too.
        let recorded = stdout_of(&["standings", p, "--policy", "recorded", "--format", "csv"]);
        assert!(
            recorded.starts_with("rank,start_no,name,points,SB,WIN\n"),
            "{recorded}"
        );
    }
}

#[test]
fn standings_without_tie_break_options_are_unchanged() {
    let f = example_file();
    let out = stdout_of(&["standings", f.path().to_str().unwrap(), "--format", "csv"]);
    assert!(out.starts_with("rank,start_no,name,points\n"));
    assert_eq!(out.lines().next().unwrap().split(',').count(), 4);
}

#[test]
fn ratings_csv_has_the_contract_header_and_exact_numbers() {
    let f = fixtures().join("tec-exercise-swiss/input.trf");
    let out = stdout_of(&["ratings", f.to_str().unwrap(), "--format", "csv"]);
    let mut lines = out.lines();
    assert_eq!(
        lines.next(),
        Some("start_no,rating,k,games,score,expected,change")
    );
    // Alyx (2200): 1800 (+400 → 0.92), 1600 (+600, counted as 400 → 0.92), 2150 (+50 → 0.57),
    // 1500 (+700 → 400 → 0.92), 2050 (+150 → 0.70): We = 4.03; W = 3.5; K = 20:
    // 20 × (3.5 − 4.03) = −10.60.
    assert_eq!(lines.next(), Some("1,2200,20,5,3.5,4.03,-10.60"));
    // Every rated player with a rated game: 16 players, all with games over the board.
    assert_eq!(out.lines().count(), 17);
}

#[test]
fn ratings_table_and_json() {
    let f = fixtures().join("tec-exercise-swiss/input.trf");
    let table = stdout_of(&["ratings", f.to_str().unwrap()]);
    assert!(table.contains("Exercise, Alyx"), "{table}");
    assert!(table.contains("-10.60"), "{table}");
    assert!(table.contains("-11"), "rounded once: {table}");
    let json = stdout_of(&["ratings", f.to_str().unwrap(), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["changes"][0]["change_hundredths"], -1060);
    assert_eq!(v["changes"][0]["change"], -11);
    assert_eq!(v["names"]["1"], "Exercise, Alyx");
}

/// Issue 27 item 6: a half-point bye requested for round 4 of a fresh Swiss, written in its
/// round's column as the pairing programs read it, counts for nothing in `crosstable standings`
/// before round 4 is paired: the table is the one of the same event without the request.
#[test]
fn a_bye_requested_ahead_does_not_count_in_the_standings() {
    let players = (1..=4)
        .map(|i| engine::Player {
            name: format!("Player {i}"),
            rating: Some(2000 + 10 * i as u16),
            ..engine::Player::default()
        })
        .collect();
    let plain =
        engine::event::create("Open", engine::Format::Swiss { rounds: 5 }, players).expect("event");
    let mut requested = plain.clone();
    engine::event::request_bye(&mut requested, 4, 4, Some(engine::ByeKind::Half)).expect("request");
    let trf = engine::trf::write(&requested);
    assert!(
        trf.contains("0000 - H"),
        "the request is in the file:\n{trf}"
    );
    let with = common::file_with(&trf, ".trf");
    let without = common::file_with(&engine::trf::write(&plain), ".trf");
    let table = |f: &tempfile::NamedTempFile| {
        stdout_of(&["standings", f.path().to_str().unwrap(), "--format", "csv"])
    };
    let (a, b) = (table(&with), table(&without));
    assert_eq!(a, b);
    let (header, rows) = self::table(&a, "start_no");
    assert!(header.iter().any(|h| h == "points"), "{a}");
    assert_eq!(rows.len(), 4, "{a}");
    assert!(rows.values().all(|r| r["points"] == "0"), "{a}");
}
