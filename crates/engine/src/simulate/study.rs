//! The runner: a validated [`Study`] splits the work into chunks, runs a chunk (the inner loop),
//! merges partial sums into the result, or does all of it on several threads.

use super::config::{ConfigError, Scenario, StudyConfig};
use super::estimators::{self, Weights};
use super::exp::exp;
use super::game::{expected_from_factors, sample_score_from_factors};
use super::methods::PerMethod;
use super::normal::Ziggurat;
use super::rng::{scenario_key, tournament_stream, uniform_pair_from};
use super::summary::{ScenarioResult, StudyResult, Summary};
use super::sums::{ExactSum, PartialSums};
use crate::berger;
use crate::impute::Policy;
use chacha20::rand_core::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Tournaments per chunk in [`Study::run`]: small enough for smooth progress, large enough that
/// the per-chunk overhead (building the RNG, one allocation) is negligible.
pub const DEFAULT_CHUNK: u64 = 1000;

/// The methods whose prediction depends on the games (Elo, performance, Bayes), by index into
/// [`METHODS`](super::METHODS); the others predict a constant.
const FITTED: [usize; 3] = [2, 3, 4];

/// Lanes of the study's sums over unplayed games: partial sums in this many interleaved
/// accumulators (combined in a fixed order), which the compiler keeps in SIMD registers.
const LANES: usize = 4;

/// The scratch space of one tournament, allocated once per chunk. Games are laid out slot by
/// slot: game g of W's schedule (0-based) of every W in turn, `k = g · players + w`, so that W's
/// first n games (the played ones) are the first n · players entries.
struct Tournament {
    /// Strength factors Q of the players.
    q: Vec<f64>,
    /// Per game: the opponent's Q and W's Q.
    opponent_q: Vec<f64>,
    own_q: Vec<f64>,
    /// Per game: the uniform that decides it, E(opponent, W) from ratings, the opponent's
    /// score, and W's residual δ_W (only for the unplayed games). `LANES` zeros follow the
    /// games, so the unplayed games can be summed in whole groups of `LANES` (zeros add 0).
    u: Vec<f64>,
    e: Vec<f64>,
    y: Vec<f64>,
    residual: Vec<f64>,
    /// Per W: Σ score and Σ E over the played games.
    sum_y: Vec<f64>,
    sum_e: Vec<f64>,
}

impl Tournament {
    fn new(players: usize, scheduled: usize) -> Tournament {
        let games = players * scheduled;
        Tournament {
            q: vec![0.0; players],
            opponent_q: vec![0.0; games],
            own_q: vec![0.0; games],
            u: vec![0.0; games],
            e: vec![0.0; games + LANES],
            y: vec![0.0; games + LANES],
            residual: vec![0.0; games + LANES],
            sum_y: vec![0.0; players],
            sum_e: vec![0.0; players],
        }
    }
}

/// What every tournament of a scenario shares.
struct Fixed {
    /// Q = 10^((R − μ)/400) = exp(spread · z) for a rating R = μ + σz: spread = σ·ln 10 / 400.
    spread: f64,
    /// c = 10^(β/400): W's true strength factor is c·Q_W.
    form_factor: f64,
    weights: Weights,
    ziggurat: Ziggurat,
}

/// A chunk's running totals: exact sums per tournament of the fitted methods, counts of the
/// unplayed games' outcomes (the constant methods' errors follow from them), clamp counts.
#[derive(Default)]
struct Accumulator {
    squared_error: [ExactSum; 3],
    error: [ExactSum; 3],
    /// The opponent's score in the unplayed games: 0, ½, 1.
    outcomes: [u64; 3],
    clamped: [u64; 6],
}

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

