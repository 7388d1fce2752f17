//! The bookkeeping of one run, independent of how the chunks are computed: hands out the
//! chunks in [`Study::chunks`] order, merges the [`PartialSums`] that come back (in any order:
//! the engine's sums are exact), counts progress and finishes with [`Study::finish`].
//!
//! The chunks are produced one at a time rather than as [`Study::chunks`]' vector, because the
//! engine accepts up to 2⁴⁰ tournaments per scenario and a browser tab should not hold billions
//! of chunks; a test checks that the sequence is exactly [`Study::chunks`].

use engine::simulate::{
    Chunk, ConfigError, PartialSums, Study, StudyConfig, StudyError, StudyResult,
};

/// Chunks each worker should get at least, for an even share ([`RunBook::sized_by_work`]).
pub const CHUNKS_PER_WORKER: usize = 8;

/// One run's state.
#[derive(Clone, Debug)]
pub struct RunBook {
    study: Study,
    chunk_size: u64,
    /// The next chunk to hand out, if any is left.
    next: Option<Chunk>,
    /// One running sum per scenario.
    merged: Vec<PartialSums>,
    done: u64,
    total: u64,
}

impl RunBook {
    /// A run of the study `config` describes (validated here), in chunks of `chunk_size`
    /// tournaments (at least 1).
    pub fn new(config: StudyConfig, chunk_size: u64) -> Result<RunBook, ConfigError> {
        let study = Study::new(config)?;
        let chunk_size = chunk_size.max(1);
        let total = study.total_tournaments();
        let first = Chunk {
            scenario: 0,
            start: 0,
            end: chunk_size.min(study.config().tournaments),
        };
        Ok(RunBook {
            next: (!study.scenarios().is_empty()).then_some(first),
            merged: (0..study.scenarios().len())
                .map(PartialSums::empty)
                .collect(),
            chunk_size,
            study,
            done: 0,
            total,
        })
    }

    /// A run on `workers` workers in chunks sized by work: the engine's own
    /// ([`Study::chunk_tournaments`], sized by the games in a tournament, about 1.6 ms natively)
    /// or up to twice that when each worker still gets [`CHUNKS_PER_WORKER`] chunks. A worker
    /// answers (and a cancelled worker stops) within a few milliseconds either way; each chunk
    /// costs a worker 0.2-0.3 ms of messages, so one or two workers take the bigger chunks,
    /// and many workers the smaller ones, which share the work out more evenly.
    pub fn sized_by_work(config: StudyConfig, workers: usize) -> Result<RunBook, ConfigError> {
        let study = Study::new(config.clone())?;
        let base = study.chunk_tournaments();
        let per_worker = study.total_tournaments() / (workers.max(1) * CHUNKS_PER_WORKER) as u64;
        RunBook::new(config, per_worker.clamp(base, 2 * base))
    }

    pub fn config(&self) -> &StudyConfig {
        self.study.config()
    }

    /// The next chunk to compute, or `None` when every chunk has been handed out.
    pub fn next_chunk(&mut self) -> Option<Chunk> {
        let chunk = self.next?;
        let tournaments = self.study.config().tournaments;
        self.next = if chunk.end < tournaments {
            Some(Chunk {
                scenario: chunk.scenario,
                start: chunk.end,
                end: (chunk.end + self.chunk_size).min(tournaments),
            })
        } else if chunk.scenario + 1 < self.study.scenarios().len() {
            Some(Chunk {
                scenario: chunk.scenario + 1,
                start: 0,
                end: self.chunk_size.min(tournaments),
            })
        } else {
            None
        };
        Some(chunk)
    }

    /// Adds a computed chunk's sums.
    pub fn accept(&mut self, sums: &PartialSums) -> Result<(), StudyError> {
        let scenarios = self.merged.len();
        let slot = self
            .merged
            .get_mut(sums.scenario)
            .ok_or(StudyError::UnknownScenario {
                scenario: sums.scenario,
                scenarios,
            })?;
        slot.merge(sums)?;
        self.done += sums.tournaments;
        Ok(())
    }

    /// Chunks in the whole run (as many as [`Study::chunks`] makes).
    pub fn chunk_count(&self) -> u64 {
        self.study.scenarios().len() as u64
            * self.study.config().tournaments.div_ceil(self.chunk_size)
    }

    /// The merged sums so far, one per scenario in [`StudyConfig::scenarios`] order.
    pub fn sums(&self) -> &[PartialSums] {
        &self.merged
    }

    /// Tournaments computed so far.
    pub fn done(&self) -> u64 {
        self.done
    }

