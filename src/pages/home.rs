//! Home: the saved events, the example, a new event, import; backing up and restoring every
//! event at once, and whether the browser keeps them (persistent storage).

use crate::backup::{self, BackupError, RestoreConflict};
use crate::components::event::list::EventList;
use crate::components::event::new::NewEventForm;
use crate::components::files::import_file::ImportFile;
use crate::event_id::EventId;
use crate::files::{self, BrowserError};
use crate::i18n::{td, td_string, Locale};
use crate::persist::Settings;
use crate::store::{use_store, Persistence, Store};
use crate::tr;
use crate::words::text;
use crate::words::Words;
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use leptos_router::NavigateOptions;

/// What "New event" and "Import" draw. The full app opens its new-event form and reads the file
/// in place ([`Adders::IN_PLACE`]); the home page's small shell (`crate::home_shell`) hands both
/// over to the full app instead, because the form, the file readers (TRF, PGN, JSON) and the
/// rules they need are most of the shell's weight (72 KB gzip: `docs/bundle.md`). Function
/// pointers chosen by each binary, so the linker leaves what a binary does not draw out of it.
#[derive(Clone, Copy)]
pub struct Adders {
    /// The new-event form (or what stands for it), with the callback that closes it.
    pub new_event: fn(Callback<()>) -> AnyView,
    /// The import control.
    pub import: fn() -> AnyView,
}

impl Adders {
    /// The full app's: the form and the import, on this page.
    pub const IN_PLACE: Adders = Adders {
        new_event: |close| view! { <NewEventForm on_close=close /> }.into_any(),
        import: || view! { <ImportFile /> }.into_any(),
    };
}

/// The full app's home page.
#[component]
pub fn HomePage() -> impl IntoView {
    home_page(Adders::IN_PLACE)
}

/// The home page, with what its "New event" and "Import" draw (see [`Adders`]). The address
/// `/?full&new` (the home shell's hand-over) opens the new-event form at once.
pub fn home_page(adders: Adders) -> impl IntoView {
    let lang = crate::lang::use_lang();
    crate::components::common::layout::page_title(move || vec![tr!(home.title)().to_string()]);
    let store = use_store();
    let navigate = use_navigate();
    let asked_new =
        leptos_router::hooks::use_query_map().with_untracked(|q| q.get("new").is_some());
    let creating = RwSignal::new(asked_new);

    let open_example = move |_| {
        let id = store.open_example();
        navigate(&format!("/event/{id}"), NavigateOptions::default());
    };

    view! {
        <section class="home" aria-labelledby="home-title">
            <h2 id="home-title">{tr!(home.title)}</h2>
            <Show when=move || store.first_visit>
                <div class="callout" role="note">
                    <p>
                        {move || {
                            td!(
                                lang.get(),
                                home.welcome,
                                score = text::dec_in(lang.get(), 1.0, 1),
                                <strong> = <strong />
                            )
                        }}
                    </p>
                </div>
            </Show>
            <div class="toolbar" role="group" aria-label=tr!(home.add_aria)>
                <button type="button" class="primary" data-testid="open-example" on:click=open_example>
                    {tr!(home.open_example)}
                </button>
                <button
                    type="button"
                    aria-expanded=move || creating.get().to_string()
                    aria-controls="new-event"
                    on:click=move |_| creating.update(|c| *c = !*c)
                >
                    {tr!(home.new_event)}
                </button>
                {(adders.import)()}
            </div>
            <Show when=move || creating.get()>
                {(adders.new_event)(Callback::new(move |_| creating.set(false)))}
            </Show>
            <EventList />
            <BackupRestore />
        </section>
    }
}

/// The backup file's name: `crosstable-backup-2026-12-01.json` (the local date).
fn backup_file_name() -> String {
    let d = js_sys::Date::new_0();
    format!(
        "crosstable-backup-{:04}-{:02}-{:02}.json",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    )
}

