//! How the answer depends on the prior strength k and on the moment of withdrawal (docs/DESIGN.md,
//! "Sensitivity"): the k sweep of the Bayesian imputation, the k values where the order of the
//! players changes, and the "cliff" — what each policy gives if a player had withdrawn after
//! round r, for every r.
//!
//! # Formula
//! With the notation of [`crate::impute`], the score credited to player i for an unplayed game
//! against withdrawn W is I(k) = clamp(E(i, W) + w_W(k)·δ_W, 0, 1), w_W(k) = n_W / (n_W + k)
//! (and E(A, B) + w_B·δ_B − w_A·δ_A when two withdrawn players never met). Every other game
//! stands, so player i's points under `bayes` are
//!
//! p_i(k) = b_i + Σ_g I_g(k)   (b_i: points outside the imputed games; W gets 1 − I_g),
//!
//! a closed form in k that [`KModel`] evaluates directly — no `analyse()` per grid point.
//!
//! # Where the order changes
//! With **one** withdrawn player every I_g is piecewise affine in the single variable
//! w = n/(n + k) (the pieces end where the clamp starts or stops biting: E + δw ∈ {0, 1}), hence
//! so is every p_i: p_i = a_i + b_i·w on each piece. Two players are level where
//! a_i + b_i·w = a_j + b_j·w, i.e. w* = (a_j − a_i)/(b_i − b_j), and k* = n(1 − w*)/w*: the
//! crossings are found exactly ([`CrossingMethod::Exact`]). With **several** withdrawn players
//! the terms depend on k through different weights n_W/(n_W + k); the points are then sampled on
//! a fine grid (at least [`BISECTION_GRID`] steps) and every change of sign of p_i − p_j between
//! two grid points is refined by bisection until the bracket is narrower than
//! [`BISECTION_TOLERANCE`] ([`CrossingMethod::Bisection`]); two crossings of the same pair
//! within one grid step cancel out and are not seen. In both cases a candidate counts only when
//! the pair's order in the standings (more points first, the lower start number first when
//! level) just before and just after it really differs.

use crate::elo::Expectation;
use crate::impute::{self, Analysis, ImputeError, Params, Policy, StandingRow};
use crate::model::{Color, Entry, GameResult, PerPlayer, StartNo, Tournament, Withdrawal};
use serde::{Deserialize, Serialize};

/// Grid steps used to bracket crossings when several players withdrew.
pub const BISECTION_GRID: usize = 4000;
/// Width in k under which a bisection stops.
pub const BISECTION_TOLERANCE: f64 = 1e-9;
/// |p_i − p_j| at or below this counts as level (not a side) when reading the order.
const LEVEL: f64 = 1e-12;

/// One unplayed game as a function of k.
#[derive(Clone, Debug, PartialEq)]
struct CurveGame {
    player: StartNo,
    opponent: StartNo,
    round: Option<u32>,
    expected: f64,
    /// (n, δ) of `opponent` when withdrawn (it always is): the term + w(n, k)·δ.
    plus: (u32, f64),
    /// (n, δ) of `player` when both had withdrawn: the term − w(n, k)·δ.
    minus: Option<(u32, f64)>,
}

impl CurveGame {
    fn unclamped(&self, k: f64) -> f64 {
        let mut v = self.expected + impute::shrinkage_weight(self.plus.0, k) * self.plus.1;
        if let Some((n, d)) = self.minus {
            v -= impute::shrinkage_weight(n, k) * d;
        }
        v
    }

    fn score(&self, k: f64) -> f64 {
        self.unclamped(k).clamp(0.0, 1.0)
    }
}

/// The Bayesian standings of one event as closed-form functions of k (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct KModel {
    /// Points outside the imputed games, by start number.
    base: PerPlayer<f64>,
    games: Vec<CurveGame>,
    withdrawn: Vec<Withdrawal>,
    /// (n, δ) of each withdrawn player, in `withdrawn` order.
    stats: Vec<(u32, f64)>,
    expectation: Expectation,
}

impl KModel {
    /// The model of `t` with these withdrawals (see [`impute::analyse`] for the errors).
    pub fn new(
        t: &Tournament,
        withdrawals: &[Withdrawal],
        expectation: Expectation,
    ) -> Result<KModel, ImputeError> {
        let params = Params::default()
            .with_expectation(expectation)
            .with_k(0.0)?;
        let a = impute::analyse(t, withdrawals, params)?;
        Ok(KModel::from_analysis(&a))
    }

