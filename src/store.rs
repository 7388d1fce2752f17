//! The app's one reactive store: the saved events, the settings and the storage problems, with
//! the operations the pages call. [`Store::persist`] installs the single effect that writes it
//! back to browser storage (see `persist`).
//!
//! The store sits above the data modules and uses them in one direction: `persist` (storage and
//! the stored types), `files` (formats), `tiebreaks` (an event's standings choices); none of
//! them knows the store.

use crate::event_id::EventId;
use crate::files::{self, ImportError, TrfWarning};
use crate::persist::Events;
use crate::persist::{self, Loaded, Persister, Quarantined, StaleEvent, Unavailable, WriteProblem};
use crate::tiebreaks::TiebreakChoice;
use engine::elo::Expectation;
use engine::import_report::ImportReport;
use engine::simulate::StudyConfig;
use engine::{StartNo, Tournament, Withdrawal};
use leptos::prelude::*;

pub use crate::persist::{SavedEvent, Settings};

/// Id of the example event: one fixed id, so "open the example" never duplicates it.
pub const EXAMPLE_ID: &str = "example";

/// An event just imported from a file, for the import dialog to report: its id, whether it was
/// already stored, what the reader warned about (empty for a clean file) and what it read,
/// converted and left unused.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportedEvent {
    pub id: EventId,
    /// An identical event was already stored: nothing was added, and `id` is that event.
    pub already_stored: bool,
    pub warnings: Vec<TrfWarning>,
    pub report: ImportReport,
}

/// What went wrong with storage, for the banner.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StorageProblems {
    /// Keys set aside at load (unreadable or from a newer version).
    pub quarantined: Vec<Quarantined>,
    /// Failures of the last save (quota exceeded, …); empty once a save succeeds.
    pub write_errors: Vec<WriteProblem>,
    /// Storage cannot be used at all.
    pub unavailable: Option<Unavailable>,
    /// Changes refused because another tab had saved the event first, one each, until the
    /// user dismisses them.
    pub stale: Vec<StaleNotice>,
}

/// A change this tab did not save because another tab changed the event first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaleNotice {
    /// The event's name in this tab.
    pub name: String,
    /// The other tab deleted the event (else it saved another version, which this tab now
    /// shows).
    pub deleted: bool,
}

impl StorageProblems {
    pub fn is_empty(&self) -> bool {
        self.quarantined.is_empty()
            && self.write_errors.is_empty()
            && self.unavailable.is_none()
            && self.stale.is_empty()
    }
}

/// Whether the browser keeps this site's storage until the user clears it
/// (`navigator.storage.persist()`), as the home page says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Persistence {
    /// Not known yet (the browser has not answered).
    Asking,
    /// Granted: the browser will not clear the events on its own.
    Granted,
    /// Refused: the browser may clear them when space runs short.
    Refused,
    /// This browser has no persistent-storage request.
    Unsupported,
}

/// The reactive store, provided as context by `App` (see [`use_store`]).
#[derive(Clone, Copy)]
pub struct Store {
    pub events: RwSignal<Vec<SavedEvent>>,
    pub settings: RwSignal<Settings>,
    pub problems: RwSignal<StorageProblems>,
    /// Storage held nothing of ours when the app started (the example was just created).
    pub first_visit: bool,
    /// The answer to the persistent-storage request made by [`Store::persist`].
    pub persistence: RwSignal<Persistence>,
    /// Present for a store loaded from browser storage; the persistence effect and "discard"
    /// use it.
    persister: StoredValue<Option<Persister>, LocalStorage>,
}

/// The store provided by `App` (or a test).
pub fn use_store() -> Store {
    expect_context::<Store>()
}

impl Store {
    /// A store holding `events`, not connected to browser storage (tests, previews).
    pub fn in_memory(events: Vec<SavedEvent>, settings: Settings) -> Store {
        Store {
            events: RwSignal::new(events),
            settings: RwSignal::new(settings),
            problems: RwSignal::new(StorageProblems::default()),
            first_visit: false,
            persistence: RwSignal::new(Persistence::Asking),
            persister: StoredValue::new_local(None),
        }
    }

    /// The store as browser storage holds it; on the very first visit it starts with the
    /// example event. Call [`Store::persist`] to keep storage up to date.
    pub fn load() -> Store {
        let loaded = persist::load();
        Store::from_loaded(loaded)
    }

