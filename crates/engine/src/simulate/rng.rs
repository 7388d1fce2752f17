//! The random streams: one xoshiro256++ stream per (scenario, tournament), seeded from the seed
//! and the scenario's settings, and the uniform draws taken from it, the same bits on every
//! target. The normals are in [`super::normal`].

use super::config::Scenario;
use chacha20::rand_core::{Rng, SeedableRng};
use chacha20::ChaCha8Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// SplitMix64 (Steele, Lea & Flood 2014): one step of the generator, used to spread the seed.
pub(crate) fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A ChaCha8 key from a seed: four SplitMix64 outputs from `seed` ⊕ `tag`, the tag keeping the
/// streams of different uses (the forecast, the generator) apart for the same seed.
pub(crate) fn chacha_key(seed: u64, tag: u64) -> [u8; 32] {
    let mut state = seed ^ tag;
    let mut key = [0u8; 32];
    for part in key.chunks_exact_mut(8) {
        part.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
    }
    key
}

/// The key of a scenario's streams: SplitMix64 over the seed and the bits of (σ, β, n).
pub(super) fn scenario_key(seed: u64, s: &Scenario) -> u64 {
    // `+ 0.0` turns −0.0 into 0.0, so the two spellings of zero share a stream.
    let words = [
        (s.rating_sd + 0.0).to_bits(),
        (s.form + 0.0).to_bits(),
        u64::from(s.withdrawal_after),
    ];
    let mut state = seed;
    for w in words {
        let mut mixed = state ^ w;
        state = splitmix64(&mut mixed);
    }
    state
}

/// # Formula
/// The stream of tournament `t` of the scenario keyed `key`: xoshiro256++ (Blackman & Vigna
/// 2021) whose 256-bit state is four SplitMix64 outputs from `key` ⊕ SplitMix64(t). SplitMix64's
/// mix is a bijection, so distinct tournaments start from distinct points of SplitMix64's
/// sequence (a tournament takes 5 of its 2⁶⁴ steps: overlap is out of reach). A tournament's
/// numbers therefore depend neither on how the work is split nor on the other scenarios.
#[inline]
pub(super) fn tournament_stream(key: u64, t: u64) -> Xoshiro256PlusPlus {
    let mut index = t;
    let mut state = key ^ splitmix64(&mut index);
    let mut seed = [0u8; 32];
    for part in seed.chunks_exact_mut(8) {
        part.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
    }
    Xoshiro256PlusPlus::from_seed(seed)
}

/// 2⁻⁵³.
const UNIT: f64 = 1.0 / 9_007_199_254_740_992.0;
/// 2⁻³².
const UNIT32: f64 = 1.0 / 4_294_967_296.0;

/// Uniform on [0, 1) from the top 53 bits.
/// (The live forecast draws one word at a time from its own ChaCha8 generator.)
#[inline]
pub(crate) fn uniform(rng: &mut ChaCha8Rng) -> f64 {
    uniform_from(rng.next_u64())
}

/// Uniform on [0, 1) from the top 53 bits of one word.
#[inline]
pub(super) fn uniform_from(word: u64) -> f64 {
    (word >> 11) as f64 * UNIT
}

/// Uniform on (0, 1] from the top 53 bits of one word (never 0, for a logarithm).
#[inline]
pub(super) fn open_uniform_from(word: u64) -> f64 {
    ((word >> 11) + 1) as f64 * UNIT
}

/// Two uniforms on [0, 1) from one word, 32 bits each (low half first): the games' draws.
/// A game compares its uniform with probabilities, so 2⁻³² steps shift a probability by at
/// most 2.3·10⁻¹⁰, far below anything the study can see. Each half becomes an f64 by placing
/// it in the significand of 2⁵² and subtracting 2⁵² (exact, and two lanes at a time in SIMD,
/// where the conversion of the high half would otherwise go through a scalar register).
#[inline]
pub(super) fn uniform_pair_from(word: u64) -> (f64, f64) {
    const TWO_52: f64 = 4_503_599_627_370_496.0;
    let exact = |half: u64| f64::from_bits(TWO_52.to_bits() | half) - TWO_52;
    (
        exact(word & 0xffff_ffff) * UNIT32,
        exact(word >> 32) * UNIT32,
    )
}

#[cfg(test)]
mod tests {
    use super::{uniform_pair_from, UNIT32};

    /// The bit trick gives the plain conversion, at both ends of each half and in between.
    #[test]
    fn uniform_pair_is_the_plain_conversion() {
        let halves = [
            0u64,
            1,
            2,
            0x7fff_ffff,
            0x8000_0000,
            0xffff_fffe,
            0xffff_ffff,
            12_345_678,
        ];
        for &lo in &halves {
            for &hi in &halves {
                let (a, b) = uniform_pair_from(hi << 32 | lo);
                assert_eq!(a.to_bits(), (lo as u32 as f64 * UNIT32).to_bits());
                assert_eq!(b.to_bits(), (hi as u32 as f64 * UNIT32).to_bits());
            }
        }
    }
}
