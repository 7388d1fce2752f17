//! Random Swiss tournaments, for FIDE's approval of a pairing program (Handbook C.02, the
//! "random tournament generator"): from a seed, a finished Swiss whose every round was paired
//! by Crosstable's own Dutch engine through the organiser's operations ([`crate::event`]), with
//! results drawn from the players' ratings.
//!
//! # What is drawn
//! Every axis of [`Config`] left `None` is drawn from the seed ([`Axes`] says what came out):
//!
//! | axis | drawn when not given |
//! |---|---|
//! | players N | 10 … 120 (at least 2R when the rounds are given) |
//! | rounds R | 5 … 11, at most ⌊N/2⌋ (given: up to N − 1) |
//! | ratings | uniform between the lowest (1400 … 2300) and the highest (2400 … 2800); start numbers by rating |
//! | draws | 10 … 50 % between equals ([`outcome_probabilities`]: fewer as the ratings differ) |
//! | forfeits | none (½), else one game in 6 … 30; one forfeit in 5 is a double forfeit |
//! | half-point byes | none (½), else one player in 3 … 20 requests 1 or 2, for rounds before the last |
//! | zero-point byes | none (½), else one player in 3 … 20 requests 1 or 2 absences |
//! | late entries | none (⅔), else 1 … ⌈N/10⌉ players join before a round 2 … R |
//! | withdrawals | none (⅔), else 1 … ⌈N/10⌉ players leave from a round 2 … R; half of them during the round before, losing its game by forfeit |
//! | prohibited pairings (`260`) | none (⅔), else 1 … 3 groups of 2 … 4 players, for all rounds or a stretch |
//! | point system (`162`) | 1–½–0 (12 in 20), 3–1–0 (3), 2–1–0 (2), 1–½–0 with the PAB worth ½ (3) |
//! | Baku acceleration | one event in 4, when the point system allows it |
//! | initial colour (`152`) | white or black, even odds |
//!
//! The byes are requested ahead, before round 1 (a late entry's when they join), as an
//! organiser enters them; a late entry is added with the next start number and is absent
//! (`Z`) from the rounds already paired ([`event::add_player`], docs/fide-conformance.md §2).
//!
//! Every round is paired under [`Config::rules`]: the Handbook's reading unless bbpPairings
//! 6.0.0's is asked for (cross-testing against its checker, docs/fide-conformance.md).
//!
//! # Game model
//! A played game's result is drawn as the simulation study draws one
//! ([`crate::simulate::outcome_probabilities`]): White's expected score E is the logistic Elo
//! curve ([`crate::elo::logistic_expected`]) of the two ratings, P(draw) = D·(1 − |2E − 1|) with
//! D the draw share between equals, P(White wins) = E − P(draw)/2.
//!
//! # When a round cannot be paired
//! Absences, withdrawals and prohibited pairs can leave a round with no legal pairing (or
//! nobody to pair). The event is then generated again from the same axes with the next stream
//! of the seed, with half as many prohibited groups every second attempt and none at the last
//! ([`MAX_ATTEMPTS`]); [`Generated::attempt`] says which attempt succeeded. If none does, the
//! error names the round.
//!
//! # Reproducibility
//! ChaCha8 streams of one key (SplitMix64 of the seed): stream 0 draws the axes, stream
//! 1 + a draws attempt a's event. Integers by multiply-shift, uniforms from 53 bits, the
//! expected score through `libm`: the same seed gives the same event on every target. Nothing
//! is iterated from a hash map.

use crate::dutch::DutchRules;
use crate::elo::logistic_expected;
use crate::event::{self, EventError, MAX_SWISS_ROUNDS};
use crate::model::{
    ByeKind, Color, Format, GameResult, Outcome, Player, StartNo, Tournament, MAX_PLAYERS, RATINGS,
};
use crate::rules2026::{PointSystem, Prohibited, ProhibitedError};
use crate::simulate::{outcome_probabilities, uniform};
use chacha20::rand_core::{Rng, SeedableRng};
use chacha20::ChaCha8Rng;
use std::fmt;

/// How many times an event is generated afresh when a round cannot be paired.
pub const MAX_ATTEMPTS: u32 = 8;

/// A probability in millionths (exact, so that a chance read from text draws the same on every
/// target).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Chance {
    pub per_million: u32,
}

