//! The simulation: blocks of seeded final tables, their exact sums, and the merged result.

use super::prepare::{ForecastError, Forecaster};
use crate::csv_text::CsvWriter;
use crate::impute::{Policy, POINTS_TOLERANCE};
use crate::model::{StartNo, Withdrawal};
use crate::simulate::{sample_score, uniform, ExactSum};
use chacha20::rand_core::SeedableRng;
use chacha20::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Simulations per block: the unit of work of a Web Worker and of progress.
pub const BLOCK: u64 = 10_000;

/// A piece of work: simulations `start..end`, drawn from stream `index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Block {
    pub index: u64,
    pub start: u64,
    pub end: u64,
}

/// What one block adds up to: exact sums, so that blocks merge to the same bits in any order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub block: u64,
    pub simulations: u64,
    /// Σ share of place q, for player i at `i * players + q`.
    pub places: Vec<ExactSum>,
    /// Σ (share of first place)², per player.
    pub first_sq: Vec<ExactSum>,
    /// Σ (share of the podium)², per player.
    pub podium_sq: Vec<ExactSum>,
}

/// One player's chances.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Chances {
    pub start_no: StartNo,
    pub name: String,
    /// Withdrawn, but kept in the table by the policy.
    pub withdrawn: bool,
    /// Points now: recorded results plus the policy's values for games against withdrawn
    /// players.
    pub points_now: f64,
    /// Expected final points (exact).
    pub expected_points: f64,
    pub p_first: f64,
    pub se_first: f64,
    pub p_podium: f64,
    pub se_podium: f64,
    /// Probability of each final place 1, 2, … (shared places split equally).
    pub places: Vec<f64>,
}

/// The distribution of the final standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Forecast {
    pub policy: Policy,
    pub k: f64,
    pub draw_peak: f64,
    pub simulations: u64,
    pub seed: u64,
    /// Games still to be drawn from the game model (0: the final table is certain).
    pub remaining_games: usize,
    /// The withdrawals applied and what the policy does with each (FIDE: annul or forfeit).
    pub withdrawals: Vec<(Withdrawal, Policy)>,
    /// One row per player still in the table, by expected points (descending), then start
    /// number.
    pub rows: Vec<Chances>,
}

impl Forecaster {
    /// The blocks of the configured simulations, in order.
    pub fn blocks(&self) -> Vec<Block> {
        let n = self.config.simulations;
        (0..n.div_ceil(BLOCK))
            .map(|index| Block {
                index,
                start: index * BLOCK,
                end: ((index + 1) * BLOCK).min(n),
            })
            .collect()
    }

    /// Runs block `index`: a pure function of the event, the settings and the index.
    pub fn run_block(&self, index: u64) -> Result<Tally, ForecastError> {
        let blocks = self.config.simulations.div_ceil(BLOCK);
        if index >= blocks {
            return Err(ForecastError::BadBlock {
                block: index,
                blocks,
            });
        }
        let sims = ((index + 1) * BLOCK).min(self.config.simulations) - index * BLOCK;
        let m = self.players.len();
        let mut tally = Tally {
            block: index,
            simulations: sims,
            places: vec![ExactSum::default(); m * m],
            first_sq: vec![ExactSum::default(); m],
            podium_sq: vec![ExactSum::default(); m],
        };
        let mut rng = ChaCha8Rng::from_seed(key(self.config.seed));
        rng.set_stream(index);
        let d = self.config.draw_peak;
        let mut total = vec![0.0f64; m];
        let mut order: Vec<usize> = (0..m).collect();
        let mut keys = vec![0i64; m];
        for _ in 0..sims {
            total.copy_from_slice(&self.points_now);
            for g in &self.games {
                let s = sample_score(g.expected, d, uniform(&mut rng));
                total[g.a] += s;
                total[g.b] += 1.0 - s;
            }
            // Equal totals must tie exactly: rank on the quantised key of `rank_by_points`.
            for (k, &t) in keys.iter_mut().zip(&total) {
                *k = (t / POINTS_TOLERANCE).round() as i64;
            }
            order.sort_unstable_by(|&x, &y| keys[y].cmp(&keys[x]).then(x.cmp(&y)));
            let mut a = 0;
            while a < m {
                let mut b = a + 1;
                while b < m && keys[order[b]] == keys[order[a]] {
                    b += 1;
                }
                let g = (b - a) as f64;
                let share = 1.0 / g;
                let first = if a == 0 { share } else { 0.0 };
                let podium = (b.min(3).saturating_sub(a)) as f64 / g;
                for &i in &order[a..b] {
                    for q in a..b {
                        tally.places[i * m + q].add_f64(share);
                    }
                    tally.first_sq[i].add_f64(first * first);
                    tally.podium_sq[i].add_f64(podium * podium);
                }
                a = b;
            }
        }
        Ok(tally)
    }

