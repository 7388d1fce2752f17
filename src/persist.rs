//! Browser storage (localStorage through gloo-storage): what the app keeps — the saved events
//! and the settings — under which key, loading it at start (migrating older records), and
//! writing back what changed. Knows nothing of the reactive store that holds these values.
//!
//! Keys (all under [`PREFIX`]):
//! - `crosstable.v1.index` — `{"version":2,"events":[{"id","name","updated"}…]}`, the list order;
//! - `crosstable.v1.event.<id>` — one event in the engine's JSON file format (with its own
//!   tie-break list);
//! - `crosstable.v1.settings` — `{"version":2,"k":…,"expectation":…,"selected":…,
//!   "standings":{"<id>":{"rules":…,"basis":…}},"simulation":{…}}`: interface preferences only.
//!
//! Data safety: a key that cannot be read, or that a newer version of the app wrote, is never
//! overwritten and never deleted by the app — it is set aside ([`Quarantined`]), left out of the
//! list and reported, with its raw text offered for download. Only the user may discard it.

use crate::event_id::EventId;
use crate::files::{self, BrowserError};
use crate::tiebreaks::{parse_codes, StandingsView};
use engine::elo::Expectation;
use engine::impute::Params;
use engine::json::JsonError;
use engine::simulate::StudyConfig;
use engine::Tournament;
use gloo_storage::Storage as _;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, HashSet};

pub use crate::files::js_error_text;

/// Version of the index and settings records; raise it and extend [`migrate`] on a change.
/// 2: the tie-break lists moved from the settings into their events.
pub const SCHEMA_VERSION: u64 = 2;
/// Every key the app owns starts with this.
pub const PREFIX: &str = "crosstable.v1.";
pub const INDEX_KEY: &str = "crosstable.v1.index";
pub const SETTINGS_KEY: &str = "crosstable.v1.settings";
pub const EVENT_PREFIX: &str = "crosstable.v1.event.";

pub fn event_key(id: &EventId) -> String {
    format!("{EVENT_PREFIX}{id}")
}

/// The one lookup of an event by its id, for the store's list of events (and the backup's).
pub trait Events {
    /// The event with id `id`, if there is one.
    fn event(&self, id: &EventId) -> Option<&SavedEvent>;
    /// The event with id `id`, to change, if there is one.
    fn event_mut(&mut self, id: &EventId) -> Option<&mut SavedEvent>;
    /// Is there an event with id `id`?
    fn has_event(&self, id: &EventId) -> bool {
        self.event(id).is_some()
    }
}

impl Events for [SavedEvent] {
    fn event(&self, id: &EventId) -> Option<&SavedEvent> {
        self.iter().find(|e| &e.id == id)
    }

    fn event_mut(&mut self, id: &EventId) -> Option<&mut SavedEvent> {
        self.iter_mut().find(|e| &e.id == id)
    }
}

/// One event as the app holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedEvent {
    pub id: EventId,
    /// Milliseconds since the Unix epoch of the last change.
    pub updated: f64,
    /// Bumped on every change; the persister writes an event when it differs from the saved one.
    pub revision: u64,
    pub tournament: Tournament,
}

/// Interface preferences that outlive a page: the last prior strength and expectation model,
/// the last event, each event's standings view, the simulation's settings. Nothing here is an
/// event's data (that lives in the event, and travels with its files).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub k: f64,
    pub expectation: Expectation,
    pub selected: Option<EventId>,
    /// Each event's Standings tab preferences (rule version, basis), by event id; an event
    /// without an entry uses the defaults.
    pub standings: BTreeMap<EventId, StandingsView>,
    /// Tie-break lists a version-1 record kept here, by event id, that could not be moved into
    /// their event yet (it was set aside as unreadable): kept, not lost. Empty otherwise.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub unmoved_tiebreaks: BTreeMap<EventId, Vec<String>>,
    /// The simulation page's last settings (not its results).
    pub simulation: StudyConfig,
    /// The interface language the reader chose (`"fr"`); absent until they choose, while the
    /// browser's languages decide (`crate::lang`). Older records lack it: nothing to migrate.
    /// A code this version does not know (a newer version's, a hand edit) is kept, and ignored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
}

