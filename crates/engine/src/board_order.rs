//! The order of a round's boards when a file does not carry it. TRF has no board numbers: its
//! player lines say who met whom, not on which board. So that an event exported to TRF reads
//! back with its boards where they were, the reader puts them in the order they were made in:
//! a round-robin's in the Berger tables' order ([`crate::berger::canonical_board_order`]), a
//! Swiss round's in the published order of the pairing (C.04.3, the Dutch system's board order,
//! which [`crate::dutch`] pairs in): by the score of the higher player of the pair, then the
//! score of the lower one, then the higher player's pairing number. "Higher" is the greater
//! score before the round, and for equal scores the smaller pairing number (the start number).
//! Scores are the event's point system, without an acceleration's virtual points, as the
//! pairing compares them when it orders its boards. Byes follow, by start number.

use crate::model::{Entry, Format, StartNo, Tournament};
use crate::rules2026::Tenths;
use std::cmp::Reverse;

/// Every round's boards in the order they were made in (see the module documentation).
pub fn restore(t: &mut Tournament) {
    match t.format {
        Format::RoundRobin { .. } => crate::berger::canonical_board_order(t),
        Format::Swiss { .. } => swiss_rounds(t),
    }
}

/// The published order's sort key of a Swiss board, the one rule both the pairing
/// ([`crate::dutch`]) and this reader order boards by: each player as (score before the round,
/// rank, start number), where the rank breaks equal scores (the smaller ranks higher). The key
/// is (higher player's score, lower player's score, higher player's start number), scores
/// descending.
pub(crate) fn swiss_board_key<S: Ord + Copy, R: Ord>(
    a: (S, R, StartNo),
    b: (S, R, StartNo),
) -> (Reverse<S>, Reverse<S>, StartNo) {
    let (high, low) = if (a.0, Reverse(&a.1)) > (b.0, Reverse(&b.1)) {
        (a, b)
    } else {
        (b, a)
    };
    (Reverse(high.0), Reverse(low.0), high.2)
}

/// Every Swiss round's boards in the published order, with the scores before each round kept
/// as running totals (one pass over the event's entries, not one search per board).
fn swiss_rounds(t: &mut Tournament) {
    let played = t.rounds.len() as u32;
    let entries = t.entries(played);
    let ps = t.point_system();
    let size = t
        .players
        .iter()
        .map(|p| p.start_no as usize)
        .max()
        .unwrap_or(0)
        + 1;
    let mut score = vec![Tenths::default(); size];
    // Each start number's row once (bad data may give two players one number).
    let mut counted = vec![false; size];
    let rows: Vec<(StartNo, &Vec<Entry>)> = t
        .players
        .iter()
        .zip(&entries)
        .filter(|(p, _)| !std::mem::replace(&mut counted[p.start_no as usize], true))
        .map(|(p, row)| (p.start_no, row))
        .collect();
    for r in 0..played as usize {
        let before = |s: StartNo| score.get(s as usize).copied().unwrap_or_default();
        let round = &mut t.rounds[r];
        round.games.sort_by_cached_key(|g| {
            swiss_board_key(
                (before(g.white), g.white, g.white),
                (before(g.black), g.black, g.black),
            )
        });
        round.byes.sort_by_key(|b| b.player);
        for &(s, row) in &rows {
            if let Some(points) = ps.points(row[r]) {
                score[s as usize] += points;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Game, GameResult, Outcome, Player};

    /// A Swiss of `n` players paired by the Dutch engine for `rounds` rounds, results by a
    /// fixed rule (the higher start number wins on odd boards, draws on even ones).
    fn paired_swiss(n: u32, rounds: u32) -> Tournament {
        let players = (1..=n)
            .map(|i| Player {
                name: format!("P{i}"),
                rating: Some(2400 - 10 * i as u16),
                ..Player::default()
            })
            .collect();
        let mut t = Tournament::new("Open", Format::Swiss { rounds }, players);
        for r in 1..=rounds {
            crate::event::pair_next_round(&mut t).expect("pairs");
            let round = t.round_mut(r).expect("paired");
            for (i, g) in round.games.iter_mut().enumerate() {
                g.result = GameResult::Played(if i % 2 == 1 {
                    Outcome::Draw
                } else if g.white > g.black {
                    Outcome::WhiteWins
                } else {
                    Outcome::BlackWins
                });
            }
        }
        t
    }

    #[test]
    fn a_swiss_keeps_the_order_it_was_paired_in() {
        let t = paired_swiss(11, 5);
        let mut shuffled = t.clone();
        for round in &mut shuffled.rounds {
            round.games.sort_by_key(|g| g.white.min(g.black));
            round.games.reverse();
        }
        assert_ne!(shuffled.rounds, t.rounds, "the test must move some boards");
        restore(&mut shuffled);
        assert_eq!(shuffled.rounds, t.rounds);
    }

    /// Issue 27: exported to TRF and read back, every round has its boards where they were.
    #[test]
    fn a_trf_round_trip_keeps_the_boards_in_place() {
        let t = paired_swiss(13, 5);
        let back = crate::trf::parse(&crate::trf::write(&t)).expect("reads back");
        assert_eq!(back.rounds, t.rounds);
    }

    #[test]
    fn the_higher_score_plays_on_the_higher_board() {
        let t = paired_swiss(10, 4);
        let round = t.round(4).expect("round 4");
        let best = |g: &Game| t.score_before(g.white, 4).max(t.score_before(g.black, 4));
        let firsts: Vec<Tenths> = round.games.iter().map(best).collect();
        assert!(firsts.windows(2).all(|w| w[0] >= w[1]), "{firsts:?}");
    }
}
