//! Two f64 lanes for the study's inner loop, written out so that every target runs the same
//! operations in the same order: SSE2 on x86-64 (part of its baseline), simd128 in wasm (the
//! study's runner enables it, see `Study::simulate`), two plain f64 elsewhere. Each operation is
//! one IEEE operation per lane, so the bits are the same on every target; the comparisons are
//! defined as selects (`min(a, b)` = a < b ? a : b), which SSE2's `minpd`/`maxpd` and wasm's
//! `pmin`/`pmax` implement exactly, NaN and signed zeros included.
//!
//! Why not leave it to the compiler: it vectorised some loops and not others (a gather, ten
//! accumulators, a count turned into a branch), and it does not promise the same choice on
//! every target and compiler version; written out, the instruction count of the inner loop
//! is known.

use std::ops::{Add, Mul, Sub};

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod imp {
    use std::arch::x86_64::*;

    #[derive(Clone, Copy)]
    pub(in super::super) struct F2(__m128d);

    // SAFETY (every `unsafe` below): SSE2 is enabled for this build (the `cfg` above; it is
    // part of the x86-64 baseline), and `_mm_storeu_pd` writes two f64 into a local array.
    impl F2 {
        #[inline(always)]
        pub(in super::super) fn new(lo: f64, hi: f64) -> F2 {
            F2(unsafe { _mm_set_pd(hi, lo) })
        }
        #[inline(always)]
        pub(in super::super) fn splat(x: f64) -> F2 {
            F2(unsafe { _mm_set1_pd(x) })
        }
        #[inline(always)]
        pub(in super::super) fn to_array(self) -> [f64; 2] {
            let mut out = [0.0; 2];
            unsafe { _mm_storeu_pd(out.as_mut_ptr(), self.0) };
            out
        }
        #[inline(always)]
        pub(super) fn add(self, o: F2) -> F2 {
            F2(unsafe { _mm_add_pd(self.0, o.0) })
        }
        #[inline(always)]
        pub(super) fn sub(self, o: F2) -> F2 {
            F2(unsafe { _mm_sub_pd(self.0, o.0) })
        }
        #[inline(always)]
        pub(super) fn mul(self, o: F2) -> F2 {
            F2(unsafe { _mm_mul_pd(self.0, o.0) })
        }
        #[inline(always)]
        pub(in super::super) fn div(self, o: F2) -> F2 {
            F2(unsafe { _mm_div_pd(self.0, o.0) })
        }
        /// self < o ? self : o.
        #[inline(always)]
        pub(in super::super) fn min(self, o: F2) -> F2 {
            F2(unsafe { _mm_min_pd(self.0, o.0) })
        }
        /// self > o ? self : o.
        #[inline(always)]
        pub(in super::super) fn max(self, o: F2) -> F2 {
            F2(unsafe { _mm_max_pd(self.0, o.0) })
        }
        /// self < o ? v : 0.
        #[inline(always)]
        pub(in super::super) fn lt_then(self, o: F2, v: F2) -> F2 {
            F2(unsafe { _mm_and_pd(_mm_cmplt_pd(self.0, o.0), v.0) })
        }
        /// self != o ? v : 0.
        #[inline(always)]
        pub(in super::super) fn ne_then(self, o: F2, v: F2) -> F2 {
            F2(unsafe { _mm_and_pd(_mm_cmpneq_pd(self.0, o.0), v.0) })
        }
        /// The bits of both lanes and-ed with `mask`'s.
        #[inline(always)]
        pub(in super::super) fn and(self, mask: F2) -> F2 {
            F2(unsafe { _mm_and_pd(self.0, mask.0) })
        }
        /// All bits set in both lanes (`x.and(mask)` keeps x), or in the first only.
        #[inline(always)]
        pub(in super::super) fn lane_mask(second: bool) -> F2 {
            F2(unsafe { _mm_castsi128_pd(_mm_set_epi64x(-i64::from(second), -1)) })
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use std::arch::wasm32::*;

    #[derive(Clone, Copy)]
    pub(in super::super) struct F2(v128);

    impl F2 {
        #[inline(always)]
        pub(in super::super) fn new(lo: f64, hi: f64) -> F2 {
            F2(f64x2(lo, hi))
        }
        #[inline(always)]
        pub(in super::super) fn splat(x: f64) -> F2 {
            F2(f64x2_splat(x))
        }
        #[inline(always)]
        pub(in super::super) fn to_array(self) -> [f64; 2] {
            [
                f64x2_extract_lane::<0>(self.0),
                f64x2_extract_lane::<1>(self.0),
            ]
        }
        #[inline(always)]
        pub(super) fn add(self, o: F2) -> F2 {
            F2(f64x2_add(self.0, o.0))
        }
        #[inline(always)]
        pub(super) fn sub(self, o: F2) -> F2 {
            F2(f64x2_sub(self.0, o.0))
        }
        #[inline(always)]
        pub(super) fn mul(self, o: F2) -> F2 {
            F2(f64x2_mul(self.0, o.0))
        }
        #[inline(always)]
        pub(in super::super) fn div(self, o: F2) -> F2 {
            F2(f64x2_div(self.0, o.0))
        }
        /// self < o ? self : o (`pmin(o, self)` is `self < o ? self : o`).
        #[inline(always)]
        pub(in super::super) fn min(self, o: F2) -> F2 {
            F2(f64x2_pmin(o.0, self.0))
        }
        /// self > o ? self : o (`pmax(o, self)` is `o < self ? self : o`).
        #[inline(always)]
        pub(in super::super) fn max(self, o: F2) -> F2 {
            F2(f64x2_pmax(o.0, self.0))
        }
        /// self < o ? v : 0.
        #[inline(always)]
        pub(in super::super) fn lt_then(self, o: F2, v: F2) -> F2 {
            F2(v128_and(f64x2_lt(self.0, o.0), v.0))
        }
        /// self != o ? v : 0.
        #[inline(always)]
        pub(in super::super) fn ne_then(self, o: F2, v: F2) -> F2 {
            F2(v128_and(f64x2_ne(self.0, o.0), v.0))
        }
        /// The bits of both lanes and-ed with `mask`'s.
        #[inline(always)]
        pub(in super::super) fn and(self, mask: F2) -> F2 {
            F2(v128_and(self.0, mask.0))
        }
        /// All bits set in both lanes (`x.and(mask)` keeps x), or in the first only.
        #[inline(always)]
        pub(in super::super) fn lane_mask(second: bool) -> F2 {
            F2(u64x2(u64::MAX, if second { u64::MAX } else { 0 }))
        }
    }
}

#[cfg(not(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    target_arch = "wasm32"
)))]
mod imp {
    #[derive(Clone, Copy)]
    pub(in super::super) struct F2([f64; 2]);

