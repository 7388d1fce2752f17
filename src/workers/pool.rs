//! Runs work on several Web Workers: spawns them, keeps each busy with [`Work::IN_FLIGHT`] jobs
//! at a time, hands every answer to the [`Work`] on the main thread (cheap: a few integer additions
//! per job) and reports after every answer. One machinery for the study ([`Study`]) and the
//! Chances view's forecasts (`workers::chances`); the computing never runs on the UI thread.
//!
//! A worker that cannot load (offline before the app was saved for offline use, a blocked or
//! missing file) is reported, never a run hanging at 0 %: the worker's script and wasm are
//! fetched once as a probe (a failed fetch fails the run at once, with the reason), and a run
//! whose workers have not said [`Response::Ready`] within [`STARTUP_TIMEOUT_MS`] fails too.
//!
//! Cancelling (or dropping the [`Pool`]) drops the worker bridges: gloo-worker then tells each
//! worker to close, which it does as soon as its current job ends (a few milliseconds; a
//! worker cannot read a message in the middle of a computation), and no answer reaches the
//! page any more. gloo-worker 0.6 does not expose `Worker.terminate()`.
//!
//! A run may borrow its workers from the page's warm ones (`workers::warm`) and hand them
//! back when it finishes; then they are not closed.

use crate::words::errors::leave_warning;
use crate::workers::book::RunBook;
use crate::workers::failure::{Probe, WorkFailure};
use crate::workers::simulation::{Job, Request, Response};
use crate::workers::warm::{
    give_back, probe, Home, WarmWorkers, WorkerHandle, WORKER_SCRIPT, WORKER_WASM,
};
use engine::simulate::{StudyConfig, StudyResult};
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::JsCast;

/// Jobs handed to each worker at once by default ([`Work::IN_FLIGHT`]): while it computes one,
/// the next is already waiting, so a worker never idles for a message round trip.
pub const IN_FLIGHT: usize = 2;

pub use crate::workers::warm::MAX_WORKERS;

/// How long a run waits for its first worker to load before it reports that none could.
/// Loading takes well under a second from the cache; this is for a file that never arrives.
pub const STARTUP_TIMEOUT_MS: i32 = 20_000;

/// Logical cores the browser reports (`navigator.hardwareConcurrency`; 1 if it reports none).
pub fn hardware_threads() -> usize {
    web_sys::window()
        .map(|w| w.navigator().hardware_concurrency())
        .filter(|n| n.is_finite() && *n >= 1.0)
        .map_or(1, |n| n as usize)
}

/// Workers to use by default: one per logical core, at most 8 (the default study then has 36
/// chunks; more workers than that would mostly wait).
pub fn default_workers() -> usize {
    hardware_threads().clamp(1, 8)
}

pub(crate) fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// What a [`Work`] makes of one answer.
pub enum Step<E> {
    /// Keep going; report this (progress).
    Report(E),
    /// Finished or failed: report this, and the workers are no longer needed.
    End(E),
}

/// Work that a [`Pool`] spreads over its workers.
pub trait Work: 'static {
    /// What the page is told.
    type Event;
    /// The next job, if any is left.
    fn next(&mut self) -> Option<Request>;
    /// Takes one worker's answer (never [`Response::Ready`]).
    fn accept(&mut self, response: Response, elapsed_ms: f64) -> Step<Self::Event>;
    /// The event that stops the run for this reason.
    fn failed(&self, why: WorkFailure) -> Self::Event;
    /// Jobs each worker holds at a time. A cancelled worker finishes them before it closes.
    const IN_FLIGHT: usize = IN_FLIGHT;
}

struct Inner<W: Work> {
    work: W,
    bridges: Vec<WorkerHandle>,
    /// Some worker has answered: the files loaded.
    ready: bool,
    started_ms: f64,
    on_event: Rc<dyn Fn(W::Event)>,
    /// Where the workers go once the work is done, if they were borrowed; else they close.
    home: Option<Home>,
    /// Jobs sent and not answered yet: a worker still owing an answer is not handed back.
    in_flight: usize,
}

