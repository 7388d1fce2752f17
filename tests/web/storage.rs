//! Browser storage (first visit, autosave, unreadable keys) and the whole app mounted.

use crate::support::*;
use crosstable::persist;

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
    let saved =
        stored(&persist::event_key(&EventId::new(EXAMPLE_ID))).expect("the example is saved");
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
        .set_item(&persist::event_key(&EventId::new("broken")), broken)
        .expect("set");
    storage
        .set_item(&persist::event_key(&EventId::new("future")), newer)
        .expect("set");

    // Reload: the example and k come back; the bad keys are set aside, untouched.
    let (root, handle) = mount(|| {
        let store = Store::load();
        store.persist();
        provide_context(store);
        view! { <crosstable::components::common::storage_banner::StorageBanner /> }
    });
    settle().await;
    let store = Store::load();
    assert!(!store.first_visit);
    assert_eq!(store.settings.get_untracked().k, 7.5);
    let ids: Vec<EventId> = store
        .events
        .get_untracked()
        .into_iter()
        .map(|e| e.id)
        .collect();
    assert_eq!(ids, vec![EventId::new(EXAMPLE_ID)]);
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
        stored(&persist::event_key(&EventId::new("broken"))).as_deref(),
        Some(broken)
    );
    assert_eq!(
        stored(&persist::event_key(&EventId::new("future"))).as_deref(),
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
