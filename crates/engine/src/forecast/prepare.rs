//! From an event and the settings to what the simulation needs: the players still in the
//! table, their points now under the policy, and the games still to be played with each one's
//! expected score.

use crate::elo::Expectation;
use crate::impute::{self, ImputeError, Params, Policy};
use crate::model::{Format, GameResult, StartNo, Tournament, Withdrawal};
use crate::simulate::{expected_from_factors, strength_factor, DEFAULT_SEED};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most simulations one forecast accepts (keeps the fixed-point sums far from overflow).
pub const MAX_SIMULATIONS: u64 = 100_000_000;

/// The settings of a forecast.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ForecastConfig {
    /// What happens to a withdrawn player's unplayed games.
    pub policy: Policy,
    /// Prior strength k of the Bayesian policy (checked by [`Params::check_k`]).
    pub k: f64,
    /// P(draw) between equals, the d of the game model; between 0 and 1.
    pub draw_peak: f64,
    pub simulations: u64,
    pub seed: u64,
    /// Players who withdraw *now*, in addition to the event's own withdrawals: "what if this
    /// player withdraws now?". Each withdraws after the last round they took part in
    /// ([`impute::withdrawal_for`]).
    pub withdraw_now: Vec<StartNo>,
}

impl Default for ForecastConfig {
    fn default() -> ForecastConfig {
        ForecastConfig {
            policy: Policy::Fide,
            k: Params::PAPER_K,
            draw_peak: 0.6,
            simulations: 200_000,
            seed: DEFAULT_SEED,
            withdraw_now: Vec::new(),
        }
    }
}

/// Why a forecast cannot be made.
#[derive(Clone, Debug, PartialEq)]
pub enum ForecastError {
    /// Chances are defined for round-robins, whose remaining games are known.
    NotRoundRobin,
    /// The policy's values for the withdrawn players' games cannot be computed.
    Impute(ImputeError),
    /// A player with games still to play has no rating, so the game model has no expectation.
    MissingRating { player: StartNo, name: String },
    /// The draw peak must be a number in [0, 1].
    DrawPeak(f64),
    /// Simulations must be 1 … [`MAX_SIMULATIONS`].
    Simulations(u64),
    /// A block index past the last block.
    BadBlock { block: u64, blocks: u64 },
    /// Tallies that do not add up to the configured simulations (missing or doubled blocks).
    Incomplete { have: u64, want: u64 },
    /// "What if … withdraws now" names a player who has already withdrawn.
    AlreadyWithdrawn(StartNo),
}

impl fmt::Display for ForecastError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ForecastError::NotRoundRobin => write!(
                f,
                "chances are computed for round-robins only (a Swiss event's later pairings are not known)"
            ),
            ForecastError::Impute(e) => e.fmt(f),
            ForecastError::MissingRating { player, name } => write!(
                f,
                "player {player} ({name}) has no rating: the game model needs a rating for every player with games still to play"
            ),
            ForecastError::DrawPeak(d) => {
                write!(f, "the draw peak must be a number from 0 to 1, not {d}")
            }
            ForecastError::Simulations(n) => write!(
                f,
                "the number of simulations must be from 1 to {MAX_SIMULATIONS}, not {n}"
            ),
            ForecastError::BadBlock { block, blocks } => {
                write!(f, "block {block} does not exist: the forecast has {blocks}")
            }
            ForecastError::Incomplete { have, want } => write!(
                f,
                "the results cover {have} simulations, not the {want} configured: some blocks are missing or counted twice"
            ),
            ForecastError::AlreadyWithdrawn(p) => {
                write!(f, "player {p} has already withdrawn")
            }
        }
    }
}

impl std::error::Error for ForecastError {}

impl From<ImputeError> for ForecastError {
    fn from(e: ImputeError) -> ForecastError {
        ForecastError::Impute(e)
    }
}

/// One game still to be played between two players in the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RemainingGame {
    /// Indices into [`Forecaster`]'s players (table order = start-number order).
    pub a: usize,
    pub b: usize,
    /// E(a, b), the logistic expectation of `a`.
    pub expected: f64,
}

/// A prepared forecast: run its blocks ([`Forecaster::run_block`]) anywhere, merge with
/// [`Forecaster::finish`].
#[derive(Clone, Debug)]
pub struct Forecaster {
    pub(super) config: ForecastConfig,
    /// The players still in the table, in start-number order.
    pub(super) players: Vec<StartNo>,
    pub(super) names: Vec<String>,
    /// Marked withdrawn (kept in the table by the policy).
    pub(super) withdrawn: Vec<bool>,
    /// Points now under the policy (recorded + the policy's values), per table player.
    pub(super) points_now: Vec<f64>,
    pub(super) games: Vec<RemainingGame>,
    /// The withdrawals applied and what the policy does with each.
    pub(super) resolved: Vec<(Withdrawal, Policy)>,
}

