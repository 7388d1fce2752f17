//! Each method's prediction of the opponent's score in an unplayed game, from what W's played
//! games show: the formula of [`crate::impute`], restated for the inner loop.

use crate::impute::shrinkage_weight;

/// What the formula of [`crate::impute`] knows about W after n played games: the six
/// predictions game by game, the reference the tests check against `impute::analyse` (the study
/// computes [`residual`] and [`fitted`] in SIMD lanes, two W at a time: `Study::pair_of_w`).
#[cfg(test)]
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
}

impl Weights {
    pub(super) fn new(played: u32, k: f64) -> Weights {
        Weights {
            weight: shrinkage_weight(played, k),
            weight_performance: shrinkage_weight(played, 0.0),
        }
    }

    /// w₀, performance's weight (w at k = 0).
    pub(super) fn performance(&self) -> f64 {
        self.weight_performance
    }

    /// w, Bayes's weight.
    pub(super) fn bayes(&self) -> f64 {
        self.weight
    }
}

#[cfg(test)]
impl Withdrawn {
    /// From W's played games: `e[g]` = E(opponent_g, W), `s[g]` = the opponent's score.
    pub(super) fn new(e: &[f64], s: &[f64], scheduled: u32, k: f64) -> Withdrawn {
        let n = e.len() as u32;
        let weights = Weights::new(n, k);
        let (sum_y, sum_e) = e
            .iter()
            .zip(s)
            .fold((0.0, 0.0), |(y, x), (&eg, &sg)| (y + sg, x + eg));
        Withdrawn {
            residual: residual(sum_y, sum_e, n),
            weight: weights.weight,
            weight_performance: weights.weight_performance,
            fide_annuls: 2 * n < scheduled,
        }
    }

    /// The six predictions of the opponent's score in an unplayed game with E(i, W) = `e`, in
    /// [`METHODS`](super::METHODS) order, and which of them the clamp to [0, 1] changed.
    #[inline]
    pub(super) fn predict(&self, e: f64) -> ([f64; 6], [bool; 6]) {
        let weights = Weights {
            weight: self.weight,
            weight_performance: self.weight_performance,
        };
        let ([elo, p, b], [p_clamped, b_clamped]) = fitted(e, self.residual, &weights);
        let fide = if self.fide_annuls { 0.5 } else { 1.0 };
        (
            [1.0, 0.5, elo, p, b, fide],
            [false, false, false, p_clamped, b_clamped, false],
        )
    }
}

/// # Formula
/// δ_W = s̄ − Ē over W's n played games (s̄ the opponents' mean score, Ē their mean expected
/// score; the (1 − s̄_W) − Ē of `impute::analyse` with W's own score s̄_W = 1 − s̄), 0 when n = 0.
/// From the sums Σs and ΣE.
#[cfg(test)]
pub(super) fn residual(sum_s: f64, sum_e: f64, n: u32) -> f64 {
    if n == 0 {
        0.0
    } else {
        (sum_s - sum_e) / f64::from(n)
    }
}

/// The predictions of the three fitted methods for an unplayed game with E(i, W) = `e` and W's
/// residual δ: Elo E, performance clamp(E + w₀δ), Bayes clamp(E + wδ) (clamped to [0, 1]),
/// and whether the clamp changed performance and Bayes. The study computes the same in SIMD
/// lanes (`Study::pair_of_w`); this is the reference the tests compare with `impute`.
#[cfg(test)]
pub(super) fn fitted(e: f64, residual: f64, weights: &Weights) -> ([f64; 3], [bool; 2]) {
    let performance = e + weights.weight_performance * residual;
    let bayes = e + weights.weight * residual;
    let (p, b) = (unit_clamp(performance), unit_clamp(bayes));
    ([e, p, b], [p != performance, b != bayes])
}

/// x clamped to [0, 1] by two selects (the same result as `f64::clamp` for every number).
#[cfg(test)]
fn unit_clamp(x: f64) -> f64 {
    let low = if x < 0.0 { 0.0 } else { x };
    if low > 1.0 {
        1.0
    } else {
        low
    }
}
