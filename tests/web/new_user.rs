//! Issue 13, "What a new user tripped over": one regression test per item that a component shows.

use crate::support::*;
use crosstable::components::event_header::{EventHeader, EventView};
use crosstable::components::withdrawal::WithdrawalScreen;

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
        id: SWISS_ID.to_string(),
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
                    event_id=SWISS_ID.to_string()
                    tournament=tournament
                    current=Signal::derive(|| EventView::Rounds)
                />
            </Router>
        }
    });
    settle().await;
    let tabs = texts(&root, "nav.tabs a");
    assert_eq!(tabs, vec!["Players", "Crosstable", "Rounds", "Standings"]);
    drop(_handle);

    let (root, _handle) = mount(move || {
        provide_context(store);
        view! { <Router><WithdrawalScreen event_id=SWISS_ID.to_string() /></Router> }
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
