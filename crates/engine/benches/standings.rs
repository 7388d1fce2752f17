//! Standings of a 300-player Swiss, recomputed as on a rules change in the app (issue 15 item
//! 4: under one frame, < 16 ms p50): `standings::compute` on the recorded results with the
//! Swiss preset list (`DE, BH-C1, BH, SB, WIN, BPG`), then with a shorter list.
//!
//! `cargo bench -p crosstable-engine --bench standings`
//!
//! The event is synthetic and deterministic (seed below): 300 rated players, 9 rounds, each
//! round paired at random within the field (no pairing rules: only the standings are timed),
//! results drawn from the ratings, a few half-point byes and forfeits so that every kind of
//! round the tie-breaks treat specially is present.

use criterion::{criterion_group, criterion_main, Criterion};
use engine::impute::Params;
use engine::model::{
    Bye, ByeKind, Color, Format, Game, GameResult, Outcome, Player, Round, Tournament,
};
use engine::standings::{compute, Basis};
use engine::tiebreak::{Config, System, Tiebreak};
use std::hint::black_box;

const SEED: u64 = 0x5eed_5a4d_0300_0009;

/// SplitMix64: small, seeded, the same on every platform.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn swiss(n: u32, rounds: u32) -> Tournament {
    let players = (0..n)
        .map(|i| Player {
            start_no: i + 1,
            name: format!("Player {:03}", i + 1),
            rating: Some((2700 - i * 1200 / n) as u16),
            ..Player::default()
        })
        .collect();
    let mut t = Tournament::new("Standings bench", Format::Swiss { rounds }, players);
    t.initial_colour = Some(Color::White);
    let mut rng = Rng(SEED);
    for r in 0..rounds {
        let mut order: Vec<u32> = (1..=n).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut round = Round::default();
        // Every 50th player of the shuffled order takes a requested half-point bye.
        let (byes, rest): (Vec<_>, Vec<_>) =
            order.iter().enumerate().partition(|(i, _)| i % 50 == 49);
        round.byes = byes
            .into_iter()
            .map(|(_, &p)| Bye {
                player: p,
                kind: ByeKind::Half,
            })
            .collect();
        let rest: Vec<u32> = rest.into_iter().map(|(_, &p)| p).collect();
        for pair in rest.chunks(2) {
            let [w, b] = pair else {
                round.byes.push(Bye {
                    player: pair[0],
                    kind: ByeKind::PairingAllocated,
                });
                continue;
            };
            let result = match rng.below(100) {
                0 => GameResult::Forfeit(Some(Color::White)),
                x if x < 40 => GameResult::Played(Outcome::WhiteWins),
                x if x < 75 => GameResult::Played(Outcome::Draw),
                _ => GameResult::Played(Outcome::BlackWins),
            };
            round.games.push(Game {
                white: *w,
                black: *b,
                result,
            });
        }
        let _ = r;
        t.rounds.push(round);
    }
    t
}

fn benches(c: &mut Criterion) {
    let t = swiss(300, 9);
    let preset = Config {
        tiebreaks: Tiebreak::preset(System::Swiss),
        ..Config::default()
    };
    let short = Config {
        tiebreaks: Tiebreak::preset(System::Swiss)
            .into_iter()
            .take(2)
            .collect(),
        ..Config::default()
    };
    let mut group = c.benchmark_group("standings");
    group.bench_function("swiss_300x9_preset", |b| {
        b.iter(|| compute(black_box(&t), Basis::Recorded, Params::default(), &preset))
    });
    group.bench_function("swiss_300x9_two_tiebreaks", |b| {
        b.iter(|| compute(black_box(&t), Basis::Recorded, Params::default(), &short))
    });
    group.finish();
}

criterion_group!(standings, benches);
criterion_main!(standings);
