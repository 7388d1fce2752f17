//! The study's Web Workers, kept warm while the simulation page is open.
//!
//! Starting a worker costs more than a short run's computing: the thread, its script, the
//! wasm's fetch and compilation, then the first chunks in the browser's baseline tier until
//! its optimising compiler has caught up (see crates/engine/benches/README.md, simulate). So
//! the page keeps idle workers ([`WarmWorkers`]): spawned when it opens, each given a small
//! [`Request::WarmUp`] job so that the hot loop is already optimised at the click, lent to a
//! run ([`WarmWorkers::take`]) and handed back when it finishes ([`give_back`]). A cancelled
//! or failed run's workers are closed, not handed back; leaving the page closes the idle ones.
//!
//! A [`WorkerHandle`] is one worker whose answers go to whoever holds it now: the run that
//! borrowed it, or nobody while it is idle.

use crate::simulation::form::FormText;
use crate::workers::failure::Probe;
use crate::workers::simulation::{Job, Request, Response, StudyWorker};
use engine::simulate::{Chunk, Study, StudyConfig};
use gloo_worker::{Spawnable, WorkerBridge};
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::{Rc, Weak};

/// Where Trunk puts the worker's JavaScript (`data-type="worker"` files are not hashed). The
/// wasm is found next to it as [`WORKER_WASM`].
pub const WORKER_SCRIPT: &str = "/worker.js";
/// The worker's wasm, which its script loads.
pub const WORKER_WASM: &str = "/worker_bg.wasm";

/// Most workers a run spawns (or the page keeps), whatever the browser reports: beyond this
/// the chunks of the default study (36 for 8 workers) would be spread too thin to gain anything, and each
/// worker costs memory.
pub const MAX_WORKERS: usize = 16;

/// Tournaments of the warm-up job (of the study on the form, scenario 0). Enough calls of the
/// inner loop for Chromium to compile it with its optimising tier in the background, about a
/// millisecond once optimised.
pub const WARM_UP_TOURNAMENTS: u64 = 1_000;

/// Where a worker's answers go.
type Route = Rc<RefCell<Option<Rc<dyn Fn(Response)>>>>;

/// One study worker (gloo-worker's bridge) and where its answers go. Dropping it closes the
/// worker once its current job ends.
pub struct WorkerHandle {
    bridge: WorkerBridge<StudyWorker>,
    route: Route,
}

impl WorkerHandle {
    /// Spawns a worker, answering nobody yet.
    pub fn spawn() -> WorkerHandle {
        let route: Route = Rc::default();
        let to = Rc::clone(&route);
        let bridge = StudyWorker::spawner()
            .callback(move |response| {
                // Cloned first: the receiver may re-route this worker while it runs.
                let receiver = to.borrow().clone();
                if let Some(receiver) = receiver {
                    receiver(response);
                }
            })
            .as_module(false)
            .spawn(WORKER_SCRIPT);
        WorkerHandle { bridge, route }
    }

    pub fn send(&self, request: Request) {
        self.bridge.send(request);
    }

    /// Sends the worker's answers from now on to `receiver` (`None`: nowhere).
    pub fn route_to(&self, receiver: Option<Rc<dyn Fn(Response)>>) {
        *self.route.borrow_mut() = receiver;
    }
}

/// The idle workers of an open simulation page. Cloning shares them.
#[derive(Clone, Default)]
pub struct WarmWorkers {
    idle: Rc<RefCell<Idle>>,
}

#[derive(Default)]
pub struct Idle {
    workers: Vec<WorkerHandle>,
    /// How many the page wants kept ([`WarmWorkers::keep`]); 0 while a run holds them.
    wanted: usize,
    /// The page was left: nothing is kept any more, workers handed back are closed.
    closed: bool,
}

/// Where a run hands its workers back ([`give_back`]); gone once the page has closed them.
pub type Home = Weak<RefCell<Idle>>;

impl WarmWorkers {
    /// Keeps at least `count` idle workers: spawns the missing ones (once the worker's script
    /// is known to be there), each warmed up on the study `config` gives. Cheap when they are
    /// there already: the page calls it whenever the user may be about to run.
    pub fn keep(&self, count: usize, config: impl FnOnce() -> StudyConfig) {
        {
            let mut idle = self.idle.borrow_mut();
            if idle.closed || idle.workers.len() >= count {
                return;
            }
            idle.wanted = count;
        }
        let idle = Rc::downgrade(&self.idle);
        let job = warm_up_job(&config());
        wasm_bindgen_futures::spawn_local(async move {
            // A page without the worker's files (a component test, a blocked file) spawns
            // nothing here; a run then reports the problem.
            if probe(WORKER_SCRIPT).await.is_some() {
                return;
            }
            // Gone: the page was left meanwhile. `wanted` may have changed too (a run took
            // the workers, or another count was typed).
            let Some(idle) = idle.upgrade() else {
                return;
            };
            let mut idle = idle.borrow_mut();
            while idle.workers.len() < idle.wanted {
                let worker = WorkerHandle::spawn();
                worker.send(Request::Hello);
                if let Some(job) = &job {
                    worker.send(Request::WarmUp(job.clone()));
                }
                idle.workers.push(worker);
            }
        });
    }

