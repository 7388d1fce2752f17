//! An event: players, the editable crosstable, rounds, standings, details (`/event/:id?tab=…`).

use crate::components::common::focus::focus_when_drawn;
use crate::components::common::layout::{resolve_event, PageBoundary};
use crate::components::event::crosstable::Crosstable;
use crate::components::event::details::EventDetails;
use crate::components::event::header::{EventHeader, EventView};
use crate::components::event::players::PlayersTable;
use crate::components::rounds::RoundsPanel;
use crate::components::standings::StandingsTable;
use crate::event_id::EventId;
use engine::StartNo;
use leptos::prelude::*;
use leptos_router::hooks::{use_params_map, use_query_map};

#[component]
pub fn EventPage() -> impl IntoView {
    let params = use_params_map();
    let query = use_query_map();
    let id = Memo::new(move |_| params.with(|p| EventId::new(p.get("id").unwrap_or_default())));
    let view_kind = Signal::derive(move || {
        query.with(|q| EventView::from_tab(q.get("tab").as_deref().unwrap_or_default()))
    });
    let asked = Signal::derive(move || {
        query.with(|q| Asked {
            player: q.get("player").and_then(|p| p.parse().ok()),
            round: q.get("round").and_then(|r| r.parse().ok()),
        })
    });
    // `?focus=ID` (a link to the field that fixes something): focused once it is drawn.
    Effect::new(move |_| {
        if let Some(id) = query.with(|q| q.get("focus")) {
            focus_when_drawn(id);
        }
    });
    view! {
        <PageBoundary>
            {move || view! { <EventScreen event_id=id.get() view=view_kind asked=asked /> }}
        </PageBoundary>
    }
}

/// What a link into a view asks it to show: a player's details open, a round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Asked {
    pub player: Option<StartNo>,
    pub round: Option<u32>,
}

/// The event page's body for one event id.
#[component]
pub fn EventScreen(
    /// Id of the event in the store.
    event_id: EventId,
    /// Which of the event's views to show.
    #[prop(into)]
    view: Signal<EventView>,
    /// What a link asks the view to show.
    #[prop(into)]
    asked: Signal<Asked>,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    resolve_event(event_id, move |id, tournament| {
        let body = {
            let id = id.clone();
            move || match view.get() {
                EventView::Players => {
                    let player = asked.get().player;
                    view! { <PlayersTable event_id=id.clone() tournament=tournament player=player /> }
                        .into_any()
                }
                EventView::Standings => view! { <StandingsTable event_id=id.clone() /> }.into_any(),
                EventView::Details => {
                    view! { <EventDetails event_id=id.clone() tournament=tournament /> }.into_any()
                }
                EventView::Rounds => {
                    let round = asked.get().round;
                    view! { <RoundsPanel event_id=id.clone() tournament=tournament round=round /> }
                        .into_any()
                }
                _ => view! { <Crosstable event_id=id.clone() tournament=tournament /> }.into_any(),
            }
        };
        view! {
            <article class="event">
                <EventHeader event_id=id tournament=tournament current=view />
                <section class="panel" aria-label=move || view.get().label(lang.get())>
                    {body}
                </section>
            </article>
        }
    })
}
