//! Browser storage (localStorage through gloo-storage): what is kept under which key, loading
//! it at start, and writing back what changed.
//!
//! Keys (all under [`PREFIX`]):
//! - `crosstable.v1.index` — `{"version":1,"events":[{"id","name","updated"}…]}`, the list order;
//! - `crosstable.v1.event.<id>` — one event in the engine's JSON file format;
//! - `crosstable.v1.settings` — `{"version":1,"k":…,"expectation":…,"selected":…}`.
//!
//! Data safety: a key that cannot be read, or that a newer version of the app wrote, is never
//! overwritten and never deleted by the app — it is set aside ([`Quarantined`]), left out of the
//! list and reported, with its raw text offered for download. Only the user may discard it.

use crate::files;
use crate::store::{SavedEvent, Settings};
use engine::Tournament;
use gloo_storage::Storage as _;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};

/// Version of the index and settings records; raise it and extend [`migrate`] on a change.
pub const SCHEMA_VERSION: u64 = 1;
/// Every key the app owns starts with this.
pub const PREFIX: &str = "crosstable.v1.";
pub const INDEX_KEY: &str = "crosstable.v1.index";
pub const SETTINGS_KEY: &str = "crosstable.v1.settings";
pub const EVENT_PREFIX: &str = "crosstable.v1.event.";

pub fn event_key(id: &str) -> String {
    format!("{EVENT_PREFIX}{id}")
}

/// One line of the index: enough to list an event without parsing it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IndexEntry {
    pub id: String,
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
    pub reason: String,
    /// The stored text, verbatim (offered for download).
    pub raw: String,
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
    pub unavailable: Option<String>,
}

/// Upgrades a record written by schema version `from` to [`SCHEMA_VERSION`]. Version 1 is the
/// first one, so there is nothing to do yet; a future version adds its step here.
fn migrate(record: serde_json::Value, from: u64) -> Result<serde_json::Value, String> {
    match from {
        1 => Ok(record),
        other => Err(format!("unknown schema version {other}")),
    }
}

/// The storage, or why there is none. Checked through web-sys first because gloo-storage
/// panics when localStorage is unavailable.
fn storage() -> Result<web_sys::Storage, String> {
    match web_sys::window().map(|w| w.local_storage()) {
        Some(Ok(Some(_))) => Ok(gloo_storage::LocalStorage::raw()),
        Some(Err(e)) => Err(js_error_text(&e)),
        _ => Err("this browser offers no localStorage".into()),
    }
}

/// A JS exception as text: `QuotaExceededError: …` for a DOMException.
pub fn js_error_text(e: &wasm_bindgen::JsValue) -> String {
    use wasm_bindgen::JsCast;
    if let Some(ex) = e.dyn_ref::<web_sys::DomException>() {
        format!("{}: {}", ex.name(), ex.message())
    } else {
        e.as_string().unwrap_or_else(|| format!("{e:?}"))
    }
}

/// The schema version a record claims, if it claims one.
fn version_of(value: &serde_json::Value) -> Option<u64> {
    value.get("version").and_then(serde_json::Value::as_u64)
}

/// Reads a versioned app record (index or settings), migrating older ones.
fn read_record<T: serde::de::DeserializeOwned>(raw: &str) -> Result<T, String> {
    let value: serde_json::Value =
        serde_json::from_str(raw).map_err(|e| format!("not valid JSON ({e})"))?;
    let version = version_of(&value).ok_or("no schema version")?;
    if version > SCHEMA_VERSION {
        return Err(format!(
            "written by a newer version of Crosstable (schema {version}; this one knows up to \
             {SCHEMA_VERSION})"
        ));
    }
    let value = migrate(value, version)?;
    serde_json::from_value(value).map_err(|e| format!("unexpected content ({e})"))
}

