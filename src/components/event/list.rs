//! The saved events on the home page: open, export, delete (after a confirmation).

use crate::event_id::EventId;
use crate::files::{self, FileFormat};
use crate::i18n::{td_string, Locale};
use crate::store::{use_store, SavedEvent, EXAMPLE_ID};
use crate::tr;
use crate::words::text;
use engine::Format;
use leptos::prelude::*;

/// What the list shows of one event (keyed by id and revision, so an edit redraws the item).
#[derive(Clone, Debug, PartialEq)]
struct Item {
    id: EventId,
    revision: u64,
    name: String,
    format: Format,
    players: usize,
    rounds_done: usize,
    rounds: usize,
    updated: f64,
}

impl Item {
    fn of(e: &SavedEvent) -> Item {
        let t = &e.tournament;
        Item {
            id: e.id.clone(),
            revision: e.revision,
            name: t.name.clone(),
            format: t.format,
            players: t.players.len(),
            rounds_done: t.round_progress().complete as usize,
            rounds: t.scheduled_rounds() as usize,
            updated: e.updated,
        }
    }

    /// "Round-robin · 10 players · 5 of 9 rounds played · updated 2 Dec 2026, 09:41".
    fn meta(&self, locale: Locale) -> String {
        td_string!(
            locale,
            home.list.meta,
            format = text::format_label_in(locale, self.format),
            players = td_string!(locale, home.list.players, count = self.players),
            done = self.rounds_done,
            rounds = self.rounds,
            updated = text::date_time_in(locale, self.updated)
        )
        .to_string()
    }
}

#[component]
pub fn EventList() -> impl IntoView {
    let store = use_store();
    let items = Memo::new(move |_| {
        store
            .events
            .with(|es| es.iter().map(Item::of).collect::<Vec<_>>())
    });
    // Which item asks "really delete?" (at most one at a time).
    let confirming = RwSignal::new(None::<EventId>);
    let status = RwSignal::new(String::new());

    view! {
        <section class="event-list" aria-labelledby="saved-title">
            <h3 id="saved-title">{tr!(home.list.heading)}</h3>
            <ul data-testid="event-list" class="cards">
                <For
                    each=move || items.get()
                    key=|item| (item.id.clone(), item.revision)
                    children=move |item| {
                        view! { <EventItem item=item confirming=confirming status=status /> }
                    }
                />
            </ul>
            <Show when=move || items.with(Vec::is_empty)>
                <p class="muted">{tr!(home.list.empty)}</p>
            </Show>
            <p class="status" role="status">{move || status.get()}</p>
        </section>
    }
}

#[component]
fn EventItem(
    /// The event to show.
    item: Item,
    /// Id of the item currently asking for delete confirmation.
    confirming: RwSignal<Option<EventId>>,
    /// Where to report the outcome of an action (a live region).
    status: RwSignal<String>,
) -> impl IntoView {
    let store = use_store();
    let lang = crate::lang::use_lang();
    let meta = {
        let item = item.clone();
        move || item.meta(lang.get())
    };
    let Item { id, name, .. } = item;
    let href = format!("/event/{id}");
    let is_confirming = {
        let id = id.clone();
        move || confirming.with(|c| c.as_ref() == Some(&id))
    };
    let export = {
        let id = id.clone();
        move |format: FileFormat| {
            let Some(t) = store.tournament_now(&id) else {
                return;
            };
            status.set(match files::download_event(&t, format) {
                Ok(()) => String::new(),
                Err(e) => {
                    td_string!(lang.get_untracked(), home.list.export_failed, error = e).to_string()
                }
            });
        }
    };
    let export_trf = export.clone();
    let delete = {
        let id = id.clone();
        let name = name.clone();
        move |_| {
            store.delete_event(&id);
            confirming.set(None);
            status.set(
                td_string!(lang.get_untracked(), home.list.deleted, name = name.clone())
                    .to_string(),
            );
        }
    };
    // The confirmation replaces the Delete button: move the focus to its Cancel button.
    let cancel = NodeRef::<leptos::html::Button>::new();
    let ask = {
        let id = id.clone();
        move |_| {
            confirming.set(Some(id.clone()));
            request_animation_frame(move || {
                if let Some(button) = cancel.get_untracked() {
                    let _ = button.focus();
                }
            });
        }
    };
    let label = |key: fn(Locale, &str) -> String| {
        let name = name.clone();
        move || key(lang.get(), &name)
    };
    let label_delete = label(|l, name| td_string!(l, home.list.delete_aria, name).to_string());
    let label_json = label(|l, name| td_string!(l, home.list.export_json_aria, name).to_string());
    let label_trf = label(|l, name| td_string!(l, home.list.export_trf_aria, name).to_string());

    view! {
        <li data-testid="event-item" class="card">
            <div class="card-main">
                <a class="event-name" href=href>
                    {name.clone()}
                </a>
                {(id == EXAMPLE_ID || id.as_str().starts_with("example-"))
                    .then(|| view! { <span class="tag">{tr!(home.list.example_tag)}</span> })}
                <p class="muted">{meta}</p>
            </div>
            <div class="card-actions">
                <Show
                    when=is_confirming
                    fallback=move || {
                        let export = export.clone();
                        let export_trf = export_trf.clone();
                        let ask = ask.clone();
                        view! {
                            <button type="button" aria-label=label_json.clone() on:click=move |_| export(FileFormat::Json)>
                                "JSON"
                            </button>
                            <button type="button" aria-label=label_trf.clone() on:click=move |_| export_trf(FileFormat::Trf)>
                                "TRF"
                            </button>
                            <button type="button" class="danger" aria-label=label_delete.clone() on:click=ask>
                                {tr!(home.list.delete)}
                            </button>
                        }
                    }
                >
                    <span class="confirm" role="group" aria-label=tr!(home.list.confirm_aria)>
                        {tr!(home.list.confirm, name = name.clone())}
                        " "
                        <button type="button" class="danger" on:click=delete.clone()>
                            {tr!(home.list.delete)}
                        </button>
                        <button type="button" node_ref=cancel on:click=move |_| confirming.set(None)>
                            {tr!(home.list.cancel)}
                        </button>
                    </span>
                </Show>
            </div>
        </li>
    }
}