impl Chance {
    pub const NEVER: Chance = Chance { per_million: 0 };

    /// One in `x` (x ≥ 1), as bbpPairings' generator states its rates; `None` below 1 or for
    /// a value that is not a number.
    pub fn one_in(x: f64) -> Option<Chance> {
        (x.is_finite() && x >= 1.0).then(|| Chance {
            per_million: (1e6 / x).round() as u32,
        })
    }

    fn happens(self, rng: &mut Draws) -> bool {
        rng.below(1_000_000) < u64::from(self.per_million)
    }
}

/// What the generated event should be; every `None` is drawn from the seed (the module's
/// table).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Config {
    /// Players registered before round 1: 2 … [`MAX_PLAYERS`].
    pub players: Option<u32>,
    /// Rounds: 1 … players − 1 (and at most [`MAX_SWISS_ROUNDS`]).
    pub rounds: Option<u32>,
    pub lowest_rating: Option<u16>,
    pub highest_rating: Option<u16>,
    /// The share of draws between equally rated players, in percent (0 … 100).
    pub draw_percent: Option<u8>,
    /// The chance that a game is forfeited.
    pub forfeits: Option<Chance>,
    /// The chance that a player requests half-point byes.
    pub half_point_byes: Option<Chance>,
    /// The chance that a player requests zero-point byes (absences).
    pub zero_point_byes: Option<Chance>,
    /// Players who join after round 1 (the total stays within [`MAX_PLAYERS`]).
    pub late_entries: Option<u32>,
    /// Players who withdraw (at most N − 2).
    pub withdrawals: Option<u32>,
    /// Groups of players who must not meet (`260`).
    pub prohibited_groups: Option<u32>,
    pub points: Option<PointSystem>,
    pub baku: Option<bool>,
    pub initial_colour: Option<Color>,
    /// The reading of the Dutch rules every round is paired under: the Handbook's (the
    /// default), or bbpPairings 6.0.0's where it departs from it (Baku group A,
    /// docs/fide-conformance.md §1–§2), to make events that bbpPairings' checker must pass.
    /// Not an axis: nothing is drawn for it.
    pub rules: DutchRules,
}

/// Every axis as generated: the [`Config`] with what the seed drew filled in.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Axes {
    pub players: u32,
    pub rounds: u32,
    pub lowest_rating: u16,
    pub highest_rating: u16,
    pub draw_percent: u8,
    pub forfeits: Chance,
    pub half_point_byes: Chance,
    pub zero_point_byes: Chance,
    pub late_entries: u32,
    pub withdrawals: u32,
    pub prohibited_groups: u32,
    pub points: PointSystem,
    pub baku: bool,
    pub initial_colour: Color,
}

/// A generated event and how it came about.
#[derive(Clone, Debug)]
pub struct Generated {
    pub tournament: Tournament,
    pub axes: Axes,
    /// The attempt that paired every round (0 for the first; see the module's documentation).
    pub attempt: u32,
    /// Prohibited groups in the event (fewer than [`Axes::prohibited_groups`] after retries).
    pub prohibited_groups: u32,
}

