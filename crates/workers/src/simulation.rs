//! The simulation's Web Worker: receives a chunk of the study, runs it with
//! [`Study::run_chunk`] and answers with the chunk's [`PartialSums`]. The worker binary
//! (`src/bin/worker.rs`) registers [`StudyWorker`]; the page spawns it through the app's
//! `workers::pool`.
//!
//! The same worker also runs blocks of a live forecast (`engine::forecast`, the Chances view):
//! a [`Request`] is either a study [`Job`] or a [`ForecastJob`].
//!
//! Messages cross the worker boundary in gloo-worker's bincode encoding; the fixed-point sums
//! travel as decimal strings (see `engine::simulate::ExactSum`), so nothing is rounded on the way.

use crate::failure::WorkFailure;
use engine::forecast::{ForecastConfig, Forecaster, Tally};
use engine::simulate::{Chunk, PartialSums, Study, StudyConfig};
use gloo_worker::{HandlerId, Worker, WorkerScope};
use serde::{Deserialize, Serialize};

/// One piece of work for a worker: tournaments `chunk.start..chunk.end` of scenario
/// `chunk.scenario` of the study `config` describes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Job {
    pub config: StudyConfig,
    pub chunk: Chunk,
}

/// A worker's answer to a [`Job`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JobDone {
    pub chunk: Chunk,
    /// The chunk's sums, or why the job could not run.
    pub sums: Result<PartialSums, WorkFailure>,
}

/// One block of a forecast: the event (in the JSON file format, since the bincode of the
/// messages cannot carry the model's optional fields), the settings and the block index.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ForecastJob {
    /// Which forecast of the page's run this block belongs to.
    pub which: usize,
    pub event: String,
    pub config: ForecastConfig,
    pub block: u64,
}

/// A worker's answer to a [`ForecastJob`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ForecastDone {
    pub which: usize,
    pub block: u64,
    /// The block's sums, or why the job could not run.
    pub tally: Result<Tally, WorkFailure>,
}

/// What the page asks a worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// "Are you there?": sent first, answered with [`Response::Ready`] as soon as the worker
    /// has loaded, so that a worker that cannot load is told from a long first job.
    Hello,
    /// A job run only to get the worker's code compiled by the browser's optimising tier (and
    /// the study built) before a run needs it: answered with [`Response::Ready`], its sums
    /// thrown away, so an answer that arrives after a run has taken the worker is not counted.
    WarmUp(Job),
    Study(Job),
    Forecast(ForecastJob),
}

/// What a worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Response {
    /// The worker has loaded (the answer to [`Request::Hello`] and [`Request::WarmUp`]).
    Ready,
    /// Boxed: a study's sums are several times the size of a forecast block's answer.
    Study(Box<JobDone>),
    Forecast(ForecastDone),
}

/// The worker's state: the last study and the last forecast it was asked about, kept so that
/// consecutive chunks of one run do not rebuild the schedule or the remaining games.
#[derive(Debug, Default)]
pub struct StudyWorker {
    study: Option<Study>,
    forecast: Option<(String, ForecastConfig, Forecaster)>,
}

impl StudyWorker {
    /// Runs one job (the same function the Web Worker calls; tests call it directly).
    pub fn handle(&mut self, job: Job) -> JobDone {
        let chunk = job.chunk;
        if self.study.as_ref().map(Study::config) != Some(&job.config) {
            match Study::new(job.config) {
                Ok(study) => self.study = Some(study),
                Err(e) => {
                    self.study = None;
                    return JobDone {
                        chunk,
                        sums: Err(WorkFailure::engine(e)),
                    };
                }
            }
        }
        let sums = match &self.study {
            Some(study) => study
                .run_chunk(chunk.scenario, chunk.tournaments())
                .map_err(WorkFailure::engine),
            None => Err(WorkFailure::NoStudy),
        };
        JobDone { chunk, sums }
    }

    /// Runs one forecast block (tests call it directly).
    pub fn handle_forecast(&mut self, job: ForecastJob) -> ForecastDone {
        let cached =
            matches!(&self.forecast, Some((e, c, _)) if *e == job.event && *c == job.config);
        if !cached {
            self.forecast = None;
            let prepared = engine::json::parse(&job.event)
                .map_err(WorkFailure::engine)
                .and_then(|t| Forecaster::new(&t, &job.config).map_err(WorkFailure::engine));
            match prepared {
                Ok(f) => self.forecast = Some((job.event.clone(), job.config.clone(), f)),
                Err(e) => {
                    return ForecastDone {
                        which: job.which,
                        block: job.block,
                        tally: Err(e),
                    }
                }
            }
        }
        let tally = match &self.forecast {
            Some((_, _, f)) => f.run_block(job.block).map_err(WorkFailure::engine),
            None => Err(WorkFailure::NoForecast),
        };
        ForecastDone {
            which: job.which,
            block: job.block,
            tally,
        }
    }