impl Default for Settings {
    fn default() -> Settings {
        let p = Params::default();
        Settings {
            k: p.k(),
            expectation: p.expectation(),
            selected: None,
            standings: BTreeMap::new(),
            unmoved_tiebreaks: BTreeMap::new(),
            simulation: StudyConfig::default(),
            lang: None,
        }
    }
}

impl Settings {
    /// Settings with k brought back into the accepted range (a hand-edited record may hold
    /// anything).
    pub fn sanitised(mut self) -> Settings {
        self.k = crate::prior::bring_into_range(self.k);
        if self.simulation.validate().is_err() {
            self.simulation = StudyConfig::default();
        }
        self
    }

    /// The imputation settings; a k the engine refuses (only a record not yet
    /// [`sanitised`](Settings::sanitised)) gives the paper's settings with this expectation.
    pub fn params(&self) -> Params {
        Params::new(self.k, self.expectation)
            .unwrap_or_else(|_| Params::default().with_expectation(self.expectation))
    }
}

/// One line of the index: enough to list an event without parsing it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IndexEntry {
    pub id: EventId,
    pub name: String,
    /// Milliseconds since the Unix epoch of the last change.
    pub updated: f64,
}

#[derive(Debug, Serialize, Deserialize)]
struct IndexRecord {
    version: u64,
    events: Vec<IndexEntry>,
}

#[derive(Debug, Serialize, Deserialize)]
struct SettingsRecord {
    version: u64,
    #[serde(flatten)]
    settings: Settings,
}

/// A stored key the app could not use; kept as it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Quarantined {
    pub key: String,
    /// Why it was set aside, for the user.
    pub reason: StoredProblem,
    /// The stored text, verbatim (offered for download).
    pub raw: String,
}

/// Why a stored record cannot be used, as facts (the storage banner words them,
/// `crate::words`).
#[derive(Clone, Debug, PartialEq)]
pub enum StoredProblem {
    /// Not JSON at all (serde's message).
    NotJson(String),
    /// No schema version.
    NoVersion,
    /// Written by a newer version of the app.
    Newer { version: u64 },
    /// A version the migrations do not know.
    UnknownVersion(u64),
    /// JSON of an unexpected shape (serde's message).
    Unexpected(String),
    /// A stored event the engine cannot read.
    Event(JsonError),
}

/// Why storage cannot be used at all.
#[derive(Clone, Debug, PartialEq)]
pub enum Unavailable {
    /// The browser has no localStorage.
    NoLocalStorage,
    /// The browser refused it (private mode, site data blocked, …).
    Refused(BrowserError),
}

/// A write (or removal) that failed, as facts.
#[derive(Clone, Debug, PartialEq)]
pub enum WriteProblem {
    /// An event was not saved (its name).
    Event { name: String, error: BrowserError },
    /// The list of events was not saved.
    Index(BrowserError),
    /// The settings were not saved.
    Settings(BrowserError),
    /// A deleted event's key could not be removed.
    NotRemoved(BrowserError),
    /// A set-aside key the user discarded could not be removed.
    Discard { key: String, error: BrowserError },
}

/// What [`load`] found.
#[derive(Debug, Default)]
pub struct Loaded {
    pub events: Vec<SavedEvent>,
    pub settings: Settings,
    pub quarantined: Vec<Quarantined>,
    /// Storage held no key of ours at all: the first visit.
    pub first_visit: bool,
    /// Why storage cannot be used at all (private mode, disabled), if so.
    pub unavailable: Option<Unavailable>,
    /// The stored text of each loaded event, by id: what the persister compares storage with
    /// before it writes (see [`Persister::sync`]).
    pub texts: HashMap<EventId, String>,
}

/// Upgrades a record written by schema version `from` to [`SCHEMA_VERSION`], one step at a time.
fn migrate(mut record: serde_json::Value, from: u64) -> Result<serde_json::Value, StoredProblem> {
    let mut version = from;
    while version < SCHEMA_VERSION {
        record = match version {
            1 => tiebreaks_leave_the_settings(record),
            other => return Err(StoredProblem::UnknownVersion(other)),
        };
        version += 1;
    }
    match version {
        SCHEMA_VERSION => Ok(record),
        other => Err(StoredProblem::UnknownVersion(other)),
    }
}

