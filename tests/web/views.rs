//! The sensitivity, what-if and Learn views, and a share link opened.

use crate::support::*;
use crosstable::components::insight::sensitivity::SensitivityScreen;
use crosstable::components::insight::whatif::WhatIfScreen;
use crosstable::pages::learn::LearnPage;
use crosstable::pages::shared::SharedScreen;
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
        view! { <Router><SensitivityScreen event_id=EventId::new(EXAMPLE_ID) /></Router> }
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
        view! { <Router><WhatIfScreen event_id=EventId::new(EXAMPLE_ID) initial_player=4 initial_round=5 /></Router> }
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
        game: None,
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
