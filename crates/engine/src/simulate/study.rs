//! The runner: a validated [`Study`] splits the work into chunks, runs a chunk (the inner loop),
//! merges partial sums into the result, or does all of it on several threads.

use super::config::{ConfigError, Scenario, StudyConfig};
use super::estimators::{self, Weights};
use super::exp::exp;
use super::lanes::F2;
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

/// W's games per chunk ([`Study::chunk_tournaments`]): about 4 ms of the inner loop natively
/// (5,000 tournaments of the default design, 90 games each). Large enough that a Web Worker's
/// per-chunk cost (a message each way, the page's bookkeeping, about 0.3 ms in Chromium) stays a
/// few percent of the run, small enough for smooth progress and a prompt cancel whatever the
/// field size (a 256-player double round-robin has 130,560 games per tournament: 3 a chunk).
pub const CHUNK_GAMES: u64 = 450_000;

/// The methods whose prediction depends on the games (Elo, performance, Bayes), by index into
/// [`METHODS`](super::METHODS); the others predict a constant.
const FITTED: [usize; 3] = [2, 3, 4];

/// The strength factors are indexed by a player's 0-based number as a byte
/// ([`MAX_PLAYERS`](super::MAX_PLAYERS) = 256), so a look-up needs no bounds check.
const FACTORS: usize = 256;

/// The scratch space of one tournament, allocated once per chunk. Games are laid out slot by
/// slot: game g of W's schedule (0-based) of every W in turn, `k = g · players + w`, so that W's
/// first n games (the played ones) are the first n · players entries.
struct Tournament {
    /// Strength factors Q of the players from their ratings (zeros past the field).
    q: Box<[f64; FACTORS]>,
    /// c·Q: each player's true strength factor while that player is W.
    true_q: Vec<f64>,
    /// The stream's words for the games, two uniforms each.
    words: Vec<u64>,
    /// Per game: the uniform that decides it (one spare at the end in an odd count).
    u: Vec<f64>,
    /// Per game: E(opponent, W) from ratings and the opponent's score.
    e: Vec<f64>,
    y: Vec<f64>,
    /// Per W: Σ score and Σ E over the played games (then δ_W in `sum_y`).
    sum_y: Vec<f64>,
    sum_e: Vec<f64>,
}

