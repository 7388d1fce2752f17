//! Fixed-width unsigned integers for the edge weights of the pairing graph.
//!
//! The Dutch criteria are packed into one edge weight, most important criterion in the highest
//! bits (see `criteria.rs`); for a large field that takes several hundred bits. Arithmetic wraps
//! (two's complement), which lets a low-order field be lowered below zero by borrowing from the
//! fields above it, exactly as the criteria's tie-breaking terms need; comparisons used by the
//! matching are signed, and every compared quantity (slacks, blossom duals) is a true
//! non-negative number far below the top bit.

use std::fmt;

/// Operations the matching needs from a weight.
pub trait Weight: Copy + Eq + fmt::Debug {
    fn zero() -> Self;
    fn from_u64(x: u64) -> Self;
    fn add(self, rhs: Self) -> Self;
    fn sub(self, rhs: Self) -> Self;
    /// Halves a non-negative even value.
    fn half(self) -> Self;
    fn is_zero(&self) -> bool;
    fn is_odd(&self) -> bool;
    /// Signed comparison `self < rhs`.
    fn lt(&self, rhs: &Self) -> bool;
    /// `self << bits` (bits shifted out at the top are lost).
    fn shl(self, bits: u32) -> Self;
    /// Number of bits the type holds.
    const BITS: u32;

    /// `self + x·2^bits` (wrapping): a small field added at its place in the weight, the same
    /// value as `self.add(Self::from_u64(x).shl(bits))`.
    #[inline]
    fn add_at(self, x: u64, bits: u32) -> Self {
        self.add(Self::from_u64(x).shl(bits))
    }

    /// `du + dv − 2·w` (wrapping): an edge's slack, the matching's innermost computation.
    #[inline]
    fn slack(du: Self, dv: Self, w: Self) -> Self {
        du.add(dv).sub(w.add(w))
    }

    /// Signed `self > 0`.
    #[inline]
    fn is_positive(&self) -> bool {
        Self::zero().lt(self)
    }
}

/// An unsigned integer of `L` 64-bit limbs, least significant first.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Wide<const L: usize>(pub [u64; L]);

impl<const L: usize> fmt::Debug for Wide<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x")?;
        for limb in self.0.iter().rev() {
            write!(f, "{limb:016x}")?;
        }
        Ok(())
    }
}

impl<const L: usize> Weight for Wide<L> {
    const BITS: u32 = 64 * L as u32;

    #[inline]
    fn zero() -> Self {
        Wide([0; L])
    }

    #[inline]
    fn from_u64(x: u64) -> Self {
        let mut w = [0; L];
        w[0] = x;
        Wide(w)
    }

    #[inline]
    fn add(self, rhs: Self) -> Self {
        let mut out = [0; L];
        let mut carry = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(rhs.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *o = s2;
            carry = c1 || c2;
        }
        Wide(out)
    }

