//! Runs a study on several Web Workers: spawns them, keeps each busy with [`IN_FLIGHT`] chunks
//! at a time, merges their sums on the main thread (cheap: a few integer additions per chunk)
//! and reports progress after every chunk. The simulation itself never runs on the UI thread.
//!
//! Cancelling (or dropping the [`Pool`]) drops the worker bridges: gloo-worker then tells each
//! worker to close, which it does as soon as its current chunk ends (a few milliseconds; a
//! worker cannot read a message in the middle of a computation), and no answer reaches the
//! page any more. gloo-worker 0.6 does not expose `Worker.terminate()`.

use crate::simulation::book::{RunBook, CHUNK_TOURNAMENTS};
use crate::simulation::worker::{Job, JobDone, Request, Response, StudyWorker};
use engine::simulate::{StudyConfig, StudyResult};
use gloo_worker::{Spawnable, WorkerBridge};
use std::cell::RefCell;
use std::rc::{Rc, Weak};

/// Where Trunk puts the worker's JavaScript (`data-type="worker"` files are not hashed). The
/// wasm is found next to it as `worker_bg.wasm`.
pub const WORKER_SCRIPT: &str = "/worker.js";

/// Chunks handed to each worker at once: while it computes one, the next is already waiting,
/// so a worker never idles for a message round trip.
pub const IN_FLIGHT: usize = 2;

/// Most workers a run spawns, whatever the browser reports: beyond this the chunks of the
/// default study (180) would be spread too thin to gain anything, and each worker costs memory.
pub const MAX_WORKERS: usize = 16;

/// Logical cores the browser reports (`navigator.hardwareConcurrency`; 1 if it reports none).
pub fn hardware_threads() -> usize {
    web_sys::window()
        .map(|w| w.navigator().hardware_concurrency())
        .filter(|n| n.is_finite() && *n >= 1.0)
        .map_or(1, |n| n as usize)
}

/// Workers to use by default: one per logical core, at most 8 (the default study has 180
/// chunks; more workers than that would mostly wait).
pub fn default_workers() -> usize {
    hardware_threads().clamp(1, 8)
}

/// What a run tells the page.
#[derive(Clone, Debug, PartialEq)]
pub enum RunEvent {
    /// After each chunk: tournaments done, of total, and milliseconds since the start.
    Progress {
        done: u64,
        total: u64,
        elapsed_ms: f64,
    },
    /// Every chunk is in.
    Finished {
        result: Box<StudyResult>,
        elapsed_ms: f64,
        workers: usize,
    },
    /// A worker answered with an error (the run stops).
    Failed(String),
}

struct Inner {
    book: RunBook,
    bridges: Vec<WorkerBridge<StudyWorker>>,
    started_ms: f64,
    on_event: Rc<dyn Fn(RunEvent)>,
}

/// A running study. Dropping it cancels the run.
pub struct Pool {
    inner: Rc<RefCell<Inner>>,
}

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or_else(js_sys::Date::now, |p| p.now())
}

impl Pool {
    /// Starts `config` on `workers` Web Workers (at least 1, at most [`MAX_WORKERS`] and the
    /// number of chunks). `on_event` is called on the main thread for every [`RunEvent`].
    pub fn start(
        config: StudyConfig,
        workers: usize,
        on_event: impl Fn(RunEvent) + 'static,
    ) -> Result<Pool, String> {
        let book = RunBook::new(config, CHUNK_TOURNAMENTS).map_err(|e| e.to_string())?;
        let chunks = usize::try_from(book.chunk_count()).unwrap_or(usize::MAX);
        let workers = workers.clamp(1, MAX_WORKERS).min(chunks.max(1));
        let inner = Rc::new(RefCell::new(Inner {
            book,
            bridges: Vec::with_capacity(workers),
            started_ms: now_ms(),
            on_event: Rc::new(on_event),
        }));
        for index in 0..workers {
            let weak = Rc::downgrade(&inner);
            let bridge = StudyWorker::spawner()
                .callback(move |response| {
                    // This pool sends only study jobs; a forecast answer cannot reach it.
                    if let Response::Study(done) = response {
                        received(&weak, index, *done);
                    }
                })
                .as_module(false)
                .spawn(WORKER_SCRIPT);
            inner.borrow_mut().bridges.push(bridge);
        }
        {
            let mut guard = inner.borrow_mut();
            let state = &mut *guard;
            for _ in 0..IN_FLIGHT {
                for bridge in &state.bridges {
                    if let Some(chunk) = state.book.next_chunk() {
                        bridge.send(Request::Study(Job {
                            config: state.book.config().clone(),
                            chunk,
                        }));
                    }
                }
            }
        }
        Ok(Pool { inner })
    }

    /// Workers this run uses.
    pub fn workers(&self) -> usize {
        self.inner.borrow().bridges.len()
    }

    /// Stops the run: the workers close after their current chunk and nothing more is reported.
    pub fn cancel(self) {
        drop(self);
    }
}

/// A worker's answer: merge it, hand that worker the next chunk, report.
fn received(inner: &Weak<RefCell<Inner>>, worker: usize, done: JobDone) {
    let Some(inner) = inner.upgrade() else {
        return; // the run was cancelled
    };
    let (event, on_event, bridges) = {
        let mut guard = inner.borrow_mut();
        let state = &mut *guard;
        let elapsed_ms = now_ms() - state.started_ms;
        let accepted = done
            .sums
            .and_then(|sums| state.book.accept(&sums).map_err(|e| e.to_string()));
        let event = match accepted {
            Err(e) => Some(RunEvent::Failed(e)),
            Ok(()) if state.book.is_complete() => Some(match state.book.finish() {
                Ok(result) => RunEvent::Finished {
                    result: Box::new(result),
                    elapsed_ms,
                    workers: state.bridges.len(),
                },
                Err(e) => RunEvent::Failed(e.to_string()),
            }),
            Ok(()) => {
                if let Some(chunk) = state.book.next_chunk() {
                    if let Some(bridge) = state.bridges.get(worker) {
                        bridge.send(Request::Study(Job {
                            config: state.book.config().clone(),
                            chunk,
                        }));
                    }
                }
                None
            }
        };
        let progress = RunEvent::Progress {
            done: state.book.done(),
            total: state.book.total(),
            elapsed_ms,
        };
        // Finished or failed: the workers are no longer needed.
        let bridges = if event.is_some() {
            std::mem::take(&mut state.bridges)
        } else {
            Vec::new()
        };
        (event.unwrap_or(progress), state.on_event.clone(), bridges)
    };
    on_event(event);
    // Dropped after this callback returns: gloo-worker is still dispatching to it.
    if !bridges.is_empty() {
        wasm_bindgen_futures::spawn_local(async move { drop(bridges) });
    }
}
