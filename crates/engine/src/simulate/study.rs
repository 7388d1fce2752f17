//! The runner: a validated [`Study`] splits the work into chunks, runs a chunk (the inner loop),
//! merges partial sums into the result, or does all of it on several threads.

use super::config::{ConfigError, Scenario, StudyConfig};
use super::estimators::Weights;
use super::exp::exp;
use super::lanes::F2;
use super::methods::PerMethod;
use super::normal::Ziggurat;
use super::rng::{scenario_key, tournament_stream, uniform_pair_from};
use super::summary::{ScenarioResult, StudyResult, Summary};
use super::sums::{ExactSum, PartialSums};
use crate::berger;
use crate::impute::Policy;
use crate::model::PerPlayer;
use chacha20::rand_core::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// W's games per chunk ([`Study::chunk_tournaments`]): about 1.6 ms of the inner loop natively
/// (5,000 tournaments of the default design, 90 games each; 4 ms when it was chosen, before the
/// loop got faster). Small enough for smooth progress and a prompt cancel whatever the field
/// size (a 256-player double round-robin has 130,560 games per tournament: 3 a chunk). A Web
/// Worker's per-chunk cost (a message each way, 0.2-0.3 ms of the worker's time in Chromium) is
/// now ~15 % of such a chunk: the app doubles it when each worker still gets enough chunks.
pub const CHUNK_GAMES: u64 = 450_000;

/// The methods whose prediction depends on the games (Elo, performance, Bayes), by index into
/// [`METHODS`](super::METHODS); the others predict a constant.
const FITTED: [usize; 3] = [2, 3, 4];

/// The strength factors are indexed by a player's 0-based number as a byte
/// ([`MAX_PLAYERS`](super::MAX_PLAYERS) = 256), so a look-up needs no bounds check.
const FACTORS: usize = 256;

/// The scratch space of one tournament, allocated once per chunk.
struct Tournament {
    /// Strength factors Q of the players from their ratings (zeros past the field).
    q: Box<[f64; FACTORS]>,
    /// c·Q: each player's true strength factor while that player is W.
    true_q: Vec<f64>,
    /// The stream's words for the games, two uniforms each.
    words: Vec<u64>,
    /// Per game, slot by slot (game g of W's schedule, 0-based, of every W in turn:
    /// `k = g · players + w`): the uniform that decides it. Two spare entries at the end, read by
    /// the unused second lane of an odd field's last pair of W.
    u: Vec<f64>,
}

