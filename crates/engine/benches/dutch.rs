//! Dutch pairing speed: the last round of a large Swiss event.
//!
//! * `dutch_{100,500,1000,2000,5000}x11_last_round`: N players, 11 rounds, simulated
//!   deterministically (seed below): each round is paired with this engine and its results drawn
//!   from the players' ratings (logistic expectation, draws with probability
//!   0.6·(1 − |2E − 1|)); the benchmark pairs round 11. The event before round 11 is also
//!   written to `target/dutch_N_r11.trf`, so that the CLI and the reference engine can be timed
//!   on it (`/usr/bin/time -v crosstable pair --dutch FILE -p OUT`). Each event is simulated
//!   only when its benchmark runs (`cargo bench -p crosstable-engine --bench dutch -- 1000x11`).
//! * `dutch_fixture_t146_r07`: the largest reference fixture (299 players).

use criterion::{criterion_group, criterion_main, Criterion};
use engine::dutch::{pair_next_round, DutchRules};
use engine::model::{
    Bye, ByeKind, Color, Format, Game, GameResult, Outcome, Player, Round, Tournament,
};
use std::time::Duration;

const SEED: u64 = 0x5eed_d07c_4000_0011;

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

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A simulated Swiss event of `n` players with `rounds` rounds, paired up to round `upto`.
#[path = "../tests/support/dutch_rounds.rs"]
mod dutch_rounds;

fn simulate(n: u32, rounds: u32, upto: u32, seed: u64) -> Tournament {
    let players = (0..n)
        .map(|i| Player {
            name: format!("Player {:04}", i + 1),
            rating: Some((2800 - i * 1600 / n) as u16),
            ..Player::default()
        })
        .collect();
    let mut t = Tournament::new("Simulated Swiss", Format::Swiss { rounds }, players);
    t.initial_colour = Some(Color::White);
    let mut rng = Rng(seed);
    for _ in 1..upto {
        let clock = std::time::Instant::now();
        let pairing = pair_next_round(&t, DutchRules::Fide2025).expect("simulated round pairs");
        eprintln!(
            "simulated round {} paired in {:?}",
            t.rounds.len() + 1,
            clock.elapsed()
        );
        let mut round = Round::default();
        for &(w, b) in &pairing.boards {
            let rating = |p| f64::from(t.player(p).and_then(|p| p.rating).unwrap_or(0));
            let (rw, rb) = (rating(w), rating(b));
            let e = 1.0 / (1.0 + 10f64.powf((rb - rw) / 400.0));
            let draw = 0.6 * (1.0 - (2.0 * e - 1.0).abs());
            let u = rng.unit();
            let outcome = if u < draw {
                Outcome::Draw
            } else if u < draw + (1.0 - draw) * e {
                Outcome::WhiteWins
            } else {
                Outcome::BlackWins
            };
            round.games.push(Game {
                white: w,
                black: b,
                result: GameResult::Played(outcome),
            });
        }
        if let Some(p) = pairing.bye {
            round.byes.push(Bye {
                player: p,
                kind: ByeKind::PairingAllocated,
            });
        }
        t.rounds.push(round);
    }
    t
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("dutch");
    group.sample_size(10);
    for (n, secs) in [
        (100u32, 5u64),
        (500, 10),
        (1000, 20),
        (2000, 40),
        (5000, 120),
    ] {
        let event = std::cell::OnceCell::new();
        group.measurement_time(Duration::from_secs(secs));
        group.bench_function(format!("dutch_{n}x11_last_round"), |b| {
            let t = event.get_or_init(|| {
                let t = simulate(n, 11, 11, SEED);
                let out = format!(
                    "{}/../../target/dutch_{n}_r11.trf",
                    env!("CARGO_MANIFEST_DIR")
                );
                let out = std::path::Path::new(&out);
                let written = out
                    .parent()
                    .map_or(Ok(()), std::fs::create_dir_all)
                    .and_then(|()| std::fs::write(out, engine::trf::write(&t)));
                if let Err(e) = written {
                    eprintln!("could not write {}: {e}", out.display());
                }
                t
            });
            b.iter(|| pair_next_round(t, DutchRules::Fide2025).expect("pairs"))
        });
    }
    group.measurement_time(Duration::from_secs(10));
    let t146 = dutch_rounds::dir().join("t146");
    let r07 = dutch_rounds::rounds_of(&t146)
        .into_iter()
        .find(|r| r.round == 7)
        .expect("fixture t146 has a round 7");
    let mut t = engine::trf::parse(&r07.input).expect("fixture parses");
    t.withdrawals.clear();
    group.bench_function("dutch_fixture_t146_r07_299_players", |b| {
        b.iter(|| pair_next_round(&t, DutchRules::Fide2025).expect("pairs"))
    });
    group.finish();
}

criterion_group!(dutch, benches);
criterion_main!(dutch);
