//! The full default simulation study (18 scenarios × 10,000 tournaments × 10 leave-one-out
//! iterations), on one thread and on every core.
//!
//! `cargo bench -p crosstable-engine --bench simulate`

use criterion::{criterion_group, criterion_main, Criterion};
use engine::simulate::{Study, StudyConfig};
use std::hint::black_box;
use std::time::Duration;

fn full_default_study(c: &mut Criterion) {
    let study = Study::new(StudyConfig::default()).expect("the default config is valid");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut group = c.benchmark_group("simulate/full_default_study");
    // A run takes a few hundred milliseconds: ten samples keep the bench to about a minute.
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(2));
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("1_thread", |b| {
        b.iter(|| black_box(study.run(1, |_, _| {})))
    });
    group.bench_function(format!("{cores}_threads"), |b| {
        b.iter(|| black_box(study.run(cores, |_, _| {})))
    });
    group.finish();
}

criterion_group!(benches, full_default_study);
criterion_main!(benches);
