//! The paper's Monte Carlo study: how far each withdrawal policy's score for an unplayed game
//! lands from the score the game would really have had.
//!
//! Reproduces the simulation study of R. Varadhan, *Bayesian Imputation for Unplayed Games in
//! Round-Robin Chess Tournaments* (arXiv 2605.27650, 2026), under the documented default design
//! of DESIGN.md ("Simulation study"); the paper's exact scenario settings are not published.
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
//! # Readings of DESIGN.md (where it leaves a choice open)
//! - *"each player in turn plays W on the same simulated games"*: the tournament (its ratings)
//!   is shared by the leave-one-out iterations, but W's games are drawn afresh for each choice of
//!   W, because W's true strength R_W + β differs from the rating only while that player is W.
//!   Within one (tournament, W) every method is scored on the same draws. Games between two
//!   players who are not W never enter any estimator, so they are not simulated.
//! - *withdrawal after n games*: n counts W's games, not rounds; in an odd field W's free round
//!   is skipped. Double round-robin: W's 2(players − 1) games in schedule order.
//! - *annulment's prediction*: 0.5 for every unplayed game (annulment removes the games, so the
//!   study scores it as the neutral half point, as DESIGN.md says).
//! - *clamping*: `performance` and `bayes` are clamped to [0, 1] as in the app; how often the
//!   clamp bit is counted ([`ScenarioResult::clamped`]).
//! - ratings are not rounded to integers (the app's players have integer ratings; the formula
//!   is the same, see the equivalence test against [`crate::impute::analyse`]).
//! - E(i, W) is the logistic curve of `elo::logistic_expected` written in its Bradley–Terry form
//!   Q_i / (Q_i + Q_W) with Q = 10^((R − μ)/400): one power per player instead of one per game,
//!   and computed with `libm` so that it is the same bits in wasm. It agrees with
//!   `logistic_expected` to within a few units in the last place (tested).
//!
//! # Reproducibility
//! Every (scenario, tournament index) has its own ChaCha8 stream: the key is derived from the
//! seed and the scenario's settings (σ, β, n) by SplitMix64, the stream id is the tournament
//! index. A tournament's numbers therefore depend neither on how the work is split into chunks
//! or threads nor on which other scenarios are in the grid. Normals (Box–Muller) and powers of
//! ten use the pure-Rust `libm` functions, never the platform's, and everything else is IEEE
//! arithmetic, so the numbers are bit-identical on every target (the test `pinned_small_run`
//! pins a small run's exact sums; the same sums, and the full default table, were checked
//! identical in wasm under Node). Per-tournament sums are added into exact fixed-point
//! accumulators ([`ExactSum`]), so merging partial sums is associative: any chunking, any thread
//! count, any merge order gives bit-identical results.
//!
//! # Browser use
//! [`Study::chunks`] splits the work; [`Study::run_chunk`] is a pure function of the config and
//! one chunk (run it in a Web Worker); [`Study::finish`] merges the [`PartialSums`] in any order.
//! [`Study::run`] does all of it natively on several threads.

use crate::berger;
use crate::impute::{shrinkage_weight, Policy};
use chacha20::rand_core::{Rng, SeedableRng};
use chacha20::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The default seed (any u64 works; the same seed gives the same numbers on every target).
pub const DEFAULT_SEED: u64 = 20_260_528;

/// Tournaments per chunk in [`Study::run`]: small enough for smooth progress, large enough that
/// the per-chunk overhead (building the RNG, one allocation) is negligible.
pub const DEFAULT_CHUNK: u64 = 1000;

/// Largest field the study accepts; keeps the fixed-point sums far from overflow (see
/// [`ExactSum`]).
pub const MAX_PLAYERS: u32 = 256;
/// Largest number of tournaments per scenario (2⁴⁰), for the same reason.
pub const MAX_TOURNAMENTS: u64 = 1 << 40;
/// Largest rating spread σ and largest |β| accepted: keeps every expectation well inside (0, 1).
pub const MAX_RATING_POINTS: f64 = 1000.0;

/// The columns of the study, in the order of the CLI, the JSON `rmse` object and the CSV.
pub const METHODS: [Policy; 6] = [
    Policy::Forfeit,
    Policy::Annul,
    Policy::Elo,
    Policy::Performance,
    Policy::Bayes,
    Policy::Fide,
];

const FORFEIT: usize = 0;
const ANNUL: usize = 1;
const ELO: usize = 2;
const PERFORMANCE: usize = 3;
const BAYES: usize = 4;
const FIDE: usize = 5;

