//! Standings: the recorded results, or the results under a withdrawal policy.
//!
//! Order: points (descending), then start number — a documented, deterministic last key.
//! FIDE tie-breaks (C.07) come in between once implemented.

use crate::impute::{self, ImputeError, Params, Policy, StandingRow};
use crate::model::{StartNo, Tournament};

/// Standings from the recorded results (pending games count nothing); withdrawn players are
/// marked.
pub fn current(t: &Tournament) -> Vec<StandingRow> {
    let withdrawn = impute::effective_withdrawals(t, &[]);
    let points: Vec<Option<f64>> = (1..=t.players.len() as StartNo)
        .map(|p| Some(t.points(p).as_f64()))
        .collect();
    impute::rank_by_points(&points, |p| withdrawn.iter().any(|w| w.player == p))
}

/// Standings under `policy` for the event's withdrawals (recorded or detected). Without a
/// withdrawal, or in a Swiss (where the policies do not apply), these are [`current`].
pub fn under_policy(
    t: &Tournament,
    policy: Policy,
    params: Params,
) -> Result<Vec<StandingRow>, ImputeError> {
    let withdrawn = impute::effective_withdrawals(t, &[]);
    if withdrawn.is_empty() || !t.format.is_round_robin() {
        return Ok(current(t));
    }
    let analysis = impute::analyse(t, &withdrawn, params)?;
    Ok(analysis.outcome(policy).standings.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::example;

    #[test]
    fn current_standings_follow_recorded_points() {
        let t = example::complete();
        let rows = current(&t);
        assert_eq!(rows.len(), 10);
        for r in &rows {
            assert!((r.points - t.points(r.start_no).as_f64()).abs() < 1e-12);
            assert!(!r.withdrawn);
        }
    }

    #[test]
    fn forfeit_policy_equals_the_recorded_forfeits() {
        let t = example::withdrawal();
        let a = under_policy(&t, Policy::Forfeit, Params::default()).unwrap();
        let b = current(&t);
        assert_eq!(a, b);
        assert!(a.iter().any(|r| r.withdrawn && r.start_no == 4));
    }
}
