//! Standings on a *basis*: the recorded results, or the crosstable a withdrawal policy makes of
//! them. [`compute`] is the one place that decides which basis applies to an event (a policy
//! changes nothing in a Swiss or without a withdrawal) and produces the standings with FIDE
//! tie-breaks (C.07, [`crate::tiebreak`]); the CLI and the app both call it.
//!
//! Order: points (descending), then the tie-breaks of the configuration, then start number — a
//! documented, deterministic last key.

use crate::impute::{self, ImputeError, Params, Policy};
use crate::model::{PerPlayer, StartNo, Tournament};
use crate::tiebreak::{self, Config, Crosstable, Standings, System};
use std::fmt;
use std::str::FromStr;

/// Which crosstable the standings are computed on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Basis {
    /// The results as recorded (what C.07 and the FIDE reference program compute on).
    #[default]
    Recorded,
    /// A withdrawal policy's crosstable: its imputed or removed games.
    Policy(Policy),
}

impl Basis {
    /// The id of [`Basis::Recorded`] (the CLI's `--policy recorded`).
    pub const RECORDED: &'static str = "recorded";

    /// Every basis: the recorded results, then each policy in [`Policy::ALL`] order.
    pub fn all() -> Vec<Basis> {
        std::iter::once(Basis::Recorded)
            .chain(Policy::ALL.into_iter().map(Basis::Policy))
            .collect()
    }

    /// `recorded` or the policy's id.
    pub fn id(self) -> &'static str {
        match self {
            Basis::Recorded => Basis::RECORDED,
            Basis::Policy(p) => p.id(),
        }
    }

    /// The policy, when the basis is one.
    pub fn policy(self) -> Option<Policy> {
        match self {
            Basis::Recorded => None,
            Basis::Policy(p) => Some(p),
        }
    }
}

impl fmt::Display for Basis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Basis {
    type Err = String;
    /// `recorded` or a policy id, ignoring case and surrounding blanks.
    fn from_str(s: &str) -> Result<Basis, String> {
        if s.trim().eq_ignore_ascii_case(Basis::RECORDED) {
            return Ok(Basis::Recorded);
        }
        s.parse().map(Basis::Policy).map_err(|e: String| {
            format!(
                "{e}, or {} (the recorded results, no withdrawal policy)",
                Basis::RECORDED
            )
        })
    }
}

/// Why the recorded results stand in for the requested policy.
#[derive(Clone, Debug, PartialEq)]
pub enum Fallback {
    /// The policies are defined for round-robins; a Swiss keeps its recorded results.
    Swiss,
    /// Nobody has withdrawn: every policy gives the recorded results.
    NoWithdrawal,
    /// The policy could not be computed (e.g. a rating is missing).
    Impute(ImputeError),
}

impl fmt::Display for Fallback {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fallback::Swiss => f.write_str(
                "Withdrawal policies apply to round-robins; a Swiss is computed on its recorded \
                 results.",
            ),
            Fallback::NoWithdrawal => {
                f.write_str("Nobody has withdrawn, so every policy gives the recorded results.")
            }
            Fallback::Impute(e) => write!(
                f,
                "The policy cannot be applied ({e}); these are the recorded results."
            ),
        }
    }
}

/// Why a withdrawal policy cannot change this event's standings, if it cannot (whatever the
/// policy and its parameters).
pub fn policies_unavailable(t: &Tournament) -> Option<Fallback> {
    if t.format.system() == System::Swiss {
        Some(Fallback::Swiss)
    } else if impute::effective_withdrawals(t, &[]).is_empty() {
        Some(Fallback::NoWithdrawal)
    } else {
        None
    }
}

/// Points per start number from the recorded results: each player's [`Tournament::score`], all
/// at once through [`Tournament::scores`] (this runs on every rules change in the app).
fn recorded_points(t: &Tournament) -> PerPlayer<Option<f64>> {
    let scores = t.scores();
    let mut points: PerPlayer<Option<f64>> = PerPlayer::filled(t.players.len(), None);
    for (p, &tenths) in t.players.iter().zip(&scores) {
        if let Some(slot) = points.get_mut(p.start_no) {
            slot.get_or_insert(f64::from(tenths) / 10.0);
        }
    }
    // A start number no player has scores nothing, as `Tournament::score` counts it.
    points.map(|s, p| p.or_else(|| Some(f64::from(t.score(s)) / 10.0)))
}