    /// The model behind an analysis (whatever its k).
    pub fn from_analysis(a: &Analysis) -> KModel {
        let stat = |p: StartNo| a.stats(p).map_or((0, 0.0), |s| (s.played, s.residual));
        let games: Vec<CurveGame> = a
            .unplayed
            .iter()
            .map(|g| CurveGame {
                player: g.player,
                opponent: g.opponent,
                round: g.round,
                expected: g.expected,
                plus: stat(g.opponent),
                minus: g.both_withdrawn.then(|| stat(g.player)),
            })
            .collect();
        let bayes = a.outcome(Policy::Bayes);
        // Under `bayes` nobody is removed, so every player has points.
        let mut base: PerPlayer<f64> = bayes.points.values().map(|p| p.unwrap_or(0.0)).collect();
        for g in &bayes.games {
            if let (Some(s), Some(o)) = (g.score, g.opponent_score) {
                base[g.player] -= s;
                base[g.opponent] -= o;
            }
        }
        KModel {
            base,
            games,
            withdrawn: a
                .withdrawn
                .iter()
                .map(|s| Withdrawal {
                    player: s.player,
                    after_round: s.after_round,
                })
                .collect(),
            stats: a.withdrawn.iter().map(|s| (s.played, s.residual)).collect(),
            expectation: a.params.expectation(),
        }
    }

    pub fn player_count(&self) -> usize {
        self.base.len()
    }

    /// Scores credited to each unplayed game's `player` at k (clamped), in the analysis' order.
    pub fn scores_at(&self, k: f64) -> Vec<f64> {
        self.games.iter().map(|g| g.score(k)).collect()
    }

    /// Every player's points under `bayes` at k.
    pub fn points_at(&self, k: f64) -> PerPlayer<f64> {
        let mut p = self.base.clone();
        for g in &self.games {
            let s = g.score(k);
            p[g.player] += s;
            p[g.opponent] += 1.0 - s;
        }
        p
    }

    /// The standings under `bayes` at k (as [`impute::rank_by_points`] orders them).
    pub fn standings_at(&self, k: f64) -> Vec<StandingRow> {
        let points: PerPlayer<Option<f64>> = self.points_at(k).values().map(|&p| Some(p)).collect();
        impute::rank_by_points(&points, |p| self.withdrawn.iter().any(|w| w.player == p))
    }

    fn is_withdrawn(&self, p: StartNo) -> bool {
        self.withdrawn.iter().any(|w| w.player == p)
    }

    /// Which crossing method applies: exact with at most one withdrawn player who played.
    pub fn crossing_method(&self) -> CrossingMethod {
        let informative = self.stats.iter().filter(|(n, _)| *n > 0).count();
        if self.withdrawn.len() <= 1 || informative == 0 {
            CrossingMethod::Exact
        } else {
            CrossingMethod::Bisection
        }
    }

    /// Every k in (0, k_max] where two players swap places under `bayes`, in increasing k
    /// (see the module docs for the method).
    pub fn crossings(&self, k_max: f64) -> Vec<Crossing> {
        if !(k_max > 0.0 && k_max.is_finite()) {
            return Vec::new();
        }
        let candidates = match self.crossing_method() {
            CrossingMethod::Exact => self.exact_candidates(k_max),
            CrossingMethod::Bisection => self.bisection_candidates(k_max),
        };
        let mut out: Vec<Crossing> = Vec::new();
        for (i, j, k) in candidates {
            if let Some(c) = self.confirm(i, j, k) {
                let dup = out.iter().any(|o| {
                    (o.k - c.k).abs() < 1e-7
                        && ((o.passer, o.passed) == (c.passer, c.passed)
                            || (o.passer, o.passed) == (c.passed, c.passer))
                });
                if !dup {
                    out.push(c);
                }
            }
        }
        out.sort_by(|a, b| {
            a.k.total_cmp(&b.k)
                .then(a.passer.cmp(&b.passer))
                .then(a.passed.cmp(&b.passed))
        });
        out
    }

    /// The pair (i, j) really changes order at `k`: who is listed first just after, and whether
    /// they are level there.
    fn confirm(&self, i: StartNo, j: StartNo, k: f64) -> Option<Crossing> {
        let h = 1e-6 * k.max(1.0);
        let at = |k: f64| self.points_at(k.max(0.0));
        let (before, after) = (at(k - h), at(k + h));
        let first_before = listed_first(&before, i, j);
        let first_after = listed_first(&after, i, j);
        if first_before == first_after {
            return None;
        }
        let (passer, passed) = if first_after == i { (i, j) } else { (j, i) };
        Some(Crossing {
            k,
            passer,
            passed,
            points: self.points_at(k)[i],
            level_after: (after[i] - after[j]).abs() <= LEVEL,
        })
    }

