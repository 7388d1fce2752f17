//! Scores for the games a withdrawn player never played, under every policy.
//!
//! The Bayesian BLUP imputation is that of R. Varadhan, *Bayesian Imputation for Unplayed Games
//! in Round-Robin Chess Tournaments* (arXiv 2605.27650, 2026); the FIDE rule is the
//! annul-below-50 % / forfeit-above rule for round-robins.
//!
//! # Formula
//! For a withdrawn player W who played n games over the board (opponents P, W's scores s_g):
//! - s̄_W = (1/n) Σ s_g — W's mean score;
//! - Ē = (1/n) Σ_{j∈P} E(j, W) — the opponents' mean expected score against W;
//! - δ_W = (1 − s̄_W) − Ē — how much better the opponents did against W than expected
//!   (W's "form residual", seen from the opponents);
//! - w = n / (n + k) — the shrinkage weight, k ≥ 0 the prior strength (paper: k = 3);
//! - I(i, W) = clamp(E(i, W) + w·δ_W, 0, 1) — the score credited to opponent i; W gets 1 − I.
//!
//! n = 0 gives w = 0 (I = E, for every k); k = 0 is the pure performance estimate; k → ∞ is the
//! Elo-only estimate. When two withdrawn players A and B never played each other, the score
//! credited to A is E(A, B) + w_B·δ_B − w_A·δ_A, clamped — our extension of the paper, which
//! treats one withdrawal at a time.

use crate::elo::Expectation;
use crate::model::{Color, Entry, PerPlayer, StartNo, Tournament, Withdrawal};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// What happens to the games a withdrawn player did not play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    /// FIDE: `annul` when W played fewer than 50 % of their scheduled games, else `forfeit`.
    Fide,
    /// Every game of W is removed, played or not: W leaves the table.
    Annul,
    /// Each unplayed game is a win for the opponent (1–0).
    Forfeit,
    /// Each unplayed game scores the Elo expectation E(i, W).
    Elo,
    /// E(i, W) plus W's full form residual (the Bayesian formula with k = 0).
    Performance,
    /// The Bayesian BLUP imputation at prior strength k.
    Bayes,
}

impl Policy {
    pub const ALL: [Policy; 6] = [
        Policy::Fide,
        Policy::Annul,
        Policy::Forfeit,
        Policy::Elo,
        Policy::Performance,
        Policy::Bayes,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Policy::Fide => "fide",
            Policy::Annul => "annul",
            Policy::Forfeit => "forfeit",
            Policy::Elo => "elo",
            Policy::Performance => "performance",
            Policy::Bayes => "bayes",
        }
    }

    /// A short human label.
    pub fn label(self) -> &'static str {
        match self {
            Policy::Fide => "FIDE rule",
            Policy::Annul => "Annul",
            Policy::Forfeit => "Forfeit",
            Policy::Elo => "Elo only",
            Policy::Performance => "Performance only",
            Policy::Bayes => "Bayesian (BLUP)",
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Policy {
    type Err = String;
    /// The policy whose [`Policy::id`] is `s` (ignoring case and surrounding blanks); the error
    /// lists every id, from [`Policy::ALL`], so that it stays right when a policy is added.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim().to_ascii_lowercase();
        Policy::ALL
            .into_iter()
            .find(|p| p.id() == s)
            .ok_or_else(|| format!("unknown policy `{s}`: use one of {}", Policy::ids()))
    }
}

impl Policy {
    /// Every policy id, comma-separated in [`Policy::ALL`] order (for messages and help).
    pub fn ids() -> String {
        Policy::ALL.map(Policy::id).join(", ")
    }
}

/// Settings of an imputation: the prior strength k and the expected-score model.
///
/// The fields are private and [`Params::new`] is the one place that checks k (statrs-style
/// validating constructor): every `Params` in the program holds a k the formula can use, so no
/// caller checks it again. Deserialising goes through the same check.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "ParamsRecord")]
pub struct Params {
    /// Prior strength k ≥ 0, finite (paper: 3 for classical chess).
    k: f64,
    expectation: Expectation,
}

