//! Quality criterion C5 of the Dutch system (C.04.3): maximise the number of pairs in the
//! current bracket. `fixtures/dutch-c5/` holds the two positions of 15,000 generated events in
//! which Crosstable once floated players a bracket could pair (its README); each round is
//! compared whole with the pairing C5 requires, and the bracket's own pairs are named.

use engine::dutch::{pair_next_round, DutchRules};
use engine::model::StartNo;
use std::collections::BTreeSet;
use std::path::Path;

fn pairs_of(name: &str) -> BTreeSet<(StartNo, StartNo)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/dutch-c5")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let t = engine::trf::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let p = pair_next_round(&t, DutchRules::Fide2025).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(p.bye, None, "{name}: an even field");
    p.boards
        .iter()
        .map(|&(w, b)| (w.min(b), w.max(b)))
        .collect()
}

fn set(pairs: &[(StartNo, StartNo)]) -> BTreeSet<(StartNo, StartNo)> {
    pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect()
}

fn check(name: &str, bracket: &[(StartNo, StartNo)], round: &[(StartNo, StartNo)]) {
    let got = pairs_of(name);
    for pair in set(bracket) {
        assert!(
            got.contains(&pair),
            "{name}: the bracket's pair {pair:?} is missing; got {got:?}"
        );
    }
    assert_eq!(got, set(round), "{name}: the whole round");
}

#[test]
fn seed_483_round_8_pairs_three_in_the_three_point_bracket() {
    check(
        "seed483_round8.trf",
        &[(11, 27), (23, 29), (37, 26)],
        &[
            (1, 2),
            (3, 4),
            (9, 5),
            (10, 22),
            (18, 8),
            (17, 6),
            (7, 19),
            (12, 15),
            (13, 16),
            (24, 20),
            (11, 27),
            (23, 29),
            (37, 26),
            (25, 33),
            (38, 32),
            (28, 31),
            (36, 30),
            (35, 34),
        ],
    );
}

#[test]
fn seed_13919_round_11_floats_no_one_from_the_four_and_a_half_bracket() {
    check(
        "seed13919_round11.trf",
        &[(13, 28), (17, 18), (23, 19)],
        &[
            (2, 4),
            (8, 1),
            (6, 7),
            (3, 11),
            (12, 9),
            (14, 15),
            (21, 16),
            (13, 28),
            (17, 18),
            (23, 19),
            (24, 26),
            (25, 20),
            (5, 10),
            (27, 22),
        ],
    );
}
