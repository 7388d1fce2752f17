//! An event's id in the app: the key it is stored under (`crosstable.v1.event.<id>`), the part of
//! its address after `/event/`, the key of its preferences in the settings. A type of its own so
//! that an id cannot be mixed up with a name, a storage key or any other text, and so that every
//! lookup of an event by id is [`Events::event`] / [`Events::event_mut`], not a search written
//! again at each call site.

use serde::{Deserialize, Serialize};
use std::borrow::Borrow;
use std::fmt;

/// An event's id. Stored and written as the plain text it wraps (`"example"`, `"e-3f9c2a"`), so
/// the storage format and the addresses are unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EventId(String);

impl EventId {
    /// The id written `id` (from an address, a storage key or a backup).
    pub fn new(id: impl Into<String>) -> EventId {
        EventId(id.into())
    }

    /// The id written `id` in a file from outside (a backup), if it can be one: not empty, no
    /// blank and no `/` (it becomes a storage key and a part of an address).
    pub fn checked(id: &str) -> Option<EventId> {
        let bad = id.is_empty() || id.contains(|c: char| c.is_whitespace() || c == '/');
        (!bad).then(|| EventId::new(id))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for EventId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// So that maps keyed by id (the settings' per-event preferences) can be read with an
/// `&EventId` or a plain `&str`.
impl Borrow<str> for EventId {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl PartialEq<str> for EventId {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for EventId {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_stored_as_its_plain_text() {
        let id = EventId::new("e-1");
        assert_eq!(serde_json::to_string(&id).unwrap(), "\"e-1\"");
        assert_eq!(serde_json::from_str::<EventId>("\"e-1\"").unwrap(), id);
        assert_eq!(id.to_string(), "e-1");
    }

    #[test]
    fn an_id_from_outside_must_be_a_storage_key_and_an_address_part() {
        assert_eq!(EventId::checked("e-1"), Some(EventId::new("e-1")));
        for bad in ["", "a b", "a/b", "tab\t", "\n"] {
            assert_eq!(EventId::checked(bad), None, "{bad:?}");
        }
    }
}
