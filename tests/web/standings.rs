//! The standings tab: tie-breaks, breakdown, why-above, rating changes.

use crate::support::*;
use crosstable::components::standings::StandingsTable;
use engine::tiebreak::{self, System, Tiebreak};

fn mount_standings(store: Store) -> (HtmlElement, impl Drop) {
    mount(move || {
        provide_context(store);
        view! { <StandingsTable event_id=EventId::new(EXAMPLE_ID) /> }
    })
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
            name.contains(&t.player(row.start_no).expect("a player").name),
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

    // The list is kept in the event itself (saved and exported with it); the settings keep
    // only the tab's preferences for it.
    let event = store
        .tournament_now(&EventId::new(EXAMPLE_ID))
        .expect("the example");
    assert_eq!(codes(&event.tiebreaks()), want);
    // TRF-2026 writes the list as its 202 record; TRF16 as our XXT extension.
    assert!(engine::trf::write(&event).contains(&format!("\n202 {}\n", want.join(" "))));
    assert!(engine::trf::write_trf16(&event).contains(&format!("XXT {}", want.join(", "))));
    let settings = store.settings.get_untracked();
    assert!(settings
        .standings
        .get(EXAMPLE_ID)
        .is_none_or(|v| v.rules == "fide2026"));
}

#[wasm_bindgen_test]
async fn the_standings_tab_shows_the_events_own_list_and_keeps_its_rules_apart() {
    let mut event = example_event();
    let list = Tiebreak::parse_list("SB,WIN,DE").expect("codes");
    event.tournament.set_tiebreaks(&list);
    let store = Store::in_memory(vec![event], Settings::default());
    let (root, _handle) = mount_standings(store);
    settle().await;
    assert_eq!(tiebreak_columns(&root), codes(&list));
    // The rule version is a preference: it goes to the settings, the event stays as it was.
    let before = store.tournament_now(&EventId::new(EXAMPLE_ID));
    let rules = find(&root, "[data-testid=tiebreak-rules]").expect("the rules select");
    choose(&rules, "fide2023");
    settle().await;
    assert_eq!(store.tournament_now(&EventId::new(EXAMPLE_ID)), before);
    let view = store.settings.get_untracked().standings[EXAMPLE_ID].clone();
    assert_eq!(view.rules, "fide2023");
    assert_eq!(view.basis, "recorded");
    assert_eq!(
        tiebreak_columns(&root),
        codes(&list),
        "the list is unchanged"
    );
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
    // The value and its row are marked as chosen, nothing else.
    assert!(tr.class_list().contains("selected"));
    assert_eq!(
        all(&tr, "button.value")[sb]
            .get_attribute("aria-pressed")
            .as_deref(),
        Some("true")
    );
    assert_eq!(
        all(
            &root,
            "[data-testid=tiebreak-standings] [aria-pressed=\"true\"]"
        )
        .len(),
        2,
        "the name and the value"
    );
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
        let name = &t.player(opponent).expect("a player").name;
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
    // The rows were patched in place (same columns): every value is the policy's.
    for (tr, row) in all(&root, "[data-testid=tiebreak-standings] tbody tr")
        .iter()
        .zip(&s.rows)
    {
        let cells = texts(tr, "td");
        assert_eq!(
            cells[0],
            row.rank.to_string(),
            "rank of player {}",
            row.start_no
        );
        let name = texts(tr, "th button.player-button");
        let want = t.player(row.start_no).map(|p| p.name.clone());
        assert_eq!(
            name.first(),
            want.as_ref(),
            "name of player {}",
            row.start_no
        );
        for (cell, v) in cells[4..].iter().zip(&row.values) {
            let short =
                crosstable::words::tiebreak::value_short(crosstable::i18n::Locale::en, v.value);
            let want = if short.is_empty() {
                "–".to_string()
            } else {
                short
            };
            assert_eq!(cell, &want, "player {}", row.start_no);
        }
    }
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
        .tournament(EventId::new(EXAMPLE_ID))
        .get_untracked()
        .and_then(|t| t.player(first.start_no).cloned())
        .expect("the player");
    assert_eq!(player.k_override, Some(40));
    let rows = all(&root, "[data-testid=rating-changes] tbody tr");
    assert!(texts(&rows[0], "td")[1].starts_with("40"));
}
