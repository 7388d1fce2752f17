//! A share link opened (`/shared#v1.…`): the view it encodes, on an event held in memory only.
//! The user's stored events are not touched; "Save a copy" adds the event to them.

use crate::components::common::share_link::SharedMode;
use crate::components::event::header::EventView;
use crate::components::insight::chances::ChancesScreen;
use crate::components::insight::sensitivity::SensitivityScreen;
use crate::components::insight::whatif::WhatIfScreen;
use crate::components::withdrawal::WithdrawalScreen;
use crate::event_id::EventId;
use crate::i18n::td;
use crate::share::SharedViewPage as _;
use crate::share::{self, Shared, SharedView};
use crate::store::{use_store, SavedEvent, Settings, Store};
use crate::tr;
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use leptos_router::NavigateOptions;

/// The id of the shared event inside its own in-memory store.
pub const SHARED_ID: &str = "shared";

#[component]
pub fn SharedPage() -> impl IntoView {
    let lang = crate::lang::use_lang();
    let fragment = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    match share::decode(&fragment) {
        Err(e) => view! {
            <section class="panel error" role="alert" data-testid="shared-error">
                <h2>{tr!(event.share.cannot_open)}</h2>
                <p>{move || crate::words::sentence_of(lang.get(), &e)}</p>
                <p>
                    <a href="/">{tr!(event.share.go_home)}</a>
                </p>
            </section>
        }
        .into_any(),
        Ok(shared) => view! { <SharedScreen shared=shared /> }.into_any(),
    }
}

/// The event view a shared view is (its name is the event view's).
fn event_view(view: SharedView) -> EventView {
    match view {
        SharedView::Withdrawal => EventView::Withdrawal,
        SharedView::Sensitivity => EventView::Sensitivity,
        SharedView::Whatif => EventView::WhatIf,
        SharedView::Chances => EventView::Chances,
    }
}

/// The shared view with its banner.
#[component]
pub fn SharedScreen(
    /// What the link carries.
    shared: Shared,
) -> impl IntoView {
    let real = use_store();
    let lang = crate::lang::use_lang();
    let navigate = use_navigate();
    let memory = Store::in_memory(
        vec![SavedEvent {
            id: EventId::new(SHARED_ID),
            updated: 0.0,
            revision: 0,
            tournament: shared.tournament.clone(),
        }],
        Settings {
            k: shared.k,
            expectation: shared.expectation,
            selected: None,
            ..Settings::default()
        },
    );
    let saved = RwSignal::new(None::<EventId>);
    let view_kind = shared.view;
    let save = move |_| {
        if let Some(t) = memory.tournament_now(&EventId::new(SHARED_ID)) {
            let id = real.add_event(t);
            let s = memory.settings.get_untracked();
            real.set_k(s.k);
            real.set_expectation(s.expectation);
            saved.set(Some(id.clone()));
            navigate(&view_kind.href(&id), NavigateOptions::default());
        }
    };
    let name = shared.tournament.name.clone();
    let shown = event_view(shared.view);
    view! {
        <section
            class="callout shared-banner"
            role="region"
            aria-label=tr!(event.share.banner_aria)
            data-testid="shared-banner"
        >
            <p>
                {move || {
                    let l = lang.get();
                    td!(
                        l,
                        event.share.banner,
                        view = shown.label(l),
                        name = name.clone(),
                        <strong> = <strong />
                    )
                }}
            </p>
            <button type="button" class="primary" data-testid="save-shared-copy" on:click=save>
                {tr!(event.share.save_copy)}
            </button>
        </section>
        <SharedBody store=memory shared=shared />
    }
}

/// The view itself, under the in-memory store.
#[component]
fn SharedBody(
    /// The store that holds only the shared event.
    store: Store,
    /// What the link carries.
    shared: Shared,
) -> impl IntoView {
    provide_context(store);
    provide_context(SharedMode);
    let id = EventId::new(SHARED_ID);
    match shared.view {
        SharedView::Withdrawal => match shared.game {
            Some(g) => view! { <WithdrawalScreen event_id=id initial_game=share::game_key(g) /> }
                .into_any(),
            None => view! { <WithdrawalScreen event_id=id /> }.into_any(),
        },
        SharedView::Sensitivity => match shared.player {
            Some(p) => view! { <SensitivityScreen event_id=id initial_player=p /> }.into_any(),
            None => view! { <SensitivityScreen event_id=id /> }.into_any(),
        },
        SharedView::Chances => match shared.player {
            Some(p) => view! { <ChancesScreen event_id=id initial_player=p /> }.into_any(),
            None => view! { <ChancesScreen event_id=id /> }.into_any(),
        },
        SharedView::Whatif => view! {
            <WhatIfScreen
                event_id=id
                initial_player=shared.player.unwrap_or(1)
                initial_round=shared.round.unwrap_or(0)
            />
        }
        .into_any(),
    }
}
