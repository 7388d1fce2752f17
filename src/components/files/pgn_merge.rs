//! "Import results from PGN" on an event: the file's games are matched to the event's players
//! and pairings by `engine::pgn::merge` on a copy; the preview lists what each game changes
//! (new result, correction, same, newly paired round), and nothing is stored until the user
//! applies it. An error names the line and how to fix it, and changes nothing.

use crate::components::common::data_table::{Cell, DataTable, Row, Table};
use crate::components::common::layout::resolve_event;
use crate::components::event::header::{EventHeader, EventView};
use crate::event_id::EventId;
use crate::files;
use crate::files::FileProblem;
use crate::i18n::{td_string, Locale};
use crate::store::use_store;
use crate::tr;
use crate::words::text;
use crate::words::Words;
use engine::pgn::{self, ChangeKind, Merge};
use engine::Tournament;
use leptos::prelude::*;

fn kind_text(locale: Locale, kind: ChangeKind) -> &'static str {
    match kind {
        ChangeKind::New => td_string!(locale, event.merge.kind_new),
        ChangeKind::Same => td_string!(locale, event.merge.kind_same),
        ChangeKind::Corrected => td_string!(locale, event.merge.kind_corrected),
        ChangeKind::Paired => td_string!(locale, event.merge.kind_paired),
    }
}

fn preview_table(locale: Locale, t: &Tournament, m: &Merge) -> Table {
    let col = |text: &str| text.to_string();
    Table {
        testid: "pgn-merge-preview",
        class: "",
        caption: td_string!(locale, event.merge.caption).into(),
        head: vec![
            col(td_string!(locale, event.merge.col_round)),
            col(td_string!(locale, event.merge.col_white)),
            col(td_string!(locale, event.merge.col_black)),
            col(td_string!(locale, event.merge.col_now)),
            col(td_string!(locale, event.merge.col_file)),
            col(td_string!(locale, event.merge.col_change)),
            // `#`: a number column, right-aligned (`DataTable`).
            format!("#{}", td_string!(locale, event.merge.col_line)),
        ],
        rows: m
            .changes
            .iter()
            .map(|c| Row {
                header: c.round.to_string(),
                cells: vec![
                    Cell::text(text::name_of(t, c.white)),
                    Cell::text(c.black.map_or_else(
                        || td_string!(locale, event.merge.bye).to_owned(),
                        |b| text::name_of(t, b),
                    )),
                    Cell::text(
                        c.before
                            .clone()
                            .unwrap_or_else(|| td_string!(locale, event.merge.not_paired).into()),
                    ),
                    Cell::text(c.after.clone()),
                    Cell::text(kind_text(locale, c.kind)),
                    Cell::num(c.line.to_string()),
                ],
                class: if c.kind == ChangeKind::Same {
                    ""
                } else {
                    "selected"
                },
            })
            .collect(),
    }
}

