//! FIDE rating changes for one event (Handbook B.02, *FIDE Rating Regulations*, as in force
//! from 1 March 2024, with the October 2025 amendment of the 400-point rule). Article numbers
//! below are those of that text.
//!
//! # Rated player (B.02 8.3)
//! - **Rated games**: games played over the board (TRF `1 = 0`; not `W D L`, not forfeits, not
//!   byes) against an opponent who has a rating.
//! - **Expected score** We = Σ PD, PD from table 8.1.2 for D = own − opponent; a difference of
//!   more than 400 counts as 400 unless the player is rated 2650 or more (8.3.1).
//! - **K** (8.3.3): 40 when the player is at most 18 in the year the event starts (TRF `042`) and
//!   rated under 2300; else 20 under 2400; else 10. A player with fewer than 30 rated games
//!   before the event (when known, [`Player::rated_games`]) has K = 40. An arbiter's K
//!   ([`Player::k_override`]) replaces all of these. When n × K > 700 for the n rated games,
//!   K becomes the largest whole number with K × n ≤ 700.
//! - **Change** ΔR = K × (W − We), W the points scored in the rated games: shown unrounded (it is
//!   exact to two decimals) and rounded once for the event to the nearest whole number, 0.5
//!   rounded up (FIDE rounds the change, not each game).
//! - **Performance** Rp = Ra + dp(p): Ra the opponents' average rounded half up, p = W / n
//!   rounded half up to two decimals, dp from table 8.1.1 (±800 at 1.00 / 0.00).
//!
//! # Unrated player (B.02 8.2, initial rating)
//! If the player scores zero against rated opponents, the event is disregarded. Otherwise two
//! hypothetical opponents rated 1800 are added, with a draw against each: Ra = (Σ ratings +
//! 2 × 1800) / (n + 2), p = (W + 1) / (n + 2) rounded to two decimals, Ru = Ra + dp(p) rounded
//! to the nearest whole number, at most 2200. The rating is published once the player has at
//! least 5 games against rated opponents (possibly over several events, 7.1) and Ru ≥ 1400,
//! the rating floor.

use crate::elo::{table_8_1_1_dp, table_8_1_2_hundredths, FOUR_HUNDRED_RULE_EXEMPT_FROM};
use crate::model::{Entry, GameResult, HalfPoints, Player, StartNo, Tournament};
use serde::Serialize;
use std::fmt;

/// n × K may not exceed this (B.02 8.3.3).
pub const MAX_K_TIMES_GAMES: u32 = 700;
/// The hypothetical opponents' rating for an initial rating (B.02 8.2).
pub const HYPOTHETICAL_OPPONENT: i64 = 1800;
/// The highest initial rating (B.02 8.2).
pub const MAX_INITIAL_RATING: i64 = 2200;
/// The rating floor: lower ratings are not published (B.02 7.1).
pub const RATING_FLOOR: i64 = 1400;
/// Games against rated opponents needed before an initial rating is published (B.02 7.1).
pub const MIN_GAMES_FOR_INITIAL_RATING: u32 = 5;

/// Why K has its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum KReason {
    /// Set by the arbiter for this player.
    Override,
    /// Fewer than 30 rated games before the event.
    NewPlayer { rated_games: u32 },
    /// At most 18 in the start year and rated under 2300.
    Junior { age: i32 },
    /// Rated under 2400.
    Under2400,
    /// Rated 2400 or more.
    From2400,
}

impl fmt::Display for KReason {
    /// The reason in words, as the app and the CLI show it ("rated under 2400").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KReason::Override => f.write_str("set by the arbiter"),
            KReason::NewPlayer { rated_games } => {
                write!(f, "new player: {rated_games} rated games before")
            }
            KReason::Junior { age } => write!(f, "{age} in the start year, under 2300"),
            KReason::Under2400 => f.write_str("rated under 2400"),
            KReason::From2400 => f.write_str("rated 2400 or more"),
        }
    }
}