/// What the persistence line says.
fn persistence_text(locale: Locale, p: Persistence) -> &'static str {
    use crate::i18n::td_string;
    match p {
        Persistence::Asking => td_string!(locale, home.persistence.asking),
        Persistence::Granted => td_string!(locale, home.persistence.granted),
        Persistence::Refused => td_string!(locale, home.persistence.refused),
        Persistence::Unsupported => td_string!(locale, home.persistence.unsupported),
    }
}

/// What the backup section last did, kept as facts and put into words when drawn, so that it
/// reads in the language of the moment.
#[derive(Clone, Debug, PartialEq)]
enum Status {
    Downloaded {
        events: usize,
    },
    DownloadFailed {
        error: BrowserError,
    },
    ReadFailed {
        file: String,
        error: files::ReadError,
    },
    RestoreFailed {
        file: String,
        error: BackupError,
    },
    Restored {
        file: String,
        added: usize,
        identical: usize,
        conflicts: usize,
    },
}

impl Status {
    fn is_error(&self) -> bool {
        matches!(
            self,
            Status::DownloadFailed { .. }
                | Status::ReadFailed { .. }
                | Status::RestoreFailed { .. }
        )
    }

    fn text(&self, locale: Locale) -> String {
        use crate::i18n::td_string;
        match self.clone() {
            Status::Downloaded { events } => {
                td_string!(locale, home.backup.downloaded, count = events).to_string()
            }
            Status::DownloadFailed { error } => {
                let error = error.words(locale);
                td_string!(locale, home.backup.download_failed, error).to_string()
            }
            Status::ReadFailed { file, error } => {
                let error = error.words(locale);
                td_string!(locale, home.backup.read_failed, name = file, error).to_string()
            }
            Status::RestoreFailed { file, error } => {
                let error = error.words(locale);
                td_string!(locale, home.backup.restore_failed, name = file, error).to_string()
            }
            Status::Restored {
                file,
                added,
                identical,
                conflicts,
            } => {
                let mut sentences =
                    vec![
                        td_string!(locale, home.backup.restored, name = file, count = added)
                            .to_string(),
                    ];
                if identical > 0 {
                    sentences.push(
                        td_string!(locale, home.backup.identical, count = identical).to_string(),
                    );
                }
                if conflicts > 0 {
                    sentences.push(
                        td_string!(locale, home.backup.conflicts, count = conflicts).to_string(),
                    );
                }
                sentences.join(if locale == Locale::ja { "" } else { " " })
            }
        }
    }
}

/// Restores the backup `text` (from `file_name`): adds the missing events at once and returns
/// what happened and the conflicts left to decide, newest first. A bad file changes nothing.
fn restore(
    store: Store,
    file_name: &str,
    text: &str,
) -> Result<(Status, Vec<RestoreConflict>, Settings), Status> {
    let file = backup::read_backup(text).map_err(|error| Status::RestoreFailed {
        file: file_name.to_string(),
        error,
    })?;
    let plan = store
        .events
        .with_untracked(|es| backup::plan_restore(&file, es));
    let status = Status::Restored {
        file: file_name.to_string(),
        added: plan.missing.len(),
        identical: plan.identical,
        conflicts: plan.conflicts.len(),
    };
    store.restore_missing(plan.missing, &file.settings);
    Ok((status, plan.conflicts, file.settings))
}