/// Why no event was generated.
#[derive(Clone, Debug, PartialEq)]
pub enum GenerateError {
    /// Players outside 2 … [`MAX_PLAYERS`].
    Players(u32),
    /// Rounds outside 1 … min(players − 1, [`MAX_SWISS_ROUNDS`]).
    Rounds {
        rounds: u32,
        players: u32,
    },
    /// A rating outside [`RATINGS`].
    Rating(u16),
    /// The lowest rating above the highest.
    RatingOrder {
        lowest: u16,
        highest: u16,
    },
    DrawPercent(u8),
    /// Baku acceleration asked for with a point system it cannot use (it needs a loss worth 0
    /// and a win worth two draws).
    BakuPoints(PointSystem),
    /// Every attempt failed to pair a round.
    CannotPair {
        round: u32,
        attempts: u32,
    },
    /// An organiser's operation was refused (a bug of the generator: it should not happen).
    Event(EventError),
    /// A prohibited group was refused (as [`GenerateError::Event`]).
    Prohibited(ProhibitedError),
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Players(n) => {
                write!(f, "players must be 2 to {MAX_PLAYERS}, not {n}")
            }
            GenerateError::Rounds { rounds, players } => write!(
                f,
                "rounds must be 1 to {} for {players} players (at most one fewer than the \
                 players, and {MAX_SWISS_ROUNDS}), not {rounds}",
                (players.saturating_sub(1)).min(MAX_SWISS_ROUNDS)
            ),
            GenerateError::Rating(r) => write!(
                f,
                "a rating must be {} to {}, not {r}",
                RATINGS.start(),
                RATINGS.end()
            ),
            GenerateError::RatingOrder { lowest, highest } => write!(
                f,
                "the lowest rating ({lowest}) is above the highest ({highest})"
            ),
            GenerateError::DrawPercent(p) => {
                write!(f, "the draw percentage must be 0 to 100, not {p}")
            }
            GenerateError::BakuPoints(ps) => write!(
                f,
                "Baku acceleration needs a loss worth 0 and a win worth two draws, not {}",
                ps.label()
            ),
            GenerateError::CannotPair { round, attempts } => write!(
                f,
                "no legal pairing of round {round} in {attempts} attempts; try fewer rounds or \
                 another seed"
            ),
            GenerateError::Event(e) => write!(f, "{e}"),
            GenerateError::Prohibited(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for GenerateError {}

/// The seeded draws: ChaCha8, one stream per use (module documentation).
struct Draws(ChaCha8Rng);

impl Draws {
    fn new(seed: u64, stream: u64) -> Draws {
        const TAG: u64 = 0x6765_6e65_7261_7465; // "generate"
        let mut rng = ChaCha8Rng::from_seed(crate::simulate::chacha_key(seed, TAG));
        rng.set_stream(stream);
        Draws(rng)
    }

    /// Uniform in 0 … n − 1 (multiply-shift; n ≥ 1).
    fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.0.next_u64()) * u128::from(n.max(1))) >> 64) as u64
    }

    /// Uniform in `lo ..= hi` (`hi` is raised to `lo` if below it).
    fn between(&mut self, lo: u32, hi: u32) -> u32 {
        lo + self.below(u64::from(hi.max(lo) - lo) + 1) as u32
    }

    fn one_in(&mut self, n: u64) -> bool {
        self.below(n) == 0
    }

    fn uniform(&mut self) -> f64 {
        uniform(&mut self.0)
    }

    /// `k` distinct values of `0 … n − 1` (k ≤ n), in the order drawn.
    fn distinct(&mut self, n: u32, k: u32) -> Vec<u32> {
        let mut pool: Vec<u32> = (0..n).collect();
        let k = k.min(n) as usize;
        for i in 0..k {
            let j = i + self.below((pool.len() - i) as u64) as usize;
            pool.swap(i, j);
        }
        pool.truncate(k);
        pool
    }
}

const POINTS_3_1_0: PointSystem = PointSystem {
    win: 30,
    draw: 10,
    loss: 0,
    zero: 0,
    pab: 30,
};
const POINTS_2_1_0: PointSystem = PointSystem {
    win: 20,
    draw: 10,
    loss: 0,
    zero: 0,
    pab: 20,
};
const POINTS_PAB_HALF: PointSystem = PointSystem {
    pab: 5,
    ..PointSystem::STANDARD
};

/// A drawn chance: none half the time, else one in `lo … hi`.
fn sometimes(rng: &mut Draws, lo: u32, hi: u32) -> Chance {
    let none = rng.one_in(2);
    let x = rng.between(lo, hi);
    if none {
        Chance::NEVER
    } else {
        Chance {
            per_million: 1_000_000 / x,
        }
    }
}

/// A count drawn as none two times in three, else 1 … `most`.
fn few(rng: &mut Draws, most: u32) -> u32 {
    let none = !rng.one_in(3);
    let k = rng.between(1, most.max(1));
    if none {
        0
    } else {
        k
    }
}

