//! Conformance of the Dutch pairing to `fixtures/dutch-2026/`: TRF-2026 inputs with Baku
//! acceleration (`192 FIDE_DUTCH_2025_BAKU`), prohibited pairings (`260`) and other point
//! systems (`162`). Every round of every tournament is compared with the reference engine's
//! pairing as a set of (white, black) pairs plus the bye, and in board order; the counts are
//! reported per variant.
//!
//! The reference is bbpPairings 6.0.0, which reads Baku's group A as the first ⌈N/2⌉ players
//! where C.04.5.1 says 2·⌈N/4⌉ (docs/fide-conformance.md): the walk pairs under its reading
//! ([`DutchRules::BbpPairings6`]), and a second walk shows what the text's reading, the
//! default, changes.
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

/// One round of the set: its name, the event and the reference pairing.
struct Case {
    tid: String,
    name: String,
    event: engine::Tournament,
    boards: Vec<(u32, u32)>,
    bye: Option<u32>,
}

/// Every round of the tournaments `keep` accepts (by tid and variant), in order.
fn cases(keep: impl Fn(&str, &str) -> bool) -> Vec<Case> {
    let mut out = Vec::new();
    for (tid, variant) in &variants() {
        if !keep(tid, variant) {
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
            let text = std::fs::read_to_string(&input).expect("trf");
            let name = format!("{tid}/{}", input.file_name().unwrap().to_string_lossy());
            let mut event = engine::trf::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            // In a TRF prepared for pairing, absences are the round's entries.
            event.withdrawals.clear();
            let (boards, bye) = read_pairs(&input.with_extension("pairs"));
            out.push(Case {
                tid: tid.clone(),
                name,
                event,
                boards,
                bye,
            });
        }
    }
    out
}

/// Do the text's and bbpPairings' readings of Baku group A give different virtual points in
/// any round up to `round` (N mod 4 = 1 or 2, or a round-1 absence that moves the text's last
/// GA player)?
fn group_a_differs(t: &engine::Tournament, round: u32) -> bool {
    use engine::rules2026::BakuGroupA;
    (1..=round).any(|r| {
        t.virtual_points_as(r, BakuGroupA::HalfRoundedUpToEven)
            != t.virtual_points_as(r, BakuGroupA::HalfRoundedUp)
    })
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
    for case in cases(|tid, _| only.as_ref().is_none_or(|o| o.iter().any(|x| x == tid))) {
        total += 1;
        let slot = per_variant.entry(variants[&case.tid].clone()).or_default();
        slot.1 += 1;
        match pair_next_round(&case.event, DutchRules::BbpPairings6) {
            Ok(p) if p.boards == case.boards && p.bye == case.bye => slot.0 += 1,
            Ok(p) => {
                let missing = case.boards.iter().find(|b| !p.boards.contains(b));
                differing.push(format!(
                    "{}: expected board {missing:?} / bye {:?}, got bye {:?}",
                    case.name, case.bye, p.bye
                ))
            }
            Err(e) => differing.push(format!("{}: error {e}", case.name)),
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

/// The text's reading of Baku group A (the default) against the same reference: every round
/// where the two readings give the same virtual points so far is still the reference's
/// pairing; where they differ (Baku with N mod 4 = 1 or 2, or a round-1 absence that moves the
/// text's last GA player) the pairing may differ, but only in the accelerated rounds (⌈R/2⌉)
/// and the two after them (whose floats look back at scores with virtual points), and it does
/// differ somewhere — else the readings would not differ.
#[test]
fn the_texts_baku_group_differs_only_where_the_readings_do() {
    let mut unaffected = (0, 0);
    let mut affected = (0, 0);
    let mut problems = Vec::new();
    for case in cases(|_, _| true) {
        let p = pair_next_round(&case.event, DutchRules::Fide2025)
            .unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let same = p.boards == case.boards && p.bye == case.bye;
        if group_a_differs(&case.event, p.round) {
            affected.1 += 1;
            if same {
                affected.0 += 1;
            } else {
                let accelerated = case.event.scheduled_rounds().div_ceil(2);
                if p.round > accelerated + 2 {
                    problems.push(format!(
                        "{}: differs in round {} after the acceleration ({accelerated} rounds)",
                        case.name, p.round
                    ));
                }
            }
        } else {
            unaffected.1 += 1;
            if same {
                unaffected.0 += 1;
            } else {
                problems.push(format!("{}: differs though group A is the same", case.name));
            }
        }
    }
    eprintln!(
        "Baku group A by the text: {}/{} rounds identical where the readings agree, {}/{} \
         where they differ",
        unaffected.0, unaffected.1, affected.0, affected.1
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(
        affected.1 > 0,
        "the set has rounds where the readings differ"
    );
    assert!(
        affected.0 < affected.1,
        "no round differs: the text's group A is not in effect"
    );
}