    /// One withdrawn player W: the pieces of w on which every score is affine, and on each the
    /// exact level points of every pair.
    fn exact_candidates(&self, k_max: f64) -> Vec<(StartNo, StartNo, f64)> {
        let Some(&(n, delta)) = self.stats.first() else {
            return Vec::new();
        };
        if n == 0 || delta == 0.0 {
            return Vec::new(); // nothing depends on k
        }
        let nf = f64::from(n);
        let w_min = nf / (nf + k_max);
        let mut cuts = vec![w_min, 1.0];
        for g in &self.games {
            for level in [0.0, 1.0] {
                let w = (level - g.expected) / delta;
                if w > w_min && w < 1.0 {
                    cuts.push(w);
                }
            }
        }
        cuts.sort_by(f64::total_cmp);
        cuts.dedup();
        let players = self.player_count() as StartNo;
        let mut out = Vec::new();
        for piece in cuts.windows(2) {
            let (lo, hi) = (piece[0], piece[1]);
            let mid = 0.5 * (lo + hi);
            // p_i = a_i + b_i·w on this piece.
            let mut a = self.base.clone();
            let mut b = PerPlayer::filled(a.len(), 0.0);
            for g in &self.games {
                let u = g.expected + delta * mid;
                let (ga, gb) = if u <= 0.0 {
                    (0.0, 0.0)
                } else if u >= 1.0 {
                    (1.0, 0.0)
                } else {
                    (g.expected, delta)
                };
                a[g.player] += ga;
                b[g.player] += gb;
                a[g.opponent] += 1.0 - ga;
                b[g.opponent] -= gb;
            }
            for i in 1..=players {
                for j in i + 1..=players {
                    let slope = b[i] - b[j];
                    if slope.abs() < 1e-15 {
                        continue;
                    }
                    let w = (a[j] - a[i]) / slope;
                    let eps = 1e-12;
                    if w >= lo - eps && w <= hi + eps && w > 0.0 {
                        let k = nf * (1.0 - w) / w;
                        if k > 0.0 && k <= k_max + 1e-9 {
                            out.push((i, j, k.min(k_max)));
                        }
                    }
                }
            }
        }
        out
    }

    /// Several withdrawn players: sign changes on a grid, refined by bisection.
    fn bisection_candidates(&self, k_max: f64) -> Vec<(StartNo, StartNo, f64)> {
        let steps = BISECTION_GRID;
        let ks: Vec<f64> = (0..=steps)
            .map(|s| k_max * s as f64 / steps as f64)
            .collect();
        let pts: Vec<PerPlayer<f64>> = ks.iter().map(|&k| self.points_at(k)).collect();
        let players = self.player_count() as StartNo;
        let mut out = Vec::new();
        for i in 1..=players {
            for j in i + 1..=players {
                let mut last = listed_first(&pts[0], i, j);
                for s in 1..=steps {
                    let now = listed_first(&pts[s], i, j);
                    if now != last {
                        let k = self.bisect(i, j, ks[s - 1], ks[s], last);
                        out.push((i, j, k));
                    }
                    last = now;
                }
            }
        }
        out
    }

    /// The k in [lo, hi] where the one of players i, j listed first changes (it is `at_lo` at lo).
    fn bisect(&self, i: StartNo, j: StartNo, mut lo: f64, mut hi: f64, at_lo: StartNo) -> f64 {
        while hi - lo > BISECTION_TOLERANCE {
            let mid = 0.5 * (lo + hi);
            if listed_first(&self.points_at(mid), i, j) == at_lo {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        0.5 * (lo + hi)
    }
}

/// Of players i and j, the one the standings list first: more points, or the lower start number
/// when level (within [`LEVEL`]).
fn listed_first(points: &PerPlayer<f64>, i: StartNo, j: StartNo) -> StartNo {
    let d = points[i] - points[j];
    if d.abs() <= LEVEL {
        i.min(j)
    } else if d > 0.0 {
        i
    } else {
        j
    }
}

/// How the crossings were found (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CrossingMethod {
    /// Solved from the piecewise-affine form in w = n/(n + k) (one withdrawn player).
    Exact,
    /// Grid of [`BISECTION_GRID`] steps, then bisection to [`BISECTION_TOLERANCE`].
    Bisection,
}

/// At k, `passer` moves ahead of `passed` as k grows (they are level at k).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Crossing {
    pub k: f64,
    pub passer: StartNo,
    pub passed: StartNo,
    /// The (equal) points of both at k.
    pub points: f64,
    /// Just after k the two are level (sharing a place; `passer` is listed first by start
    /// number): `passer` draws level rather than passes.
    pub level_after: bool,
}

