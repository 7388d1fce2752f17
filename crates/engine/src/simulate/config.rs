//! The study's settings: every one adjustable, validated once, and the scenario grid they span.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The default seed (any u64 works; the same seed gives the same numbers on every target).
pub const DEFAULT_SEED: u64 = 20_260_528;

/// Largest field the study accepts; keeps the fixed-point sums far from overflow (see
/// [`ExactSum`](super::ExactSum)).
pub const MAX_PLAYERS: u32 = 256;
/// Largest number of tournaments per scenario (2⁴⁰), for the same reason.
pub const MAX_TOURNAMENTS: u64 = 1 << 40;
/// Largest rating spread σ and largest |β| accepted: keeps every expectation well inside (0, 1).
pub const MAX_RATING_POINTS: f64 = 1000.0;

/// Every setting of the study. [`StudyConfig::default`] is docs/DESIGN.md's default design.
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
    /// [`outcome_probabilities`](super::outcome_probabilities)); between 0 and 1.
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

    /// Checks every setting; [`Study::new`](super::Study::new) calls it.
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
        crate::impute::Params::check_k(self.k).map_err(|_| ConfigError::K(self.k))?;
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
                "tournaments per scenario must be between 1 and 2^40 (about 1.1 trillion), \
                 not {t}"
            ),
        }
    }
}

impl std::error::Error for ConfigError {}

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