/// The serialised shape of [`Params`], checked by [`Params::new`] on the way in.
#[derive(Deserialize)]
struct ParamsRecord {
    k: f64,
    expectation: Expectation,
}

impl TryFrom<ParamsRecord> for Params {
    type Error = ParamsError;
    fn try_from(r: ParamsRecord) -> Result<Params, ParamsError> {
        Params::new(r.k, r.expectation)
    }
}

/// Why [`Params::new`] refused its input.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamsError {
    /// k must be a finite number ≥ 0 (w = n / (n + k) is a weight in [0, 1] only then).
    K(f64),
}

impl fmt::Display for ParamsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamsError::K(k) => write!(f, "prior strength k must be a number ≥ 0, not {k}"),
        }
    }
}

impl std::error::Error for ParamsError {}

impl Params {
    /// The paper's prior strength for classical chess (Varadhan 2026, §3).
    pub const PAPER_K: f64 = 3.0;

    /// Checked settings: `k` must be finite and ≥ 0 (`-0.0` is taken as 0).
    pub fn new(k: f64, expectation: Expectation) -> Result<Params, ParamsError> {
        Ok(Params {
            k: Params::check_k(k)?,
            expectation,
        })
    }

    /// The check of [`Params::new`] alone, for settings that keep k as a plain number (the
    /// simulation's configuration, a slider): `k` itself when valid.
    pub fn check_k(k: f64) -> Result<f64, ParamsError> {
        if k.is_finite() && k >= 0.0 {
            Ok(k + 0.0)
        } else {
            Err(ParamsError::K(k))
        }
    }

    /// These settings at another k.
    pub fn with_k(self, k: f64) -> Result<Params, ParamsError> {
        Params::new(k, self.expectation)
    }

    /// These settings with another expected-score model.
    pub fn with_expectation(self, expectation: Expectation) -> Params {
        Params {
            expectation,
            ..self
        }
    }

    /// The prior strength k (finite, ≥ 0).
    pub fn k(self) -> f64 {
        self.k
    }

    pub fn expectation(self) -> Expectation {
        self.expectation
    }
}

impl Default for Params {
    /// The paper's settings: k = 3, logistic expectation.
    fn default() -> Params {
        Params {
            k: Params::PAPER_K,
            expectation: Expectation::Logistic,
        }
    }
}

/// Why an imputation cannot be computed.
#[derive(Clone, Debug, PartialEq)]
pub enum ImputeError {
    /// The paper's method is defined for round-robins only.
    NotRoundRobin,
    /// k must be a finite number ≥ 0.
    BadK(f64),
    UnknownPlayer(StartNo),
    /// A withdrawal after a round beyond the schedule, or the same player twice.
    BadWithdrawal(Withdrawal),
    /// An expectation-based policy needs both players' ratings.
    MissingRating {
        player: StartNo,
        name: String,
    },
}

impl fmt::Display for ImputeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImputeError::NotRoundRobin => write!(
                f,
                "withdrawal imputation is defined for round-robin events; this event is a Swiss"
            ),
            ImputeError::BadK(k) => write!(f, "prior strength k must be a number ≥ 0, not {k}"),
            ImputeError::UnknownPlayer(p) => write!(f, "there is no player with start number {p}"),
            ImputeError::BadWithdrawal(w) => write!(
                f,
                "player {} cannot withdraw after round {}: the event has fewer rounds, or the \
                 player is already marked withdrawn",
                w.player, w.after_round
            ),
            ImputeError::MissingRating { player, name } => write!(
                f,
                "player {player} ({name}) has no rating; the Elo, performance and Bayesian \
                 policies need one — enter the rating (or an estimate) in the player list"
            ),
        }
    }
}

impl std::error::Error for ImputeError {}

impl From<ParamsError> for ImputeError {
    fn from(e: ParamsError) -> ImputeError {
        match e {
            ParamsError::K(k) => ImputeError::BadK(k),
        }
    }
}

