//! The paper's Monte Carlo study: how far each withdrawal policy's score for an unplayed game
//! lands from the score the game would really have had.
//!
//! Reproduces the simulation study of R. Varadhan, *Bayesian Imputation for Unplayed Games in
//! Round-Robin Chess Tournaments* (arXiv 2605.27650, 2026), under the documented default design
//! of docs/DESIGN.md ("Simulation study"); the paper's exact scenario settings are not published.
//!
//! # Design
//! One *scenario* fixes the rating spread σ, W's form β and the withdrawal point n. For each of
//! T simulated tournaments of `players` players:
//! 1. ratings R_i ~ Normal(μ, σ) independently (μ = 2750 by default), as real numbers;
//! 2. leave-one-out: each player in turn is the withdrawn player W. W's true strength is
//!    R_W + β, everyone else's true strength is their rating;
//! 3. W's scheduled games are drawn from the true strengths (see [`outcome_probabilities`]);
//!    the first n in W's Berger-table order ([`crate::berger`]) were played, the rest are the
//!    unplayed games whose real score the policies must guess;
//! 4. every policy predicts the opponent's score in each unplayed game from the *ratings* and
//!    the n played games, with the formula of [`crate::impute`] (`forfeit` 1, `annul` 0.5, `elo`
//!    E(i, W), `performance` and `bayes` the BLUP formula at k = 0 and at k, `fide` annul when
//!    2n < scheduled games, else forfeit) — the same shrinkage weight function and the same order
//!    of operations; a test checks every policy against [`crate::impute::analyse`] on built
//!    tournaments;
//! 5. per game, error = predicted − actual opponent score; a scenario's RMSE pools every unplayed
//!    game of every tournament and every leave-one-out iteration.
//!
//! # Formula
//! RMSE_m = √( Σ (p_m,g − y_g)² / G ), the sum over the G unplayed games of a scenario, p_m,g the
//! prediction of method m and y_g ∈ {0, ½, 1} the simulated score of W's opponent. The summary's
//! "x % lower" is 100 · (1 − mean RMSE_bayes / mean RMSE_other), the means taken over the
//! scenarios concerned, each scenario weighted equally (see [`Summary`]).
//!
//! # Readings of docs/DESIGN.md (where it leaves a choice open)
//! - *"each player in turn plays W on the same simulated games"*: the tournament (its ratings)
//!   is shared by the leave-one-out iterations, but W's games are drawn afresh for each choice of
//!   W, because W's true strength R_W + β differs from the rating only while that player is W.
//!   Within one (tournament, W) every method is scored on the same draws. Games between two
//!   players who are not W never enter any estimator, so they are not simulated.
//! - *withdrawal after n games*: n counts W's games, not rounds; in an odd field W's free round
//!   is skipped. Double round-robin: W's 2(players − 1) games in schedule order.
//! - *annulment's prediction*: 0.5 for every unplayed game (annulment removes the games, so the
//!   study scores it as the neutral half point, as docs/DESIGN.md says).
//! - *clamping*: `performance` and `bayes` are clamped to [0, 1] as in the app; how often the
//!   clamp bit is counted ([`ScenarioResult::clamped`]).
//! - ratings are not rounded to integers (the app's players have integer ratings; the formula
//!   is the same, see the equivalence test against [`crate::impute::analyse`]).
//! - E(i, W) is the logistic curve of `elo::logistic_expected` written in its Bradley–Terry form
//!   Q_i / (Q_i + Q_W) with Q = 10^((R − μ)/400): one power per player instead of one per game.
//!   With R = μ + σz (z the rating's standard normal), Q = exp(z·σ·ln 10/400), computed by
//!   `exp` so that it is the same bits in wasm. It agrees with `logistic_expected` to within a
//!   few units in the last place (tested).
//! - a game's outcome is drawn without dividing: the thresholds P(win) and P(win) + P(draw)
//!   multiplied by Q_i + c·Q_W are Q_i ∓ D·min(Q_i, c·Q_W) (`game::sample_score_from_factors`,
//!   tested against [`outcome_probabilities`]); its uniform has 32 bits.
//! - the inner loop runs two W at a time in SIMD lanes (`lanes`) with its running sums per lane;
//!   a test compares it with the model restated one game at a time.
//!
//! # Reproducibility
//! Every (scenario, tournament index) has its own xoshiro256++ stream, seeded by SplitMix64 from
//! the seed, the scenario's settings (σ, β, n) and the tournament index
//! (`rng::tournament_stream`). A tournament's numbers therefore depend neither on how the work
//! is split into chunks or threads nor on which other scenarios are in the grid. Normals come
//! from a ziggurat (`normal`), the strength factors from an exponential in plain IEEE arithmetic
//! (`exp`), the rare slow paths and tables from the pure-Rust `libm`, never the platform's
//! functions, and everything else is IEEE arithmetic in a fixed order (no fused multiply-add),
//! so the numbers are bit-identical on every target (the test `pinned_small_run` pins a small
//! run's exact sums, and the wasm test `tests/web/simulation.rs` checks the same sums in the
//! browser). Per-tournament sums are added into exact fixed-point accumulators
//! ([`ExactSum`]), so merging partial sums is associative: any chunking, any thread count, any
//! merge order gives bit-identical results.
//!
//! The streams changed in issue 15 (ChaCha8 with Box–Muller normals and `libm::pow` before,
//! about 3× slower): the same model and statistics, other draws, so other digits for a seed.
//!
//! # Browser use
//! [`Study::chunks`] splits the work; [`Study::run_chunk`] is a pure function of the config and
//! one chunk (run it in a Web Worker); [`Study::finish`] merges the [`PartialSums`] in any order.
//! [`Study::run`] does all of it natively on several threads.
//!
//! # Where things are
//! - `config`: the settings ([`StudyConfig`], its limits and validation) and the scenario grid;
//! - `methods`: the six methods in column order ([`METHODS`], [`PerMethod`]);
//! - `game`: the draw model and the expected score of a game;
//! - `rng`: the seeded random streams (one per scenario and tournament) and uniform draws;
//! - `normal`: standard normals (ziggurat);
//! - `exp`: eˣ in plain IEEE arithmetic, for the strength factors;
//! - `lanes`: two f64 lanes (SSE2, wasm simd128, or plain f64), the inner loop's arithmetic,
//!   the same bits on every target;
//! - `pow10`: 10^y, bit for bit `libm::pow(10.0, y)`, with its constant half precomputed (the
//!   live forecast's strength factors);
//! - `estimators`: each method's prediction for an unplayed game;
//! - `sums`: exact, order-independent partial sums ([`ExactSum`], [`PartialSums`]);
//! - `study`: the runner ([`Study`]): chunks, the inner loop, threads, merging;
//! - `summary`: the result table, the headline numbers and which method was best;
//! - `paper`, `claims`: the paper's claims and how ours compare.

mod claims;
mod config;
mod estimators;
mod exp;
mod game;
mod lanes;
mod methods;
mod normal;
pub mod paper;
mod pow10;
mod rng;
mod study;
mod summary;
mod sums;

pub use claims::{ClaimCheck, Verdict, AGREEMENT_PP};
pub use config::{
    ConfigError, Scenario, StudyConfig, DEFAULT_SEED, MAX_PLAYERS, MAX_RATING_POINTS,
    MAX_TOURNAMENTS,
};
pub use game::{outcome_probabilities, OutcomeProbabilities};
// The game model and the seeded draws, shared with the live forecast (`crate::forecast`).
pub(crate) use game::{expected_from_factors, sample_score, strength_factor};
pub use methods::{PerMethod, METHODS};
pub(crate) use rng::{chacha_key, uniform};
pub use study::{finish, run_chunk, run_study, Chunk, Study, StudyError, CHUNK_GAMES};
pub use summary::{percent_lower, ScenarioResult, StudyResult, Summary, CSV_HEADER};
pub use sums::{ExactSum, PartialSums};

#[cfg(test)]
mod tests;
