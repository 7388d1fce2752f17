//! The top of every event page: name, facts, the event's navigation, downloads, and the note
//! that marks an illustrative event.

use crate::components::event::readiness::RatingReadiness;
use crate::event_id::EventId;
use crate::files::{self, FileFormat};
use crate::i18n::{td, td_string, Locale};
use crate::tr;
use crate::words::text;
use crate::words::Words;
use engine::{Format, Tournament};
use leptos::prelude::*;

/// The views of an event, in navigation order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventView {
    Players,
    Crosstable,
    Standings,
    Withdrawal,
    Sensitivity,
    WhatIf,
    Chances,
    Rounds,
    /// The event's details: name, place, dates, arbiters, rounds.
    Details,
    /// Publishing the results (a link beside the downloads, not a tab).
    Publish,
    /// Importing results from PGN (a link beside the downloads, not a tab).
    ImportResults,
}

impl EventView {
    pub const ALL: [EventView; 9] = [
        EventView::Players,
        EventView::Crosstable,
        EventView::Rounds,
        EventView::Standings,
        EventView::Withdrawal,
        EventView::Sensitivity,
        EventView::WhatIf,
        EventView::Chances,
        EventView::Details,
    ];

    /// The view's name in the reader's language (tabs, page titles).
    pub fn label(self, locale: Locale) -> &'static str {
        match self {
            EventView::Players => td_string!(locale, event.views.players),
            EventView::Crosstable => td_string!(locale, event.views.crosstable),
            EventView::Standings => td_string!(locale, event.views.standings),
            EventView::Withdrawal => td_string!(locale, event.views.withdrawal),
            EventView::Sensitivity => td_string!(locale, event.views.sensitivity),
            EventView::WhatIf => td_string!(locale, event.views.whatif),
            EventView::Chances => td_string!(locale, event.views.chances),
            EventView::Rounds => td_string!(locale, event.views.rounds),
            EventView::Details => td_string!(locale, event.views.details),
            EventView::Publish => td_string!(locale, event.views.publish),
            EventView::ImportResults => td_string!(locale, event.views.import_results),
        }
    }

    /// The navigation's `data-testid` of each view (a stable contract of the end-to-end tests).
    pub fn testid(self) -> &'static str {
        match self {
            EventView::Players => "nav-players",
            EventView::Crosstable => "nav-crosstable",
            EventView::Standings => "nav-standings",
            EventView::Withdrawal => "nav-withdrawal",
            EventView::Sensitivity => "nav-sensitivity",
            EventView::WhatIf => "nav-whatif",
            EventView::Chances => "nav-chances",
            EventView::Rounds => "nav-rounds",
            EventView::Details => "nav-details",
            EventView::Publish => "nav-publish",
            EventView::ImportResults => "nav-import-results",
        }
    }

    /// The `tab` query value of the event page's views.
    pub fn tab(self) -> &'static str {
        match self {
            EventView::Players => "players",
            EventView::Crosstable => "crosstable",
            EventView::Standings => "standings",
            EventView::Withdrawal => "withdrawal",
            EventView::Sensitivity => "sensitivity",
            EventView::WhatIf => "whatif",
            EventView::Chances => "chances",
            EventView::Rounds => "rounds",
            EventView::Details => "details",
            EventView::Publish => "publish",
            EventView::ImportResults => "import-results",
        }
    }

    pub fn from_tab(tab: &str) -> EventView {
        match tab {
            "players" => EventView::Players,
            "standings" => EventView::Standings,
            "rounds" => EventView::Rounds,
            "details" => EventView::Details,
            _ => EventView::Crosstable,
        }
    }

    /// Whether the view exists for an event of `format`: the one rule behind the navigation
    /// and the pages reached by URL. The withdrawal policies and their sensitivity are defined
    /// for round-robins, and the chances need a round-robin's known schedule; the what-if
    /// explorer has a round-robin and a Swiss version.
    pub fn available_in(self, format: Format) -> bool {
        match self {
            EventView::Withdrawal | EventView::Sensitivity | EventView::Chances => {
                format.is_round_robin()
            }
            _ => true,
        }
    }

    pub fn href(self, id: &EventId) -> String {
        match self {
            EventView::Withdrawal => format!("/event/{id}/withdrawal"),
            EventView::Sensitivity => format!("/event/{id}/sensitivity"),
            EventView::WhatIf => format!("/event/{id}/whatif"),
            EventView::Chances => format!("/event/{id}/chances"),
            EventView::Publish => format!("/event/{id}/publish"),
            EventView::ImportResults => format!("/event/{id}/import-results"),
            other => format!("/event/{id}?tab={}", other.tab()),
        }
    }
}