/// What W did before withdrawing, and the numbers of the formula for W.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WithdrawnStats {
    pub player: StartNo,
    pub after_round: u32,
    /// Games W played over the board (n).
    pub played: u32,
    /// Games W was scheduled to play: cycles × (players − 1).
    pub scheduled: u32,
    /// W's points in those n games (s̄_W · n).
    pub score: f64,
    /// s̄_W (0 when n = 0).
    pub mean_score: f64,
    /// Ē: the opponents' mean expected score against W (0 when n = 0).
    pub mean_expected: f64,
    /// δ_W = (1 − s̄_W) − Ē (0 when n = 0).
    pub residual: f64,
    /// w = n / (n + k) at the requested k.
    pub weight: f64,
    /// What the FIDE rule does for W.
    pub fide_resolves_to: Policy,
}

impl WithdrawnStats {
    /// w(k) = n / (n + k), with w = 0 when n = 0 (no evidence, whatever k).
    pub fn weight_at(&self, k: f64) -> f64 {
        shrinkage_weight(self.played, k)
    }
}

/// # Formula
/// w = n / (n + k); defined as 0 when n = 0 (including k = 0).
pub fn shrinkage_weight(n: u32, k: f64) -> f64 {
    if n == 0 {
        0.0
    } else {
        f64::from(n) / (f64::from(n) + k)
    }
}

/// One game that was never played because of a withdrawal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnplayedGame {
    /// The player credited with `score` below: the one still in the event at the time of the
    /// game, or the lower start number when both had withdrawn by then.
    pub player: StartNo,
    /// The withdrawn player.
    pub opponent: StartNo,
    /// The round it was scheduled in, when the event's pairings say.
    pub round: Option<u32>,
    /// True when `player` too had withdrawn by the time of this game.
    pub both_withdrawn: bool,
    /// E(player, opponent).
    pub expected: f64,
}

/// The score a policy credits to `game.player` (the opponent gets the rest, except for a
/// double forfeit, where both get 0).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Imputed {
    pub player: StartNo,
    pub opponent: StartNo,
    pub round: Option<u32>,
    /// `None` when the policy removes the game (annulment).
    pub score: Option<f64>,
    /// What `opponent` gets (`None` when annulled).
    pub opponent_score: Option<f64>,
    /// The value before clamping to [0, 1].
    pub unclamped: Option<f64>,
    /// True when the clamp to [0, 1] changed the value.
    pub clamped: bool,
}

/// One row of a policy's standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StandingRow {
    /// Place, shared by equal points (1, 2, 2, 4).
    pub rank: u32,
    pub start_no: StartNo,
    pub points: f64,
    /// Marked withdrawn (still in the table).
    pub withdrawn: bool,
}

/// Everything one policy does to the event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PolicyOutcome {
    pub policy: Policy,
    /// For each withdrawn player, what this policy amounts to (only `fide` differs from itself).
    pub resolved: Vec<(StartNo, Policy)>,
    /// One entry per unplayed game, in the order of [`Analysis::unplayed`].
    pub games: Vec<Imputed>,
    /// Points per start number; `None` for a player the policy removes.
    pub points: PerPlayer<Option<f64>>,
    /// Rows ordered by points (descending), then start number; removed players absent.
    pub standings: Vec<StandingRow>,
}

impl PolicyOutcome {
    pub fn rank_of(&self, player: StartNo) -> Option<u32> {
        self.standings
            .iter()
            .find(|r| r.start_no == player)
            .map(|r| r.rank)
    }
}

/// The full comparison for one event and one set of withdrawals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    pub params: Params,
    pub withdrawn: Vec<WithdrawnStats>,
    pub unplayed: Vec<UnplayedGame>,
    /// One outcome per policy, in [`Policy::ALL`] order.
    pub outcomes: Vec<PolicyOutcome>,
}

impl Analysis {
    pub fn outcome(&self, policy: Policy) -> &PolicyOutcome {
        // `outcomes` always holds every policy in `Policy::ALL` order.
        &self.outcomes[Policy::ALL.iter().position(|&p| p == policy).unwrap_or(0)]
    }

