//! Conversion is faithful (issue 30): every TRF-2026 file of `fixtures/dutch-2026/` (a Swiss in
//! progress, prepared for pairing its next round) goes TRF → TRF and TRF → JSON → TRF, and
//!
//! * the written file equals the input modulo the normalisation `trf`'s module documentation
//!   lists ([`normalise`] applies exactly that, nothing else);
//! * both routes write the same text, and reading it back gives the same event;
//! * the next round's pairing of the written file is the pairing of the input.
//!
//! Before this test the conversion added `XXW` withdrawals for players whose last game was a
//! forfeit loss, and the pairing of the converted file left them out.

use engine::dutch::{pair_next_round, DutchRules, Pairing};
use engine::{json, trf, Tournament};
use std::path::{Path, PathBuf};

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

/// What the writer normalises (the `trf` module's "Round trip" section): line ends, trailing
/// blanks, blank lines and the spacing between the fields of records other than `001`; the order of records (headers, rules, players by start number, our
/// `XX` lines, then every kept record in its order), so records are compared as a sorted list;
/// the `062`/`072` counts (recomputed); and in each `001` record the rank (columns 86–89,
/// recomputed with the event's tie-breaks). Everything else must come back as it was.
fn normalise(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text
        .lines()
        .map(|l| l.trim_end().to_owned())
        .filter(|l| !l.is_empty())
        .filter(|l| !l.starts_with("062") && !l.starts_with("072"))
        .map(|l| {
            if l.starts_with("001") {
                let mut chars: Vec<char> = l.chars().collect();
                for c in chars.iter_mut().take(89).skip(85) {
                    *c = ' ';
                }
                chars.into_iter().collect::<String>().trim_end().to_owned()
            } else {
                // Spacing between the fields of a record that has no fixed columns.
                l.split_whitespace().collect::<Vec<_>>().join(" ")
            }
        })
        .collect();
    lines.sort();
    lines
}

/// The first difference between two normalised files, for the failure message.
fn first_difference(a: &[String], b: &[String]) -> String {
    let missing = a.iter().find(|l| !b.contains(l));
    let added = b.iter().find(|l| !a.contains(l));
    format!("input line {missing:?}, written line {added:?}")
}

fn pairing(t: &Tournament) -> Result<Pairing, String> {
    pair_next_round(t, DutchRules::Fide2025).map_err(|e| e.to_string())
}

#[test]
fn every_trf_2026_fixture_converts_faithfully_and_pairs_the_same() {
    let files = inputs();
    assert_eq!(files.len(), 477, "fixtures/dutch-2026 has 477 round inputs");
    let mut failures = Vec::new();
    let mut faithful = 0;
    for path in &files {
        let name = path
            .strip_prefix(dir())
            .unwrap_or(path)
            .display()
            .to_string();
        let text = std::fs::read_to_string(path).expect("read");
        let t = match trf::parse(&text) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{name}: does not read: {e}"));
                continue;
            }
        };
        let written = trf::write(&t);
        let via_json = match json::parse(&json::to_string(&t)) {
            Ok(back) => trf::write(&back),
            Err(e) => {
                failures.push(format!("{name}: its JSON does not read: {e}"));
                continue;
            }
        };
        let mut ok = true;
        if via_json != written {
            failures.push(format!("{name}: TRF → JSON → TRF differs from TRF → TRF"));
            ok = false;
        }
        let (input, output) = (normalise(&text), normalise(&written));
        if input != output {
            failures.push(format!("{name}: {}", first_difference(&input, &output)));
            ok = false;
        }
        match trf::parse(&written) {
            Ok(back) if back == t => {
                let (before, after) = (pairing(&t), pairing(&back));
                if before != after {
                    failures.push(format!(
                        "{name}: pairs {before:?} before the round trip, {after:?} after"
                    ));
                    ok = false;
                }
            }
            Ok(_) => {
                failures.push(format!("{name}: the written file reads as another event"));
                ok = false;
            }
            Err(e) => {
                failures.push(format!("{name}: the written file does not read: {e}"));
                ok = false;
            }
        }
        faithful += usize::from(ok);
    }
    eprintln!(
        "TRF-2026 round trip: {faithful}/{} files faithful and paired the same",
        files.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} files changed; the first ones:\n{}",
        failures.len(),
        files.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
