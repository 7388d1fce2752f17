//! Import an event from a TRF, JSON or PGN file (a PGN file of games becomes a new event: a
//! round-robin or a Swiss, decided from the games or as the user says). The file is parsed
//! completely before anything is stored: a broken file changes nothing and its error names the
//! line. A file that is readable
//! but odd (a points column that disagrees with the results, …) is imported, and the reader's
//! warnings are listed, by line and column, before the user opens the event.

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
use leptos_router::hooks::use_navigate;
use leptos_router::NavigateOptions;

/// Imports `text` (the content of `file_name`) into `store`: the new event's id with the
/// reader's warnings, or the message to show. This is all the file input does once the file is
/// read. A PGN file's system is inferred from its games.
pub fn import_text(
    store: Store,
    file_name: &str,
    text: &str,
) -> Result<ImportedEvent, FileProblem> {
    import_text_as(store, file_name, text, FormatChoice::Infer)
}

/// [`import_text`], a PGN file's system as `pgn_format` says.
pub fn import_text_as(
    store: Store,
    file_name: &str,
    text: &str,
    pgn_format: FormatChoice,
) -> Result<ImportedEvent, FileProblem> {
    let failed = |error| FileProblem::NotImported {
        name: file_name.to_string(),
        error: Box::new(error),
    };
    if pgn_format != FormatChoice::Infer && engine::io::detect(text) == files::FileFormat::Pgn {
        let (tournament, warnings) = engine::pgn::to_event(text, pgn_format)
            .map_err(|e| failed(files::ImportError::Pgn(e)))?;
        return Ok(ImportedEvent {
            id: store.add_event(tournament),
            warnings,
        });
    }
    store.import(text).map_err(failed)
}

/// The choice "PGN games are …" as the select's value.
fn pgn_choice(value: &str) -> FormatChoice {
    match value {
        "round-robin" => FormatChoice::RoundRobin,
        "swiss" => FormatChoice::Swiss { rounds: None },
        _ => FormatChoice::Infer,
    }
}

/// An import that succeeded with warnings: what the list shows until it is dismissed.
#[derive(Clone, Debug, PartialEq)]
struct WarnedImport {
    id: EventId,
    file_name: String,
    event_name: String,
    warnings: Vec<TrfWarning>,
    /// Players who look withdrawn but are not recorded as such (a TRF without `XXW`): each
    /// with a button that records the withdrawal.
    suggested: Vec<Withdrawal>,
}

impl WarnedImport {
    /// One sentence for the heading and the screen reader's announcement.
    fn summary(&self, locale: Locale) -> String {
        td_string!(
            locale,
            event.import.summary,
            event = self.event_name.clone(),
            file = self.file_name.clone(),
            count = self.warnings.len()
        )
        .to_string()
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
    let navigate = use_navigate();
    let lang = crate::lang::use_lang();
    let error = RwSignal::new(None::<FileProblem>);
    let warned = RwSignal::new(None::<WarnedImport>);
    let pgn_format = RwSignal::new("infer".to_string());

    // A file read (or not): imported, with its warnings listed, or its error shown.
    let handle = move |name: String, text: Result<String, ReadError>, format: FormatChoice| {
        let navigate = navigate.clone();
        {
            let outcome = match &text {
                Ok(text) => import_text_as(store, &name, text, format),
                Err(e) => Err(FileProblem::Unreadable {
                    name: name.clone(),
                    error: e.clone(),
                }),
            };
            match outcome {
                Ok(imported) if imported.warnings.is_empty() => {
                    error.set(None);
                    warned.set(None);
                    navigate(
                        &format!("/event/{}", imported.id),
                        NavigateOptions::default(),
                    );
                }
                // Imported, but the user should read what the reader corrected before relying
                // on the event: stay here and list it, with a link to the event.
                Ok(imported) => {
                    error.set(None);
                    let t = store.tournament_now(&imported.id);
                    let suggested = match (&t, &text) {
                        (Some(t), Ok(text)) => files::suggested_withdrawals(text, t),
                        _ => Vec::new(),
                    };
                    warned.set(Some(WarnedImport {
                        id: imported.id,
                        file_name: name,
                        event_name: t.map(|t| t.name).unwrap_or_default(),
                        warnings: imported.warnings,
                        suggested,
                    }));
                }
                Err(message) => {
                    warned.set(None);
                    error.set(Some(message));
                }
            }
        }
    };
    // A file chosen in the home shell arrives with the page (`import_handover`).
    if let Some(pending) = take_pending() {
        let handle = handle.clone();
        Effect::new(move |_| {
            handle(
                pending.name.clone(),
                Ok(pending.text.clone()),
                pgn_choice(&pending.pgn_format),
            )
        });
    }
    let on_change = move |ev: leptos::ev::Event| {
        let handle = handle.clone();
        files::read_chosen_file(&ev, move |name, text| {
            handle(name, text, pgn_choice(&pgn_format.get_untracked()))
        });
    };

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
        // Always present, so that a screen reader announces the summary when it appears.
        <p class="visually-hidden" role="status" aria-live="polite">
            {move || {
                let l = lang.get();
                warned.with(|w| w.as_ref().map(|w| w.summary(l)).unwrap_or_default())
            }}
        </p>
        {move || {
            warned
                .get()
                .map(|report| {
                    view! {
                        <ImportWarnings
                            report=report
                            on_dismiss=Callback::new(move |_| warned.set(None))
                        />
                    }
                })
        }}
    }
}

/// The warnings of a successful import, listed with their place in the file.
#[component]
fn ImportWarnings(
    /// The import and its warnings.
    report: WarnedImport,
    /// Called when the user dismisses the list.
    on_dismiss: Callback<()>,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let items = report
        .warnings
        .iter()
        .map(|w| {
            let kind = w.kind.clone();
            view! {
                <li data-testid="import-warning">
                    <span class="import-warning-place">
                        {
                            let w = w.clone();
                            move || place(lang.get(), &w)
                        }
                    </span>
                    ": "
                    {move || kind.words(lang.get())}
                </li>
            }
        })
        .collect_view();
    view! {
        <section
            class="import-warnings"
            data-testid="import-warnings"
            aria-labelledby="import-warnings-title"
        >
            <h3 id="import-warnings-title">
                {
                    let report = report.clone();
                    move || report.summary(lang.get())
                }
            </h3>
            <p>{tr!(event.import.warnings_help)}</p>
            <ul>{items}</ul>
            <SuggestedWithdrawals id=report.id.clone() suggested=report.suggested.clone() />
            <div class="toolbar">
                <a class="button" href=format!("/event/{}", report.id) data-testid="import-open">
                    {tr!(event.import.open)}
                </a>
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