impl Config {
    /// Checks what was given and draws the rest from stream 0 of `seed`. Every axis is drawn in
    /// the same order whether given or not, so that giving one changes no other.
    pub fn axes(&self, seed: u64) -> Result<Axes, GenerateError> {
        if let Some(n) = self.players {
            if !(2..=MAX_PLAYERS as u32).contains(&n) {
                return Err(GenerateError::Players(n));
            }
        }
        for r in [self.lowest_rating, self.highest_rating]
            .into_iter()
            .flatten()
        {
            if !RATINGS.contains(&r) {
                return Err(GenerateError::Rating(r));
            }
        }
        if let (Some(lowest), Some(highest)) = (self.lowest_rating, self.highest_rating) {
            if lowest > highest {
                return Err(GenerateError::RatingOrder { lowest, highest });
            }
        }
        if let Some(p) = self.draw_percent.filter(|&p| p > 100) {
            return Err(GenerateError::DrawPercent(p));
        }
        if let (Some(true), Some(ps)) = (self.baku, self.points) {
            if !ps.allows_baku() {
                return Err(GenerateError::BakuPoints(ps));
            }
        }
        let mut rng = Draws::new(seed, 0);
        // A Swiss of R rounds pairs reliably from about 2R players: with R close to N − 1
        // the last rounds often have no legal pairing at all (checked by brute force on the
        // failures of 2,000 seeds with N − 1 rounds allowed).
        let min_players = self.rounds.map_or(10, |r| r.saturating_mul(2).max(10));
        let drawn_players = rng.between(min_players, 120.max(min_players));
        let players = self
            .players
            .unwrap_or(drawn_players.min(MAX_PLAYERS as u32));
        let drawn_rounds = rng.between(5, 11).min((players / 2).max(1));
        let rounds = self.rounds.unwrap_or(drawn_rounds);
        if rounds == 0 || rounds >= players || rounds > MAX_SWISS_ROUNDS {
            return Err(GenerateError::Rounds { rounds, players });
        }
        let drawn_highest = rng.between(2400, 2800) as u16;
        let drawn_lowest = rng.between(1400, 2300) as u16;
        let (lowest_rating, highest_rating) = match (self.lowest_rating, self.highest_rating) {
            (Some(lo), Some(hi)) => (lo, hi),
            (Some(lo), None) => (lo, drawn_highest.max(lo)),
            (None, Some(hi)) => (drawn_lowest.min(hi), hi),
            (None, None) => (drawn_lowest, drawn_highest),
        };
        let draw_percent = rng.between(10, 50) as u8;
        let forfeits = sometimes(&mut rng, 6, 30);
        let half_point_byes = sometimes(&mut rng, 3, 20);
        let zero_point_byes = sometimes(&mut rng, 3, 20);
        let tenth = players.div_ceil(10);
        let late_entries = few(&mut rng, tenth);
        let withdrawals = few(&mut rng, tenth);
        let prohibited_groups = few(&mut rng, 3);
        let points = match rng.below(20) {
            0..12 => PointSystem::STANDARD,
            12..15 => POINTS_3_1_0,
            15..17 => POINTS_2_1_0,
            _ => POINTS_PAB_HALF,
        };
        let baku = rng.one_in(4);
        let white = rng.one_in(2);
        let points = self.points.unwrap_or(points);
        let room = MAX_PLAYERS as u32 - players;
        Ok(Axes {
            players,
            rounds,
            lowest_rating,
            highest_rating,
            draw_percent: self.draw_percent.unwrap_or(draw_percent),
            forfeits: self.forfeits.unwrap_or(forfeits),
            half_point_byes: self.half_point_byes.unwrap_or(half_point_byes),
            zero_point_byes: self.zero_point_byes.unwrap_or(zero_point_byes),
            // Nobody can join after round 1 of a one-round event.
            late_entries: if rounds < 2 {
                0
            } else {
                self.late_entries.unwrap_or(late_entries).min(room)
            },
            withdrawals: if rounds < 2 {
                0
            } else {
                self.withdrawals
                    .unwrap_or(withdrawals)
                    .min(players.saturating_sub(2))
            },
            prohibited_groups: self.prohibited_groups.unwrap_or(prohibited_groups),
            points,
            baku: self.baku.unwrap_or(baku && points.allows_baku()),
            initial_colour: self.initial_colour.unwrap_or(if white {
                Color::White
            } else {
                Color::Black
            }),
        })
    }
}

/// A finished Swiss from `seed` and `config` (see the module's documentation).
pub fn generate(seed: u64, config: &Config) -> Result<Generated, GenerateError> {
    let axes = config.axes(seed)?;
    let mut failed_round = 1;
    for attempt in 0..MAX_ATTEMPTS {
        let groups = if attempt + 1 == MAX_ATTEMPTS {
            0
        } else {
            axes.prohibited_groups >> (attempt / 2)
        };
        let mut rng = Draws::new(seed, 1 + u64::from(attempt));
        match play(seed, &axes, groups, config.rules, &mut rng)? {
            Ok(tournament) => {
                return Ok(Generated {
                    tournament,
                    axes,
                    attempt,
                    prohibited_groups: groups,
                })
            }
            Err(round) => failed_round = round,
        }
    }
    Err(GenerateError::CannotPair {
        round: failed_round,
        attempts: MAX_ATTEMPTS,
    })
}