    fn from_loaded(loaded: Loaded) -> Store {
        let persister = Persister::new(&loaded);
        let Loaded {
            mut events,
            settings,
            quarantined,
            first_visit,
            unavailable,
            texts: _,
        } = loaded;
        // The first visit starts with the example (storage is empty: no key is set aside).
        if first_visit {
            events.push(example_event());
        }
        let mut store = Store::in_memory(events, settings);
        store.first_visit = first_visit;
        store.problems.set(StorageProblems {
            quarantined,
            write_errors: Vec::new(),
            unavailable,
            stale: Vec::new(),
        });
        store.persister.set_value(Some(persister));
        store
    }

    /// The single persistence effect: after every change of the events or the settings, write
    /// what changed; failures go to the storage banner, never silently away. Also follows the
    /// other tabs (the `storage` event) and asks the browser to keep the storage.
    pub fn persist(self) {
        Effect::new(move |_| {
            let report = self.events.with(|events| {
                self.settings.with(|settings| {
                    self.persister
                        .try_update_value(|p| p.as_mut().map(|p| p.sync(events, settings)))
                        .flatten()
                        .unwrap_or_default()
                })
            });
            if self
                .problems
                .with_untracked(|p| p.write_errors != report.errors)
            {
                self.problems.update(|p| p.write_errors = report.errors);
            }
            if !report.stale.is_empty() {
                self.take_stored(report.stale);
            }
        });
        if self.persister.with_value(Option::is_some) {
            // The listener lives as long as the app (the store is the app's); dropping the
            // handle does not remove it.
            let _ = window_event_listener(leptos::ev::storage, move |ev| self.follow(&ev));
            leptos::task::spawn_local(async move {
                self.persistence.set(request_persistence().await);
            });
        }
    }

    /// Writes this page refused because another tab saved the event first: the page takes the
    /// stored copy, and the user is told which change did not go through.
    fn take_stored(&self, stale: Vec<StaleEvent>) {
        for s in stale {
            let notice = StaleNotice {
                name: s.name,
                deleted: s.stored.is_none(),
            };
            self.receive_event(&s.id, s.stored);
            self.problems.update(|p| p.stale.push(notice));
        }
    }

    /// Another tab changed storage: take its version of the event or the settings.
    fn follow(&self, ev: &web_sys::StorageEvent) {
        let Some(key) = ev.key() else {
            return; // storage cleared in another tab: this page keeps what it holds
        };
        if let Some(id) = key.strip_prefix(persist::EVENT_PREFIX) {
            self.receive_event(&EventId::new(id), ev.new_value());
        } else if key == persist::SETTINGS_KEY {
            if let Some(settings) = ev.new_value().and_then(|raw| persist::read_settings(&raw)) {
                self.persister
                    .update_value(|p| p.iter_mut().for_each(|p| p.received_settings(&settings)));
                if self.settings.with_untracked(|s| s != &settings) {
                    self.settings.set(settings);
                }
            }
        }
    }

    /// Storage now holds `text` for event `id` (`None`: deleted): show that copy, without
    /// writing it back. An unreadable text is left to the next load (which sets it aside).
    fn receive_event(&self, id: &EventId, text: Option<String>) {
        let tournament = match &text {
            Some(raw) => match persist::read_event(raw) {
                Ok(t) => Some(t),
                Err(_) => return,
            },
            None => None,
        };
        let revision = self
            .events
            .with_untracked(|es| es.event(id).map_or(1, |e| e.revision + 1));
        self.persister.update_value(|p| {
            if let Some(p) = p.as_mut() {
                p.received(id, text, revision);
            }
        });
        self.events.update(|es| match tournament {
            Some(tournament) => {
                let updated = now();
                match es.event_mut(id) {
                    Some(e) => {
                        e.tournament = tournament;
                        e.revision = revision;
                        e.updated = updated;
                    }
                    None => es.push(SavedEvent {
                        id: id.clone(),
                        updated,
                        revision,
                        tournament,
                    }),
                }
            }
            None => es.retain(|e| &e.id != id),
        });
    }

    /// The user read the "changed in another tab" notices.
    pub fn dismiss_stale(&self) {
        self.problems.update(|p| p.stale.clear());
    }