    pub fn stats(&self, player: StartNo) -> Option<&WithdrawnStats> {
        self.withdrawn.iter().find(|s| s.player == player)
    }
}

/// Points tolerance under which two imputed totals count as equal for ranking.
pub const POINTS_TOLERANCE: f64 = 1e-7;

fn rating(t: &Tournament, p: StartNo) -> Result<f64, ImputeError> {
    let player = t.player(p).ok_or(ImputeError::UnknownPlayer(p))?;
    player
        .rating
        .map(f64::from)
        .ok_or_else(|| ImputeError::MissingRating {
            player: p,
            name: player.name.clone(),
        })
}

/// Does the meeting of `a` and `b` in round `round` count as having happened, given the
/// withdrawals? It did if it lies before every withdrawal of the two.
fn before_withdrawals(round: u32, a: Option<u32>, b: Option<u32>) -> bool {
    a.is_none_or(|r| round <= r) && b.is_none_or(|r| round <= r)
}

/// The withdrawals to analyse: the given ones, else the event's own. Detection from forfeits
/// is the caller's, once, when a file without withdrawal records is imported (the app's import
/// dialog, the CLI's analysis loader; the TRF reader itself records only `XXW`), so that a
/// withdrawal the user clears stays cleared.
pub fn effective_withdrawals(t: &Tournament, requested: &[Withdrawal]) -> Vec<Withdrawal> {
    if requested.is_empty() {
        t.withdrawals.clone()
    } else {
        requested.to_vec()
    }
}

/// The withdrawal of `player`: as recorded in the event, else as detected, else after the last
/// round in which they took part (played, or won by forfeit, or had a scoring bye).
pub fn withdrawal_for(t: &Tournament, player: StartNo) -> Result<Withdrawal, ImputeError> {
    if t.player(player).is_none() {
        return Err(ImputeError::UnknownPlayer(player));
    }
    if let Some(w) = t.withdrawal_of(player) {
        return Ok(w);
    }
    if let Some(w) = t
        .detect_withdrawals()
        .into_iter()
        .find(|w| w.player == player)
    {
        return Ok(w);
    }
    let took_part = |r: u32| match t.entry(player, r) {
        Entry::Game { result, colour, .. } => {
            result.is_played() || result == crate::model::GameResult::Forfeit(Some(colour))
        }
        Entry::Bye(kind) => kind.points() > crate::model::HalfPoints::ZERO,
        Entry::None => false,
    };
    let after_round = (1..=t.rounds.len() as u32)
        .rev()
        .find(|&r| took_part(r))
        .unwrap_or(0);
    let w = Withdrawal {
        player,
        after_round,
    };
    if after_round >= t.scheduled_rounds() {
        return Err(ImputeError::BadWithdrawal(w));
    }
    Ok(w)
}

/// Computes every policy for the given withdrawals (see [`effective_withdrawals`]).
pub fn analyse(
    t: &Tournament,
    withdrawals: &[Withdrawal],
    params: Params,
) -> Result<Analysis, ImputeError> {
    let cycles = match t.format {
        crate::model::Format::RoundRobin { cycles } => u32::from(cycles),
        crate::model::Format::Swiss { .. } => return Err(ImputeError::NotRoundRobin),
    };
    let (after, ws) = withdrawal_rounds(t, withdrawals)?;
    let expect = |i: StartNo, j: StartNo| -> Result<f64, ImputeError> {
        Ok(params.expectation.expected(rating(t, i)?, rating(t, j)?))
    };
    let stats = ws
        .iter()
        .map(|w| withdrawn_stats(t, *w, params.k, &expect))
        .collect::<Result<Vec<_>, _>>()?;
    let mut unplayed = unplayed_games(t, &ws, &after, cycles);
    for g in &mut unplayed {
        g.expected = expect(g.player, g.opponent)?;
    }
    unplayed.sort_by_key(|g| (g.opponent, g.player, g.round));
    let standing = StandingResults::of(t, &after);
    let event = Withdrawals {
        after: &after,
        ws: &ws,
        stats: &stats,
        k: params.k,
    };
    let outcomes = Policy::ALL
        .into_iter()
        .map(|policy| event.outcome(policy, &standing, &unplayed))
        .collect();
    Ok(Analysis {
        params,
        withdrawn: stats,
        unplayed,
        outcomes,
    })
}