/// One rated game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatedGame {
    pub round: u32,
    pub opponent: StartNo,
    pub opponent_rating: u16,
    /// Points scored, in half-points.
    pub score: HalfPoints,
    /// The rating difference as used: own − opponent, capped at ±400 by the 400-point rule.
    pub difference: i32,
    /// PD from table 8.1.2, in hundredths.
    pub expected_hundredths: u8,
}

impl RatingChange {
    /// Why K has its value, in words: the [`KReason`], and the 700 cap when it lowered K
    /// (B.02 8.3.3: K × games ≤ 700).
    pub fn k_note(&self) -> String {
        if self.k_capped {
            format!(
                "{}; {} lowered to {} so that K × {} games ≤ 700",
                self.k_reason,
                self.base_k,
                self.k,
                self.games.len()
            )
        } else {
            self.k_reason.to_string()
        }
    }
}

/// The rating change of a rated player.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingChange {
    pub start_no: StartNo,
    pub rating: u16,
    /// K as used (after the 700 cap).
    pub k: u8,
    /// K before the 700 cap, and why it has that value.
    pub base_k: u8,
    pub k_reason: KReason,
    /// True when n × K > 700 lowered K.
    pub k_capped: bool,
    pub games: Vec<RatedGame>,
    /// W, in half-points.
    pub score: HalfPoints,
    /// We = Σ PD, in hundredths (exact).
    pub expected_hundredths: u32,
    /// K × (W − We), in hundredths (exact).
    pub change_hundredths: i64,
    /// The change rounded to a whole number, 0.5 up.
    pub change: i64,
    /// rating + change.
    pub new_rating: i64,
    /// Rp = Ra + dp(p).
    pub performance: i64,
}

impl RatingChange {
    pub fn expected(&self) -> f64 {
        f64::from(self.expected_hundredths) / 100.0
    }

    pub fn change_unrounded(&self) -> f64 {
        self.change_hundredths as f64 / 100.0
    }
}

/// The initial rating of a player without a rating (B.02 8.2).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InitialRating {
    pub start_no: StartNo,
    /// Games over the board against rated opponents.
    pub games: Vec<RatedGame>,
    pub score: HalfPoints,
    /// `None` when the player scored nothing: the event is disregarded.
    pub rating: Option<i64>,
    /// Ra with the two hypothetical 1800 opponents, in hundredths (rounded half up).
    pub average_hundredths: i64,
    /// p with the two hypothetical draws, in hundredths.
    pub p_hundredths: u8,
    pub dp: i32,
    /// True when the 2200 maximum lowered the rating.
    pub capped: bool,
    /// At least 5 games here and a rating of at least 1400: publishable from this event alone.
    pub publishable: bool,
}

/// Everything B.02 gives for the event.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingReport {
    /// The year the event started (TRF 042), for the K = 40 junior rule.
    pub start_year: Option<i32>,
    /// Rated players with at least one rated game, by start number.
    pub changes: Vec<RatingChange>,
    /// Unrated players with at least one game against a rated opponent, by start number.
    pub initial: Vec<InitialRating>,
}

/// The leading four-digit year of a date written `YYYY/MM/DD`, `YYYY-MM-DD`, `YYYY.MM.DD` or
/// `YYYY`.
pub fn year_of(date: &str) -> Option<i32> {
    let d = date.trim();
    let y = d.get(..4)?;
    if !y.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if d.len() > 4 && d.as_bytes()[4].is_ascii_digit() {
        return None;
    }
    y.parse().ok()
}

/// PD of table 8.1.2 for a player rated `own` against `opponent`, with the 400-point rule:
/// (difference used, PD in hundredths).
pub fn expected_hundredths(own: u16, opponent: u16) -> (i32, u8) {
    let mut diff = i32::from(own) - i32::from(opponent);
    if i32::from(own) < FOUR_HUNDRED_RULE_EXEMPT_FROM {
        diff = diff.clamp(-400, 400);
    }
    (diff, table_8_1_2_hundredths(diff))
}

