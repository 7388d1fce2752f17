//! The run's progress: a progress bar with tournaments done and the estimated time left, and
//! the cancel button; afterwards, what became of the run.

use crate::simulation::book::eta_ms;
pub use crate::simulation::note::count;
use leptos::prelude::*;

/// Where the page's run stands.
#[derive(Clone, Debug, PartialEq)]
pub enum RunStatus {
    /// Nothing running (a finished run's results are shown separately).
    Idle,
    Running {
        done: u64,
        total: u64,
        elapsed_ms: f64,
        workers: usize,
    },
    /// The user cancelled after `done` of `total` tournaments.
    Cancelled {
        done: u64,
        total: u64,
    },
    Failed(String),
}

/// `about 3 s`, `about 2 min`.
pub fn duration_words(ms: f64) -> String {
    let s = ms / 1000.0;
    if s < 1.0 {
        "under a second".to_string()
    } else if s < 90.0 {
        format!("about {} s", s.round())
    } else if s < 90.0 * 60.0 {
        format!("about {} min", (s / 60.0).round())
    } else {
        format!("about {} h", (s / 3600.0).round())
    }
}

/// Percent of the run done.
fn percent(done: u64, total: u64) -> f64 {
    if total == 0 {
        0.0
    } else {
        100.0 * done as f64 / total as f64
    }
}

/// The status line after a run that did not finish: (text, is an error).
fn ended_words(status: &RunStatus) -> Option<(String, bool)> {
    match status {
        RunStatus::Cancelled { done, total } => Some((
            format!(
                "Cancelled after {} of {} tournaments. No results: a study is only reported \
                 once complete.",
                count(*done),
                count(*total)
            ),
            false,
        )),
        RunStatus::Failed(why) => Some((format!("The run stopped: {why}"), true)),
        _ => None,
    }
}

#[component]
pub fn SimProgress(
    /// The run's status.
    status: Signal<RunStatus>,
    /// Called when the user cancels the run.
    on_cancel: Callback<()>,
) -> impl IntoView {
    // (done, total, elapsed ms, workers) while running. The section itself is built once per
    // run, so the cancel button keeps its focus while the numbers change.
    let running = Memo::new(move |_| match status.get() {
        RunStatus::Running {
            done,
            total,
            elapsed_ms,
            workers,
        } => Some((done, total, elapsed_ms, workers)),
        _ => None,
    });
    let is_running = Memo::new(move |_| running.with(Option::is_some));
    let ended = Memo::new(move |_| status.with(ended_words));
    let part = move |f: fn(u64, u64, f64, usize) -> String| {
        move || {
            running
                .get()
                .map(|(d, t, e, w)| f(d, t, e, w))
                .unwrap_or_default()
        }
    };
    view! {
        <Show when=move || is_running.get()>
            <section class="panel sim-progress" data-testid="sim-progress" aria-label="Progress">
                <label for="sim-progress-bar">
                    {part(|_, _, _, w| {
                        format!("Running on {w} Web Worker{}", if w == 1 { "" } else { "s" })
                    })}
                </label>
                <progress
                    id="sim-progress-bar"
                    data-testid="sim-progress-bar"
                    max=part(|_, t, _, _| t.to_string())
                    value=part(|d, _, _, _| d.to_string())
                    aria-valuetext=part(|d, t, _, _| format!("{:.0} %", percent(d, t)))
                ></progress>
                <p class="sim-progress-text" role="status" data-testid="sim-progress-text">
                    {part(|d, t, e, _| {
                        let left = eta_ms(e, d, t)
                            .map_or_else(
                                || "estimating the time left…".to_string(),
                                |ms| format!("{} left", duration_words(ms)),
                            );
                        format!("{:.0} % — {} of {} tournaments; {left}", percent(d, t), count(d), count(t))
                    })}
                </p>
                <button
                    type="button"
                    class="danger"
                    data-testid="sim-cancel"
                    on:click=move |_| on_cancel.run(())
                >
                    "Cancel"
                </button>
            </section>
        </Show>
        {move || {
            ended
                .get()
                .map(|(text, error)| {
                    view! {
                        <p
                            class="panel sim-status"
                            class:error=error
                            role=if error { "alert" } else { "status" }
                            data-testid="sim-status"
                        >
                            {text}
                        </p>
                    }
                })
        }}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_durations_read_well() {
        assert_eq!(count(180_000), "180,000");
        assert_eq!(count(1_800), "1,800");
        assert_eq!(count(999), "999");
        assert_eq!(duration_words(400.0), "under a second");
        assert_eq!(duration_words(2_600.0), "about 3 s");
        assert_eq!(duration_words(600_000.0), "about 10 min");
    }
}
