//! Import an event from a TRF, JSON or PGN file (a PGN file of games becomes a new event: a
//! round-robin or a Swiss, decided from the games or as the user says). The file is parsed
//! completely before anything is stored: a broken file changes nothing and its error names the
//! line. Every import ends with its report (issue 30): what was read (players, rounds, games),
//! what an export writes in another form and what is kept but not used, each with its line,
//! the reader's warnings (a points column that disagrees with the results, …), and a button
//! that opens the event. A file whose event is already stored, identical, adds nothing: the
//! report says so and opens the stored event (or imports a copy, if the user asks).

use crate::components::files::import_handover::{take_pending, PgnFormat};
use crate::event_id::EventId;
use crate::files::{self, FileProblem, ReadError, TrfWarning};
use crate::i18n::{td_string, Locale};
use crate::store::{use_store, ImportedEvent, Store};
use crate::tr;
use crate::words::Words;
use engine::pgn::FormatChoice;
use engine::Withdrawal;
use leptos::prelude::*;

/// Imports `text` (the content of `file_name`) into `store`: the new event's id with the
/// reader's warnings and the import's report, or the message to show. This is all the file
/// input does once the file is read. A PGN file's system is inferred from its games.
pub fn import_text(
    store: Store,
    file_name: &str,
    text: &str,
) -> Result<ImportedEvent, FileProblem> {
    import_text_as(store, file_name, text, FormatChoice::Infer, false)
}

/// [`import_text`], a PGN file's system as `pgn_format` says; with `copy`, a new event even
/// when an identical one is stored.
pub fn import_text_as(
    store: Store,
    file_name: &str,
    text: &str,
    pgn_format: FormatChoice,
    copy: bool,
) -> Result<ImportedEvent, FileProblem> {
    let failed = |error| FileProblem::NotImported {
        name: file_name.to_string(),
        error: Box::new(error),
    };
    let imported = if pgn_format != FormatChoice::Infer
        && engine::io::detect(text) == files::FileFormat::Pgn
    {
        let (tournament, warnings) = engine::pgn::to_event(text, pgn_format)
            .map_err(|e| failed(files::ImportError::Pgn(e)))?;
        files::Imported {
            tournament,
            warnings,
        }
    } else {
        files::import(text).map_err(failed)?
    };
    Ok(store.keep_imported(text, imported, copy))
}

/// The choice "PGN games are …" as the select's value.
fn pgn_choice(value: &str) -> FormatChoice {
    match value {
        "round-robin" => FormatChoice::RoundRobin,
        "swiss" => FormatChoice::Swiss { rounds: None },
        _ => FormatChoice::Infer,
    }
}

/// An import that succeeded: what the report shows until it is dismissed.
#[derive(Clone, Debug, PartialEq)]
struct Outcome {
    imported: ImportedEvent,
    file_name: String,
    event_name: String,
    /// Players who look withdrawn but are not recorded as such (a TRF without `XXW`): each
    /// with a button that records the withdrawal.
    suggested: Vec<Withdrawal>,
    /// The file's text and its PGN choice, for "Import a copy anyway".
    text: String,
    format: FormatChoice,
}

impl Outcome {
    /// The report's heading: the event read whole, or already stored.
    fn heading(&self, locale: Locale) -> String {
        let (event, file) = (self.event_name.clone(), self.file_name.clone());
        if self.imported.already_stored {
            td_string!(locale, event.import.already_stored, event, file).to_string()
        } else {
            td_string!(locale, event.import.read_whole, event, file).to_string()
        }
    }

    /// The warnings' heading ("… with 2 warnings").
    fn warnings_summary(&self, locale: Locale) -> String {
        td_string!(
            locale,
            event.import.summary,
            event = self.event_name.clone(),
            file = self.file_name.clone(),
            count = self.imported.warnings.len()
        )
        .to_string()
    }

    /// One sentence for the screen reader's announcement.
    fn announcement(&self, locale: Locale) -> String {
        if self.imported.warnings.is_empty() || self.imported.already_stored {
            self.heading(locale)
        } else {
            self.warnings_summary(locale)
        }
    }
}

/// Where a warning is: `Line 4, column 81` (or just the line).
fn place(locale: Locale, w: &TrfWarning) -> String {
    match w.column {
        Some(column) => {
            td_string!(locale, event.import.place_column, line = w.line, column).to_string()
        }
        None => td_string!(locale, event.import.place_line, line = w.line).to_string(),
    }
}

