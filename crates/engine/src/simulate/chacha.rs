//! The ChaCha8 keystream of many streams at once, the same words as `chacha20::ChaCha8Rng`.
//!
//! The study reads one ChaCha8 stream per (scenario, tournament) from its start (see
//! [`super::rng`]). `ChaCha8Rng` makes 4 blocks per call, in a row-wise layout that shuffles
//! words every round, and a tournament of the default design needs 12.5 blocks, so 3.5 of
//! every 16 blocks were thrown away. Here the same block of *many* streams is computed side
//! by side, one stream per SIMD lane (the "column" layout: lane l holds word j of stream l's
//! block, no shuffles, rows stored as computed), and only the blocks that are read are made. Plain `[u32; L]` arithmetic that
//! LLVM vectorises: SSE2 natively (AVX2 or AVX-512 when the processor has them, chosen at run
//! time), `simd128` in wasm when the build enables it. Integer arithmetic only, so every path
//! gives the same words; a test compares them with `ChaCha8Rng` word for word.
//!
//! # Formula
//! ChaCha (Bernstein 2008) with 8 rounds, the original 64-bit counter / 64-bit nonce layout
//! that `ChaCha8Rng` uses: state = 4 constants, the 8 key words, counter (2 words, low
//! first), stream id (2 words, low first); output = state after 4 double rounds + state.

/// Words of a block.
const BLOCK_WORDS: usize = 16;
/// "expand 32-byte k".
const CONSTANTS: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];

/// The key of a ChaCha8 stream family, as `ChaCha8Rng::from_seed` reads it (little-endian words).
#[derive(Clone, Copy, Debug)]
pub(super) struct Key([u32; 8]);

impl Key {
    pub(super) fn from_seed(seed: &[u8; 32]) -> Key {
        let mut words = [0u32; 8];
        for (w, bytes) in words.iter_mut().zip(seed.chunks_exact(4)) {
            *w = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        }
        Key(words)
    }
}

/// Streams made side by side: a batch of tournaments.
pub(super) const STREAMS: usize = 16;

/// Writes the first `blocks` blocks of the [`STREAMS`] streams `first_stream..` into `out`,
/// interleaved: word `w` of stream `first_stream + s` (the `w`-th `next_u32` of `ChaCha8Rng`
/// after `set_stream`) is `out[w * STREAMS + s]`, so that each SIMD row is stored as it is
/// computed. `out` must hold `blocks * 16 * STREAMS` words.
pub(super) fn fill_interleaved(key: &Key, first_stream: u64, blocks: usize, out: &mut [u32]) {
    assert_eq!(
        out.len(),
        blocks * BLOCK_WORDS * STREAMS,
        "one row per word"
    );
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f") {
            // SAFETY: the processor has AVX-512F (checked just above).
            unsafe { fill_avx512(key, first_stream, blocks, out) };
            return;
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2 (checked just above).
            unsafe { fill_avx2(key, first_stream, blocks, out) };
            return;
        }
    }
    #[cfg(target_arch = "wasm32")]
    fill_simd128(key, first_stream, blocks, out);
    #[cfg(not(target_arch = "wasm32"))]
    fill_lanes::<4>(key, first_stream, blocks, out);
}

