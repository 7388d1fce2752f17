//! The what-if explorer (docs/DESIGN.md, "The web app"): in an event where every game was played,
//! hide player P's games after round r, let each policy fill them in, and compare with what
//! really happened — the imputed scores against the real results of the hidden games, and each
//! policy's standings against the real final standings.
//!
//! # Formula
//! For the hidden games g = 1..m (each credited to P's opponent i_g, real score y_g, policy's
//! prediction ŷ_g): RMSE = √((1/m) Σ (ŷ_g − y_g)²). As in the paper's simulation study
//! (docs/DESIGN.md, "Simulation study"), annulment's per-game prediction is 0.5 and the FIDE rule
//! predicts as it resolves (0.5 when it annuls, 1 when it forfeits). The summary over every
//! player and round pools the squared errors of all hidden games of all cases.

use crate::impute::{self, ImputeError, Params, Policy, StandingRow};
use crate::model::{Entry, Format, PerPlayer, StartNo, Tournament};
use crate::sensitivity::hidden_after;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a what-if cannot be computed.
#[derive(Clone, Debug, PartialEq)]
pub enum WhatIfError {
    /// The policies are defined for round-robins.
    NotRoundRobin,
    /// Some scheduled game has no over-the-board result: there is no truth to compare with.
    Incomplete {
        player: StartNo,
        played: u32,
        scheduled: u32,
    },
    /// A round at or after the last one: nothing would be hidden.
    BadRound {
        after_round: u32,
        rounds: u32,
    },
    Impute(ImputeError),
}

impl fmt::Display for WhatIfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WhatIfError::NotRoundRobin => write!(
                f,
                "the what-if explorer needs a round-robin: the withdrawal policies are defined \
                 for round-robins only"
            ),
            WhatIfError::Incomplete {
                player,
                played,
                scheduled,
            } => write!(
                f,
                "the what-if explorer needs an event with every game played: player {player} \
                 played {played} of {scheduled} scheduled games over the board"
            ),
            WhatIfError::BadRound {
                after_round,
                rounds,
            } => write!(
                f,
                "withdrawing after round {after_round} of {rounds} hides no game: choose a \
                 round from 0 to {}",
                rounds.saturating_sub(1)
            ),
            WhatIfError::Impute(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for WhatIfError {}

impl From<ImputeError> for WhatIfError {
    fn from(e: ImputeError) -> WhatIfError {
        WhatIfError::Impute(e)
    }
}

/// Checks that `t` is a round-robin in which every player played every scheduled game over the
/// board (no pending games, no forfeits, no withdrawal).
pub fn check_complete(t: &Tournament) -> Result<(), WhatIfError> {
    if !matches!(t.format, Format::RoundRobin { .. }) {
        return Err(WhatIfError::NotRoundRobin);
    }
    let scheduled = t.scheduled_games_per_player();
    for p in 1..=t.players.len() as StartNo {
        let played = (1..=t.rounds.len() as u32)
            .filter(|&r| matches!(t.entry(p, r), Entry::Game { result, .. } if result.is_played()))
            .count() as u32;
        if played != scheduled {
            return Err(WhatIfError::Incomplete {
                player: p,
                played,
                scheduled,
            });
        }
    }
    Ok(())
}

/// One game the what-if hides.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HiddenGame {
    /// P's opponent, to whom the scores below are credited.
    pub player: StartNo,
    /// P.
    pub opponent: StartNo,
    pub round: u32,
    /// What `player` really scored.
    pub real: f64,
}

/// A player whose place under a policy differs from the real final standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlaceChange {
    pub start_no: StartNo,
    pub real_rank: u32,
    /// `None` when the policy removes the player (annulment).
    pub rank: Option<u32>,
}

