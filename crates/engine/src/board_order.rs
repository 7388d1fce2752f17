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

use crate::model::{Format, Game, StartNo, Tournament};
use crate::rules2026::Tenths;
use std::cmp::Reverse;

/// Every round's boards in the order they were made in (see the module documentation).
pub fn restore(t: &mut Tournament) {
    match t.format {
        Format::RoundRobin { .. } => crate::berger::canonical_board_order(t),
        Format::Swiss { .. } => {
            for r in 1..=t.rounds.len() as u32 {
                swiss_round(t, r);
            }
        }
    }
}

/// The sort key of a Swiss board in round `r`: (higher player's score, lower player's score,
/// higher player's start number), scores descending.
fn swiss_key(t: &Tournament, r: u32, g: &Game) -> (Reverse<Tenths>, Reverse<Tenths>, StartNo) {
    let (a, b) = (g.white, g.black);
    let (sa, sb) = (t.score_before(a, r), t.score_before(b, r));
    let ((high, s_high), s_low) = if (sa, Reverse(a)) > (sb, Reverse(b)) {
        ((a, sa), sb)
    } else {
        ((b, sb), sa)
    };
    (Reverse(s_high), Reverse(s_low), high)
}

fn swiss_round(t: &mut Tournament, r: u32) {
    let Some(round) = t.round(r) else {
        return;
    };
    let mut keyed: Vec<_> = round
        .games
        .iter()
        .map(|g| (swiss_key(t, r, g), g.clone()))
        .collect();
    keyed.sort_by_key(|(key, _)| *key);
    if let Some(round) = t.round_mut(r) {
        round.games = keyed.into_iter().map(|(_, g)| g).collect();
        round.byes.sort_by_key(|b| b.player);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{GameResult, Outcome, Player};

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
