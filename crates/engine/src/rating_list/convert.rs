//! A listed player as an event's player: the fields an entry takes from the list.

use super::{ListedPlayer, RatingType};
use crate::model::{Player, StartNo, RATINGS};
use std::fmt;

/// What the list had that the event's player could not take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConversionNote {
    /// The list's rating of the event's type lies outside [`RATINGS`]: the player is entered
    /// unrated, for the arbiter to look at.
    RatingOutOfRange { kind: RatingType, rating: u16 },
}

impl fmt::Display for ConversionNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConversionNote::RatingOutOfRange { kind, rating } => write!(
                f,
                "the list's {kind} rating {rating} is outside {}–{}: entered unrated",
                RATINGS.start(),
                RATINGS.end()
            ),
        }
    }
}

impl ListedPlayer {
    /// This player entered as start number `start_no` of an event rated in `kind`: FIDE ID,
    /// name, federation, sex (TRF's `m`/`w`), title, birth year and the rating of `kind`
    /// (none when the list has none, or one outside [`RATINGS`], with a note). The list's
    /// games and K are not carried over: its games count one period only, not the career
    /// that B.02's new-player rules ask about, and `Player::k_override` is the arbiter's.
    pub fn to_player(
        &self,
        start_no: StartNo,
        kind: RatingType,
    ) -> (Player, Option<ConversionNote>) {
        let listed = self.rating(kind).map(|r| r.rating);
        let (rating, note) = match listed {
            Some(r) if RATINGS.contains(&r) => (Some(r), None),
            Some(rating) => (
                None,
                Some(ConversionNote::RatingOutOfRange { kind, rating }),
            ),
            None => (None, None),
        };
        let player = Player {
            start_no,
            name: self.name.clone(),
            title: self
                .title
                .map(|t| t.as_str().to_string())
                .unwrap_or_default(),
            federation: self
                .federation
                .map(|f| f.as_str().to_string())
                .unwrap_or_default(),
            fide_id: Some(self.fide_id),
            rating,
            unrated_as_zero: false,
            sex: self.sex.map(|s| s.trf().to_string()).unwrap_or_default(),
            birth: self.birth.map(|y| y.to_string()).unwrap_or_default(),
            rated_games: None,
            k_override: None,
            // FIDE's list names no club.
            club: String::new(),
        };
        (player, note)
    }
}