    /// `count` workers for a run: the idle ones first, fresh ones for the rest. Idle workers
    /// beyond `count` are closed (the run says how many the user wants now), and none are
    /// spawned idle until the next [`WarmWorkers::keep`].
    pub fn take(&self, count: usize) -> Vec<WorkerHandle> {
        let mut idle = self.idle.borrow_mut();
        idle.wanted = 0;
        let lent = idle.workers.len().min(count);
        let mut workers: Vec<WorkerHandle> = idle.workers.drain(..lent).collect();
        idle.workers.clear();
        workers.extend((lent..count).map(|_| WorkerHandle::spawn()));
        workers
    }

    /// Where a run hands the workers back.
    pub fn home(&self) -> Home {
        Rc::downgrade(&self.idle)
    }

    /// Idle workers now.
    pub fn idle(&self) -> usize {
        self.idle.borrow().workers.len()
    }

    /// Closes the idle workers and spawns no more (the page is left).
    pub fn close(&self) {
        let mut idle = self.idle.borrow_mut();
        idle.wanted = 0;
        idle.closed = true;
        idle.workers.clear();
    }
}

/// The simulation page's warm workers, kept while the page is open (its owner) and no run
/// holds them: from the start when `idle` (no run yet, or the last one finished), when the
/// `workers` count changes, and whenever the returned function is called (the user came back
/// to the form, e.g. after a cancelled or failed run, whose workers were closed). Each is
/// warmed up on the study the `form` describes. Leaving the page closes the idle ones.
pub fn keep_warm(
    workers: RwSignal<String>,
    form: RwSignal<FormText>,
    idle: Signal<bool>,
    running: Signal<bool>,
) -> (StoredValue<WarmWorkers, LocalStorage>, impl Fn() + Copy) {
    let warm = StoredValue::new_local(WarmWorkers::default());
    on_cleanup(move || {
        warm.try_with_value(WarmWorkers::close);
    });
    let warm_up = move || {
        let count = workers.with_untracked(|w| w.trim().parse::<usize>());
        if let (Ok(count), false) = (count, running.get_untracked()) {
            let config = move || form.with_untracked(FormText::parse).unwrap_or_default();
            warm.with_value(|w| w.keep(count.clamp(1, MAX_WORKERS), config));
        }
    };
    Effect::new(move |_| {
        workers.track();
        if idle.get() {
            warm_up();
        }
    });
    (warm, warm_up)
}

/// Hands a finished run's workers back to the page, answering nobody; closes them if the page
/// has closed its pool meanwhile.
pub fn give_back(home: &Home, workers: Vec<WorkerHandle>) {
    for worker in &workers {
        worker.route_to(None);
    }
    if let Some(idle) = home.upgrade() {
        let mut idle = idle.borrow_mut();
        if !idle.closed {
            idle.workers.extend(workers);
        }
    }
}

/// The warm-up: the first [`WARM_UP_TOURNAMENTS`] tournaments of `config`'s first scenario
/// (also leaving the study built in the worker for a run of the same settings), or of the
/// default design if `config` is invalid.
pub fn warm_up_job(config: &StudyConfig) -> Option<Job> {
    let study = Study::new(config.clone()).or_else(|_| Study::new(StudyConfig::default()));
    let config = study.ok()?.config().clone();
    let chunk = Chunk {
        scenario: 0,
        start: 0,
        end: WARM_UP_TOURNAMENTS.min(config.tournaments),
    };
    Some(Job { config, chunk })
}

thread_local! {
    /// Files of the worker already fetched once in this page: not probed again (the Chances
    /// view starts a run at every change of its controls).
    static PROBED: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
}

/// Fetches one of the worker's files once per page: `None` if it is there (or was already
/// found), else what went wrong.
pub async fn probe(file: &'static str) -> Option<Probe> {
    if PROBED.with(|p| p.borrow().contains(&file)) {
        return None;
    }
    let request = web_sys::window()?.fetch_with_str(file);
    let problem = match wasm_bindgen_futures::JsFuture::from(request).await {
        // A network failure: the browser's TypeError says no more than this.
        Err(_) => Some(Probe::Network),
        Ok(response) => {
            let get = |k: &str| js_sys::Reflect::get(&response, &k.into()).ok();
            let ok = get("ok").and_then(|v| v.as_bool()).unwrap_or(true);
            let status = get("status").and_then(|v| v.as_f64()).unwrap_or(0.0);
            (!ok).then_some(Probe::Http(status as u16))
        }
    };
    if problem.is_none() {
        PROBED.with(|p| {
            let mut p = p.borrow_mut();
            if !p.contains(&file) {
                p.push(file);
            }
        });
    }
    problem
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_warm_up_runs_the_forms_study_or_the_default_one() {
        let config = StudyConfig {
            tournaments: 20,
            seed: 5,
            ..StudyConfig::default()
        };
        let job = warm_up_job(&config).expect("a job");
        assert_eq!(job.config, config);
        assert_eq!(
            (job.chunk.scenario, job.chunk.start, job.chunk.end),
            (0, 0, 20)
        );

        let big = StudyConfig::default();
        let job = warm_up_job(&big).expect("a job");
        assert_eq!(job.chunk.tournaments(), 0..WARM_UP_TOURNAMENTS);

        let invalid = StudyConfig {
            players: 1,
            ..StudyConfig::default()
        };
        assert_eq!(warm_up_job(&invalid).map(|j| j.config), Some(big));
    }
}