    /// Every event and the settings as one backup file's text.
    pub fn backup(&self) -> String {
        self.events.with_untracked(|es| {
            self.settings
                .with_untracked(|s| crate::backup::backup(es, s, now()))
        })
    }

    /// Adds events from a backup under their own ids (as the backup's last change), and takes
    /// the backup's settings for them and its interface preferences.
    pub fn restore_missing(&self, events: Vec<SavedEvent>, settings: &Settings) {
        let ids: Vec<EventId> = events.iter().map(|e| e.id.clone()).collect();
        self.events.update(|es| {
            for mut e in events {
                if !es.has_event(&e.id) {
                    e.revision = 1;
                    es.push(e);
                }
            }
        });
        self.take_settings(&ids, settings);
    }

    /// Replaces this browser's copy of an event with the backup's.
    pub fn restore_replacing(&self, theirs: SavedEvent, settings: &Settings) {
        let id = theirs.id.clone();
        self.events.update(|es| {
            if let Some(e) = es.event_mut(&theirs.id) {
                e.tournament = theirs.tournament;
                e.updated = theirs.updated;
                e.revision += 1;
            }
        });
        self.take_settings(&[id], settings);
    }

    /// The backup's preferences (k, expectation, simulation) and its standings views of `ids`.
    fn take_settings(&self, ids: &[EventId], backup: &Settings) {
        self.settings.update(|s| {
            s.k = backup.k;
            s.expectation = backup.expectation;
            s.simulation = backup.simulation.clone();
            for id in ids {
                match backup.standings.get(id) {
                    Some(view) => s.standings.insert(id.clone(), view.clone()),
                    None => s.standings.remove(id),
                };
            }
        });
    }

    /// The user chose to delete a set-aside key (after downloading it, hopefully).
    pub fn discard_quarantined(&self, key: &str) {
        let result = self
            .persister
            .try_update_value(|p| p.as_mut().map(|p| p.discard(key)))
            .flatten()
            .unwrap_or(Ok(()));
        self.problems.update(|p| match result {
            Ok(()) => p.quarantined.retain(|q| q.key != key),
            Err(e) => p.write_errors.push(e),
        });
    }

    /// The tournament with this id, tracked (None when there is none).
    pub fn tournament(&self, id: EventId) -> Memo<Option<Tournament>> {
        let events = self.events;
        Memo::new(move |_| events.with(|es| es.event(&id).map(|e| e.tournament.clone())))
    }

    /// The tournament with this id as it is now (untracked).
    pub fn tournament_now(&self, id: &EventId) -> Option<Tournament> {
        self.events
            .with_untracked(|es| es.event(id).map(|e| e.tournament.clone()))
    }

    pub fn contains(&self, id: &EventId) -> bool {
        self.events.with_untracked(|es| es.has_event(id))
    }

    /// Changes one event; marks it updated (and so saved by the persistence effect).
    pub fn update_event(&self, id: &EventId, change: impl FnOnce(&mut Tournament)) {
        self.events.update(|es| {
            if let Some(e) = es.event_mut(id) {
                change(&mut e.tournament);
                e.revision += 1;
                e.updated = now();
            }
        });
    }

    /// Is `id` free: no event has it, and no set-aside key is stored under it?
    fn id_is_free(&self, id: &EventId) -> bool {
        let key = persist::event_key(id);
        !self.contains(id)
            && self
                .problems
                .with_untracked(|p| !p.quarantined.iter().any(|q| q.key == key))
    }

    /// Adds an event under a new id and returns the id.
    pub fn add_event(&self, tournament: Tournament) -> EventId {
        let id = new_id(|id| !self.id_is_free(id));
        self.events.update(|es| {
            es.push(SavedEvent {
                id: id.clone(),
                updated: now(),
                revision: 1,
                tournament,
            })
        });
        id
    }

    /// The id of the complete example (every game played, for the what-if explorer): the copy
    /// already saved when there is one (same name, still complete), else a new copy.
    pub fn open_complete_example(&self) -> EventId {
        let complete = engine::example::complete();
        let saved = self.events.with_untracked(|es| {
            es.iter()
                .find(|e| {
                    e.tournament.name == complete.name
                        && engine::whatif::check_complete(&e.tournament).is_ok()
                })
                .map(|e| e.id.clone())
        });
        saved.unwrap_or_else(|| self.add_event(complete))
    }