/// Reads one stored event (the engine's JSON file format; a file from a newer version is
/// refused by the engine, not half-read).
pub fn read_event(raw: &str) -> Result<Tournament, String> {
    files::parse_json(raw).map_err(|e| e.to_string())
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
    let mut ids: Vec<String> = index.iter().map(|e| e.id.clone()).collect();
    let mut event_keys: Vec<&String> = keys
        .iter()
        .filter(|k| k.starts_with(EVENT_PREFIX))
        .collect();
    event_keys.sort();
    for key in event_keys {
        let id = &key[EVENT_PREFIX.len()..];
        if !ids.iter().any(|i| i == id) {
            ids.push(id.to_string());
        }
    }
    let updated: HashMap<&str, f64> = index.iter().map(|e| (e.id.as_str(), e.updated)).collect();
    for id in ids {
        let key = event_key(&id);
        let Some(raw) = get(&key) else {
            continue; // listed in the index but deleted: nothing to show
        };
        match read_event(&raw) {
            Ok(tournament) => loaded.events.push(SavedEvent {
                updated: updated.get(id.as_str()).copied().unwrap_or(0.0),
                id,
                revision: 0,
                tournament,
            }),
            Err(reason) => loaded.quarantined.push(Quarantined { key, reason, raw }),
        }
    }
    loaded
}

/// Writes what changed since the last call. Owned by the store's single persistence effect.
pub struct Persister {
    storage: Option<web_sys::Storage>,
    /// Revision of each event as last written (or loaded).
    saved: HashMap<String, u64>,
    /// Keys set aside at load: never written, never removed.
    protected: HashSet<String>,
    last_index: Option<String>,
    last_settings: Option<String>,
}

impl Persister {
    /// Starts from what [`load`] found: loaded events count as saved at revision 0.
    pub fn new(loaded: &Loaded) -> Persister {
        Persister {
            storage: storage().ok(),
            saved: loaded
                .events
                .iter()
                .map(|e| (e.id.clone(), e.revision))
                .collect(),
            protected: loaded.quarantined.iter().map(|q| q.key.clone()).collect(),
            last_index: None,
            last_settings: None,
        }
    }

    /// Brings storage in line with `events` and `settings`. Returns the failures (e.g. quota
    /// exceeded), one message each; a failed write is retried at the next call.
    pub fn sync(&mut self, events: &[SavedEvent], settings: &Settings) -> Vec<String> {
        let Some(storage) = self.storage.clone() else {
            return Vec::new(); // reported once at load as "unavailable"
        };
        let mut errors = Vec::new();
        let protected = &self.protected;
        let write = |key: &str, value: &str, what: &str, errors: &mut Vec<String>| -> bool {
            if protected.contains(key) {
                return false;
            }
            match storage.set_item(key, value) {
                Ok(()) => true,
                Err(e) => {
                    errors.push(format!("{what} was not saved: {}", js_error_text(&e)));
                    false
                }
            }
        };

        for e in events {
            if self.saved.get(&e.id) != Some(&e.revision) {
                let json = files::to_json(&e.tournament);
                let what = format!("“{}”", e.tournament.name);
                if write(&event_key(&e.id), &json, &what, &mut errors) {
                    self.saved.insert(e.id.clone(), e.revision);
                }
            }
        }
        let gone: Vec<String> = self
            .saved
            .keys()
            .filter(|id| !events.iter().any(|e| &e.id == *id))
            .cloned()
            .collect();
        for id in gone {
            let key = event_key(&id);
            if !self.protected.contains(&key) {
                if let Err(e) = storage.remove_item(&key) {
                    errors.push(format!(
                        "a deleted event stays stored: {}",
                        js_error_text(&e)
                    ));
                    continue;
                }
            }
            self.saved.remove(&id);
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
                && write(INDEX_KEY, &text, "The event list", &mut errors)
            {
                self.last_index = Some(text);
            }
        }
        let record = SettingsRecord {
            version: SCHEMA_VERSION,
            settings: settings.clone(),
        };
        if let Ok(text) = serde_json::to_string(&record) {
            if self.last_settings.as_ref() != Some(&text)
                && write(SETTINGS_KEY, &text, "The settings", &mut errors)
            {
                self.last_settings = Some(text);
            }
        }
        errors
    }

    /// The user chose to discard a set-aside key: remove it and stop protecting it.
    pub fn discard(&mut self, key: &str) -> Result<(), String> {
        self.protected.remove(key);
        match &self.storage {
            Some(s) => s.remove_item(key).map_err(|e| js_error_text(&e)),
            None => Ok(()),
        }
    }
}
