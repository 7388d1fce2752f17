//! The runner: a validated [`Study`] splits the work into chunks, runs a chunk (the inner loop),
//! merges partial sums into the result, or does all of it on several threads.

use super::config::{ConfigError, Scenario, StudyConfig};
use super::estimators::Withdrawn;
use super::game::{expected_from_factors, sample_score, strength_factor};
use super::methods::{PerMethod, METHODS};
use super::rng::{scenario_key, standard_normals, uniform};
use super::summary::{ScenarioResult, StudyResult, Summary};
use super::sums::{ExactSum, PartialSums};
use crate::berger;
use crate::impute::Policy;
use chacha20::rand_core::SeedableRng;
use chacha20::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Tournaments per chunk in [`Study::run`]: small enough for smooth progress, large enough that
/// the per-chunk overhead (building the RNG, one allocation) is negligible.
pub const DEFAULT_CHUNK: u64 = 1000;

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
    /// W's opponents (0-based) in W's schedule order: `opponents[w * scheduled + g]`.
    pub(super) opponents: Vec<u32>,
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
