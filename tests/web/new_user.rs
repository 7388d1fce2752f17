//! Issue 13, "What a new user tripped over": one regression test per item that a component shows.

use crate::support::*;
use crosstable::components::event::header::{EventHeader, EventView};
use crosstable::components::insight::whatif::WhatIfScreen;
use crosstable::components::rounds::RoundsPanel;
use crosstable::components::standings::StandingsTable;
use crosstable::components::withdrawal::prior_controls::PriorControls;
use crosstable::components::withdrawal::WithdrawalScreen;
use crosstable::pages::learn::LearnPage;
use crosstable::pages::shared::SharedScreen;
use crosstable::share::{self, Shared, SharedGame, SharedView};

const SWISS_ID: &str = "swiss";

/// A 6-player, 5-round Swiss with round 1 paired and played (White won every board).
fn swiss_event() -> engine::Tournament {
    let players = (1..=6u16)
        .map(|i| engine::Player {
            name: format!("Player {i}"),
            rating: Some(2400 - i * 20),
            ..engine::Player::default()
        })
        .collect();
    let mut t = engine::event::create("Club Swiss", engine::Format::Swiss { rounds: 5 }, players)
        .expect("a valid Swiss");
    engine::event::pair_next_round(&mut t).expect("round 1 pairs");
    for board in 1..=3 {
        engine::event::set_result(
            &mut t,
            1,
            board,
            engine::GameResult::Played(engine::Outcome::WhiteWins),
        )
        .expect("a board");
    }
    t
}

fn store_with(t: engine::Tournament) -> Store {
    let event = crosstable::store::SavedEvent {
        id: EventId::new(SWISS_ID),
        updated: 0.0,
        revision: 1,
        tournament: t,
    };
    Store::in_memory(vec![event, example_event()], Settings::default())
}

/// Item 5: a Swiss's navigation has no round-robin-only tabs, and their address says what the
/// event has instead.
#[wasm_bindgen_test]
async fn a_swiss_hides_the_round_robin_views_and_their_pages_say_what_is_available() {
    let store = store_with(swiss_event());
    let (root, _handle) = mount(move || {
        provide_context(store);
        let tournament = resolved(store, SWISS_ID);
        view! {
            <Router>
                <EventHeader
                    event_id=EventId::new(SWISS_ID)
                    tournament=tournament
                    current=Signal::derive(|| EventView::Rounds)
                />
            </Router>
        }
    });
    settle().await;
    let tabs = texts(&root, "nav.tabs a");
    // What-if has a Swiss version (issue 10 item 7); Withdrawal, Sensitivity and Chances do not.
    // Details (issue 27) belongs to every event.
    assert_eq!(
        tabs,
        vec![
            "Players",
            "Crosstable",
            "Rounds",
            "Standings",
            "What-if",
            "Details"
        ]
    );
    drop(_handle);

    let (root, _handle) = mount(move || {
        provide_context(store);
        view! { <Router><WithdrawalScreen event_id=EventId::new(SWISS_ID) /></Router> }
    });
    settle().await;
    let panel = find(&root, "[data-testid=view-unavailable]").expect("the unavailable panel");
    assert!(text(&panel).contains("round-robin"), "{}", text(&panel));
    let links: Vec<String> = all(&panel, "a")
        .iter()
        .filter_map(|a| a.get_attribute("href"))
        .collect();
    assert!(
        links.contains(&format!("/event/{SWISS_ID}?tab=rounds")),
        "{links:?}"
    );
    assert!(find(&root, "[data-testid=imputed-table]").is_none());
}

fn mount_rounds(store: Store) -> (HtmlElement, impl Drop) {
    mount(move || {
        provide_context(store);
        let tournament = resolved(store, SWISS_ID);
        view! { <RoundsPanel event_id=EventId::new(SWISS_ID) tournament=tournament /> }
    })
}

/// Records the request form (its submit button, as a user does).
fn record(root: &Element) {
    click(&find(root, "[data-testid=request-bye]").expect("the Record button"));
}

