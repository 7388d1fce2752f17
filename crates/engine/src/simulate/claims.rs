//! The paper's five headline claims next to ours, each with a verdict.

use super::paper;
use super::summary::Summary;
use serde::{Deserialize, Serialize};

/// How one of our numbers compares with the paper's claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Same direction and within [`AGREEMENT_PP`] percentage points (or exactly as claimed).
    Holds,
    /// Same direction, different size.
    DirectionOnly,
    /// Not even the direction.
    DoesNotHold,
}

/// Percentage points within which a percentage counts as agreeing with the paper's. A
/// presentation choice: the paper's settings are unknown, so only the rough size can agree.
pub const AGREEMENT_PP: f64 = 5.0;

/// One line of the "paper vs ours" comparison.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClaimCheck {
    pub claim: &'static str,
    pub paper: String,
    pub ours: String,
    pub verdict: Verdict,
}

fn pct_verdict(ours: f64, paper: f64) -> Verdict {
    if (ours - paper).abs() <= AGREEMENT_PP {
        Verdict::Holds
    } else if ours > 0.0 {
        Verdict::DirectionOnly
    } else {
        Verdict::DoesNotHold
    }
}

impl Summary {
    /// The paper's five headline claims next to ours.
    pub fn compare_with_paper(&self) -> Vec<ClaimCheck> {
        let pct = |x: Option<f64>| x.map_or("n/a".to_string(), |v| format!("{v:.1} % lower"));
        let mut out = vec![ClaimCheck {
            claim: "Bayesian vs the FIDE rule, overall",
            paper: format!("{} % lower", paper::BAYES_VS_FIDE_PCT),
            ours: pct(Some(self.bayes_vs_fide_pct)),
            verdict: pct_verdict(self.bayes_vs_fide_pct, paper::BAYES_VS_FIDE_PCT),
        }];
        for (claim, ours, abstract_pct, text_pct) in [
            (
                "Bayesian vs forfeit, where FIDE forfeits",
                self.bayes_vs_forfeit_where_fide_forfeits_pct,
                paper::BAYES_VS_FORFEIT_PCT,
                paper::BAYES_VS_FORFEIT_TEXT_PCT,
            ),
            (
                "Bayesian vs annulment, where FIDE annuls",
                self.bayes_vs_annul_where_fide_annuls_pct,
                paper::BAYES_VS_ANNUL_PCT,
                paper::BAYES_VS_ANNUL_TEXT_PCT,
            ),
        ] {
            out.push(ClaimCheck {
                claim,
                paper: format!("{abstract_pct} % lower ({text_pct} %)"),
                ours: pct(ours),
                verdict: ours.map_or(Verdict::DoesNotHold, |v| pct_verdict(v, abstract_pct)),
            });
        }
        out.push(ClaimCheck {
            claim: "Bayesian below both FIDE rules",
            paper: format!("in all {} scenarios", paper::BAYES_BEATS_BOTH_IN),
            ours: format!(
                "in {} of {}",
                self.bayes_beats_both_fide_rules, self.scenarios
            ),
            // A claim about every scenario: one exception refutes it.
            verdict: if self.bayes_beats_both_fide_rules == self.scenarios {
                Verdict::Holds
            } else {
                Verdict::DoesNotHold
            },
        });
        let (lo, hi) = paper::ANNUL_VS_FORFEIT_RANGE_PCT;
        let (min, max) = (self.annul_vs_forfeit_min_pct, self.annul_vs_forfeit_max_pct);
        out.push(ClaimCheck {
            claim: "Annulment below forfeit in every scenario",
            paper: format!("{lo}–{hi} % lower"),
            ours: format!("{min:.1}–{max:.1} % lower"),
            verdict: if min >= lo - AGREEMENT_PP && max <= hi + AGREEMENT_PP {
                Verdict::Holds
            } else if min > 0.0 {
                Verdict::DirectionOnly
            } else {
                Verdict::DoesNotHold
            },
        });
        out
    }
}
