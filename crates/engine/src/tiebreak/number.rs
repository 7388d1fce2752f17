//! The numbers tie-breaks are made of: exact where the results are exact, real where imputed
//! (fractional) scores enter.
//!
//! Every value FIDE C.07 computes from recorded results is a multiple of 0.01: points and
//! Buchholz values are half-points, Sonneborn-Berger products and averaged double-round-robin
//! encounters are quarter-points, AOB is rounded to two decimals, ratings are integers. So an
//! exact value is kept as an integer number of hundredths and compares exactly. Under the
//! withdrawal policies `elo`, `performance` and `bayes` a game can score any real number in
//! [0, 1]; values built from such a game are [`Number::Real`] and compare at the resolution of
//! [`crate::impute::POINTS_TOLERANCE`], the same key the policy standings use.

use serde::{Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, AddAssign, Mul, Sub};

/// A tie-break value.
#[derive(Clone, Copy, Debug)]
pub enum Number {
    /// An exact value in hundredths: `Exact(925)` is 9.25.
    Exact(i64),
    /// A real value (from imputed scores).
    Real(f64),
}

/// Units of the comparison key per 1.0: the key is the value over
/// [`crate::impute::POINTS_TOLERANCE`] (1e-7), rounded.
const KEY_PER_UNIT: f64 = 1e7;
/// Key units per hundredth, for exact values (1e7 / 100).
const KEY_PER_HUNDREDTH: i128 = 100_000;

impl Number {
    pub const ZERO: Number = Number::Exact(0);
    pub const HALF: Number = Number::Exact(50);
    pub const ONE: Number = Number::Exact(100);

    /// An exact number of half-points.
    pub fn half_points(h: i64) -> Number {
        Number::Exact(h * 50)
    }

    /// An exact integer.
    pub fn int(i: i64) -> Number {
        Number::Exact(i * 100)
    }

    /// A real value; exact when it is a whole number of hundredths to within 1e-12 (so that a
    /// clamped imputation of exactly 1.0 or 0.0 stays exact).
    pub fn real(x: f64) -> Number {
        let h = (x * 100.0).round();
        if (x * 100.0 - h).abs() < 1e-9 && h.abs() < 1e15 {
            Number::Exact(h as i64)
        } else {
            Number::Real(x)
        }
    }

    pub fn is_exact(self) -> bool {
        matches!(self, Number::Exact(_))
    }

    pub fn to_f64(self) -> f64 {
        match self {
            Number::Exact(h) => h as f64 / 100.0,
            Number::Real(x) => x,
        }
    }

    /// The exact value in hundredths, if exact.
    pub fn hundredths(self) -> Option<i64> {
        match self {
            Number::Exact(h) => Some(h),
            Number::Real(_) => None,
        }
    }

    /// The total-order key: exact values compare exactly; real values at 1e-7.
    fn key(self) -> i128 {
        match self {
            Number::Exact(h) => i128::from(h) * KEY_PER_HUNDREDTH,
            Number::Real(x) => (x * KEY_PER_UNIT).round() as i128,
        }
    }

    /// self / n rounded half up to two decimals (C.07 AOB). Exact for exact input.
    pub fn average_to_hundredths(self, n: u32) -> Option<Number> {
        if n == 0 {
            return None;
        }
        Some(match self {
            Number::Exact(h) => Number::Exact(div_round_half_up(h, i64::from(n))),
            Number::Real(x) => Number::Exact((x * 100.0 / f64::from(n) + 0.5).floor() as i64),
        })
    }
}

/// a / b rounded half up (towards +∞ on a tie), for b > 0.
pub(crate) fn div_round_half_up(a: i64, b: i64) -> i64 {
    (2 * a + b).div_euclid(2 * b)
}

impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        match (self, other) {
            // The keys of two exact values compare as the hundredths do (without i128
            // arithmetic, a library call in wasm32: standings compare values in every sort).
            (Number::Exact(a), Number::Exact(b)) => a == b,
            _ => self.key() == other.key(),
        }
    }
}

impl Eq for Number {}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Number {
    fn cmp(&self, other: &Number) -> Ordering {
        match (self, other) {
            (Number::Exact(a), Number::Exact(b)) => a.cmp(b),
            _ => self.key().cmp(&other.key()),
        }
    }
}

impl Add for Number {
    type Output = Number;
    fn add(self, rhs: Number) -> Number {
        match (self, rhs) {
            (Number::Exact(a), Number::Exact(b)) => Number::Exact(a + b),
            _ => Number::Real(self.to_f64() + rhs.to_f64()),
        }
    }
}