impl Crossing {
    /// "at k ≈ 4.5, A passes B".
    pub fn describe(&self, name: impl Fn(StartNo) -> String) -> String {
        format!(
            "at k ≈ {}, {} {} {}",
            short(self.k),
            name(self.passer),
            if self.level_after {
                "draws level with"
            } else {
                "passes"
            },
            name(self.passed)
        )
    }
}

/// A number to at most two decimals, without trailing zeros: 4.5, 12, 0.33.
pub fn short(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

/// One unplayed game's imputed score as k runs over the sweep's grid.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSeries {
    /// The player credited with the score (see [`impute::UnplayedGame`]).
    pub player: StartNo,
    /// The withdrawn player.
    pub opponent: StartNo,
    pub round: Option<u32>,
    /// Elo-only level: E(player, opponent) (the value as k → ∞; for two withdrawn players, the
    /// start of their combined formula).
    pub elo: f64,
    /// What the forfeit rule gives: 1 (0 for a double forfeit between two withdrawn players).
    pub forfeit: f64,
    /// Bayesian score at each k of [`KSweep::ks`].
    pub scores: Vec<f64>,
}

/// One player's points and rank under `bayes` as k runs over the grid.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerSeries {
    pub start_no: StartNo,
    pub withdrawn: bool,
    pub points: Vec<f64>,
    /// Places shared by equal points, as in the standings.
    pub ranks: Vec<u32>,
}

/// The k sweep of the Bayesian imputation for one event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KSweep {
    pub expectation: Expectation,
    pub withdrawn: Vec<Withdrawal>,
    /// The grid: 0, k_max/steps, …, k_max (exact multiples, so k = 3 is on a 0.1 grid).
    pub ks: Vec<f64>,
    pub games: Vec<GameSeries>,
    pub players: PerPlayer<PlayerSeries>,
    /// Where the order changes, in increasing k (found exactly, not on the grid).
    pub crossings: Vec<Crossing>,
    pub method: CrossingMethod,
}

/// The grid 0, k_max/steps, …, k_max.
pub fn k_grid(k_max: f64, steps: usize) -> Vec<f64> {
    let steps = steps.max(1);
    (0..=steps)
        .map(|s| k_max * s as f64 / steps as f64)
        .collect()
}

/// Sweeps k over `k_grid(k_max, steps)` for the given withdrawals (the event's own when empty,
/// see [`impute::effective_withdrawals`]).
pub fn k_sweep(
    t: &Tournament,
    withdrawals: &[Withdrawal],
    expectation: Expectation,
    k_max: f64,
    steps: usize,
) -> Result<KSweep, ImputeError> {
    if !(k_max.is_finite() && k_max > 0.0) {
        return Err(ImputeError::BadK(k_max));
    }
    let withdrawals = impute::effective_withdrawals(t, withdrawals);
    let model = KModel::new(t, &withdrawals, expectation)?;
    let ks = k_grid(k_max, steps);
    let mut games: Vec<GameSeries> = model
        .games
        .iter()
        .map(|g| GameSeries {
            player: g.player,
            opponent: g.opponent,
            round: g.round,
            elo: g.expected,
            forfeit: if g.minus.is_some() { 0.0 } else { 1.0 },
            scores: Vec::with_capacity(ks.len()),
        })
        .collect();
    let mut players = PerPlayer::from_fn(model.player_count(), |p| PlayerSeries {
        start_no: p,
        withdrawn: model.is_withdrawn(p),
        points: Vec::with_capacity(ks.len()),
        ranks: Vec::with_capacity(ks.len()),
    });
    for &k in &ks {
        for (series, s) in games.iter_mut().zip(model.scores_at(k)) {
            series.scores.push(s);
        }
        for row in model.standings_at(k) {
            let p = &mut players[row.start_no];
            p.points.push(row.points);
            p.ranks.push(row.rank);
        }
    }
    Ok(KSweep {
        expectation,
        withdrawn: model.withdrawn.clone(),
        crossings: model.crossings(k_max),
        method: model.crossing_method(),
        ks,
        games,
        players,
    })
}

/// What one policy gives P's opponents if P had withdrawn after round r.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CliffStep {
    /// P withdraws after this round (0: before the first).
    pub after_round: u32,
    /// Games P played over the board by then (n).
    pub played: u32,
    pub scheduled: u32,
    /// What FIDE's rule amounts to here.
    pub fide_resolves_to: Policy,
    /// Points the other players together get from all of P's games (played, and imputed after
    /// r), under each policy in [`Policy::ALL`] order. `annul` removes every game of P: 0.
    pub received: Vec<f64>,
}