    impl F2 {
        #[inline(always)]
        fn map2(self, o: F2, f: impl Fn(f64, f64) -> f64) -> F2 {
            F2([f(self.0[0], o.0[0]), f(self.0[1], o.0[1])])
        }
        #[inline(always)]
        pub(in super::super) fn new(lo: f64, hi: f64) -> F2 {
            F2([lo, hi])
        }
        #[inline(always)]
        pub(in super::super) fn splat(x: f64) -> F2 {
            F2([x, x])
        }
        #[inline(always)]
        pub(in super::super) fn to_array(self) -> [f64; 2] {
            self.0
        }
        #[inline(always)]
        pub(super) fn add(self, o: F2) -> F2 {
            self.map2(o, |a, b| a + b)
        }
        #[inline(always)]
        pub(super) fn sub(self, o: F2) -> F2 {
            self.map2(o, |a, b| a - b)
        }
        #[inline(always)]
        pub(super) fn mul(self, o: F2) -> F2 {
            self.map2(o, |a, b| a * b)
        }
        #[inline(always)]
        pub(in super::super) fn div(self, o: F2) -> F2 {
            self.map2(o, |a, b| a / b)
        }
        #[inline(always)]
        pub(in super::super) fn min(self, o: F2) -> F2 {
            self.map2(o, |a, b| if a < b { a } else { b })
        }
        #[inline(always)]
        pub(in super::super) fn max(self, o: F2) -> F2 {
            self.map2(o, |a, b| if a > b { a } else { b })
        }
        #[inline(always)]
        pub(in super::super) fn lt_then(self, o: F2, v: F2) -> F2 {
            let (a, b) = (self.0, o.0);
            F2([
                if a[0] < b[0] { v.0[0] } else { 0.0 },
                if a[1] < b[1] { v.0[1] } else { 0.0 },
            ])
        }
        #[inline(always)]
        pub(in super::super) fn ne_then(self, o: F2, v: F2) -> F2 {
            let (a, b) = (self.0, o.0);
            F2([
                if a[0] != b[0] { v.0[0] } else { 0.0 },
                if a[1] != b[1] { v.0[1] } else { 0.0 },
            ])
        }
        #[inline(always)]
        pub(in super::super) fn and(self, mask: F2) -> F2 {
            self.map2(mask, |a, m| f64::from_bits(a.to_bits() & m.to_bits()))
        }
        #[inline(always)]
        pub(in super::super) fn lane_mask(second: bool) -> F2 {
            let ones = f64::from_bits(u64::MAX);
            F2([ones, if second { ones } else { 0.0 }])
        }
    }
}