/// K before the 700 cap (B.02 8.3.3; see the module documentation).
pub fn base_k(player: &Player, start_year: Option<i32>) -> (u8, KReason) {
    if let Some(k) = player.k_override {
        return (k, KReason::Override);
    }
    if let Some(g) = player.rated_games.filter(|&g| g < 30) {
        return (40, KReason::NewPlayer { rated_games: g });
    }
    let rating = player.rating.unwrap_or(0);
    let age = start_year.zip(year_of(&player.birth)).map(|(s, b)| s - b);
    if let Some(age) = age.filter(|&a| a <= 18) {
        if rating < 2300 {
            return (40, KReason::Junior { age });
        }
    }
    if rating < 2400 {
        (20, KReason::Under2400)
    } else {
        (10, KReason::From2400)
    }
}

/// K after the 700 cap: the largest whole number with K × games ≤ 700 when K × games > 700.
pub fn capped_k(k: u8, games: u32) -> u8 {
    if games > 0 && u32::from(k) * games > MAX_K_TIMES_GAMES {
        (MAX_K_TIMES_GAMES / games) as u8
    } else {
        k
    }
}

/// Hundredths as a decimal with exactly two places, as rating changes are printed:
/// `287` → `2.87`, `-800` → `-8.00`.
pub fn two_decimals(h: i64) -> String {
    let sign = if h < 0 { "-" } else { "" };
    format!(
        "{sign}{}.{:02}",
        h.unsigned_abs() / 100,
        h.unsigned_abs() % 100
    )
}

/// x / 100 rounded to a whole number, 0.5 up (for hundredths).
fn round_hundredths(x: i64) -> i64 {
    (x + 50).div_euclid(100)
}

/// a / b rounded half up, b > 0.
fn div_half_up(a: i64, b: i64) -> i64 {
    (2 * a + b).div_euclid(2 * b)
}

/// The games `p` played over the board (rated results) against rated opponents.
fn rated_games(t: &Tournament, p: &Player) -> Vec<RatedGame> {
    let own = p.rating;
    let mut out = Vec::new();
    for r in 1..=t.rounds.len() as u32 {
        let Entry::Game {
            opponent,
            colour,
            result,
        } = t.entry(p.start_no, r)
        else {
            continue;
        };
        if !matches!(result, GameResult::Played(_)) {
            continue;
        }
        let Some(opponent_rating) = t.player(opponent).and_then(|o| o.rating) else {
            continue;
        };
        let score = result.points_for(colour).unwrap_or(HalfPoints::ZERO);
        let (difference, expected) = match own {
            Some(own) => expected_hundredths(own, opponent_rating),
            None => (0, 0),
        };
        out.push(RatedGame {
            round: r,
            opponent,
            opponent_rating,
            score,
            difference,
            expected_hundredths: expected,
        });
    }
    out
}

/// Rp = Ra + dp(p) (see the module documentation).
fn performance(games: &[RatedGame], score: HalfPoints) -> i64 {
    let n = games.len() as i64;
    let ra = div_half_up(games.iter().map(|g| i64::from(g.opponent_rating)).sum(), n);
    let p = div_half_up(i64::from(score.0) * 50, n) as u8;
    ra + i64::from(table_8_1_1_dp(p))
}

/// The rating change of a rated player, `None` without a rated game.
pub fn rating_change(t: &Tournament, p: &Player, start_year: Option<i32>) -> Option<RatingChange> {
    let rating = p.rating?;
    let games = rated_games(t, p);
    if games.is_empty() {
        return None;
    }
    let (base, k_reason) = base_k(p, start_year);
    let k = capped_k(base, games.len() as u32);
    let score: HalfPoints = games.iter().map(|g| g.score).sum();
    let expected: u32 = games.iter().map(|g| u32::from(g.expected_hundredths)).sum();
    let change_hundredths = i64::from(k) * (i64::from(score.0) * 50 - i64::from(expected));
    let change = round_hundredths(change_hundredths);
    Some(RatingChange {
        start_no: p.start_no,
        rating,
        k,
        base_k: base,
        k_reason,
        k_capped: k != base,
        performance: performance(&games, score),
        games,
        score,
        expected_hundredths: expected,
        change_hundredths,
        change,
        new_rating: i64::from(rating) + change,
    })
}

