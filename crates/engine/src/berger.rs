//! Round-robin schedules from the FIDE Berger tables (Handbook C.05, Annex 1).
//!
//! # Formula
//! For an even number of players n (an odd field adds a bye slot n + 1), in round r
//! (1-based) player n meets p = ((r − 1)·n/2 mod (n − 1)) + 1, with Black in odd rounds and
//! White in even rounds; the other boards pair p + j (White) with p − j (Black), j = 1 … n/2 − 1,
//! counting modulo n − 1 in 1 … n − 1. This reproduces the printed tables (e.g. six players,
//! round 2: 6–4, 5–3, 1–2). A double round-robin repeats the table with colours reversed, and,
//! as C.05 Annex 1 recommends, plays the last two rounds of the first cycle in reverse order:
//! otherwise some players would have the same colour three times in a row across the two
//! cycles.

use crate::model::{Bye, ByeKind, Format, Game, GameResult, Round, StartNo, Tournament};

/// Pairings of one cycle for `players` players: one `Vec<(white, black)>` per round, boards in
/// table order. With an odd field the pair containing the bye slot (`players + 1`) is included;
/// use [`schedule`] to turn it into a [`Bye`].
pub fn cycle(players: u32) -> Vec<Vec<(StartNo, StartNo)>> {
    let n = if players.is_multiple_of(2) {
        players
    } else {
        players + 1
    };
    if n < 2 {
        return Vec::new();
    }
    let m = n - 1;
    let wrap = |x: i64| -> StartNo { (x.rem_euclid(i64::from(m)) as StartNo) + 1 };
    (1..=m)
        .map(|r| {
            let p = ((r - 1) * (n / 2)) % m + 1;
            let mut boards = Vec::with_capacity(n as usize / 2);
            boards.push(if r % 2 == 1 { (p, n) } else { (n, p) });
            for j in 1..(n / 2) {
                let white = wrap(i64::from(p) - 1 + i64::from(j));
                let black = wrap(i64::from(p) - 1 - i64::from(j));
                boards.push((white, black));
            }
            boards
        })
        .collect()
}

/// The whole schedule as model rounds with pending results; in an odd field the player drawn
/// against the bye slot gets a zero-point bye (they sit out that round).
pub fn schedule(players: u32, cycles: u8) -> Vec<Round> {
    let tables = round_tables(players, cycles);
    let mut rounds = Vec::with_capacity(tables.len());
    {
        for boards in &tables {
            let mut round = Round::default();
            for &(w, b) in boards {
                if w > players {
                    round.byes.push(Bye {
                        player: b,
                        kind: ByeKind::Zero,
                    });
                } else if b > players {
                    round.byes.push(Bye {
                        player: w,
                        kind: ByeKind::Zero,
                    });
                } else {
                    round.games.push(Game {
                        white: w,
                        black: b,
                        result: GameResult::Pending,
                    });
                }
            }
            rounds.push(round);
        }
    }
    rounds
}

/// The boards of every round of the event, colours included: the table, then for a double
/// round-robin the table again with colours reversed, the first cycle's last two rounds swapped.
fn round_tables(players: u32, cycles: u8) -> Vec<Vec<(StartNo, StartNo)>> {
    let one = cycle(players);
    let mut rounds = Vec::with_capacity(one.len() * usize::from(cycles));
    for c in 0..cycles {
        let mut this: Vec<Vec<(StartNo, StartNo)>> = if c % 2 == 1 {
            one.iter()
                .map(|r| r.iter().map(|&(w, b)| (b, w)).collect())
                .collect()
        } else {
            one.clone()
        };
        if cycles == 2 && c == 0 && this.len() >= 2 {
            let k = this.len();
            this.swap(k - 1, k - 2);
        }
        rounds.extend(this);
    }
    rounds
}

