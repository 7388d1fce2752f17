//! The home page's small shell (issue 15 item 1): what index.html loads on "/" instead of the
//! whole app, so that the first page downloads a fraction of the app's wasm (see
//! `docs/bundle.md`). It draws the same frame and the same home page (`pages::home`, with the
//! same store and persistence), behind a router that knows only "/". Every other address — an
//! event opened from the list, the example, an imported file, Learn, Simulation — is handed to
//! the full app by loading that address as a new page: index.html's loader then picks the full
//! app (`src/main.rs`). The built binary is `src/bin/home_shell.rs`.

use crate::app::{provide_store, Frame};
use crate::pages::home::HomePage;
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;
use std::time::Duration;

/// The address that makes index.html's loader start the full app on the home page: a browser
/// whose storage does not work goes there, because the hand-over passes events through storage.
pub const FULL_APP_HOME: &str = "/?full";

/// The home page in its frame; any other route is handed to the full app ([`HandOver`]).
#[component]
pub fn HomeShell() -> impl IntoView {
    let store = provide_store();
    // Without storage an event made here would not survive the hand-over: the full app keeps
    // events in memory for as long as the tab lives, so such a browser gets it from the start.
    if store.problems.with_untracked(|p| p.unavailable.is_some()) {
        if let Some(window) = web_sys::window() {
            let _ = window.location().replace(FULL_APP_HOME);
        }
    }
    view! {
        <Router>
            <Frame>
                <Routes fallback=|| view! { <HandOver /> }>
                    <Route path=path!("/") view=HomePage />
                </Routes>
            </Frame>
        </Router>
    }
}

/// A route the shell does not have: the router has already put its address in the location
/// bar, so loading the current address again gives the full app. The reload waits for the next
/// task, after the store's persist effect has written what led here (a new or imported event,
/// the example) to browser storage, where the full app reads it.
#[component]
fn HandOver() -> impl IntoView {
    Effect::new(move |_| {
        set_timeout(
            || {
                if let Some(window) = web_sys::window() {
                    let _ = window.location().reload();
                }
            },
            Duration::ZERO,
        );
    });
    view! { <p role="status">"Loading…"</p> }
}