impl Tournament {
    fn new(players: usize, scheduled: usize) -> Tournament {
        let words = (players * scheduled).div_ceil(2);
        Tournament {
            q: Box::new([0.0; FACTORS]),
            true_q: vec![0.0; players],
            words: vec![0; words],
            u: vec![0.0; 2 * words + 2],
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

/// What the games of one pair of W share (see `Study::pair_of_w`).
struct PairGames<'a> {
    /// Strength factors from the ratings, by player (zeros past the field).
    q: &'a [f64; FACTORS],
    /// The games' uniforms, slot by slot (`Tournament::u`).
    u: &'a [f64],
    players: usize,
    /// The pair's first W (even).
    w: usize,
    q_w: F2,
    true_w: F2,
    half: F2,
    draw_peak: F2,
    /// Both lanes, or the first only (an odd field's last pair).
    lanes: F2,
}

impl PairGames<'_> {
    /// Game g of both W's schedules against `opponents`: (E(i, W), the opponent's score), the
    /// second lane zeros when `ODD`. A function rather than a closure: rustc inlines this into
    /// the wasm runner with its SIMD; a closure was left as a call per game in wasm, its v128
    /// arguments and results passed through memory (0.75 -> 1.2 ms per 1,000 tournaments).
    #[inline(always)]
    fn play<const ODD: bool>(&self, g: usize, opponents: &[u8; 2]) -> (F2, F2) {
        let q = self.q;
        let q_i = F2::new(q[usize::from(opponents[0])], q[usize::from(opponents[1])]);
        let k = g * self.players + self.w;
        let u = F2::load_pair(&self.u[k..k + 2]);
        let e = q_i.div(q_i + self.q_w);
        let t = u * (q_i + self.true_w);
        let m = self.draw_peak * q_i.min(self.true_w);
        let y = t.lt_then(q_i - m, self.half) + t.lt_then(q_i + m, self.half);
        if ODD {
            (e.and(self.lanes), y.and(self.lanes))
        } else {
            (e, y)
        }
    }
}

/// One tournament's running sums, per lane: the fitted methods' squared errors and errors,
/// performance's and Bayes's clamp counts, Σ and Σ² of the unplayed games' scores.
#[derive(Clone, Copy)]
struct Sums {
    sq: [F2; 3],
    err: [F2; 3],
    clamped: [F2; 2],
    score: F2,
    score_squared: F2,
}

impl Default for Sums {
    fn default() -> Sums {
        let zero = F2::splat(0.0);
        Sums {
            sq: [zero; 3],
            err: [zero; 3],
            clamped: [zero; 2],
            score: zero,
            score_squared: zero,
        }
    }
}

impl Sums {
    /// Adds the tournament's sums (`unplayed` games) to the chunk's totals.
    #[inline(always)]
    fn add_to(&self, acc: &mut Accumulator, unplayed: usize) {
        for f in 0..3 {
            acc.squared_error[f].add_f64(self.sq[f].total());
            acc.error[f].add_f64(self.err[f].total());
        }
        // Counts, and sums of multiples of ¼, below 2⁵³: exact in any order.
        acc.clamped[FITTED[1]] += self.clamped[0].total() as u64;
        acc.clamped[FITTED[2]] += self.clamped[1].total() as u64;
        // Σy = wins + draws/2 and Σy² = wins + draws/4.
        let (s1, s2) = (self.score.total(), self.score_squared.total());
        let draws = (4.0 * (s1 - s2)) as u64;
        let wins = (2.0 * s2 - s1) as u64;
        acc.outcomes[0] += unplayed as u64 - wins - draws;
        acc.outcomes[1] += draws;
        acc.outcomes[2] += wins;
    }
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
    /// W's opponents (0-based; below 256, see [`FACTORS`]) two W at a time: the opponent in
    /// game g of W's schedule order, W = 2p + lane, is `pair_opponents[(p · scheduled + g) · 2 +
    /// lane]`; an odd field's last pair repeats its first W's opponents in the second lane.
    pair_opponents: Vec<u8>,
    scheduled: u32,
}

impl Study {
    pub fn new(config: StudyConfig) -> Result<Study, ConfigError> {
        config.validate()?;
        let scheduled = config.scheduled_games();
        let players = config.players;
        // Each player's opponents, 0-based as `pair_opponents` packs them.
        let mut per_player: PerPlayer<Vec<u32>> = PerPlayer::filled(players as usize, Vec::new());
        for round in berger::schedule(players, config.cycles) {
            for g in &round.games {
                per_player[g.white].push(g.black - 1);
                per_player[g.black].push(g.white - 1);
            }
        }
        let opponents: Vec<u32> = per_player.into_vec().concat();
        debug_assert_eq!(opponents.len(), (players * scheduled) as usize);
        let (players, scheduled_games) = (players as usize, scheduled as usize);
        let pair_opponents = (0..players.div_ceil(2))
            .flat_map(|p| (0..scheduled_games).map(move |g| (p, g)))
            .flat_map(|(p, g)| {
                // An odd field's last pair has no second W: its first W again (never counted).
                let second = if 2 * p + 1 < players {
                    2 * p + 1
                } else {
                    2 * p
                };
                [(2 * p, g), (second, g)]
            })
            .map(|(w, g)| {
                let i = opponents[w * scheduled_games + g];
                u8::try_from(i).unwrap_or_else(|_| unreachable!("validated: at most 256 players"))
            })
            .collect();
        Ok(Study {
            scenarios: config.scenarios(),
            config,
            pair_opponents,
            scheduled,
        })
    }