impl CliffStep {
    pub fn received(&self, policy: Policy) -> f64 {
        let i = Policy::ALL.iter().position(|&p| p == policy).unwrap_or(0);
        self.received[i]
    }
}

/// The cliff: for a player P and every round r, the event as if P alone had withdrawn after r.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cliff {
    pub player: StartNo,
    pub params: Params,
    pub steps: Vec<CliffStep>,
    /// What P's opponents really scored against P over the whole event, when every game of P
    /// was played over the board (a complete event): the what-if reference.
    pub real: Option<f64>,
    /// The first r at which FIDE's rule switches from annulment to forfeits.
    pub fide_threshold: Option<u32>,
}

/// `t` as if `player` alone had withdrawn after round `after_round`: their games in later rounds
/// become forfeit wins for the opponents (as an arbiter records them), every other withdrawal
/// is dropped, and the withdrawal is recorded. The rest of the event is untouched.
pub fn hidden_after(t: &Tournament, player: StartNo, after_round: u32) -> Tournament {
    let mut copy = t.clone();
    for round in copy.rounds.iter_mut().skip(after_round as usize) {
        for g in &mut round.games {
            if let Some(colour) = g.colour_of(player) {
                g.result = GameResult::Forfeit(Some(colour.opposite()));
            }
        }
    }
    copy.withdrawals = vec![Withdrawal {
        player,
        after_round,
    }];
    copy
}

/// The last round after which `player` can be made to withdraw: before the end of the
/// schedule, and not after the last round they actually took part in (their recorded
/// withdrawal, else the last round with results).
pub fn last_withdrawal_round(t: &Tournament, player: StartNo) -> u32 {
    let took_part = t
        .withdrawal_of(player)
        .map_or(t.last_round_with_results(), |w| w.after_round);
    took_part.min(t.scheduled_rounds().saturating_sub(1))
}

/// Points the other players scored against `player` in the recorded results, when every one of
/// `player`'s scheduled games was played over the board.
pub fn real_received(t: &Tournament, player: StartNo) -> Option<f64> {
    let (mut games, mut points) = (0u32, 0.0);
    for r in 1..=t.rounds.len() as u32 {
        if let Entry::Game { colour, result, .. } = t.entry(player, r) {
            if !result.is_played() {
                return None;
            }
            games += 1;
            points += result
                .points_for(opposite(colour))
                .map_or(0.0, |h| h.as_f64());
        }
    }
    (games == t.scheduled_games_per_player()).then_some(points)
}

fn opposite(c: Color) -> Color {
    c.opposite()
}

/// The cliff for `player` (see [`Cliff`]), r = 0 ..= [`last_withdrawal_round`].
pub fn cliff(t: &Tournament, player: StartNo, params: Params) -> Result<Cliff, ImputeError> {
    if t.player(player).is_none() {
        return Err(ImputeError::UnknownPlayer(player));
    }
    let mut steps = Vec::new();
    for r in 0..=last_withdrawal_round(t, player) {
        let copy = hidden_after(t, player, r);
        let a = impute::analyse(&copy, &copy.withdrawals, params)?;
        let Some(stats) = a.stats(player) else {
            continue;
        };
        // What the opponents scored against P in the rounds that stand (≤ r), any result.
        let mut standing = 0.0;
        for round in 1..=r {
            if let Entry::Game { colour, result, .. } = copy.entry(player, round) {
                standing += result
                    .points_for(colour.opposite())
                    .map_or(0.0, |h| h.as_f64());
            }
        }
        let received = Policy::ALL
            .iter()
            .map(|&policy| {
                let o = a.outcome(policy);
                let resolved = o
                    .resolved
                    .iter()
                    .find(|(p, _)| *p == player)
                    .map_or(policy, |(_, r)| *r);
                if resolved == Policy::Annul {
                    0.0
                } else {
                    standing
                        + o.games
                            .iter()
                            .filter(|g| g.opponent == player)
                            .filter_map(|g| g.score)
                            .sum::<f64>()
                }
            })
            .collect();
        steps.push(CliffStep {
            after_round: r,
            played: stats.played,
            scheduled: stats.scheduled,
            fide_resolves_to: stats.fide_resolves_to,
            received,
        });
    }
    let fide_threshold = steps
        .iter()
        .find(|s| s.fide_resolves_to == Policy::Forfeit)
        .map(|s| s.after_round);
    Ok(Cliff {
        player,
        params,
        steps,
        real: real_received(t, player),
        fide_threshold,
    })
}

#[cfg(test)]
mod tests;
