//! The simulation page (`/simulation`): the paper's Monte Carlo study rerun in the browser —
//! settings, a run on Web Workers with progress and cancel, and the results next to the
//! paper's claims. The page holds the run; the numbers all come from `engine::simulate`.

use crate::components::common::layout::PageBoundary;
use crate::components::insight::simulation::progress::{RunStatus, SimProgress};
use crate::components::insight::simulation::results::{Finished, SimResults};
use crate::components::insight::simulation::settings::SimSettings;
use crate::simulation::form::FormText;
use crate::store::use_store;
use crate::workers::pool::{default_workers, Pool, RunEvent, Study};
use crate::workers::warm::keep_warm;
use leptos::prelude::*;

/// Milliseconds between two draws of the progress while a study runs. A worker answers every few
/// milliseconds; drawing each answer made the page's thread, the compositor and the raster
/// threads repaint the bar several times a frame's worth, and on a two-core machine those took CPU
/// from the worker computing the study (crates/engine/benches/README.md, simulate). Ten draws a
/// second still move the bar smoothly on a long run.
pub const PROGRESS_EVERY_MS: f64 = 100.0;

/// Whether a progress answer at `elapsed_ms` is drawn, the last one drawn having been at
/// `drawn_ms` (0 before the first): one draw per [`PROGRESS_EVERY_MS`]. The last answer of a
/// run is not a progress answer: the results replace the bar whatever this says.
pub fn worth_drawing(drawn_ms: f64, elapsed_ms: f64) -> bool {
    elapsed_ms - drawn_ms >= PROGRESS_EVERY_MS
}

/// Brings the progress bar into view once it is drawn (on a phone it sits below the form, out
/// of sight of the run button); does nothing when it is already visible.
fn show_progress() {
    request_animation_frame(|| {
        if let Some(el) = document().get_element_by_id("sim-output") {
            let options = web_sys::ScrollIntoViewOptions::new();
            options.set_block(web_sys::ScrollLogicalPosition::Nearest);
            el.scroll_into_view_with_scroll_into_view_options(&options);
        }
    });
}

/// The study's run, held by the app rather than the page: leaving the page keeps the run going
/// in its workers, and coming back shows its progress or its results. Provided once by the app
/// ([`SimulationRun::provide`]); a page without it (a component test) holds its own.
#[derive(Clone, Copy)]
pub struct SimulationRun {
    pub status: RwSignal<RunStatus>,
    pub finished: RwSignal<Option<Finished>>,
    pool: StoredValue<Option<Pool<Study>>, LocalStorage>,
}

impl SimulationRun {
    /// Creates the run's state under the current owner and provides it (call from the app).
    pub fn provide() -> SimulationRun {
        let run = SimulationRun {
            status: RwSignal::new(RunStatus::Idle),
            finished: RwSignal::new(None),
            pool: StoredValue::new_local(None),
        };
        provide_context(run);
        // The run outlives the page but not the tab: ask before the tab is closed or reloaded.
        let status = run.status;
        crate::workers::pool::warn_before_leaving(move || {
            status.with_untracked(|s| matches!(s, RunStatus::Running { .. }))
        });
        run
    }

    fn use_or_new() -> SimulationRun {
        use_context::<SimulationRun>().unwrap_or_else(SimulationRun::provide)
    }
}

#[component]
pub fn SimulationPage() -> impl IntoView {
    crate::components::common::layout::page_title(|| {
        vec![crate::tr!(simulation.title)().to_string()]
    });
    view! {
        <PageBoundary>
            <SimulationScreen />
        </PageBoundary>
    }
}