    /// Merges the tallies of every block (any order) into the forecast.
    pub fn finish(&self, tallies: &[Tally]) -> Result<Forecast, ForecastError> {
        let m = self.players.len();
        let mut places = vec![ExactSum::default(); m * m];
        let mut first_sq = vec![ExactSum::default(); m];
        let mut podium_sq = vec![ExactSum::default(); m];
        let mut have = 0u64;
        for t in tallies {
            if t.places.len() != m * m || t.first_sq.len() != m || t.podium_sq.len() != m {
                return Err(ForecastError::BadBlock {
                    block: t.block,
                    blocks: self.config.simulations.div_ceil(BLOCK),
                });
            }
            have += t.simulations;
            for (s, x) in places.iter_mut().zip(&t.places) {
                s.add(*x);
            }
            for (s, x) in first_sq.iter_mut().zip(&t.first_sq) {
                s.add(*x);
            }
            for (s, x) in podium_sq.iter_mut().zip(&t.podium_sq) {
                s.add(*x);
            }
        }
        let want = self.config.simulations;
        if have != want {
            return Err(ForecastError::Incomplete { have, want });
        }
        let n = want as f64;
        let mut expected = self.points_now.clone();
        for g in &self.games {
            expected[g.a] += g.expected;
            expected[g.b] += 1.0 - g.expected;
        }
        let mut rows: Vec<Chances> = (0..m)
            .map(|i| {
                let row: Vec<f64> = places[i * m..(i + 1) * m]
                    .iter()
                    .map(|s| s.value() / n)
                    .collect();
                let mut podium_sum = ExactSum::default();
                for s in &places[i * m..(i * m + m.min(3))] {
                    podium_sum.add(*s);
                }
                let p_first = places[i * m].value() / n;
                let p_podium = podium_sum.value() / n;
                Chances {
                    start_no: self.players[i],
                    name: self.names[i].clone(),
                    withdrawn: self.withdrawn[i],
                    points_now: self.points_now[i],
                    expected_points: expected[i],
                    p_first,
                    se_first: standard_error(p_first, first_sq[i].value(), want),
                    p_podium,
                    se_podium: standard_error(p_podium, podium_sq[i].value(), want),
                    places: row,
                }
            })
            .collect();
        rows.sort_by(|x, y| {
            y.expected_points
                .total_cmp(&x.expected_points)
                .then(x.start_no.cmp(&y.start_no))
        });
        Ok(Forecast {
            policy: self.config.policy,
            k: self.config.k,
            draw_peak: self.config.draw_peak,
            simulations: want,
            seed: self.config.seed,
            remaining_games: self.games.len(),
            withdrawals: self.resolved.clone(),
            rows,
        })
    }

    /// Every block on this thread, then [`Forecaster::finish`].
    pub fn run(&self) -> Result<Forecast, ForecastError> {
        let tallies = self
            .blocks()
            .iter()
            .map(|b| self.run_block(b.index))
            .collect::<Result<Vec<_>, _>>()?;
        self.finish(&tallies)
    }
}

/// # Formula
/// SE = √(s² / N), s² = (Σx² − N·p̂²) / (N − 1) the sample variance of the shares x (0 for
/// N = 1 or when rounding makes it negative).
fn standard_error(mean: f64, sum_sq: f64, n: u64) -> f64 {
    if n < 2 {
        return 0.0;
    }
    let nf = n as f64;
    let var = ((sum_sq - nf * mean * mean) / (nf - 1.0)).max(0.0);
    (var / nf).sqrt()
}

/// The ChaCha8 key of the forecast: SplitMix64 over the seed and a tag that keeps these
/// streams apart from the simulation study's for the same seed.
fn key(seed: u64) -> [u8; 32] {
    const TAG: u64 = 0x666f_7265_6361_7374; // "forecast"
    crate::simulate::chacha_key(seed, TAG)
}

impl Forecast {
    /// One line per player still in the table, under [`super::CSV_HEADER`]; numbers with
    /// enough digits to compare at 0.0001.
    pub fn to_csv(&self) -> String {
        let mut csv = CsvWriter::new(super::CSV_HEADER.split(','));
        for r in &self.rows {
            csv.row([
                r.start_no.to_string(),
                r.name.clone(),
                trim_number(r.points_now),
                format!("{:.4}", r.expected_points),
                format!("{:.6}", r.p_first),
                format!("{:.6}", r.p_podium),
            ]);
        }
        csv.finish()
    }

    /// The row of `start_no`, when that player is in the table.
    pub fn row(&self, start_no: StartNo) -> Option<&Chances> {
        self.rows.iter().find(|r| r.start_no == start_no)
    }
}

/// Points now: whole and half points as written (`4.5`), fractional ones to four decimals.
fn trim_number(x: f64) -> String {
    if (x * 2.0).fract() == 0.0 {
        format!("{x}")
    } else {
        format!("{x:.4}")
    }
}
