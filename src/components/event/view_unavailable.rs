//! What a page that does not exist for the event's format shows instead (a Swiss reached at
//! its withdrawal, sensitivity or what-if address): what the view is for, and the views there are.

use crate::components::event::header::{EventHeader, EventView};
use crate::event_id::EventId;
use crate::i18n::td_string;
use crate::tr;
use crate::words::text;
use engine::{Format, Tournament};
use leptos::prelude::*;

/// The page of `view` when [`EventView::available_in`] says the event's format has none: the
/// event's header and [`ViewUnavailable`]; `None` when the view exists.
pub fn unavailable_page(
    event_id: &EventId,
    tournament: Memo<Tournament>,
    view: EventView,
) -> Option<AnyView> {
    let format = tournament.with_untracked(|t| t.format);
    if view.available_in(format) {
        return None;
    }
    let id = event_id.clone();
    Some(
        view! {
            <article class="event">
                <EventHeader event_id=id.clone() tournament=tournament current=Signal::derive(move || view) />
                <ViewUnavailable event_id=id view=view format=format />
            </article>
        }
        .into_any(),
    )
}

#[component]
pub fn ViewUnavailable(
    /// Id of the event in the store (for the links).
    event_id: EventId,
    /// The view asked for.
    view: EventView,
    /// The event's format.
    format: Format,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let links = EventView::ALL
        .into_iter()
        .filter(|v| v.available_in(format))
        .map(|v| {
            view! {
                <li>
                    <a href=v.href(&event_id)>{move || v.label(lang.get())}</a>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="panel" role="status" data-testid="view-unavailable">
            <h3>
                {move || {
                    let l = lang.get();
                    td_string!(l, event.unavailable.heading, view = view.label(l)).to_string()
                }}
            </h3>
            <p>
                {move || {
                    let l = lang.get();
                    td_string!(
                        l,
                        event.unavailable.why,
                        view = view.label(l),
                        format = text::format_label_in(l, format)
                    )
                    .to_string()
                }}
            </p>
            <p>{tr!(event.unavailable.has)}</p>
            <ul class="view-links">{links}</ul>
        </section>
    }
}
