//! The share link: an event, the view, the chosen player and round, k and the expectation model,
//! packed into the URL fragment of `/shared#…` — nothing is sent to a server (a fragment never
//! leaves the browser), and opening the link stores nothing until the user saves a copy.
//!
//! Format: `v1.` followed by base64url (no padding) of the raw-deflate (miniz_oxide) of a JSON
//! document [`Shared`], whose `event` is the event in the app's JSON file format.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use engine::elo::Expectation;
use engine::{StartNo, Tournament};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The route that opens a share link.
pub const ROUTE: &str = "/shared";
const PREFIX: &str = "v1.";
/// Inflated documents larger than this are refused (a link is a few kilobytes).
const MAX_INFLATED: usize = 4 << 20;

/// The views a link can open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SharedView {
    Withdrawal,
    Sensitivity,
    Whatif,
}

impl SharedView {
    pub fn label(self) -> &'static str {
        match self {
            SharedView::Withdrawal => "Withdrawal",
            SharedView::Sensitivity => "Sensitivity",
            SharedView::Whatif => "What-if",
        }
    }

    /// The path of this view for a stored event.
    pub fn href(self, id: &str) -> String {
        match self {
            SharedView::Withdrawal => format!("/event/{id}/withdrawal"),
            SharedView::Sensitivity => format!("/event/{id}/sensitivity"),
            SharedView::Whatif => format!("/event/{id}/whatif"),
        }
    }
}

/// What a link carries.
#[derive(Clone, Debug, PartialEq)]
pub struct Shared {
    pub view: SharedView,
    pub tournament: Tournament,
    /// The player of the cliff or the what-if.
    pub player: Option<StartNo>,
    /// The what-if's withdrawal round.
    pub round: Option<u32>,
    pub k: f64,
    pub expectation: Expectation,
}

#[derive(Serialize, Deserialize)]
struct Doc {
    view: SharedView,
    /// The event in the app's JSON file format (versioned by the engine).
    event: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    player: Option<StartNo>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    round: Option<u32>,
    k: f64,
    expectation: Expectation,
}

/// Why a link cannot be opened.
#[derive(Clone, Debug, PartialEq)]
pub enum ShareError {
    Empty,
    UnknownVersion,
    Base64,
    Inflate,
    Document(String),
    Event(String),
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::Empty => write!(f, "the link holds no shared view (nothing after “#”)"),
            ShareError::UnknownVersion => write!(
                f,
                "the link was made by another version of Crosstable (it does not start with “{PREFIX}”)"
            ),
            ShareError::Base64 => {
                write!(f, "the link is damaged (not valid base64url): was it cut short?")
            }
            ShareError::Inflate => write!(f, "the link is damaged (its data does not decompress)"),
            ShareError::Document(e) => write!(f, "the link's content is not readable: {e}"),
            ShareError::Event(e) => write!(f, "the shared event is not readable: {e}"),
        }
    }
}

impl std::error::Error for ShareError {}

/// The fragment (without `#`) for `shared`.
pub fn encode(shared: &Shared) -> String {
    let doc = Doc {
        view: shared.view,
        event: engine::json::to_string(&shared.tournament),
        player: shared.player,
        round: shared.round,
        k: shared.k,
        expectation: shared.expectation,
    };
    let json = serde_json::to_vec(&doc).unwrap_or_default();
    let packed = miniz_oxide::deflate::compress_to_vec(&json, 9);
    format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(packed))
}

/// Reads a fragment (with or without the leading `#`).
pub fn decode(fragment: &str) -> Result<Shared, ShareError> {
    let fragment = fragment.trim().trim_start_matches('#');
    if fragment.is_empty() {
        return Err(ShareError::Empty);
    }
    let body = fragment
        .strip_prefix(PREFIX)
        .ok_or(ShareError::UnknownVersion)?;
    let packed = URL_SAFE_NO_PAD
        .decode(body)
        .map_err(|_| ShareError::Base64)?;
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_INFLATED)
        .map_err(|_| ShareError::Inflate)?;
    let doc: Doc =
        serde_json::from_slice(&json).map_err(|e| ShareError::Document(e.to_string()))?;
    let tournament =
        engine::json::parse(&doc.event).map_err(|e| ShareError::Event(e.to_string()))?;
    tournament
        .validate()
        .map_err(|e| ShareError::Event(e.to_string()))?;
    let k = if doc.k.is_finite() && doc.k >= 0.0 {
        doc.k.min(crate::store::K_INPUT_MAX)
    } else {
        engine::impute::Params::PAPER_K
    };
    Ok(Shared {
        view: doc.view,
        tournament,
        player: doc.player,
        round: doc.round,
        k,
        expectation: doc.expectation,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> Shared {
        Shared {
            view: SharedView::Sensitivity,
            tournament: engine::example::withdrawal(),
            player: Some(4),
            round: Some(5),
            k: 4.5,
            expectation: Expectation::Fide,
        }
    }

    #[test]
    fn round_trips() {
        let s = example();
        let link = encode(&s);
        assert!(link.starts_with("v1."));
        assert!(link[3..]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
        assert_eq!(decode(&link), Ok(s.clone()));
        assert_eq!(decode(&format!("#{link}")), Ok(s));
    }

    #[test]
    fn the_example_fits_in_a_short_link() {
        let link = encode(&example());
        assert!(link.len() < 4000, "{} characters", link.len());
    }

    #[test]
    fn damaged_links_are_errors_not_panics() {
        let link = encode(&example());
        assert_eq!(decode(""), Err(ShareError::Empty));
        assert_eq!(decode("v9.abc"), Err(ShareError::UnknownVersion));
        assert_eq!(decode("v1.***"), Err(ShareError::Base64));
        assert_eq!(decode(&link[..link.len() / 2]), Err(ShareError::Inflate));
        let not_json = format!(
            "v1.{}",
            URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(b"hello", 6))
        );
        assert!(matches!(decode(&not_json), Err(ShareError::Document(_))));
    }
}
