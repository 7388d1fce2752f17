//! The app: the store, the router with its routes, and the frame every page sits in (also
//! drawn by the home page's small shell, `crate::home_shell`).

use crate::components::common::layout::clear_print_view;
use crate::components::common::plot_figure::watch_color_scheme;
use crate::components::common::storage_banner::StorageBanner;
use crate::lang::LanguageSelect;
use crate::pages::chances::ChancesPage;
use crate::pages::simulation::SimulationPage;
use crate::pages::{
    event::EventPage, home::HomePage, import_results::ImportResultsPage, learn::LearnPage,
    not_found::NotFound, publish::PublishPage, sensitivity::SensitivityPage, shared::SharedPage,
    whatif::WhatIfPage, withdrawal::WithdrawalPage,
};
use crate::store::Store;
use crate::tr;
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::hooks::use_location;
use leptos_router::path;

/// The header's links; the one for the current page is marked (`aria-current`).
#[component]
fn MainNav() -> impl IntoView {
    let location = use_location();
    let current = move |learn: bool| {
        let on_learn = location.pathname.with(|p| p.starts_with("/learn"));
        (on_learn == learn).then_some("page")
    };
    view! {
        <nav aria-label=tr!(nav.main.aria)>
            <a href="/" aria-current=move || current(false).filter(|_| location.pathname.with(|p| p == "/"))>
                {tr!(nav.main.events)}
            </a>
            <a href="/learn" data-testid="nav-learn" aria-current=move || current(true)>
                {tr!(nav.main.learn)}
            </a>
            <a
                href="/simulation"
                data-testid="nav-simulation"
                aria-current=move || location.pathname.with(|p| p.starts_with("/simulation")).then_some("page")
            >
                {tr!(nav.main.simulation)}
            </a>
        </nav>
    }
}

/// "Skip to content": the first tab stop of every page, so a keyboard user does not tab through
/// the app's and the event's navigation before each page's content. It moves focus itself
/// (rather than following `#main`, which the router would take for a navigation).
#[component]
fn SkipLink() -> impl IntoView {
    let skip = |ev: leptos::ev::MouseEvent| {
        ev.prevent_default();
        let main = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("main"));
        if let Some(main) =
            main.and_then(|m| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(m).ok())
        {
            let _ = main.focus();
        }
    };
    view! {
        <a class="skip-link" href="#main" on:click=skip>
            {tr!(nav.skip_link)}
        </a>
    }
}

/// What every page sits in: the skip link, the header with the main navigation, the storage
/// banner, `<main>` holding `children` (the routes) and the footer. Inside a `<Router>`; the app
/// ([`App`]) and the home page's small shell (`crate::home_shell`) both draw it.
#[component]
pub fn Frame(
    /// The routes shown in `<main>`.
    children: Children,
) -> impl IntoView {
    view! {
        <SkipLink />
        <header class="app-header">
            <h1>
                <a href="/" class="brand" translate="no">{tr!(nav.brand)}</a>
            </h1>
            <MainNav />
            <LanguageSelect />
        </header>
        <StorageBanner />
        <main id="main" tabindex="-1">
            {children()}
        </main>
        <footer class="app-footer">
            <p>{tr!(nav.footer)}</p>
        </footer>
    }
}

/// The store, loaded from browser storage, kept there (the persist effect, the other tabs, the
/// persistent-storage request) and provided to every page, with the reader's language
/// (`crate::lang`), which follows its settings. The app and the home shell both start
/// with it.
pub fn provide_store() -> Store {
    let store = Store::load();
    store.persist();
    provide_context(store);
    crate::lang::provide(store);
    store
}

#[component]
pub fn App() -> impl IntoView {
    provide_store();
    // The simulation's run outlives its page (issue 13 item 11).
    crate::pages::simulation::SimulationRun::provide();
    provide_context(watch_color_scheme());
    // A print view lasts one print (components::common::layout::print_view).
    let _ = window_event_listener_untyped("afterprint", |_| clear_print_view());

    view! {
        <Router>
            <Frame>
                <Routes fallback=|| view! { <NotFound /> }>
                    <Route path=path!("/") view=HomePage />
                    <Route path=path!("/event/:id") view=EventPage />
                    <Route path=path!("/event/:id/withdrawal") view=WithdrawalPage />
                    <Route path=path!("/simulation") view=SimulationPage />
                    <Route path=path!("/event/:id/sensitivity") view=SensitivityPage />
                    <Route path=path!("/event/:id/whatif") view=WhatIfPage />
                    <Route path=path!("/event/:id/chances") view=ChancesPage />
                    <Route path=path!("/event/:id/publish") view=PublishPage />
                    <Route path=path!("/event/:id/import-results") view=ImportResultsPage />
                    <Route path=path!("/learn") view=LearnPage />
                    <Route path=path!("/shared") view=SharedPage />
                </Routes>
            </Frame>
        </Router>
    }
}
