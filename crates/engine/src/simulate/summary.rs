//! The result: one row per scenario, the paper's headline numbers computed our way, and the CSV.

use super::config::StudyConfig;
use super::methods::{PerMethod, METHODS};
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
    /// Scenarios where the Bayesian RMSE is below both the forfeit and the annulment RMSE.
    pub bayes_beats_both_fide_rules: u32,
    /// Scenarios where the Bayesian RMSE is the lowest of all six methods.
    pub bayes_lowest_of_all: u32,
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
                .filter(|r| r.rmse.bayes < r.rmse.forfeit && r.rmse.bayes < r.rmse.annul)
                .count() as u32,
            bayes_lowest_of_all: rows
                .iter()
                .filter(|r| {
                    METHODS
                        .iter()
                        .filter(|&&m| m != Policy::Bayes)
                        .all(|&m| r.rmse.bayes < r.rmse.get(m))
                })
                .count() as u32,
            scenarios: rows.len() as u32,
        }
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
        let mut out = String::from(CSV_HEADER);
        out.push('\n');
        for r in &self.scenarios {
            let rmse = r.rmse.to_array().map(|x| x.to_string()).join(",");
            out.push_str(&format!(
                "{},{},{},{rmse},{},{},{}\n",
                r.rating_sd,
                r.form,
                r.withdrawal_after,
                self.tournaments_per_scenario,
                self.k,
                self.seed
            ));
        }
        out
    }
}
