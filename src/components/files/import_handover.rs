//! The home shell's "New event" and "Import" (see `pages::home::Adders`): both hand over to the
//! full app, which has the form and the file readers. A new event is a plain hand-over
//! (`/?full&new` opens the form there). A file must be chosen here, where the click is (a browser
//! opens a file picker only on a user's click, and a page load is not one): it is read, kept
//! for the tab in session storage ([`PendingImport`]), and the full app imports it on arrival
//! exactly as if it had been chosen there ([`take_pending`]) — the same checks, warnings and
//! messages, and nothing stored if the file is bad.

use crate::files::{self, BrowserError};
use crate::i18n::{td_string, Locale};
use crate::tr;
use crate::words::Words;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// The session-storage key of a file chosen in the shell, not yet imported.
const PENDING_KEY: &str = "crosstable.pending-import";
/// Where the full app takes over: index.html's loader starts the full app for `/?full`.
const FULL_APP_IMPORT: &str = "/?full&import";
/// Where the full app opens its new-event form.
pub const FULL_APP_NEW: &str = "/?full&new";

/// A file chosen in the shell: its name, its text and the "PGN games are …" choice (the
/// select's value: `infer`, `round-robin`, `swiss`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PendingImport {
    pub name: String,
    pub text: String,
    pub pgn_format: String,
}

fn session_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// Why a chosen file could not be handed over, as facts (worded when drawn).
#[derive(Clone, Debug, PartialEq)]
enum HandOverProblem {
    /// The browser could not read the file, or it is not text.
    Unreadable {
        name: String,
        error: files::ReadError,
    },
    /// Session storage could not keep it (larger than the tab's session storage, storage
    /// disabled): `None` when the browser has no session storage at all.
    NotKept {
        name: String,
        error: Option<BrowserError>,
    },
}

impl Words for HandOverProblem {
    fn words(&self, l: Locale) -> String {
        match self {
            HandOverProblem::Unreadable { name, error } => td_string!(
                l,
                home.import.read_failed,
                name = name.clone(),
                error = error.words(l)
            )
            .to_string(),
            HandOverProblem::NotKept { name, error } => {
                let error = match error {
                    Some(e) => e.words(l),
                    None => crate::words::errors::no_session_storage(l).to_string(),
                };
                td_string!(l, home.import.too_large, name = name.clone(), error).to_string()
            }
        }
    }
}

/// Keeps `pending` for the full app; the browser's reason if it cannot (a file larger than the
/// tab's session storage, storage disabled; `None`: no session storage at all).
fn keep(pending: &PendingImport) -> Result<(), Option<BrowserError>> {
    let storage = session_storage().ok_or(None)?;
    // Strings only: serialising cannot fail; should it, the browser-like error says so.
    let json = serde_json::to_string(pending).map_err(|e| {
        Some(BrowserError {
            name: String::new(),
            message: e.to_string(),
        })
    })?;
    storage
        .set_item(PENDING_KEY, &json)
        .map_err(|e| Some(BrowserError::of(&e)))
}

/// The file the shell handed over, if any, removed from session storage as it is taken, so it
/// is imported once. Called by the full app's import control when it is drawn.
pub fn take_pending() -> Option<PendingImport> {
    let storage = session_storage()?;
    let json = storage.get_item(PENDING_KEY).ok()??;
    let _ = storage.remove_item(PENDING_KEY);
    serde_json::from_str(&json).ok()
}

/// Loads `address` as a new page (index.html's loader then starts the full app).
fn go(address: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.location().assign(address);
    }
}

/// What the shell's "New event" opens: the full app with its form.
#[component]
pub fn NewEventHandOver() -> impl IntoView {
    Effect::new(|_| go(FULL_APP_NEW));
    view! { <p role="status">{tr!(nav.handover.loading)}</p> }
}

/// The shell's import control: the same file input and "PGN games are …" choice as the full
/// app's (`components::files::import_file`), which hands the chosen file over.
#[component]
pub fn ImportHandOver() -> impl IntoView {
    let lang = crate::lang::use_lang();
    let error = RwSignal::new(None::<HandOverProblem>);
    let busy = RwSignal::new(false);
    let pgn_format = RwSignal::new("infer".to_string());
    let on_change = move |ev: leptos::ev::Event| {
        files::read_chosen_file(&ev, move |name, text| {
            let outcome = text
                .map_err(|error| HandOverProblem::Unreadable {
                    name: name.clone(),
                    error,
                })
                .and_then(|text| {
                    let pending = PendingImport {
                        name: name.clone(),
                        text,
                        pgn_format: pgn_format.get_untracked(),
                    };
                    keep(&pending).map_err(|error| HandOverProblem::NotKept {
                        name: name.clone(),
                        error,
                    })
                });
            match outcome {
                Ok(()) => {
                    busy.set(true);
                    go(FULL_APP_IMPORT);
                }
                Err(message) => error.set(Some(message)),
            }
        });
    };
    view! {
        <div class="import">
            <label class="button" for="import-file">
                {tr!(home.import.button)}
            </label>
            <input
                id="import-file"
                class="visually-hidden-file"
                type="file"
                accept=".trf,.txt,.json,.pgn"
                data-testid="import-file"
                aria-describedby="import-help"
                on:change=on_change
            />
            <span id="import-help" class="visually-hidden">
                {tr!(home.import.help)}
            </span>
            <PgnFormat choice=pgn_format />
        </div>
        <Show when=move || busy.get()>
            <p role="status">{tr!(nav.handover.loading)}</p>
        </Show>
        <Show when=move || error.with(Option::is_some)>
            <div class="alert" role="alert" data-testid="import-error">
                <p>{move || error.with(|e| e.as_ref().map(|e| e.words(lang.get())))}</p>
                <p>
                    <a href="/?full">{tr!(home.import.open_full)}</a>
                </p>
                <button type="button" on:click=move |_| error.set(None)>
                    {tr!(home.import.dismiss)}
                </button>
            </div>
        </Show>
    }
}

/// "PGN games are …": how a PGN file's games become an event (the select's value is kept in
/// `choice`). Shared by the shell's and the full app's import controls.
#[component]
pub fn PgnFormat(
    /// The select's value: `infer`, `round-robin` or `swiss`.
    choice: RwSignal<String>,
) -> impl IntoView {
    view! {
        <label class="inline pgn-format">
            {tr!(home.import.pgn_label)}
            " "
            <select
                data-testid="import-pgn-format"
                on:change=move |ev| choice.set(event_target_value(&ev))
            >
                <option value="infer" selected=move || choice.get() == "infer">
                    {tr!(home.import.pgn_infer)}
                </option>
                <option value="round-robin" selected=move || choice.get() == "round-robin">
                    {tr!(home.import.pgn_round_robin)}
                </option>
                <option value="swiss" selected=move || choice.get() == "swiss">
                    {tr!(home.import.pgn_swiss)}
                </option>
            </select>
        </label>
    }
}
