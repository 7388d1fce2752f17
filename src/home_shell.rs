//! The home page's small shell (issue 15 item 1): what index.html loads on "/" instead of the
//! whole app, so that the first page downloads a fraction of the app's wasm (see
//! `docs/bundle.md`). It draws the same frame and the same home page (`pages::home`, with the
//! same store and persistence), behind a router that knows only "/". Every other address — an
//! event opened from the list, the example, an imported file, Learn, Simulation — is handed to
//! the full app by loading that address as a new page: index.html's loader then picks the full
//! app (`src/main.rs`). The built binary is `src/bin/home_shell.rs`.

use crate::app::{provide_store, Frame};
use crate::components::files::import_handover::{ImportHandOver, NewEventHandOver};
use crate::i18n::td_string;
use crate::pages::home::{home_page, Adders};
use crate::store::Store;
use crate::tr;
use crate::words::Words;
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;
use std::time::Duration;

/// The address that makes index.html's loader start the full app on the home page: a browser
/// whose storage does not work goes there, because the hand-over passes events through storage.
pub const FULL_APP_HOME: &str = "/?full";

/// The shell's "New event" and "Import": handed over to the full app, which has the form and
/// the file readers (`components::files::import_handover`).
const SHELL_ADDERS: Adders = Adders {
    new_event: |_| view! { <NewEventHandOver /> }.into_any(),
    import: || view! { <ImportHandOver /> }.into_any(),
};

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
                    <Route path=path!("/") view=|| home_page(SHELL_ADDERS) />
                </Routes>
            </Frame>
        </Router>
    }
}

/// A route the shell does not have: the router has already put its address in the location
/// bar, so loading the current address again gives the full app. The reload waits for the next
/// task, after the store's persist effect has written what led here (a new or imported event,
/// the example) to browser storage, where the full app reads it. If that write failed (storage
/// full, …), reloading would lose the change: the shell stays and says so, and the home page's
/// "Back up everything" still has the event in memory.
#[component]
fn HandOver() -> impl IntoView {
    let store = expect_context::<Store>();
    let unsaved = RwSignal::new(Vec::<crate::persist::WriteProblem>::new());
    Effect::new(move |_| {
        set_timeout(
            move || {
                let errors = store.problems.with_untracked(|p| p.write_errors.clone());
                if !errors.is_empty() {
                    unsaved.set(errors);
                } else if let Some(window) = web_sys::window() {
                    let _ = window.location().reload();
                }
            },
            Duration::ZERO,
        );
    });
    move || {
        if unsaved.with(Vec::is_empty) {
            view! { <p role="status">{tr!(nav.handover.loading)}</p> }.into_any()
        } else {
            view! {
                <div class="alert" role="alert" data-testid="handover-unsaved">
                    <p>
                        {crate::lang::text_with(move |l| {
                            let errors = unsaved.with(|es| {
                                es.iter().map(|e| e.words(l)).collect::<Vec<_>>().join("; ")
                            });
                            td_string!(l, nav.handover.unsaved, errors).to_string()
                        })}
                    </p>
                    <p>
                        <a href="/">{tr!(nav.handover.back)}</a>
                    </p>
                </div>
            }
            .into_any()
        }
    }
}