/// Standings computed on a basis, with what they were computed on.
#[derive(Clone, Debug, PartialEq)]
pub struct BasisStandings {
    /// The ranked rows with their tie-break values.
    pub standings: Standings,
    /// The crosstable the standings were computed on (what each round was, for explanations).
    pub crosstable: Crosstable,
    /// The basis the standings were computed on: the one requested, or [`Basis::Recorded`]
    /// when the recorded results stand in for a policy.
    pub basis: Basis,
    /// Why the recorded results stand in for the requested policy, when they do.
    pub fallback: Option<Fallback>,
    /// Players the basis leaves out of the table (annulment), by start number.
    pub removed: Vec<StartNo>,
    /// Under the FIDE rule: what it resolved to for each withdrawn player.
    pub resolved: Vec<(StartNo, Policy)>,
    /// Points per start number, as the basis counts them (`None` for a removed player): the
    /// recorded points, or the policy's totals of [`crate::impute::PolicyOutcome::points`]
    /// exactly as the imputation summed them.
    pub points: PerPlayer<Option<f64>>,
}

/// The standings of `t` on `basis`, with the tie-breaks of `config`: the one entry point for
/// "standings" in the engine.
///
/// A policy applies to a round-robin with a withdrawal (the event's own, see
/// [`impute::effective_withdrawals`]), at `params`; otherwise — a Swiss, nobody withdrawn, or
/// an imputation that cannot be computed — the recorded results stand in and
/// [`BasisStandings::fallback`] says why. How a policy's games count for tie-breaks:
/// [`Crosstable::under_policy`].
pub fn compute(t: &Tournament, basis: Basis, params: Params, config: &Config) -> BasisStandings {
    let recorded = |fallback: Option<Fallback>| {
        let crosstable = Crosstable::from_tournament(t, None);
        BasisStandings {
            standings: tiebreak::compute(&crosstable, config),
            crosstable,
            basis: Basis::Recorded,
            fallback,
            removed: Vec::new(),
            resolved: Vec::new(),
            points: recorded_points(t),
        }
    };
    let Basis::Policy(policy) = basis else {
        return recorded(None);
    };
    if let Some(why) = policies_unavailable(t) {
        return recorded(Some(why));
    }
    let withdrawn = impute::effective_withdrawals(t, &[]);
    let analysis = match impute::analyse(t, &withdrawn, params) {
        Ok(a) => a,
        Err(e) => return recorded(Some(Fallback::Impute(e))),
    };
    let crosstable = Crosstable::under_policy(t, &analysis, policy, None);
    let standings = tiebreak::compute(&crosstable, config);
    let removed = t
        .players
        .iter()
        .map(|p| p.start_no)
        .filter(|&p| standings.row(p).is_none())
        .collect();
    let outcome = analysis.outcome(policy);
    BasisStandings {
        standings,
        crosstable,
        basis,
        fallback: None,
        removed,
        resolved: if policy == Policy::Fide {
            outcome.resolved.clone()
        } else {
            Vec::new()
        },
        points: outcome.points.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::example;
    use crate::model::Format;

    fn plain() -> Config {
        Config::default()
    }

    #[test]
    fn recorded_standings_follow_recorded_points() {
        let t = example::complete();
        let s = compute(&t, Basis::Recorded, Params::default(), &plain());
        assert_eq!(s.standings.rows.len(), 10);
        assert!(s.fallback.is_none());
        for r in &s.standings.rows {
            assert!((r.points.to_f64() - t.points(r.start_no).as_f64()).abs() < 1e-12);
            assert!(!r.withdrawn);
        }
    }

    #[test]
    fn forfeit_policy_equals_the_recorded_forfeits() {
        let t = example::withdrawal();
        let a = compute(
            &t,
            Basis::Policy(Policy::Forfeit),
            Params::default(),
            &plain(),
        );
        let b = compute(&t, Basis::Recorded, Params::default(), &plain());
        assert!(a.fallback.is_none());
        assert_eq!(a.basis, Basis::Policy(Policy::Forfeit));
        assert_eq!(a.standings.rows, b.standings.rows);
        assert!(a
            .standings
            .rows
            .iter()
            .any(|r| r.withdrawn && r.start_no == 4));
    }

    #[test]
    fn the_policy_standings_are_the_imputation_standings() {
        let t = example::withdrawal();
        let params = Params::new(5.0, Default::default()).expect("valid");
        let a = impute::analyse(&t, &t.withdrawals, params).expect("analysis");
        for policy in Policy::ALL {
            let s = compute(&t, Basis::Policy(policy), params, &plain());
            let expected = &a.outcome(policy).standings;
            let got: Vec<(u32, StartNo)> = s
                .standings
                .rows
                .iter()
                .map(|r| (r.rank, r.start_no))
                .collect();
            let want: Vec<(u32, StartNo)> = expected.iter().map(|r| (r.rank, r.start_no)).collect();
            assert_eq!(got, want, "{policy}");
            assert_eq!(s.points, a.outcome(policy).points, "{policy}");
        }
    }

    #[test]
    fn a_swiss_or_an_event_without_withdrawal_falls_back_to_the_recorded_results() {
        let mut swiss = example::complete();
        swiss.format = Format::Swiss { rounds: 9 };
        let s = compute(
            &swiss,
            Basis::Policy(Policy::Bayes),
            Params::default(),
            &plain(),
        );
        assert_eq!(s.fallback, Some(Fallback::Swiss));
        assert_eq!(s.basis, Basis::Recorded);
        let t = example::complete();
        let s = compute(
            &t,
            Basis::Policy(Policy::Annul),
            Params::default(),
            &plain(),
        );
        assert_eq!(s.fallback, Some(Fallback::NoWithdrawal));
        assert_eq!(s.basis, Basis::Recorded);
        assert!(s.removed.is_empty());
    }

    #[test]
    fn a_missing_rating_falls_back_with_the_reason() {
        let mut t = example::withdrawal();
        t.players[0].rating = None;
        let s = compute(
            &t,
            Basis::Policy(Policy::Bayes),
            Params::default(),
            &plain(),
        );
        assert!(
            matches!(
                s.fallback,
                Some(Fallback::Impute(ImputeError::MissingRating { .. }))
            ),
            "{:?}",
            s.fallback
        );
    }

    #[test]
    fn basis_ids_round_trip_and_unknown_ids_are_refused() {
        let all = Basis::all();
        assert_eq!(all.len(), Policy::ALL.len() + 1);
        for b in all {
            assert_eq!(b.id().parse::<Basis>(), Ok(b));
            assert_eq!(b.to_string().to_uppercase().parse::<Basis>(), Ok(b));
        }
        let e = "magic".parse::<Basis>().unwrap_err();
        assert!(e.contains("recorded") && e.contains("bayes"), "{e}");
    }

    /// A 3/1/0 event ranks by its own points (a win and a loss beat two draws); the tie-breaks
    /// stay on standard points. Standard scoring would tie players 1 and 3.
    #[test]
    fn standings_rank_by_the_events_point_system() {
        use crate::model::{Game, GameResult, Outcome, Player, Round};
        let players = (1..=4)
            .map(|i| Player {
                name: format!("P{i}"),
                ..Player::default()
            })
            .collect();
        let mut t = Tournament::new("t", Format::Swiss { rounds: 2 }, players);
        let g = |white, black, o| Game {
            white,
            black,
            result: GameResult::Played(o),
        };
        t.rounds = vec![
            Round {
                games: vec![g(1, 2, Outcome::WhiteWins), g(3, 4, Outcome::Draw)],
                byes: vec![],
            },
            Round {
                games: vec![g(4, 1, Outcome::WhiteWins), g(3, 2, Outcome::Draw)],
                byes: vec![],
            },
        ];
        let ranks = |t: &Tournament| {
            let s = compute(t, Basis::Recorded, Params::default(), &plain()).standings;
            s.rows
                .iter()
                .map(|r| (r.start_no, r.rank, r.points.to_f64()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            ranks(&t),
            vec![(4, 1, 1.5), (1, 2, 1.0), (3, 2, 1.0), (2, 4, 0.5)]
        );
        t.set_point_system(crate::rules2026::PointSystem::parse(" W 3.0 D 1.0 L 0.0").unwrap());
        assert_eq!(
            ranks(&t),
            vec![(4, 1, 4.0), (1, 2, 3.0), (3, 3, 2.0), (2, 4, 1.0)]
        );
        let basis = compute(&t, Basis::Recorded, Params::default(), &plain());
        assert_eq!(basis.points[1], Some(3.0));
    }
}
