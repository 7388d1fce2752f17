//! What every page wraps itself in: the error boundary, the errors a page reports through it,
//! and [`resolve_event`], which looks an event up once for a page and hands its body an event
//! that is known to exist. Pages depend on this module, never on `app` or on each other.

use crate::event_id::EventId;
use crate::i18n::{td_string, Locale};
use crate::store::use_store;
use crate::tr;
use crate::words::Words;
use engine::Tournament;
use leptos::prelude::*;
use std::fmt;

/// The app's error boundary, around each page. (A boundary around `<Routes>` would miss the
/// pages' errors: the router builds a page after matching its route, outside that boundary.)
#[component]
pub fn PageBoundary(children: Children) -> impl IntoView {
    let lang = crate::lang::use_lang();
    view! {
        <ErrorBoundary fallback=move |errors| {
            view! {
                <section class="panel error" role="alert">
                    <h2>{tr!(event.page.went_wrong)}</h2>
                    <ul>
                        {move || {
                            let l = lang.get();
                            errors
                                .get()
                                .into_iter()
                                .map(|(_, e)| {
                                    let said = match e.downcast_ref::<PageError>() {
                                        Some(page) => page.words(l),
                                        None => e.to_string(),
                                    };
                                    view! { <li>{said}</li> }
                                })
                                .collect_view()
                        }}
                    </ul>
                    <p>
                        <a href="/">{tr!(event.page.back)}</a>
                    </p>
                </section>
            }
        }>{children()}</ErrorBoundary>
    }
}

/// Errors a page reports through the app's error boundary.
#[derive(Clone, Debug, PartialEq)]
pub enum PageError {
    /// No stored event has this id (deleted, or a link from another browser).
    EventNotFound(EventId),
}

impl Words for PageError {
    fn words(&self, locale: Locale) -> String {
        match self {
            PageError::EventNotFound(id) => {
                td_string!(locale, errors.page.event_not_found, id = id.clone()).to_string()
            }
        }
    }
}

impl fmt::Display for PageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(Locale::en))
    }
}

impl std::error::Error for PageError {}

/// Resolves event `event_id` once for a page: selects it in the store and renders
/// `body(id, tournament)` with a tournament that exists — or [`PageError::EventNotFound`] (for the
/// page's boundary) while there is no such event. The body is built again only when the event
/// appears or disappears, not on every edit: edits reach it through the memo.
pub fn resolve_event<V, F>(
    event_id: EventId,
    body: F,
) -> impl Fn() -> Result<V, PageError> + Send + Sync + 'static
where
    V: IntoView + 'static,
    F: Fn(EventId, Memo<Tournament>) -> V + Send + Sync + 'static,
{
    let store = use_store();
    let maybe = store.tournament(event_id.clone());
    let exists = Memo::new(move |_| maybe.with(Option::is_some));
    if exists.get_untracked() {
        store.select(&event_id);
    }
    move || {
        if !exists.get() {
            return Err(PageError::EventNotFound(event_id.clone()));
        }
        let Some(first) = maybe.get_untracked() else {
            return Err(PageError::EventNotFound(event_id.clone()));
        };
        // Keeps the last value if the event is deleted while shown: the body goes away on the
        // next run of this closure (`exists` changed), but may read the memo once more.
        let tournament = Memo::new(move |last: Option<&Tournament>| {
            maybe
                .get()
                .or_else(|| last.cloned())
                .unwrap_or_else(|| first.clone())
        });
        Ok(body(event_id.clone(), tournament))
    }
}

/// Sets the browser's title for the page being shown, "part — part — Crosstable" (for example
/// "Standings — Spring Open — Crosstable"), and again whenever a part changes. A distinct title
/// per page is what a screen reader announces after a navigation and what tells tabs apart
/// (WCAG 2.4.2). Every page calls this once; the event pages through their header.
pub fn page_title<F>(parts: F)
where
    F: Fn() -> Vec<String> + 'static,
{
    Effect::new(move |_| {
        let mut title = parts();
        title.push("Crosstable".to_string());
        if let Some(document) = web_sys::window().and_then(|w| w.document()) {
            document.set_title(&title.join(" — "));
        }
    });
}

/// Why the print dialog did not open, as facts (worded where shown).
#[derive(Clone, Debug, PartialEq)]
pub enum PrintError {
    /// No browser window (not in a browser).
    NoWindow,
    /// The browser refused to print (its message).
    Browser(crate::files::BrowserError),
}

impl Words for PrintError {
    fn words(&self, locale: Locale) -> String {
        match self {
            PrintError::NoWindow => td_string!(locale, print.failed.no_window).to_string(),
            PrintError::Browser(e) => {
                td_string!(locale, print.failed.browser, error = e.words(locale)).to_string()
            }
        }
    }
}

/// Opens the browser's print dialog for one of the print views (`standings`, `wall-chart`,
/// `slips`, `pairings`): the view's name is set as `data-print` on `<html>`, which
/// `style/print.css` reads to print that view alone, and [`clear_print_view`] takes it off
/// after printing. A browser may refuse to print: the error says why.
pub fn print_view(view: &str) -> Result<(), PrintError> {
    let window = web_sys::window().ok_or(PrintError::NoWindow)?;
    if let Some(root) = window.document().and_then(|d| d.document_element()) {
        let _ = root.set_attribute("data-print", view);
    }
    window
        .print()
        .map_err(|e| PrintError::Browser(crate::files::BrowserError::of(&e)))
}

/// Takes the print view off after printing (the app listens to `afterprint` once, at start),
/// so that the browser's own Print afterwards prints the page as it is.
pub fn clear_print_view() {
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element());
    if let Some(root) = root {
        let _ = root.remove_attribute("data-print");
    }
}

/// The heading of a print view (hidden on screen): what is printed, and today's date.
#[component]
pub fn PrintTitle(
    /// What is printed, e.g. "Spring Open — standings after round 5".
    #[prop(into)]
    title: Signal<String>,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let now = js_sys::Date::now();
    view! {
        <header class="print-title">
            <h2>{move || title.get()}</h2>
            <p>
                {move || {
                    let l = lang.get();
                    td_string!(l, print.title.printed, date = crate::words::text::date_time_in(l, now))
                        .to_string()
                }}
            </p>
        </header>
    }
}