    /// Answers either kind of request.
    pub fn respond(&mut self, request: Request) -> Response {
        match request {
            Request::Hello => Response::Ready,
            Request::WarmUp(job) => {
                self.handle(job);
                Response::Ready
            }
            Request::Study(job) => Response::Study(Box::new(self.handle(job))),
            Request::Forecast(job) => Response::Forecast(self.handle_forecast(job)),
        }
    }
}

impl Worker for StudyWorker {
    type Message = ();
    type Input = Request;
    type Output = Response;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        StudyWorker::default()
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: Self::Message) {}

    fn received(&mut self, scope: &WorkerScope<Self>, request: Self::Input, id: HandlerId) {
        let done = self.respond(request);
        scope.respond(id, done);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::simulate::StudyConfig;

    /// `result` is the engine's refusal, and its message mentions `what`.
    fn engine_says<T>(result: &Result<T, WorkFailure>, what: &str) -> bool {
        matches!(result, Err(WorkFailure::Engine(e)) if e.contains(what))
    }

    fn small() -> StudyConfig {
        StudyConfig {
            tournaments: 20,
            ..StudyConfig::default()
        }
    }

    #[test]
    fn a_job_gives_the_engines_chunk() {
        let config = small();
        let chunk = Chunk {
            scenario: 4,
            start: 5,
            end: 12,
        };
        let mut worker = StudyWorker::default();
        let done = worker.handle(Job {
            config: config.clone(),
            chunk,
        });
        let want = Study::new(config)
            .expect("valid config")
            .run_chunk(4, 5..12)
            .map_err(WorkFailure::engine);
        assert_eq!(done.chunk, chunk);
        assert_eq!(done.sums, want);
    }

    #[test]
    fn a_new_config_is_not_answered_from_the_cached_study() {
        let mut worker = StudyWorker::default();
        let chunk = Chunk {
            scenario: 0,
            start: 0,
            end: 10,
        };
        let a = worker.handle(Job {
            config: small(),
            chunk,
        });
        let other = StudyConfig {
            seed: 99,
            ..small()
        };
        let b = worker.handle(Job {
            config: other.clone(),
            chunk,
        });
        assert_ne!(a.sums, b.sums, "another seed, other numbers");
        let fresh = StudyWorker::default().handle(Job {
            config: other,
            chunk,
        });
        assert_eq!(b, fresh);
    }

    #[test]
    fn a_warm_up_says_ready_and_changes_no_later_answer() {
        let job = Job {
            config: small(),
            chunk: Chunk {
                scenario: 2,
                start: 0,
                end: 20,
            },
        };
        let mut warmed = StudyWorker::default();
        assert_eq!(
            warmed.respond(Request::WarmUp(job.clone())),
            Response::Ready
        );
        let other = Job {
            chunk: Chunk {
                scenario: 5,
                start: 3,
                end: 9,
            },
            ..job
        };
        assert_eq!(
            warmed.respond(Request::Study(other.clone())),
            StudyWorker::default().respond(Request::Study(other))
        );
    }

    #[test]
    fn a_forecast_job_gives_the_engines_block() {
        let t = engine::example::withdrawal();
        let config = ForecastConfig {
            simulations: 15_000,
            ..ForecastConfig::default()
        };
        let mut worker = StudyWorker::default();
        let job = |block| {
            Request::Forecast(ForecastJob {
                which: 1,
                event: engine::json::to_string(&t),
                config: config.clone(),
                block,
            })
        };
        let want = Forecaster::new(&t, &config).unwrap().run_block(1).unwrap();
        match worker.respond(job(1)) {
            Response::Forecast(done) => {
                assert_eq!((done.which, done.block), (1, 1));
                assert_eq!(done.tally, Ok(want));
            }
            other => panic!("{other:?}"),
        }
        match worker.respond(job(9)) {
            Response::Forecast(done) => assert!(engine_says(&done.tally, "block 9"), "{done:?}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn bad_jobs_are_answered_with_the_engines_message() {
        let mut worker = StudyWorker::default();
        let bad_range = worker.handle(Job {
            config: small(),
            chunk: Chunk {
                scenario: 0,
                start: 10,
                end: 30,
            },
        });
        assert!(engine_says(&bad_range.sums, "0..20"), "{bad_range:?}");
        let bad_config = worker.handle(Job {
            config: StudyConfig {
                players: 1,
                ..small()
            },
            chunk: Chunk {
                scenario: 0,
                start: 0,
                end: 1,
            },
        });
        assert!(engine_says(&bad_config.sums, "players"), "{bad_config:?}");
    }
}
