//! Home: the saved events, the example, a new event, import; backing up and restoring every
//! event at once, and whether the browser keeps them (persistent storage).

use crate::backup::{self, RestoreConflict};
use crate::components::event_list::EventList;
use crate::components::import_file::ImportFile;
use crate::components::new_event::NewEventForm;
use crate::files;
use crate::persist::Settings;
use crate::store::{use_store, Persistence, Store};
use crate::text;
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use leptos_router::NavigateOptions;

#[component]
pub fn HomePage() -> impl IntoView {
    crate::components::layout::page_title(|| vec!["Your events".to_string()]);
    let store = use_store();
    let navigate = use_navigate();
    let creating = RwSignal::new(false);

    let open_example = move |_| {
        let id = store.open_example();
        navigate(&format!("/event/{id}"), NavigateOptions::default());
    };

    view! {
        <section class="home" aria-labelledby="home-title">
            <h2 id="home-title">"Your events"</h2>
            <Show when=move || store.first_visit>
                <div class="callout" role="note">
                    <p>
                        <strong>"Welcome. "</strong>
                        "An illustrative example is ready: a 10-player elite round-robin in which a player \
                         rated 2759 withdraws after round 5 with 1.0/5. Open it to compare what FIDE's rule, \
                         annulment, forfeits and the Bayesian imputation give the players who never got \
                         to play him."
                    </p>
                </div>
            </Show>
            <div class="toolbar" role="group" aria-label="Add an event">
                <button type="button" class="primary" data-testid="open-example" on:click=open_example>
                    "Open the example"
                </button>
                <button
                    type="button"
                    aria-expanded=move || creating.get().to_string()
                    aria-controls="new-event"
                    on:click=move |_| creating.update(|c| *c = !*c)
                >
                    "New event"
                </button>
                <ImportFile />
            </div>
            <Show when=move || creating.get()>
                <NewEventForm on_close=Callback::new(move |_| creating.set(false)) />
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
fn persistence_text(p: Persistence) -> &'static str {
    match p {
        Persistence::Asking => "Asking the browser to keep your events…",
        Persistence::Granted => {
            "Storage is persistent: the browser will not clear your events on its own."
        }
        Persistence::Refused => {
            "The browser did not grant persistent storage: it may clear your events when space \
             runs short. Back up everything now and then."
        }
        Persistence::Unsupported => {
            "This browser cannot promise to keep your events: back up everything now and then."
        }
    }
}

/// Restores the backup `text` (from `file_name`): adds the missing events at once and returns
/// the sentence to show and the conflicts left to decide, newest first. A bad file changes
/// nothing.
fn restore(
    store: Store,
    file_name: &str,
    text: &str,
) -> Result<(String, Vec<RestoreConflict>, Settings), String> {
    let file = backup::read_backup(text)
        .map_err(|e| format!("Could not restore “{file_name}”: {e}. Nothing was changed."))?;
    let plan = store
        .events
        .with_untracked(|es| backup::plan_restore(&file, es));
    let added = plan.missing.len();
    store.restore_missing(plan.missing, &file.settings);
    let mut message = format!(
        "Restored from “{file_name}”: {} added",
        text::plural(added, "event", "events")
    );
    if plan.identical > 0 {
        message.push_str(&format!(", {} already here", plan.identical));
    }
    if !plan.conflicts.is_empty() {
        message.push_str(&format!(
            ", {} differing from the copy here — choose below, newest first",
            plan.conflicts.len()
        ));
    }
    message.push('.');
    Ok((message, plan.conflicts, file.settings))
}

/// "Back up everything" (one JSON file: every event and the settings) and "Restore".
#[component]
fn BackupRestore() -> impl IntoView {
    let store = use_store();
    let status = RwSignal::new(None::<Result<String, String>>);
    let conflicts = RwSignal::new(Vec::<RestoreConflict>::new());
    let backup_settings = StoredValue::new(Settings::default());

    let back_up = move |_| {
        let result = files::download(&backup_file_name(), "application/json", &store.backup());
        let count = store.events.with_untracked(Vec::len);
        status.set(Some(match result {
            Ok(()) => Ok(format!(
                "Backup downloaded: {} and the settings.",
                text::plural(count, "event", "events")
            )),
            Err(e) => Err(format!("The backup could not be downloaded: {e}")),
        }));
    };

    let on_file = move |ev: leptos::ev::Event| {
        files::read_chosen_file(&ev, move |name, text| {
            let outcome = match text {
                Ok(text) => restore(store, &name, &text),
                Err(e) => Err(format!(
                    "Could not read “{name}”: {e}. Nothing was changed."
                )),
            };
            match outcome {
                Ok((message, found, settings)) => {
                    backup_settings.set_value(settings);
                    conflicts.set(found);
                    status.set(Some(Ok(message)));
                }
                Err(e) => status.set(Some(Err(e))),
            }
        });
    };

    // One decision about one conflict: it leaves the list.
    let decide = move |id: String, choice: &'static str| {
        let Some(c) = conflicts.with_untracked(|cs| cs.iter().find(|c| c.theirs.id == id).cloned())
        else {
            return;
        };
        let settings = backup_settings.get_value();
        match choice {
            "theirs" => store.restore_replacing(c.theirs.clone(), &settings),
            "both" => {
                let mut copy = c.theirs.tournament.clone();
                copy.name = format!("{} (from the backup)", copy.name);
                store.add_event(copy);
            }
            _ => {}
        }
        conflicts.update(|cs| cs.retain(|c| c.theirs.id != id));
    };

    view! {
        <section class="backup" aria-labelledby="backup-title">
            <h2 id="backup-title">"Keep your events safe"</h2>
            <p class="muted" data-testid="persistence" role="status">
                {move || persistence_text(store.persistence.get())}
            </p>
            <div class="toolbar" role="group" aria-label="Backup">
                <button type="button" data-testid="backup-all" on:click=back_up>
                    "Back up everything"
                </button>
                <span class="restore">
                    <label class="button" for="restore-file">
                        "Restore from a backup…"
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
                    .map(|s| match s {
                        Ok(message) => {
                            view! { <p role="status" data-testid="restore-status">{message}</p> }
                                .into_any()
                        }
                        Err(e) => {
                            view! {
                                <p class="error" role="alert" data-testid="restore-error">{e}</p>
                            }
                                .into_any()
                        }
                    })
            }}
            <Show when=move || conflicts.with(|c| !c.is_empty())>
                <ul class="cards restore-conflicts" aria-label="Events that differ from the backup">
                    <For
                        each=move || conflicts.get()
                        key=|c| c.theirs.id.clone()
                        children=move |c| {
                            let id = c.theirs.id.clone();
                            let (a, b, d) = (id.clone(), id.clone(), id);
                            view! {
                                <li class="card" data-testid="restore-conflict">
                                    <p>
                                        <strong>{c.ours.tournament.name.clone()}</strong>
                                        " — here: changed "
                                        {text::date_time(c.ours.updated)}
                                        "; in the backup (“"
                                        {c.theirs.tournament.name.clone()}
                                        "”): changed "
                                        {text::date_time(c.theirs.updated)}
                                        "."
                                    </p>
                                    <div class="toolbar">
                                        <button type="button" on:click=move |_| decide(a.clone(), "ours")>
                                            "Keep this browser’s"
                                        </button>
                                        <button type="button" on:click=move |_| decide(b.clone(), "theirs")>
                                            "Use the backup’s"
                                        </button>
                                        <button type="button" on:click=move |_| decide(d.clone(), "both")>
                                            "Keep both"
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