/// Every setting of the study. [`StudyConfig::default`] is DESIGN.md's default design.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct StudyConfig {
    /// Players per tournament (default 10).
    pub players: u32,
    /// 1 = single, 2 = double round-robin (default 1).
    pub cycles: u8,
    /// Mean μ of the rating distribution (default 2750).
    pub rating_mean: f64,
    /// The rating spreads σ of the scenario grid (default 30, 90).
    pub rating_sds: Vec<f64>,
    /// W's forms β, true strength minus rating, in rating points (default −150, 0, +150).
    pub forms: Vec<f64>,
    /// The withdrawal points: W withdraws after this many games (default 2, 4, 7).
    pub withdrawal_after: Vec<u32>,
    /// Prior strength k of the Bayesian policy (default 3).
    pub k: f64,
    /// Draw probability between equally strong players, the 0.6 of the draw model (see
    /// [`outcome_probabilities`]); between 0 and 1.
    pub draw_peak: f64,
    /// Simulated tournaments per scenario (default 10,000).
    pub tournaments: u64,
    /// Seed of every random draw. (Through JavaScript numbers, keep it below 2⁵³.)
    pub seed: u64,
}

impl Default for StudyConfig {
    fn default() -> StudyConfig {
        StudyConfig {
            players: 10,
            cycles: 1,
            rating_mean: 2750.0,
            rating_sds: vec![30.0, 90.0],
            forms: vec![-150.0, 0.0, 150.0],
            withdrawal_after: vec![2, 4, 7],
            k: 3.0,
            draw_peak: 0.6,
            tournaments: 10_000,
            seed: DEFAULT_SEED,
        }
    }
}

impl StudyConfig {
    /// Games each player is scheduled to play: cycles × (players − 1).
    pub fn scheduled_games(&self) -> u32 {
        u32::from(self.cycles) * self.players.saturating_sub(1)
    }

    /// Checks every setting; [`Study::new`] calls it.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(2..=MAX_PLAYERS).contains(&self.players) {
            return Err(ConfigError::Players(self.players));
        }
        if !(1..=2).contains(&self.cycles) {
            return Err(ConfigError::Cycles(self.cycles));
        }
        if !self.rating_mean.is_finite() {
            return Err(ConfigError::RatingMean(self.rating_mean));
        }
        for (list, name) in [
            (self.rating_sds.is_empty(), "rating_sds"),
            (self.forms.is_empty(), "forms"),
            (self.withdrawal_after.is_empty(), "withdrawal_after"),
        ] {
            if list {
                return Err(ConfigError::EmptyGrid(name));
            }
        }
        if let Some(&sd) = self
            .rating_sds
            .iter()
            .find(|sd| !(0.0..=MAX_RATING_POINTS).contains(*sd))
        {
            return Err(ConfigError::RatingSd(sd));
        }
        if let Some(&form) = self
            .forms
            .iter()
            .find(|b| !(-MAX_RATING_POINTS..=MAX_RATING_POINTS).contains(*b))
        {
            return Err(ConfigError::Form(form));
        }
        let scheduled = self.scheduled_games();
        if let Some(&n) = self.withdrawal_after.iter().find(|&&n| n >= scheduled) {
            return Err(ConfigError::WithdrawalAfter {
                after: n,
                scheduled,
            });
        }
        if !(self.k.is_finite() && self.k >= 0.0) {
            return Err(ConfigError::K(self.k));
        }
        if !(0.0..=1.0).contains(&self.draw_peak) {
            return Err(ConfigError::DrawPeak(self.draw_peak));
        }
        if !(1..=MAX_TOURNAMENTS).contains(&self.tournaments) {
            return Err(ConfigError::Tournaments(self.tournaments));
        }
        Ok(())
    }

    /// The scenario grid, in this order: σ (outer), then β, then n (inner) — for the default,
    /// (30, −150, 2), (30, −150, 4), (30, −150, 7), (30, 0, 2), …, (90, +150, 7).
    pub fn scenarios(&self) -> Vec<Scenario> {
        let mut out = Vec::new();
        for &rating_sd in &self.rating_sds {
            for &form in &self.forms {
                for &withdrawal_after in &self.withdrawal_after {
                    out.push(Scenario {
                        rating_sd,
                        form,
                        withdrawal_after,
                    });
                }
            }
        }
        out
    }
}