/// The merge screen for one event id.
#[component]
pub fn PgnMergeScreen(
    /// Id of the event in the store.
    event_id: EventId,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    resolve_event(event_id, move |id, tournament| {
        let store = use_store();
        let merged = RwSignal::new(None::<(String, Merge)>);
        let error = RwSignal::new(None::<FileProblem>);
        // The file applied and its number of changes.
        let applied = RwSignal::new(None::<(String, usize)>);
        let on_change = move |ev: leptos::ev::Event| {
            files::read_chosen_file(&ev, move |name, text| {
                let outcome = match text {
                    Ok(text) => {
                        tournament
                            .with_untracked(|t| pgn::merge(t, &text))
                            .map_err(|error| FileProblem::NotMerged {
                                name: name.clone(),
                                error: Box::new(error),
                            })
                    }
                    Err(error) => Err(FileProblem::Unreadable {
                        name: name.clone(),
                        error,
                    }),
                };
                applied.set(None);
                match outcome {
                    Ok(m) => {
                        error.set(None);
                        merged.set(Some((name, m)));
                    }
                    Err(e) => {
                        merged.set(None);
                        error.set(Some(e));
                    }
                }
            });
        };
        let apply = {
            let id = id.clone();
            move |_| {
                let Some((name, m)) = merged.get_untracked() else {
                    return;
                };
                let count = m.changed();
                store.update_event(&id, move |t| *t = m.tournament);
                merged.set(None);
                applied.set(Some((name, count)));
            }
        };
        let applied_text = move || {
            applied.get().map(|(file, count)| {
                td_string!(lang.get(), event.merge.applied, count, file).to_string()
            })
        };
        let summary = move || {
            let l = lang.get();
            merged.with(|m| {
                m.as_ref().map(|(name, m)| {
                    let count = |k| m.changes.iter().filter(|c| c.kind == k).count();
                    td_string!(
                        l,
                        event.merge.summary,
                        file = name.clone(),
                        count = m.changes.len(),
                        new = count(ChangeKind::New),
                        corrected = count(ChangeKind::Corrected),
                        paired = count(ChangeKind::Paired),
                        same = count(ChangeKind::Same)
                    )
                    .to_string()
                })
            })
        };
        let table = Signal::derive(move || {
            let l = lang.get();
            merged.with(|m| {
                m.as_ref()
                    .map(|(_, m)| tournament.with(|t| preview_table(l, t, m)))
            })
        });
        let warnings = move || {
            merged.with(|m| {
                m.as_ref().map(|(_, m)| {
                    m.warnings
                        .iter()
                        .map(|w| {
                            let w = w.clone();
                            view! { <li data-testid="pgn-merge-warning">{move || w.words(lang.get())}</li> }
                        })
                        .collect_view()
                })
            })
        };
        let crosstable_href = EventView::Crosstable.href(&id);
        // A Swiss whose file goes past its last round: the Details tab gives it more rounds.
        let details_href = StoredValue::new(EventView::Details.href(&id));
        let beyond_schedule = move || {
            let beyond = error.with(|e| {
                matches!(
                    e,
                    Some(FileProblem::NotMerged { error, .. })
                        if matches!(error.kind, pgn::PgnErrorKind::RoundBeyondSchedule { .. })
                )
            });
            beyond && tournament.with(|t| !t.format.is_round_robin())
        };
        view! {
            <article class="event">
                <EventHeader event_id=id tournament=tournament current=Signal::derive(|| EventView::ImportResults) />
                <section class="panel" aria-labelledby="pgn-merge-title">
                    <h3 id="pgn-merge-title">{tr!(event.merge.heading)}</h3>
                    <p>{tr!(event.merge.intro)}</p>
                    <div class="import">
                        <label class="button" for="pgn-merge-file">{tr!(event.merge.choose)}</label>
                        <input
                            id="pgn-merge-file"
                            class="visually-hidden-file"
                            type="file"
                            accept=".pgn"
                            data-testid="pgn-merge-file"
                            on:change=on_change
                        />
                    </div>
                    <Show when=move || error.with(Option::is_some)>
                        <div class="alert" role="alert" data-testid="pgn-merge-error">
                            <p>{move || error.with(|e| e.as_ref().map(|e| e.words(lang.get())))}</p>
                            <Show when=beyond_schedule>
                                <p>
                                    <a href=details_href.get_value() data-testid="pgn-merge-more-rounds">
                                        {tr!(event.merge.more_rounds)}
                                    </a>
                                </p>
                            </Show>
                        </div>
                    </Show>
                    <p role="status" data-testid="pgn-merge-applied">
                        {applied_text}
                        <Show when=move || applied.with(Option::is_some)>
                            " " <a href=crosstable_href.clone()>{tr!(event.merge.see_crosstable)}</a>
                        </Show>
                    </p>
                    <Show when=move || merged.with(Option::is_some)>
                        <p class="summary" data-testid="pgn-merge-summary">{summary}</p>
                        <ul class="import-warnings-list">{warnings}</ul>
                        // The wrapper scrolls a wide preview on a phone: focusable, so that the
                        // keyboard can scroll it too.
                        <div class="scroll-region" tabindex="0" role="region" aria-label=tr!(event.merge.preview_aria)>
                            <DataTable table=table />
                        </div>
                        <div class="toolbar">
                            <button type="button" data-testid="pgn-merge-apply" on:click=apply.clone()>
                                {tr!(event.merge.apply)}
                            </button>
                            <button type="button" on:click=move |_| merged.set(None)>
                                {tr!(event.merge.cancel)}
                            </button>
                        </div>
                    </Show>
                </section>
            </article>
        }
    })
}
