//! What a withdrawal does in a Swiss — the what-if for events the withdrawal policies (defined
//! for round-robins) do not cover.
//!
//! In a Swiss, a player who leaves changes every later pairing, and nobody can say who would
//! then have met whom. This view does not guess: it keeps every pairing as it was and asks
//! what the rules do to the rounds the player would have missed. Player W "withdraws after
//! round r": each of W's games in rounds r+1, r+2, … becomes a forfeit won by the opponent (what
//! the results list shows when a player stops turning up for paired games), W's byes in those
//! rounds count nothing, and W is marked withdrawn. Everything else stays. Standings and
//! tie-breaks are then computed by the same code as always ([`crate::tiebreak`]), so the
//! unplayed rounds count exactly as FIDE C.07 art. 16 says for the rule version chosen —
//! for W's own unplayed rounds, for the forfeit wins of W's later opponents, and for everyone
//! who met W earlier and whose Buchholz reads W's score — and are compared row by row with the
//! player staying (the recorded results).
//!
//! Rounds not paired yet are not invented: in an unfinished Swiss only the paired rounds
//! change.

use crate::impute::Params;
use crate::model::{ByeKind, Entry, Format, GameResult, StartNo, Tournament, Withdrawal};
use crate::standings::{self, Basis};
use crate::tiebreak::{Config, Number, Standings, Tiebreak};
use std::fmt;

/// Why a Swiss withdrawal cannot be shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwissWhatIfError {
    /// The event is a round-robin: its what-if compares the withdrawal policies.
    NotSwiss,
    UnknownPlayer(StartNo),
    /// The player has already withdrawn: there is no "staying" to compare with.
    AlreadyWithdrawn {
        player: StartNo,
        after_round: u32,
    },
    /// No paired round after `after_round`: nothing would change.
    NothingAfter {
        after_round: u32,
        paired: u32,
    },
}

impl fmt::Display for SwissWhatIfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwissWhatIfError::NotSwiss => f.write_str(
                "this view is for a Swiss; a round-robin's what-if compares the withdrawal policies",
            ),
            SwissWhatIfError::UnknownPlayer(p) => write!(f, "there is no player {p}"),
            SwissWhatIfError::AlreadyWithdrawn {
                player,
                after_round,
            } => write!(
                f,
                "player {player} already withdrew after round {after_round}: there is no staying \
                 to compare with"
            ),
            SwissWhatIfError::NothingAfter {
                after_round,
                paired,
            } => write!(
                f,
                "no round after round {after_round} is paired ({paired} paired): choose a round \
                 from 0 to {}",
                paired.saturating_sub(1)
            ),
        }
    }
}

impl std::error::Error for SwissWhatIfError {}

/// One of W's rounds after the withdrawal: what it was, and what it becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnplayedRound {
    pub round: u32,
    /// W's opponent in that round, when W had one.
    pub opponent: Option<StartNo>,
    /// W's entry as recorded.
    pub recorded: Entry,
    /// W's entry after the withdrawal (a forfeit loss, or an absence).
    pub withdrawn: Entry,
}

/// How a player is touched by W's withdrawal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// The player who withdraws.
    Withdrawn,
    /// Met W after the withdrawal round: now wins by forfeit.
    LaterOpponent,
    /// Met W up to the withdrawal round: W's score and unplayed rounds enter their tie-breaks.
    EarlierOpponent,
    /// Neither (only the order around them may move).
    Other,
}

/// One player's line with W staying and with W withdrawn.
#[derive(Clone, Debug, PartialEq)]
pub struct ComparedRow {
    pub start_no: StartNo,
    pub relation: Relation,
    pub rank_staying: u32,
    pub rank_withdrawn: u32,
    pub points_staying: Number,
    pub points_withdrawn: Number,
    /// One per tie-break of the list.
    pub values_staying: Vec<Option<Number>>,
    pub values_withdrawn: Vec<Option<Number>>,
}

impl ComparedRow {
    /// Anything differs: rank, points or a tie-break value.
    pub fn changed(&self) -> bool {
        self.rank_staying != self.rank_withdrawn
            || self.points_staying != self.points_withdrawn
            || self.values_staying != self.values_withdrawn
    }
}