    /// The example's id: [`EXAMPLE_ID`], unless unreadable data is kept under that key.
    fn example_id(&self) -> EventId {
        let taken = |id: &EventId| {
            let key = persist::event_key(id);
            self.problems
                .with_untracked(|p| p.quarantined.iter().any(|q| q.key == key))
        };
        std::iter::once(EventId::new(EXAMPLE_ID))
            .chain((2..).map(|i| EventId::new(format!("{EXAMPLE_ID}-{i}"))))
            .find(|id| !taken(id))
            .unwrap_or_else(|| EventId::new(EXAMPLE_ID))
    }

    /// The example's id, creating the example if it is not stored (never a second copy).
    pub fn open_example(&self) -> EventId {
        let id = self.example_id();
        if !self.contains(&id) {
            let mut example = example_event();
            example.id = id.clone();
            self.events.update(|es| es.push(example));
        }
        id
    }

    /// Deletes the event and the preferences kept for it.
    pub fn delete_event(&self, id: &EventId) {
        self.events.update(|es| es.retain(|e| &e.id != id));
        if self.settings.with_untracked(|s| {
            s.standings.contains_key(id) || s.unmoved_tiebreaks.contains_key(id)
        }) {
            self.settings.update(|s| {
                s.standings.remove(id);
                s.unmoved_tiebreaks.remove(id);
            });
        }
        if self
            .settings
            .with_untracked(|s| s.selected.as_ref() == Some(id))
        {
            self.settings.update(|s| s.selected = None);
        }
    }

    /// Parses a whole file first; only a complete, valid event is stored. Returns its id and
    /// the reader's warnings.
    pub fn import(&self, text: &str) -> Result<ImportedEvent, ImportError> {
        Ok(self.keep_imported(text, files::import(text)?, false))
    }

    /// Stores the event `imported` from `text`, unless an identical event is stored already
    /// and `copy` is false: then nothing is added and the report names the stored one.
    pub fn keep_imported(
        &self,
        text: &str,
        imported: files::Imported,
        copy: bool,
    ) -> ImportedEvent {
        let report = ImportReport::of(text, &imported);
        let twin = if copy {
            None
        } else {
            self.events.with_untracked(|es| {
                es.iter()
                    .find(|e| e.tournament == imported.tournament)
                    .map(|e| e.id.clone())
            })
        };
        let already_stored = twin.is_some();
        let id = twin.unwrap_or_else(|| self.add_event(imported.tournament));
        ImportedEvent {
            id,
            already_stored,
            warnings: imported.warnings,
            report,
        }
    }

    /// Keeps `k` if the app accepts it ([`prior::accept`](crate::prior::accept)); else changes
    /// nothing (the number input says why).
    pub fn set_k(&self, k: f64) {
        if let Some(k) = crate::prior::accept(k) {
            if self.settings.with_untracked(|s| s.k != k) {
                self.settings.update(|s| s.k = k);
            }
        }
    }

    pub fn set_expectation(&self, expectation: Expectation) {
        self.settings.update(|s| s.expectation = expectation);
    }

    /// Remembers the simulation page's settings (only valid ones reach storage).
    pub fn set_simulation(&self, config: StudyConfig) {
        if config.validate().is_ok() && self.settings.with_untracked(|s| s.simulation != config) {
            self.settings.update(|s| s.simulation = config);
        }
    }

    /// Remembers the event last opened.
    pub fn select(&self, id: &EventId) {
        if self
            .settings
            .with_untracked(|s| s.selected.as_ref() != Some(id))
        {
            self.settings.update(|s| s.selected = Some(id.clone()));
        }
    }

    /// Marks `player` withdrawn after `after_round`, or clears it (`None`).
    pub fn set_withdrawal(&self, id: &EventId, player: StartNo, after_round: Option<u32>) {
        self.update_event(id, |t| {
            let mut ws = t.withdrawals.clone();
            ws.retain(|w| w.player != player);
            if let Some(after_round) = after_round {
                ws.push(Withdrawal {
                    player,
                    after_round,
                });
            }
            ws.sort_by_key(|w| w.player);
            t.withdrawals = ws;
        });
    }
}