/// One policy against the truth.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PolicyComparison {
    pub policy: Policy,
    /// What the policy amounts to for P (only `fide` differs from itself).
    pub resolved: Policy,
    /// Predicted score of each hidden game, in [`WhatIf::hidden`] order.
    pub predictions: Vec<f64>,
    /// Root mean square error of the predictions; `None` when nothing is hidden.
    pub rmse: Option<f64>,
    pub standings: Vec<StandingRow>,
    /// Players whose place differs from the real one (P included when removed).
    pub changes: Vec<PlaceChange>,
}

/// Each policy's answer to "what if P had withdrawn after round r?", next to the truth.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WhatIf {
    pub player: StartNo,
    pub after_round: u32,
    pub params: Params,
    /// Games P would not have played.
    pub hidden: Vec<HiddenGame>,
    /// The real final standings.
    pub real: Vec<StandingRow>,
    /// One per policy, in [`Policy::ALL`] order.
    pub policies: Vec<PolicyComparison>,
}

impl WhatIf {
    pub fn policy(&self, policy: Policy) -> &PolicyComparison {
        &self.policies[Policy::ALL.iter().position(|&p| p == policy).unwrap_or(0)]
    }
}

/// The real final standings of a complete event.
pub fn real_standings(t: &Tournament) -> Vec<StandingRow> {
    let points = PerPlayer::from_fn(t.players.len(), |p| Some(t.points(p).as_f64()));
    impute::rank_by_points(&points, |_| false)
}

fn rmse(sq: f64, m: usize) -> Option<f64> {
    (m > 0).then(|| (sq / m as f64).sqrt())
}

/// The what-if of `player` withdrawing after round `after_round` (0 ≤ r < rounds).
pub fn what_if(
    t: &Tournament,
    player: StartNo,
    after_round: u32,
    params: Params,
) -> Result<WhatIf, WhatIfError> {
    check_complete(t)?;
    compare(t, player, after_round, params, &real_standings(t))
}

fn compare(
    t: &Tournament,
    player: StartNo,
    after_round: u32,
    params: Params,
    real: &[StandingRow],
) -> Result<WhatIf, WhatIfError> {
    if t.player(player).is_none() {
        return Err(ImputeError::UnknownPlayer(player).into());
    }
    let rounds = t.scheduled_rounds();
    if after_round >= rounds {
        return Err(WhatIfError::BadRound {
            after_round,
            rounds,
        });
    }
    let copy = hidden_after(t, player, after_round);
    let a = impute::analyse(&copy, &copy.withdrawals, params)?;
    let hidden: Vec<HiddenGame> = a
        .unplayed
        .iter()
        .map(|g| {
            let round = g.round.unwrap_or(0);
            let real = match t.entry(g.player, round) {
                Entry::Game { colour, result, .. } => {
                    result.points_for(colour).map_or(0.0, |h| h.as_f64())
                }
                _ => 0.0,
            };
            HiddenGame {
                player: g.player,
                opponent: g.opponent,
                round,
                real,
            }
        })
        .collect();
    let rank_of =
        |rows: &[StandingRow], p: StartNo| rows.iter().find(|r| r.start_no == p).map(|r| r.rank);
    let policies = Policy::ALL
        .iter()
        .map(|&policy| {
            let o = a.outcome(policy);
            let resolved = o
                .resolved
                .iter()
                .find(|(p, _)| *p == player)
                .map_or(policy, |(_, r)| *r);
            let predictions: Vec<f64> = o.games.iter().map(|g| g.score.unwrap_or(0.5)).collect();
            let sq: f64 = predictions
                .iter()
                .zip(&hidden)
                .map(|(p, h)| (p - h.real).powi(2))
                .sum();
            let changes = real
                .iter()
                .filter_map(|r| {
                    let rank = rank_of(&o.standings, r.start_no);
                    (rank != Some(r.rank)).then_some(PlaceChange {
                        start_no: r.start_no,
                        real_rank: r.rank,
                        rank,
                    })
                })
                .collect();
            PolicyComparison {
                policy,
                resolved,
                rmse: rmse(sq, hidden.len()),
                predictions,
                standings: o.standings.clone(),
                changes,
            }
        })
        .collect();
    Ok(WhatIf {
        player,
        after_round,
        params,
        hidden,
        real: real.to_vec(),
        policies,
    })
}

