//! Conversion is faithful (issue 30): every TRF file of `fixtures/dutch-2026/` (TRF-2026, a
//! Swiss in progress, prepared for pairing its next round) and of `fixtures/dutch/` (TRF16: each
//! tournament's `full.trf` and every round's input rebuilt from it) goes TRF → TRF and
//! TRF → JSON → TRF, and
//!
//! * the written file equals the input modulo the normalisation `trf`'s module documentation
//!   lists ([`normalise`] applies exactly that, nothing else);
//! * both routes write the same text, and reading it back gives the same event, which writes
//!   the same text again (export → re-import → re-export is identity);
//! * the next round's pairing of the written file is the pairing of the input.
//!
//! Before this test the conversion added `XXW` withdrawals for players whose last game was a
//! forfeit loss, and the pairing of the converted file left them out.

use engine::dutch::{pair_next_round, DutchRules, Pairing};
use engine::{json, trf, Tournament};
use std::path::{Path, PathBuf};

#[path = "support/dutch_rounds.rs"]
mod dutch_rounds;
#[path = "support/trf_normalise.rs"]
mod trf_normalise;
use trf_normalise::{first_difference, normalise};

fn dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/dutch-2026");
    assert!(dir.is_dir(), "the fixtures are missing: {}", dir.display());
    dir
}

fn inputs() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for t in std::fs::read_dir(dir()).expect("fixtures/dutch-2026") {
        let t = t.expect("entry").path();
        if t.is_dir() {
            for f in std::fs::read_dir(&t).expect("tournament folder") {
                let f = f.expect("entry").path();
                if f.extension().is_some_and(|e| e == "trf") {
                    files.push(f);
                }
            }
        }
    }
    files.sort();
    files
}

fn pairing(t: &Tournament) -> Result<Pairing, String> {
    pair_next_round(t, DutchRules::Fide2025).map_err(|e| e.to_string())
}

/// Every check of the module's documentation on one file, `name` in the failure messages:
/// true when the file comes back faithfully and pairs the same.
fn faithful(name: &str, text: &str, failures: &mut Vec<String>) -> bool {
    let t = match trf::parse(text) {
        Ok(t) => t,
        Err(e) => {
            failures.push(format!("{name}: does not read: {e}"));
            return false;
        }
    };
    let written = trf::write(&t);
    let via_json = match json::parse(&json::to_string(&t)) {
        Ok(back) => trf::write(&back),
        Err(e) => {
            failures.push(format!("{name}: its JSON does not read: {e}"));
            return false;
        }
    };
    let before = failures.len();
    if via_json != written {
        failures.push(format!("{name}: TRF → JSON → TRF differs from TRF → TRF"));
    }
    let (input, output) = (normalise(text), normalise(&written));
    if input != output {
        failures.push(format!("{name}: {}", first_difference(&input, &output)));
    }
    match trf::parse(&written) {
        Ok(back) if back == t => {
            if trf::write(&back) != written {
                failures.push(format!("{name}: the re-imported file writes another text"));
            }
            let (before, after) = (pairing(&t), pairing(&back));
            if before != after {
                failures.push(format!(
                    "{name}: pairs {before:?} before the round trip, {after:?} after"
                ));
            }
        }
        Ok(_) => failures.push(format!("{name}: the written file reads as another event")),
        Err(e) => failures.push(format!("{name}: the written file does not read: {e}")),
    }
    failures.len() == before
}

/// Fails with the first failures when there are any; prints the count either way.
fn report(set: &str, faithful: usize, files: usize, failures: &[String]) {
    eprintln!("{set} round trip: {faithful}/{files} files faithful and paired the same");
    assert!(
        failures.is_empty(),
        "{} of {files} files changed; the first ones:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

#[test]
fn every_trf_2026_fixture_converts_faithfully_and_pairs_the_same() {
    let files = inputs();
    assert_eq!(files.len(), 477, "fixtures/dutch-2026 has 477 round inputs");
    let mut failures = Vec::new();
    let mut count = 0;
    for path in &files {
        let name = path
            .strip_prefix(dir())
            .unwrap_or(path)
            .display()
            .to_string();
        let text = std::fs::read_to_string(path).expect("read");
        count += usize::from(faithful(&name, &text, &mut failures));
    }
    report("fixtures/dutch-2026", count, files.len(), &failures);
}

/// The TRF16 set: 150 complete tournaments and the 1,253 round inputs rebuilt from them (each
/// checked against the original's checksum by `dutch_rounds`).
#[test]
fn every_dutch_fixture_converts_faithfully_and_pairs_the_same() {
    let mut failures = Vec::new();
    let (mut files, mut count) = (0, 0);
    for dir in dutch_rounds::tournaments() {
        let tid = dir.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let full = std::fs::read_to_string(dir.join("full.trf")).expect("full.trf");
        files += 1;
        count += usize::from(faithful(&format!("{tid}/full.trf"), &full, &mut failures));
        for round in dutch_rounds::rounds_of(&dir) {
            let name = format!("{tid}/r{:02}.trf", round.round);
            files += 1;
            count += usize::from(faithful(&name, &round.input, &mut failures));
        }
    }
    if std::env::var("DUTCH_ONLY").is_err() {
        assert_eq!(
            files,
            150 + 1253,
            "fixtures/dutch: 150 tournaments, 1,253 rounds"
        );
    }
    report("fixtures/dutch", count, files, &failures);
}
