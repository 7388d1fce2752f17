//! The withdrawal view: the imputed table, the k slider, the formula panel.

use crate::support::*;
use crosstable::components::withdrawal::WithdrawalScreen;

fn mount_withdrawal(store: Store) -> (HtmlElement, impl Drop) {
    mount(move || {
        provide_context(store);
        view! { <WithdrawalScreen event_id=EventId::new(EXAMPLE_ID) /> }
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
    // The headline pair first (issue 11: on a phone they are what fits), then the others.
    for (label, want) in policies.iter().zip([
        "FIDE rule",
        "Bayesian",
        "Annul",
        "Forfeit",
        "Elo only",
        "Performance only",
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
    store.set_withdrawal(&EventId::new(EXAMPLE_ID), 7, Some(6));
    settle().await;
    assert_eq!(rows(), 7);
    let head = find(&root, "[data-testid=imputed-table] thead")
        .map(|e| text(&e))
        .unwrap_or_default();
    assert!(head.contains("Withdrawn opponent"), "{head}");
    // Clearing it again; player 4 stays (recorded).
    store.set_withdrawal(&EventId::new(EXAMPLE_ID), 7, None);
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
    store.update_event(&EventId::new(EXAMPLE_ID), |t| {
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
