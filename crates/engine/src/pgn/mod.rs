//! PGN (Portable Game Notation) import: a file of games becomes a new event ([`to_event`]) or
//! the results of an existing event's rounds ([`merge`]); an event can be written as PGN
//! ([`write`]) too.
//!
//! The import reads the tags White, Black, Round (`3`, or `3.2` for board 2), Result, WhiteElo,
//! BlackElo, Event, Site and Date of each game; the moves, comments, variations, NAGs and
//! escape lines are skipped but must be well formed. Names match without case and extra blanks
//! ([`name_key`]). A game against `BYE` is a bye. A game may be tags alone, without moves or
//! a result after them (its Result tag is enough): it ends where a tag it already has comes
//! again. One import is one event: games whose Event tags name two events are refused
//! ([`PgnErrorKind::SeveralEvents`]). Every error carries the line, what was found
//! and how to fix it ([`PgnError`]); nothing is half-imported.

mod build;
mod error;
mod games;
mod merge;
mod read;
mod write;

pub use build::{to_event, FormatChoice};
pub use error::{NotRoundRobin, PairingDiff, PgnError, PgnErrorKind};
pub use games::{name_key, result_text, BYE_NAME};
pub use merge::{merge, Change, ChangeKind, Merge};
pub use read::{parse, PgnGame, Tag};
pub use write::write;

/// True when `text` looks like PGN: its first non-blank character (after a byte-order mark and
/// `%` escape lines) opens a tag pair.
pub fn looks_like_pgn(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim_start)
        .find(|l| !l.is_empty() && !l.starts_with('%'))
        .is_some_and(|l| l.starts_with('['))
}

#[cfg(test)]
mod tests;