/// A running piece of work. Dropping it cancels the run.
pub struct Pool<W: Work> {
    inner: Rc<RefCell<Inner<W>>>,
}

impl<W: Work> Pool<W> {
    /// Starts `work` on `workers` Web Workers (at least 1, at most `max`). `on_event` is
    /// called on the main thread for every event.
    pub fn spawn(work: W, workers: usize, on_event: impl Fn(W::Event) + 'static) -> Pool<W> {
        let fresh = (0..workers.max(1)).map(|_| WorkerHandle::spawn()).collect();
        Pool::start(work, fresh, None, on_event)
    }

    /// Starts `work` on `workers` (at least one): the warm ones a page keeps, handed back to
    /// `home` when the work is done, or fresh ones (`home` = `None`: closed when done).
    pub fn start(
        work: W,
        workers: Vec<WorkerHandle>,
        home: Option<Home>,
        on_event: impl Fn(W::Event) + 'static,
    ) -> Pool<W> {
        let started_ms = now_ms();
        let inner = Rc::new(RefCell::new(Inner {
            work,
            bridges: Vec::with_capacity(workers.len()),
            ready: false,
            started_ms,
            on_event: Rc::new(on_event),
            home,
            in_flight: 0,
        }));
        for (index, worker) in workers.into_iter().enumerate() {
            let weak = Rc::downgrade(&inner);
            worker.route_to(Some(Rc::new(move |response| {
                received(&weak, index, response)
            })));
            // A warm worker has loaded already; its answer still comes first, before any job's.
            worker.send(Request::Hello);
            inner.borrow_mut().bridges.push(worker);
        }
        {
            let mut guard = inner.borrow_mut();
            let state = &mut *guard;
            for _ in 0..W::IN_FLIGHT {
                for bridge in &state.bridges {
                    if let Some(job) = state.work.next() {
                        bridge.send(job);
                        state.in_flight += 1;
                    }
                }
            }
        }
        watch_startup(Rc::downgrade(&inner));
        Pool { inner }
    }

    /// Workers this run uses.
    pub fn workers(&self) -> usize {
        self.inner.borrow().bridges.len()
    }

    /// Stops the run: the workers close after their current job and nothing more is reported.
    pub fn cancel(self) {
        drop(self);
    }
}

/// Stops the run with `why` (unless it already ended), dropping its workers.
fn fail<W: Work>(inner: &Weak<RefCell<Inner<W>>>, why: WorkFailure) {
    let Some(inner) = inner.upgrade() else {
        return;
    };
    let (event, on_event, bridges) = {
        let mut state = inner.borrow_mut();
        if state.bridges.is_empty() {
            return; // already finished or failed
        }
        (
            state.work.failed(why),
            state.on_event.clone(),
            std::mem::take(&mut state.bridges),
        )
    };
    on_event(event);
    drop(bridges);
}

/// Why a run whose worker could not start stopped: which file, what went wrong (worded with
/// how to get out, `workers::failure`).
fn startup_failure(file: &str, problem: Probe) -> WorkFailure {
    WorkFailure::Startup {
        file: file.trim_start_matches('/').to_string(),
        problem,
    }
}

/// Probes the worker's files (once per page) and arms the start-up timeout.
fn watch_startup<W: Work>(inner: Weak<RefCell<Inner<W>>>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    for file in [WORKER_SCRIPT, WORKER_WASM] {
        let inner = inner.clone();
        wasm_bindgen_futures::spawn_local(async move {
            if let Some(problem) = probe(file).await {
                fail(&inner, startup_failure(file, problem));
            }
        });
    }
    let timeout = Closure::once_into_js(move || {
        let waiting = inner
            .upgrade()
            .is_some_and(|i| !i.borrow().ready && !i.borrow().bridges.is_empty());
        if waiting {
            let seconds = (STARTUP_TIMEOUT_MS / 1000).unsigned_abs();
            fail(
                &inner,
                startup_failure(WORKER_SCRIPT, Probe::Timeout(seconds)),
            );
        }
    });
    let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
        timeout.unchecked_ref(),
        STARTUP_TIMEOUT_MS,
    );
}

