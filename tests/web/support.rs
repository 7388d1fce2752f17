//! What every area's tests share: mounting, settling, finding elements, typing into them.

pub use crosstable::event_id::EventId;
pub use crosstable::store::{example_event, Settings, Store, EXAMPLE_ID};
pub use leptos::prelude::*;
pub use leptos_router::components::Router;
pub use wasm_bindgen::{JsCast, JsValue};
pub use wasm_bindgen_test::wasm_bindgen_test;
pub use web_sys::{Element, HtmlElement, HtmlInputElement};

/// A TRF whose line 4 is a player line with a garbage start number and rating (the same file
/// the end-to-end test uses).
pub const BROKEN_TRF: &str = "012 Broken Event\n022 Nowhere\n062 2\n\
001 XXXX m    Broken, Bob                       ABCD NOR\n";

/// Mounts `view` into a new element of the document; keep the handle alive while testing.
pub fn mount<V: IntoView + 'static>(
    view: impl FnOnce() -> V + 'static,
) -> (HtmlElement, impl Drop) {
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
pub fn example_store() -> Store {
    Store::in_memory(vec![example_event()], Settings::default())
}

/// Event `id` of `store` as a page hands it to its components (the event exists).
pub fn resolved(store: Store, id: &str) -> Memo<engine::Tournament> {
    let maybe = store.tournament(EventId::new(id));
    Memo::new(move |_| maybe.get().expect("the test's event is in the store"))
}

/// Lets Leptos run its effects and update the DOM, including what the app draws once the next
/// frame is painted (the "why is A above B" selects).
pub async fn settle() {
    for _ in 0..3 {
        leptos::task::tick().await;
    }
    sleep(0).await;
    leptos::task::tick().await;
    next_frame().await;
    sleep(0).await;
    leptos::task::tick().await;
}

/// Resolves in the next animation frame's callback.
pub async fn next_frame() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .expect("a window")
            .request_animation_frame(&resolve)
            .expect("requestAnimationFrame");
    });
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .expect("the frame comes");
}

pub async fn sleep(ms: i32) {
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

pub fn find(root: &Element, selector: &str) -> Option<Element> {
    root.query_selector(selector).expect("a valid selector")
}

pub fn all(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).expect("a valid selector");
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<Element>().ok())
        .collect()
}

pub fn text(e: &Element) -> String {
    e.text_content().unwrap_or_default()
}

pub fn texts(root: &Element, selector: &str) -> Vec<String> {
    all(root, selector).iter().map(text).collect()
}

/// Sets an input's value and dispatches a bubbling event of `kind`, as a user's input does.
pub fn set_input(input: &Element, value: &str, kind: &str) {
    let input: &HtmlInputElement = input.dyn_ref().expect("an <input>");
    input.set_value(value);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    let event = web_sys::Event::new_with_event_init_dict(kind, &init).expect("an event");
    input.dispatch_event(&event).expect("dispatch");
}

/// Sets a `<select>`'s value and dispatches `change`, as a user's choice does.
pub fn choose(select: &Element, value: &str) {
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

pub fn click(e: &Element) {
    e.dyn_ref::<HtmlElement>().expect("an element").click();
}
