//! eˣ in plain IEEE arithmetic, for the strength factors of the study's players: the same bits
//! on every target (no platform function, no fused multiply-add: Rust never contracts), and
//! written so that a loop over many players compiles to SIMD (no branch, no table).
//!
//! # Formula
//! x = k·ln 2 + r with k = round(x / ln 2) and |r| ≤ ½ ln 2 (Cody & Waite: ln 2 in two parts,
//! the first with trailing zeros so that k·LN2_HI is exact); eˣ = 2ᵏ · eʳ with eʳ its Taylor
//! polynomial to degree 13 (truncation below r¹⁴/14! < 2·10⁻¹⁸, so within a few units in the last
//! place of `libm::exp`, tested). k is rounded by adding and subtracting 1.5·2⁵², whose bits then
//! hold k, and 2ᵏ is built from them. For |x| ≤ 700 only (the study's |x| stays below 60).

/// 1.5·2⁵²: adding it rounds to an integer (ties to even) and leaves the integer in the low bits.
const SHIFT: f64 = 6_755_399_441_055_744.0;
const LOG2_E: f64 = std::f64::consts::LOG2_E;
/// ln 2 = LN2_HI + LN2_LO, the split of `e_exp.c` (0x3fe62e42_fee00000, 0x3dea39ef_35793c76).
const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76);

/// 1/j! for j = 0 … 13.
const INV_FACTORIAL: [f64; 14] = {
    let mut c = [1.0; 14];
    let mut j = 1;
    while j < 14 {
        c[j] = c[j - 1] / j as f64;
        j += 1;
    }
    c
};

/// eˣ for |x| ≤ 700.
#[inline(always)]
pub(super) fn exp(x: f64) -> f64 {
    let shifted = x * LOG2_E + SHIFT;
    let k = shifted - SHIFT;
    let r = (x - k * LN2_HI) - k * LN2_LO;
    let mut p = INV_FACTORIAL[13];
    for j in (0..13).rev() {
        p = p * r + INV_FACTORIAL[j];
    }
    // The low bits of `shifted` are k (two's complement, as k + 2⁵¹ + 2⁵² wraps).
    let scale = f64::from_bits((shifted.to_bits().wrapping_add(1023)) << 52);
    p * scale
}

#[cfg(test)]
mod tests {
    use super::exp;

    /// Within 4 units in the last place of `libm::exp` over the range the study uses and beyond,
    /// on both sides of every rounding boundary of k.
    #[test]
    fn agrees_with_libm_exp() {
        let mut xs: Vec<f64> = (-700_000..=700_000).map(|i| f64::from(i) * 1e-3).collect();
        xs.extend((-2000..=2000).map(|i| f64::from(i) * 0.5 * std::f64::consts::LN_2));
        xs.extend([0.0, -0.0, 1e-300, -1e-300, 0.5, -0.5]);
        for x in xs {
            let (a, b) = (exp(x), libm::exp(x));
            let ulps = (a - b).abs() / (b * f64::EPSILON);
            assert!(ulps <= 4.0, "exp({x}) = {a:e}, libm {b:e}: {ulps} ulp");
        }
    }
}