/// A worker's answer: hand it to the work, give that worker the next job, report.
fn received<W: Work>(inner: &Weak<RefCell<Inner<W>>>, worker: usize, response: Response) {
    let Some(inner) = inner.upgrade() else {
        return; // the run was cancelled
    };
    let (event, on_event, bridges) = {
        let mut guard = inner.borrow_mut();
        let state = &mut *guard;
        if matches!(response, Response::Ready) {
            state.ready = true;
            return;
        }
        if state.bridges.is_empty() {
            return; // already finished or failed
        }
        state.in_flight = state.in_flight.saturating_sub(1);
        let elapsed_ms = now_ms() - state.started_ms;
        match state.work.accept(response, elapsed_ms) {
            Step::Report(event) => {
                if let Some(job) = state.work.next() {
                    if let Some(bridge) = state.bridges.get(worker) {
                        bridge.send(job);
                        state.in_flight += 1;
                    }
                }
                (event, state.on_event.clone(), Vec::new())
            }
            Step::End(event) => {
                let bridges = std::mem::take(&mut state.bridges);
                // Borrowed workers go back before the page hears of the end (it may ask for
                // warm workers then), if every job was answered: a late answer must never
                // reach another run. Otherwise (a failed run) they close.
                let bridges = match &state.home {
                    Some(home) if state.in_flight == 0 => {
                        give_back(home, bridges);
                        Vec::new()
                    }
                    _ => bridges,
                };
                (event, state.on_event.clone(), bridges)
            }
        }
    };
    on_event(event);
    // Dropped after this callback returns: gloo-worker is still dispatching to it.
    if !bridges.is_empty() {
        wasm_bindgen_futures::spawn_local(async move { drop(bridges) });
    }
}

/// Asks before the page is left (closed, reloaded, navigated away from the app) while
/// `running` says work would be lost, in the language of the moment. Removed with the calling
/// component.
pub fn warn_before_leaving(running: impl Fn() -> bool + 'static) {
    let lang = crate::lang::use_lang();
    let handle = leptos::prelude::window_event_listener(
        leptos::ev::beforeunload,
        move |ev: web_sys::BeforeUnloadEvent| {
            if running() {
                // Both: the standard way, and the one older Chromium still reads.
                ev.prevent_default();
                ev.set_return_value(&leave_warning(lang.get_untracked()));
            }
        },
    );
    leptos::prelude::on_cleanup(move || handle.remove());
}

/// What a study run tells the page.
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
    /// A worker answered with an error, or could not start (the run stops).
    Failed(WorkFailure),
}

/// The simulation study as [`Work`]: chunks of the [`RunBook`], exact sums merged in any order.
pub struct Study {
    book: RunBook,
    workers: usize,
}

impl Work for Study {
    type Event = RunEvent;

    fn next(&mut self) -> Option<Request> {
        let chunk = self.book.next_chunk()?;
        Some(Request::Study(Job {
            config: self.book.config().clone(),
            chunk,
        }))
    }

    fn accept(&mut self, response: Response, elapsed_ms: f64) -> Step<RunEvent> {
        // This work sends only study jobs; a forecast answer cannot reach it.
        let Response::Study(done) = response else {
            return Step::Report(self.progress(elapsed_ms));
        };
        let accepted = done
            .sums
            .and_then(|sums| self.book.accept(&sums).map_err(WorkFailure::engine));
        match accepted {
            Err(e) => Step::End(RunEvent::Failed(e)),
            Ok(()) if self.book.is_complete() => Step::End(match self.book.finish() {
                Ok(result) => RunEvent::Finished {
                    result: Box::new(result),
                    elapsed_ms,
                    workers: self.workers,
                },
                Err(e) => RunEvent::Failed(WorkFailure::engine(e)),
            }),
            Ok(()) => Step::Report(self.progress(elapsed_ms)),
        }
    }