impl AddAssign for Number {
    fn add_assign(&mut self, rhs: Number) {
        *self = *self + rhs;
    }
}

impl Sub for Number {
    type Output = Number;
    fn sub(self, rhs: Number) -> Number {
        match (self, rhs) {
            (Number::Exact(a), Number::Exact(b)) => Number::Exact(a - b),
            _ => Number::Real(self.to_f64() - rhs.to_f64()),
        }
    }
}

impl Mul for Number {
    type Output = Number;
    /// The product, exact when both factors are exact and the product is a whole number of
    /// hundredths (always the case for half-points times half-points).
    fn mul(self, rhs: Number) -> Number {
        match (self, rhs) {
            (Number::Exact(a), Number::Exact(b)) if (a * b) % 100 == 0 => {
                Number::Exact(a * b / 100)
            }
            _ => Number::Real(self.to_f64() * rhs.to_f64()),
        }
    }
}

impl std::iter::Sum for Number {
    fn sum<I: Iterator<Item = Number>>(iter: I) -> Number {
        iter.fold(Number::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Number {
    /// Exact values in their shortest exact decimal form (`13`, `12.5`, `9.25`, `-0.5`); real
    /// values to six decimals without trailing zeros.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Number::Exact(h) => {
                let sign = if h < 0 { "-" } else { "" };
                let (int, frac) = (h.unsigned_abs() / 100, h.unsigned_abs() % 100);
                match frac {
                    0 => write!(f, "{sign}{int}"),
                    x if x % 10 == 0 => write!(f, "{sign}{int}.{}", x / 10),
                    x => write!(f, "{sign}{int}.{x:02}"),
                }
            }
            Number::Real(x) => {
                let s = format!("{x:.6}");
                let s = s.trim_end_matches('0').trim_end_matches('.');
                f.write_str(if s == "-0" { "0" } else { s })
            }
        }
    }
}

impl Serialize for Number {
    /// As a JSON number (exact values are exact in binary floating point only up to their
    /// hundredths, which is all a reader needs).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.to_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortest_exact_decimal() {
        assert_eq!(Number::Exact(1300).to_string(), "13");
        assert_eq!(Number::Exact(1250).to_string(), "12.5");
        assert_eq!(Number::Exact(925).to_string(), "9.25");
        assert_eq!(Number::Exact(5).to_string(), "0.05");
        assert_eq!(Number::Exact(-50).to_string(), "-0.5");
        assert_eq!(Number::Real(0.123_456_78).to_string(), "0.123457");
        assert_eq!(Number::Real(2.5).to_string(), "2.5");
    }

    #[test]
    fn half_points_times_half_points_stay_exact() {
        let p = Number::half_points(7) * Number::HALF;
        assert_eq!(p, Number::Exact(175));
        assert!(p.is_exact());
        assert!(!(Number::Exact(1) * Number::Exact(1)).is_exact());
    }

    #[test]
    fn exact_and_real_compare_on_one_scale() {
        assert_eq!(Number::Exact(50), Number::Real(0.5));
        assert!(Number::Real(0.500_001) > Number::HALF);
        assert!(Number::Real(0.499_999_999_9) == Number::HALF);
        assert_eq!(Number::real(1.0), Number::ONE);
        assert!(Number::real(1.0).is_exact());
    }

    proptest::proptest! {
        #[test]
        fn exact_values_compare_as_their_keys(a in proptest::prelude::any::<i64>(), d in -3i64..=3) {
            let b = a.saturating_add(d);
            let (x, y) = (Number::Exact(a), Number::Exact(b));
            proptest::prop_assert_eq!(x.cmp(&y), x.key().cmp(&y.key()));
            proptest::prop_assert_eq!(x == y, x.key() == y.key());
            proptest::prop_assert_eq!(x.cmp(&Number::Real(y.to_f64())), x.key().cmp(&Number::Real(y.to_f64()).key()));
        }
    }

    #[test]
    fn averages_round_half_up() {
        assert_eq!(div_round_half_up(5, 2), 3);
        assert_eq!(div_round_half_up(-5, 2), -2);
        assert_eq!(div_round_half_up(7, 3), 2);
        assert_eq!(
            Number::Exact(1000).average_to_hundredths(3),
            Some(Number::Exact(333))
        );
        assert_eq!(
            Number::Exact(1001).average_to_hundredths(2),
            Some(Number::Exact(501))
        );
        assert_eq!(Number::ONE.average_to_hundredths(0), None);
    }
}
