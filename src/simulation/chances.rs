//! Runs the Chances view's forecasts (`engine::forecast`) on the simulation's Web Workers: the
//! blocks of every requested forecast go to a few workers, the tallies come back in any order
//! and are merged exactly on the main thread, with progress after every block. Dropping the
//! [`ChancesRun`] cancels it (as for [`super::pool::Pool`]).

use crate::simulation::pool::{IN_FLIGHT, WORKER_SCRIPT};
use crate::simulation::worker::{ForecastDone, ForecastJob, Request, Response, StudyWorker};
use engine::forecast::{Forecast, ForecastConfig, Forecaster, Tally};
use engine::Tournament;
use gloo_worker::{Spawnable, WorkerBridge};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::{Rc, Weak};

/// What a run tells the page.
#[derive(Clone, Debug, PartialEq)]
pub enum ChancesEvent {
    /// After each block: simulations done, of total.
    Progress {
        done: u64,
        total: u64,
    },
    /// Every block is in: the forecasts in the order they were requested.
    Finished {
        forecasts: Vec<Forecast>,
        elapsed_ms: f64,
    },
    Failed(String),
}

struct Inner {
    event: String,
    forecasters: Vec<Forecaster>,
    queue: VecDeque<(usize, u64)>,
    tallies: Vec<Vec<Tally>>,
    done: u64,
    total: u64,
    bridges: Vec<WorkerBridge<StudyWorker>>,
    started_ms: f64,
    on_event: Rc<dyn Fn(ChancesEvent)>,
}

impl Inner {
    fn job(&self, (which, block): (usize, u64)) -> Request {
        Request::Forecast(ForecastJob {
            which,
            event: self.event.clone(),
            config: self.forecasters[which].config().clone(),
            block,
        })
    }
}

/// A running set of forecasts. Dropping it cancels the run.
pub struct ChancesRun {
    _inner: Rc<RefCell<Inner>>,
}

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or_else(js_sys::Date::now, |p| p.now())
}

impl ChancesRun {
    /// Checks every config on the main thread (a clear error before any worker starts), then
    /// spreads their blocks over `workers` Web Workers.
    pub fn start(
        t: &Tournament,
        configs: &[ForecastConfig],
        workers: usize,
        on_event: impl Fn(ChancesEvent) + 'static,
    ) -> Result<ChancesRun, String> {
        let forecasters = configs
            .iter()
            .map(|c| Forecaster::new(t, c).map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        let queue: VecDeque<(usize, u64)> = forecasters
            .iter()
            .enumerate()
            .flat_map(|(i, f)| f.blocks().into_iter().map(move |b| (i, b.index)))
            .collect();
        let total = configs.iter().map(|c| c.simulations).sum();
        let workers = workers.clamp(1, 8).min(queue.len().max(1));
        let inner = Rc::new(RefCell::new(Inner {
            event: engine::json::to_string(t),
            tallies: vec![Vec::new(); forecasters.len()],
            forecasters,
            queue,
            done: 0,
            total,
            bridges: Vec::with_capacity(workers),
            started_ms: now_ms(),
            on_event: Rc::new(on_event),
        }));
        for index in 0..workers {
            let weak = Rc::downgrade(&inner);
            let bridge = StudyWorker::spawner()
                .callback(move |response| {
                    if let Response::Forecast(done) = response {
                        received(&weak, index, done);
                    }
                })
                .as_module(false)
                .spawn(WORKER_SCRIPT);
            inner.borrow_mut().bridges.push(bridge);
        }
        {
            let mut state = inner.borrow_mut();
            for _ in 0..IN_FLIGHT {
                for w in 0..state.bridges.len() {
                    if let Some(next) = state.queue.pop_front() {
                        let job = state.job(next);
                        state.bridges[w].send(job);
                    }
                }
            }
        }
        Ok(ChancesRun { _inner: inner })
    }
}

/// A worker's answer: keep the tally, hand that worker the next block, report.
fn received(inner: &Weak<RefCell<Inner>>, worker: usize, done: ForecastDone) {
    let Some(inner) = inner.upgrade() else {
        return; // cancelled
    };
    let (event, on_event, bridges) = {
        let mut state = inner.borrow_mut();
        let event = match done.tally {
            Err(e) => Some(ChancesEvent::Failed(e)),
            Ok(tally) => {
                state.done += tally.simulations;
                if let Some(list) = state.tallies.get_mut(done.which) {
                    list.push(tally);
                }
                if let Some(next) = state.queue.pop_front() {
                    let job = state.job(next);
                    if let Some(bridge) = state.bridges.get(worker) {
                        bridge.send(job);
                    }
                }
                (state.done >= state.total).then(|| {
                    let finished = state
                        .forecasters
                        .iter()
                        .zip(&state.tallies)
                        .map(|(f, t)| f.finish(t).map_err(|e| e.to_string()))
                        .collect::<Result<Vec<_>, _>>();
                    match finished {
                        Ok(forecasts) => ChancesEvent::Finished {
                            forecasts,
                            elapsed_ms: now_ms() - state.started_ms,
                        },
                        Err(e) => ChancesEvent::Failed(e),
                    }
                })
            }
        };
        let progress = ChancesEvent::Progress {
            done: state.done,
            total: state.total,
        };
        let bridges = if event.is_some() {
            std::mem::take(&mut state.bridges)
        } else {
            Vec::new()
        };
        (event.unwrap_or(progress), state.on_event.clone(), bridges)
    };
    on_event(event);
    if !bridges.is_empty() {
        wasm_bindgen_futures::spawn_local(async move { drop(bridges) });
    }
}