/// The round after which each player withdrew (by start number; `None`: still playing),
/// and the withdrawals sorted by player. Refuses unknown players, a player twice and a
/// withdrawal after the last scheduled round.
fn withdrawal_rounds(
    t: &Tournament,
    withdrawals: &[Withdrawal],
) -> Result<(PerPlayer<Option<u32>>, Vec<Withdrawal>), ImputeError> {
    let mut after: PerPlayer<Option<u32>> = PerPlayer::filled(t.players.len(), None);
    for w in withdrawals {
        let Some(slot) = after.get_mut(w.player) else {
            return Err(ImputeError::UnknownPlayer(w.player));
        };
        if slot.is_some() || w.after_round >= t.scheduled_rounds() {
            return Err(ImputeError::BadWithdrawal(*w));
        }
        *slot = Some(w.after_round);
    }
    let mut ws: Vec<Withdrawal> = withdrawals.to_vec();
    ws.sort_by_key(|w| w.player);
    Ok((after, ws))
}

/// The formula's numbers for one withdrawn player: n, s̄_W, Ē, δ_W, w and the FIDE rule's
/// verdict, from the games W played over the board up to the withdrawal.
fn withdrawn_stats(
    t: &Tournament,
    w: Withdrawal,
    k: f64,
    expect: &impl Fn(StartNo, StartNo) -> Result<f64, ImputeError>,
) -> Result<WithdrawnStats, ImputeError> {
    let (mut n, mut score, mut sum_e) = (0u32, 0.0, 0.0);
    for r in 1..=w.after_round {
        if let Entry::Game {
            opponent,
            colour,
            result,
        } = t.entry(w.player, r)
        {
            if result.is_played() {
                n += 1;
                score += result.points_for(colour).map_or(0.0, |h| h.as_f64());
                sum_e += expect(opponent, w.player)?;
            }
        }
    }
    let (mean_score, mean_expected, residual) = if n == 0 {
        (0.0, 0.0, 0.0)
    } else {
        let (s, e) = (score / f64::from(n), sum_e / f64::from(n));
        (s, e, (1.0 - s) - e)
    };
    let scheduled = t.scheduled_games_per_player();
    // FIDE: annul when fewer than 50 % of the scheduled games were played (2n < scheduled).
    let fide_resolves_to = if 2 * n < scheduled {
        Policy::Annul
    } else {
        Policy::Forfeit
    };
    Ok(WithdrawnStats {
        player: w.player,
        after_round: w.after_round,
        played: n,
        scheduled,
        score,
        mean_score,
        mean_expected,
        residual,
        weight: shrinkage_weight(n, k),
        fide_resolves_to,
    })
}