/// Item 6: withdrawing a player from the round already paired explains what happens to the
/// game and offers both choices; the forfeit choice records the forfeit and the withdrawal.
/// Item 12: the form starts afresh after a recorded request.
#[wasm_bindgen_test]
async fn withdrawing_from_a_paired_round_offers_the_arbiters_choices() {
    let mut t = swiss_event();
    engine::event::pair_next_round(&mut t).expect("round 2 pairs");
    let game = t.rounds[1].games[0].clone();
    let store = store_with(t);
    let (root, _handle) = mount_rounds(store);
    settle().await;
    let pair = find(&root, "[data-testid=pair-next]").unwrap();
    assert!(
        !pair.class_list().contains("primary") && text(&pair).contains("results"),
        "the pair button waits for results: {}",
        text(&pair)
    );
    choose(
        &find(&root, "[data-testid=request-player]").unwrap(),
        &game.white.to_string(),
    );
    choose(&find(&root, "[data-testid=request-kind]").unwrap(), "W");
    set_input(
        &find(&root, "[data-testid=request-round]").unwrap(),
        "2",
        "input",
    );
    settle().await;
    record(&root);
    settle().await;
    let error = text(&find(&root, "[data-testid=request-error]").expect("an error"));
    assert!(
        error.contains("already paired") && error.contains("forfeit"),
        "{error}"
    );
    click(&find(&root, "[data-testid=withdraw-forfeit]").expect("the forfeit choice"));
    settle().await;
    let t = store
        .tournament(EventId::new(SWISS_ID))
        .get_untracked()
        .unwrap();
    assert_eq!(
        t.rounds[1].games[0].result,
        engine::GameResult::Forfeit(Some(engine::Color::Black))
    );
    assert_eq!(t.withdrawal_of(game.white).map(|w| w.after_round), Some(2));
    assert!(find(&root, "[data-testid=withdraw-choices]").is_none());

    // A bye request, recorded: the form forgets it.
    choose(&find(&root, "[data-testid=request-player]").unwrap(), "1");
    choose(&find(&root, "[data-testid=request-kind]").unwrap(), "Z");
    set_input(
        &find(&root, "[data-testid=request-round]").unwrap(),
        "4",
        "input",
    );
    settle().await;
    record(&root);
    settle().await;
    assert_eq!(all(&root, "[data-testid=request-item]").len(), 1);
    let player: web_sys::HtmlSelectElement = find(&root, "[data-testid=request-player]")
        .unwrap()
        .unchecked_into();
    let round: HtmlInputElement = find(&root, "[data-testid=request-round]")
        .unwrap()
        .unchecked_into();
    assert_eq!(
        (player.value(), round.value()),
        (String::new(), String::new())
    );
}

/// Item 10: the refusal names the player who withdrew and the complete event to use. Item 9:
/// "Open the complete example" reuses the copy already saved.
#[wasm_bindgen_test]
async fn the_what_if_refusal_names_the_withdrawal_and_the_complete_example_is_reused() {
    let store = example_store();
    let (root, _handle) = mount(move || {
        provide_context(store);
        view! { <Router><WhatIfScreen event_id=EventId::new(EXAMPLE_ID) /></Router> }
    });
    settle().await;
    let panel = text(&find(&root, "[data-testid=whatif-unavailable]").expect("the refusal"));
    let t = engine::example::withdrawal();
    let withdrawn = &t.player(t.withdrawals[0].player).expect("a player").name;
    assert!(panel.contains(&format!("{withdrawn} withdrew")), "{panel}");
    assert!(panel.contains(&engine::example::complete().name), "{panel}");
    let first = store.open_complete_example();
    let count = store.events.with_untracked(Vec::len);
    assert_eq!(store.open_complete_example(), first);
    assert_eq!(store.events.with_untracked(Vec::len), count);
}

/// Item 7: a link opens with its selected game, and a link made there carries it again.
#[wasm_bindgen_test]
async fn the_share_link_carries_the_selected_game() {
    let t = engine::example::withdrawal();
    let w = t.withdrawals[0];
    let round = w.after_round + 3;
    let opponent = t
        .round(round)
        .expect("a recorded round")
        .games
        .iter()
        .find_map(|g| g.opponent_of(w.player))
        .expect("the withdrawn player was scheduled");
    let game = SharedGame {
        player: opponent,
        opponent: w.player,
        round: Some(round),
        nth: 0,
    };
    let shared = Shared {
        view: SharedView::Withdrawal,
        tournament: t.clone(),
        player: None,
        round: None,
        game: Some(game),
        k: 3.0,
        expectation: engine::elo::Expectation::Logistic,
    };
    let decoded = share::decode(&share::encode(&shared)).expect("decodes");
    let real = Store::in_memory(Vec::new(), Settings::default());
    let (root, _handle) = mount(move || {
        provide_context(real);
        view! { <Router><SharedScreen shared=decoded /></Router> }
    });
    settle().await;
    let name = &t.player(opponent).expect("a player").name;
    let row = text(&find(&root, "table.imputed tr.selected").expect("a selected row"));
    assert!(row.contains(name.as_str()), "{row}");
    click(&find(&root, "[data-testid=share-make]").unwrap());
    settle().await;
    let link: HtmlInputElement = find(&root, "[data-testid=share-link]")
        .unwrap()
        .unchecked_into();
    let fragment = link.value();
    let fragment = fragment.split('#').nth(1).expect("a fragment");
    assert_eq!(share::decode(fragment).unwrap().game, Some(game));
}