/// "Back up everything" (one JSON file: every event and the settings) and "Restore".
#[component]
fn BackupRestore() -> impl IntoView {
    let store = use_store();
    let lang = crate::lang::use_lang();
    let status = RwSignal::new(None::<Status>);
    let conflicts = RwSignal::new(Vec::<RestoreConflict>::new());
    let backup_settings = StoredValue::new(Settings::default());

    let back_up = move |_| {
        let result = files::download(&backup_file_name(), "application/json", &store.backup());
        let count = store.events.with_untracked(Vec::len);
        status.set(Some(match result {
            Ok(()) => Status::Downloaded { events: count },
            Err(e) => Status::DownloadFailed { error: e },
        }));
    };

    let on_file = move |ev: leptos::ev::Event| {
        files::read_chosen_file(&ev, move |name, text| {
            let outcome = match text {
                Ok(text) => restore(store, &name, &text),
                Err(error) => Err(Status::ReadFailed {
                    file: name.clone(),
                    error,
                }),
            };
            match outcome {
                Ok((done, found, settings)) => {
                    backup_settings.set_value(settings);
                    conflicts.set(found);
                    status.set(Some(done));
                }
                Err(failed) => status.set(Some(failed)),
            }
        });
    };

    // One decision about one conflict: it leaves the list.
    let decide = move |id: EventId, choice: &'static str| {
        let Some(c) = conflicts.with_untracked(|cs| cs.iter().find(|c| c.theirs.id == id).cloned())
        else {
            return;
        };
        let settings = backup_settings.get_value();
        match choice {
            "theirs" => store.restore_replacing(c.theirs.clone(), &settings),
            "both" => {
                let mut copy = c.theirs.tournament.clone();
                copy.name = td_string!(
                    lang.get_untracked(),
                    home.backup.copy_name,
                    name = copy.name.clone()
                )
                .to_string();
                store.add_event(copy);
            }
            _ => {}
        }
        conflicts.update(|cs| cs.retain(|c| c.theirs.id != id));
    };

    view! {
        <section class="backup" aria-labelledby="backup-title">
            <h2 id="backup-title">{tr!(home.backup.heading)}</h2>
            <p class="muted" data-testid="persistence" role="status">
                {move || persistence_text(lang.get(), store.persistence.get())}
            </p>
            <div class="toolbar" role="group" aria-label=tr!(home.backup.toolbar_aria)>
                <button type="button" data-testid="backup-all" on:click=back_up>
                    {tr!(home.backup.back_up)}
                </button>
                <span class="restore">
                    <label class="button" for="restore-file">
                        {tr!(home.backup.restore)}
                    </label>
                    <input
                        id="restore-file"
                        class="visually-hidden-file"
                        type="file"
                        accept=".json,application/json"
                        data-testid="restore-file"
                        on:change=on_file
                    />
                </span>
            </div>
            {move || {
                status
                    .get()
                    .map(|s| {
                        let message = s.text(lang.get());
                        if s.is_error() {
                            view! {
                                <p class="error" role="alert" data-testid="restore-error">{message}</p>
                            }
                                .into_any()
                        } else {
                            view! { <p role="status" data-testid="restore-status">{message}</p> }
                                .into_any()
                        }
                    })
            }}
            <Show when=move || conflicts.with(|c| !c.is_empty())>
                <ul
                    class="cards restore-conflicts"
                    aria-label=tr!(home.backup.conflicts_aria)
                >
                    <For
                        each=move || conflicts.get()
                        key=|c| c.theirs.id.clone()
                        children=move |c| {
                            let id = c.theirs.id.clone();
                            let (a, b, d) = (id.clone(), id.clone(), id);
                            view! {
                                <li class="card" data-testid="restore-conflict">
                                    <p>
                                        {move || {
                                            td!(
                                                lang.get(),
                                                home.backup.conflict,
                                                ours = c.ours.tournament.name.clone(),
                                                ours_date = text::date_time_in(lang.get(), c.ours.updated),
                                                theirs = c.theirs.tournament.name.clone(),
                                                theirs_date = text::date_time_in(lang.get(), c.theirs.updated),
                                                <strong> = <strong />
                                            )
                                        }}
                                    </p>
                                    <div class="toolbar">
                                        <button type="button" on:click=move |_| decide(a.clone(), "ours")>
                                            {tr!(home.backup.keep_ours)}
                                        </button>
                                        <button type="button" on:click=move |_| decide(b.clone(), "theirs")>
                                            {tr!(home.backup.use_theirs)}
                                        </button>
                                        <button type="button" on:click=move |_| decide(d.clone(), "both")>
                                            {tr!(home.backup.keep_both)}
                                        </button>
                                    </div>
                                </li>
                            }
                        }
                    />
                </ul>
            </Show>
        </section>
    }
}
