//! The Rounds tab: result entry by keyboard, undo, refused pairings.

use crate::support::*;
use crosstable::components::rounds::RoundsPanel;

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
        id: EventId::new(SWISS_ID),
        updated: 0.0,
        revision: 1,
        tournament: t,
    };
    Store::in_memory(vec![event], Settings::default())
}

fn mount_rounds(store: Store) -> (HtmlElement, impl Drop) {
    mount(move || {
        provide_context(store);
        let tournament = resolved(store, SWISS_ID);
        view! { <RoundsPanel event_id=EventId::new(SWISS_ID) tournament=tournament /> }
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
        .tournament(EventId::new(SWISS_ID))
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
    let before = store.tournament(EventId::new(SWISS_ID)).get_untracked();
    key_down(&selects[0], "x");
    settle().await;
    assert_eq!(
        store.tournament(EventId::new(SWISS_ID)).get_untracked(),
        before
    );
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
    let before = store.tournament(EventId::new(SWISS_ID)).get_untracked();
    click("[data-testid=pair-next]");
    settle().await;
    let error = find(&root, "[data-testid=pairing-error]").expect("an error is shown");
    assert!(
        text(&error).contains("round 1 still has games without a result"),
        "{}",
        text(&error)
    );
    assert_eq!(
        store.tournament(EventId::new(SWISS_ID)).get_untracked(),
        before
    );

    // A result on board 1: the undo is refused, naming the round.
    let first = all(&root, "[data-testid=board-result]")[0].clone();
    key_down(&first, "=");
    settle().await;
    let before = store.tournament(EventId::new(SWISS_ID)).get_untracked();
    click("[data-testid=undo-pairing]");
    settle().await;
    let error = find(&root, "[data-testid=pairing-error]").expect("an error is shown");
    assert!(
        text(&error).contains("round 1 already has results"),
        "{}",
        text(&error)
    );
    assert_eq!(
        store.tournament(EventId::new(SWISS_ID)).get_untracked(),
        before
    );

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
