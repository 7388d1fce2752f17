//! A finished run: the RMSE table, the plot, the paper's claims next to ours with the note, and
//! the CSV download (the engine's `StudyResult::to_csv`, seed included).

use crate::components::insight::simulation::claims::ClaimsTable;
use crate::components::insight::simulation::plot::RmsePlot;
use crate::components::insight::simulation::table::RmseTable;
use crate::files;
use crate::i18n::td_string;
use crate::simulation::note::number;
use crate::tr;
use crate::words::text;
use engine::simulate::{StudyConfig, StudyResult};
use leptos::prelude::*;

/// A completed study and how it ran.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    pub result: StudyResult,
    /// Wall time from the start of the run to the last chunk's answer.
    pub elapsed_ms: f64,
    pub workers: usize,
}

/// The CSV file's name: `simulation-seed-20260528-t10000.csv`.
pub fn csv_file_name(r: &StudyResult) -> String {
    format!(
        "simulation-seed-{}-t{}.csv",
        r.seed, r.tournaments_per_scenario
    )
}

#[component]
pub fn SimResults(
    /// The last completed run, if any.
    finished: Signal<Option<Finished>>,
    /// A run is in progress (then there is no "no results yet" hint: the progress shows).
    running: Signal<bool>,
) -> impl IntoView {
    let download_error = RwSignal::new(None::<String>);
    let lang = crate::lang::use_lang();
    move || {
        let Some(f) = finished.get() else {
            if running.get() {
                return ().into_any();
            }
            return view! {
                <p class="panel muted sim-empty" data-testid="sim-empty">
                    {move || {
                        let design = StudyConfig::default();
                        let total = design.scenarios().len() as u64 * design.tournaments;
                        let l = lang.get();
                        td_string!(l, simulation.results.empty, total = text::count_in(l, total)).to_string()
                    }}
                </p>
            }
            .into_any();
        };
        {
            let result = StoredValue::new(f.result.clone());
            let download = move |_| {
                let outcome = result
                    .with_value(|r| files::download(&csv_file_name(r), "text/csv", &r.to_csv()));
                download_error.set(outcome.err().map(|e| e.to_string()));
            };
            let total = f.result.scenarios.len() as u64 * f.result.tournaments_per_scenario;
            let (seed, k, workers, seconds) =
                (f.result.seed, f.result.k, f.workers, f.elapsed_ms / 1000.0);
            view! {
                <section class="panel sim-results" data-testid="sim-results" aria-labelledby="sim-results-title">
                    <h3 id="sim-results-title">{tr!(simulation.results.heading)}</h3>
                    <p class="muted" data-testid="sim-run-info" data-elapsed-ms=format!("{:.0}", f.elapsed_ms)>
                        {move || {
                            let l = lang.get();
                            td_string!(
                                l,
                                simulation.results.run_info,
                                total = text::count_in(l, total),
                                time = td_string!(l, simulation.results.seconds, n = text::dec_in(l, seconds, 1))
                                    .to_string(),
                                count = workers,
                                seed,
                                k = number(l, k)
                            )
                            .to_string()
                        }}
                    </p>
                    <div class="toolbar">
                        <button type="button" data-testid="sim-csv" on:click=download>
                            {tr!(simulation.results.csv)}
                        </button>
                        {move || download_error.get().map(|e| view! { <p class="alert" role="alert">{e}</p> })}
                    </div>
                    <RmseTable result=f.result.clone() />
                    <RmsePlot result=f.result.clone() />
                    <ClaimsTable result=f.result.clone() />
                </section>
            }
            .into_any()
        }
    }
}