/// The initial rating of an unrated player, `None` without a game against a rated opponent.
pub fn initial_rating(t: &Tournament, p: &Player) -> Option<InitialRating> {
    if p.rating.is_some() {
        return None;
    }
    let games = rated_games(t, p);
    if games.is_empty() {
        return None;
    }
    let n = games.len() as i64;
    let score: HalfPoints = games.iter().map(|g| g.score).sum();
    let sum = games
        .iter()
        .map(|g| i64::from(g.opponent_rating))
        .sum::<i64>()
        + 2 * HYPOTHETICAL_OPPONENT;
    // W + 1 (two draws) over n + 2 games, to two decimals.
    let p_hundredths = div_half_up((i64::from(score.0) + 2) * 50, n + 2) as u8;
    let dp = table_8_1_1_dp(p_hundredths);
    let average_hundredths = div_half_up(sum * 100, n + 2);
    let (rating, capped) = if score == HalfPoints::ZERO {
        (None, false)
    } else {
        let ru = div_half_up(sum + i64::from(dp) * (n + 2), n + 2);
        (Some(ru.min(MAX_INITIAL_RATING)), ru > MAX_INITIAL_RATING)
    };
    Some(InitialRating {
        start_no: p.start_no,
        publishable: rating.is_some_and(|r| r >= RATING_FLOOR)
            && games.len() as u32 >= MIN_GAMES_FOR_INITIAL_RATING,
        games,
        score,
        rating,
        average_hundredths,
        p_hundredths,
        dp,
        capped,
    })
}