/// The unplayed games: for each withdrawn W and each other player i, the meetings that did not
/// happen before the withdrawal(s), `cycles` per pair in all. `expected` is left at 0 (the
/// caller fills it in, since only then are ratings needed).
fn unplayed_games(
    t: &Tournament,
    ws: &[Withdrawal],
    after: &PerPlayer<Option<u32>>,
    cycles: u32,
) -> Vec<UnplayedGame> {
    let mut unplayed = Vec::new();
    for w in ws {
        for i in 1..=t.players.len() as StartNo {
            if i == w.player || (after[i].is_some() && i < w.player) {
                continue; // a pair of withdrawn players is visited once, from the higher number
            }
            let (mut happened, mut later_rounds) = (0u32, Vec::new());
            for (ri, round) in t.rounds.iter().enumerate() {
                let r = ri as u32 + 1;
                let meets = round.games.iter().any(|g| {
                    (g.white == i && g.black == w.player) || (g.white == w.player && g.black == i)
                });
                if meets {
                    if before_withdrawals(r, after[i], after[w.player]) {
                        happened += 1;
                    } else {
                        later_rounds.push(r);
                    }
                }
            }
            for m in 0..cycles.saturating_sub(happened) {
                let round = later_rounds.get(m as usize).copied();
                // Who had withdrawn by the time of this game? A game whose round is unknown is
                // taken to come after every withdrawal of the two.
                let gone = |p: StartNo| after[p].is_some_and(|a| round.is_none_or(|r| r > a));
                let (player, opponent, both) = match (gone(i), gone(w.player)) {
                    (true, true) => (i.min(w.player), i.max(w.player), true),
                    (true, false) => (w.player, i, false),
                    _ => (i, w.player, false),
                };
                unplayed.push(UnplayedGame {
                    player,
                    opponent,
                    round,
                    both_withdrawn: both,
                    expected: 0.0,
                });
            }
        }
    }
    unplayed
}

/// The recorded results that stand under any policy: everything except the entries of
/// withdrawn players after their withdrawal (those are the unplayed games).
struct StandingResults {
    /// Points per start number.
    base: PerPlayer<f64>,
    /// (player, withdrawn opponent, points the player scored) for each game that happened
    /// against a withdrawn player: what annulment takes away.
    vs_withdrawn: Vec<(StartNo, StartNo, f64)>,
}

impl StandingResults {
    fn of(t: &Tournament, after: &PerPlayer<Option<u32>>) -> StandingResults {
        let mut base = PerPlayer::filled(t.players.len(), 0.0f64);
        let mut vs_withdrawn = Vec::new();
        for (ri, round) in t.rounds.iter().enumerate() {
            let r = ri as u32 + 1;
            for g in &round.games {
                let (aw, ab) = (after[g.white], after[g.black]);
                if !before_withdrawals(r, aw, ab) {
                    continue;
                }
                for (p, colour, opp) in [
                    (g.white, Color::White, g.black),
                    (g.black, Color::Black, g.white),
                ] {
                    let pts = g.result.points_for(colour).map_or(0.0, |h| h.as_f64());
                    base[p] += pts;
                    if after[opp].is_some() {
                        vs_withdrawn.push((p, opp, pts));
                    }
                }
            }
            for b in &round.byes {
                if after[b.player].is_none_or(|a| r <= a) {
                    base[b.player] += b.kind.points().as_f64();
                }
            }
        }
        StandingResults { base, vs_withdrawn }
    }
}

/// The withdrawals of one analysis, as each policy needs them.
struct Withdrawals<'a> {
    after: &'a PerPlayer<Option<u32>>,
    ws: &'a [Withdrawal],
    stats: &'a [WithdrawnStats],
    k: f64,
}

