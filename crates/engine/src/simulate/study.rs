//! The runner: a validated [`Study`] splits the work into chunks, runs a chunk (the inner loop),
//! merges partial sums into the result, or does all of it on several threads.

use super::chacha::{fill_interleaved, Key, STREAMS};
use super::config::{ConfigError, Scenario, StudyConfig};
use super::estimators::{Weights, Withdrawn};
use super::game::{expected_from_factors, sample_score, strength_factor};
use super::methods::{PerMethod, METHODS};
use super::rng::{scenario_key, standard_normals_from, uniform_from, Stream};
use super::summary::{ScenarioResult, StudyResult, Summary};
use super::sums::{ExactSum, PartialSums};
use crate::berger;
use crate::impute::Policy;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Tournaments per chunk in [`Study::run`]: small enough for smooth progress, large enough that
/// the per-chunk overhead (building the RNG, one allocation) is negligible.
pub const DEFAULT_CHUNK: u64 = 1000;

/// The methods whose prediction depends on the games (Elo, performance, Bayes), by index into
/// [`METHODS`]; the others predict a constant.
const FITTED: [usize; 3] = [2, 3, 4];

/// The scratch space of one tournament, allocated once per chunk.
struct Tournament {
    /// Ratings (one more than players when the count is odd: normals come in pairs).
    ratings: Vec<f64>,
    /// Strength factors Q of the players.
    q: Vec<f64>,
    /// Per game of each iteration (W by W, schedule order): the opponent's Q and W's Q.
    opponent_q: Vec<f64>,
    own_q: Vec<f64>,
    /// Per game: the uniform that decides it, E(opponent, W) from ratings, the opponent's score.
    u: Vec<f64>,
    e: Vec<f64>,
    y: Vec<f64>,
}

impl Tournament {
    fn new(players: usize, scheduled: usize) -> Tournament {
        let games = players * scheduled;
        Tournament {
            ratings: vec![0.0; players + 1],
            q: vec![0.0; players],
            opponent_q: vec![0.0; games],
            own_q: vec![0.0; games],
            u: vec![0.0; games],
            e: vec![0.0; games],
            y: vec![0.0; games],
        }
    }
}

/// What every tournament of a scenario shares.
struct Fixed {
    scenario: Scenario,
    form_factor: f64,
    weights: Weights,
}

/// A chunk's running totals: exact sums per tournament, clamp counts.
#[derive(Default)]
struct Accumulator {
    squared_error: [ExactSum; 6],
    error: [ExactSum; 6],
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

    /// The inner loop (see the module documentation for the design). Tournaments are taken in
    /// batches: the ChaCha8 words of a batch's streams are made together ([`fill_interleaved`]),
    /// then each tournament reads its own stream from the start, exactly as `ChaCha8Rng`
    /// would: the normals of the ratings first, then one uniform per game.
    fn simulate(&self, index: usize, s: &Scenario, tournaments: Range<u64>) -> PartialSums {
        let players = self.config.players as usize;
        let scheduled = self.scheduled as usize;
        // Normals come in pairs for `players + 1` slots (see `Tournament::ratings`).
        let pairs = players.div_ceil(2);
        let words = 2 * (2 * pairs + players * scheduled);
        let blocks = words.div_ceil(16);
        let key = Key::from_seed(&scenario_key(self.config.seed, s));
        let fixed = Fixed {
            scenario: *s,
            // c = 10^(β/400): W's true strength factor is c·Q_W.
            form_factor: libm::pow(10.0, s.form / 400.0),
            weights: Weights::new(s.withdrawal_after, self.scheduled, self.config.k),
        };
        let mut stream_words = vec![0u32; blocks * 16 * STREAMS];
        let mut work = Tournament::new(players, scheduled);
        let mut acc = Accumulator::default();
        let mut t = tournaments.start;
        while t < tournaments.end {
            // A batch is always STREAMS streams; past the chunk's end they are not read.
            fill_interleaved(&key, t, blocks, &mut stream_words);
            let n = (tournaments.end - t).min(STREAMS as u64) as usize;
            for lane in 0..n {
                let stream = Stream {
                    words: &stream_words,
                    lane,
                };
                self.tournament(&fixed, stream, &mut work, &mut acc);
            }
            t += n as u64;
        }
        let mut sums = PartialSums::empty(index);
        sums.tournaments = tournaments.end - tournaments.start;
        sums.games =
            sums.tournaments * (players * (scheduled - s.withdrawal_after as usize)) as u64;
        sums.squared_error = PerMethod::from_array(acc.squared_error);
        sums.error = PerMethod::from_array(acc.error);
        sums.clamped = PerMethod::from_array(acc.clamped);
        sums
    }

