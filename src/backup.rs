//! "Back up everything" and "Restore": one JSON file with every event (each in the engine's
//! JSON format, with its id and last change) and the settings, under a format name and version;
//! reading it back completely before anything changes, and comparing it with the events held
//! now (missing ones are added, identical ones skipped, conflicts asked about newest first).

use crate::event_id::EventId;
use crate::files;
use crate::persist::Events;
use crate::persist::{read_event, version_of, SavedEvent, Settings};
use engine::json::JsonError;
use serde::{Deserialize, Serialize};

/// What a backup file says it is (`"format"`), so that restore refuses any other JSON.
pub const BACKUP_FORMAT: &str = "crosstable-backup";
/// Version of the backup file; raise it (and read the older ones) when its shape changes.
pub const BACKUP_VERSION: u64 = 1;

/// One event in a backup: its id and last change, and the event in the engine's JSON format
/// (the same text an event's own JSON export holds).
#[derive(Debug, Serialize, Deserialize)]
struct BackupEvent {
    id: String,
    updated: f64,
    event: serde_json::Value,
}

/// "Back up everything": one file with every event and the settings.
#[derive(Debug, Serialize, Deserialize)]
struct BackupRecord {
    format: String,
    version: u64,
    /// Milliseconds since the Unix epoch when the backup was made (for the reader's
    /// information; a file without it still restores).
    #[serde(default)]
    created: f64,
    events: Vec<BackupEvent>,
    settings: Settings,
}

/// The backup file of `events` and `settings`, made at `created` (ms since the epoch).
pub fn backup(events: &[SavedEvent], settings: &Settings, created: f64) -> String {
    let record = BackupRecord {
        format: BACKUP_FORMAT.into(),
        version: BACKUP_VERSION,
        created,
        events: events
            .iter()
            .map(|e| BackupEvent {
                id: e.id.to_string(),
                updated: e.updated,
                event: serde_json::from_str(&files::to_json(&e.tournament))
                    .unwrap_or(serde_json::Value::Null),
            })
            .collect(),
        settings: settings.clone(),
    };
    serde_json::to_string_pretty(&record).unwrap_or_default()
}

/// A backup read completely: every event parsed (revision 0), the settings sanitised.
#[derive(Clone, Debug, PartialEq)]
pub struct Backup {
    pub events: Vec<SavedEvent>,
    pub settings: Settings,
}

/// Why a backup file cannot be restored, as facts (the home page words them, `crate::words`).
#[derive(Clone, Debug, PartialEq)]
pub enum BackupError {
    /// Not JSON at all (serde's message).
    NotJson(String),
    /// JSON without `"format": "crosstable-backup"`.
    NotBackup,
    /// Written by a newer version of the app.
    Newer {
        version: u64,
    },
    NoVersion,
    /// JSON of an unexpected shape (serde's message).
    Unexpected(String),
    /// An event (1-based `index`) whose id cannot be a storage key.
    BadId {
        index: usize,
        id: String,
    },
    /// Two events with one id.
    IdTwice {
        id: String,
    },
    /// An event the engine cannot read.
    Event {
        index: usize,
        id: String,
        error: JsonError,
    },
}

/// Reads a backup file. Any unreadable part makes the whole file an error (with what and
/// where), so that a restore changes nothing rather than half a browser.
pub fn read_backup(text: &str) -> Result<Backup, BackupError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| BackupError::NotJson(e.to_string()))?;
    if value.get("format").and_then(serde_json::Value::as_str) != Some(BACKUP_FORMAT) {
        return Err(BackupError::NotBackup);
    }
    match version_of(&value) {
        Some(version) if version > BACKUP_VERSION => return Err(BackupError::Newer { version }),
        Some(_) => {}
        None => return Err(BackupError::NoVersion),
    }
    let record: BackupRecord =
        serde_json::from_value(value).map_err(|e| BackupError::Unexpected(e.to_string()))?;
    let mut events = Vec::with_capacity(record.events.len());
    for (i, e) in record.events.into_iter().enumerate() {
        let Some(id) = EventId::checked(&e.id) else {
            return Err(BackupError::BadId {
                index: i + 1,
                id: e.id,
            });
        };
        if events.has_event(&id) {
            return Err(BackupError::IdTwice { id: e.id });
        }
        let tournament = read_event(&e.event.to_string()).map_err(|error| BackupError::Event {
            index: i + 1,
            id: e.id.clone(),
            error,
        })?;
        events.push(SavedEvent {
            id,
            updated: if e.updated.is_finite() {
                e.updated
            } else {
                0.0
            },
            revision: 0,
            tournament,
        });
    }
    Ok(Backup {
        events,
        settings: record.settings.sanitised(),
    })
}