/// What the last download said, kept as facts and worded when drawn.
#[derive(Clone, Debug, PartialEq)]
enum Downloaded {
    /// A TRF file: it may have shortened names.
    Trf,
    /// The browser refused, with its reason.
    Failed(files::BrowserError),
}

#[component]
pub fn EventHeader(
    /// Id of the event in the store (for links).
    event_id: EventId,
    /// The event.
    tournament: Memo<Tournament>,
    /// The view being shown, marked current in the navigation.
    current: Signal<EventView>,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let status = RwSignal::new(None::<Downloaded>);
    // A shared, unsaved event: its views are reached through the link, not this navigation.
    let shared = use_context::<crate::components::common::share_link::SharedMode>().is_some();
    let export = move |format: FileFormat| {
        let result = tournament.with_untracked(|t| files::download_event(t, format));
        status.set(match result {
            Ok(()) if matches!(format, FileFormat::Trf) => Some(Downloaded::Trf),
            Ok(()) => None,
            Err(e) => Some(Downloaded::Failed(e)),
        });
    };
    let status_text = move || {
        let l = lang.get();
        status.with(|s| match s {
            None => String::new(),
            Some(Downloaded::Trf) => tournament.with(|t| text::trf_shortened_in(l, t)),
            Some(Downloaded::Failed(error)) => {
                td_string!(l, event.header.download_failed, error = error.words(l)).to_string()
            }
        })
    };
    let name = move || tournament.with(|t| t.name.clone());
    let facts = move || {
        let l = lang.get();
        tournament.with(|t| {
            let mut parts = vec![
                text::format_label_in(l, t.format),
                td_string!(l, event.header.players, count = t.players.len()).to_string(),
                text::round_progress_in(l, t),
            ];
            for extra in [&t.info.city, &t.info.start_date] {
                if !extra.is_empty() {
                    parts.push(extra.clone());
                }
            }
            parts.join(" · ")
        })
    };
    let note = move || tournament.with(|t| t.info.note.clone());
    let readiness_id = event_id.clone();
    crate::components::common::layout::page_title(move || {
        vec![
            current.get().label(lang.get()).to_string(),
            tournament.with(|t| t.name.clone()),
        ]
    });

    view! {
        <header class="event-header">
            <h2 class="event-title" translate="no">{name}</h2>
            <p class="muted">{facts}</p>
            <Show when=move || !note().is_empty()>
                <p class="note" role="note" data-testid="example-note">
                    {move || td!(lang.get(), event.header.note, note = note(), <strong> = <strong />)}
                </p>
            </Show>
            <div class="event-bar">
                {(!shared).then(|| view! {
                    <nav class="tabs" aria-label=tr!(event.header.nav_aria)>
                        {EventView::ALL
                            .into_iter()
                            .filter(|v| v.available_in(tournament.with_untracked(|t| t.format)))
                            .map(|v| {
                                let testid = v.testid();
                                view! {
                                    <a
                                        href=v.href(&event_id)
                                        data-testid=testid
                                        aria-current=move || (current.get() == v).then_some("page")
                                    >
                                        {move || v.label(lang.get())}
                                    </a>
                                }
                            })
                            .collect_view()}
                    </nav>
                })}
                <div class="downloads" role="group" aria-label=tr!(event.header.downloads_aria)>
                    <button type="button" data-testid="export-json" on:click=move |_| export(FileFormat::Json)>
                        {tr!(event.header.download_json)}
                    </button>
                    <button type="button" data-testid="export-trf" on:click=move |_| export(FileFormat::Trf)>
                        {tr!(event.header.download_trf)}
                    </button>
                    <button
                        type="button"
                        data-testid="export-trf16"
                        title=tr!(event.header.trf16_title)
                        on:click=move |_| export(FileFormat::Trf16)
                    >
                        {tr!(event.header.trf16)}
                    </button>
                    {(!shared).then(|| {
                        [
                            (EventView::Publish, tr!(event.header.publish)),
                            (EventView::ImportResults, tr!(event.header.import_results)),
                        ]
                            .into_iter()
                            .map(|(v, text)| view! {
                                <a
                                    class="button"
                                    href=v.href(&event_id)
                                    data-testid=v.testid()
                                    aria-current=move || (current.get() == v).then_some("page")
                                >
                                    {text}
                                </a>
                            })
                            .collect_view()
                    })}
                </div>
            </div>
            {(!shared).then(|| view! { <RatingReadiness event_id=readiness_id tournament=tournament /> })}
            <p class="status" role="status">{status_text}</p>
        </header>
    }
}
