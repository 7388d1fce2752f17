//! The crosstable tie-breaks read: for every player and round, what happened and what it
//! scored. Built from a tournament's recorded results, or from a withdrawal policy's outcome
//! (imputed games included).

use super::explain::Unplayed;
use super::number::Number;
use crate::impute::{Analysis, Policy};
use crate::model::{ByeKind, Color, Entry, GameResult, PerPlayer, StartNo, System, Tournament};
use serde::Serialize;

/// One round of one player.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Slot {
    pub kind: Unplayed,
    /// The scheduled opponent (also for forfeits and imputed games).
    pub opponent: Option<StartNo>,
    pub colour: Option<Color>,
    /// Points the round gave the player.
    pub score: Number,
    /// A game over the board that counts for rating (TRF `1 = 0`, not `W D L`).
    pub rated: bool,
}

impl Slot {
    fn without_opponent(kind: Unplayed, score: Number) -> Slot {
        Slot {
            kind,
            opponent: None,
            colour: None,
            score,
            rated: false,
        }
    }

    pub(crate) fn absent() -> Slot {
        Slot::without_opponent(Unplayed::Absent, Number::ZERO)
    }

    /// A game played over the board.
    pub fn over_the_board(&self) -> bool {
        self.kind == Unplayed::Played
    }

    /// Played over the board, or a pairing-allocated bye: TieBreakServer's "played" flag, which
    /// decides the last round a player took part in.
    pub(crate) fn took_part(&self) -> bool {
        matches!(self.kind, Unplayed::Played | Unplayed::PairingAllocatedBye)
    }

    /// A voluntarily unplayed round as the reference tool classifies it: any unplayed round that
    /// did not give the full point (half- and zero-point byes, absences, forfeit losses, double
    /// forfeits, pending games). PAB, full-point byes and forfeit wins are not; an imputed game
    /// is not either (the player did not choose to miss it).
    pub fn is_vur(&self) -> bool {
        !matches!(
            self.kind,
            Unplayed::Played
                | Unplayed::PairingAllocatedBye
                | Unplayed::FullPointBye
                | Unplayed::ForfeitWin
                | Unplayed::Imputed
        )
    }
}

/// One player's line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Line {
    pub start_no: StartNo,
    pub rating: Option<u16>,
    /// False for a player a policy removed from the table (annulment).
    pub present: bool,
    /// Marked withdrawn (still in the table unless annulled).
    pub withdrawn: bool,
    /// Rounds 1..=R, index r − 1.
    pub slots: Vec<Slot>,
}

impl Line {
    /// Round `round` (1-based); panics for round 0 or a round past the last.
    #[track_caller]
    pub fn slot(&self, round: u32) -> &Slot {
        match self.get_slot(round) {
            Some(s) => s,
            None => no_such_round(round, self.slots.len()),
        }
    }

    /// Round `round` (1-based); `None` for round 0 or a round past the last.
    pub fn get_slot(&self, round: u32) -> Option<&Slot> {
        round
            .checked_sub(1)
            .and_then(|i| self.slots.get(i as usize))
    }

    #[track_caller]
    fn slot_mut(&mut self, round: u32) -> &mut Slot {
        let len = self.slots.len();
        match round
            .checked_sub(1)
            .and_then(|i| self.slots.get_mut(i as usize))
        {
            Some(s) => s,
            None => no_such_round(round, len),
        }
    }

    pub fn points(&self) -> Number {
        self.slots.iter().map(|s| s.score).sum()
    }
}

#[cold]
#[track_caller]
fn no_such_round(round: u32, rounds: usize) -> ! {
    panic!("round {round} is not one of the line's {rounds} rounds (1..={rounds})")
}

/// Every player's rounds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Crosstable {
    /// The system the event was played in, as the event's format says.
    pub format_system: System,
    /// Number of rounds R considered.
    pub rounds: u32,
    /// The players' lines, by start number.
    pub lines: PerPlayer<Line>,
    /// The points of the event's own point system (TRF-2026 `162`, e.g. 3/1/0), by start
    /// number, when it is not the standard 1/½/0: what the standings rank by and show.
    /// The tie-breaks keep computing on standard points, as C.07 does.
    pub ranking_points: Option<PerPlayer<Number>>,
}

