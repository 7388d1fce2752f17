//! Live chances: the distribution of an ongoing round-robin's final standings under a
//! withdrawal policy, by seeded Monte Carlo over the games still to be played.
//!
//! # Model
//! - Games with a recorded result stay as recorded.
//! - A withdrawn player W's unplayed games (every game after the withdrawal, past or future)
//!   take the chosen policy's values, computed by [`crate::impute::analyse`] — the same numbers
//!   as the withdrawal view: Bayesian I(i, W) to the opponent and 1 − I to W as fractional
//!   points; the FIDE rule annuls (W and all of W's games leave the table) or forfeits (1–0).
//! - Every other game not yet played (pairs of players still in the event, `cycles` meetings
//!   per pair minus the ones with a result) is drawn from the simulation study's game model
//!   ([`crate::simulate::outcome_probabilities`]): E the logistic expectation from the ratings,
//!   P(draw) = d · (1 − |2E − 1|) with the draw peak d (0.6 by default), P(win) = E − P(draw)/2.
//!   Form, colours, motivation and the order of rounds are not modelled.
//!
//! # Formula
//! - Expected final points (exact, not sampled): x_i + Σ E(i, j) over i's games still to play,
//!   x_i the points now (recorded, plus the policy's values for games against withdrawn players).
//! - Places: in each simulated final table, players tied on points occupy places a … a+g−1
//!   and share them equally: each gets 1/g of each of those places. So two tied for first get ½
//!   of first each; a group of two on places 3–4 shares the one podium place (½ each).
//! - P(first) and P(podium) are the means over N simulations of each player's share of place 1
//!   and of places 1–3; their standard error is s / √N, s² = (Σx² − N·p̂²) / (N − 1) the sample
//!   variance of the per-simulation shares x.
//!
//! # Reproducibility
//! Simulations are cut into blocks of [`BLOCK`]; block b draws from its own ChaCha8 stream
//! (key from the seed by SplitMix64, stream id b) with the simulation study's uniform draws, and
//! the block sums are exact fixed-point sums ([`crate::simulate::ExactSum`]). The numbers
//! therefore depend only on the event, the settings and the seed: not on how the blocks are
//! shared among Web Workers or the order they finish, and not on the target (natively and in
//! wasm the same bits; `libm` for the powers of ten).

mod prepare;
mod run;
#[cfg(test)]
mod tests;

pub use prepare::{ForecastConfig, ForecastError, Forecaster, RemainingGame, MAX_SIMULATIONS};
pub use run::{Block, Chances, Forecast, Tally, BLOCK};

use crate::Tournament;

/// Prepares and runs a whole forecast on this thread.
pub fn forecast(t: &Tournament, config: &ForecastConfig) -> Result<Forecast, ForecastError> {
    Forecaster::new(t, config)?.run()
}

/// The CSV header of [`Forecast::to_csv`].
pub const CSV_HEADER: &str = "start_no,name,points_now,expected_points,p_first,p_podium";