/// Version 1 → 2. Version 1 settings kept each event's standings choices as
/// `"tiebreaks": {"<id>": {"rules", "tiebreaks", "basis"}}`, so the list chosen in the new-event
/// wizard (stored in the event) never reached the Standings tab. Now the list belongs to the
/// event: the rule version and the basis stay as preferences (`standings`), the list goes to
/// `unmoved_tiebreaks`, which [`load`] moves into its event. The index record has no
/// `tiebreaks` and passes unchanged.
fn tiebreaks_leave_the_settings(mut record: serde_json::Value) -> serde_json::Value {
    use serde_json::{Map, Value};
    let Some(object) = record.as_object_mut() else {
        return record;
    };
    if let Some(Value::Object(old)) = object.remove("tiebreaks") {
        let mut standings = Map::new();
        let mut lists = Map::new();
        for (id, choice) in old {
            let mut view = Map::new();
            for key in ["rules", "basis"] {
                if let Some(Value::String(s)) = choice.get(key) {
                    view.insert(key.into(), Value::String(s.clone()));
                }
            }
            standings.insert(id.clone(), Value::Object(view));
            // An entry without a list is read as an empty one, as version 1 read it.
            let codes: Vec<Value> = match choice.get("tiebreaks") {
                Some(Value::Array(codes)) => {
                    codes.iter().filter(|c| c.is_string()).cloned().collect()
                }
                _ => Vec::new(),
            };
            lists.insert(id, Value::Array(codes));
        }
        object.insert("standings".into(), Value::Object(standings));
        object.insert("unmoved_tiebreaks".into(), Value::Object(lists));
    }
    object.insert("version".into(), Value::from(2u64));
    record
}

/// Moves the tie-break lists a version-1 settings record held into their events (once: the
/// settings are saved without them). A moved event gets revision 1, so the persister, which
/// counts what was loaded as saved at revision 0, writes it. A list whose event was set aside
/// stays in the settings until the event can be read; a list whose event is gone goes with it.
fn move_tiebreaks_into_events(loaded: &mut Loaded) {
    let lists = std::mem::take(&mut loaded.settings.unmoved_tiebreaks);
    for (id, codes) in lists {
        if let Some(e) = loaded.events.event_mut(&id) {
            e.tournament.set_tiebreaks(&parse_codes(&codes));
            e.revision = e.revision.max(1);
        } else if loaded.quarantined.iter().any(|q| q.key == event_key(&id)) {
            loaded.settings.unmoved_tiebreaks.insert(id, codes);
        }
    }
}

/// The storage, or why there is none. Checked through web-sys first because gloo-storage
/// panics when localStorage is unavailable.
fn storage() -> Result<web_sys::Storage, Unavailable> {
    match web_sys::window().map(|w| w.local_storage()) {
        Some(Ok(Some(_))) => Ok(gloo_storage::LocalStorage::raw()),
        Some(Err(e)) => Err(Unavailable::Refused(BrowserError::of(&e))),
        _ => Err(Unavailable::NoLocalStorage),
    }
}

/// The schema version a record claims, if it claims one.
pub(crate) fn version_of(value: &serde_json::Value) -> Option<u64> {
    value.get("version").and_then(serde_json::Value::as_u64)
}

/// Reads a versioned app record (index or settings), migrating older ones.
fn read_record<T: serde::de::DeserializeOwned>(raw: &str) -> Result<T, StoredProblem> {
    let value: serde_json::Value =
        serde_json::from_str(raw).map_err(|e| StoredProblem::NotJson(e.to_string()))?;
    let version = version_of(&value).ok_or(StoredProblem::NoVersion)?;
    if version > SCHEMA_VERSION {
        return Err(StoredProblem::Newer { version });
    }
    let value = migrate(value, version)?;
    serde_json::from_value(value).map_err(|e| StoredProblem::Unexpected(e.to_string()))
}