/// The comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct SwissWhatIf {
    pub player: StartNo,
    pub after_round: u32,
    pub tiebreaks: Vec<Tiebreak>,
    pub unplayed: Vec<UnplayedRound>,
    /// Every player, in the order of the standings with W withdrawn.
    pub rows: Vec<ComparedRow>,
    /// The event as the comparison computed it (W's later rounds unplayed).
    pub withdrawn_event: Tournament,
}

/// The event with `player` withdrawn after `after_round`, the pairings kept (module docs).
pub fn withdraw_keeping_pairings(t: &Tournament, player: StartNo, after_round: u32) -> Tournament {
    let mut w = t.clone();
    for round in w.rounds.iter_mut().skip(after_round as usize) {
        for g in &mut round.games {
            if let Some(colour) = g.colour_of(player) {
                g.result = GameResult::Forfeit(Some(colour.opposite()));
            }
        }
        for b in &mut round.byes {
            if b.player == player {
                b.kind = ByeKind::Zero;
            }
        }
    }
    w.withdrawals.retain(|x| x.player != player);
    w.withdrawals.push(Withdrawal {
        player,
        after_round,
    });
    w
}

fn standings_of(t: &Tournament, config: &Config) -> Standings {
    standings::compute(t, Basis::Recorded, Params::default(), config).standings
}

