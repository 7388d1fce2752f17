//! Component tests in headless Chromium (wasm-bindgen-test):
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown -p crosstable --test web`.
//! wasm32 only: natively there is no DOM to mount into.
//!
//! One module per area; [`support`] holds what they share. Each test mounts components into a fresh element and asserts on that element's DOM. Leptos
//! 0.8 updates the DOM asynchronously, hence [`support::settle`] after every change. Tests run one at a
//! time (wasm-bindgen-test's concurrency is 1); only `storage_*` touches localStorage.
#![cfg(target_arch = "wasm32")]

mod crosstable;
mod new_user;
mod rounds;
mod simulation;
mod standings;
mod storage;
mod support;
mod views;
mod withdrawal;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