impl Withdrawals<'_> {
    fn stat(&self, p: StartNo) -> Option<&WithdrawnStats> {
        self.stats.iter().find(|s| s.player == p)
    }

    /// What `policy` amounts to for player `p` (only `fide` differs from itself).
    fn resolve(&self, policy: Policy, p: StartNo) -> Policy {
        match policy {
            Policy::Fide => self.stat(p).map_or(Policy::Forfeit, |s| s.fide_resolves_to),
            other => other,
        }
    }

    fn annulled(&self, policy: Policy, p: StartNo) -> bool {
        self.after[p].is_some() && self.resolve(policy, p) == Policy::Annul
    }

    /// w_p(k)·δ_p for a withdrawn player p (0 for anyone else).
    fn residual_term(&self, p: StartNo, k: f64) -> f64 {
        self.stat(p)
            .map_or(0.0, |s| shrinkage_weight(s.played, k) * s.residual)
    }

    /// Everything `policy` does to the event: each unplayed game's score, points, standings.
    fn outcome(
        &self,
        policy: Policy,
        standing: &StandingResults,
        unplayed: &[UnplayedGame],
    ) -> PolicyOutcome {
        let mut points: PerPlayer<Option<f64>> = standing
            .base
            .map(|p, &base| (!self.annulled(policy, p)).then_some(base));
        // Annulment removes the games that did happen against the annulled player.
        for &(p, w, pts) in &standing.vs_withdrawn {
            if self.annulled(policy, w) {
                if let Some(total) = points[p].as_mut() {
                    *total -= pts;
                }
            }
        }
        let games: Vec<Imputed> = unplayed.iter().map(|g| self.impute(policy, g)).collect();
        for g in &games {
            if let (Some(s), Some(o)) = (g.score, g.opponent_score) {
                if let Some(total) = points[g.player].as_mut() {
                    *total += s;
                }
                if let Some(total) = points[g.opponent].as_mut() {
                    *total += o;
                }
            }
        }
        let standings = rank_by_points(&points, |p| self.after[p].is_some());
        PolicyOutcome {
            policy,
            resolved: self
                .ws
                .iter()
                .map(|w| (w.player, self.resolve(policy, w.player)))
                .collect(),
            games,
            points,
            standings,
        }
    }

    /// The score `policy` gives one unplayed game.
    fn impute(&self, policy: Policy, g: &UnplayedGame) -> Imputed {
        let (a, b) = (g.player, g.opponent);
        // The Bayesian formula at prior strength k (for two withdrawn players who never met,
        // both residuals).
        let formula = |k: f64| {
            let mut v = g.expected + self.residual_term(b, k);
            if g.both_withdrawn {
                v -= self.residual_term(a, k);
            }
            v
        };
        // One arm per policy: a new policy does not compile until it says what it scores.
        let value: Option<f64> = match policy {
            _ if self.annulled(policy, a) || self.annulled(policy, b) => None,
            // Every unplayed game has a withdrawn side, whom annul always annuls (above).
            Policy::Annul => None,
            // Neither side is annulled here, so `fide` has resolved to forfeit for both.
            // Two withdrawn players who never met: a double forfeit (NaN marks it below).
            Policy::Forfeit | Policy::Fide => Some(if g.both_withdrawn { f64::NAN } else { 1.0 }),
            Policy::Elo => Some(g.expected),
            // Performance is the Bayesian formula at k = 0.
            Policy::Performance => Some(formula(0.0)),
            Policy::Bayes => Some(formula(self.k)),
        };
        let (score, opponent_score, unclamped, clamped) = match value {
            None => (None, None, None, false),
            Some(v) if v.is_nan() => (Some(0.0), Some(0.0), Some(0.0), false),
            Some(v) => {
                let c = v.clamp(0.0, 1.0);
                (Some(c), Some(1.0 - c), Some(v), c != v)
            }
        };
        Imputed {
            player: a,
            opponent: b,
            round: g.round,
            score,
            opponent_score,
            unclamped,
            clamped,
        }
    }
}

/// Orders players by points (descending) then start number; equal points share a place.
pub fn rank_by_points(
    points: &PerPlayer<Option<f64>>,
    withdrawn: impl Fn(StartNo) -> bool,
) -> Vec<StandingRow> {
    let mut rows: Vec<StandingRow> = points
        .iter()
        .filter_map(|(start_no, p)| {
            p.map(|points| StandingRow {
                rank: 0,
                start_no,
                points,
                withdrawn: withdrawn(start_no),
            })
        })
        .collect();
    // Float sums of the same total can differ in the last bits: rank on a quantised key so
    // that equal totals tie exactly and the order falls through to the start number.
    let key = |p: f64| (p / POINTS_TOLERANCE).round() as i64;
    rows.sort_by(|a, b| {
        key(b.points)
            .cmp(&key(a.points))
            .then(a.start_no.cmp(&b.start_no))
    });
    for i in 0..rows.len() {
        rows[i].rank = if i > 0 && key(rows[i - 1].points) == key(rows[i].points) {
            rows[i - 1].rank
        } else {
            i as u32 + 1
        };
    }
    rows
}

#[cfg(test)]
mod tests;