/// What `player` withdrawing after `after_round` does to a Swiss, against staying, with the
/// tie-breaks of `config` (its list; empty: the event's own list).
pub fn swiss_withdrawal(
    t: &Tournament,
    player: StartNo,
    after_round: u32,
    config: &Config,
) -> Result<SwissWhatIf, SwissWhatIfError> {
    if !matches!(t.format, Format::Swiss { .. }) {
        return Err(SwissWhatIfError::NotSwiss);
    }
    if t.player(player).is_none() {
        return Err(SwissWhatIfError::UnknownPlayer(player));
    }
    if let Some(w) = t.withdrawal_of(player) {
        return Err(SwissWhatIfError::AlreadyWithdrawn {
            player,
            after_round: w.after_round,
        });
    }
    let paired = t.rounds.len() as u32;
    if after_round >= paired {
        return Err(SwissWhatIfError::NothingAfter {
            after_round,
            paired,
        });
    }
    let mut config = config.clone();
    if config.tiebreaks.is_empty() {
        config.tiebreaks = t.tiebreaks();
    }
    let withdrawn_event = withdraw_keeping_pairings(t, player, after_round);
    let staying = standings_of(t, &config);
    let withdrawn = standings_of(&withdrawn_event, &config);
    let unplayed = (after_round + 1..=paired)
        .map(|round| {
            let recorded = t.entry(player, round);
            UnplayedRound {
                round,
                opponent: match recorded {
                    Entry::Game { opponent, .. } => Some(opponent),
                    _ => None,
                },
                recorded,
                withdrawn: withdrawn_event.entry(player, round),
            }
        })
        .collect();
    let relation = |p: StartNo| {
        if p == player {
            return Relation::Withdrawn;
        }
        let met_in = (1..=paired)
            .find(|&r| matches!(t.entry(p, r), Entry::Game { opponent, .. } if opponent == player));
        match met_in {
            Some(r) if r > after_round => Relation::LaterOpponent,
            Some(_) => Relation::EarlierOpponent,
            None => Relation::Other,
        }
    };
    let rows = withdrawn
        .rows
        .iter()
        .filter_map(|after| {
            let before = staying.row(after.start_no)?;
            Some(ComparedRow {
                start_no: after.start_no,
                relation: relation(after.start_no),
                rank_staying: before.rank,
                rank_withdrawn: after.rank,
                points_staying: before.points,
                points_withdrawn: after.points,
                values_staying: before.values.iter().map(|v| v.value).collect(),
                values_withdrawn: after.values.iter().map(|v| v.value).collect(),
            })
        })
        .collect();
    Ok(SwissWhatIf {
        player,
        after_round,
        tiebreaks: config.tiebreaks,
        unplayed,
        rows,
        withdrawn_event,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event;
    use crate::model::{Outcome, Player};
    use crate::tiebreak::TiebreakRules;

    /// Eight players, five rounds paired by the Dutch engine, White wins on odd boards, draws on
    /// even ones.
    fn swiss() -> Tournament {
        let players = (0..8)
            .map(|i| Player {
                name: format!("P{}", i + 1),
                rating: Some(2200 - i * 40),
                ..Player::default()
            })
            .collect();
        let mut t = event::create("S", Format::Swiss { rounds: 5 }, players).expect("valid");
        for r in 0..5 {
            event::pair_next_round(&mut t).expect("pairs");
            for (b, g) in t.rounds[r].games.iter_mut().enumerate() {
                g.result = GameResult::Played(if b % 2 == 0 {
                    Outcome::WhiteWins
                } else {
                    Outcome::Draw
                });
            }
        }
        t
    }

    #[test]
    fn later_opponents_win_by_forfeit_and_the_points_move_exactly() {
        let t = swiss();
        let w = swiss_withdrawal(&t, 1, 2, &Config::default()).expect("computes");
        assert_eq!(w.unplayed.len(), 3);
        for u in &w.unplayed {
            let opponent = u.opponent.expect("paired");
            let Entry::Game { colour, result, .. } = u.withdrawn else {
                panic!("still a game")
            };
            assert_eq!(result, GameResult::Forfeit(Some(colour.opposite())));
            let row = w.rows.iter().find(|r| r.start_no == opponent).unwrap();
            assert_eq!(row.relation, Relation::LaterOpponent);
            // The opponent's points: the recorded ones plus what they did not have of the win.
            let had = t
                .round(u.round)
                .expect("a recorded round")
                .entry(opponent)
                .points()
                .unwrap();
            let gain = Number::half_points(2 - i64::from(had.0));
            assert_eq!(row.points_withdrawn, row.points_staying + gain);
        }
        let me = w.rows.iter().find(|r| r.start_no == 1).unwrap();
        assert_eq!(me.relation, Relation::Withdrawn);
        let kept: u32 = (1..=2).map(|r| t.entry(1, r).points().unwrap().0).sum();
        assert_eq!(me.points_withdrawn, Number::half_points(i64::from(kept)));
        // Points of everyone who never met W are unchanged.
        for r in w.rows.iter().filter(|r| r.relation == Relation::Other) {
            assert_eq!(r.points_staying, r.points_withdrawn);
        }
        assert_eq!(w.rows.len(), 8);
    }

    #[test]
    fn earlier_opponents_buchholz_follows_c07_unplayed_rounds() {
        let t = swiss();
        let config = Config {
            tiebreaks: vec!["BH".parse().unwrap()],
            rules: TiebreakRules::Fide2023,
            ..Config::default()
        };
        let w = swiss_withdrawal(&t, 1, 2, &config).expect("computes");
        // The same numbers as the tie-break code gives on the event with W's rounds unplayed.
        let direct = crate::tiebreak::standings(&withdraw_keeping_pairings(&t, 1, 2), &config);
        for row in &w.rows {
            let d = direct.row(row.start_no).unwrap();
            assert_eq!(row.values_withdrawn[0], d.values[0].value);
        }
        let earlier: Vec<&ComparedRow> = w
            .rows
            .iter()
            .filter(|r| r.relation == Relation::EarlierOpponent)
            .collect();
        assert_eq!(earlier.len(), 2);
        assert!(w.rows.iter().any(ComparedRow::changed));
    }

    #[test]
    fn refusals_are_explained() {
        let t = swiss();
        assert_eq!(
            swiss_withdrawal(&t, 1, 5, &Config::default()).unwrap_err(),
            SwissWhatIfError::NothingAfter {
                after_round: 5,
                paired: 5
            }
        );
        assert_eq!(
            swiss_withdrawal(&t, 99, 1, &Config::default()).unwrap_err(),
            SwissWhatIfError::UnknownPlayer(99)
        );
        let rr = crate::example::complete();
        assert_eq!(
            swiss_withdrawal(&rr, 1, 1, &Config::default()).unwrap_err(),
            SwissWhatIfError::NotSwiss
        );
        let mut gone = t.clone();
        gone.withdrawals.push(Withdrawal {
            player: 2,
            after_round: 3,
        });
        assert_eq!(
            swiss_withdrawal(&gone, 2, 1, &Config::default()).unwrap_err(),
            SwissWhatIfError::AlreadyWithdrawn {
                player: 2,
                after_round: 3
            }
        );
        assert!(swiss_withdrawal(&t, 1, 5, &Config::default())
            .unwrap_err()
            .to_string()
            .contains("from 0 to 4"));
    }
}