#[component]
pub fn ImportFile() -> impl IntoView {
    let store = use_store();
    let lang = crate::lang::use_lang();
    let error = RwSignal::new(None::<FileProblem>);
    let outcome = RwSignal::new(None::<Outcome>);
    let pgn_format = RwSignal::new("infer".to_string());

    // A file read (or not): imported and its report shown, or its error shown.
    let handle = move |name: String,
                       text: Result<String, ReadError>,
                       format: FormatChoice,
                       copy| {
        let imported = match &text {
            Ok(text) => import_text_as(store, &name, text, format, copy),
            Err(e) => Err(FileProblem::Unreadable {
                name: name.clone(),
                error: e.clone(),
            }),
        };
        match (imported, text) {
            (Ok(mut imported), Ok(text)) => {
                error.set(None);
                // A record the report lists as kept and not used is not said twice.
                let unused: Vec<usize> = imported.report.unused.iter().map(|u| u.line).collect();
                imported.warnings.retain(|w| {
                    !(matches!(w.kind, files::TrfWarningKind::RecordNotUsed { .. })
                        && unused.contains(&w.line))
                });
                let t = store.tournament_now(&imported.id);
                let suggested = match &t {
                    Some(t) if !imported.already_stored => files::suggested_withdrawals(&text, t),
                    _ => Vec::new(),
                };
                outcome.set(Some(Outcome {
                    imported,
                    file_name: name,
                    event_name: t.map(|t| t.name).unwrap_or_default(),
                    suggested,
                    text,
                    format,
                }));
            }
            (Err(message), _) => {
                outcome.set(None);
                error.set(Some(message));
            }
            // An unreadable file is an error above.
            (Ok(_), Err(_)) => {}
        }
    };
    // A file chosen in the home shell arrives with the page (`import_handover`).
    if let Some(pending) = take_pending() {
        Effect::new(move |_| {
            handle(
                pending.name.clone(),
                Ok(pending.text.clone()),
                pgn_choice(&pending.pgn_format),
                false,
            )
        });
    }
    let on_change = move |ev: leptos::ev::Event| {
        files::read_chosen_file(&ev, move |name, text| {
            handle(name, text, pgn_choice(&pgn_format.get_untracked()), false)
        });
    };
    // "Import a copy anyway": the same file again, stored even though an identical event is.
    let copy = Callback::new(move |o: Outcome| handle(o.file_name, Ok(o.text), o.format, true));

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
        <Show when=move || error.with(Option::is_some)>
            <div class="alert" role="alert" data-testid="import-error">
                <p>{move || error.with(|e| e.as_ref().map(|e| e.words(lang.get())))}</p>
                <button type="button" on:click=move |_| error.set(None)>
                    {tr!(home.import.dismiss)}
                </button>
            </div>
        </Show>
        // Always present, so that a screen reader announces the report when it appears.
        <p class="visually-hidden" role="status" aria-live="polite">
            {move || {
                let l = lang.get();
                outcome.with(|o| o.as_ref().map(|o| o.announcement(l)).unwrap_or_default())
            }}
        </p>
        {move || {
            outcome
                .get()
                .map(|report| {
                    view! {
                        <ImportReportView
                            report=report
                            on_copy=copy
                            on_dismiss=Callback::new(move |_| outcome.set(None))
                        />
                    }
                })
        }}
    }
}

/// "Line 4: XXR is written as 142": one line of the report, with its place in the file.
fn report_line(
    line: usize,
    words: impl Fn(Locale) -> String + Send + Sync + 'static,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    view! {
        <li>
            <span class="import-warning-place">
                {move || td_string!(lang.get(), event.import.place_line, line).to_string()}
            </span>
            ": "
            {move || words(lang.get())}
        </li>
    }
}

