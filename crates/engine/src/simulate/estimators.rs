//! Each method's prediction of the opponent's score in an unplayed game, from what W's played
//! games show: the formula of [`crate::impute`], restated for the inner loop.

use crate::impute::shrinkage_weight;

/// What the formula of [`crate::impute`] knows about W after n played games.
#[derive(Clone, Copy, Debug)]
pub(super) struct Withdrawn {
    /// δ_W = (1 − s̄_W) − Ē (0 when n = 0), computed in the same order as `impute::analyse`.
    pub(super) residual: f64,
    /// w = n / (n + k), from `impute::shrinkage_weight`.
    pub(super) weight: f64,
    /// w at k = 0 (1 when n > 0).
    pub(super) weight_performance: f64,
    /// FIDE: annul when 2n < scheduled games.
    pub(super) fide_annuls: bool,
}

/// What the formula needs besides W's games: the same for every W of a scenario (n is fixed).
#[derive(Clone, Copy, Debug)]
pub(super) struct Weights {
    /// w = n / (n + k), from `impute::shrinkage_weight`.
    weight: f64,
    /// w at k = 0 (1 when n > 0).
    weight_performance: f64,
    /// FIDE: annul when 2n < scheduled games.
    fide_annuls: bool,
}

impl Weights {
    pub(super) fn new(played: u32, scheduled: u32, k: f64) -> Weights {
        Weights {
            weight: shrinkage_weight(played, k),
            weight_performance: shrinkage_weight(played, 0.0),
            fide_annuls: 2 * played < scheduled,
        }
    }
}

impl Withdrawn {
    /// From W's played games: `e[g]` = E(opponent_g, W), `s[g]` = the opponent's score.
    #[cfg(test)]
    pub(super) fn new(e: &[f64], s: &[f64], scheduled: u32, k: f64) -> Withdrawn {
        Withdrawn::with_weights(e, s, &Weights::new(e.len() as u32, scheduled, k))
    }

    /// [`Withdrawn::new`] with the scenario's [`Weights`] computed once.
    #[inline]
    pub(super) fn with_weights(e: &[f64], s: &[f64], weights: &Weights) -> Withdrawn {
        let n = e.len() as u32;
        let (mut w_points, mut sum_e) = (0.0, 0.0);
        for (&eg, &sg) in e.iter().zip(s) {
            w_points += 1.0 - sg;
            sum_e += eg;
        }
        let residual = if n == 0 {
            0.0
        } else {
            (1.0 - w_points / f64::from(n)) - sum_e / f64::from(n)
        };
        Withdrawn {
            residual,
            weight: weights.weight,
            weight_performance: weights.weight_performance,
            fide_annuls: weights.fide_annuls,
        }
    }

    /// The six predictions of the opponent's score in an unplayed game with E(i, W) = `e`, in
    /// [`METHODS`](super::METHODS) order, and which of them the clamp to [0, 1] changed.
    #[inline]
    pub(super) fn predict(&self, e: f64) -> ([f64; 6], [bool; 6]) {
        let performance = e + self.weight_performance * self.residual;
        let bayes = e + self.weight * self.residual;
        let (p, b) = (performance.clamp(0.0, 1.0), bayes.clamp(0.0, 1.0));
        let fide = if self.fide_annuls { 0.5 } else { 1.0 };
        (
            [1.0, 0.5, e, p, b, fide],
            [false, false, false, p != performance, b != bayes, false],
        )
    }
}
