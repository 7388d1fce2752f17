//! The result: one row per scenario, the paper's headline numbers computed our way, and the CSV.

use super::config::StudyConfig;
use super::methods::{PerMethod, METHODS};
use crate::csv_text::CsvWriter;
use crate::impute::Policy;
use serde::{Deserialize, Serialize};

/// One row of the result table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScenarioResult {
    pub rating_sd: f64,
    pub form: f64,
    pub withdrawal_after: u32,
    /// What the FIDE rule does in this scenario: `annul` or `forfeit`.
    pub fide_resolves_to: Policy,
    pub tournaments: u64,
    /// Unplayed games pooled: tournaments × players × (scheduled − n).
    pub unplayed_games: u64,
    /// Root-mean-square error of each method's prediction of the opponent's score.
    pub rmse: PerMethod<f64>,
    /// Mean error (predicted − actual): positive means the method credits the opponents too much.
    pub bias: PerMethod<f64>,
    /// Unplayed games where the clamp to [0, 1] changed the prediction.
    pub clamped: PerMethod<u64>,
}

impl ScenarioResult {
    /// The method(s) with the lowest RMSE in this scenario, in [`METHODS`] order: the one
    /// definition of "best" behind [`Summary::best_in`], the CLI's table and the app's table and
    /// note.
    ///
    /// # Ties
    /// A tie is a tie: every method whose RMSE equals the lowest is best, none of them preferred,
    /// and each counts the scenario in [`Summary::best_in`]. RMSEs are compared exactly. Ties are
    /// no rounding accidents here: they arise where two methods predict the same score for every
    /// game, scored on the same draws with the same operations, so their RMSEs are the same bits
    /// — the FIDE rule always ties with the rule it resolves to, and `performance` ties `bayes`
    /// at k = 0. Any other two methods differ somewhere, and a tolerance would only hide that.
    pub fn best_methods(&self) -> Vec<Policy> {
        let lowest = METHODS
            .iter()
            .map(|&m| self.rmse.get(m))
            .fold(f64::INFINITY, f64::min);
        METHODS
            .iter()
            .copied()
            .filter(|&m| self.rmse.get(m) == lowest)
            .collect()
    }

    /// Whether the Bayesian RMSE is below both FIDE rules' (forfeit's and annulment's), the
    /// paper's "lower than both FIDE rules". Strictly below: a tie with a rule is no win over it.
    pub fn bayes_beats_both_fide_rules(&self) -> bool {
        self.rmse.bayes < self.rmse.forfeit && self.rmse.bayes < self.rmse.annul
    }
}

/// # Formula
/// 100 · (1 − a / b): how many percent lower a is than b.
pub fn percent_lower(a: f64, b: f64) -> f64 {
    100.0 * (1.0 - a / b)
}

/// The paper's headline numbers, computed our way.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Bayesian vs the FIDE rule over all scenarios: [`percent_lower`] of the mean RMSEs.
    pub bayes_vs_fide_pct: f64,
    /// Bayesian vs forfeit over the scenarios where FIDE forfeits (`None` if there are none).
    pub bayes_vs_forfeit_where_fide_forfeits_pct: Option<f64>,
    /// Bayesian vs annulment over the scenarios where FIDE annuls (`None` if there are none).
    pub bayes_vs_annul_where_fide_annuls_pct: Option<f64>,
    /// The smallest and largest per-scenario "annulment x % lower than forfeit".
    pub annul_vs_forfeit_min_pct: f64,
    pub annul_vs_forfeit_max_pct: f64,
    /// Scenarios where the Bayesian RMSE is below both the forfeit and the annulment RMSE
    /// ([`ScenarioResult::bayes_beats_both_fide_rules`]).
    pub bayes_beats_both_fide_rules: u32,
    /// Scenarios where the Bayesian RMSE is the lowest of all six methods, ties included: the
    /// same number as `best_in.bayes`.
    pub bayes_lowest_of_all: u32,
    /// Scenarios in which each method was best ([`ScenarioResult::best_methods`]). A tie counts
    /// the scenario for every tied method, so the counts can add up to more than `scenarios`.
    #[serde(default)]
    pub best_in: PerMethod<u32>,
    pub scenarios: u32,
}

impl Summary {
    pub fn new(rows: &[ScenarioResult]) -> Summary {
        let mean = |f: &dyn Fn(&ScenarioResult) -> f64, keep: &dyn Fn(&ScenarioResult) -> bool| {
            let picked: Vec<f64> = rows.iter().filter(|r| keep(r)).map(f).collect();
            if picked.is_empty() {
                None
            } else {
                Some(picked.iter().sum::<f64>() / picked.len() as f64)
            }
        };
        let lower_where = |other: Policy, resolves: Option<Policy>| -> Option<f64> {
            let keep = |r: &ScenarioResult| resolves.is_none_or(|p| r.fide_resolves_to == p);
            Some(percent_lower(
                mean(&|r| r.rmse.bayes, &keep)?,
                mean(&|r| r.rmse.get(other), &keep)?,
            ))
        };
        let annul_vs_forfeit: Vec<f64> = rows
            .iter()
            .map(|r| percent_lower(r.rmse.annul, r.rmse.forfeit))
            .collect();
        let best_in = PerMethod::from_array(METHODS.map(|m| {
            rows.iter()
                .filter(|r| r.best_methods().contains(&m))
                .count() as u32
        }));
        Summary {
            bayes_vs_fide_pct: lower_where(Policy::Fide, None).unwrap_or(f64::NAN),
            bayes_vs_forfeit_where_fide_forfeits_pct: lower_where(
                Policy::Forfeit,
                Some(Policy::Forfeit),
            ),
            bayes_vs_annul_where_fide_annuls_pct: lower_where(Policy::Annul, Some(Policy::Annul)),
            annul_vs_forfeit_min_pct: annul_vs_forfeit.iter().copied().fold(f64::NAN, f64::min),
            annul_vs_forfeit_max_pct: annul_vs_forfeit.iter().copied().fold(f64::NAN, f64::max),
            bayes_beats_both_fide_rules: rows
                .iter()
                .filter(|r| r.bayes_beats_both_fide_rules())
                .count() as u32,
            bayes_lowest_of_all: best_in.bayes,
            best_in,
            scenarios: rows.len() as u32,
        }
    }
}

