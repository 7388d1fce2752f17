//! The game model: the expected score from (true) strengths and the draw model that turns it
//! into a win, a draw or a loss.

use super::pow10::pow10;

/// The probabilities of the draw model for a game whose expected score (for the player we score)
/// is `e`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OutcomeProbabilities {
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
}

/// # Formula
/// With E the player's expected score and D the draw peak (docs/DESIGN.md: D = 0.6):
/// - P(draw) d = D · (1 − |2E − 1|) — D between equals, falling linearly to 0 as E → 0 or 1;
/// - P(win) = E − d/2 and P(loss) = 1 − E − d/2, so that the expected score is exactly
///   P(win) + d/2 = E.
///
/// Non-negative for every E ∈ [0, 1] whenever 0 ≤ D ≤ 1: for E ≥ ½, d = 2D(1 − E), so
/// P(loss) = (1 − D)(1 − E) ≥ 0 and P(win) = E − D(1 − E) ≥ (1 − D)/2 ≥ 0; E < ½ is the mirror
/// image. [`StudyConfig::validate`](super::StudyConfig::validate) therefore requires D ∈ [0, 1].
pub fn outcome_probabilities(e: f64, draw_peak: f64) -> OutcomeProbabilities {
    let draw = draw_peak * (1.0 - (2.0 * e - 1.0).abs());
    OutcomeProbabilities {
        win: e - draw / 2.0,
        draw,
        loss: 1.0 - e - draw / 2.0,
    }
}

/// The score (1, ½ or 0) of a player with expected score `e`, for a uniform `u` ∈ [0, 1):
/// a win when u < P(win), a draw when P(win) ≤ u < P(win) + P(draw), else a loss. Written
/// without branches (½ per threshold below u) because the outcome is unpredictable by design.
#[inline]
pub(crate) fn sample_score(e: f64, draw_peak: f64, u: f64) -> f64 {
    let p = outcome_probabilities(e, draw_peak);
    0.5 * (f64::from(u8::from(u < p.win)) + f64::from(u8::from(u < p.win + p.draw)))
}

/// The score (1, ½ or 0) of a player with strength factor `a` against one with strength factor
/// `b` (expected score E = a / (a + b)), for a uniform `u` ∈ [0, 1): [`sample_score`] without
/// the division, for the study's inner loop.
///
/// # Formula
/// With s = a + b and D the draw peak, P(draw) = D(1 − |2E − 1|) = 2D·min(a, b)/s, so
/// P(win) = E − P(draw)/2 = (a − m)/s and P(win) + P(draw) = (a + m)/s with m = D·min(a, b).
/// A win when u·s < a − m, a draw when a − m ≤ u·s < a + m, else a loss: the same thresholds
/// as `sample_score` up to rounding (a few units in the last place). Eleven operations, no
/// branch (the outcome is unpredictable by design): each threshold below u·s adds ½. The study
/// computes the same in SIMD lanes (`Study::tournament`).
#[cfg(test)]
pub(crate) fn sample_score_from_factors(a: f64, b: f64, draw_peak: f64, u: f64) -> f64 {
    let t = u * (a + b);
    let m = draw_peak * if a < b { a } else { b };
    let half = |below: bool| if below { 0.5 } else { 0.0 };
    half(t < a - m) + half(t < a + m)
}

/// # Formula
/// The strength factor of a player rated R (Bradley–Terry form of the logistic Elo curve):
/// Q = 10^((R − μ)/400), μ the rating mean (any constant cancels). Then
/// E(i, W) = 1 / (1 + 10^((R_W − R_i)/400)) = Q_i / (Q_i + Q_W), the same curve as
/// `elo::logistic_expected`, with one power per player instead of one per game. `libm::pow`
/// gives the same bits on every target (std's `powf` is the platform's libm natively but a
/// different implementation in wasm, which changed the last bits of the sums); [`pow10`] is
/// `libm::pow(10.0, ·)` bit for bit with its constant half precomputed.
#[inline]
pub(crate) fn strength_factor(rating: f64, mean: f64) -> f64 {
    pow10((rating - mean) / 400.0)
}

/// # Formula
/// E(i, W) = Q_i / (Q_i + Q_W) (see [`strength_factor`]); with W's true strength R_W + β,
/// Q_W becomes c·Q_W, c = 10^(β/400).
#[inline]
pub(crate) fn expected_from_factors(q_i: f64, q_w: f64) -> f64 {
    q_i / (q_i + q_w)
}