/// A validated study: the config, its scenarios and every player's schedule.
#[derive(Clone, Debug)]
pub struct Study {
    config: StudyConfig,
    scenarios: Vec<Scenario>,
    /// W's opponents (0-based), slot by slot: the opponent in game g of W's schedule order is
    /// `slot_opponents[g * players + w]`.
    slot_opponents: Vec<u32>,
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
        let slot_opponents = (0..scheduled as usize)
            .flat_map(|g| (0..players as usize).map(move |w| (g, w)))
            .map(|(g, w)| opponents[w * scheduled as usize + g])
            .collect();
        Ok(Study {
            scenarios: config.scenarios(),
            config,
            slot_opponents,
            scheduled,
        })
    }

    /// W's opponents (0-based) in W's schedule order.
    #[cfg(test)]
    pub(super) fn opponents_of(&self, w: usize) -> Vec<u32> {
        let players = self.config.players as usize;
        (0..self.scheduled as usize)
            .map(|g| self.slot_opponents[g * players + w])
            .collect()
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

    /// The inner loop (see the module documentation for the design). Each tournament reads its
    /// own stream ([`tournament_stream`]) from the start: the ratings' normals first, then one
    /// 32-bit uniform per game.
    fn simulate(&self, index: usize, s: &Scenario, tournaments: Range<u64>) -> PartialSums {
        #[cfg(target_arch = "wasm32")]
        return self.simulate_simd128(index, s, tournaments);
        #[cfg(not(target_arch = "wasm32"))]
        self.simulate_any(index, s, tournaments)
    }

    /// WebAssembly SIMD for the inner loop (every browser the app targets has it: Chrome 91,
    /// Firefox 89, Safari 16.4; one without it rejects the worker's module at load instead of
    /// computing other numbers). Integer and IEEE operations only, so the same bits as natively.
    #[cfg(target_arch = "wasm32")]
    #[target_feature(enable = "simd128")]
    fn simulate_simd128(&self, index: usize, s: &Scenario, tournaments: Range<u64>) -> PartialSums {
        self.simulate_any(index, s, tournaments)
    }

    #[inline(always)]
    fn simulate_any(&self, index: usize, s: &Scenario, tournaments: Range<u64>) -> PartialSums {
        let players = self.config.players as usize;
        let scheduled = self.scheduled as usize;
        let played = s.withdrawal_after as usize;
        let key = scenario_key(self.config.seed, s);
        let fixed = Fixed {
            spread: s.rating_sd * std::f64::consts::LN_10 / 400.0,
            form_factor: libm::pow(10.0, s.form / 400.0),
            weights: Weights::new(s.withdrawal_after, self.config.k),
            ziggurat: Ziggurat::new(),
        };
        let mut work = Tournament::new(players, scheduled);
        let mut acc = Accumulator::default();
        for t in tournaments.clone() {
            let mut rng = tournament_stream(key, t);
            self.tournament(&fixed, played, &mut rng, &mut work, &mut acc);
        }
        let mut sums = PartialSums::empty(index);
        sums.tournaments = tournaments.end - tournaments.start;
        sums.games = sums.tournaments * (players * (scheduled - played)) as u64;
        // The constant methods (forfeit 1, annul ½, FIDE one of them) have errors in
        // {0, ±½, ±1}: their sums are exact multiples of ¼, counted from the outcomes.
        let [losses, draws, wins] = acc.outcomes.map(i128::from);
        // Forfeit: d = 1 − y; annulment: d = ½ − y (y the opponent's score: 0, ½ or 1).
        let forfeit = (4 * losses + draws, 4 * losses + 2 * draws);
        let annul = (losses + wins, 2 * (losses - wins));
        let fide = if 2 * played < scheduled {
            annul
        } else {
            forfeit
        };
        let mut sq = [forfeit.0, annul.0, 0, 0, 0, fide.0].map(ExactSum::from_quarters);
        let mut err = [forfeit.1, annul.1, 0, 0, 0, fide.1].map(ExactSum::from_quarters);
        for (f, m) in FITTED.iter().enumerate() {
            sq[*m] = acc.squared_error[f];
            err[*m] = acc.error[f];
        }
        sums.squared_error = PerMethod::from_array(sq);
        sums.error = PerMethod::from_array(err);
        sums.clamped = PerMethod::from_array(acc.clamped);
        sums
    }

    /// One simulated tournament from its stream (see the module documentation).
    #[inline(always)]
    fn tournament(
        &self,
        fixed: &Fixed,
        played: usize,
        rng: &mut Xoshiro256PlusPlus,
        work: &mut Tournament,
        acc: &mut Accumulator,
    ) {
        let cfg = &self.config;
        let players = cfg.players as usize;
        let games = players * self.scheduled as usize;
        let Tournament {
            q,
            opponent_q,
            own_q,
            u,
            e,
            y,
            residual,
            sum_y,
            sum_e,
        } = work;
        // Ratings R = μ + σz, z ~ N(0, 1); only the strength factors are used.
        for qi in q.iter_mut() {
            *qi = fixed.spread * fixed.ziggurat.sample(rng);
        }
        for qi in q.iter_mut() {
            *qi = exp(*qi);
        }
        // One uniform per game of each leave-one-out iteration.
        let mut pairs = u.chunks_exact_mut(2);
        for pair in &mut pairs {
            (pair[0], pair[1]) = uniform_pair_from(rng.next_u64());
        }
        if let [last] = pairs.into_remainder() {
            *last = uniform_pair_from(rng.next_u64()).0;
        }
        for (oq, &i) in opponent_q.iter_mut().zip(&self.slot_opponents) {
            *oq = q[i as usize];
        }
        for wq in own_q.chunks_exact_mut(players) {
            wq.copy_from_slice(q);
        }
        // Every game of every iteration at once: straight-line arithmetic the compiler turns
        // into SIMD, element by element the same operations as one game at a time.
        let (form_factor, draw_peak) = (fixed.form_factor, cfg.draw_peak);
        for k in 0..games {
            let (q_i, q_w) = (opponent_q[k], own_q[k]);
            e[k] = expected_from_factors(q_i, q_w);
            y[k] = sample_score_from_factors(q_i, form_factor * q_w, draw_peak, u[k]);
        }
        // W's residual from the played games (slot by slot, so W by W in SIMD).
        sum_y.fill(0.0);
        sum_e.fill(0.0);
        for (ys, es) in y[..played * players]
            .chunks_exact(players)
            .zip(e[..played * players].chunks_exact(players))
        {
            for w in 0..players {
                sum_y[w] += ys[w];
                sum_e[w] += es[w];
            }
        }
        // δ_W per W, then once per unplayed slot.
        for (y_sum, e_sum) in sum_y.iter_mut().zip(sum_e.iter()) {
            *y_sum = estimators::residual(*y_sum, *e_sum, played as u32);
        }
        let unplayed = played * players..games;
        for r in residual[unplayed.clone()].chunks_exact_mut(players) {
            r.copy_from_slice(sum_y);
        }
        // Every unplayed game in groups of LANES (the zeros after the games add nothing).
        let groups = (unplayed.len()).div_ceil(LANES) * LANES;
        let span = unplayed.start..unplayed.start + groups;
        let [mut sq0, mut sq1, mut sq2, mut err0, mut err1, mut err2] = [[0.0f64; LANES]; 6];
        let [mut clamped_p, mut clamped_b, mut sum_s, mut sum_s2] = [[0.0f64; LANES]; 4];
        let count = |c: bool| if c { 1.0 } else { 0.0 };
        for ((es, ys), rs) in e[span.clone()]
            .chunks_exact(LANES)
            .zip(y[span.clone()].chunks_exact(LANES))
            .zip(residual[span].chunks_exact(LANES))
        {
            for l in 0..LANES {
                let ([elo, p, b], [cp, cb]) = estimators::fitted(es[l], rs[l], &fixed.weights);
                let (d0, d1, d2) = (elo - ys[l], p - ys[l], b - ys[l]);
                sq0[l] += d0 * d0;
                sq1[l] += d1 * d1;
                sq2[l] += d2 * d2;
                err0[l] += d0;
                err1[l] += d1;
                err2[l] += d2;
                clamped_p[l] += count(cp);
                clamped_b[l] += count(cb);
                sum_s[l] += ys[l];
                sum_s2[l] += ys[l] * ys[l];
            }
        }
        let (sq, err) = ([sq0, sq1, sq2], [err0, err1, err2]);
        let (clamped, outcome) = ([clamped_p, clamped_b], [sum_s, sum_s2]);
        let total = |lanes: &[f64; LANES]| lanes.iter().fold(0.0, |a, &b| a + b);
        for f in 0..3 {
            acc.squared_error[f].add_f64(total(&sq[f]));
            acc.error[f].add_f64(total(&err[f]));
        }
        // Counts and sums of multiples of ¼ below 2⁵³: exact.
        acc.clamped[FITTED[1]] += total(&clamped[0]) as u64;
        acc.clamped[FITTED[2]] += total(&clamped[1]) as u64;
        // Σy = wins + draws/2 and Σy² = wins + draws/4.
        let (s1, s2) = (total(&outcome[0]), total(&outcome[1]));
        let draws = (4.0 * (s1 - s2)) as u64;
        let wins = (2.0 * s2 - s1) as u64;
        acc.outcomes[0] += unplayed.len() as u64 - wins - draws;
        acc.outcomes[1] += draws;
        acc.outcomes[2] += wins;
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
