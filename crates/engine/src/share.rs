//! The share link's codec: an event, the view, the chosen player and round, k and the expectation
//! model, packed into the text after `#` of a link. The app puts it in the fragment of
//! `/shared#…` (a fragment never leaves the browser), so nothing is sent to a server.
//!
//! Format (version 1): `v1.` followed by base64url (no padding) of the raw deflate
//! (miniz_oxide) of a JSON document whose `event` is the event in the JSON file format
//! ([`crate::json`]). Links already given out must keep opening: the format only ever gains a
//! new version prefix, never a change under `v1.`.
//!
//! The codec lives here, not in the app, because a link is input from anyone: it is parsed by
//! pure Rust that the fuzz targets and property tests can reach natively.

use crate::elo::Expectation;
use crate::impute::Params;
use crate::json::JsonError;
use crate::model::ModelError;
use crate::{StartNo, Tournament};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What every link made by this version starts with.
pub const PREFIX: &str = "v1.";
/// Inflated documents larger than this are refused (a link is a few kilobytes): a small link
/// must not be able to make the reader allocate gigabytes.
const MAX_INFLATED: usize = 4 << 20;

/// The views a link can open (their names in the document are the lowercase variant names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SharedView {
    Withdrawal,
    Sensitivity,
    Whatif,
    /// The live chances (the player is the "what if this player withdraws now?"). A new
    /// variant under `v1.`: old links never name it, so they decode as before.
    Chances,
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
    /// The unplayed game selected in the withdrawal view (its formula is the one shown).
    pub game: Option<SharedGame>,
    /// The prior strength; [`decode`] guarantees it is finite and ≥ 0.
    pub k: f64,
    pub expectation: Expectation,
}

/// An unplayed game by identity: `player`'s game against `opponent` in `round` (`None` for a
/// game without a round), the `nth` such meeting (double round-robins).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SharedGame {
    pub player: StartNo,
    pub opponent: StartNo,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    #[serde(default)]
    pub nth: usize,
}

/// The JSON document under the prefix. Field names and order are the link format.
#[derive(Serialize, Deserialize)]
struct Doc {
    view: SharedView,
    /// The event in the JSON file format (versioned by [`crate::json`]).
    event: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    player: Option<StartNo>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    round: Option<u32>,
    /// Added within v1: links made before it have no `game` and open with none selected.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    game: Option<SharedGame>,
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
    /// The link's JSON does not have the expected shape (serde's message).
    Document(String),
    /// The shared event cannot be read.
    Event(JsonError),
    /// The shared event is inconsistent.
    Invalid(ModelError),
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
            ShareError::Invalid(e) => write!(f, "the shared event is not readable: {e}"),
        }
    }
}

impl std::error::Error for ShareError {}

/// The text after `#` for `shared`.
pub fn encode(shared: &Shared) -> String {
    let doc = Doc {
        view: shared.view,
        event: crate::json::to_string(&shared.tournament),
        player: shared.player,
        round: shared.round,
        game: shared.game,
        k: shared.k,
        expectation: shared.expectation,
    };
    let json = serde_json::to_vec(&doc).unwrap_or_default();
    let packed = miniz_oxide::deflate::compress_to_vec(&json, 9);
    format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(packed))
}

