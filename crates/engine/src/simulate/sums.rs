//! What simulated tournaments add up to: exact fixed-point sums, so that partial results merge
//! to the same bits in any order, grouping or thread count.

use super::methods::{PerMethod, METHODS};
use super::study::StudyError;
use serde::{Deserialize, Serialize};

/// A sum of real numbers kept exactly, in fixed point (units of 2⁻⁶⁴), so that adding partial
/// sums in any order or grouping gives the same bits. Each tournament's own sum (an f64 added
/// in a fixed order) is rounded once to the nearest 2⁻⁶⁴ — an error far below anything shown.
///
/// Bound: a tournament adds at most players × scheduled games ≤ 256 · 510 < 2¹⁷ (every error
/// lies in [−1, 1]), i.e. < 2⁸¹ units, so 2⁴⁰ tournaments stay below 2¹²¹ < i128::MAX.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ExactSum(pub i128);

/// 2⁶⁴: one unit of [`ExactSum`] is 1 / `FIXED_SCALE`.
const FIXED_SCALE: f64 = 18_446_744_073_709_551_616.0;

/// 2⁶².
const TWO_62: f64 = 4_611_686_018_427_387_904.0;

/// `m as i128` for an integral |m| ≥ 2⁶²: the significand shifted by the exponent. Values the
/// shift cannot hold (≥ 2¹²⁶, infinities, NaN) take the saturating `as` as before.
fn integral_to_i128(m: f64) -> i128 {
    let bits = m.to_bits();
    let shift = ((bits >> 52) & 0x7ff) as i32 - 1075;
    if !(0..=73).contains(&shift) {
        return m as i128;
    }
    let significand = ((bits & ((1 << 52) - 1)) | (1 << 52)) as i128;
    let magnitude = significand << shift;
    if m < 0.0 {
        -magnitude
    } else {
        magnitude
    }
}

impl ExactSum {
    /// Adds `x`, rounded to the nearest 2⁻⁶⁴ (multiplying by a power of two is exact):
    /// `(x · 2⁶⁴).round() as i128`, without the slow float-to-i128 conversion. Below 2⁶² the
    /// rounded value fits an i64; from 2⁶² on an f64 is already an integer (its last place is
    /// at least 2¹⁰), so its 53-bit significand shifted left is the exact value.
    #[inline]
    pub fn add_f64(&mut self, x: f64) {
        let m = x * FIXED_SCALE;
        self.0 += if m.abs() < TWO_62 {
            m.round() as i64 as i128
        } else {
            integral_to_i128(m)
        };
    }

    /// `quarters` / 4, exactly.
    pub fn from_quarters(quarters: i128) -> ExactSum {
        ExactSum(quarters << 62)
    }

    pub fn add(&mut self, other: ExactSum) {
        self.0 += other.0;
    }

    /// The sum as the nearest f64.
    pub fn value(self) -> f64 {
        self.0 as f64 / FIXED_SCALE
    }
}

/// Serialised as a decimal string: JavaScript numbers cannot carry 128 bits.
impl Serialize for ExactSum {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.to_string())
    }
}

impl<'de> Deserialize<'de> for ExactSum {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ExactSum, D::Error> {
        let s = String::deserialize(d)?;
        s.parse::<i128>()
            .map(ExactSum)
            .map_err(|_| serde::de::Error::custom(format!("`{s}` is not a fixed-point sum")))
    }
}

/// What a chunk of tournaments of one scenario adds to the study. Merge with
/// [`PartialSums::merge`] in any order; the result is exact (see [`ExactSum`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartialSums {
    pub scenario: usize,
    /// Tournaments summed.
    pub tournaments: u64,
    /// Unplayed games summed (the same for every method).
    pub games: u64,
    /// Σ (predicted − actual)².
    pub squared_error: PerMethod<ExactSum>,
    /// Σ (predicted − actual), for the bias.
    pub error: PerMethod<ExactSum>,
    /// Unplayed games where the clamp to [0, 1] changed the prediction.
    pub clamped: PerMethod<u64>,
}

impl PartialSums {
    /// Nothing yet, for `scenario`.
    pub fn empty(scenario: usize) -> PartialSums {
        PartialSums {
            scenario,
            tournaments: 0,
            games: 0,
            squared_error: PerMethod::default(),
            error: PerMethod::default(),
            clamped: PerMethod::default(),
        }
    }

    /// Adds `other` (of the same scenario) into `self`. Exact, so associative and commutative.
    pub fn merge(&mut self, other: &PartialSums) -> Result<(), StudyError> {
        if self.scenario != other.scenario {
            return Err(StudyError::ScenarioMismatch {
                into: self.scenario,
                from: other.scenario,
            });
        }
        self.tournaments += other.tournaments;
        self.games += other.games;
        let mut sq = self.squared_error.to_array();
        let mut err = self.error.to_array();
        let mut cl = self.clamped.to_array();
        let (osq, oerr, ocl) = (
            other.squared_error.to_array(),
            other.error.to_array(),
            other.clamped.to_array(),
        );
        for m in 0..METHODS.len() {
            sq[m].add(osq[m]);
            err[m].add(oerr[m]);
            cl[m] += ocl[m];
        }
        self.squared_error = PerMethod::from_array(sq);
        self.error = PerMethod::from_array(err);
        self.clamped = PerMethod::from_array(cl);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{ExactSum, FIXED_SCALE};

    /// The fast conversion gives the bits of `(x · 2⁶⁴).round() as i128` on both sides of 2⁶²,
    /// at ties, for negatives, and for values too large for the shift.
    #[test]
    fn add_f64_equals_round_as_i128() {
        let mut values = vec![
            0.0,
            -0.0,
            0.25,
            -0.5,
            1.0,
            7.3,
            -7.3,
            0.249_999_999_999_999_97,
            0.25 + 1e-17,
            131_071.9,
            -131_071.9,
            1e30,
            -1e30,
            1e300,
            f64::INFINITY,
            f64::NAN,
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..200_000u32 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let unit = (state >> 11) as f64 / (1u64 << 53) as f64;
            values.push((unit - 0.5) * [1e-12, 1e-6, 1.0, 4.0, 1e3, 2e5][i as usize % 6]);
        }
        // Ties at half a unit: k + ½ units.
        values.extend((0..50).map(|k| (f64::from(k) + 0.5) / FIXED_SCALE));
        for x in values {
            let mut sum = ExactSum::default();
            sum.add_f64(x);
            assert_eq!(sum.0, (x * FIXED_SCALE).round() as i128, "x = {x:e}");
        }
    }
}
