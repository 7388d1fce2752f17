//! Conformance of the Dutch pairing to `fixtures/dutch-2026/`: TRF-2026 inputs with Baku
//! acceleration (`192 FIDE_DUTCH_2025_BAKU`), prohibited pairings (`260`) and other point
//! systems (`162`). Every round of every tournament is compared with the reference engine's
//! pairing as a set of (white, black) pairs plus the bye, and in board order; the counts are
//! reported per variant.
//!
//! `DUTCH_ONLY=t001,t017` limits the run to some tournaments (while iterating).

use engine::dutch::{pair_next_round, DutchRules};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/dutch-2026");
    assert!(
        dir.is_dir(),
        "the TRF-2026 Dutch fixtures are missing: expected {}",
        dir.display()
    );
    dir
}

/// `(white, black)` boards in order, and the bye.
fn read_pairs(path: &Path) -> (Vec<(u32, u32)>, Option<u32>) {
    let text = std::fs::read_to_string(path).expect("pairs file");
    let mut lines = text.lines();
    let count: usize = lines.next().expect("count").trim().parse().expect("count");
    let mut boards = Vec::new();
    let mut bye = None;
    for line in lines.take(count) {
        let v: Vec<u32> = line
            .split_whitespace()
            .map(|x| x.parse().expect("number"))
            .collect();
        if v[1] == 0 {
            bye = Some(v[0]);
        } else {
            boards.push((v[0], v[1]));
        }
    }
    (boards, bye)
}

/// `tid` → variant, from `manifest.tsv`.
fn variants() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(dir().join("manifest.tsv")).expect("manifest.tsv");
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let mut it = l.split('\t');
            Some((it.next()?.to_owned(), it.next()?.to_owned()))
        })
        .collect()
}

#[test]
fn every_round_matches_the_reference() {
    let only: Option<Vec<String>> = std::env::var("DUTCH_ONLY")
        .ok()
        .map(|s| s.split(',').map(str::to_owned).collect());
    let variants = variants();
    assert_eq!(variants.len(), 60, "manifest.tsv lists 60 tournaments");
    // variant → (identical, total)
    let mut per_variant: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    let mut differing = Vec::new();
    let mut total = 0;
    for (tid, variant) in &variants {
        if only.as_ref().is_some_and(|o| !o.contains(tid)) {
            continue;
        }
        let mut rounds: Vec<PathBuf> = std::fs::read_dir(dir().join(tid))
            .expect("tournament folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "trf"))
            .collect();
        rounds.sort();
        assert!(!rounds.is_empty(), "{tid} has no rounds");
        for input in rounds {
            total += 1;
            let text = std::fs::read_to_string(&input).expect("trf");
            let name = format!("{tid}/{}", input.file_name().unwrap().to_string_lossy());
            let slot = per_variant.entry(variant.clone()).or_default();
            slot.1 += 1;
            let mut t = engine::trf::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            // In a TRF prepared for pairing, absences are the round's entries.
            t.withdrawals.clear();
            let (boards, bye) = read_pairs(&input.with_extension("pairs"));
            match pair_next_round(&t, DutchRules::Fide2025) {
                Ok(p) if p.boards == boards && p.bye == bye => slot.0 += 1,
                Ok(p) => {
                    let missing = boards.iter().find(|b| !p.boards.contains(b));
                    differing.push(format!(
                        "{name}: expected board {missing:?} / bye {bye:?}, got bye {:?}",
                        p.bye
                    ))
                }
                Err(e) => differing.push(format!("{name}: error {e}")),
            }
        }
    }
    let same: u32 = per_variant.values().map(|v| v.0).sum();
    eprintln!("Dutch TRF-2026 fixtures: {same}/{total} rounds identical in board order");
    for (v, (s, n)) in &per_variant {
        eprintln!("  {v}: {s}/{n}");
    }
    for d in &differing {
        eprintln!("  {d}");
    }
    assert!(differing.is_empty(), "{} rounds differ", differing.len());
    if only.is_none() {
        assert_eq!(total, 477, "the fixture set has 477 rounds");
    }
}