/// Why a study cannot run.
#[derive(Clone, Debug, PartialEq)]
pub enum ConfigError {
    Players(u32),
    Cycles(u8),
    RatingMean(f64),
    /// One of the scenario lists is empty (its name).
    EmptyGrid(&'static str),
    RatingSd(f64),
    Form(f64),
    /// W must leave at least one game unplayed.
    WithdrawalAfter {
        after: u32,
        scheduled: u32,
    },
    K(f64),
    DrawPeak(f64),
    Tournaments(u64),
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::Players(p) => {
                write!(f, "players must be between 2 and {MAX_PLAYERS}, not {p}")
            }
            ConfigError::Cycles(c) => write!(
                f,
                "cycles must be 1 (single) or 2 (double round-robin), not {c}"
            ),
            ConfigError::RatingMean(m) => write!(f, "the rating mean must be a number, not {m}"),
            ConfigError::EmptyGrid(name) => {
                write!(f, "the scenario list `{name}` needs at least one value")
            }
            ConfigError::RatingSd(sd) => write!(
                f,
                "a rating spread must be between 0 and {MAX_RATING_POINTS} points, not {sd}"
            ),
            ConfigError::Form(b) => write!(
                f,
                "a form β must be between −{MAX_RATING_POINTS} and {MAX_RATING_POINTS} points, \
                 not {b}"
            ),
            ConfigError::WithdrawalAfter { after, scheduled } => write!(
                f,
                "a withdrawal after {after} games leaves no game unplayed: each player is \
                 scheduled for {scheduled} games, so n must be below {scheduled}"
            ),
            ConfigError::K(k) => write!(f, "prior strength k must be a number ≥ 0, not {k}"),
            ConfigError::DrawPeak(d) => write!(
                f,
                "the draw parameter must be between 0 and 1 (a probability), not {d}"
            ),
            ConfigError::Tournaments(t) => write!(
                f,
                "tournaments per scenario must be between 1 and {MAX_TOURNAMENTS}, not {t}"
            ),
        }
    }
}

impl std::error::Error for ConfigError {}

/// Why a chunk cannot run or partial sums cannot be combined.
#[derive(Clone, Debug, PartialEq)]
pub enum StudyError {
    Config(ConfigError),
    /// A chunk names a scenario the grid does not have.
    UnknownScenario {
        scenario: usize,
        scenarios: usize,
    },
    /// A chunk's tournament range is empty or reaches past the tournaments per scenario.
    BadRange {
        start: u64,
        end: u64,
        tournaments: u64,
    },
    /// [`PartialSums::merge`] was asked to add sums of another scenario.
    ScenarioMismatch {
        into: usize,
        from: usize,
    },
    /// [`Study::finish`] got a scenario with fewer or more tournaments than configured.
    Incomplete {
        scenario: usize,
        have: u64,
        want: u64,
    },
}

impl fmt::Display for StudyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StudyError::Config(e) => e.fmt(f),
            StudyError::UnknownScenario {
                scenario,
                scenarios,
            } => write!(
                f,
                "scenario {scenario} does not exist: the grid has {scenarios} (0 … {})",
                scenarios.saturating_sub(1)
            ),
            StudyError::BadRange {
                start,
                end,
                tournaments,
            } => write!(
                f,
                "tournaments {start}..{end} is not a non-empty part of 0..{tournaments}"
            ),
            StudyError::ScenarioMismatch { into, from } => write!(
                f,
                "cannot add the sums of scenario {from} to those of scenario {into}"
            ),
            StudyError::Incomplete {
                scenario,
                have,
                want,
            } => write!(
                f,
                "scenario {scenario} has results for {have} tournaments, not the {want} \
                 configured: some chunks are missing or counted twice"
            ),
        }
    }
}

impl std::error::Error for StudyError {}

impl From<ConfigError> for StudyError {
    fn from(e: ConfigError) -> StudyError {
        StudyError::Config(e)
    }
}

/// One cell of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    /// σ of the ratings.
    pub rating_sd: f64,
    /// β: W's true strength minus W's rating.
    pub form: f64,
    /// n: games W played before withdrawing.
    pub withdrawal_after: u32,
}

/// A piece of work: tournaments `start..end` of one scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chunk {
    /// Index into [`StudyConfig::scenarios`].
    pub scenario: usize,
    pub start: u64,
    pub end: u64,
}

impl Chunk {
    pub fn tournaments(&self) -> Range<u64> {
        self.start..self.end
    }
}

