//! The simulation page: the chunk path the Web Workers take (here in this tab, through the
//! same message encoding), the settings form's validation and the claims table.

use crate::support::*;
use crosstable::components::insight::simulation::claims::verdict_words;
use crosstable::components::insight::simulation::results::{Finished, SimResults};
use crosstable::i18n::Locale;
use crosstable::pages::simulation::SimulationScreen;
use crosstable::workers::book::RunBook;
use crosstable::workers::simulation::{Job, JobDone, StudyWorker};
use engine::simulate::{PartialSums, Study, StudyConfig, StudyResult};
use gloo_worker::{Bincode, Codec};

/// Runs `config` chunk by chunk as the page does, each job and each answer encoded and
/// decoded with gloo-worker's codec exactly as `postMessage` carries them.
fn through_the_worker_path(config: &StudyConfig, chunk: u64) -> (StudyResult, Vec<PartialSums>) {
    let mut book = RunBook::new(config.clone(), chunk).expect("a valid config");
    let mut worker = StudyWorker::default();
    while let Some(chunk) = book.next_chunk() {
        let job: Job = Bincode::decode(Bincode::encode(Job {
            config: config.clone(),
            chunk,
        }));
        let done: JobDone = Bincode::decode(Bincode::encode(worker.handle(job)));
        book.accept(&done.sums.expect("a valid chunk"))
            .expect("sums of this run");
    }
    (book.finish().expect("complete"), book.sums().to_vec())
}

/// The native engine's pinned sums (crates/engine/src/simulate/tests.rs, `pinned_small_run`:
/// 6 players, σ = 90, β = −150, n = 2, 3 tournaments, the default seed), computed natively.
const NATIVE_PINNED_SQUARED_ERROR: [i128; 6] =
    include!("../../crates/engine/src/simulate/pinned_small_run.in");

#[wasm_bindgen_test]
fn the_worker_path_in_wasm_gives_the_native_engines_pinned_sums() {
    let config = StudyConfig {
        players: 6,
        rating_sds: vec![90.0],
        forms: vec![-150.0],
        withdrawal_after: vec![2],
        tournaments: 3,
        ..StudyConfig::default()
    };
    // One tournament per chunk: three answers merged, the same exact sums as one chunk.
    let (_, sums) = through_the_worker_path(&config, 1);
    assert_eq!(sums.len(), 1);
    assert_eq!(sums[0].games, 3 * 6 * 3);
    assert_eq!(
        sums[0].squared_error.to_array().map(|x| x.0),
        NATIVE_PINNED_SQUARED_ERROR
    );
}

#[wasm_bindgen_test]
fn the_worker_path_gives_the_engines_own_run() {
    let config = StudyConfig {
        tournaments: 40,
        seed: 7,
        ..StudyConfig::default()
    };
    let (ours, _) = through_the_worker_path(&config, 9);
    let engine = Study::new(config).expect("valid").run(1, |_, _| {});
    assert_eq!(ours.to_csv(), engine.to_csv());
    assert_eq!(ours, engine);
}

fn input(root: &Element, id: &str) -> HtmlInputElement {
    find(root, &format!("[data-testid={id}]"))
        .unwrap_or_else(|| panic!("no {id}"))
        .dyn_into()
        .expect("an <input>")
}

fn error_text(root: &Element, id: &str) -> String {
    find(root, &format!("[data-testid={id}-error]"))
        .map(|e| text(&e))
        .unwrap_or_default()
}

fn run_disabled(root: &Element) -> bool {
    find(root, "[data-testid=sim-run]")
        .expect("the run button")
        .has_attribute("disabled")
}