impl Summary {
    /// The method(s) best in the most scenarios ([`Summary::best_in`], ties included), in
    /// [`METHODS`] order; empty when there are no scenarios.
    pub fn best_overall(&self) -> Vec<Policy> {
        let most = METHODS.map(|m| self.best_in.get(m)).into_iter().max();
        METHODS
            .iter()
            .copied()
            .filter(|&m| most.is_some_and(|c| c > 0 && self.best_in.get(m) == c))
            .collect()
    }
}

/// The whole study's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StudyResult {
    pub seed: u64,
    pub tournaments_per_scenario: u64,
    pub k: f64,
    /// In [`StudyConfig::scenarios`] order.
    pub scenarios: Vec<ScenarioResult>,
    pub summary: Summary,
    /// Every setting, so that the result can be reproduced.
    pub config: StudyConfig,
}

/// The CSV header of [`StudyResult::to_csv`].
pub const CSV_HEADER: &str =
    "rating_sd,form,withdrawal_after,forfeit,annul,elo,performance,bayes,fide,tournaments,k,seed";

impl StudyResult {
    /// One row per scenario: the scenario, the six RMSEs (full precision), and the tournaments,
    /// k and seed that reproduce it.
    pub fn to_csv(&self) -> String {
        let mut csv = CsvWriter::new(CSV_HEADER.split(','));
        for r in &self.scenarios {
            let scenario = [
                r.rating_sd.to_string(),
                r.form.to_string(),
                r.withdrawal_after.to_string(),
            ];
            let rmse = r.rmse.to_array().map(|x| x.to_string());
            let run = [
                self.tournaments_per_scenario.to_string(),
                self.k.to_string(),
                self.seed.to_string(),
            ];
            csv.row(scenario.into_iter().chain(rmse).chain(run));
        }
        csv.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scenario whose RMSEs are `rmse`, in [`METHODS`] order.
    fn row(rmse: [f64; 6]) -> ScenarioResult {
        ScenarioResult {
            rating_sd: 30.0,
            form: 0.0,
            withdrawal_after: 2,
            fide_resolves_to: Policy::Annul,
            tournaments: 1,
            unplayed_games: 8,
            rmse: PerMethod::from_array(rmse),
            bias: PerMethod::default(),
            clamped: PerMethod::default(),
        }
    }

    use Policy::{Annul, Bayes, Elo, Fide, Forfeit, Performance};

    #[test]
    fn the_lowest_rmse_is_best() {
        // forfeit, annul, elo, performance, bayes, fide
        let r = row([0.5, 0.4, 0.3, 0.25, 0.2, 0.4]);
        assert_eq!(r.best_methods(), vec![Bayes]);
        assert!(r.bayes_beats_both_fide_rules());
    }

    #[test]
    fn a_tie_is_a_tie() {
        let fide_ties_annul = row([0.5, 0.1, 0.3, 0.25, 0.2, 0.1]);
        assert_eq!(fide_ties_annul.best_methods(), vec![Annul, Fide]);
        let at_k_zero = row([0.5, 0.4, 0.3, 0.2, 0.2, 0.4]);
        assert_eq!(at_k_zero.best_methods(), vec![Performance, Bayes]);
        // Below both FIDE rules is strict: a tie with annulment is no win over it.
        let bayes_ties_annul = row([0.5, 0.2, 0.3, 0.25, 0.2, 0.2]);
        assert_eq!(bayes_ties_annul.best_methods(), vec![Annul, Bayes, Fide]);
        assert!(!bayes_ties_annul.bayes_beats_both_fide_rules());
    }

    #[test]
    fn the_summary_counts_each_tied_method() {
        let rows = [
            row([0.5, 0.4, 0.3, 0.2, 0.2, 0.4]), // performance and bayes
            row([0.5, 0.4, 0.1, 0.2, 0.2, 0.4]), // elo
            row([0.5, 0.1, 0.3, 0.2, 0.2, 0.1]), // annul and fide
        ];
        let s = Summary::new(&rows);
        assert_eq!(s.best_in.to_array(), [0, 1, 1, 1, 1, 1]);
        assert_eq!(s.bayes_lowest_of_all, s.best_in.bayes);
        assert_eq!(s.bayes_beats_both_fide_rules, 2);
        assert_eq!(s.best_overall(), vec![Annul, Elo, Performance, Bayes, Fide]);
        let s = Summary::new(&rows[..1]);
        assert_eq!(s.best_overall(), vec![Performance, Bayes]);
        assert_eq!(Summary::new(&[]).best_overall(), Vec::<Policy>::new());
        assert!(!Summary::new(&rows).best_overall().contains(&Forfeit));
    }
}