/// A player joining after round 1, or leaving.
struct Plan {
    round: u32,
    /// A late entry's rating; a leaver's start number.
    who: u32,
    /// A leaver who forfeits their game of the round before.
    during: bool,
}

fn player(no: usize, rating: u16) -> Player {
    Player {
        name: format!("Player {no:04}"),
        rating: Some(rating),
        ..Player::default()
    }
}

/// One attempt: the event, or the round that could not be paired.
fn play(
    seed: u64,
    axes: &Axes,
    groups: u32,
    rules: DutchRules,
    rng: &mut Draws,
) -> Result<Result<Tournament, u32>, GenerateError> {
    let ev = GenerateError::Event;
    let (lo, hi) = (
        u32::from(axes.lowest_rating),
        u32::from(axes.highest_rating),
    );
    let mut ratings: Vec<u16> = (0..axes.players)
        .map(|_| rng.between(lo, hi) as u16)
        .collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    let players = ratings
        .iter()
        .enumerate()
        .map(|(i, &r)| player(i + 1, r))
        .collect();
    let rounds = axes.rounds;
    let mut t = event::create(
        &format!("Random Swiss {seed}"),
        Format::Swiss { rounds },
        players,
    )
    .map_err(ev)?;
    t.initial_colour = Some(axes.initial_colour);
    t.set_point_system(axes.points);
    t.set_baku(axes.baku);
    for _ in 0..groups {
        let size = rng.between(2, 4).min(axes.players);
        let members = rng.distinct(axes.players, size);
        let (first_round, last_round) = if rng.one_in(2) {
            (1, rounds)
        } else {
            let a = rng.between(1, rounds);
            let b = rng.between(1, rounds);
            (a.min(b), a.max(b))
        };
        let mut players: Vec<StartNo> = members.iter().map(|&i| i + 1).collect();
        players.sort_unstable();
        t.add_prohibited(Prohibited {
            first_round,
            last_round,
            players,
        })
        .map_err(GenerateError::Prohibited)?;
    }
    for p in 1..=axes.players {
        request_byes(&mut t, axes, p, 1, rng)?;
    }
    let mut entries: Vec<Plan> = (0..axes.late_entries)
        .map(|_| Plan {
            round: rng.between(2, rounds),
            who: rng.between(lo, hi),
            during: false,
        })
        .collect();
    entries.sort_by_key(|e| e.round);
    let leavers = rng.distinct(axes.players, axes.withdrawals);
    let leaves: Vec<Plan> = leavers
        .iter()
        .map(|&i| Plan {
            round: rng.between(2, rounds),
            who: i + 1,
            during: rng.one_in(2),
        })
        .collect();
    let draw_peak = f64::from(axes.draw_percent) / 100.0;
    for round in 1..=rounds {
        for e in entries.iter().filter(|e| e.round == round) {
            let no = t.players.len() + 1;
            let p = event::add_player(&mut t, player(no, e.who as u16)).map_err(ev)?;
            request_byes(&mut t, axes, p, round, rng)?;
        }
        for l in leaves.iter().filter(|l| l.round == round && !l.during) {
            event::withdraw(&mut t, l.who, Some(round)).map_err(ev)?;
        }
        match event::pair_next_round_with(&mut t, rules) {
            Ok(_) => {}
            Err(EventError::Pairing(_) | EventError::NobodyToPair(_)) => return Ok(Err(round)),
            Err(e) => return Err(ev(e)),
        }
        let games: Vec<(StartNo, StartNo)> = t.rounds[round as usize - 1]
            .games
            .iter()
            .map(|g| (g.white, g.black))
            .collect();
        for (board, (white, black)) in games.into_iter().enumerate() {
            let result = if axes.forfeits.happens(rng) {
                let double = rng.one_in(5);
                let white_wins = rng.one_in(2);
                GameResult::Forfeit(match (double, white_wins) {
                    (true, _) => None,
                    (false, true) => Some(Color::White),
                    (false, false) => Some(Color::Black),
                })
            } else {
                let rating = |p: StartNo| f64::from(t.players[p as usize - 1].rating.unwrap_or(0));
                let e = logistic_expected(rating(white), rating(black));
                let o = outcome_probabilities(e, draw_peak);
                let u = rng.uniform();
                GameResult::Played(if u < o.win {
                    Outcome::WhiteWins
                } else if u < o.win + o.draw {
                    Outcome::Draw
                } else {
                    Outcome::BlackWins
                })
            };
            event::set_result(&mut t, round, board + 1, result).map_err(ev)?;
        }
        // Leaving during this round: the game is lost by forfeit, and the player is gone from
        // the next round on.
        for l in leaves.iter().filter(|l| l.round == round + 1 && l.during) {
            let plays = t.rounds[round as usize - 1]
                .games
                .iter()
                .any(|g| g.white == l.who || g.black == l.who);
            if plays {
                event::withdraw_forfeiting(&mut t, l.who, round).map_err(ev)?;
            } else {
                event::withdraw(&mut t, l.who, Some(round + 1)).map_err(ev)?;
            }
        }
    }
    // A round's byes in start-number order, as a TRF file lists them (their order means
    // nothing; a late entry's absences were appended after the rounds' own byes).
    for r in &mut t.rounds {
        r.byes.sort_by_key(|b| b.player);
    }
    Ok(Ok(t))
}