fn slot_of(entry: Entry) -> Slot {
    match entry {
        Entry::Game {
            opponent,
            colour,
            result,
        } => {
            let score = result
                .points_for(colour)
                .map_or(Number::ZERO, |h| Number::half_points(i64::from(h.0)));
            let kind = match result {
                GameResult::Played(_) | GameResult::PlayedUnrated(_) => Unplayed::Played,
                GameResult::Forfeit(Some(w)) if w == colour => Unplayed::ForfeitWin,
                GameResult::Forfeit(Some(_)) => Unplayed::ForfeitLoss,
                GameResult::Forfeit(None) => Unplayed::DoubleForfeit,
                GameResult::Pending => Unplayed::Pending,
            };
            Slot {
                kind,
                opponent: Some(opponent),
                colour: Some(colour),
                score,
                rated: matches!(result, GameResult::Played(_)),
            }
        }
        Entry::Bye(kind) => {
            let score = Number::half_points(i64::from(kind.points().0));
            let kind = match kind {
                ByeKind::PairingAllocated => Unplayed::PairingAllocatedBye,
                ByeKind::Full => Unplayed::FullPointBye,
                ByeKind::Half => Unplayed::HalfPointBye,
                ByeKind::Zero => Unplayed::ZeroPointBye,
            };
            Slot::without_opponent(kind, score)
        }
        Entry::None => Slot::absent(),
    }
}

impl Crosstable {
    /// The recorded results of rounds 1..=`rounds` (default: every recorded round).
    pub fn from_tournament(t: &Tournament, rounds: Option<u32>) -> Crosstable {
        let rounds = rounds.unwrap_or(t.rounds.len() as u32);
        let withdrawn = crate::impute::effective_withdrawals(t, &[]);
        let table = t.entries(rounds);
        let lines = t
            .players
            .iter()
            .zip(&table)
            .map(|(p, row)| Line {
                start_no: p.start_no,
                rating: p.rating,
                present: true,
                withdrawn: withdrawn.iter().any(|w| w.player == p.start_no),
                slots: row.iter().map(|&e| slot_of(e)).collect(),
            })
            .collect();
        let ps = t.point_system();
        let ranking_points = (!ps.is_standard()).then(|| {
            table
                .iter()
                .map(|row| Number::Exact(i64::from(ps.total(row)) * 10))
                .collect()
        });
        Crosstable {
            format_system: t.format.system(),
            rounds,
            lines,
            ranking_points,
        }
    }

    /// The crosstable under a withdrawal policy of `analysis` (see [`crate::impute::analyse`]).
    ///
    /// How imputed games count (our reading of C.07 for a case it does not foresee):
    /// - `forfeit` (and `fide` where it resolves to forfeit): each unplayed game is a forfeit
    ///   win for the opponent and a forfeit loss for the withdrawn player, exactly as a TRF with
    ///   `+`/`-` entries; two withdrawn players who never met: a double forfeit.
    /// - `annul` (and `fide` where it resolves to annul): the withdrawn player leaves the table
    ///   and every game against them, played or not, is removed: for the others those rounds
    ///   count as rounds without a game (like the free round of an odd round-robin).
    /// - `elo`, `performance`, `bayes`: each unplayed game becomes an *imputed* game against the
    ///   scheduled opponent, scoring the imputed fraction (and the complement for the withdrawn
    ///   player). In a round-robin it counts as a game for BH, SB, DE and KS — as forfeits do in
    ///   C.07 art. 16 for round-robins — with its fractional score; it is not a game over the
    ///   board (no ARO, TPR, PTP, BPG, WON, BWG) and counts for WIN and REP only if it scores a
    ///   full point. Values built from it are real numbers ([`Number::Real`]).
    ///
    /// A game whose round the pairings do not give is placed in an extra round after the last.
    /// The withdrawn player's byes after withdrawing count nothing, as in the policy's points.
    pub fn under_policy(
        t: &Tournament,
        analysis: &Analysis,
        policy: Policy,
        rounds: Option<u32>,
    ) -> Crosstable {
        let mut ct = Crosstable::from_tournament(t, rounds);
        // A policy's imputed games have standard points only.
        ct.ranking_points = None;
        let outcome = analysis.outcome(policy);
        for w in &analysis.withdrawn {
            let line = &mut ct.lines[w.player];
            line.withdrawn = true;
            for r in (w.after_round + 1)..=ct.rounds {
                let s = line.slot_mut(r);
                if s.opponent.is_none() {
                    *s = Slot::absent();
                }
            }
        }
        for &(w, resolved) in &outcome.resolved {
            if resolved == Policy::Annul {
                ct.annul(w);
            }
        }
        for g in &outcome.games {
            let (Some(score), Some(opp_score)) = (g.score, g.opponent_score) else {
                continue;
            };
            let resolved_forfeit = matches!(policy, Policy::Forfeit | Policy::Fide);
            let (a_kind, b_kind) = if !resolved_forfeit {
                (Unplayed::Imputed, Unplayed::Imputed)
            } else if score == 0.0 && opp_score == 0.0 {
                // The forfeit policy scores two withdrawn players who never met 0–0.
                (Unplayed::DoubleForfeit, Unplayed::DoubleForfeit)
            } else if score >= opp_score {
                (Unplayed::ForfeitWin, Unplayed::ForfeitLoss)
            } else {
                (Unplayed::ForfeitLoss, Unplayed::ForfeitWin)
            };
            let round = match g.round.filter(|&r| r <= ct.rounds) {
                Some(r) => r,
                None => ct.free_round_for(g.player, g.opponent),
            };
            let colour = ct.lines[g.player].slot(round).colour;
            *ct.lines[g.player].slot_mut(round) = Slot {
                kind: a_kind,
                opponent: Some(g.opponent),
                colour,
                score: Number::real(score),
                rated: false,
            };
            *ct.lines[g.opponent].slot_mut(round) = Slot {
                kind: b_kind,
                opponent: Some(g.player),
                colour: colour.map(Color::opposite),
                score: Number::real(opp_score),
                rated: false,
            };
        }
        ct
    }

