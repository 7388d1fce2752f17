//! The run's progress: a progress bar with tournaments done and the estimated time left, and
//! the cancel button; afterwards, what became of the run.

use crate::i18n::{td_string, Locale};
use crate::tr;
use crate::words::text::count_in;
use crate::words::Words;
use crate::workers::book::eta_ms;
use crate::workers::failure::WorkFailure;
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
    Cancelled { done: u64, total: u64 },
    /// The run stopped: why (worded when drawn).
    Failed(WorkFailure),
}

/// `about 3 s`, `about 2 min`.
pub fn duration_words(locale: Locale, ms: f64) -> String {
    let s = ms / 1000.0;
    if s < 1.0 {
        td_string!(locale, simulation.progress.under_a_second).to_string()
    } else if s < 90.0 {
        td_string!(locale, simulation.progress.seconds, n = s.round()).to_string()
    } else if s < 90.0 * 60.0 {
        td_string!(locale, simulation.progress.minutes, n = (s / 60.0).round()).to_string()
    } else {
        td_string!(locale, simulation.progress.hours, n = (s / 3600.0).round()).to_string()
    }
}

/// A whole percentage: `42 %`, `42%` in Japanese.
fn percent_words(locale: Locale, done: u64, total: u64) -> String {
    let n = format!("{:.0}", percent(done, total));
    td_string!(locale, simulation.progress.percent, n).to_string()
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
fn ended_words(locale: Locale, status: &RunStatus) -> Option<(String, bool)> {
    match status {
        RunStatus::Cancelled { done, total } => Some((
            td_string!(
                locale,
                simulation.progress.cancelled,
                done = count_in(locale, *done),
                total = count_in(locale, *total)
            )
            .to_string(),
            false,
        )),
        RunStatus::Failed(why) => Some((
            td_string!(
                locale,
                simulation.progress.failed,
                error = why.words(locale)
            )
            .to_string(),
            true,
        )),
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
    let lang = crate::lang::use_lang();
    let is_running = Memo::new(move |_| running.with(Option::is_some));
    let ended = Memo::new(move |_| status.with(|s| ended_words(lang.get(), s)));
    let part = move |f: fn(Locale, u64, u64, f64, usize) -> String| {
        move || {
            running
                .get()
                .map(|(d, t, e, w)| f(lang.get(), d, t, e, w))
                .unwrap_or_default()
        }
    };
    view! {
        <Show when=move || is_running.get()>
            <section class="panel sim-progress" data-testid="sim-progress" aria-label=tr!(simulation.progress.aria)>
                <label for="sim-progress-bar">
                    {part(|l, _, _, _, w| {
                        td_string!(l, simulation.progress.running_on, count = w).to_string()
                    })}
                </label>
                <progress
                    id="sim-progress-bar"
                    data-testid="sim-progress-bar"
                    max=part(|_, _, t, _, _| t.to_string())
                    value=part(|_, d, _, _, _| d.to_string())
                    aria-valuetext=part(|l, d, t, _, _| percent_words(l, d, t))
                ></progress>
                <p class="sim-progress-text" role="status" data-testid="sim-progress-text">
                    {part(|l, d, t, e, _| {
                        let left = match eta_ms(e, d, t) {
                            Some(ms) => {
                                let duration = duration_words(l, ms);
                                td_string!(l, simulation.progress.left, duration).to_string()
                            }
                            None => td_string!(l, simulation.progress.estimating).to_string(),
                        };
                        td_string!(
                            l,
                            simulation.progress.line,
                            percent = percent_words(l, d, t),
                            done = count_in(l, d),
                            total = count_in(l, t),
                            left
                        )
                        .to_string()
                    })}
                </p>
                <button
                    type="button"
                    class="danger"
                    data-testid="sim-cancel"
                    on:click=move |_| on_cancel.run(())
                >
                    {tr!(simulation.progress.cancel)}
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
        assert_eq!(count_in(Locale::en, 180_000), "180,000");
        assert_eq!(count_in(Locale::en, 1_800), "1,800");
        assert_eq!(count_in(Locale::en, 999), "999");
        assert_eq!(duration_words(Locale::en, 400.0), "under a second");
        assert_eq!(duration_words(Locale::en, 2_600.0), "about 3 s");
        assert_eq!(duration_words(Locale::en, 600_000.0), "about 10 min");
        assert_eq!(duration_words(Locale::de, 600_000.0), "etwa 10 min");
        assert_eq!(percent_words(Locale::fr, 1, 3), "33\u{202f}%");
        assert_eq!(percent_words(Locale::ja, 1, 3), "33%");
    }
}