/// Rating changes and initial ratings for the whole event.
pub fn report(t: &Tournament) -> RatingReport {
    let start_year = year_of(&t.info.start_date);
    RatingReport {
        start_year,
        changes: t
            .players
            .iter()
            .filter_map(|p| rating_change(t, p, start_year))
            .collect(),
        initial: t
            .players
            .iter()
            .filter_map(|p| initial_rating(t, p))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Bye, ByeKind, Color, Format, Game, Outcome, Round};

    fn player(rating: Option<u16>, birth: &str) -> Player {
        Player {
            name: "x".into(),
            rating,
            birth: birth.into(),
            ..Player::default()
        }
    }

    fn game(white: StartNo, black: StartNo, result: GameResult) -> Game {
        Game {
            white,
            black,
            result,
        }
    }

    const W: GameResult = GameResult::Played(Outcome::WhiteWins);
    const D: GameResult = GameResult::Played(Outcome::Draw);
    const B: GameResult = GameResult::Played(Outcome::BlackWins);

    #[test]
    fn two_decimal_formatting_is_exact() {
        assert_eq!(two_decimals(287), "2.87");
        assert_eq!(two_decimals(-800), "-8.00");
        assert_eq!(two_decimals(-40), "-0.40");
        assert_eq!(two_decimals(0), "0.00");
        assert_eq!(two_decimals(1260), "12.60");
    }

    #[test]
    fn k_factor_rules() {
        let y = Some(2025);
        // At most 18 in the start year and under 2300: 40.
        assert_eq!(base_k(&player(Some(2250), "2007/12/31"), y).0, 40);
        assert_eq!(base_k(&player(Some(2250), "2006"), y).0, 20, "19 in 2025");
        assert_eq!(
            base_k(&player(Some(2300), "2010"), y).0,
            20,
            "junior from 2300"
        );
        assert_eq!(base_k(&player(Some(2399), ""), y).0, 20);
        assert_eq!(base_k(&player(Some(2400), ""), y).0, 10);
        assert_eq!(
            base_k(&player(Some(2250), "2010"), None).0,
            20,
            "no start date"
        );
        let mut p = player(Some(2500), "");
        p.k_override = Some(40);
        assert_eq!(base_k(&p, y), (40, KReason::Override));
        let mut p = player(Some(1900), "");
        p.rated_games = Some(12);
        assert_eq!(base_k(&p, y), (40, KReason::NewPlayer { rated_games: 12 }));
        p.rated_games = Some(30);
        assert_eq!(base_k(&p, y).0, 20);
    }

    #[test]
    fn the_700_cap() {
        // B.02 8.3.3: K = 20 over 36 games is 720 > 700 → K = 19 (19 × 36 = 684).
        assert_eq!(capped_k(20, 36), 19);
        assert_eq!(capped_k(20, 35), 20, "700 exactly is allowed");
        assert_eq!(capped_k(40, 18), 38);
        assert_eq!(capped_k(40, 17), 40);
        assert_eq!(capped_k(10, 0), 10);
    }

    #[test]
    fn four_hundred_point_rule_with_the_2650_exemption() {
        assert_eq!(expected_hundredths(2200, 1600), (400, 92));
        assert_eq!(expected_hundredths(1600, 2200), (-400, 8));
        assert_eq!(expected_hundredths(2700, 2100), (600, 98));
        assert_eq!(expected_hundredths(2649, 2100), (400, 92));
    }

    #[test]
    fn years() {
        assert_eq!(year_of("2024/10/24"), Some(2024));
        assert_eq!(year_of("2024-10-24"), Some(2024));
        assert_eq!(year_of("1999"), Some(1999));
        assert_eq!(year_of(" 2001/01/01 "), Some(2001));
        assert_eq!(year_of("24/10/2024"), None);
        assert_eq!(year_of("20245"), None);
        assert_eq!(year_of(""), None);
    }

    /// Player 1 (2000, born 2010 → junior in 2025) meets 2100 (draw), 1900 (win), 1500 (win:
    /// 500 points, counted as 400), unrated (not rated), and a forfeit (not rated).
    fn event() -> Tournament {
        let players = vec![
            player(Some(2000), "2010"),
            player(Some(2100), "1990"),
            player(Some(1900), "1990"),
            player(Some(1500), "1990"),
            player(None, "1990"),
        ];
        let mut t = Tournament::new("r", Format::Swiss { rounds: 5 }, players);
        t.info.start_date = "2025/05/01".into();
        t.rounds = vec![
            Round {
                games: vec![game(1, 2, D), game(3, 4, W)],
                byes: vec![Bye {
                    player: 5,
                    kind: ByeKind::PairingAllocated,
                }],
            },
            Round {
                games: vec![game(3, 1, B), game(5, 2, W)],
                byes: vec![Bye {
                    player: 4,
                    kind: ByeKind::PairingAllocated,
                }],
            },
            Round {
                games: vec![game(1, 4, W), game(2, 3, D)],
                byes: vec![],
            },
            Round {
                games: vec![
                    game(5, 1, D),
                    game(4, 2, GameResult::Forfeit(Some(Color::White))),
                ],
                byes: vec![],
            },
            Round {
                games: vec![
                    game(4, 5, W),
                    game(2, 1, GameResult::PlayedUnrated(Outcome::Draw)),
                ],
                byes: vec![],
            },
        ];
        t
    }

    #[test]
    fn k_reasons_and_the_cap_are_worded_once() {
        let t = event();
        let r = report(&t);
        let mut c = r.changes.iter().find(|c| c.start_no == 1).unwrap().clone();
        assert_eq!(c.k_note(), "15 in the start year, under 2300");
        c.k_capped = true;
        c.base_k = 40;
        c.k = 38;
        assert_eq!(
            c.k_note(),
            "15 in the start year, under 2300; 40 lowered to 38 so that K × 3 games ≤ 700"
        );
        for (reason, words) in [
            (KReason::Override, "set by the arbiter"),
            (
                KReason::NewPlayer { rated_games: 12 },
                "new player: 12 rated games before",
            ),
            (KReason::Under2400, "rated under 2400"),
            (KReason::From2400, "rated 2400 or more"),
        ] {
            assert_eq!(reason.to_string(), words);
        }
    }

    #[test]
    fn a_rated_players_change() {
        let t = event();
        let r = report(&t);
        let c = r.changes.iter().find(|c| c.start_no == 1).unwrap();
        // Rated games: R1 vs 2100 (D = −100 → 0.36), R2 vs 1900 (+100 → 0.64), R3 vs 1500
        // (+500 → +400 → 0.92). Unrated opponent, unrated result: not rated.
        assert_eq!(c.games.len(), 3);
        assert_eq!(c.games[2].difference, 400);
        assert_eq!(c.expected_hundredths, 36 + 64 + 92);
        assert_eq!(c.score, HalfPoints(5));
        // K = 40 (15 in 2025, under 2300): 40 × (2.5 − 1.92) = 23.20 → 23.
        assert_eq!((c.k, c.k_reason), (40, KReason::Junior { age: 15 }));
        assert_eq!(c.change_hundredths, 2320);
        assert_eq!(c.change, 23);
        assert_eq!(c.new_rating, 2023);
        // Rp: Ra = 5500 / 3 = 1833.33 → 1833; p = 0.83 → dp 273.
        assert_eq!(c.performance, 1833 + 273);
        // Player 2 (2100, K 20): R1 vs 2000 draw (+100 → 0.64), R3 vs 1900 draw (+200 →
        // 0.76); the game against the unrated player 5 and the forfeit do not count.
        let c2 = r.changes.iter().find(|c| c.start_no == 2).unwrap();
        assert_eq!(c2.games.len(), 2);
        assert_eq!(c2.change_hundredths, 20 * (100 - 140));
        assert_eq!(c2.change, -8);
    }

    #[test]
    fn rounding_half_up_both_ways() {
        assert_eq!(round_hundredths(1250), 13);
        assert_eq!(round_hundredths(-1250), -12);
        assert_eq!(round_hundredths(-1251), -13);
        assert_eq!(round_hundredths(1249), 12);
    }

    #[test]
    fn an_unrated_players_initial_rating() {
        let t = event();
        let r = report(&t);
        let u = r.initial.iter().find(|u| u.start_no == 5).unwrap();
        // Player 5 met rated 2100 (won), 2000 (draw), 1500 (lost): W = 1.5 over 3 games.
        // With two hypothetical 1800 draws: Ra = (5600 + 3600) / 5 = 1840; p = 2.5 / 5 = 0.50
        // → dp 0 → Ru = 1840. Three games only: not publishable yet.
        assert_eq!(u.games.len(), 3);
        assert_eq!(u.average_hundredths, 184_000);
        assert_eq!(u.p_hundredths, 50);
        assert_eq!(u.rating, Some(1840));
        assert!(!u.publishable);
    }

    #[test]
    fn initial_rating_extremes() {
        // Five wins against 2400s: Ra = (12000 + 3600) / 7 = 2228.57; p = 6 / 7 = 0.86 → dp
        // 309 → 2538 → capped at 2200. Zero points: disregarded.
        let mut players = vec![player(None, "")];
        players.extend((0..5).map(|_| player(Some(2400), "")));
        players.push(player(None, ""));
        let mut t = Tournament::new("x", Format::Swiss { rounds: 5 }, players);
        t.rounds = (0..5)
            .map(|i| Round {
                games: vec![game(1, 2 + i, W), game(2 + ((i + 1) % 5), 7, W)],
                byes: vec![],
            })
            .collect();
        let r = report(&t);
        let u = &r.initial[0];
        assert_eq!(
            (u.rating, u.capped, u.publishable),
            (Some(2200), true, true)
        );
        let z = &r.initial[1];
        assert_eq!(z.start_no, 7);
        assert_eq!(z.rating, None);
        assert!(!z.publishable);
    }
}