/// A sum of real numbers kept exactly, in fixed point (units of 2⁻⁶⁴), so that adding partial
/// sums in any order or grouping gives the same bits. Each tournament's own sum (an f64 added
/// in a fixed order) is rounded once to the nearest 2⁻⁶⁴ — an error far below anything shown.
///
/// Bound: a tournament adds at most players × scheduled games ≤ 256 · 510 < 2¹⁷ (every error
/// lies in [−1, 1]), i.e. < 2⁸¹ units, so 2⁴⁰ tournaments stay below 2¹²¹ < i128::MAX.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ExactSum(pub i128);

/// 2⁶⁴: one unit of [`ExactSum`] is 1 / `FIXED_SCALE`.
const FIXED_SCALE: f64 = 18_446_744_073_709_551_616.0;

impl ExactSum {
    /// Adds `x`, rounded to the nearest 2⁻⁶⁴ (multiplying by a power of two is exact).
    pub fn add_f64(&mut self, x: f64) {
        self.0 += (x * FIXED_SCALE).round() as i128;
    }

    pub fn add(&mut self, other: ExactSum) {
        self.0 += other.0;
    }

    /// The sum as the nearest f64.
    pub fn value(self) -> f64 {
        self.0 as f64 / FIXED_SCALE
    }
}

/// Serialised as a decimal string: JavaScript numbers cannot carry 128 bits.
impl Serialize for ExactSum {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.to_string())
    }
}

impl<'de> Deserialize<'de> for ExactSum {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ExactSum, D::Error> {
        let s = String::deserialize(d)?;
        s.parse::<i128>()
            .map(ExactSum)
            .map_err(|_| serde::de::Error::custom(format!("`{s}` is not a fixed-point sum")))
    }
}

/// One value per method, in the order of [`METHODS`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerMethod<T> {
    pub forfeit: T,
    pub annul: T,
    pub elo: T,
    pub performance: T,
    pub bayes: T,
    pub fide: T,
}

impl<T: Copy> PerMethod<T> {
    pub fn from_array(a: [T; 6]) -> PerMethod<T> {
        PerMethod {
            forfeit: a[FORFEIT],
            annul: a[ANNUL],
            elo: a[ELO],
            performance: a[PERFORMANCE],
            bayes: a[BAYES],
            fide: a[FIDE],
        }
    }

    /// The values in [`METHODS`] order.
    pub fn to_array(&self) -> [T; 6] {
        [
            self.forfeit,
            self.annul,
            self.elo,
            self.performance,
            self.bayes,
            self.fide,
        ]
    }

    pub fn get(&self, policy: Policy) -> T {
        match policy {
            Policy::Forfeit => self.forfeit,
            Policy::Annul => self.annul,
            Policy::Elo => self.elo,
            Policy::Performance => self.performance,
            Policy::Bayes => self.bayes,
            Policy::Fide => self.fide,
        }
    }

    pub fn map<U: Copy>(&self, f: impl Fn(T) -> U) -> PerMethod<U> {
        PerMethod::from_array(self.to_array().map(f))
    }
}

/// What a chunk of tournaments of one scenario adds to the study. Merge with
/// [`PartialSums::merge`] in any order; the result is exact (see [`ExactSum`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartialSums {
    pub scenario: usize,
    /// Tournaments summed.
    pub tournaments: u64,
    /// Unplayed games summed (the same for every method).
    pub games: u64,
    /// Σ (predicted − actual)².
    pub squared_error: PerMethod<ExactSum>,
    /// Σ (predicted − actual), for the bias.
    pub error: PerMethod<ExactSum>,
    /// Unplayed games where the clamp to [0, 1] changed the prediction.
    pub clamped: PerMethod<u64>,
}

impl PartialSums {
    /// Nothing yet, for `scenario`.
    pub fn empty(scenario: usize) -> PartialSums {
        PartialSums {
            scenario,
            tournaments: 0,
            games: 0,
            squared_error: PerMethod::default(),
            error: PerMethod::default(),
            clamped: PerMethod::default(),
        }
    }

    /// Adds `other` (of the same scenario) into `self`. Exact, so associative and commutative.
    pub fn merge(&mut self, other: &PartialSums) -> Result<(), StudyError> {
        if self.scenario != other.scenario {
            return Err(StudyError::ScenarioMismatch {
                into: self.scenario,
                from: other.scenario,
            });
        }
        self.tournaments += other.tournaments;
        self.games += other.games;
        let mut sq = self.squared_error.to_array();
        let mut err = self.error.to_array();
        let mut cl = self.clamped.to_array();
        let (osq, oerr, ocl) = (
            other.squared_error.to_array(),
            other.error.to_array(),
            other.clamped.to_array(),
        );
        for m in 0..METHODS.len() {
            sq[m].add(osq[m]);
            err[m].add(oerr[m]);
            cl[m] += ocl[m];
        }
        self.squared_error = PerMethod::from_array(sq);
        self.error = PerMethod::from_array(err);
        self.clamped = PerMethod::from_array(cl);
        Ok(())
    }
}