/// WebAssembly SIMD (every current browser has it: Chrome 91, Firefox 89, Safari 16.4). A
/// browser without it rejects the module at load instead of computing other numbers.
#[cfg(target_arch = "wasm32")]
#[target_feature(enable = "simd128")]
fn fill_simd128(key: &Key, first_stream: u64, blocks: usize, out: &mut [u32]) {
    fill_lanes::<4>(key, first_stream, blocks, out);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn fill_avx512(key: &Key, first_stream: u64, blocks: usize, out: &mut [u32]) {
    fill_lanes::<16>(key, first_stream, blocks, out);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn fill_avx2(key: &Key, first_stream: u64, blocks: usize, out: &mut [u32]) {
    fill_lanes::<8>(key, first_stream, blocks, out);
}

/// The work of [`fill_interleaved`], `L` streams at a time, written once and compiled for each
/// instruction set (`L` = the vector width in 32-bit words, so the state stays in registers).
#[inline(always)]
fn fill_lanes<const L: usize>(key: &Key, first_stream: u64, blocks: usize, out: &mut [u32]) {
    for block in 0..blocks {
        for group in 0..STREAMS / L {
            let counter = [block as u64; L];
            let stream: [u64; L] =
                std::array::from_fn(|l| first_stream.wrapping_add((group * L + l) as u64));
            let words = lanes(key, &counter, &stream);
            for (j, row) in words.iter().enumerate() {
                let at = (block * BLOCK_WORDS + j) * STREAMS + group * L;
                out[at..at + L].copy_from_slice(row);
            }
        }
    }
}

/// Word j of `L` blocks side by side.
type Lanes<const L: usize> = [u32; L];

#[inline(always)]
fn add<const L: usize>(a: &mut Lanes<L>, b: &Lanes<L>) {
    for l in 0..L {
        a[l] = a[l].wrapping_add(b[l]);
    }
}

#[inline(always)]
fn xor_rotate<const L: usize>(a: &mut Lanes<L>, b: &Lanes<L>, bits: u32) {
    for l in 0..L {
        a[l] = (a[l] ^ b[l]).rotate_left(bits);
    }
}

#[inline(always)]
fn quarter_round<const L: usize>(
    x: &mut [Lanes<L>; BLOCK_WORDS],
    a: usize,
    b: usize,
    c: usize,
    d: usize,
) {
    let t = x[b];
    add(&mut x[a], &t);
    let t = x[a];
    xor_rotate(&mut x[d], &t, 16);
    let t = x[d];
    add(&mut x[c], &t);
    let t = x[c];
    xor_rotate(&mut x[b], &t, 12);
    let t = x[b];
    add(&mut x[a], &t);
    let t = x[a];
    xor_rotate(&mut x[d], &t, 8);
    let t = x[d];
    add(&mut x[c], &t);
    let t = x[c];
    xor_rotate(&mut x[b], &t, 7);
}

/// One ChaCha8 block per lane: word j of lane l's block is `result[j][l]`.
#[inline(always)]
fn lanes<const L: usize>(
    key: &Key,
    counter: &[u64; L],
    stream: &[u64; L],
) -> [Lanes<L>; BLOCK_WORDS] {
    let mut init = [[0u32; L]; BLOCK_WORDS];
    for (j, c) in CONSTANTS.iter().enumerate() {
        init[j] = [*c; L];
    }
    for (j, k) in key.0.iter().enumerate() {
        init[4 + j] = [*k; L];
    }
    for l in 0..L {
        init[12][l] = counter[l] as u32;
        init[13][l] = (counter[l] >> 32) as u32;
        init[14][l] = stream[l] as u32;
        init[15][l] = (stream[l] >> 32) as u32;
    }
    let mut x = init;
    for _ in 0..4 {
        quarter_round(&mut x, 0, 4, 8, 12);
        quarter_round(&mut x, 1, 5, 9, 13);
        quarter_round(&mut x, 2, 6, 10, 14);
        quarter_round(&mut x, 3, 7, 11, 15);
        quarter_round(&mut x, 0, 5, 10, 15);
        quarter_round(&mut x, 1, 6, 11, 12);
        quarter_round(&mut x, 2, 7, 8, 13);
        quarter_round(&mut x, 3, 4, 9, 14);
    }
    for j in 0..BLOCK_WORDS {
        add(&mut x[j], &init[j]);
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use chacha20::rand_core::{Rng, SeedableRng};
    use chacha20::ChaCha8Rng;

    /// Every word of 16 streams, at several lengths (a high stream id that carries into the
    /// second word too), against `ChaCha8Rng` on every path this processor has.
    #[test]
    fn words_equal_chacha8rng() {
        let seed: [u8; 32] = std::array::from_fn(|i| (i as u8).wrapping_mul(37).wrapping_add(5));
        let key = Key::from_seed(&seed);
        let mut rng = ChaCha8Rng::from_seed(seed);
        for (first, blocks) in [
            (0u64, 1usize),
            (0, 13),
            (7, 2),
            (u64::from(u32::MAX) - 2, 40),
        ] {
            let mut out = vec![0u32; blocks * 16 * STREAMS];
            let mut paths: Vec<Vec<u32>> = Vec::new();
            fill_interleaved(&key, first, blocks, &mut out);
            paths.push(out.clone());
            fill_lanes::<4>(&key, first, blocks, &mut out);
            paths.push(out.clone());
            fill_lanes::<16>(&key, first, blocks, &mut out);
            paths.push(out.clone());
            for words in paths {
                for s in 0..STREAMS {
                    rng.set_stream(first + s as u64);
                    for w in 0..blocks * 16 {
                        let stream = first + s as u64;
                        assert_eq!(words[w * STREAMS + s], rng.next_u32(), "{stream} word {w}");
                    }
                }
            }
        }
    }
}
