//! The event's descriptive records (TRF 012–132, and what TRF has no record for) and the
//! rating list it counts for.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The event's descriptive records (TRF 012–132). Every field is free text.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Info {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub city: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub federation: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub start_date: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub end_date: String,
    /// TRF 092, type of tournament as written (e.g. "Individual: Round-Robin").
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub chief_arbiter: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deputy_arbiters: Vec<String>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub time_control: String,
    /// TRF 132 as written (round dates), without the record code.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub round_dates: String,
    /// A note shown with the event (e.g. that the example is illustrative).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// Who organises the event. TRF (TRF16 and TRF-2026) has no record for it: kept in
    /// Crosstable JSON only.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub organiser: String,
    /// The FIDE rating list the event is rated for, when chosen. TRF has no record for it (its
    /// `222` encodes the time control, not the list): kept in Crosstable JSON only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_type: Option<RatingType>,
}

/// The FIDE rating list an event counts for (B.02: standard, rapid or blitz).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RatingType {
    Standard,
    Rapid,
    Blitz,
}

impl RatingType {
    pub const ALL: [RatingType; 3] = [RatingType::Standard, RatingType::Rapid, RatingType::Blitz];

    /// The JSON spelling (`standard`, `rapid`, `blitz`), also the app's option values.
    pub fn id(self) -> &'static str {
        match self {
            RatingType::Standard => "standard",
            RatingType::Rapid => "rapid",
            RatingType::Blitz => "blitz",
        }
    }

    /// The type whose [`RatingType::id`] is `id`.
    pub fn from_id(id: &str) -> Option<RatingType> {
        RatingType::ALL.into_iter().find(|r| r.id() == id)
    }

    /// The type a FIDE rating list's file name says (`rapid_rating_list.txt` → rapid),
    /// standard when it names neither rapid nor blitz (the standard and the combined lists).
    pub fn from_file_name(name: &str) -> RatingType {
        let name = name.to_ascii_lowercase();
        if name.contains("rapid") {
            RatingType::Rapid
        } else if name.contains("blitz") {
            RatingType::Blitz
        } else {
            RatingType::Standard
        }
    }
}

impl fmt::Display for RatingType {
    /// The JSON spelling, in English (`standard`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}
