//! Component tests in headless Chromium (wasm-bindgen-test):
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown -p crosstable --test web`.
//! wasm32 only: natively there is no DOM to mount into.
//!
//! Each test mounts components into a fresh element and asserts on that element's DOM. Leptos
//! 0.8 updates the DOM asynchronously, hence [`settle`] after every change. Tests run one at a
//! time (wasm-bindgen-test's concurrency is 1); only `storage_*` touches localStorage.
#![cfg(target_arch = "wasm32")]

use crosstable::components::crosstable::Crosstable;
use crosstable::components::event_list::EventList;
use crosstable::components::import_file::{import_text, ImportFile};
use crosstable::components::rounds::RoundsPanel;
use crosstable::pages::withdrawal::WithdrawalScreen;
use crosstable::persist;
use crosstable::store::{example_event, Settings, Store, EXAMPLE_ID};
use leptos::prelude::*;
use leptos_router::components::Router;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{Element, HtmlElement, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

/// A TRF whose line 4 is a player line with a garbage start number and rating (the same file
/// the end-to-end test uses).
const BROKEN_TRF: &str = "012 Broken Event\n022 Nowhere\n062 2\n\
001 XXXX m    Broken, Bob                       ABCD NOR\n";

/// Mounts `view` into a new element of the document; keep the handle alive while testing.
fn mount<V: IntoView + 'static>(view: impl FnOnce() -> V + 'static) -> (HtmlElement, impl Drop) {
    let document = leptos::prelude::document();
    let root: HtmlElement = document
        .create_element("div")
        .expect("create a <div>")
        .unchecked_into();
    document
        .body()
        .expect("the test page has a <body>")
        .append_child(&root)
        .expect("append the root");
    let handle = leptos::mount::mount_to(root.clone(), view);
    (root, handle)
}

/// A store with the example only, not connected to browser storage.
fn example_store() -> Store {
    Store::in_memory(vec![example_event()], Settings::default())
}

/// Lets Leptos run its effects and update the DOM.
async fn settle() {
    for _ in 0..3 {
        leptos::task::tick().await;
    }
    sleep(0).await;
    leptos::task::tick().await;
}

async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .expect("a window")
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .expect("setTimeout");
    });
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .expect("the timeout resolves");
}

fn find(root: &Element, selector: &str) -> Option<Element> {
    root.query_selector(selector).expect("a valid selector")
}

fn all(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).expect("a valid selector");
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<Element>().ok())
        .collect()
}

fn text(e: &Element) -> String {
    e.text_content().unwrap_or_default()
}

fn texts(root: &Element, selector: &str) -> Vec<String> {
    all(root, selector).iter().map(text).collect()
}

/// Sets an input's value and dispatches a bubbling event of `kind`, as a user's input does.
fn set_input(input: &Element, value: &str, kind: &str) {
    let input: &HtmlInputElement = input.dyn_ref().expect("an <input>");
    input.set_value(value);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    let event = web_sys::Event::new_with_event_init_dict(kind, &init).expect("an event");
    input.dispatch_event(&event).expect("dispatch");
}

fn mount_withdrawal(store: Store) -> (HtmlElement, impl Drop) {
    mount(move || {
        provide_context(store);
        view! { <WithdrawalScreen event_id=EXAMPLE_ID.to_string() /> }
    })
}

#[wasm_bindgen_test]
async fn imputed_table_lists_the_four_unplayed_games_under_six_policies() {
    let (root, _handle) = mount_withdrawal(example_store());
    settle().await;
    let table = find(&root, "[data-testid=imputed-table]").expect("the imputed table");
    assert_eq!(all(&table, "tbody tr").len(), 4, "four unplayed games");
    let policies = texts(&table, "thead th.policy");
    assert_eq!(policies.len(), 6, "{policies:?}");
    for (label, want) in policies.iter().zip([
        "FIDE rule",
        "Annul",
        "Forfeit",
        "Elo only",
        "Performance only",
        "Bayesian",
    ]) {
        assert!(label.starts_with(want), "{label} should start with {want}");
    }
    // The withdrawn player played 5 of 9 games: FIDE resolves to forfeit, every cell 1.00.
    let fide: Vec<String> = all(&table, "tbody tr")
        .iter()
        .filter_map(|row| find(row, "td.official"))
        .map(|c| text(&c))
        .collect();
    assert_eq!(fide.len(), 4);
    assert!(fide.iter().all(|t| t.starts_with("1.00")), "{fide:?}");
    assert!(find(&root, "[data-testid=standings]").is_some());
    assert!(find(&root, "[data-testid=example-note]").is_some());
}

#[wasm_bindgen_test]
async fn moving_the_k_slider_changes_the_bayesian_cells_only() {
    let store = example_store();
    let (root, _handle) = mount_withdrawal(store);
    settle().await;
    let bayes = || texts(&root, "[data-testid=imputed-table] tbody td.bayes");
    let forfeit = || texts(&root, "[data-testid=imputed-table] tbody td.policy-forfeit");
    let standings = || {
        find(&root, "[data-testid=standings] tbody")
            .map(|e| text(&e))
            .unwrap_or_default()
    };
    let (bayes_before, forfeit_before, standings_before) = (bayes(), forfeit(), standings());
    assert_eq!(bayes_before.len(), 4);

    let slider = find(&root, "[data-testid=k-slider]").expect("the k slider");
    assert_eq!(slider.get_attribute("min").as_deref(), Some("0"));
    assert_eq!(slider.get_attribute("max").as_deref(), Some("20"));
    assert_eq!(slider.get_attribute("step").as_deref(), Some("0.5"));
    set_input(&slider, "10", "input");
    settle().await;

    assert_eq!(store.settings.get_untracked().k, 10.0);
    let bayes_after = bayes();
    assert_ne!(bayes_after, bayes_before, "Bayesian cells follow k");
    assert_eq!(forfeit(), forfeit_before, "forfeit does not depend on k");
    assert_ne!(standings(), standings_before, "the standings follow k");
    // More prior weight pulls every imputed score towards its Elo expectation, i.e. down here
    // (the withdrawn player underperformed, so the residual is positive).
    for (a, b) in bayes_before.iter().zip(&bayes_after) {
        let (a, b): (f64, f64) = (
            a.trim_end_matches('*').parse().expect("a number"),
            b.trim_end_matches('*').parse().expect("a number"),
        );
        assert!(b < a, "{b} < {a}");
    }
}

#[wasm_bindgen_test]
async fn a_second_withdrawal_adds_its_games_and_follows_edits() {
    let store = example_store();
    let (root, _handle) = mount_withdrawal(store);
    settle().await;
    let rows = || all(&root, "[data-testid=imputed-table] tbody tr").len();
    assert_eq!(rows(), 4);
    // Player 7 leaves after round 6 too: three more unplayed games (rounds 7–9), the policy
    // table names each game's withdrawn player, and the view follows without a reload.
    store.set_withdrawal(EXAMPLE_ID, 7, Some(6));
    settle().await;
    assert_eq!(rows(), 7);
    let head = find(&root, "[data-testid=imputed-table] thead")
        .map(|e| text(&e))
        .unwrap_or_default();
    assert!(head.contains("Withdrawn opponent"), "{head}");
    // Clearing it again; player 4 stays (recorded).
    store.set_withdrawal(EXAMPLE_ID, 7, None);
    settle().await;
    assert_eq!(rows(), 4);
}

#[wasm_bindgen_test]
async fn the_formula_panel_shows_the_live_numbers() {
    let (root, _handle) = mount_withdrawal(example_store());
    settle().await;
    let formula = || {
        find(&root, "[data-testid=formula]")
            .map(|e| text(&e))
            .expect("the formula panel")
    };
    let at_3 = formula();
    assert!(at_3.contains("5/(5 + 3)"), "{at_3}");
    assert!(at_3.contains("0.625"), "w = 5/8: {at_3}");
    assert!(at_3.contains("no clamp needed"), "{at_3}");

    let slider = find(&root, "[data-testid=k-slider]").expect("the k slider");
    set_input(&slider, "10", "input");
    settle().await;
    let at_10 = formula();
    assert!(at_10.contains("5/(5 + 10)"), "{at_10}");
    assert!(at_10.contains("0.333"), "w = 5/15: {at_10}");

    // Choosing another game explains that one.
    let radios = all(&root, "[data-testid=imputed-table] input[type=radio]");
    assert_eq!(radios.len(), 4);
    let last_player = texts(&root, "[data-testid=imputed-table] tbody td:nth-child(3)")
        .pop()
        .expect("a player");
    radios[3]
        .dyn_ref::<HtmlElement>()
        .expect("an element")
        .click();
    settle().await;
    assert!(formula().contains(&last_player), "{last_player}");
}

#[wasm_bindgen_test]
async fn a_clamp_that_bites_is_said_in_the_table_and_the_formula() {
    use engine::{Color, GameResult, Outcome};
    let store = example_store();
    // The withdrawn player (4) loses all five games: s̄ = 0, δ ≈ 0.51, so at k = 0 the first
    // opponent's E + δ exceeds 1.
    store.update_event(EXAMPLE_ID, |t| {
        for round in t.rounds.iter_mut().take(5) {
            for g in &mut round.games {
                if let Some(colour) = g.colour_of(4) {
                    g.result = GameResult::Played(if colour == Color::White {
                        Outcome::BlackWins
                    } else {
                        Outcome::WhiteWins
                    });
                }
            }
        }
    });
    store.set_k(0.0);
    let (root, _handle) = mount_withdrawal(store);
    settle().await;
    let bayes = texts(&root, "[data-testid=imputed-table] tbody td.bayes");
    assert!(bayes[0].contains("1.00*"), "{bayes:?}");
    assert!(
        bayes[0].contains("clamped"),
        "screen readers hear it: {bayes:?}"
    );
    let formula = find(&root, "[data-testid=formula]")
        .map(|e| text(&e))
        .unwrap_or_default();
    assert!(
        formula.contains("outside [0, 1]: it is clamped to 1.000"),
        "{formula}"
    );
}

#[wasm_bindgen_test]
async fn the_number_input_sets_k_too() {
    let store = example_store();
    let (root, _handle) = mount_withdrawal(store);
    settle().await;
    let number = find(&root, "input.k-number").expect("the k number input");
    set_input(&number, "2.5", "input");
    settle().await;
    assert_eq!(store.settings.get_untracked().k, 2.5);
    let slider = find(&root, "[data-testid=k-slider]").expect("the k slider");
    assert_eq!(
        slider.dyn_ref::<HtmlInputElement>().map(|i| i.value()),
        Some("2.5".into())
    );
    // Rubbish is ignored, not stored.
    set_input(&number, "-4", "input");
    settle().await;
    assert_eq!(store.settings.get_untracked().k, 2.5);
}

#[wasm_bindgen_test]
async fn the_crosstable_renders_one_row_per_player_and_edits_results() {
    let store = example_store();
    let (root, _handle) = mount(move || {
        provide_context(store);
        let tournament = store.tournament(EXAMPLE_ID.to_string());
        view! { <Crosstable event_id=EXAMPLE_ID.to_string() tournament=tournament /> }
    });
    settle().await;
    let table = find(&root, "[data-testid=crosstable]").expect("the crosstable");
    let rows = all(&table, "tbody tr");
    assert_eq!(rows.len(), 10);
    // Row 1, the cell against player 2: a draw in the example.
    let cell = rows[0]
        .query_selector("td:nth-child(5) button")
        .ok()
        .flatten()
        .expect("a result button");
    assert_eq!(text(&cell), "½");
    let points_before = store
        .tournament(EXAMPLE_ID.into())
        .get_untracked()
        .map(|t| t.points(1));

    // Keyboard: "1" = the row's player wins.
    let init = web_sys::KeyboardEventInit::new();
    init.set_key("1");
    init.set_bubbles(true);
    let key = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init)
        .expect("a keyboard event");
    cell.dispatch_event(&key).expect("dispatch");
    settle().await;
    assert_eq!(text(&cell), "1", "the same button shows the new result");
    let points_after = store
        .tournament(EXAMPLE_ID.into())
        .get_untracked()
        .map(|t| t.points(1));
    assert_eq!(
        points_after.map(|p| p.0),
        points_before.map(|p| p.0 + 1),
        "half a point more"
    );
    // The opponent's mirror cell (row 2, against player 1) shows the loss.
    let mirror = rows[1]
        .query_selector("td:nth-child(4) button")
        .ok()
        .flatten()
        .expect("the mirror cell");
    assert_eq!(text(&mirror), "0");
}

#[wasm_bindgen_test]
async fn a_broken_trf_shows_its_line_and_changes_nothing() {
    let store = example_store();
    let before = store.events.get_untracked();

    // The function the file input calls once the file is read.
    let err = import_text(store, "broken.trf", BROKEN_TRF).expect_err("a broken file");
    assert!(err.contains("line 4"), "{err}");
    assert_eq!(store.events.get_untracked(), before);

    // And through the file input itself, as a user picks the file.
    let (root, _handle) = mount(move || {
        provide_context(store);
        view! {
            <Router>
                <ImportFile />
            </Router>
        }
    });
    settle().await;
    assert!(
        find(&root, "[data-testid=import-error]").is_none(),
        "no error before"
    );
    let input = find(&root, "[data-testid=import-file]").expect("the file input");
    assert_eq!(
        input.get_attribute("accept").as_deref(),
        Some(".trf,.txt,.json")
    );
    let parts = js_sys::Array::of1(&JsValue::from_str(BROKEN_TRF));
    let file = web_sys::File::new_with_str_sequence(&parts, "broken.trf").expect("a file");
    let transfer = web_sys::DataTransfer::new().expect("a DataTransfer");
    transfer.items().add_with_file(&file).expect("add the file");
    input
        .dyn_ref::<HtmlInputElement>()
        .expect("an <input>")
        .set_files(transfer.files().as_ref());
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    input
        .dispatch_event(
            &web_sys::Event::new_with_event_init_dict("change", &init).expect("an event"),
        )
        .expect("dispatch");

    // Reading the file is asynchronous: wait for the message (at most ~2 s).
    let mut message = None;
    for _ in 0..100 {
        settle().await;
        if let Some(e) = find(&root, "[data-testid=import-error]") {
            message = Some(text(&e));
            break;
        }
        sleep(20).await;
    }
    let message = message.expect("the import error appears");
    assert!(message.contains("line 4"), "{message}");
    assert!(message.contains("broken.trf"), "{message}");
    assert_eq!(store.events.get_untracked(), before, "nothing imported");
}

#[wasm_bindgen_test]
async fn imported_names_are_text_not_markup() {
    let mut event = example_event();
    event.tournament.name = "<img src=x onerror=alert(1)> Open".into();
    let store = Store::in_memory(vec![event], Settings::default());
    let (root, _handle) = mount(move || {
        provide_context(store);
        view! { <EventList /> }
    });
    settle().await;
    let list = find(&root, "[data-testid=event-list]").expect("the event list");
    let items = all(&list, "[data-testid=event-item]");
    assert_eq!(items.len(), 1);
    assert!(text(&items[0]).contains("<img src=x onerror=alert(1)> Open"));
    assert!(
        find(&list, "img").is_none(),
        "no element made from the name"
    );
}

/// Removes every key of ours from localStorage.
fn clear_our_storage() {
    let storage = web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .expect("localStorage");
    let keys: Vec<String> = (0..storage.length().unwrap_or(0))
        .filter_map(|i| storage.key(i).ok().flatten())
        .filter(|k| k.starts_with("crosstable."))
        .collect();
    for k in keys {
        storage.remove_item(&k).expect("remove");
    }
}

fn stored(key: &str) -> Option<String> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(key).ok().flatten())
}

#[wasm_bindgen_test]
async fn storage_first_visit_autosave_reload_and_unreadable_keys() {
    clear_our_storage();

    // First visit: the example is created and saved by the persistence effect.
    let (_root, handle) = mount(|| {
        let store = Store::load();
        assert!(store.first_visit);
        store.persist();
        store.set_k(7.5);
        provide_context(store);
    });
    settle().await;
    let saved = stored(&persist::event_key(EXAMPLE_ID)).expect("the example is saved");
    assert!(saved.contains("\"format\": \"crosstable\""), "{saved}");
    assert!(stored(persist::INDEX_KEY).is_some());
    assert!(stored(persist::SETTINGS_KEY).is_some_and(|s| s.contains("7.5")));
    drop(handle);

    // A key that cannot be read, and one from a newer version: kept, listed as problems.
    let storage = web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .expect("localStorage");
    let broken = "{\"format\":\"crosstable\",\"version\":1,\"tournament\":{oops";
    let newer = "{\"format\":\"crosstable\",\"version\":99,\"tournament\":{}}";
    storage
        .set_item(&persist::event_key("broken"), broken)
        .expect("set");
    storage
        .set_item(&persist::event_key("future"), newer)
        .expect("set");

    // Reload: the example and k come back; the bad keys are set aside, untouched.
    let (root, handle) = mount(|| {
        let store = Store::load();
        store.persist();
        provide_context(store);
        view! { <crosstable::components::storage_banner::StorageBanner /> }
    });
    settle().await;
    let store = Store::load();
    assert!(!store.first_visit);
    assert_eq!(store.settings.get_untracked().k, 7.5);
    let ids: Vec<String> = store
        .events
        .get_untracked()
        .into_iter()
        .map(|e| e.id)
        .collect();
    assert_eq!(ids, vec![EXAMPLE_ID.to_string()]);
    let problems = store.problems.get_untracked();
    let keys: Vec<&str> = problems
        .quarantined
        .iter()
        .map(|q| q.key.as_str())
        .collect();
    assert!(keys.contains(&"crosstable.v1.event.broken"), "{keys:?}");
    assert!(keys.contains(&"crosstable.v1.event.future"), "{keys:?}");
    let banner = find(&root, "[data-testid=storage-error]").expect("the banner");
    assert!(text(&banner).contains("crosstable.v1.event.broken"));
    assert!(text(&banner).contains("newer"), "{}", text(&banner));
    assert_eq!(
        stored(&persist::event_key("broken")).as_deref(),
        Some(broken)
    );
    assert_eq!(
        stored(&persist::event_key("future")).as_deref(),
        Some(newer)
    );
    drop(handle);
    clear_our_storage();
}

#[wasm_bindgen_test]
async fn the_app_shows_its_name() {
    let (root, _handle) = mount(crosstable::App);
    settle().await;
    let heading = find(&root, "h1").expect("the app renders an <h1>");
    assert_eq!(heading.text_content().as_deref(), Some("Crosstable"));
    assert!(find(&root, "[data-testid=open-example]").is_some());
    assert!(find(&root, "[data-testid=event-list]").is_some());
}

// --- The standings tab: tie-breaks, breakdown, why-above, rating changes ---

use crosstable::components::standings::StandingsTable;
use engine::tiebreak::{self, System, Tiebreak};

fn mount_standings(store: Store) -> (HtmlElement, impl Drop) {
    mount(move || {
        provide_context(store);
        view! { <StandingsTable event_id=EXAMPLE_ID.to_string() /> }
    })
}

/// Sets a `<select>`'s value and dispatches `change`, as a user's choice does.
fn choose(select: &Element, value: &str) {
    js_sys::Reflect::set(
        select,
        &JsValue::from_str("value"),
        &JsValue::from_str(value),
    )
    .expect("set value");
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    let event = web_sys::Event::new_with_event_init_dict("change", &init).expect("an event");
    select.dispatch_event(&event).expect("dispatch");
}

fn click(e: &Element) {
    e.dyn_ref::<HtmlElement>().expect("an element").click();
}

/// The tie-break columns of the standings table (after rank, no., player, rating, points).
fn tiebreak_columns(root: &Element) -> Vec<String> {
    texts(root, "[data-testid=tiebreak-standings] thead th")
        .into_iter()
        .skip(5)
        .collect()
}

fn codes(list: &[Tiebreak]) -> Vec<String> {
    list.iter().map(|t| t.code()).collect()
}

/// The example's standings as the engine computes them for `list` (recorded results).
fn engine_standings(list: &[Tiebreak]) -> (engine::Tournament, tiebreak::Standings) {
    let t = engine::example::withdrawal();
    let config = tiebreak::Config {
        tiebreaks: list.to_vec(),
        ..tiebreak::Config::default()
    };
    let s = tiebreak::standings(&t, &config);
    (t, s)
}

#[wasm_bindgen_test]
async fn the_standings_show_the_round_robin_presets_columns_and_the_engines_order() {
    let (root, _handle) = mount_standings(example_store());
    settle().await;
    let preset = Tiebreak::preset(System::RoundRobin);
    assert_eq!(tiebreak_columns(&root), codes(&preset));
    let select = find(&root, "[data-testid=tiebreak-preset]").expect("the preset select");
    assert_eq!(
        js_sys::Reflect::get(&select, &JsValue::from_str("value"))
            .ok()
            .and_then(|v| v.as_string())
            .as_deref(),
        Some("round-robin")
    );
    let (t, s) = engine_standings(&preset);
    let rows = all(&root, "[data-testid=tiebreak-standings] tbody tr");
    assert_eq!(rows.len(), t.players.len());
    for (tr, row) in rows.iter().zip(&s.rows) {
        let cells = texts(tr, "td");
        assert_eq!(cells[0], row.rank.to_string(), "rank");
        assert_eq!(cells[1], row.start_no.to_string(), "start number");
        let name = find(tr, "th").map(|e| text(&e)).unwrap_or_default();
        assert!(
            name.contains(&t.players[row.start_no as usize - 1].name),
            "{name}"
        );
        // One cell per tie-break, the engine's value (empty values show as "–").
        for (cell, v) in cells[4..].iter().zip(&row.values) {
            let want = v.value.map_or("–".to_string(), |n| n.to_string());
            assert_eq!(cell, &want);
        }
        assert_eq!(
            tr.class_list().contains("withdrawn"),
            row.withdrawn,
            "withdrawn players are marked"
        );
    }
    let withdrawn = all(&root, "[data-testid=tiebreak-standings] tr.withdrawn");
    assert_eq!(withdrawn.len(), 1);
    assert!(text(&withdrawn[0]).contains("withdrew after round 5"));
}

#[wasm_bindgen_test]
async fn changing_the_list_changes_the_columns_and_is_stored() {
    let store = example_store();
    let (root, _handle) = mount_standings(store);
    settle().await;
    let editor = find(&root, "[data-testid=tiebreak-editor]").expect("the editor");

    // The Swiss preset.
    let preset = find(&root, "[data-testid=tiebreak-preset]").expect("the preset select");
    choose(&preset, "swiss");
    settle().await;
    let swiss = codes(&Tiebreak::preset(System::Swiss));
    assert_eq!(tiebreak_columns(&root), swiss);

    // Remove the first (DE), then move the last one (BPG) up.
    click(&find(&editor, "button[aria-label='Remove DE']").expect("remove DE"));
    settle().await;
    let mut want: Vec<String> = swiss[1..].to_vec();
    assert_eq!(tiebreak_columns(&root), want);
    click(&find(&editor, "button[aria-label='Move BPG up']").expect("move BPG up"));
    settle().await;
    let n = want.len();
    want.swap(n - 1, n - 2);
    assert_eq!(tiebreak_columns(&root), want);

    // Add a code by keyboard (Enter in the input).
    let input = find(&editor, "#tb-add-code").expect("the code input");
    input
        .dyn_ref::<HtmlInputElement>()
        .expect("an input")
        .set_value("ARO-C1");
    let init = web_sys::KeyboardEventInit::new();
    init.set_key("Enter");
    init.set_bubbles(true);
    let enter = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init)
        .expect("a keyboard event");
    input.dispatch_event(&enter).expect("dispatch");
    settle().await;
    want.push("ARO-C1".into());
    assert_eq!(tiebreak_columns(&root), want);

    // A code the engine does not know is refused with its message; the list stays.
    input
        .dyn_ref::<HtmlInputElement>()
        .expect("an input")
        .set_value("XYZ");
    click(&find(&editor, "[data-testid=tiebreak-add]").expect("the add button"));
    settle().await;
    let alert = find(&editor, "[role=alert]")
        .map(|e| text(&e))
        .unwrap_or_default();
    assert!(alert.contains("unknown tie-break"), "{alert}");
    assert_eq!(tiebreak_columns(&root), want);

    // The choice is kept in the store's settings for this event.
    let stored = store
        .settings
        .get_untracked()
        .tiebreaks
        .get(EXAMPLE_ID)
        .cloned()
        .expect("stored");
    assert_eq!(stored.tiebreaks, want);
    assert_eq!(stored.rules, "fide2026");
}

#[wasm_bindgen_test]
async fn the_breakdown_lists_the_opponents_of_a_value() {
    let (root, _handle) = mount_standings(example_store());
    settle().await;
    let preset = Tiebreak::preset(System::RoundRobin);
    let sb = preset
        .iter()
        .position(|t| t.code() == "SB")
        .expect("SB in the preset");
    let (t, s) = engine_standings(&preset);
    // The second row's SB value.
    let row = &s.rows[1];
    let tr = all(&root, "[data-testid=tiebreak-standings] tbody tr")[1].clone();
    let buttons = all(&tr, "button.value");
    click(&buttons[sb]);
    settle().await;
    let panel = find(&root, "[data-testid=tiebreak-breakdown]").expect("the breakdown");
    let heading = find(&panel, "h4").map(|e| text(&e)).unwrap_or_default();
    assert!(heading.contains("SB"), "{heading}");
    assert!(
        heading.contains(&row.values[sb].value.expect("a value").to_string()),
        "{heading}"
    );
    let items = all(&panel, "table.breakdown-items tbody tr");
    let want = &row.values[sb].explanation.items;
    assert_eq!(items.len(), want.len());
    for (tr, item) in items.iter().zip(want) {
        let opponent = item.opponent.expect("an opponent in a round-robin");
        let name = &t.players[opponent as usize - 1].name;
        assert!(
            text(tr).contains(name.as_str()),
            "{} lacks {name}",
            text(tr)
        );
    }
    assert!(
        text(&panel).contains("The sum of the counted lines"),
        "the how"
    );
    // The row's other criteria are one click away: KS explains the Koya limit.
    let ks = all(&panel, ".criteria button")
        .into_iter()
        .find(|b| text(b) == "KS")
        .expect("a KS button");
    click(&ks);
    settle().await;
    assert!(text(&panel).contains("reached"), "{}", text(&panel));
}

#[wasm_bindgen_test]
async fn why_above_names_the_decisive_criterion() {
    let (root, _handle) = mount_standings(example_store());
    settle().await;
    let preset = Tiebreak::preset(System::RoundRobin);
    let (_, s) = engine_standings(&preset);
    let why = find(&root, "[data-testid=why-above]").expect("why-above");
    let headline = find(&why, ".why-headline").expect("a headline");
    let decisive = headline
        .get_attribute("data-decisive")
        .expect("a criterion");
    assert!(codes(&preset).contains(&decisive), "{decisive}");
    assert!(text(&headline).contains(&decisive), "{}", text(&headline));
    assert!(
        text(&headline).contains("decided by"),
        "{}",
        text(&headline)
    );

    // The last against the first: points decide.
    let (first, last) = (s.rows[0].start_no, s.rows[s.rows.len() - 1].start_no);
    choose(&find(&root, "#why-a").expect("select A"), &last.to_string());
    settle().await;
    choose(
        &find(&root, "#why-b").expect("select B"),
        &first.to_string(),
    );
    settle().await;
    let headline = find(&why, ".why-headline")
        .map(|e| text(&e))
        .unwrap_or_default();
    assert!(headline.contains("on points"), "{headline}");
    assert!(headline.contains(&format!("#{first} ")), "{headline}");
}

#[wasm_bindgen_test]
async fn a_withdrawal_policy_changes_the_crosstable_the_tiebreaks_use() {
    let store = example_store();
    let (root, _handle) = mount_standings(store);
    settle().await;
    let body = || {
        find(&root, "[data-testid=tiebreak-standings] tbody")
            .map(|e| text(&e))
            .unwrap_or_default()
    };
    let recorded = body();
    choose(
        &find(&root, "[data-testid=standings-basis]").expect("the basis select"),
        "bayes",
    );
    settle().await;
    assert_ne!(body(), recorded, "imputed games change the values");
    let note = find(&root, "#basis-note")
        .map(|e| text(&e))
        .unwrap_or_default();
    assert!(note.contains("imputed game"), "{note}");
    // The engine's standings under the policy, at the store's k.
    let t = engine::example::withdrawal();
    let config = tiebreak::Config {
        tiebreaks: Tiebreak::preset(System::RoundRobin),
        ..tiebreak::Config::default()
    };
    let basis = engine::standings::Basis::Policy(engine::impute::Policy::Bayes);
    let params = store.settings.get_untracked().params();
    let s = engine::standings::compute(&t, basis, params, &config).standings;
    let order: Vec<String> = all(&root, "[data-testid=tiebreak-standings] tbody tr")
        .iter()
        .map(|tr| texts(tr, "td")[1].clone())
        .collect();
    let want: Vec<String> = s.rows.iter().map(|r| r.start_no.to_string()).collect();
    assert_eq!(order, want);
}

#[wasm_bindgen_test]
async fn rating_changes_follow_the_engine_and_the_arbiters_k() {
    let store = example_store();
    let (root, _handle) = mount_standings(store);
    settle().await;
    let table = find(&root, "[data-testid=rating-changes] table").expect("the rating table");
    let report = engine::rating::report(&engine::example::withdrawal());
    let rows = all(&table, "tbody tr");
    assert_eq!(rows.len(), report.changes.len());
    let first = &report.changes[0];
    let cells = texts(&rows[0], "td");
    assert!(cells[1].starts_with(&first.k.to_string()), "{cells:?}");
    assert_eq!(
        cells[6],
        engine::rating::two_decimals(first.change_hundredths)
    );
    assert_eq!(cells[7], format!("{:+}", first.change));
    // The arbiter sets K = 40 for that player: the change follows.
    choose(&find(&rows[0], "select").expect("the K select"), "40");
    settle().await;
    let player = store
        .tournament(EXAMPLE_ID.into())
        .get_untracked()
        .and_then(|t| t.player(first.start_no).cloned())
        .expect("the player");
    assert_eq!(player.k_override, Some(40));
    let rows = all(&root, "[data-testid=rating-changes] tbody tr");
    assert!(texts(&rows[0], "td")[1].starts_with("40"));
}

/// The simulation page: the chunk path the Web Workers take (here in this tab, through the
/// same message encoding), the settings form's validation and the claims table.
mod simulation_page {
    use super::*;
    use crosstable::components::simulation::claims::verdict_words;
    use crosstable::components::simulation::results::{Finished, SimResults};
    use crosstable::pages::simulation::SimulationScreen;
    use crosstable::simulation::book::RunBook;
    use crosstable::simulation::worker::{Job, JobDone, StudyWorker};
    use engine::simulate::{PartialSums, Study, StudyConfig, StudyResult};
    use gloo_worker::{Bincode, Codec};

    /// Runs `config` chunk by chunk as the page does, each job and each answer encoded and
    /// decoded with gloo-worker's codec exactly as `postMessage` carries them.
    fn through_the_worker_path(
        config: &StudyConfig,
        chunk: u64,
    ) -> (StudyResult, Vec<PartialSums>) {
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
    const NATIVE_PINNED_SQUARED_ERROR: [i128; 6] = [
        308_982_963_234_634_989_568,
        161_409_010_644_958_576_640,
        117_254_208_138_542_305_280,
        192_750_000_465_372_938_240,
        121_981_852_956_106_129_408,
        161_409_010_644_958_576_640,
    ];

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

        // Six players cannot withdraw after 7 of their 5 games: the message moves to n.
        set_input(&input(&root, "sim-players"), "6", "input");
        settle().await;
        assert_eq!(error_text(&root, "sim-players"), "");
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
        assert!(
            error_text(&root, "sim-tournaments").starts_with("Tournaments per scenario must be")
        );
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
            assert_eq!(cells[3], verdict_words(check.verdict).0);
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
}

// --- sensitivity, what-if, Learn, share link ---

use crosstable::pages::learn::LearnPage;
use crosstable::pages::sensitivity::SensitivityScreen;
use crosstable::pages::shared::SharedScreen;
use crosstable::pages::whatif::WhatIfScreen;
use crosstable::share::{self, Shared, SharedView};

fn svg_of(root: &Element, testid: &str) -> String {
    find(root, &format!("[data-testid={testid}]"))
        .unwrap_or_else(|| panic!("no {testid}"))
        .inner_html()
}

#[wasm_bindgen_test]
async fn the_sensitivity_view_draws_three_plots_that_follow_k() {
    let store = example_store();
    let (root, _handle) = mount(move || {
        provide_context(store);
        view! { <Router><SensitivityScreen event_id=EXAMPLE_ID.to_string() /></Router> }
    });
    settle().await;
    for id in ["plot-imputed-vs-k", "plot-points-vs-k", "plot-cliff"] {
        let svg = svg_of(&root, id);
        assert!(svg.contains("<svg"), "{id}: {}", &svg[..svg.len().min(80)]);
        let holder = find(&root, &format!("[data-testid={id}]")).unwrap();
        assert_eq!(holder.get_attribute("role").as_deref(), Some("img"));
        assert!(holder
            .get_attribute("aria-label")
            .is_some_and(|l| l.len() > 40));
    }
    assert_eq!(
        all(&root, "[data-testid=imputed-vs-k-table] tbody tr").len(),
        4
    );
    assert_eq!(
        all(&root, "[data-testid=points-vs-k-table] tbody tr").len(),
        10
    );
    assert_eq!(all(&root, "[data-testid=cliff-table] tbody tr").len(), 6);
    let before = svg_of(&root, "plot-imputed-vs-k");
    let cliff_before = svg_of(&root, "plot-cliff");
    store.set_k(8.0);
    settle().await;
    let after = svg_of(&root, "plot-imputed-vs-k");
    assert_ne!(before, after);
    assert!(after.contains("k = 8"));
    assert_ne!(
        cliff_before,
        svg_of(&root, "plot-cliff"),
        "Bayes in the cliff depends on k"
    );
}

#[wasm_bindgen_test]
async fn the_what_if_view_compares_with_the_real_standings() {
    let mut complete = example_event();
    complete.tournament = engine::example::complete();
    let store = Store::in_memory(vec![complete], Settings::default());
    let (root, _handle) = mount(move || {
        provide_context(store);
        view! { <Router><WhatIfScreen event_id=EXAMPLE_ID.to_string() initial_player=4 initial_round=5 /></Router> }
    });
    settle().await;
    assert_eq!(all(&root, "[data-testid=whatif-table] tbody tr").len(), 10);
    assert_eq!(all(&root, "[data-testid=whatif-rmse] tbody tr").len(), 6);
    assert_eq!(all(&root, "[data-testid=whatif-hidden] tbody tr").len(), 4);
    let table = text(&find(&root, "[data-testid=whatif-table]").unwrap());
    let round = find(&root, "[data-testid=whatif-round]").unwrap();
    let select: &web_sys::HtmlSelectElement = round.dyn_ref().expect("a <select>");
    select.set_value("2");
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    round
        .dispatch_event(&web_sys::Event::new_with_event_init_dict("change", &init).unwrap())
        .unwrap();
    settle().await;
    assert_eq!(all(&root, "[data-testid=whatif-hidden] tbody tr").len(), 7);
    assert_ne!(
        text(&find(&root, "[data-testid=whatif-table]").unwrap()),
        table
    );
    let run: HtmlElement = find(&root, "[data-testid=whatif-all-run]")
        .unwrap()
        .unchecked_into();
    run.click();
    settle().await;
    assert_eq!(all(&root, "[data-testid=whatif-summary] tbody tr").len(), 6);
}

#[wasm_bindgen_test]
async fn the_learn_page_follows_the_readers_edits() {
    let (root, _handle) = mount(|| view! { <LearnPage /> });
    settle().await;
    assert!(svg_of(&root, "plot-shrinkage").starts_with("<svg"));
    let expected = text(&find(&root, "[data-testid=learn-expected]").unwrap());
    let rating = find(&root, "[data-testid=learn-rating-3]").unwrap();
    set_input(&rating, "2650", "input");
    settle().await;
    assert_ne!(
        text(&find(&root, "[data-testid=learn-expected]").unwrap()),
        expected
    );
    let conservation = text(&find(&root, "[data-testid=learn-conservation]").unwrap());
    assert!(conservation.contains("add up to 15.00"), "{conservation}");
    assert_eq!(all(&root, "[data-testid=learn-cliff] tbody tr").len(), 5);
}

#[wasm_bindgen_test]
async fn a_shared_view_uses_its_own_store() {
    let real = Store::in_memory(Vec::new(), Settings::default());
    let shared = Shared {
        view: SharedView::Sensitivity,
        tournament: engine::example::withdrawal(),
        player: Some(4),
        round: None,
        k: 6.5,
        expectation: engine::elo::Expectation::Logistic,
    };
    let link = share::encode(&shared);
    let decoded = share::decode(&link).expect("the link decodes in the browser");
    let (root, _handle) = mount(move || {
        provide_context(real);
        view! { <Router><SharedScreen shared=decoded /></Router> }
    });
    settle().await;
    assert!(find(&root, "[data-testid=shared-banner]").is_some());
    assert!(svg_of(&root, "plot-imputed-vs-k").contains("k = 6.5"));
    assert!(
        find(&root, "nav.tabs").is_none(),
        "no tabs to a stored event"
    );
    // Nothing reached the real store.
    assert!(real.events.with_untracked(Vec::is_empty));
    assert_eq!(real.settings.with_untracked(|s| s.k), Settings::default().k);
}

// --- the Rounds tab: result entry by keyboard, undo, refused pairings ---

const SWISS_ID: &str = "swiss";

/// A store with a 7-player, 4-round Swiss whose round 1 is paired (by the engine).
fn swiss_store() -> Store {
    let players = (1..=7u16)
        .map(|i| engine::Player {
            name: format!("Player {i}"),
            rating: Some(2500 - i * 25),
            ..engine::Player::default()
        })
        .collect();
    let mut t = engine::event::create("Club Swiss", engine::Format::Swiss { rounds: 4 }, players)
        .expect("a valid Swiss");
    engine::event::pair_next_round(&mut t).expect("round 1 pairs");
    let event = crosstable::store::SavedEvent {
        id: SWISS_ID.to_string(),
        updated: 0.0,
        revision: 1,
        tournament: t,
    };
    Store::in_memory(vec![event], Settings::default())
}

fn mount_rounds(store: Store) -> (HtmlElement, impl Drop) {
    mount(move || {
        provide_context(store);
        let tournament = store.tournament(SWISS_ID.to_string());
        view! { <RoundsPanel event_id=SWISS_ID.to_string() tournament=tournament /> }
    })
}

fn key_down(target: &Element, key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let event = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init)
        .expect("a keyboard event");
    target.dispatch_event(&event).expect("dispatch");
}

fn stored_round(store: Store, round: usize) -> Option<engine::Round> {
    store
        .tournament(SWISS_ID.into())
        .get_untracked()
        .and_then(|t| t.rounds.get(round - 1).cloned())
}

fn select_values(root: &Element) -> Vec<String> {
    all(root, "[data-testid=board-result]")
        .iter()
        .map(|e| {
            e.dyn_ref::<web_sys::HtmlSelectElement>()
                .expect("a <select>")
                .value()
        })
        .collect()
}

#[wasm_bindgen_test]
async fn results_are_typed_board_by_board_and_the_focus_moves_on() {
    let store = swiss_store();
    let (root, _handle) = mount_rounds(store);
    settle().await;
    let boards = all(&root, "[data-testid=pairing-board]");
    assert_eq!(boards.len(), 3, "7 players: three boards and a bye");
    let expected = stored_round(store, 1).expect("round 1");
    for (row, game) in boards.iter().zip(&expected.games) {
        assert_eq!(
            row.get_attribute("data-white"),
            Some(game.white.to_string())
        );
        assert_eq!(
            row.get_attribute("data-black"),
            Some(game.black.to_string())
        );
    }
    assert_eq!(texts(&root, "[data-testid=pairing-bye]").len(), 1);

    let selects = all(&root, "[data-testid=board-result]");
    selects[0]
        .dyn_ref::<HtmlElement>()
        .expect("an element")
        .focus()
        .expect("focus");
    // "1" on board 1, then the focus is on board 2: "=" there, then "0" on board 3.
    for key in ["1", "=", "0"] {
        let active = document()
            .active_element()
            .expect("something has the focus");
        key_down(&active, key);
        settle().await;
    }
    let round = stored_round(store, 1).expect("round 1");
    let results: Vec<_> = round.games.iter().map(|g| g.result).collect();
    use engine::{GameResult::Played, Outcome};
    assert_eq!(
        results,
        vec![
            Played(Outcome::WhiteWins),
            Played(Outcome::Draw),
            Played(Outcome::BlackWins)
        ]
    );
    assert_eq!(select_values(&root), vec!["1-0", "draw", "0-1"]);

    // ArrowUp goes back to board 2; Delete clears it; "+" records a forfeit win for White.
    let active = document().active_element().expect("focus");
    assert_eq!(
        active.id(),
        selects[2].id(),
        "the focus stays on the last board"
    );
    key_down(&active, "ArrowUp");
    settle().await;
    let active = document().active_element().expect("focus");
    assert_eq!(active.id(), selects[1].id());
    key_down(&active, "Delete");
    settle().await;
    assert_eq!(select_values(&root)[1], "pending");
    key_down(&active, "+");
    settle().await;
    assert_eq!(
        stored_round(store, 1).map(|r| r.games[1].result),
        Some(engine::GameResult::Forfeit(Some(engine::Color::White)))
    );
    // A key that means nothing changes nothing.
    let before = store.tournament(SWISS_ID.into()).get_untracked();
    key_down(&selects[0], "x");
    settle().await;
    assert_eq!(store.tournament(SWISS_ID.into()).get_untracked(), before);
}

#[wasm_bindgen_test]
async fn undo_takes_back_a_pairing_without_results_only() {
    let store = swiss_store();
    let (root, _handle) = mount_rounds(store);
    settle().await;
    let click = |selector: &str| {
        find(&root, selector)
            .and_then(|e| e.dyn_into::<HtmlElement>().ok())
            .expect(selector)
            .click()
    };
    // Pairing round 2 now is refused: round 1 has no results. The message names the round and
    // nothing stored changes.
    let before = store.tournament(SWISS_ID.into()).get_untracked();
    click("[data-testid=pair-next]");
    settle().await;
    let error = find(&root, "[data-testid=pairing-error]").expect("an error is shown");
    assert!(
        text(&error).contains("round 1 still has games without a result"),
        "{}",
        text(&error)
    );
    assert_eq!(store.tournament(SWISS_ID.into()).get_untracked(), before);

    // A result on board 1: the undo is refused, naming the round.
    let first = all(&root, "[data-testid=board-result]")[0].clone();
    key_down(&first, "=");
    settle().await;
    let before = store.tournament(SWISS_ID.into()).get_untracked();
    click("[data-testid=undo-pairing]");
    settle().await;
    let error = find(&root, "[data-testid=pairing-error]").expect("an error is shown");
    assert!(
        text(&error).contains("round 1 already has results"),
        "{}",
        text(&error)
    );
    assert_eq!(store.tournament(SWISS_ID.into()).get_untracked(), before);

    // Cleared again, the undo works: no board, no round stored, "Pair round 1" offered.
    key_down(&first, "Delete");
    settle().await;
    click("[data-testid=undo-pairing]");
    settle().await;
    assert!(all(&root, "[data-testid=pairing-board]").is_empty());
    assert!(find(&root, "[data-testid=pairing-error]").is_none());
    assert!(stored_round(store, 1).is_none());
    let pair = find(&root, "[data-testid=pair-next]").expect("the pair button");
    assert_eq!(text(&pair), "Pair round 1");
    // Pairing again gives the same boards as before.
    click("[data-testid=pair-next]");
    settle().await;
    assert_eq!(all(&root, "[data-testid=pairing-board]").len(), 3);
    assert_eq!(
        stored_round(store, 1).map(|r| r.games),
        before.and_then(|t| t.rounds.first().cloned()).map(|r| {
            r.games
                .into_iter()
                .map(|mut g| {
                    g.result = engine::GameResult::Pending;
                    g
                })
                .collect()
        })
    );
}