    /// Removes player `w` from the table and every game against them.
    fn annul(&mut self, w: StartNo) {
        self.lines[w].present = false;
        for line in self.lines.values_mut() {
            for s in &mut line.slots {
                if s.opponent == Some(w) {
                    *s = Slot::without_opponent(Unplayed::Annulled, Number::ZERO);
                }
            }
        }
    }

    /// The first round in which neither `a` nor `b` has anything recorded, adding a round at
    /// the end when there is none.
    fn free_round_for(&mut self, a: StartNo, b: StartNo) -> u32 {
        let free = |ct: &Crosstable, r: u32| {
            [a, b].iter().all(|&p| {
                let s = ct.lines[p].slot(r);
                s.kind == Unplayed::Absent
            })
        };
        if let Some(r) = ((self.rounds_recorded() + 1)..=self.rounds).find(|&r| free(self, r)) {
            return r;
        }
        self.rounds += 1;
        for line in self.lines.values_mut() {
            line.slots.push(Slot::absent());
        }
        self.rounds
    }

    fn rounds_recorded(&self) -> u32 {
        (1..=self.rounds)
            .rev()
            .find(|&r| {
                self.lines
                    .values()
                    .any(|l| l.slot(r).kind != Unplayed::Absent)
            })
            .unwrap_or(0)
    }

    pub fn line(&self, p: StartNo) -> &Line {
        &self.lines[p]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Bye, Game, Outcome, Round};

    /// The one-pass table gives exactly `Tournament::entry`, also on data where a player
    /// appears twice in a round or has both a game and a bye (the first game wins, then the
    /// first bye), and the scores are `Tournament::score`.
    #[test]
    fn entries_match_entry_per_player_and_round() {
        let mut odd = crate::example::withdrawal();
        let game = |white, black, o| Game {
            white,
            black,
            result: GameResult::Played(o),
        };
        odd.rounds.push(Round {
            games: vec![
                game(1, 2, Outcome::WhiteWins),
                game(3, 1, Outcome::Draw),
                Game {
                    white: 4,
                    black: 5,
                    result: GameResult::Pending,
                },
            ],
            byes: vec![
                Bye {
                    player: 2,
                    kind: ByeKind::Full,
                },
                Bye {
                    player: 6,
                    kind: ByeKind::Half,
                },
                Bye {
                    player: 6,
                    kind: ByeKind::Zero,
                },
            ],
        });
        for t in [
            crate::example::complete(),
            crate::example::withdrawal(),
            odd,
        ] {
            let rounds = t.rounds.len() as u32;
            let table = t.entries(rounds + 1);
            let scores = t.scores();
            for (i, p) in t.players.iter().enumerate() {
                assert_eq!(table[i].len(), rounds as usize + 1);
                for (r, &entry) in (1..).zip(&table[i]) {
                    assert_eq!(entry, t.entry(p.start_no, r));
                }
                assert_eq!(scores[i], t.score(p.start_no));
            }
        }
    }
}