/// The probabilities of the draw model for a game whose expected score (for the player we score)
/// is `e`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OutcomeProbabilities {
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
}

/// # Formula
/// With E the player's expected score and D the draw peak (DESIGN.md: D = 0.6):
/// - P(draw) d = D · (1 − |2E − 1|) — D between equals, falling linearly to 0 as E → 0 or 1;
/// - P(win) = E − d/2 and P(loss) = 1 − E − d/2, so that the expected score is exactly
///   P(win) + d/2 = E.
///
/// Non-negative for every E ∈ [0, 1] whenever 0 ≤ D ≤ 1: for E ≥ ½, d = 2D(1 − E), so
/// P(loss) = (1 − D)(1 − E) ≥ 0 and P(win) = E − D(1 − E) ≥ (1 − D)/2 ≥ 0; E < ½ is the mirror
/// image. [`StudyConfig::validate`] therefore requires D ∈ [0, 1].
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
fn sample_score(e: f64, draw_peak: f64, u: f64) -> f64 {
    let p = outcome_probabilities(e, draw_peak);
    0.5 * (f64::from(u8::from(u < p.win)) + f64::from(u8::from(u < p.win + p.draw)))
}

/// # Formula
/// The strength factor of a player rated R (Bradley–Terry form of the logistic Elo curve):
/// Q = 10^((R − μ)/400), μ the rating mean (any constant cancels). Then
/// E(i, W) = 1 / (1 + 10^((R_W − R_i)/400)) = Q_i / (Q_i + Q_W), the same curve as
/// `elo::logistic_expected`, with one power per player instead of one per game. `libm::pow`
/// gives the same bits on every target (std's `powf` is the platform's libm natively but a
/// different implementation in wasm, which changed the last bits of the sums).
fn strength_factor(rating: f64, mean: f64) -> f64 {
    libm::pow(10.0, (rating - mean) / 400.0)
}

/// # Formula
/// E(i, W) = Q_i / (Q_i + Q_W) (see [`strength_factor`]); with W's true strength R_W + β,
/// Q_W becomes c·Q_W, c = 10^(β/400).
#[inline]
fn expected_from_factors(q_i: f64, q_w: f64) -> f64 {
    q_i / (q_i + q_w)
}

/// What the formula of [`crate::impute`] knows about W after n played games.
#[derive(Clone, Copy, Debug)]
struct Withdrawn {
    /// δ_W = (1 − s̄_W) − Ē (0 when n = 0), computed in the same order as `impute::analyse`.
    residual: f64,
    /// w = n / (n + k), from `impute::shrinkage_weight`.
    weight: f64,
    /// w at k = 0 (1 when n > 0).
    weight_performance: f64,
    /// FIDE: annul when 2n < scheduled games.
    fide_annuls: bool,
}