    /// W's opponents (0-based) in W's schedule order.
    #[cfg(test)]
    pub(super) fn opponents_of(&self, w: usize) -> Vec<u32> {
        let players = self.config.players as usize;
        let scheduled = self.scheduled as usize;
        debug_assert!(w < players);
        (0..scheduled)
            .map(|g| u32::from(self.pair_opponents[((w / 2) * scheduled + g) * 2 + w % 2]))
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
    pub(super) fn simulate(
        &self,
        index: usize,
        s: &Scenario,
        tournaments: Range<u64>,
    ) -> PartialSums {
        #[cfg(target_arch = "wasm32")]
        return self.simulate_simd128(index, s, tournaments);
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2 (checked on the line above).
            return unsafe { self.simulate_avx2(index, s, tournaments) };
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.simulate_any(index, s, tournaments)
    }

    /// The same loop compiled for AVX2 CPUs: the same SSE2 operations in their VEX form (three
    /// operands, so fewer register copies), and SSE4.1's rounding for the fixed-point sums; no
    /// fused multiply-add (Rust never contracts), so the same bits (tested against
    /// `simulate_any`). About 5 % of the default study.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn simulate_avx2(
        &self,
        index: usize,
        s: &Scenario,
        tournaments: Range<u64>,
    ) -> PartialSums {
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

    /// The loop for any target (the runners above compile it with their CPU's features).
    #[inline(always)]
    pub(super) fn simulate_any(
        &self,
        index: usize,
        s: &Scenario,
        tournaments: Range<u64>,
    ) -> PartialSums {
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
        self.strengths(fixed, rng, work);
        uniforms(rng, work);
        let players = self.config.players as usize;
        let mut sums = Sums::default();
        for p in 0..players / 2 {
            self.pair_of_w::<false>(fixed, played, p, work, &mut sums);
        }
        if players % 2 == 1 {
            self.pair_of_w::<true>(fixed, played, players / 2, work, &mut sums);
        }
        sums.add_to(acc, players * (self.scheduled as usize - played));
    }

    /// Ratings R = μ + σz, z ~ N(0, 1); only the strength factors Q and c·Q are used.
    #[inline(always)]
    fn strengths(&self, fixed: &Fixed, rng: &mut Xoshiro256PlusPlus, work: &mut Tournament) {
        let players = self.config.players as usize;
        let field = &mut work.q[..players];
        for qi in field.iter_mut() {
            *qi = fixed.spread * fixed.ziggurat.sample(rng);
        }
        for qi in field.iter_mut() {
            *qi = exp(*qi);
        }
        for (t, &qi) in work.true_q.iter_mut().zip(field.iter()) {
            *t = fixed.form_factor * qi;
        }
    }

    /// The leave-one-out iterations of W = 2p and W = 2p + 1 in two lanes, game by game in W's
    /// schedule order: E from the ratings and the score from the true strengths
    /// (`sample_score_from_factors` in lanes); over the n played games W's residual δ_W, then
    /// over the unplayed ones the three fitted methods' errors (`estimators::fitted` in lanes)
    /// and the outcomes, straight into running sums: nothing is stored per game. `ODD`: the
    /// last pair of an odd field, whose second lane repeats the first and is masked to zeros,
    /// which add nothing (as a W that does not exist would).
    #[inline(always)]
    fn pair_of_w<const ODD: bool>(
        &self,
        fixed: &Fixed,
        played: usize,
        p: usize,
        work: &Tournament,
        sums: &mut Sums,
    ) {
        let scheduled = self.scheduled as usize;
        let Tournament { q, true_q, u, .. } = work;
        let w = 2 * p;
        let second = if ODD { w } else { w + 1 };
        let (zero, one) = (F2::splat(0.0), F2::splat(1.0));
        let games = PairGames {
            q,
            u,
            players: self.config.players as usize,
            w,
            q_w: F2::new(q[w], q[second]),
            true_w: F2::new(true_q[w], true_q[second]),
            half: F2::splat(0.5),
            draw_peak: F2::splat(self.config.draw_peak),
            lanes: F2::lane_mask(!ODD),
        };
        let pair = &self.pair_opponents[p * 2 * scheduled..(p + 1) * 2 * scheduled];
        let (before, after) = pair.as_chunks::<2>().0.split_at(played);
        // δ_W = (Σs − ΣE) / n over the played games (`estimators::residual`), 0 when n = 0.
        let (mut sum_y, mut sum_e) = (zero, zero);
        for (g, opponents) in before.iter().enumerate() {
            let (e, y) = games.play::<ODD>(g, opponents);
            sum_y = sum_y + y;
            sum_e = sum_e + e;
        }
        let delta = if played == 0 {
            zero
        } else {
            (sum_y - sum_e).div(F2::splat(played as f64))
        };
        let weights = &fixed.weights;
        let shift_p = F2::splat(weights.performance()) * delta;
        let shift_b = F2::splat(weights.bayes()) * delta;
        for (g, opponents) in after.iter().enumerate() {
            let (e, s) = games.play::<ODD>(played + g, opponents);
            let (p, b) = (e + shift_p, e + shift_b);
            let (p_clamped, b_clamped) = (p.max(zero).min(one), b.max(zero).min(one));
            let (d0, d1, d2) = (e - s, p_clamped - s, b_clamped - s);
            sums.sq[0] = sums.sq[0] + d0 * d0;
            sums.sq[1] = sums.sq[1] + d1 * d1;
            sums.sq[2] = sums.sq[2] + d2 * d2;
            sums.err[0] = sums.err[0] + d0;
            sums.err[1] = sums.err[1] + d1;
            sums.err[2] = sums.err[2] + d2;
            sums.clamped[0] = sums.clamped[0] + p_clamped.ne_then(p, one);
            sums.clamped[1] = sums.clamped[1] + b_clamped.ne_then(b, one);
            sums.score = sums.score + s;
            sums.score_squared = sums.score_squared + s * s;
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

/// One uniform per game of each leave-one-out iteration, two per word of the stream.
#[inline(always)]
fn uniforms(rng: &mut Xoshiro256PlusPlus, work: &mut Tournament) {
    for word in work.words.iter_mut() {
        *word = rng.next_u64();
    }
    for (pair, &word) in work.u.chunks_exact_mut(2).zip(work.words.iter()) {
        (pair[0], pair[1]) = uniform_pair_from(word);
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
