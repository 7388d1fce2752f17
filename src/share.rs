//! The share link in the app: its route, and each shared view's name and page. The codec (the
//! [`Shared`] document, [`encode`], the link format) is the engine's [`engine::share`], which the
//! fuzz targets and property tests reach natively; its public items are re-exported here.
//!
//! A link is `/shared#v1.…`: the event travels in the fragment, which never leaves the browser,
//! and opening the link stores nothing until the user saves a copy.

use crate::analysis::GameKey;
use crate::event_id::EventId;
use crate::i18n::{td_string, Locale};
pub use engine::share::{encode, ShareError, Shared, SharedGame, SharedView};

/// The route that opens a share link.
pub const ROUTE: &str = "/shared";

/// What the app shows of a shared view: its name and the page it lives on for a stored event.
pub trait SharedViewPage {
    /// The view's name in the reader's language.
    fn label(self, locale: Locale) -> &'static str;
    /// The path of this view for a stored event.
    fn href(self, id: &EventId) -> String;
}

impl SharedViewPage for SharedView {
    fn label(self, locale: Locale) -> &'static str {
        match self {
            SharedView::Withdrawal => td_string!(locale, errors.share_view.withdrawal),
            SharedView::Sensitivity => td_string!(locale, errors.share_view.sensitivity),
            SharedView::Whatif => td_string!(locale, errors.share_view.whatif),
            SharedView::Chances => td_string!(locale, errors.share_view.chances),
        }
    }

    fn href(self, id: &EventId) -> String {
        match self {
            SharedView::Withdrawal => format!("/event/{id}/withdrawal"),
            SharedView::Sensitivity => format!("/event/{id}/sensitivity"),
            SharedView::Whatif => format!("/event/{id}/whatif"),
            SharedView::Chances => format!("/event/{id}/chances"),
        }
    }
}

/// The withdrawal view's selected game as a link carries it.
pub fn shared_game(key: GameKey) -> SharedGame {
    SharedGame {
        player: key.player,
        opponent: key.opponent,
        round: key.round,
        nth: key.nth,
    }
}

/// The game a link selects, as the withdrawal view keys it.
pub fn game_key(game: SharedGame) -> GameKey {
    GameKey {
        player: game.player,
        opponent: game.opponent,
        round: game.round,
        nth: game.nth,
    }
}

/// Reads a fragment (with or without the leading `#`), with k brought into the range the k input
/// accepts.
pub fn decode(fragment: &str) -> Result<Shared, ShareError> {
    engine::share::decode(fragment).map(|shared| Shared {
        k: crate::prior::bring_into_range(shared.k),
        ..shared
    })
}