/// Reads a settings record another tab stored (`None` when it cannot be used).
pub fn read_settings(raw: &str) -> Option<Settings> {
    read_record::<SettingsRecord>(raw)
        .ok()
        .map(|r| r.settings.sanitised())
}

/// Reads one stored event (the engine's JSON file format; a file from a newer version is
/// refused by the engine, not half-read).
pub fn read_event(raw: &str) -> Result<Tournament, JsonError> {
    files::parse_json(raw)
}

/// Reads everything the app has stored. Never writes or deletes.
pub fn load() -> Loaded {
    let storage = match storage() {
        Ok(s) => s,
        Err(why) => {
            return Loaded {
                first_visit: true,
                unavailable: Some(why),
                ..Loaded::default()
            }
        }
    };
    load_from(&storage)
}

fn load_from(storage: &web_sys::Storage) -> Loaded {
    let mut loaded = Loaded::default();
    let keys: Vec<String> = (0..storage.length().unwrap_or(0))
        .filter_map(|i| storage.key(i).ok().flatten())
        .collect();
    loaded.first_visit = !keys.iter().any(|k| k.starts_with("crosstable."));
    let get = |key: &str| storage.get_item(key).ok().flatten();

    let mut index = Vec::new();
    if let Some(raw) = get(INDEX_KEY) {
        match read_record::<IndexRecord>(&raw) {
            Ok(r) => index = r.events,
            Err(reason) => loaded.quarantined.push(Quarantined {
                key: INDEX_KEY.into(),
                reason,
                raw,
            }),
        }
    }
    if let Some(raw) = get(SETTINGS_KEY) {
        match read_record::<SettingsRecord>(&raw) {
            Ok(r) => loaded.settings = r.settings.sanitised(),
            Err(reason) => loaded.quarantined.push(Quarantined {
                key: SETTINGS_KEY.into(),
                reason,
                raw,
            }),
        }
    }

    // Events: in index order, then any stored event the index does not know (a write
    // interrupted between the event and the index), oldest key order.
    let mut ids: Vec<EventId> = index.iter().map(|e| e.id.clone()).collect();
    let mut event_keys: Vec<&String> = keys
        .iter()
        .filter(|k| k.starts_with(EVENT_PREFIX))
        .collect();
    event_keys.sort();
    for key in event_keys {
        let id = EventId::new(&key[EVENT_PREFIX.len()..]);
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    let updated: HashMap<&str, f64> = index.iter().map(|e| (e.id.as_str(), e.updated)).collect();
    for id in ids {
        let key = event_key(&id);
        let Some(raw) = get(&key) else {
            continue; // listed in the index but deleted: nothing to show
        };
        match read_event(&raw) {
            Ok(tournament) => {
                loaded.texts.insert(id.clone(), raw);
                loaded.events.push(SavedEvent {
                    updated: updated.get(id.as_str()).copied().unwrap_or(0.0),
                    id,
                    revision: 0,
                    tournament,
                })
            }
            Err(e) => loaded.quarantined.push(Quarantined {
                key,
                reason: StoredProblem::Event(e),
                raw,
            }),
        }
    }
    move_tiebreaks_into_events(&mut loaded);
    loaded
}

/// The stored copy of an event changed since this page last read or wrote it: another tab
/// saved it (or deleted it). The page's change was not written; the page takes the stored copy.
#[derive(Clone, Debug, PartialEq)]
pub struct StaleEvent {
    pub id: EventId,
    /// The event's name in this page, for the message.
    pub name: String,
    /// What storage holds now (`None`: the other tab deleted the event).
    pub stored: Option<String>,
}

/// What one [`Persister::sync`] did not do.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SyncReport {
    /// Failed writes (quota exceeded, …); retried at the next call.
    pub errors: Vec<WriteProblem>,
    /// Events whose write was refused because another tab changed them first.
    pub stale: Vec<StaleEvent>,
}

/// May this page write its copy of an event? Only when storage still holds the text the page
/// last read or wrote (`seen`; `None` for an event never stored): the stored text itself is
/// the event's revision, so a write from a stale copy is refused, never a silent overwrite.
pub fn may_overwrite(seen: Option<&str>, stored: Option<&str>) -> bool {
    seen == stored
}