    /// One simulated tournament from its stream's words (see the module documentation).
    fn tournament(
        &self,
        fixed: &Fixed,
        stream: Stream<'_>,
        work: &mut Tournament,
        acc: &mut Accumulator,
    ) {
        let cfg = &self.config;
        let (s, form_factor, weights) = (&fixed.scenario, fixed.form_factor, &fixed.weights);
        let players = cfg.players as usize;
        let scheduled = self.scheduled as usize;
        let played = s.withdrawal_after as usize;
        let Tournament {
            ratings,
            q,
            opponent_q,
            own_q,
            u,
            e,
            y,
            ..
        } = work;
        let mut next = 0;
        for pair in ratings.chunks_exact_mut(2) {
            let (z0, z1) = standard_normals_from(stream.word64(next), stream.word64(next + 1));
            next += 2;
            pair[0] = cfg.rating_mean + s.rating_sd * z0;
            pair[1] = cfg.rating_mean + s.rating_sd * z1;
        }
        for (qi, &ri) in q.iter_mut().zip(ratings.iter()) {
            *qi = strength_factor(ri, cfg.rating_mean);
        }
        // One uniform per game of each leave-one-out iteration, W by W in schedule order.
        for (k, v) in u.iter_mut().enumerate() {
            *v = uniform_from(stream.word64(next + k));
        }
        let iterations = opponent_q
            .chunks_exact_mut(scheduled)
            .zip(own_q.chunks_exact_mut(scheduled))
            .zip(self.opponents.chunks_exact(scheduled));
        for (w, ((oq, wq), opponents)) in iterations.enumerate() {
            for (oq, &i) in oq.iter_mut().zip(opponents) {
                *oq = q[i as usize];
            }
            wq.fill(q[w]);
        }
        // Every game of every iteration at once: straight-line arithmetic the compiler turns
        // into SIMD, element by element the same operations as one game at a time.
        for k in 0..e.len() {
            let (q_i, q_w) = (opponent_q[k], own_q[k]);
            e[k] = expected_from_factors(q_i, q_w);
            y[k] = sample_score(
                expected_from_factors(q_i, form_factor * q_w),
                cfg.draw_peak,
                u[k],
            );
        }
        // The three methods that predict a constant (forfeit 1, annul ½, FIDE one of them)
        // have errors in {0, ±½, ±1}: their sums are multiples of ¼ far below 2⁵³, exact in
        // any order, so counting the outcomes gives the same bits as adding game by game.
        let mut outcomes = [0u32; 3];
        let mut fitted_sq = [0.0f64; 3];
        let mut fitted_err = [0.0f64; 3];
        for w in 0..players {
            let (e, y) = (
                &e[w * scheduled..(w + 1) * scheduled],
                &y[w * scheduled..(w + 1) * scheduled],
            );
            let wd = Withdrawn::with_weights(&e[..played], &y[..played], weights);
            for g in played..scheduled {
                outcomes[(2.0 * y[g]) as usize] += 1;
                let (pred, clamp) = wd.predict(e[g]);
                for (f, m) in FITTED.iter().enumerate() {
                    let d = pred[*m] - y[g];
                    fitted_sq[f] += d * d;
                    fitted_err[f] += d;
                    acc.clamped[*m] += u64::from(clamp[*m]);
                }
            }
        }
        let [losses, draws, wins] = outcomes.map(f64::from);
        // Forfeit: d = 1 − y; annulment: d = ½ − y (y the opponent's score: 0, ½ or 1).
        let forfeit = (losses + 0.25 * draws, losses + 0.5 * draws);
        let annul = (0.25 * (losses + wins), 0.5 * (losses - wins));
        let fide = if 2 * played < scheduled {
            annul
        } else {
            forfeit
        };
        let mut sq = [forfeit.0, annul.0, 0.0, 0.0, 0.0, fide.0];
        let mut err = [forfeit.1, annul.1, 0.0, 0.0, 0.0, fide.1];
        for (f, m) in FITTED.iter().enumerate() {
            sq[*m] = fitted_sq[f];
            err[*m] = fitted_err[f];
        }
        for m in 0..METHODS.len() {
            acc.squared_error[m].add_f64(sq[m]);
            acc.error[m].add_f64(err[m]);
        }
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
