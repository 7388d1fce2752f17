//! The random streams: one ChaCha8 stream per (scenario, tournament), keyed from the seed, and
//! the uniform and normal draws taken from it, the same bits on every target. The study reads
//! the streams in bulk ([`super::chacha`]); the `ChaCha8Rng` forms here are the reference the
//! tests draw from, and both turn the same 64-bit words into the same numbers.

use super::chacha::STREAMS;
use super::config::Scenario;
use chacha20::rand_core::Rng;
use chacha20::ChaCha8Rng;

/// SplitMix64 (Steele, Lea & Flood 2014): one step of the generator, used to spread the seed.
pub(crate) fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The ChaCha8 key of a scenario: SplitMix64 over the seed and the bits of (σ, β, n).
pub(super) fn scenario_key(seed: u64, s: &Scenario) -> [u8; 32] {
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
    let mut key = [0u8; 32];
    for part in key.chunks_exact_mut(8) {
        part.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
    }
    key
}

/// 2⁻⁵³.
const UNIT: f64 = 1.0 / 9_007_199_254_740_992.0;

/// Uniform on [0, 1) from the top 53 bits.
/// (The study reads whole batches of stream words through [`uniform_from`]; the live
/// forecast draws one word at a time from its own generator.)
#[inline]
pub(crate) fn uniform(rng: &mut ChaCha8Rng) -> f64 {
    uniform_from(rng.next_u64())
}

/// Uniform on [0, 1) from the top 53 bits of one word of the stream.
#[inline]
pub(super) fn uniform_from(word: u64) -> f64 {
    (word >> 11) as f64 * UNIT
}

/// One stream of a batch made by [`fill_interleaved`](super::chacha::fill_interleaved).
#[derive(Clone, Copy)]
pub(super) struct Stream<'a> {
    pub(super) words: &'a [u32],
    pub(super) lane: usize,
}

impl Stream<'_> {
    /// The stream's `i`-th 64-bit word (low 32-bit word first, as `next_u64`).
    #[inline]
    pub(super) fn word64(self, i: usize) -> u64 {
        let at = |w: usize| u64::from(self.words[w * STREAMS + self.lane]);
        at(2 * i) | (at(2 * i + 1) << 32)
    }
}

/// # Formula
/// Box–Muller (Box & Muller 1958): for U₁ ∈ (0, 1], U₂ ∈ [0, 1), r = √(−2 ln U₁),
/// θ = 2πU₂, (r cos θ, r sin θ) are two independent standard normals. `libm` makes the
/// logarithm and the sine/cosine the same bits on every target.
#[cfg(test)]
pub(super) fn standard_normals(rng: &mut ChaCha8Rng) -> (f64, f64) {
    let (a, b) = (rng.next_u64(), rng.next_u64());
    standard_normals_from(a, b)
}

/// [`standard_normals`] from two consecutive words of the stream.
#[inline]
pub(super) fn standard_normals_from(a: u64, b: u64) -> (f64, f64) {
    let u1 = ((a >> 11) + 1) as f64 * UNIT;
    let u2 = uniform_from(b);
    let r = libm::sqrt(-2.0 * libm::log(u1));
    let (sin, cos) = libm::sincos(2.0 * std::f64::consts::PI * u2);
    (r * cos, r * sin)
}