    fn failed(&self, why: WorkFailure) -> RunEvent {
        RunEvent::Failed(why)
    }

    /// Four: the first jobs are sent from the click's handler, after which the page's thread
    /// is busy for several milliseconds drawing the run (about 8 ms in a Chromium trace, with
    /// the chunks taking 2-4 ms each); with two, the worker waited for it. A cancel still ends
    /// within a few chunks.
    const IN_FLIGHT: usize = 4;
}

impl Study {
    fn progress(&self, elapsed_ms: f64) -> RunEvent {
        RunEvent::Progress {
            done: self.book.done(),
            total: self.book.total(),
            elapsed_ms,
        }
    }

    /// Starts `config` on `workers` Web Workers (at least 1, at most [`MAX_WORKERS`] and the
    /// number of chunks), borrowed from `warm` (spawned for the rest), handed back to it when
    /// the run finishes. `on_event` is called on the main thread for every [`RunEvent`].
    pub fn start(
        config: StudyConfig,
        workers: usize,
        warm: &WarmWorkers,
        on_event: impl Fn(RunEvent) + 'static,
    ) -> Result<Pool<Study>, WorkFailure> {
        let workers = workers.clamp(1, MAX_WORKERS);
        let book = RunBook::sized_by_work(config, workers).map_err(WorkFailure::engine)?;
        let chunks = usize::try_from(book.chunk_count()).unwrap_or(usize::MAX);
        let workers = workers.min(chunks.max(1));
        Ok(Pool::start(
            Study { book, workers },
            warm.take(workers),
            Some(warm.home()),
            on_event,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workers::simulation::StudyWorker;
    use engine::simulate::Study as EngineStudy;

    /// Drives `work` as the pool does, with one in-process worker answering in reverse order
    /// of the requests: the events it reports, the last one first.
    fn drive<W: Work>(mut work: W) -> Vec<W::Event> {
        let mut worker = StudyWorker::default();
        let mut events = Vec::new();
        let mut pending: Vec<Request> = std::iter::from_fn(|| work.next()).collect();
        while let Some(request) = pending.pop() {
            match work.accept(worker.respond(request), 0.0) {
                Step::Report(e) => events.push(e),
                Step::End(e) => {
                    events.push(e);
                    break;
                }
            }
        }
        events.reverse();
        events
    }

    #[test]
    fn the_study_work_ends_with_the_engines_result() {
        let config = StudyConfig {
            tournaments: 20,
            ..StudyConfig::default()
        };
        let book = RunBook::new(config.clone(), 7).expect("valid");
        let events = drive(Study { book, workers: 3 });
        let Some(RunEvent::Finished {
            result, workers, ..
        }) = events.first()
        else {
            panic!("the run did not finish: {:?}", events.first());
        };
        assert_eq!(*workers, 3);
        let engine = EngineStudy::new(config).expect("valid").run(1, |_, _| {});
        assert_eq!(**result, engine);
        assert!(events[1..]
            .iter()
            .all(|e| matches!(e, RunEvent::Progress { .. })));
    }

    #[test]
    fn a_refused_job_fails_the_run() {
        let config = StudyConfig {
            tournaments: 20,
            ..StudyConfig::default()
        };
        let mut study = Study {
            book: RunBook::new(config.clone(), 7).expect("valid"),
            workers: 1,
        };
        // A chunk past the study's end: the engine refuses it, the worker says why.
        let Some(Request::Study(mut job)) = study.next() else {
            panic!("a study job");
        };
        job.chunk.end = config.tournaments + 5;
        let answer = StudyWorker::default().respond(Request::Study(job));
        assert!(matches!(
            study.accept(answer, 0.0),
            Step::End(RunEvent::Failed(_))
        ));
    }
}