    #[inline]
    fn sub(self, rhs: Self) -> Self {
        let mut out = [0; L];
        let mut borrow = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (d1, b1) = self.0[i].overflowing_sub(rhs.0[i]);
            let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
            *o = d2;
            borrow = b1 || b2;
        }
        Wide(out)
    }

    #[inline]
    fn half(self) -> Self {
        let mut out = [0; L];
        for (i, o) in out.iter_mut().enumerate() {
            let high = self.0.get(i + 1).map_or(0, |h| h << 63);
            *o = (self.0[i] >> 1) | high;
        }
        Wide(out)
    }

    /// One pass over the limbs with a signed carry instead of three wrapping operations and
    /// their temporaries: the same value modulo 2^BITS.
    #[inline]
    fn slack(du: Self, dv: Self, w: Self) -> Self {
        let mut out = [0; L];
        let mut carry: i128 = 0;
        for (i, o) in out.iter_mut().enumerate() {
            let acc = i128::from(du.0[i]) + i128::from(dv.0[i]) - 2 * i128::from(w.0[i]) + carry;
            *o = acc as u64;
            carry = acc >> 64;
        }
        Wide(out)
    }

    /// Touches the one or two limbs `x·2^bits` spans and the carry's run above them, instead
    /// of building and adding a whole shifted value.
    #[inline]
    fn add_at(mut self, x: u64, bits: u32) -> Self {
        let i = (bits / 64) as usize;
        if i >= L {
            return self;
        }
        let r = bits % 64;
        let (lo, hi) = if r == 0 {
            (x, 0)
        } else {
            (x << r, x >> (64 - r))
        };
        let (sum, c) = self.0[i].overflowing_add(lo);
        self.0[i] = sum;
        // hi < 2^63 when r > 0, so adding the carry cannot overflow.
        let mut carry = hi + u64::from(c);
        for limb in self.0.iter_mut().skip(i + 1) {
            if carry == 0 {
                break;
            }
            let (sum, c) = limb.overflowing_add(carry);
            *limb = sum;
            carry = u64::from(c);
        }
        self
    }

    #[inline]
    fn is_positive(&self) -> bool {
        self.0[L - 1] >> 63 == 0 && !self.is_zero()
    }

    #[inline]
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&x| x == 0)
    }

    #[inline]
    fn is_odd(&self) -> bool {
        self.0[0] & 1 == 1
    }

    #[inline]
    fn lt(&self, rhs: &Self) -> bool {
        let sa = self.0[L - 1] >> 63;
        let sb = rhs.0[L - 1] >> 63;
        if sa != sb {
            return sa > sb;
        }
        for i in (0..L).rev() {
            if self.0[i] != rhs.0[i] {
                return self.0[i] < rhs.0[i];
            }
        }
        false
    }

    #[inline]
    fn shl(self, bits: u32) -> Self {
        let limbs = (bits / 64) as usize;
        let rest = bits % 64;
        let mut out = [0; L];
        for i in (0..L).rev() {
            if i < limbs {
                break;
            }
            let src = i - limbs;
            let mut v = self.0[src] << rest;
            if rest > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - rest);
            }
            out[i] = v;
        }
        Wide(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type W = Wide<2>;

    #[test]
    fn carries_and_borrows_cross_limbs() {
        let a = W::from_u64(u64::MAX);
        let b = a.add(W::from_u64(1));
        assert_eq!(b.0, [0, 1]);
        assert_eq!(b.sub(W::from_u64(1)), a);
        assert_eq!(W::from_u64(3).shl(64).0, [0, 3]);
        assert_eq!(W::from_u64(3).shl(63).0, [1 << 63, 1]);
        assert_eq!(W::from_u64(6).shl(64).half().0, [0, 3]);
    }

    #[test]
    fn comparison_is_signed() {
        let minus_one = W::zero().sub(W::from_u64(1));
        assert!(minus_one.lt(&W::zero()));
        assert!(W::from_u64(1).lt(&W::from_u64(1).shl(70)));
        assert!(!W::from_u64(5).lt(&W::from_u64(5)));
    }

    /// Xorshift64 limbs, biased towards the carry-prone values 0, small and all ones.
    struct Limbs(u64);

    impl Limbs {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn pick(&mut self) -> u64 {
            match self.next() % 4 {
                0 => 0,
                1 => u64::MAX,
                2 => self.next() % 8,
                _ => self.next(),
            }
        }

        fn wide(&mut self) -> Wide<3> {
            Wide([self.pick(), self.pick(), self.pick()])
        }
    }

    #[test]
    fn add_at_matches_shift_and_add() {
        let mut r = Limbs(0x2545_f491_4f6c_dd1d);
        for _ in 0..10_000 {
            let (w, v) = (r.wide(), r.pick());
            let bits = (r.next() % 200) as u32;
            let plain = w.add(Wide::from_u64(v).shl(bits));
            assert_eq!(w.add_at(v, bits), plain, "{bits}");
        }
    }

    #[test]
    fn fused_slack_and_sign_match_the_plain_operations() {
        let mut r = Limbs(0x9e37_79b9_7f4a_7c15);
        for _ in 0..10_000 {
            let (a, b, w) = (r.wide(), r.wide(), r.wide());
            let plain = a.add(b).sub(w.add(w));
            assert_eq!(Wide::slack(a, b, w), plain);
            assert_eq!(plain.is_positive(), Wide::<3>::zero().lt(&plain));
        }
    }
}