impl Withdrawn {
    /// From W's played games: `e[g]` = E(opponent_g, W), `s[g]` = the opponent's score.
    fn new(e: &[f64], s: &[f64], scheduled: u32, k: f64) -> Withdrawn {
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
            weight: shrinkage_weight(n, k),
            weight_performance: shrinkage_weight(n, 0.0),
            fide_annuls: 2 * n < scheduled,
        }
    }

    /// The six predictions of the opponent's score in an unplayed game with E(i, W) = `e`, in
    /// [`METHODS`] order, and which of them the clamp to [0, 1] changed.
    #[inline]
    fn predict(&self, e: f64) -> ([f64; 6], [bool; 6]) {
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

/// SplitMix64 (Steele, Lea & Flood 2014): one step of the generator, used to spread the seed.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The ChaCha8 key of a scenario: SplitMix64 over the seed and the bits of (σ, β, n).
fn scenario_key(seed: u64, s: &Scenario) -> [u8; 32] {
    // `+ 0.0` turns −0.0 into 0.0, so the two spellings of zero share a stream.
    let words = [
        (s.rating_sd + 0.0).to_bits(),
        (s.form + 0.0).to_bits(),
        u64::from(s.withdrawal_after),
    ];
    let mut state = seed;
    for w in words {
        let mut mixed = state ^ w;
        state = splitmix64(&mut mixed);
    }
    let mut key = [0u8; 32];
    for part in key.chunks_exact_mut(8) {
        part.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
    }
    key
}

/// 2⁻⁵³.
const UNIT: f64 = 1.0 / 9_007_199_254_740_992.0;

/// Uniform on [0, 1) from the top 53 bits.
#[inline]
fn uniform(rng: &mut ChaCha8Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 * UNIT
}

/// # Formula
/// Box–Muller (Box & Muller 1958): for U₁ ∈ (0, 1], U₂ ∈ [0, 1), r = √(−2 ln U₁),
/// θ = 2πU₂, (r cos θ, r sin θ) are two independent standard normals. `libm` makes the
/// logarithm and the sine/cosine the same bits on every target.
fn standard_normals(rng: &mut ChaCha8Rng) -> (f64, f64) {
    let u1 = ((rng.next_u64() >> 11) + 1) as f64 * UNIT;
    let u2 = uniform(rng);
    let r = libm::sqrt(-2.0 * libm::log(u1));
    let (sin, cos) = libm::sincos(2.0 * std::f64::consts::PI * u2);
    (r * cos, r * sin)
}

/// A validated study: the config, its scenarios and every player's schedule.
#[derive(Clone, Debug)]
pub struct Study {
    config: StudyConfig,
    scenarios: Vec<Scenario>,
    /// W's opponents (0-based) in W's schedule order: `opponents[w * scheduled + g]`.
    opponents: Vec<u32>,
    scheduled: u32,
}

impl Study {
    pub fn new(config: StudyConfig) -> Result<Study, ConfigError> {
        config.validate()?;
        let scheduled = config.scheduled_games();
        let players = config.players;
        let mut per_player: Vec<Vec<u32>> = vec![Vec::new(); players as usize];
        for round in berger::schedule(players, config.cycles) {
            for g in &round.games {
                per_player[g.white as usize - 1].push(g.black - 1);
                per_player[g.black as usize - 1].push(g.white - 1);
            }
        }
        let opponents: Vec<u32> = per_player.concat();
        debug_assert_eq!(opponents.len(), (players * scheduled) as usize);
        Ok(Study {
            scenarios: config.scenarios(),
            config,
            opponents,
            scheduled,
        })
    }

    pub fn config(&self) -> &StudyConfig {
        &self.config
    }

    pub fn scenarios(&self) -> &[Scenario] {
        &self.scenarios
    }

    /// Games each player is scheduled to play.
    pub fn scheduled_games(&self) -> u32 {
        self.scheduled
    }

    /// Tournaments in the whole study: scenarios × tournaments per scenario.
    pub fn total_tournaments(&self) -> u64 {
        self.scenarios.len() as u64 * self.config.tournaments
    }

    /// The work split into chunks of at most `size` tournaments (at least 1), scenario by
    /// scenario: a worker runs one chunk at a time and reports progress after each.
    pub fn chunks(&self, size: u64) -> Vec<Chunk> {
        let size = size.max(1);
        let t = self.config.tournaments;
        let mut out = Vec::new();
        for scenario in 0..self.scenarios.len() {
            let mut start = 0;
            while start < t {
                let end = (start + size).min(t);
                out.push(Chunk {
                    scenario,
                    start,
                    end,
                });
                start = end;
            }
        }
        out
    }

    /// Runs tournaments `tournaments` of scenario `scenario`: a pure function of the config and
    /// its arguments, the same bits on every target and in any order.
    pub fn run_chunk(
        &self,
        scenario: usize,
        tournaments: Range<u64>,
    ) -> Result<PartialSums, StudyError> {
        let s = *self
            .scenarios
            .get(scenario)
            .ok_or(StudyError::UnknownScenario {
                scenario,
                scenarios: self.scenarios.len(),
            })?;
        if tournaments.start >= tournaments.end || tournaments.end > self.config.tournaments {
            return Err(StudyError::BadRange {
                start: tournaments.start,
                end: tournaments.end,
                tournaments: self.config.tournaments,
            });
        }
        Ok(self.simulate(scenario, &s, tournaments))
    }

    /// The inner loop (see the module documentation for the design).
    fn simulate(&self, index: usize, s: &Scenario, tournaments: Range<u64>) -> PartialSums {
        let cfg = &self.config;
        let players = cfg.players as usize;
        let scheduled = self.scheduled as usize;
        let played = s.withdrawal_after as usize;
        let form_factor = libm::pow(10.0, s.form / 400.0);
        let mut rng = ChaCha8Rng::from_seed(scenario_key(cfg.seed, s));
        let mut ratings = vec![0.0f64; players + 1];
        let mut q = vec![0.0f64; players];
        let mut e = vec![0.0f64; scheduled];
        let mut y = vec![0.0f64; scheduled];
        let mut u = vec![0.0f64; players * scheduled];
        let mut sums = PartialSums::empty(index);
        let mut sq_total = [ExactSum::default(); 6];
        let mut err_total = [ExactSum::default(); 6];
        let mut clamped = [0u64; 6];
        for t in tournaments {
            rng.set_stream(t);
            for pair in ratings.chunks_exact_mut(2) {
                let (z0, z1) = standard_normals(&mut rng);
                pair[0] = cfg.rating_mean + s.rating_sd * z0;
                pair[1] = cfg.rating_mean + s.rating_sd * z1;
            }
            for (qi, &ri) in q.iter_mut().zip(&ratings) {
                *qi = strength_factor(ri, cfg.rating_mean);
            }
            // One uniform per game of each leave-one-out iteration, W by W in schedule order.
            for v in u.iter_mut() {
                *v = uniform(&mut rng);
            }
            let mut sq = [0.0f64; 6];
            let mut err = [0.0f64; 6];
            for w in 0..players {
                let opponents = &self.opponents[w * scheduled..(w + 1) * scheduled];
                let uw = &u[w * scheduled..(w + 1) * scheduled];
                let (q_w, q_w_true) = (q[w], form_factor * q[w]);
                for (((eg, yg), &i), &ug) in e.iter_mut().zip(y.iter_mut()).zip(opponents).zip(uw) {
                    let q_i = q[i as usize];
                    *eg = expected_from_factors(q_i, q_w);
                    *yg = sample_score(expected_from_factors(q_i, q_w_true), cfg.draw_peak, ug);
                }
                let wd = Withdrawn::new(&e[..played], &y[..played], self.scheduled, cfg.k);
                for g in played..scheduled {
                    let (pred, clamp) = wd.predict(e[g]);
                    for m in 0..METHODS.len() {
                        let d = pred[m] - y[g];
                        sq[m] += d * d;
                        err[m] += d;
                        clamped[m] += u64::from(clamp[m]);
                    }
                }
            }
            for m in 0..METHODS.len() {
                sq_total[m].add_f64(sq[m]);
                err_total[m].add_f64(err[m]);
            }
            sums.tournaments += 1;
            sums.games += (players * (scheduled - played)) as u64;
        }
        sums.squared_error = PerMethod::from_array(sq_total);
        sums.error = PerMethod::from_array(err_total);
        sums.clamped = PerMethod::from_array(clamped);
        sums
    }

    /// Merges partial sums (any order, any grouping) into the result. Every scenario must have
    /// exactly the configured number of tournaments.
    pub fn finish<'a>(
        &self,
        parts: impl IntoIterator<Item = &'a PartialSums>,
    ) -> Result<StudyResult, StudyError> {
        let mut merged: Vec<PartialSums> =
            (0..self.scenarios.len()).map(PartialSums::empty).collect();
        for p in parts {
            let slot = merged
                .get_mut(p.scenario)
                .ok_or(StudyError::UnknownScenario {
                    scenario: p.scenario,
                    scenarios: self.scenarios.len(),
                })?;
            slot.merge(p)?;
        }
        for m in &merged {
            if m.tournaments != self.config.tournaments {
                return Err(StudyError::Incomplete {
                    scenario: m.scenario,
                    have: m.tournaments,
                    want: self.config.tournaments,
                });
            }
        }
        let scenarios = merged
            .iter()
            .map(|m| self.scenario_result(m))
            .collect::<Result<Vec<ScenarioResult>, StudyError>>()?;
        Ok(StudyResult {
            seed: self.config.seed,
            tournaments_per_scenario: self.config.tournaments,
            k: self.config.k,
            summary: Summary::new(&scenarios),
            scenarios,
            config: self.config.clone(),
        })
    }

    /// The RMSEs of one scenario from its (possibly partial) sums — also usable for a preview
    /// while a run is in progress.
    pub fn scenario_result(&self, sums: &PartialSums) -> Result<ScenarioResult, StudyError> {
        let s = *self
            .scenarios
            .get(sums.scenario)
            .ok_or(StudyError::UnknownScenario {
                scenario: sums.scenario,
                scenarios: self.scenarios.len(),
            })?;
        let games = sums.games.max(1) as f64;
        Ok(ScenarioResult {
            rating_sd: s.rating_sd,
            form: s.form,
            withdrawal_after: s.withdrawal_after,
            fide_resolves_to: if 2 * s.withdrawal_after < self.scheduled {
                Policy::Annul
            } else {
                Policy::Forfeit
            },
            tournaments: sums.tournaments,
            unplayed_games: sums.games,
            rmse: sums.squared_error.map(|x| (x.value() / games).sqrt()),
            bias: sums.error.map(|x| x.value() / games),
            clamped: sums.clamped,
        })
    }

    /// Runs the whole study on `threads` threads (1 = on the calling thread; always 1 on wasm,
    /// where a browser uses Web Workers and [`Study::run_chunk`] instead). `progress(done,
    /// total)` is called after each chunk with tournaments done and the total, in increasing
    /// order. The result is bit-identical for every thread count.
    pub fn run(&self, threads: usize, progress: impl Fn(u64, u64) + Sync) -> StudyResult {
        let chunks = self.chunks(DEFAULT_CHUNK);
        let total = self.total_tournaments();
        let done = Mutex::new(0u64);
        let report = |n: u64| {
            // A poisoned lock only means another thread's callback panicked; keep counting.
            let mut d = done.lock().unwrap_or_else(|p| p.into_inner());
            *d += n;
            progress(*d, total);
        };
        let run_one = |c: &Chunk| {
            let s = self.scenarios[c.scenario];
            let sums = self.simulate(c.scenario, &s, c.tournaments());
            report(c.end - c.start);
            sums
        };
        let threads = if cfg!(target_arch = "wasm32") {
            1
        } else {
            threads.clamp(1, chunks.len().max(1))
        };
        let parts: Vec<PartialSums> = if threads == 1 {
            chunks.iter().map(run_one).collect()
        } else {
            let next = AtomicUsize::new(0);
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|_| {
                        scope.spawn(|| {
                            let mut mine = Vec::new();
                            loop {
                                let i = next.fetch_add(1, Ordering::Relaxed);
                                let Some(c) = chunks.get(i) else { break };
                                mine.push(run_one(c));
                            }
                            mine
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                    .collect()
            })
        };
        // Every chunk was generated from the validated config, so the merge cannot fail.
        match self.finish(&parts) {
            Ok(result) => result,
            Err(e) => unreachable!("chunks cover every scenario exactly once: {e}"),
        }
    }
}

/// Runs one chunk of the study described by `config` (a convenience over [`Study`]).
pub fn run_chunk(
    config: &StudyConfig,
    scenario: usize,
    tournaments: Range<u64>,
) -> Result<PartialSums, StudyError> {
    Study::new(config.clone())?.run_chunk(scenario, tournaments)
}

/// Merges the partial sums of a study described by `config` (a convenience over [`Study`]).
pub fn finish<'a>(
    config: &StudyConfig,
    parts: impl IntoIterator<Item = &'a PartialSums>,
) -> Result<StudyResult, StudyError> {
    Study::new(config.clone())?.finish(parts)
}