    /// Tournaments in the whole run.
    pub fn total(&self) -> u64 {
        self.total
    }

    pub fn is_complete(&self) -> bool {
        self.done >= self.total
    }

    /// The result, once every chunk is in (the engine checks that each scenario is complete).
    pub fn finish(&self) -> Result<StudyResult, StudyError> {
        self.study.finish(&self.merged)
    }
}

/// Estimated milliseconds left, from the rate so far: elapsed × (total − done) / done. `None`
/// before the first chunk is in (no rate yet).
pub fn eta_ms(elapsed_ms: f64, done: u64, total: u64) -> Option<f64> {
    (done > 0).then(|| elapsed_ms * total.saturating_sub(done) as f64 / done as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workers::simulation::{Job, StudyWorker};

    fn config(tournaments: u64) -> StudyConfig {
        StudyConfig {
            tournaments,
            ..StudyConfig::default()
        }
    }

    #[test]
    fn chunks_come_in_the_engines_order() {
        for (tournaments, size) in [(1, 1000), (7, 3), (2500, 1000), (3000, 1000), (10, 1)] {
            let cfg = config(tournaments);
            let mut book = RunBook::new(cfg.clone(), size).expect("valid");
            let ours: Vec<Chunk> = std::iter::from_fn(|| book.next_chunk()).collect();
            let count = RunBook::new(cfg.clone(), size)
                .expect("valid")
                .chunk_count();
            let engine = Study::new(cfg).expect("valid").chunks(size);
            assert_eq!(count, engine.len() as u64);
            assert_eq!(
                ours, engine,
                "{tournaments} tournaments in chunks of {size}"
            );
        }
    }

    /// Any order of arrival gives the engine's own result, bit for bit.
    #[test]
    fn chunks_merged_in_reverse_give_the_engines_run() {
        let cfg = config(30);
        let mut book = RunBook::new(cfg.clone(), 7).expect("valid");
        let chunks: Vec<Chunk> = std::iter::from_fn(|| book.next_chunk()).collect();
        let mut worker = StudyWorker::default();
        for (i, &chunk) in chunks.iter().enumerate().rev() {
            assert!(!book.is_complete(), "{i} chunks still missing");
            let done = worker.handle(Job {
                config: cfg.clone(),
                chunk,
            });
            book.accept(&done.sums.expect("valid chunk"))
                .expect("same run");
        }
        assert!(book.is_complete());
        assert_eq!(book.done(), 18 * 30);
        let ours = book.finish().expect("complete");
        let engine = Study::new(cfg).expect("valid").run(1, |_, _| {});
        assert_eq!(ours, engine);
        assert_eq!(ours.to_csv(), engine.to_csv());
    }

    #[test]
    fn an_incomplete_run_does_not_finish() {
        let mut book = RunBook::new(config(10), 4).expect("valid");
        let chunk = book.next_chunk().expect("a chunk");
        let done = StudyWorker::default().handle(Job {
            config: config(10),
            chunk,
        });
        book.accept(&done.sums.expect("valid")).expect("same run");
        assert_eq!((book.done(), book.total()), (4, 180));
        assert!(!book.is_complete());
        assert!(book.finish().is_err());
    }

    #[test]
    fn few_workers_get_bigger_chunks_many_workers_the_engines() {
        let chunks = |tournaments, workers| {
            RunBook::sized_by_work(config(tournaments), workers)
                .expect("valid")
                .chunk_count()
        };
        let engine = Study::new(config(10_000))
            .expect("valid")
            .chunk_tournaments();
        assert_eq!(engine, 5000, "the default design's engine chunk");
        // The default study (18 scenarios × 10,000): one chunk per scenario for one or two
        // workers (9 each at least), the engine's two per scenario for eight.
        assert_eq!(chunks(10_000, 1), 18);
        assert_eq!(chunks(10_000, 2), 18);
        assert_eq!(chunks(10_000, 4), 36);
        assert_eq!(chunks(10_000, 8), 36);
        // Never more than twice the engine's chunk, however long the run.
        assert_eq!(chunks(1_000_000, 1), 18 * 100);
        // A short run: one chunk per scenario, whatever the workers.
        assert_eq!(chunks(3, 16), 18);
    }

    #[test]
    fn eta_scales_the_rate_so_far() {
        assert_eq!(eta_ms(1000.0, 0, 100), None);
        assert_eq!(eta_ms(1000.0, 25, 100), Some(3000.0));
        assert_eq!(eta_ms(1000.0, 100, 100), Some(0.0));
    }
}
