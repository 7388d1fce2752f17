//! Component tests in headless Chromium (wasm-bindgen-test), run by scripts/test.sh:
//! `cargo test --target wasm32-unknown-unknown -p crosstable --test web`.
//! wasm32 only: natively there is no DOM to mount into.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// Mounts `crosstable::App` into a fresh element of the test page's document.
fn mount_app() -> (web_sys::HtmlElement, impl Drop) {
    let document = leptos::prelude::document();
    let root: web_sys::HtmlElement = document
        .create_element("div")
        .expect("create a <div>")
        .unchecked_into();
    document
        .body()
        .expect("the test page has a <body>")
        .append_child(&root)
        .expect("append the root");
    let handle = leptos::mount::mount_to(root.clone(), crosstable::App);
    (root, handle)
}

#[wasm_bindgen_test]
async fn app_shows_its_name() {
    let (root, _handle) = mount_app();
    // Leptos 0.8 updates the DOM asynchronously.
    leptos::task::tick().await;
    let heading = root
        .query_selector("h1")
        .expect("a valid selector")
        .expect("the app renders an <h1>");
    assert_eq!(heading.text_content().as_deref(), Some("Crosstable"));
}
