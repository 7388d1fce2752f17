//! 200,000 simulations of a 12-player round-robin with three rounds to play (18 games), on one
//! thread: the "well under a second natively".
//!
//! `cargo bench -p crosstable-engine --bench forecast`

use criterion::{criterion_group, criterion_main, Criterion};
use engine::forecast::{ForecastConfig, Forecaster};
use engine::model::{Format, GameResult, Outcome, Player, Tournament};
use std::hint::black_box;
use std::time::Duration;

/// A 12-player single round-robin (Berger order) with 8 of 11 rounds played.
fn twelve_players() -> Tournament {
    let players = (1..=12u32)
        .map(|i| Player {
            start_no: i,
            name: format!("Player {i}"),
            rating: Some(2600 + 15 * i as u16),
            ..Player::default()
        })
        .collect();
    let mut t = Tournament::new("Bench", Format::RoundRobin { cycles: 1 }, players);
    t.rounds = engine::berger::schedule(12, 1);
    let outcomes = [Outcome::WhiteWins, Outcome::Draw, Outcome::BlackWins];
    for (r, round) in t.rounds.iter_mut().enumerate().take(8) {
        for (b, g) in round.games.iter_mut().enumerate() {
            g.result = GameResult::Played(outcomes[(r + b) % 3]);
        }
    }
    t
}

fn forecast_200k(c: &mut Criterion) {
    let t = twelve_players();
    let fc = Forecaster::new(&t, &ForecastConfig::default()).expect("a valid event");
    assert_eq!(fc.remaining_games().len(), 18);
    let mut group = c.benchmark_group("forecast");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(2));
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("200k_simulations_12_players_1_thread", |b| {
        b.iter(|| black_box(fc.run().expect("runs")))
    });
    group.finish();
}

criterion_group!(benches, forecast_200k);
criterion_main!(benches);
