//! The app shell: the store, the router with its routes, the error boundary of the pages.

use crate::components::storage_banner::StorageBanner;
use crate::pages::{
    event::EventPage, home::HomePage, not_found::NotFound, withdrawal::WithdrawalPage,
};
use crate::store::Store;
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

/// The app's error boundary, around each page. (A boundary around `<Routes>` would miss the
/// pages' errors: the router builds a page after matching its route, outside that boundary.)
#[component]
pub fn PageBoundary(children: Children) -> impl IntoView {
    view! {
        <ErrorBoundary fallback=|errors| {
            view! {
                <section class="panel error" role="alert">
                    <h2>"Something went wrong"</h2>
                    <ul>
                        {move || {
                            errors
                                .get()
                                .into_iter()
                                .map(|(_, e)| view! { <li>{e.to_string()}</li> })
                                .collect_view()
                        }}
                    </ul>
                    <p>
                        <a href="/">"Back to your events"</a>
                    </p>
                </section>
            }
        }>{children()}</ErrorBoundary>
    }
}

#[component]
pub fn App() -> impl IntoView {
    let store = Store::load();
    store.persist();
    provide_context(store);

    view! {
        <Router>
            <header class="app-header">
                <h1>
                    <a href="/" class="brand">"Crosstable"</a>
                </h1>
                <nav aria-label="Main">
                    <a href="/">"Events"</a>
                </nav>
            </header>
            <StorageBanner />
            <main id="main">
                <Routes fallback=|| view! { <NotFound /> }>
                    <Route path=path!("/") view=HomePage />
                    <Route path=path!("/event/:id") view=EventPage />
                    <Route path=path!("/event/:id/withdrawal") view=WithdrawalPage />
                </Routes>
            </main>
            <footer class="app-footer">
                <p>
                    "Everything stays in this browser (local storage). Export an event to keep a copy."
                </p>
            </footer>
        </Router>
    }
}