/// Reads a link's fragment (with or without the leading `#`). The event must be valid
/// ([`Tournament::validate`]); a k that is not a finite number ≥ 0 becomes the default k.
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
    let tournament = crate::json::parse(&doc.event).map_err(ShareError::Event)?;
    tournament.validate().map_err(ShareError::Invalid)?;
    // A k the engine refuses (a hand-made link) opens at the paper's k.
    let k = Params::check_k(doc.k).unwrap_or(Params::PAPER_K);
    Ok(Shared {
        view: doc.view,
        tournament,
        player: doc.player,
        round: doc.round,
        game: doc.game,
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
            tournament: crate::example::withdrawal(),
            player: Some(4),
            round: Some(5),
            game: Some(SharedGame {
                player: 7,
                opponent: 4,
                round: Some(6),
                nth: 0,
            }),
            k: 4.5,
            expectation: Expectation::Fide,
        }
    }

    /// Packs a hand-written document the way [`encode`] does.
    fn link_of(document: &str) -> String {
        let packed = miniz_oxide::deflate::compress_to_vec(document.as_bytes(), 6);
        format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(packed))
    }

    #[test]
    fn chances_links_round_trip_and_old_views_still_decode() {
        let chances = Shared {
            view: SharedView::Chances,
            player: Some(2),
            round: None,
            ..example()
        };
        assert_eq!(decode(&encode(&chances)), Ok(chances));
        // A document written before the chances view existed decodes as before.
        let event = crate::json::to_string(&crate::example::withdrawal());
        let old = serde_json::json!({"view": "whatif", "event": event, "player": 4, "round": 5,
            "k": 3.0, "expectation": "logistic"});
        let shared = decode(&link_of(&old.to_string())).expect("an old link opens");
        assert_eq!(shared.view, SharedView::Whatif);
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
        // Cut after the prefix at a multiple of 4 characters, so the base64 itself stays valid.
        let half = 3 + (link.len() - 3) / 8 * 4;
        assert_eq!(decode(&link[..half]), Err(ShareError::Inflate));
        assert!(matches!(
            decode(&link_of("hello")),
            Err(ShareError::Document(_))
        ));
    }

    #[test]
    fn an_unusable_k_becomes_the_default_and_a_large_one_is_kept() {
        let event = crate::json::to_string(&crate::example::withdrawal());
        let with_k = |k: &str| {
            let doc = serde_json::json!({ "view": "withdrawal", "event": event, "k": 0.0, "expectation": "fide" })
                .to_string()
                .replace("\"k\":0.0", &format!("\"k\":{k}"));
            decode(&link_of(&doc)).map(|s| s.k)
        };
        assert_eq!(with_k("-1.0"), Ok(Params::default().k()));
        assert_eq!(with_k("2500.0"), Ok(2500.0));
        assert!(matches!(with_k("1e999"), Err(ShareError::Document(_))));
    }

    /// A link made by the app before the codec moved into the engine (dutch fixture t001, the
    /// what-if of player 3 withdrawn after round 2, k = 7.5, FIDE expectation): links already
    /// given out must open, and the format must stay byte-identical.
    const LINK_OF_2026_12: &str = concat!(
        "v1.3ZjfkpowFMZfxck109GEPy3XfYBe9K7uOBHCmhHDDgmyzg7v3oSgAVsitOyueCWcE8_vfJAvAd7AkZIShKDcY",
        "UET4AByJEzIwNuaLRZrkGT5AYs1COVxlGecC7xNyRo4On0kOacZU_lVExJZkTN8kFVUtC6jwiqky3wvRLRbJPRVF",
        "DlZiOVy1ZRTwyhLsvp_1SVkWmiKqSA_cUEOuiAvKeeXGiqbZwWLucp6Oli1AFRQnG6iLJWN6gLbFEf7VhMvKT5JY",
        "Sr561z0wq7pAudiwzKj-",
        "5wxMn8SLrUtV4sfdbVlW2fTpbzk7FmNhi5anTOVcxMJ7UhokLAfibyvI5DIjkQGiWxIfwTStSNdg3QtyKU3AunZk",
        "Z5Bev1IiNAIpG9H-gbpW5Dw2whkYEcGBhnYkObC6oOni3-",
        "M_f5un2eJ7Kavhuhh5Y4Kcj0TdKpxbNd9DZzwIu0uFya5pyzWYmuPxx1950FHnBaktTJsSspku92BVfu0coYJgf1",
        "CvH8VIpfHhFAxSMkkIvx-Eeg-7oY5eepM3-1pyLTTq_-",
        "1Uf7oGNNcemGD0zSLsFDN9_Vww5pj3bB6h0k07PrXLXyIG9z3FRLnuJxEAuqXEDyWF_y79ELwKDuDZSLBWZna6xf",
        "iP5Yj3LntDneyOzv__dDnzWR38D9td7gtYSoXwLm5wH-",
        "U5RTOys7Bpz3sDb0jUzkCTeyI5u1a_cjjSn6j0ywQIke_aoMQOmAPwuCLJz_gvb6QSMgX9YzJz3gJjQmofgM",
    );

    #[test]
    fn a_link_made_before_the_move_opens_and_encodes_to_the_same_text() {
        let shared = decode(LINK_OF_2026_12).expect("an existing link opens");
        assert_eq!(shared.view, SharedView::Whatif);
        assert_eq!((shared.player, shared.round), (Some(3), Some(2)));
        assert_eq!((shared.k, shared.expectation), (7.5, Expectation::Fide));
        assert_eq!(shared.tournament.players.len(), 7);
        // Encoded again, the link differs only by the event file's version (2 since the rules
        // became typed fields): the codec itself is unchanged.
        let document = |link: &str| {
            let packed = URL_SAFE_NO_PAD
                .decode(&link[PREFIX.len()..])
                .expect("base64url");
            let text = miniz_oxide::inflate::decompress_to_vec(&packed).expect("deflate");
            String::from_utf8(text).expect("UTF-8")
        };
        let old = document(LINK_OF_2026_12).replace(
            "\\\"version\\\": 1,",
            &format!("\\\"version\\\": {},", crate::json::VERSION),
        );
        assert_ne!(
            old,
            document(LINK_OF_2026_12),
            "the old link's event is version 1"
        );
        assert_eq!(document(&encode(&shared)), old);
        assert_eq!(decode(&encode(&shared)), Ok(shared));
    }

    /// Issue 13 item 7: the link carries the selected game, and a link made before the field
    /// existed (no `game`) still opens.
    #[test]
    fn the_selected_game_travels_and_old_links_still_open() {
        let s = example();
        assert_eq!(decode(&encode(&s)).map(|d| d.game), Ok(s.game));
        let event = crate::json::to_string(&crate::example::withdrawal());
        let old = serde_json::json!({ "view": "withdrawal", "event": event, "player": 4, "k": 4.5, "expectation": "fide" })
            .to_string();
        let opened = decode(&link_of(&old)).unwrap();
        assert_eq!((opened.game, opened.player), (None, Some(4)));
    }
}