pub(super) use imp::F2;

impl F2 {
    /// The first two entries of `s` (at least two long).
    #[inline(always)]
    pub(super) fn load_pair(s: &[f64]) -> F2 {
        F2::new(s[0], s[1])
    }

    /// The two lanes added, low first.
    #[inline(always)]
    pub(super) fn total(self) -> f64 {
        let [lo, hi] = self.to_array();
        lo + hi
    }
}

impl Add for F2 {
    type Output = F2;
    #[inline(always)]
    fn add(self, o: F2) -> F2 {
        F2::add(self, o)
    }
}

impl Sub for F2 {
    type Output = F2;
    #[inline(always)]
    fn sub(self, o: F2) -> F2 {
        F2::sub(self, o)
    }
}

impl Mul for F2 {
    type Output = F2;
    #[inline(always)]
    fn mul(self, o: F2) -> F2 {
        F2::mul(self, o)
    }
}

#[cfg(test)]
mod tests {
    use super::F2;

    /// Every operation against the plain f64 expression it stands for, lane by lane, on values
    /// that include the awkward ones (signed zeros, equal lanes, infinities).
    #[test]
    fn lanes_compute_what_plain_f64_computes() {
        let xs = [
            0.0,
            -0.0,
            1.0,
            0.5,
            -0.25,
            3.0e-300,
            1.0e300,
            f64::INFINITY,
            0.1,
        ];
        let bits = |x: f64| x.to_bits();
        for &a in &xs {
            for &b in &xs {
                let (va, vb, v) = (F2::new(a, b), F2::new(b, a), F2::splat(0.5));
                let pairs = [
                    ((va + vb).to_array(), [a + b, b + a]),
                    ((va - vb).to_array(), [a - b, b - a]),
                    ((va * vb).to_array(), [a * b, b * a]),
                    (va.div(vb).to_array(), [a / b, b / a]),
                    (
                        va.min(vb).to_array(),
                        [if a < b { a } else { b }, if b < a { b } else { a }],
                    ),
                    (
                        va.max(vb).to_array(),
                        [if a > b { a } else { b }, if b > a { b } else { a }],
                    ),
                    (
                        va.lt_then(vb, v).to_array(),
                        [if a < b { 0.5 } else { 0.0 }, if b < a { 0.5 } else { 0.0 }],
                    ),
                    (
                        va.ne_then(vb, v).to_array(),
                        [
                            if a != b { 0.5 } else { 0.0 },
                            if b != a { 0.5 } else { 0.0 },
                        ],
                    ),
                ];
                for (k, (got, want)) in pairs.iter().enumerate() {
                    assert_eq!(got.map(bits), want.map(bits), "op {k}, a = {a}, b = {b}");
                }
            }
        }
        let s = [1.0, 2.0, 3.0];
        assert_eq!(F2::load_pair(&s[1..]).to_array(), [2.0, 3.0]);
        assert_eq!(F2::new(0.25, 0.5).total(), 0.75);
        // The masks keep every bit (NaN and −0 included) or clear the lane to +0.
        let odd = F2::new(f64::NAN, -0.0);
        let kept = odd.and(F2::lane_mask(true)).to_array().map(bits);
        assert_eq!(kept, [f64::NAN.to_bits(), (-0.0f64).to_bits()]);
        let first = F2::new(-2.5, f64::NAN).and(F2::lane_mask(false)).to_array();
        assert_eq!(first.map(bits), [(-2.5f64).to_bits(), 0]);
    }
}