/// The page's body: the form, the run and its results.
#[component]
pub fn SimulationScreen() -> impl IntoView {
    let store = use_store();
    let form = RwSignal::new(FormText::from_config(
        &store.settings.with_untracked(|s| s.simulation.clone()),
    ));
    let workers = RwSignal::new(default_workers().to_string());
    let SimulationRun {
        status,
        finished,
        pool,
    } = SimulationRun::use_or_new();

    let running = Signal::derive(move || matches!(status.get(), RunStatus::Running { .. }));
    let (warm, warm_up) = keep_warm(
        workers,
        form,
        Signal::derive(move || status.with(|s| *s == RunStatus::Idle)),
        running,
    );

    // Remember valid settings as they are typed (the results are not stored).
    Effect::new(move |_| {
        if let Ok(config) = form.with(FormText::parse) {
            store.set_simulation(config);
        }
    });

    let run = Callback::new(move |()| {
        let Ok(config) = form.with_untracked(FormText::parse) else {
            return;
        };
        let Ok(n) = workers.with_untracked(|w| w.trim().parse::<usize>()) else {
            return;
        };
        pool.set_value(None);
        finished.set(None);
        let total = config.scenarios().len() as u64 * config.tournaments;
        let on_event = move |event: RunEvent| match event {
            RunEvent::Progress {
                done,
                total,
                elapsed_ms,
            } => status.update(|s| {
                if let RunStatus::Running {
                    done: d,
                    total: t,
                    elapsed_ms: e,
                    ..
                } = s
                {
                    if worth_drawing(*e, elapsed_ms) {
                        (*d, *t, *e) = (done, total, elapsed_ms);
                    }
                }
            }),
            RunEvent::Finished {
                result,
                elapsed_ms,
                workers,
            } => {
                finished.set(Some(Finished {
                    result: *result,
                    elapsed_ms,
                    workers,
                }));
                status.set(RunStatus::Idle);
                pool.set_value(None);
            }
            RunEvent::Failed(why) => {
                status.set(RunStatus::Failed(why));
                pool.set_value(None);
            }
        };
        match Study::start(config, n, &warm.get_value(), on_event) {
            Ok(p) => {
                status.set(RunStatus::Running {
                    done: 0,
                    total,
                    elapsed_ms: 0.0,
                    workers: p.workers(),
                });
                pool.set_value(Some(p));
                show_progress();
            }
            Err(why) => status.set(RunStatus::Failed(why)),
        }
    });

    let cancel = Callback::new(move |()| {
        if let Some(p) = pool.try_update_value(Option::take).flatten() {
            p.cancel();
        }
        status.update(|s| {
            if let RunStatus::Running { done, total, .. } = *s {
                *s = RunStatus::Cancelled { done, total };
            }
        });
    });
    // Leaving the page does not stop the run: it belongs to the app (SimulationRun), and the
    // page shows it again on return.

    view! {
        <article class="simulation">
            <header class="page-intro">
                <h2>{crate::tr!(simulation.heading)}</h2>
                <p class="muted">{crate::tr!(simulation.intro)}</p>
            </header>
            <div class="sim-layout">
                <SimSettings
                    form=form
                    workers=workers
                    running=running
                    on_run=run
                    on:focusin=move |_| warm_up()
                    on:pointerover=move |_| warm_up()
                />
                <div class="sim-output" id="sim-output">
                    <SimProgress status=status.into() on_cancel=cancel />
                    <SimResults finished=finished.into() running=running />
                </div>
            </div>
        </article>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_is_drawn_at_most_once_per_interval() {
        // Answers every 4 ms for a second: the first drawn at 100 ms, then one per 100 ms.
        let mut drawn = 0.0;
        let mut draws = Vec::new();
        for i in 1..=250 {
            let elapsed = f64::from(i) * 4.0;
            if worth_drawing(drawn, elapsed) {
                drawn = elapsed;
                draws.push(elapsed);
            }
        }
        assert_eq!(draws.len(), 10, "{draws:?}");
        assert_eq!(draws[0], PROGRESS_EVERY_MS);
        assert!(draws.windows(2).all(|w| w[1] - w[0] >= PROGRESS_EVERY_MS));
    }

    #[test]
    fn a_slow_run_draws_every_answer() {
        // Chunks of a big design, each longer than the interval: nothing is held back.
        let mut drawn = 0.0;
        for i in 1..=5 {
            let elapsed = f64::from(i) * 250.0;
            assert!(worth_drawing(drawn, elapsed), "answer {i}");
            drawn = elapsed;
        }
    }
}