/// Standings choices of each event: the tie-break list is the event's own (saved with it,
/// exported with it); the rule version and the basis are preferences in the settings.
impl Store {
    /// The standings choices of event `id`, tracked: its list (else its system's preset) with
    /// the preferences stored for it (else the defaults).
    pub fn tiebreak_choice(&self, id: EventId) -> Memo<TiebreakChoice> {
        let settings = self.settings;
        let events = self.events;
        Memo::new(move |_| {
            let view = settings.with(|s| s.standings.get(&id).cloned());
            events.with(|es| match es.event(&id) {
                Some(e) => TiebreakChoice::of(&e.tournament, view.as_ref()),
                None => TiebreakChoice::default_for(engine::tiebreak::System::RoundRobin),
            })
        })
    }

    /// Stores the standings choices of event `id`: the list into the event (so it is saved and
    /// exported with it), the rule version and basis into the settings. Writes only what
    /// changed.
    pub fn set_tiebreak_choice(&self, id: &EventId, choice: &TiebreakChoice) {
        let list_changed = self.events.with_untracked(|es| {
            es.event(id)
                .is_some_and(|e| e.tournament.tiebreaks() != choice.tiebreaks)
        });
        if list_changed {
            self.update_event(id, |t| t.set_tiebreaks(&choice.tiebreaks));
        }
        let view = choice.view();
        let unchanged = self.settings.with_untracked(|s| match s.standings.get(id) {
            Some(stored) => stored == &view,
            // No entry means the defaults: nothing to store while they are kept.
            None => {
                view == TiebreakChoice::default_for(engine::tiebreak::System::RoundRobin).view()
            }
        });
        if !unchanged {
            self.settings.update(|s| {
                s.standings.insert(id.clone(), view);
            });
        }
    }
}

impl Store {
    /// Runs one of the engine's event operations (`engine::event`) on a copy of the event and
    /// stores the result only when it succeeds: a refused operation changes nothing stored.
    pub fn run_event<T>(
        &self,
        id: &EventId,
        op: impl FnOnce(&mut Tournament) -> Result<T, engine::event::EventError>,
    ) -> Result<T, engine::event::EventError> {
        let Some(mut t) = self
            .events
            .with_untracked(|es| es.event(id).map(|e| e.tournament.clone()))
        else {
            return Err(engine::event::EventError::NoSuchEvent(id.to_string()));
        };
        let value = op(&mut t)?;
        self.update_event(id, move |stored| *stored = t);
        Ok(value)
    }
}

/// Asks the browser to keep this site's storage (`navigator.storage.persist()`; Chromium
/// decides by itself, Firefox asks the user). Through `Reflect`: older browsers lack the API.
async fn request_persistence() -> Persistence {
    use wasm_bindgen::JsCast;
    let Some(window) = web_sys::window() else {
        return Persistence::Unsupported;
    };
    let storage = js_sys::Reflect::get(&window.navigator(), &"storage".into()).ok();
    let Some(storage) = storage.filter(|s| s.is_object()) else {
        return Persistence::Unsupported;
    };
    let call = |name: &str| -> Option<js_sys::Promise> {
        let f = js_sys::Reflect::get(&storage, &name.into())
            .ok()?
            .dyn_into::<js_sys::Function>()
            .ok()?;
        f.call0(&storage).ok()?.dyn_into::<js_sys::Promise>().ok()
    };
    let answer = |promise: Option<js_sys::Promise>| async move {
        match promise {
            Some(p) => wasm_bindgen_futures::JsFuture::from(p)
                .await
                .ok()
                .and_then(|v| v.as_bool()),
            None => None,
        }
    };
    if answer(call("persisted")).await == Some(true) {
        return Persistence::Granted;
    }
    match answer(call("persist")).await {
        Some(true) => Persistence::Granted,
        Some(false) => Persistence::Refused,
        None => Persistence::Unsupported,
    }
}

/// The example event as first stored.
pub fn example_event() -> SavedEvent {
    SavedEvent {
        id: EventId::new(EXAMPLE_ID),
        updated: now(),
        revision: 1,
        tournament: engine::example::withdrawal(),
    }
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// A fresh id: time and randomness in base 36, safe in storage keys and URLs.
fn new_id(taken: impl Fn(&EventId) -> bool) -> EventId {
    loop {
        let time = now() as u64;
        let random = (js_sys::Math::random() * 1_679_616.0) as u64; // 36^4
        let id = EventId::new(format!("e{}{}", base36(time), base36(random)));
        if !taken(&id) && id != EXAMPLE_ID {
            return id;
        }
    }
}

fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}
