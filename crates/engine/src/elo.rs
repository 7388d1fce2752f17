//! Expected scores and the FIDE rating tables (Handbook B.02, tables 8.1.1 and 8.1.2).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How the expected score E(i, W) of player i against player W is computed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Expectation {
    /// The logistic Elo curve used by the paper (Varadhan 2026, §2):
    /// E = 1 / (1 + 10^((R_W − R_i) / 400)).
    #[default]
    Logistic,
    /// FIDE B.02 table 8.1.2 with the 400-point rule (see [`fide_expected`]).
    Fide,
}

impl Expectation {
    pub const ALL: [Expectation; 2] = [Expectation::Logistic, Expectation::Fide];

    pub fn id(self) -> &'static str {
        match self {
            Expectation::Logistic => "logistic",
            Expectation::Fide => "fide",
        }
    }

    /// E(i, W) for player i rated `own` against W rated `opponent`.
    pub fn expected(self, own: f64, opponent: f64) -> f64 {
        match self {
            Expectation::Logistic => logistic_expected(own, opponent),
            Expectation::Fide => fide_expected(own.round() as i32, opponent.round() as i32),
        }
    }
}

impl fmt::Display for Expectation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Expectation {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "logistic" => Ok(Expectation::Logistic),
            "fide" => Ok(Expectation::Fide),
            other => Err(format!(
                "unknown expectation model `{other}`: use `logistic` or `fide`"
            )),
        }
    }
}

/// # Formula
/// E = 1 / (1 + 10^((R_opponent − R_own) / 400)) — the logistic Elo expectation.
///
/// The power comes from `libm` (pure Rust), not the platform's `powf`, so that the browser and
/// the command line compute bit-identical numbers.
pub fn logistic_expected(own: f64, opponent: f64) -> f64 {
    1.0 / (1.0 + libm::pow(10.0, (opponent - own) / 400.0))
}

/// Upper bounds of the rating-difference bands of FIDE table 8.1.2; band j gives the higher
/// rated player 0.50 + j/100. Differences above 735 give 1.00.
const TABLE_8_1_2_UPPER: [u16; 50] = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
    170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
    391, 411, 432, 456, 484, 517, 559, 619, 735,
];

/// Rating players rated this much or more are exempt from the 400-point rule (B.02 8.3.1 as
/// amended from 1 October 2025).
pub const FOUR_HUNDRED_RULE_EXEMPT_FROM: i32 = 2650;

/// Scoring probability PD of FIDE table 8.1.2 for a rating difference `diff` = own − opponent,
/// in hundredths (so exact): 50 for a difference of 0–3, 64 for +100, 36 for −100.
pub fn table_8_1_2_hundredths(diff: i32) -> u8 {
    let d = diff.unsigned_abs();
    let band = TABLE_8_1_2_UPPER
        .iter()
        .position(|&upper| d <= u32::from(upper))
        .unwrap_or(TABLE_8_1_2_UPPER.len()) as u8;
    if diff >= 0 {
        50 + band
    } else {
        50 - band
    }
}

/// # Formula
/// The FIDE expected score of a player rated `own` against `opponent` (B.02 8.3.1, table
/// 8.1.2): D = own − opponent; when |D| > 400 and `own` < 2650, D counts as ±400 (the 400-point
/// rule as in force since October 2025); PD is then read from table 8.1.2.
pub fn fide_expected(own: i32, opponent: i32) -> f64 {
    let mut diff = own - opponent;
    if own < FOUR_HUNDRED_RULE_EXEMPT_FROM {
        diff = diff.clamp(-400, 400);
    }
    f64::from(table_8_1_2_hundredths(diff)) / 100.0
}

/// FIDE table 8.1.1: rating difference dp for a fractional score p = 0.00 … 1.00 (index =
/// p × 100 for p ≥ 0.50). dp(1.00) = 800 as in the current regulations.
const TABLE_8_1_1_UPPER_HALF: [u16; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// # Formula
/// dp(p) from FIDE table 8.1.1 for p given in hundredths (0 … 100); dp(100 − x) = −dp(x).
pub fn table_8_1_1_dp(p_hundredths: u8) -> i32 {
    let p = p_hundredths.min(100);
    if p >= 50 {
        i32::from(TABLE_8_1_1_UPPER_HALF[usize::from(p - 50)])
    } else {
        -i32::from(TABLE_8_1_1_UPPER_HALF[usize::from(50 - p)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tolerance for closed-form float comparisons.
    const EXACT: f64 = 1e-12;

    #[test]
    fn logistic_is_half_at_equal_ratings_and_symmetric() {
        assert!((logistic_expected(2700.0, 2700.0) - 0.5).abs() < EXACT);
        let a = logistic_expected(2800.0, 2650.0);
        let b = logistic_expected(2650.0, 2800.0);
        assert!((a + b - 1.0).abs() < EXACT);
        // 400 points = 10:1 odds.
        assert!((logistic_expected(2400.0, 2000.0) - 10.0 / 11.0).abs() < EXACT);
    }

    #[test]
    fn fide_table_bands() {
        assert_eq!(table_8_1_2_hundredths(0), 50);
        assert_eq!(table_8_1_2_hundredths(3), 50);
        assert_eq!(table_8_1_2_hundredths(4), 51);
        assert_eq!(table_8_1_2_hundredths(100), 64);
        assert_eq!(table_8_1_2_hundredths(-100), 36);
        assert_eq!(table_8_1_2_hundredths(400), 92);
        assert_eq!(table_8_1_2_hundredths(735), 99);
        assert_eq!(table_8_1_2_hundredths(736), 100);
        assert_eq!(table_8_1_2_hundredths(-736), 0);
    }

    #[test]
    fn fide_table_is_monotone_and_antisymmetric() {
        for d in -800..800 {
            assert!(table_8_1_2_hundredths(d) <= table_8_1_2_hundredths(d + 1));
            assert_eq!(
                u32::from(table_8_1_2_hundredths(d)) + u32::from(table_8_1_2_hundredths(-d)),
                100
            );
        }
    }

    #[test]
    fn four_hundred_point_rule_and_2650_exemption() {
        // 2200 vs 1600: 600 points, counted as 400 → 0.92.
        assert!((fide_expected(2200, 1600) - 0.92).abs() < EXACT);
        assert!((fide_expected(1600, 2200) - 0.08).abs() < EXACT);
        // A 2700 player is exempt: 600 points → table value 0.98.
        assert!((fide_expected(2700, 2100) - 0.98).abs() < EXACT);
        // The lower-rated opponent (below 2650) still gets the capped value.
        assert!((fide_expected(2100, 2700) - 0.08).abs() < EXACT);
    }

    #[test]
    fn table_8_1_1_endpoints() {
        assert_eq!(table_8_1_1_dp(100), 800);
        assert_eq!(table_8_1_1_dp(0), -800);
        assert_eq!(table_8_1_1_dp(50), 0);
        assert_eq!(table_8_1_1_dp(75), 193);
        assert_eq!(table_8_1_1_dp(25), -193);
    }

    #[test]
    fn parse_expectation() {
        assert_eq!("FIDE".parse::<Expectation>(), Ok(Expectation::Fide));
        assert!("normal".parse::<Expectation>().is_err());
    }
}