impl Tournament {
    fn new(players: usize, scheduled: usize) -> Tournament {
        let games = players * scheduled;
        let words = games.div_ceil(2);
        Tournament {
            q: Box::new([0.0; FACTORS]),
            true_q: vec![0.0; players],
            words: vec![0; words],
            u: vec![0.0; 2 * words],
            e: vec![0.0; games],
            y: vec![0.0; games],
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
    /// W's opponents (0-based; below 256, see [`FACTORS`]), slot by slot: the opponent in game
    /// g of W's schedule order is `slot_opponents[g * players + w]`.
    slot_opponents: Vec<u8>,
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
            .map(|(g, w)| {
                let i = opponents[w * scheduled as usize + g];
                u8::try_from(i).unwrap_or_else(|_| unreachable!("validated: at most 256 players"))
            })
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
            .map(|g| u32::from(self.slot_opponents[g * players + w]))
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

    /// Tournaments per chunk for this design: [`CHUNK_GAMES`] games' worth, at least 1, so that
    /// a chunk is about the same work whatever the field size.
    pub fn chunk_tournaments(&self) -> u64 {
        let games = u64::from(self.config.players) * u64::from(self.scheduled);
        (CHUNK_GAMES / games.max(1)).max(1)
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
            true_q,
            words,
            u,
            e,
            y,
            sum_y,
            sum_e,
        } = work;
        // Ratings R = μ + σz, z ~ N(0, 1); only the strength factors are used.
        let field = &mut q[..players];
        for qi in field.iter_mut() {
            *qi = fixed.spread * fixed.ziggurat.sample(rng);
        }
        for qi in field.iter_mut() {
            *qi = exp(*qi);
        }
        for (t, &qi) in true_q.iter_mut().zip(field.iter()) {
            *t = fixed.form_factor * qi;
        }
        // One uniform per game of each leave-one-out iteration, two per word.
        for word in words.iter_mut() {
            *word = rng.next_u64();
        }
        for (pair, &word) in u.chunks_exact_mut(2).zip(words.iter()) {
            (pair[0], pair[1]) = uniform_pair_from(word);
        }
        // Every game of every iteration, slot by slot, W by W within a slot, two W at a time
        // (the second lane of an odd field's last pair computes a copy of the first and is not
        // stored): E from the ratings, the score from the true strengths (see
        // `sample_score_from_factors`, here in lanes).
        let field = &q[..players];
        let (half, draw_peak) = (F2::splat(0.5), F2::splat(cfg.draw_peak));
        for slot in 0..self.scheduled as usize {
            let games = slot * players..(slot + 1) * players;
            let opponents = &self.slot_opponents[games.clone()];
            let us = &u[games.clone()];
            let (es, ys) = (&mut e[games.clone()], &mut y[games]);
            for w in (0..players).step_by(2) {
                let i0 = usize::from(opponents[w]);
                let i1 = opponents.get(w + 1).map_or(i0, |&i| usize::from(i));
                let q_i = F2::new(q[i0], q[i1]);
                let (q_w, true_w, u) = (F2::load(field, w), F2::load(true_q, w), F2::load(us, w));
                q_i.div(q_i + q_w).store(es, w);
                let t = u * (q_i + true_w);
                let m = draw_peak * q_i.min(true_w);
                (t.lt_then(q_i - m, half) + t.lt_then(q_i + m, half)).store(ys, w);
            }
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
        // δ_W per W.
        for (y_sum, e_sum) in sum_y.iter_mut().zip(sum_e.iter()) {
            *y_sum = estimators::residual(*y_sum, *e_sum, played as u32);
        }
        let residual = &sum_y[..players];
        // Every unplayed game, two W at a time and slot by slot (an odd field's last W pairs
        // with zeros, which add nothing), into sums per lane: `estimators::fitted` in lanes.
        let (zero, one) = (F2::splat(0.0), F2::splat(1.0));
        let weights = &fixed.weights;
        let (w_p, w_b) = (F2::splat(weights.performance()), F2::splat(weights.bayes()));
        let [mut sq0, mut sq1, mut sq2, mut err0, mut err1, mut err2] = [zero; 6];
        let [mut clamped_p, mut clamped_b] = [zero; 2];
        for w in (0..players).step_by(2) {
            let delta = F2::load(residual, w);
            let (shift_p, shift_b) = (w_p * delta, w_b * delta);
            for slot in played..self.scheduled as usize {
                let games = slot * players..(slot + 1) * players;
                let (e, s) = (F2::load(&e[games.clone()], w), F2::load(&y[games], w));
                let (p, b) = (e + shift_p, e + shift_b);
                let (p_clamped, b_clamped) = (p.max(zero).min(one), b.max(zero).min(one));
                let (d0, d1, d2) = (e - s, p_clamped - s, b_clamped - s);
                sq0 = sq0 + d0 * d0;
                sq1 = sq1 + d1 * d1;
                sq2 = sq2 + d2 * d2;
                err0 = err0 + d0;
                err1 = err1 + d1;
                err2 = err2 + d2;
                clamped_p = clamped_p + p_clamped.ne_then(p, one);
                clamped_b = clamped_b + b_clamped.ne_then(b, one);
            }
        }
        // The unplayed games' outcomes (a pass of their own: one loop with twelve running sums
        // would not fit the sixteen SIMD registers).
        let [mut sum_s, mut sum_s2] = [zero; 2];
        for ys in y[played * players..games].chunks(2) {
            let s = F2::load(ys, 0);
            sum_s = sum_s + s;
            sum_s2 = sum_s2 + s * s;
        }
        for (f, (sq, err)) in [sq0, sq1, sq2].iter().zip([err0, err1, err2]).enumerate() {
            acc.squared_error[f].add_f64(sq.total());
            acc.error[f].add_f64(err.total());
        }
        // Counts and sums of multiples of ¼ below 2⁵³: exact.
        acc.clamped[FITTED[1]] += clamped_p.total() as u64;
        acc.clamped[FITTED[2]] += clamped_b.total() as u64;
        // The unplayed games' outcomes: Σy = wins + draws/2 and Σy² = wins + draws/4.
        let (s1, s2) = (sum_s.total(), sum_s2.total());
        let draws = (4.0 * (s1 - s2)) as u64;
        let wins = (2.0 * s2 - s1) as u64;
        let unplayed = (games - played * players) as u64;
        acc.outcomes[0] += unplayed - wins - draws;
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
        let chunks = self.chunks(self.chunk_tournaments());
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