/// Runs the whole study (see [`Study::run`]).
pub fn run_study(
    config: &StudyConfig,
    threads: usize,
    progress: impl Fn(u64, u64) + Sync,
) -> Result<StudyResult, ConfigError> {
    Ok(Study::new(config.clone())?.run(threads, progress))
}

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

/// The paper's headline claims (Varadhan 2026), for showing next to ours. Where the paper states
/// a number twice, the abstract's rounded figure is the claim and the body's is kept alongside.
pub mod paper {
    /// Bayesian RMSE this many percent below the FIDE rule's, overall.
    pub const BAYES_VS_FIDE_PCT: f64 = 26.0;
    /// … below forfeit where FIDE forfeits (41 %; the body text says 42.8 %).
    pub const BAYES_VS_FORFEIT_PCT: f64 = 41.0;
    pub const BAYES_VS_FORFEIT_TEXT_PCT: f64 = 42.8;
    /// … below annulment where FIDE annuls (12 %; the body text says 12.2 %).
    pub const BAYES_VS_ANNUL_PCT: f64 = 12.0;
    pub const BAYES_VS_ANNUL_TEXT_PCT: f64 = 12.2;
    /// Scenarios (of 18) in which the Bayesian RMSE is below both FIDE rules.
    pub const BAYES_BEATS_BOTH_IN: u32 = 18;
    /// Annulment's RMSE is this many percent below forfeit's, in every scenario.
    pub const ANNUL_VS_FORFEIT_RANGE_PCT: (f64, f64) = (15.0, 45.0);
}

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

#[cfg(test)]
mod tests;
