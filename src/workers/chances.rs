//! Runs the Chances view's forecasts (`engine::forecast`) on the simulation's Web Workers
//! through the same [`Pool`] as the study: the blocks of every requested forecast go to a few
//! workers, the tallies come back in any order and are merged exactly on the main thread, with
//! progress after every block. Dropping the [`ChancesRun`] cancels it.

use crate::workers::failure::WorkFailure;
use crate::workers::pool::{now_ms, Pool, Step, Work};
use crate::workers::simulation::{ForecastJob, Request, Response};
use engine::forecast::{Forecast, ForecastConfig, Forecaster, Tally};
use engine::Tournament;
use std::collections::VecDeque;

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
    Failed(WorkFailure),
}

/// The forecasts as [`Work`]: a queue of (forecast, block), tallies kept per forecast.
pub struct Forecasts {
    event: String,
    forecasters: Vec<Forecaster>,
    queue: VecDeque<(usize, u64)>,
    tallies: Vec<Vec<Tally>>,
    done: u64,
    total: u64,
    started_ms: f64,
}

/// A running set of forecasts. Dropping it cancels the run.
pub type ChancesRun = Pool<Forecasts>;

impl Work for Forecasts {
    type Event = ChancesEvent;

    fn next(&mut self) -> Option<Request> {
        let (which, block) = self.queue.pop_front()?;
        Some(Request::Forecast(ForecastJob {
            which,
            event: self.event.clone(),
            config: self.forecasters[which].config().clone(),
            block,
        }))
    }

    fn accept(&mut self, response: Response, _elapsed_ms: f64) -> Step<ChancesEvent> {
        let Response::Forecast(done) = response else {
            return Step::Report(self.progress());
        };
        let tally = match done.tally {
            Err(e) => return Step::End(ChancesEvent::Failed(e)),
            Ok(tally) => tally,
        };
        self.done += tally.simulations;
        if let Some(list) = self.tallies.get_mut(done.which) {
            list.push(tally);
        }
        if self.done < self.total {
            return Step::Report(self.progress());
        }
        let finished = self
            .forecasters
            .iter()
            .zip(&self.tallies)
            .map(|(f, t)| f.finish(t).map_err(WorkFailure::engine))
            .collect::<Result<Vec<_>, _>>();
        Step::End(match finished {
            Ok(forecasts) => ChancesEvent::Finished {
                forecasts,
                elapsed_ms: now_ms() - self.started_ms,
            },
            Err(e) => ChancesEvent::Failed(e),
        })
    }

    fn failed(&self, why: WorkFailure) -> ChancesEvent {
        ChancesEvent::Failed(why)
    }
}

impl Forecasts {
    fn progress(&self) -> ChancesEvent {
        ChancesEvent::Progress {
            done: self.done,
            total: self.total,
        }
    }

    /// Checks every config on the main thread (a clear error before any worker starts), then
    /// spreads their blocks over `workers` Web Workers.
    pub fn start(
        t: &Tournament,
        configs: &[ForecastConfig],
        workers: usize,
        on_event: impl Fn(ChancesEvent) + 'static,
    ) -> Result<ChancesRun, WorkFailure> {
        let forecasters = configs
            .iter()
            .map(|c| Forecaster::new(t, c).map_err(WorkFailure::engine))
            .collect::<Result<Vec<_>, _>>()?;
        let queue: VecDeque<(usize, u64)> = forecasters
            .iter()
            .enumerate()
            .flat_map(|(i, f)| f.blocks().into_iter().map(move |b| (i, b.index)))
            .collect();
        let workers = workers.clamp(1, 8).min(queue.len().max(1));
        let work = Forecasts {
            event: engine::json::to_string(t),
            tallies: vec![Vec::new(); forecasters.len()],
            forecasters,
            queue,
            done: 0,
            total: configs.iter().map(|c| c.simulations).sum(),
            started_ms: now_ms(),
        };
        Ok(Pool::spawn(work, workers, on_event))
    }
}