/// Writes what changed since the last call. Owned by the store's single persistence effect.
pub struct Persister {
    storage: Option<web_sys::Storage>,
    /// Revision of each event as last written (or loaded).
    saved: HashMap<EventId, u64>,
    /// The stored text of each event as this page last read or wrote it.
    seen: HashMap<EventId, String>,
    /// Keys set aside at load: never written, never removed.
    protected: HashSet<String>,
    /// Events a migration changed at load, until they are saved (the settings wait for them).
    migrated: HashSet<EventId>,
    last_index: Option<String>,
    last_settings: Option<String>,
}

impl Persister {
    /// Starts from what [`load`] found: loaded events count as saved at revision 0 (one that
    /// load changed, by a migration, has a later revision and is written).
    pub fn new(loaded: &Loaded) -> Persister {
        Persister {
            storage: storage().ok(),
            saved: loaded.events.iter().map(|e| (e.id.clone(), 0)).collect(),
            seen: loaded.texts.clone(),
            protected: loaded.quarantined.iter().map(|q| q.key.clone()).collect(),
            migrated: loaded
                .events
                .iter()
                .filter(|e| e.revision != 0)
                .map(|e| e.id.clone())
                .collect(),
            last_index: None,
            last_settings: None,
        }
    }

    /// Another tab stored `text` for event `id` (or deleted it: `None`), and this page now holds
    /// that copy at `revision`: count it as saved, so that it is not written back.
    pub fn received(&mut self, id: &EventId, text: Option<String>, revision: u64) {
        match text {
            Some(text) => {
                self.saved.insert(id.clone(), revision);
                self.seen.insert(id.clone(), text);
            }
            None => {
                self.saved.remove(id);
                self.seen.remove(id);
            }
        }
    }

    /// Another tab stored these settings: they are this page's now, not to be written back.
    pub fn received_settings(&mut self, settings: &Settings) {
        let record = SettingsRecord {
            version: SCHEMA_VERSION,
            settings: settings.clone(),
        };
        self.last_settings = serde_json::to_string(&record).ok();
    }

    /// Brings storage in line with `events` and `settings`. Reports the failures (e.g. quota
    /// exceeded; a failed write is retried at the next call) and the events another tab changed
    /// first, which are not written (see [`may_overwrite`]).
    pub fn sync(&mut self, events: &[SavedEvent], settings: &Settings) -> SyncReport {
        let Some(storage) = self.storage.clone() else {
            return SyncReport::default(); // reported once at load as "unavailable"
        };
        let mut errors = Vec::new();
        let mut stale = Vec::new();
        let protected = &self.protected;
        let write = |key: &str,
                     value: &str,
                     problem: &dyn Fn(BrowserError) -> WriteProblem,
                     errors: &mut Vec<WriteProblem>|
         -> bool {
            if protected.contains(key) {
                return false;
            }
            match storage.set_item(key, value) {
                Ok(()) => true,
                Err(e) => {
                    errors.push(problem(BrowserError::of(&e)));
                    false
                }
            }
        };

        for e in events {
            if self.saved.get(&e.id) != Some(&e.revision) {
                let key = event_key(&e.id);
                let stored = storage.get_item(&key).ok().flatten();
                if !protected.contains(&key)
                    && !may_overwrite(self.seen.get(&e.id).map(String::as_str), stored.as_deref())
                {
                    stale.push(StaleEvent {
                        id: e.id.clone(),
                        name: e.tournament.name.clone(),
                        stored,
                    });
                    continue;
                }
                let json = files::to_json(&e.tournament);
                let problem = |error| WriteProblem::Event {
                    name: e.tournament.name.clone(),
                    error,
                };
                if write(&key, &json, &problem, &mut errors) {
                    self.saved.insert(e.id.clone(), e.revision);
                    self.seen.insert(e.id.clone(), json);
                }
            }
        }
        // A stale event stays out of the "gone" list below: the store replaces or removes it.
        let stale_ids: HashSet<&EventId> = stale.iter().map(|s| &s.id).collect();
        let gone: Vec<EventId> = self
            .saved
            .keys()
            .filter(|id| !events.has_event(id) && !stale_ids.contains(id))
            .cloned()
            .collect();
        for id in gone {
            let key = event_key(&id);
            if !self.protected.contains(&key) {
                if let Err(e) = storage.remove_item(&key) {
                    errors.push(WriteProblem::NotRemoved(BrowserError::of(&e)));
                    continue;
                }
            }
            self.saved.remove(&id);
            self.seen.remove(&id);
        }

        let index = IndexRecord {
            version: SCHEMA_VERSION,
            events: events
                .iter()
                .map(|e| IndexEntry {
                    id: e.id.clone(),
                    name: e.tournament.name.clone(),
                    updated: e.updated,
                })
                .collect(),
        };
        if let Ok(text) = serde_json::to_string(&index) {
            if self.last_index.as_ref() != Some(&text)
                && write(INDEX_KEY, &text, &WriteProblem::Index, &mut errors)
            {
                self.last_index = Some(text);
            }
        }
        // The settings wait while an event a migration changed at load is unsaved: the
        // migration moved data from the settings into it (the tie-break lists, version 2), and
        // the settings must not be saved without that data before the event holds it.
        self.migrated.retain(|id| {
            events
                .event(id)
                .is_some_and(|e| self.saved.get(id) != Some(&e.revision))
        });
        if !self.migrated.is_empty() {
            return SyncReport { errors, stale };
        }
        let record = SettingsRecord {
            version: SCHEMA_VERSION,
            settings: settings.clone(),
        };
        if let Ok(text) = serde_json::to_string(&record) {
            if self.last_settings.as_ref() != Some(&text)
                && write(SETTINGS_KEY, &text, &WriteProblem::Settings, &mut errors)
            {
                self.last_settings = Some(text);
            }
        }
        SyncReport { errors, stale }
    }

