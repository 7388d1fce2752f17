//! The crosstable editor, the import dialog and the event list.

use crate::support::*;
use crosstable::components::event::crosstable::Crosstable;
use crosstable::components::event::list::EventList;
use crosstable::components::files::import_file::{import_text, ImportFile};

#[wasm_bindgen_test]
async fn the_crosstable_renders_one_row_per_player_and_edits_results() {
    let store = example_store();
    let (root, _handle) = mount(move || {
        provide_context(store);
        let tournament = resolved(store, EXAMPLE_ID);
        view! { <Crosstable event_id=EventId::new(EXAMPLE_ID) tournament=tournament /> }
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
        .tournament(EventId::new(EXAMPLE_ID))
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
        .tournament(EventId::new(EXAMPLE_ID))
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
    let err = crosstable::words::Words::words(&err, crosstable::i18n::Locale::en);
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
        Some(".trf,.txt,.json,.pgn")
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