/// Puts each round's boards of a round-robin in Berger-table order (games that the table does
/// not have for that round follow, by lower start number). File formats without board numbers
/// (TRF) read back in this order, so an export re-imports identically. Swiss events are left
/// as they are.
pub fn canonical_board_order(t: &mut Tournament) {
    let Format::RoundRobin { cycles } = t.format else {
        return;
    };
    let table = round_tables(t.players.len() as u32, cycles);
    if table.is_empty() {
        return;
    }
    for (ri, round) in t.rounds.iter_mut().enumerate() {
        let boards = &table[ri % table.len()];
        let position = |g: &Game| {
            let pair = (g.white.min(g.black), g.white.max(g.black));
            boards
                .iter()
                .position(|&(a, b)| (a.min(b), a.max(b)) == pair)
                .unwrap_or(usize::MAX)
        };
        round
            .games
            .sort_by_key(|g| (position(g), g.white.min(g.black)));
        round.byes.sort_by_key(|b| b.player);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_players_match_the_printed_table() {
        let expected = vec![
            vec![(1, 6), (2, 5), (3, 4)],
            vec![(6, 4), (5, 3), (1, 2)],
            vec![(2, 6), (3, 1), (4, 5)],
            vec![(6, 5), (1, 4), (2, 3)],
            vec![(3, 6), (4, 2), (5, 1)],
        ];
        assert_eq!(cycle(6), expected);
    }

    #[test]
    fn four_players_match_the_printed_table() {
        assert_eq!(
            cycle(4),
            vec![
                vec![(1, 4), (2, 3)],
                vec![(4, 3), (1, 2)],
                vec![(2, 4), (3, 1)]
            ]
        );
    }

    #[test]
    fn every_pair_meets_exactly_once_per_cycle() {
        for n in 2..=21u32 {
            let mut met = std::collections::HashSet::new();
            for round in schedule(n, 1) {
                for g in &round.games {
                    assert!(
                        met.insert((g.white.min(g.black), g.white.max(g.black))),
                        "n={n}"
                    );
                }
                let busy = round.games.len() * 2 + round.byes.len();
                assert_eq!(busy as u32, n, "everyone placed in every round, n={n}");
            }
            assert_eq!(met.len() as u32, n * (n - 1) / 2, "n={n}");
        }
    }

    #[test]
    fn canonical_order_restores_the_table_order() {
        let mut t = Tournament::new(
            "t",
            Format::RoundRobin { cycles: 2 },
            (0..6).map(|_| crate::model::Player::default()).collect(),
        );
        t.rounds = schedule(6, 2);
        let want = t.rounds.clone();
        for r in &mut t.rounds {
            r.games.reverse();
        }
        canonical_board_order(&mut t);
        assert_eq!(t.rounds, want);
    }

    #[test]
    fn second_cycle_reverses_colours() {
        let s = schedule(6, 2);
        assert_eq!(s.len(), 10);
        // Table round r of the first cycle is event round r, except the last two, swapped.
        let first = [0, 1, 2, 4, 3];
        for (i, b) in s[5..].iter().enumerate() {
            let a = &s[first[i]];
            for (ga, gb) in a.games.iter().zip(&b.games) {
                assert_eq!((ga.white, ga.black), (gb.black, gb.white));
            }
        }
    }

    #[test]
    fn double_round_robin_never_gives_a_colour_three_times_running() {
        for n in 3..=16u32 {
            for p in 1..=n {
                let colours: Vec<bool> = schedule(n, 2)
                    .iter()
                    .filter_map(|r| {
                        r.games.iter().find_map(|g| {
                            (g.white == p)
                                .then_some(true)
                                .or((g.black == p).then_some(false))
                        })
                    })
                    .collect();
                let three = colours.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]);
                // Odd fields have a free round, which breaks runs the table cannot control.
                if n % 2 == 0 {
                    assert!(!three, "n={n}, player {p}: {colours:?}");
                }
            }
        }
    }

    #[test]
    fn single_round_robin_is_the_table_itself() {
        let s = schedule(6, 1);
        for (round, boards) in s.iter().zip(cycle(6)) {
            let games: Vec<_> = round.games.iter().map(|g| (g.white, g.black)).collect();
            assert_eq!(games, boards);
        }
    }
}