#[wasm_bindgen_test]
async fn the_form_starts_with_the_design_and_validates_through_the_engine() {
    let store = Store::in_memory(Vec::new(), Settings::default());
    let (root, _handle) = mount(move || {
        provide_context(store);
        view! { <SimulationScreen /> }
    });
    settle().await;
    let defaults = StudyConfig::default();
    assert_eq!(
        input(&root, "sim-players").value(),
        defaults.players.to_string()
    );
    assert_eq!(input(&root, "sim-rating-sds").value(), "30, 90");
    assert_eq!(input(&root, "sim-forms").value(), "-150, 0, 150");
    assert_eq!(input(&root, "sim-withdrawal-after").value(), "2, 4, 7");
    assert_eq!(input(&root, "sim-k").value(), "3");
    assert_eq!(input(&root, "sim-draw-peak").value(), "0.6");
    assert_eq!(input(&root, "sim-seed").value(), defaults.seed.to_string());
    for id in [
        "sim-players",
        "sim-rating-sds",
        "sim-tournaments",
        "sim-seed",
        "sim-workers",
    ] {
        let label = find(&root, &format!("label[for={id}]"));
        assert!(
            label.is_some_and(|l| !text(&l).is_empty()),
            "{id} has a label"
        );
    }
    assert!(!run_disabled(&root));

    // The engine's message, next to the field it concerns.
    set_input(&input(&root, "sim-players"), "1", "input");
    settle().await;
    assert!(
        error_text(&root, "sim-players").starts_with("Players must be between 2 and 256"),
        "{}",
        error_text(&root, "sim-players")
    );
    assert_eq!(
        input(&root, "sim-players")
            .get_attribute("aria-invalid")
            .as_deref(),
        Some("true")
    );
    assert!(run_disabled(&root));

    // Six players cannot withdraw after 7 of their 5 games: said at n, and at the players
    // (the field just changed).
    set_input(&input(&root, "sim-players"), "6", "input");
    settle().await;
    assert!(
        error_text(&root, "sim-players").starts_with("Too few players"),
        "{}",
        error_text(&root, "sim-players")
    );
    assert!(
        error_text(&root, "sim-withdrawal-after").contains("withdrawal after 7 games"),
        "{}",
        error_text(&root, "sim-withdrawal-after")
    );
    assert!(run_disabled(&root));

    // What does not parse is reported by the form itself.
    set_input(&input(&root, "sim-players"), "10", "input");
    set_input(&input(&root, "sim-forms"), "-150, lots", "input");
    settle().await;
    assert!(error_text(&root, "sim-forms").contains("“lots”"));
    assert_eq!(error_text(&root, "sim-withdrawal-after"), "");
    set_input(&input(&root, "sim-forms"), "-150, 0, 150", "input");

    // Valid settings are remembered in the store (and so persisted); invalid ones are not.
    set_input(&input(&root, "sim-tournaments"), "500", "input");
    settle().await;
    assert!(!run_disabled(&root));
    assert_eq!(
        store.settings.with_untracked(|s| s.simulation.tournaments),
        500
    );
    set_input(&input(&root, "sim-tournaments"), "0", "input");
    settle().await;
    assert!(error_text(&root, "sim-tournaments").starts_with("Tournaments per scenario must be"));
    assert_eq!(
        store.settings.with_untracked(|s| s.simulation.tournaments),
        500
    );

    set_input(&input(&root, "sim-workers"), "0", "input");
    set_input(&input(&root, "sim-tournaments"), "500", "input");
    settle().await;
    assert!(!error_text(&root, "sim-workers").is_empty());
    assert!(run_disabled(&root));
}

#[wasm_bindgen_test]
async fn the_results_show_the_table_the_plot_and_the_papers_claims_next_to_ours() {
    let config = StudyConfig {
        tournaments: 60,
        ..StudyConfig::default()
    };
    let (result, _) = through_the_worker_path(&config, 25);
    let checks = result.summary.compare_with_paper();
    let finished = Finished {
        result: result.clone(),
        elapsed_ms: 1234.0,
        workers: 2,
    };
    let (root, _handle) = mount(move || {
        let finished = Signal::derive(move || Some(finished.clone()));
        view! { <SimResults finished=finished running=Signal::derive(|| false) /> }
    });
    settle().await;

    let claims = find(&root, "[data-testid=sim-claims]").expect("the claims table");
    let rows = all(&claims, "tbody tr");
    assert_eq!(rows.len(), 5, "the paper's five headline claims");
    for (row, check) in rows.iter().zip(&checks) {
        let cells = texts(row, "th, td");
        assert_eq!(cells[0], check.claim);
        assert_eq!(cells[1], check.paper);
        assert_eq!(cells[2], check.ours);
        assert_eq!(cells[3], verdict_words(Locale::en, check.verdict).0);
    }
    assert_eq!(texts(&rows[0], "td")[0], "26 % lower");
    assert_eq!(
        texts(&rows[0], "td")[1],
        format!("{:.1} % lower", result.summary.bayes_vs_fide_pct)
    );
    assert_eq!(texts(&rows[3], "td")[0], "in all 18 scenarios");
    let note = text(&find(&root, "[data-testid=sim-note]").expect("the note"));
    assert!(note.contains("seed 20260528"), "{note}");

    // The RMSE table: one row per scenario, the lowest of each row highlighted.
    let table = find(&root, "[data-testid=sim-table]").expect("the RMSE table");
    let rows = all(&table, "tbody tr");
    assert_eq!(rows.len(), 18);
    for (row, scenario) in rows.iter().zip(&result.scenarios) {
        let best: Vec<String> = all(row, "td.best")
            .iter()
            .filter_map(|c| c.get_attribute("data-method"))
            .collect();
        let min = scenario
            .rmse
            .to_array()
            .into_iter()
            .fold(f64::INFINITY, f64::min);
        let want: Vec<String> = engine::simulate::METHODS
            .iter()
            .filter(|&&m| scenario.rmse.get(m) == min)
            .map(|m| m.id().to_string())
            .collect();
        assert_eq!(best, want, "{scenario:?}");
    }
    let plot = find(&root, "[data-testid=sim-plot]").expect("the plot");
    assert!(find(&plot, "svg").is_some());
    assert_eq!(all(&plot, ".sim-legend li").len(), 6);
    assert!(find(&root, "[data-testid=sim-csv]").is_some());
    assert!(
        text(&find(&root, "[data-testid=sim-run-info]").expect("run info"))
            .contains("1.2 s on 2 Web Workers")
    );
}
