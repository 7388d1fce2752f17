//! 10^y with the bits of `libm::pow(10.0, y)`, at about half the cost.
//!
//! The study takes one power of ten per simulated player (1.8 million in the default design).
//! `libm::pow` (FreeBSD's `e_pow.c`) first computes log₂ x in two pieces t1 + t2, then
//! 2^(y·(t1 + t2)). With x fixed at 10 the first half is a constant: [`LOG2_10`] is that half of
//! the same code, run once by the compiler, and [`pow10`] is the second half, copied
//! operation for operation. IEEE arithmetic in the same order gives the same bits (tested
//! against `libm::pow` on a million exponents and on every special case).
//!
//! Origin: FreeBSD /usr/src/lib/msun/src/e_pow.c through the `libm` crate (MIT/Apache-2.0).
//! Copyright (C) 2004 by Sun Microsystems, Inc. All rights reserved. Permission to use, copy,
//! modify, and distribute this software is freely granted, provided that this notice is
//! preserved.

// The constants exactly as `e_pow.c` writes them (they round to the intended bits).
#![allow(clippy::excessive_precision)]

const BP: [f64; 2] = [1.0, 1.5];
const DP_H: [f64; 2] = [0.0, 5.849_624_872_207_641_601_56e-1];
const DP_L: [f64; 2] = [0.0, 1.350_039_202_129_748_971_28e-8];
const L1: f64 = 5.999_999_999_999_946_487_25e-1;
const L2: f64 = 4.285_714_285_785_501_842_52e-1;
const L3: f64 = 3.333_333_298_183_774_329_18e-1;
const L4: f64 = 2.727_281_238_085_340_064_89e-1;
const L5: f64 = 2.306_607_457_755_617_540_67e-1;
const L6: f64 = 2.069_750_178_003_384_177_84e-1;
const P1: f64 = 1.666_666_666_666_660_190_37e-1;
const P2: f64 = -2.777_777_777_701_559_338_42e-3;
const P3: f64 = 6.613_756_321_437_934_361_17e-5;
const P4: f64 = -1.653_390_220_546_525_153_9e-6;
const P5: f64 = 4.138_136_797_057_238_460_39e-8;
/// ln 2 (0x3fe62e42_fefa39ef, the bits of `LN_2`).
const LG2: f64 = std::f64::consts::LN_2;
const LG2_H: f64 = 6.931_471_824_645_996_093_75e-1;
const LG2_L: f64 = -1.904_654_299_957_768_045_25e-9;
const CP: f64 = 9.617_966_939_259_755_543_29e-1;
const CP_H: f64 = 9.617_967_009_544_372_558_59e-1;
const CP_L: f64 = -7.028_461_650_952_758_265_16e-9;

const fn with_set_low_word(f: f64, lo: u32) -> f64 {
    f64::from_bits((f.to_bits() & 0xffff_ffff_0000_0000) | lo as u64)
}

const fn with_set_high_word(f: f64, hi: u32) -> f64 {
    f64::from_bits((f.to_bits() & 0x0000_0000_ffff_ffff) | ((hi as u64) << 32))
}

const fn high_word(f: f64) -> u32 {
    (f.to_bits() >> 32) as u32
}

/// log₂ x as t1 + t2 (t1 with its low word cleared), for a positive normal x that is not a
/// power of two — `e_pow.c`'s "|y| is not huge" branch, unchanged.
const fn log2_parts(x: f64) -> (f64, f64) {
    let mut ix = (x.to_bits() >> 32) as i32 & 0x7fff_ffff;
    let mut n: i32 = (ix >> 20) - 0x3ff;
    let j = ix & 0x000f_ffff;
    let k: usize;
    ix = j | 0x3ff0_0000;
    if j <= 0x3988E {
        k = 0;
    } else if j < 0xBB67A {
        k = 1;
    } else {
        k = 0;
        n += 1;
        ix -= 0x0010_0000;
    }
    let ax = with_set_high_word(x, ix as u32);
    let u = ax - BP[k];
    let v = 1.0 / (ax + BP[k]);
    let ss = u * v;
    let s_h = with_set_low_word(ss, 0);
    let t_h = with_set_high_word(
        0.0,
        ((ix as u32 >> 1) | 0x2000_0000) + 0x0008_0000 + ((k as u32) << 18),
    );
    let t_l = ax - (t_h - BP[k]);
    let s_l = v * ((u - s_h * t_h) - s_h * t_l);
    let s2 = ss * ss;
    let mut r = s2 * s2 * (L1 + s2 * (L2 + s2 * (L3 + s2 * (L4 + s2 * (L5 + s2 * L6)))));
    r += s_l * (s_h + ss);
    let s2 = s_h * s_h;
    let t_h = with_set_low_word(3.0 + s2 + r, 0);
    let t_l = r - ((t_h - 3.0) - s2);
    let u = s_h * t_h;
    let v = s_l * t_h + t_l * ss;
    let p_h = with_set_low_word(u + v, 0);
    let p_l = v - (p_h - u);
    let z_h = CP_H * p_h;
    let z_l = CP_L * p_h + p_l * CP + DP_L[k];
    let t = n as f64;
    let t1 = with_set_low_word(((z_h + z_l) + DP_H[k]) + t, 0);
    let t2 = z_l - (((t1 - t) - DP_H[k]) - z_h);
    (t1, t2)
}