    /// The user chose to discard a set-aside key: remove it and stop protecting it.
    pub fn discard(&mut self, key: &str) -> Result<(), WriteProblem> {
        self.protected.remove(key);
        match &self.storage {
            Some(s) => s.remove_item(key).map_err(|e| WriteProblem::Discard {
                key: key.to_string(),
                error: BrowserError::of(&e),
            }),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn saved(id: &str) -> SavedEvent {
        SavedEvent {
            id: EventId::new(id),
            updated: 0.0,
            revision: 1,
            tournament: engine::example::withdrawal(),
        }
    }

    #[test]
    fn finds_the_event_with_that_id_and_no_other() {
        let mut es: Vec<SavedEvent> = vec![saved("a"), saved("b")]; // as the store holds them
        assert_eq!(
            es.event(&EventId::new("b")).map(|e| e.id.as_str()),
            Some("b")
        );
        assert!(es.event(&EventId::new("c")).is_none());
        assert!(!es.has_event(&EventId::new("B")));
        if let Some(e) = es.event_mut(&EventId::new("a")) {
            e.revision = 7;
        }
        assert_eq!(es[0].revision, 7);
        assert_eq!(es[1].revision, 1);
    }

    use engine::tiebreak::{System, Tiebreak};

    fn list(codes: &str) -> Vec<Tiebreak> {
        Tiebreak::parse_list(codes).expect("codes")
    }

    fn loaded_event(id: &str, tournament: Tournament) -> SavedEvent {
        SavedEvent {
            id: EventId::new(id),
            updated: 0.0,
            revision: 0,
            tournament,
        }
    }

    /// A settings record as version 1 wrote it: each event's list kept in the settings.
    const V1_SETTINGS: &str = r#"{"version":1,"k":2.5,"expectation":"logistic","selected":"a",
        "tiebreaks":{
            "a":{"rules":"fide2023","tiebreaks":["SB","XYZ","WIN"],"basis":"bayes"},
            "b":{"rules":"fide2026","tiebreaks":[],"basis":"recorded"},
            "gone":{"rules":"fide2026","tiebreaks":["DE"],"basis":"recorded"},
            "broken":{"rules":"fide2026","tiebreaks":["KS"],"basis":"recorded"}}}"#;

    #[test]
    fn version_1_lists_move_into_their_events_once() {
        let record: SettingsRecord = read_record(V1_SETTINGS).expect("a version-1 record");
        let settings = record.settings;
        assert_eq!(settings.k, 2.5);
        assert_eq!(settings.standings["a"].rules, "fide2023");
        assert_eq!(settings.standings["a"].basis, "bayes");
        assert_eq!(settings.unmoved_tiebreaks["a"], ["SB", "XYZ", "WIN"]);

        let mut swiss = engine::example::withdrawal();
        swiss.format = engine::Format::Swiss { rounds: 9 };
        let mut loaded = Loaded {
            events: vec![
                loaded_event("a", swiss),
                loaded_event("b", engine::example::withdrawal()),
                loaded_event("untouched", engine::example::withdrawal()),
            ],
            settings,
            quarantined: vec![Quarantined {
                key: event_key(&EventId::new("broken")),
                reason: StoredProblem::NoVersion,
                raw: "{".into(),
            }],
            ..Loaded::default()
        };
        move_tiebreaks_into_events(&mut loaded);

        // The list the user chose on the Standings tab is now the event's (unknown codes left
        // out, as version 1 read them), and an empty list stays empty, not the preset.
        let of = |id: &str| {
            &loaded
                .events
                .iter()
                .find(|e| e.id == id)
                .expect(id)
                .tournament
        };
        assert_eq!(of("a").tiebreaks(), list("SB,WIN"));
        assert_eq!(of("b").tiebreaks(), list(""));
        assert_eq!(
            of("untouched").tiebreaks(),
            Tiebreak::preset(System::RoundRobin)
        );
        // Moved events are written (the persister counts revision 0 as saved); others are not.
        let revisions: Vec<u64> = loaded.events.iter().map(|e| e.revision).collect();
        assert_eq!(revisions, [1, 1, 0]);
        // The list of an unreadable event waits for it; the list of a deleted one goes.
        assert_eq!(
            loaded.settings.unmoved_tiebreaks.keys().collect::<Vec<_>>(),
            ["broken"]
        );

        // Saved again, the settings hold preferences only, and load as version 2 unchanged.
        let text = serde_json::to_string(&SettingsRecord {
            version: SCHEMA_VERSION,
            settings: loaded.settings.clone(),
        })
        .expect("serialise");
        assert!(!text.contains("\"tiebreaks\""), "{text}");
        let again: SettingsRecord = read_record(&text).expect("a version-2 record");
        assert_eq!(again.settings, loaded.settings);
    }

    #[test]
    fn settings_written_before_the_standings_choices_existed_still_load() {
        let old: SettingsRecord =
            read_record(r#"{"version":1,"k":2.5,"expectation":"logistic","selected":"example"}"#)
                .expect("an older settings record");
        assert!(old.settings.standings.is_empty());
        assert!(old.settings.unmoved_tiebreaks.is_empty());
        assert_eq!(old.settings.k, 2.5);
    }

    #[test]
    fn the_index_record_passes_the_migration_unchanged() {
        let index: IndexRecord =
            read_record(r#"{"version":1,"events":[{"id":"a","name":"A","updated":5.0}]}"#)
                .expect("a version-1 index");
        assert_eq!(index.events.len(), 1);
        assert_eq!(index.events[0].id, "a");
    }

    #[test]
    fn a_write_from_a_stale_copy_is_refused() {
        assert!(may_overwrite(None, None), "a new event");
        assert!(
            may_overwrite(Some("a"), Some("a")),
            "storage as this page left it"
        );
        assert!(!may_overwrite(Some("a"), Some("b")), "another tab saved it");
        assert!(!may_overwrite(Some("a"), None), "another tab deleted it");
        assert!(!may_overwrite(None, Some("b")), "another tab created it");
    }

    #[test]
    fn a_newer_record_is_refused_not_half_read() {
        let newer = format!(r#"{{"version":{},"k":1.0}}"#, SCHEMA_VERSION + 1);
        let err = read_record::<SettingsRecord>(&newer).expect_err("newer");
        assert_eq!(
            err,
            StoredProblem::Newer {
                version: SCHEMA_VERSION + 1
            }
        );
    }
}