impl Forecaster {
    /// Checks the settings and gathers the points now and the remaining games.
    pub fn new(t: &Tournament, config: &ForecastConfig) -> Result<Forecaster, ForecastError> {
        let cycles = match t.format {
            Format::RoundRobin { cycles } => u32::from(cycles),
            Format::Swiss { .. } => return Err(ForecastError::NotRoundRobin),
        };
        let params = Params::new(config.k, Expectation::Logistic)
            .map_err(|e| ForecastError::Impute(e.into()))?;
        if !(0.0..=1.0).contains(&config.draw_peak) {
            return Err(ForecastError::DrawPeak(config.draw_peak));
        }
        if !(1..=MAX_SIMULATIONS).contains(&config.simulations) {
            return Err(ForecastError::Simulations(config.simulations));
        }
        let withdrawals = withdrawals(t, &config.withdraw_now)?;
        let analysis = impute::analyse(t, &withdrawals, params)?;
        let outcome = analysis.outcome(config.policy);
        let gone = |p: StartNo| withdrawals.iter().any(|w| w.player == p);
        let mut players = Vec::new();
        let mut points_now = Vec::new();
        for (p, pts) in outcome.points.iter() {
            if let Some(pts) = pts {
                players.push(p);
                points_now.push(*pts);
            }
        }
        let names = players
            .iter()
            .map(|&p| t.player(p).map(|x| x.name.clone()).unwrap_or_default())
            .collect();
        let withdrawn = players.iter().map(|&p| gone(p)).collect();
        let games = remaining_games(t, &players, cycles, gone)?;
        let resolved = withdrawals
            .iter()
            .map(|w| {
                let policy = outcome
                    .resolved
                    .iter()
                    .find(|(p, _)| *p == w.player)
                    .map_or(config.policy, |(_, r)| *r);
                (*w, policy)
            })
            .collect();
        Ok(Forecaster {
            config: config.clone(),
            players,
            names,
            withdrawn,
            points_now,
            games,
            resolved,
        })
    }

    /// The games still to be played, each with its expectation.
    pub fn remaining_games(&self) -> &[RemainingGame] {
        &self.games
    }

    pub fn config(&self) -> &ForecastConfig {
        &self.config
    }
}

/// The event's withdrawals plus the "withdraws now" players.
fn withdrawals(t: &Tournament, now: &[StartNo]) -> Result<Vec<Withdrawal>, ForecastError> {
    let mut ws = t.withdrawals.clone();
    for &p in now {
        if ws.iter().any(|w| w.player == p) {
            return Err(ForecastError::AlreadyWithdrawn(p));
        }
        ws.push(impute::withdrawal_for(t, p)?);
    }
    Ok(ws)
}

/// For each pair of table players who are both still playing: `cycles` meetings minus those
/// with a recorded result (pending games are still to play), with E from the ratings.
fn remaining_games(
    t: &Tournament,
    players: &[StartNo],
    cycles: u32,
    gone: impl Fn(StartNo) -> bool,
) -> Result<Vec<RemainingGame>, ForecastError> {
    let n = t.players.len();
    let mut met = vec![0u32; (n + 1) * (n + 1)];
    for round in &t.rounds {
        for g in &round.games {
            if g.result != GameResult::Pending && g.white as usize <= n && g.black as usize <= n {
                met[g.white as usize * (n + 1) + g.black as usize] += 1;
                met[g.black as usize * (n + 1) + g.white as usize] += 1;
            }
        }
    }
    let playing: Vec<usize> = (0..players.len()).filter(|&i| !gone(players[i])).collect();
    let mut rated: Vec<Option<f64>> = vec![None; players.len()];
    let mut games = Vec::new();
    for (x, &a) in playing.iter().enumerate() {
        for &b in &playing[x + 1..] {
            let left =
                cycles.saturating_sub(met[players[a] as usize * (n + 1) + players[b] as usize]);
            for _ in 0..left {
                let ra = rating(t, players[a], &mut rated[a])?;
                let rb = rating(t, players[b], &mut rated[b])?;
                games.push(RemainingGame {
                    a,
                    b,
                    expected: expected(ra, rb),
                });
            }
        }
    }
    Ok(games)
}

fn rating(t: &Tournament, p: StartNo, cache: &mut Option<f64>) -> Result<f64, ForecastError> {
    if let Some(r) = *cache {
        return Ok(r);
    }
    let player = t.player(p).ok_or(ImputeError::UnknownPlayer(p))?;
    let r = player
        .rating
        .map(f64::from)
        .ok_or_else(|| ForecastError::MissingRating {
            player: p,
            name: player.name.clone(),
        })?;
    *cache = Some(r);
    Ok(r)
}

/// # Formula
/// E(a, b) = 1 / (1 + 10^((R_b − R_a)/400)), in the simulation study's Bradley–Terry form
/// (same bits natively and in wasm). The mean 2000 is any constant; it cancels.
fn expected(ra: f64, rb: f64) -> f64 {
    expected_from_factors(strength_factor(ra, 2000.0), strength_factor(rb, 2000.0))
}