/// One policy over every (player, round) of an event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PolicySummary {
    pub policy: Policy,
    /// RMSE over every hidden game of every case.
    pub pooled_rmse: f64,
    /// Mean over the cases of each case's RMSE.
    pub mean_rmse: f64,
    /// Mean number of players whose place differs from the real one.
    pub mean_places_changed: f64,
    /// Cases in which this policy had the lowest RMSE (ties count for each).
    pub best_in: u32,
}

/// "Which policy was closest on average for this event": every player, every round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WhatIfSummary {
    pub params: Params,
    /// (player, round) pairs compared.
    pub cases: u32,
    /// Hidden games over all cases.
    pub games: u32,
    /// One per policy, in [`Policy::ALL`] order.
    pub policies: Vec<PolicySummary>,
    /// The policy with the lowest pooled RMSE (the first of [`Policy::ALL`] on a tie).
    pub closest: Policy,
}

/// Ties in RMSE closer than this count as ties.
pub const RMSE_TIE: f64 = 1e-12;

/// Runs [`what_if`] for every player and every round r = 0 .. rounds − 1 and summarises.
pub fn what_if_all(t: &Tournament, params: Params) -> Result<WhatIfSummary, WhatIfError> {
    check_complete(t)?;
    let real = real_standings(t);
    let np = Policy::ALL.len();
    let (mut sq, mut rmse_sum, mut places, mut best) =
        (vec![0.0; np], vec![0.0; np], vec![0.0; np], vec![0u32; np]);
    let (mut cases, mut games) = (0u32, 0u32);
    for player in 1..=t.players.len() as StartNo {
        for r in 0..t.scheduled_rounds() {
            let w = compare(t, player, r, params, &real)?;
            if w.hidden.is_empty() {
                continue;
            }
            cases += 1;
            games += w.hidden.len() as u32;
            let mut lowest = f64::INFINITY;
            for (i, c) in w.policies.iter().enumerate() {
                sq[i] += c
                    .predictions
                    .iter()
                    .zip(&w.hidden)
                    .map(|(p, h)| (p - h.real).powi(2))
                    .sum::<f64>();
                let e = c.rmse.unwrap_or(0.0);
                rmse_sum[i] += e;
                places[i] += c.changes.len() as f64;
                lowest = lowest.min(e);
            }
            for (i, c) in w.policies.iter().enumerate() {
                if c.rmse.unwrap_or(0.0) <= lowest + RMSE_TIE {
                    best[i] += 1;
                }
            }
        }
    }
    let n = f64::from(cases.max(1));
    let policies: Vec<PolicySummary> = Policy::ALL
        .iter()
        .enumerate()
        .map(|(i, &policy)| PolicySummary {
            policy,
            pooled_rmse: (sq[i] / f64::from(games.max(1))).sqrt(),
            mean_rmse: rmse_sum[i] / n,
            mean_places_changed: places[i] / n,
            best_in: best[i],
        })
        .collect();
    let closest = policies
        .iter()
        .fold(None::<&PolicySummary>, |acc, p| match acc {
            Some(a) if a.pooled_rmse <= p.pooled_rmse + RMSE_TIE => Some(a),
            _ => Some(p),
        })
        .map_or(Policy::Bayes, |p| p.policy);
    Ok(WhatIfSummary {
        params,
        cases,
        games,
        policies,
        closest,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::example;

    fn k3() -> Params {
        Params::default()
    }

    #[test]
    fn the_withdrawal_example_is_not_complete() {
        let e = what_if(&example::withdrawal(), 4, 5, k3()).unwrap_err();
        assert!(matches!(e, WhatIfError::Incomplete { .. }), "{e}");
        assert!(e.to_string().contains("every game played"));
    }

    #[test]
    fn hides_the_later_games_and_scores_them_against_the_truth() {
        let t = example::complete();
        let w = what_if(&t, 4, 5, k3()).unwrap();
        assert_eq!(w.hidden.len(), 4, "rounds 6–9");
        for h in &w.hidden {
            assert!(h.round > 5);
            assert_eq!(h.opponent, 4);
        }
        // Forfeit predicts 1 for every hidden game: its RMSE is √(mean (1 − y)²).
        let want = (w.hidden.iter().map(|h| (1.0 - h.real).powi(2)).sum::<f64>() / 4.0).sqrt();
        let forfeit = w.policy(Policy::Forfeit);
        assert!((forfeit.rmse.unwrap() - want).abs() < 1e-12);
        // 5 of 9 played: FIDE forfeits.
        assert_eq!(w.policy(Policy::Fide).resolved, Policy::Forfeit);
        assert_eq!(w.policy(Policy::Fide).rmse, forfeit.rmse);
        // Annulment predicts 0.5 and removes P from the table.
        let annul = w.policy(Policy::Annul);
        assert!(annul.predictions.iter().all(|&p| p == 0.5));
        assert!(annul
            .changes
            .iter()
            .any(|c| c.start_no == 4 && c.rank.is_none()));
        // Bayes equals the withdrawal view's numbers for the same situation.
        let a = impute::analyse(
            &example::withdrawal(),
            &[crate::Withdrawal {
                player: 4,
                after_round: 5,
            }],
            k3(),
        )
        .unwrap();
        let bayes: Vec<f64> = a
            .outcome(Policy::Bayes)
            .games
            .iter()
            .map(|g| g.score.unwrap())
            .collect();
        assert_eq!(w.policy(Policy::Bayes).predictions, bayes);
    }

    #[test]
    fn place_changes_are_exactly_the_differing_ranks() {
        let t = example::complete();
        let w = what_if(&t, 1, 2, k3()).unwrap();
        for c in &w.policies {
            for r in &w.real {
                let rank = c
                    .standings
                    .iter()
                    .find(|s| s.start_no == r.start_no)
                    .map(|s| s.rank);
                let listed = c.changes.iter().any(|x| x.start_no == r.start_no);
                assert_eq!(
                    listed,
                    rank != Some(r.rank),
                    "{:?} {}",
                    c.policy,
                    r.start_no
                );
            }
        }
    }

    #[test]
    fn last_round_is_the_latest_possible() {
        let t = example::complete();
        assert!(what_if(&t, 1, 8, k3()).is_ok());
        assert!(matches!(
            what_if(&t, 1, 9, k3()),
            Err(WhatIfError::BadRound { .. })
        ));
    }

    #[test]
    fn summary_covers_every_player_and_round() {
        let t = example::complete();
        let s = what_if_all(&t, k3()).unwrap();
        assert_eq!(s.cases, 90);
        // Player p withdrawing after r hides 9 − r games: Σ_r (9 − r) = 45 per player.
        assert_eq!(s.games, 450);
        let best: u32 = s.policies.iter().map(|p| p.best_in).sum();
        assert!(best >= s.cases);
        let closest = s
            .policies
            .iter()
            .map(|p| p.pooled_rmse)
            .fold(f64::INFINITY, f64::min);
        assert!(
            (s.policies
                .iter()
                .find(|p| p.policy == s.closest)
                .unwrap()
                .pooled_rmse
                - closest)
                .abs()
                < 1e-12
        );
        // Forfeit is never closer than Elo-only on a field this even.
        let get = |p: Policy| {
            s.policies
                .iter()
                .find(|x| x.policy == p)
                .unwrap()
                .pooled_rmse
        };
        assert!(get(Policy::Elo) < get(Policy::Forfeit));
    }
}