/// Item 8: an out-of-range k is an error on the field, and the Learn page takes any rating
/// the engine accepts (3200) and marks one it refuses.
#[wasm_bindgen_test]
async fn out_of_range_numbers_are_errors_on_their_field() {
    let store = example_store();
    let (root, _handle) = mount(move || {
        provide_context(store);
        view! { <PriorControls /> }
    });
    settle().await;
    let number = find(&root, "[data-testid=k-number]").unwrap();
    set_input(&number, "-4", "input");
    settle().await;
    assert_eq!(
        number.get_attribute("aria-invalid").as_deref(),
        Some("true")
    );
    assert!(text(&find(&root, "[data-testid=k-error]").expect("an error")).contains("-4"));
    let paper = find(&root, "[data-testid=paper-k]").unwrap();
    assert!(
        !paper.has_attribute("disabled"),
        "the paper's k button looks usable"
    );
    set_input(&number, "5", "input");
    settle().await;
    assert!(find(&root, "[data-testid=k-error]").is_none());
    assert_eq!(number.get_attribute("aria-invalid"), None);
    assert_eq!(store.settings.with_untracked(|s| s.k), 5.0);
    drop(_handle);

    let (root, _handle) = mount(|| view! { <LearnPage /> });
    settle().await;
    let expected = text(&find(&root, "[data-testid=learn-expected]").unwrap());
    let rating = find(&root, "[data-testid=learn-rating-1]").unwrap();
    set_input(&rating, "3200", "input");
    settle().await;
    assert_ne!(
        text(&find(&root, "[data-testid=learn-expected]").unwrap()),
        expected,
        "3200 is a rating the engine accepts"
    );
    set_input(&rating, "9000", "input");
    settle().await;
    assert_eq!(
        rating.get_attribute("aria-invalid").as_deref(),
        Some("true")
    );
    assert!(find(&root, "[data-testid=learn-rating-error-1]").is_some());
}

/// Item 14: with the standings on a policy's crosstable, the rating changes say they use the
/// games actually played.
#[wasm_bindgen_test]
async fn rating_changes_under_a_policy_say_they_use_games_played() {
    let store = example_store();
    let (root, _handle) = mount(move || {
        provide_context(store);
        view! { <Router><StandingsTable event_id=EventId::new(EXAMPLE_ID) /></Router> }
    });
    settle().await;
    assert!(find(&root, "[data-testid=ratings-played-only]").is_none());
    choose(
        &find(&root, "[data-testid=standings-basis]").expect("the basis select"),
        "bayes",
    );
    settle().await;
    let note = text(&find(&root, "[data-testid=ratings-played-only]").expect("the note"));
    assert!(note.contains("actually played"), "{note}");
}

/// Item 11: the run belongs to the app, not the page: leaving the page neither cancels it nor
/// forgets it, and the page shows it again on return.
#[wasm_bindgen_test]
async fn leaving_the_simulation_page_keeps_the_run() {
    use crosstable::components::insight::simulation::progress::RunStatus;
    use crosstable::pages::simulation::{SimulationRun, SimulationScreen};
    let store = example_store();
    let owner = Owner::new();
    let run = owner.with(SimulationRun::provide);
    run.status.set(RunStatus::Running {
        done: 3,
        total: 10,
        elapsed_ms: 5.0,
        workers: 1,
    });
    for _visit in 0..2 {
        let owner = owner.clone();
        let (root, handle) = mount(move || {
            owner.with(|| {
                provide_context(store);
                view! { <Router><SimulationScreen /></Router> }
            })
        });
        settle().await;
        let shown = text(&find(&root, "[data-testid=sim-progress-text]").expect("the progress"));
        assert!(shown.contains('3'), "{shown}");
        drop(handle);
        settle().await;
        assert!(
            matches!(
                run.status.get_untracked(),
                RunStatus::Running { done: 3, .. }
            ),
            "leaving the page keeps the run: {:?}",
            run.status.get_untracked()
        );
    }
}