/// log₂ 10 as `e_pow.c` splits it.
const LOG2_10: (f64, f64) = log2_parts(10.0);

/// 10^y, bit for bit `libm::pow(10.0, y)`. Exponents that `e_pow.c` treats specially (0, ±1,
/// 2, ½, any y whose low word is zero, |y| > 2³¹, infinities, NaN) go to `libm::pow` itself.
#[inline]
pub(super) fn pow10(y: f64) -> f64 {
    let bits = y.to_bits();
    let iy = (bits >> 32) as u32 & 0x7fff_ffff;
    if bits as u32 == 0 || iy > 0x41e0_0000 {
        return libm::pow(10.0, y);
    }
    let (t1, t2) = LOG2_10;
    // Split y into y1 + y2 and compute (y1 + y2)·(t1 + t2).
    let y1 = with_set_low_word(y, 0);
    let p_l = (y - y1) * t1 + y * t2;
    let mut p_h = y1 * t1;
    let z = p_l + p_h;
    let j = high_word(z) as i32;
    // |z| < 2³¹·log₂10 < 1024·2²³: z ≥ 1024 or z ≤ −1075 (over/underflow) needs |y| > 300.
    if (j & 0x7fff_ffff) >= 0x4090_0000 {
        return libm::pow(10.0, y);
    }
    // 2^(p_h + p_l).
    let i = j & 0x7fff_ffff;
    let mut k = (i >> 20) - 0x3ff;
    let mut n: i32 = 0;
    if i > 0x3fe0_0000 {
        n = j + (0x0010_0000 >> (k + 1));
        k = ((n & 0x7fff_ffff) >> 20) - 0x3ff;
        let t = with_set_high_word(0.0, (n & !(0x000f_ffff >> k)) as u32);
        n = ((n & 0x000f_ffff) | 0x0010_0000) >> (20 - k);
        if j < 0 {
            n = -n;
        }
        p_h -= t;
    }
    let t = with_set_low_word(p_l + p_h, 0);
    let u = t * LG2_H;
    let v = (p_l - (t - p_h)) * LG2 + t * LG2_L;
    let mut z = u + v;
    let w = v - (z - u);
    let t = z * z;
    let t1 = z - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
    let r = (z * t1) / (t1 - 2.0) - (w + z * w);
    z = 1.0 - (r - z);
    let j = high_word(z) as i32 + (n << 20);
    if (j >> 20) <= 0 {
        // Subnormal result: leave it to libm (only for y < −307).
        return libm::pow(10.0, y);
    }
    with_set_high_word(z, j as u32)
}

#[cfg(test)]
mod tests {
    use super::pow10;

    fn same(y: f64) {
        let (a, b) = (pow10(y), libm::pow(10.0, y));
        assert!(
            a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
            "10^{y:e}: {a:e} ≠ libm's {b:e}"
        );
    }

    #[test]
    fn equals_libm_pow_bit_for_bit() {
        for y in [
            0.0,
            -0.0,
            1.0,
            -1.0,
            2.0,
            0.5,
            -0.5,
            0.25,
            1e-300,
            -1e-300,
            5e-324,
            0.1,
            -0.1,
            0.375,
            2.5,
            307.0,
            308.25,
            308.3,
            309.0,
            -307.5,
            -323.3,
            -324.0,
            -330.1,
            1e10,
            -1e10,
            3e9,
            1e20,
            -1e20,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            f64::MAX,
            f64::MIN,
        ] {
            same(y);
        }
        // A million exponents spread over the study's range (|y| ≤ 25) and beyond, plus
        // every (R − μ)/400 for integer rating differences.
        let mut state = 0x1234_5678_9abc_def0u64;
        for i in 0..1_000_000u32 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let unit = (state >> 11) as f64 / (1u64 << 53) as f64;
            let scale = [1e-12, 1e-3, 1.0, 30.0, 400.0][i as usize % 5];
            same((2.0 * unit - 1.0) * scale);
        }
        for d in -4000..=4000 {
            same(f64::from(d) / 400.0);
        }
    }
}