/// The report of a successful import: what was read, converted and left unused, each with its
/// line, the reader's warnings, and the way to the event.
#[component]
fn ImportReportView(
    /// The import and its report.
    report: Outcome,
    /// Called with the import when the user asks for a copy of an event already stored.
    on_copy: Callback<Outcome>,
    /// Called when the user dismisses the report.
    on_dismiss: Callback<()>,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let r = report.imported.report.clone();
    let counts = [r.players, r.rounds, r.games]
        .into_iter()
        .enumerate()
        .map(|(i, n)| {
            let label = move || {
                let l = lang.get();
                match i {
                    0 => td_string!(l, event.import.players),
                    1 => td_string!(l, event.import.rounds),
                    _ => td_string!(l, event.import.games),
                }
            };
            view! {
                <div>
                    <dt>{label}</dt>
                    <dd>{n}</dd>
                </div>
            }
        })
        .collect_view();
    let converted = r
        .converted
        .iter()
        .map(|c| {
            let kind = c.kind.clone();
            report_line(c.line, move |l| kind.words(l))
        })
        .collect_view();
    let unused: Vec<_> = r.unused.iter().filter(|u| !u.team).cloned().collect();
    let any_unused = !unused.is_empty();
    let unused = unused
        .into_iter()
        .map(|u| {
            let line = u.line;
            report_line(line, move |l| u.words(l))
        })
        .collect_view();
    let team = r.unused.iter().find(|u| u.team).map(|first| {
        let (line, records) = (first.line, r.unused.iter().filter(|u| u.team).count());
        view! {
            <p class="import-team" data-testid="import-team">
                {move || td_string!(lang.get(), event.import.team, line, records).to_string()}
            </p>
        }
    });
    // A PGN file's games become an event: there are no records to keep as they were.
    let nothing_changed =
        r.converted.is_empty() && r.unused.is_empty() && r.format != files::FileFormat::Pgn;
    let warnings = report
        .imported
        .warnings
        .iter()
        .map(|w| {
            let kind = w.kind.clone();
            let w = w.clone();
            view! {
                <li data-testid="import-warning">
                    <span class="import-warning-place">{move || place(lang.get(), &w)}</span>
                    ": "
                    {move || kind.words(lang.get())}
                </li>
            }
        })
        .collect_view();
    let warned = !report.imported.warnings.is_empty();
    let already_stored = report.imported.already_stored;
    let href = format!("/event/{}", report.imported.id);
    let heading = {
        let report = report.clone();
        move || report.heading(lang.get())
    };
    let warnings_summary = {
        let report = report.clone();
        move || report.warnings_summary(lang.get())
    };
    let for_copy = report.clone();
    view! {
        <section
            class="import-warnings import-report"
            data-testid="import-report"
            aria-labelledby="import-report-title"
        >
            <h3 id="import-report-title">{heading}</h3>
            <dl class="import-counts" data-testid="import-counts">{counts}</dl>
            {(!r.converted.is_empty()).then(|| view! {
                <h4>{tr!(event.import.converted_title)}</h4>
                <ul data-testid="import-converted">{converted}</ul>
            })}
            {any_unused.then(|| view! {
                <h4>{tr!(event.import.unused_title)}</h4>
                <ul data-testid="import-unused">{unused}</ul>
            })}
            {team}
            {nothing_changed.then(|| view! {
                <p data-testid="import-nothing-changed">{tr!(event.import.nothing_changed)}</p>
            })}
            {warned.then(|| view! {
                <div data-testid="import-warnings">
                    <h4>{warnings_summary}</h4>
                    <p>{tr!(event.import.warnings_help)}</p>
                    <ul>{warnings}</ul>
                </div>
            })}
            <SuggestedWithdrawals
                id=report.imported.id.clone()
                suggested=report.suggested.clone()
            />
            <div class="toolbar">
                <a class="button" href=href data-testid="import-open">
                    {move || if already_stored {
                        td_string!(lang.get(), event.import.open_stored)
                    } else {
                        td_string!(lang.get(), event.import.open)
                    }}
                </a>
                {already_stored.then(|| view! {
                    <button
                        type="button"
                        data-testid="import-copy"
                        on:click=move |_| on_copy.run(for_copy.clone())
                    >
                        {tr!(event.import.copy)}
                    </button>
                })}
                <button type="button" on:click=move |_| on_dismiss.run(())>
                    {tr!(home.import.dismiss)}
                </button>
            </div>
        </section>
    }
}

/// One button per player who looks withdrawn in an imported TRF: it records the withdrawal
/// (the import did not, see [`files::import`]); once recorded, the button says so.
#[component]
fn SuggestedWithdrawals(
    /// The imported event.
    id: EventId,
    /// The withdrawals the import detected but did not record.
    suggested: Vec<Withdrawal>,
) -> impl IntoView {
    let store = use_store();
    let lang = crate::lang::use_lang();
    let id = StoredValue::new(id);
    let any = !suggested.is_empty();
    let items = suggested
        .into_iter()
        .map(|w| {
            let recorded = RwSignal::new(false);
            let (p, r) = (w.player, w.after_round);
            let label = move || {
                let l = lang.get();
                if r == 0 {
                    td_string!(l, event.import.record_before, no = p).to_string()
                } else {
                    td_string!(l, event.import.record_after, no = p, round = r).to_string()
                }
            };
            let record = move |_| {
                store.set_withdrawal(&id.get_value(), p, Some(r));
                recorded.set(true);
            };
            view! {
                <li>
                    <Show
                        when=move || recorded.get()
                        fallback=move || {
                            view! {
                                <button type="button" data-testid="record-withdrawal" on:click=record>
                                    {label}
                                </button>
                            }
                        }
                    >
                        <span data-testid="withdrawal-recorded">
                            {move || td_string!(lang.get(), event.import.recorded, no = p).to_string()}
                        </span>
                    </Show>
                </li>
            }
        })
        .collect_view();
    any.then(|| view! { <ul class="import-withdrawals">{items}</ul> })
}