/// An event of the backup that this browser also holds, with different content.
#[derive(Clone, Debug, PartialEq)]
pub struct RestoreConflict {
    pub ours: SavedEvent,
    pub theirs: SavedEvent,
}

impl RestoreConflict {
    /// The later of the two last changes: conflicts are asked about newest first.
    pub fn newest(&self) -> f64 {
        self.ours.updated.max(self.theirs.updated)
    }
}

/// What restoring a backup into this browser does.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RestorePlan {
    /// Events this browser does not have: added as they are.
    pub missing: Vec<SavedEvent>,
    /// Events this browser already holds exactly so.
    pub identical: usize,
    /// Same id, different content: the user chooses, newest first.
    pub conflicts: Vec<RestoreConflict>,
}

/// Compares a backup with the events held now.
pub fn plan_restore(backup: &Backup, current: &[SavedEvent]) -> RestorePlan {
    let mut plan = RestorePlan::default();
    for theirs in &backup.events {
        match current.event(&theirs.id) {
            None => plan.missing.push(theirs.clone()),
            Some(ours)
                if files::to_json(&ours.tournament) == files::to_json(&theirs.tournament) =>
            {
                plan.identical += 1
            }
            Some(ours) => plan.conflicts.push(RestoreConflict {
                ours: ours.clone(),
                theirs: theirs.clone(),
            }),
        }
    }
    plan.conflicts
        .sort_by(|a, b| b.newest().total_cmp(&a.newest()));
    plan
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Tournament;

    fn saved(id: &str, updated: f64, tournament: Tournament) -> SavedEvent {
        SavedEvent {
            id: EventId::new(id),
            updated,
            revision: 3,
            tournament,
        }
    }

    #[test]
    fn a_backup_restores_every_event_and_the_settings() {
        let mut other = engine::example::withdrawal();
        other.name = "Second".into();
        let events = vec![
            saved("example", 10.0, engine::example::withdrawal()),
            saved("e2", 20.0, other),
        ];
        let settings = Settings {
            k: 4.5,
            ..Settings::default()
        };
        let text = backup(&events, &settings, 30.0);
        let read = read_backup(&text).expect("its own backup");
        assert_eq!(read.settings, settings);
        assert_eq!(read.events.len(), 2);
        for (a, b) in read.events.iter().zip(&events) {
            assert_eq!(
                (&a.id, a.updated, &a.tournament),
                (&b.id, b.updated, &b.tournament)
            );
        }
        // Into an empty browser: everything is missing, so everything is added.
        let plan = plan_restore(&read, &[]);
        assert_eq!(plan.missing.len(), 2);
        assert!(plan.conflicts.is_empty());
    }

    #[test]
    fn restore_adds_missing_events_and_lists_conflicts_newest_first() {
        let base = engine::example::withdrawal();
        let mut changed = base.clone();
        changed.name = "Changed here".into();
        let backup_events = vec![
            saved("same", 1.0, base.clone()),
            saved("old", 5.0, base.clone()),
            saved("new", 50.0, base.clone()),
            saved("missing", 2.0, base.clone()),
        ];
        let read = read_backup(&backup(&backup_events, &Settings::default(), 0.0)).expect("read");
        let current = vec![
            saved("same", 1.0, base.clone()),
            saved("old", 7.0, changed.clone()),
            saved("new", 9.0, changed),
        ];
        let plan = plan_restore(&read, &current);
        assert_eq!(plan.identical, 1);
        assert_eq!(
            plan.missing
                .iter()
                .map(|e| e.id.as_str())
                .collect::<Vec<_>>(),
            ["missing"]
        );
        assert_eq!(
            plan.conflicts
                .iter()
                .map(|c| c.theirs.id.as_str())
                .collect::<Vec<_>>(),
            ["new", "old"]
        );
    }

    #[test]
    fn a_bad_backup_is_an_error_with_the_reason() {
        let err = |text: &str| read_backup(text).expect_err(text);
        assert!(matches!(err("{"), BackupError::NotJson(_)));
        assert_eq!(err(r#"{"version":1}"#), BackupError::NotBackup);
        assert_eq!(
            err(r#"{"format":"crosstable-backup","version":99,"events":[]}"#),
            BackupError::Newer { version: 99 }
        );
        let good = backup(
            &[saved("a", 1.0, engine::example::withdrawal())],
            &Settings::default(),
            0.0,
        );
        let broken = good.replace("\"players\"", "\"playerz\"");
        assert_ne!(broken, good);
        let why = err(&broken);
        assert!(
            matches!(&why, BackupError::Event { index: 1, id, .. } if id == "a"),
            "{why:?}"
        );
        let a = saved("a", 1.0, engine::example::withdrawal());
        let twice = backup(&[a.clone(), a], &Settings::default(), 0.0);
        assert_eq!(err(&twice), BackupError::IdTwice { id: "a".into() });
    }
}