/// `player`'s byes requested ahead, for rounds `from` … R: with the axes' chances, one or two
/// half-point byes (never in the last round) and one or two absences.
fn request_byes(
    t: &mut Tournament,
    axes: &Axes,
    player: StartNo,
    from: u32,
    rng: &mut Draws,
) -> Result<(), GenerateError> {
    let rounds = axes.rounds;
    for (kind, chance, last) in [
        (ByeKind::Half, axes.half_point_byes, rounds - 1),
        (ByeKind::Zero, axes.zero_point_byes, rounds),
    ] {
        if !chance.happens(rng) {
            continue;
        }
        let count = rng.between(1, 2);
        for _ in 0..count {
            if last < from {
                break;
            }
            let round = rng.between(from, last);
            event::request_bye(t, player, round, Some(kind)).map_err(GenerateError::Event)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chance_is_one_in_x_in_millionths() {
        assert_eq!(Chance::one_in(4.0).map(|c| c.per_million), Some(250_000));
        assert_eq!(Chance::one_in(1.0).map(|c| c.per_million), Some(1_000_000));
        assert_eq!(Chance::one_in(0.5), None);
        assert_eq!(Chance::one_in(f64::NAN), None);
    }

    #[test]
    fn given_axes_are_kept_and_checked() {
        let c = Config {
            players: Some(7),
            rounds: Some(6),
            baku: Some(false),
            ..Config::default()
        };
        let a = c.axes(1).expect("valid");
        assert_eq!((a.players, a.rounds, a.baku), (7, 6, false));
        let bad = |c: Config| c.axes(1).expect_err("refused");
        assert_eq!(
            bad(Config {
                players: Some(5),
                rounds: Some(5),
                ..Config::default()
            }),
            GenerateError::Rounds {
                rounds: 5,
                players: 5
            }
        );
        assert_eq!(
            bad(Config {
                players: Some(1),
                ..Config::default()
            }),
            GenerateError::Players(1)
        );
        assert!(matches!(
            bad(Config {
                points: Some(POINTS_3_1_0),
                baku: Some(true),
                ..Config::default()
            }),
            GenerateError::BakuPoints(_)
        ));
    }

    #[test]
    fn giving_one_axis_leaves_the_others_as_drawn() {
        let drawn = Config::default().axes(9).expect("valid");
        let given = Config {
            initial_colour: Some(drawn.initial_colour.opposite()),
            ..Config::default()
        }
        .axes(9)
        .expect("valid");
        assert_eq!(
            Axes {
                initial_colour: drawn.initial_colour,
                ..given
            },
            drawn
        );
    }

    #[test]
    fn the_smallest_event_is_generated() {
        let g = generate(
            3,
            &Config {
                players: Some(2),
                ..Config::default()
            },
        )
        .expect("two players, one round");
        assert_eq!(g.tournament.rounds.len(), 1);
    }
}
