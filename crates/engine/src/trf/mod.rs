//! The FIDE Tournament Report File: TRF-2026 (in force since September 2025) and TRF16, both
//! read by one reader; written as TRF-2026 by default ([`write`]) or TRF16 ([`write_trf16`]).
//!
//! # What is read
//! * `001` player records, fixed columns (1-based, inclusive): 1–3 `001`, 5–8 start number,
//!   10 sex, 11–13 title, 15–47 name, 49–52 FIDE rating, 54–56 federation, 58–68 FIDE id,
//!   70–79 birth date, 81–84 points, 86–89 rank, then one 10-column block per round: round k
//!   starts at column 92 + 10·(k − 1), with the opponent's start number in +0…+3 (`0000` or blank
//!   for none), the colour `w`/`b`/`-` at +5 and the result code at +7.
//! * Result codes: `1 = 0` played and rated; `W D L` played but not rated; `+ -` forfeit win and
//!   loss (`-` on both sides is a double forfeit); blank (or `*`) with an opponent is a game still
//!   to be played. Without an opponent: `U` pairing-allocated bye, `F` full-point bye, `H`
//!   half-point bye, `Z` or `-` zero-point bye / absence, blank = nothing recorded. Letter codes
//!   are case-insensitive (TRF-2026 says so). A `+` without an opponent is read as a full-point
//!   bye (same points; some programs write it). A bye written `-` or `+` is remembered as so
//!   written ([`Tournament::bye_spellings`](crate::model::Tournament::bye_spellings)) and
//!   written back the same way.
//! * Headers `012` name, `022` city, `032` federation, `042`/`052` dates, `092` type, `102` chief
//!   arbiter, `112` deputies (repeatable), `122` time control, `132` round dates (kept raw, as
//!   its dates sit in the round columns). `062`/`072` are counts: ignored on read, computed
//!   on write. `082` (number of teams) is kept as written.
//! * JaVaFo's extensions `XXR n` (number of rounds) and `XXC white1|black1` (initial colour;
//!   another `XXC` option such as `rank` is kept with a warning). The pairing programs'
//!   `XXA` (per-player acceleration), `XXP` (forbidden pairs) and bbpPairings' `BBW`…`BBU`
//!   (point values) become the event's `250`, `260` and `162` rules (`extensions`), and are
//!   written in those TRF-2026 forms.
//! * Blank lines are skipped; a column ruler (a line of digits, blanks and punctuation that is
//!   not a record) and `###` comments are kept and written back after the records.
//! * A record code this module neither reads nor knows as a TRF record it keeps unused (`013`,
//!   `3xx` team records, `172`, `222`, `299`, `8xx`, …) is kept verbatim with a warning
//!   ([`TrfWarningKind::RecordNotUsed`]): nothing is dropped in silence.
//! * TRF-2026 (`records2026`): `142` rounds and `152` initial colour (as `XXR`/`XXC`, which win
//!   when both are given); `202` tie-breaks after points and `212` (standings order, `PTS`
//!   first) become the event's tie-break list (a list with a code we do not compute is kept
//!   verbatim, with a warning); `240 T RRR PPPP …` byes announced ahead go into their rounds, or
//!   become requests for a round not yet paired; `162` point system, `250` acceleration and
//!   `260` prohibited pairings are checked (a bad one stops the import, naming its line); these
//!   and `192` (pairing system, Baku) become the event's typed
//!   [`Rules`](crate::model::Rules), written back from them in TRF-2026's order after `152`
//!   (a `162` that spells out the standard system is kept as written).
//!   `172`, `222`, `299`, `801`, `802` and every other record this module does not interpret
//!   (team records, `###` comments, national-rating lines, …) are kept verbatim in
//!   [`Tournament::extra_records`], so that an export carries them back out.
//! * A team tournament's file (one with `310` team records) is read for its players and
//!   games; its team records and its `240`, `250` and `260` records, which are then
//!   team-level (by team order id), are kept verbatim and written back, not applied: team
//!   standings are not computed yet.
//! * Byes in the columns of a Swiss's rounds after its last paired one (a file prepared for
//!   pairing) are [requests](crate::model::ByeRequest): they count only once their round is
//!   paired, and are written back in their columns.
//! * The points column is the event's point system (`162`); the rank column (86–89) is its
//!   standings rank with its own tie-break list (issue 13): both informational on read.
//!
//! # Our extensions
//! TRF16 has no place for these, so the writer adds `XX` lines (ignored by other programs, which
//! skip unknown `XX` records) and the reader reads them back:
//! * `XXW <start_no> <after_round>`: the player withdrew after that round. The reader takes only
//!   these: it never declares a player withdrawn from the results (issue 30: a conversion must
//!   not add anything); a caller that wants the withdrawals the results show asks for them
//!   ([`Tournament::detect_withdrawals`]) and says so. A bare `XXW none` (which earlier versions
//!   wrote) is kept and written back.
//! * `XXK <start_no> <k>`: an arbiter-chosen rating K factor
//!   ([`Player::k_override`](crate::model::Player::k_override)).
//! * `XXG <start_no> <games>`: rated games before the event
//!   ([`Player::rated_games`](crate::model::Player::rated_games)).
//! * `XXN <text>`: one line of the event note ([`Info::note`](crate::model::Info::note));
//!   several lines join with `\n`.
//!
//! # Round-robin or Swiss
//! TRF16 has no format flag. The reader takes it from `092` (mentions "round" and "robin", or a
//! Swiss word), else from the TRF-2026 `192` code, else from the pairings themselves: a complete
//! round-robin (every pair meets exactly once or twice, in exactly that many rounds) is one.
//! Cycles come from the text ("double") or the number of rounds. The writer keeps the user's
//! `092` (an empty one included: then no `092` line) when it already leads back to the same format,
//! and otherwise writes one that does.
//!
//! # Round trip
//! [`write()`] produces canonical TRF-2026, [`write_trf16`] TRF16, and for both
//! `parse(&write(&t)) == t` for every tournament `parse` returns. Two things TRF cannot hold
//! are normalised on the first import: board order (games
//! come back ordered by the lower start number of the two players) and trailing rounds with no
//! entry at all. Text is truncated to its column width (a name keeps 33 characters), and a
//! number too wide for its columns (a rating or start number over 9999) is left blank, since
//! TRF16 cannot hold it.
//!
//! Compared with the file it was read from, a written TRF-2026 file differs only by this
//! normalisation (checked on every TRF-2026 fixture by `tests/trf_round_trip.rs`): line ends
//! (`\n`), trailing blanks, blank lines and the spacing between the fields of records other
//! than `001` (TRF-2026's own column layout of `162`, `250`, `260`); the order of records (headers, the `142`/`152`
//! and rule records, players by start number, our `XX` lines, then every kept record in its
//! order); `062`/`072` recomputed; a header with no value (`022` alone) left out; a `142`
//! (the rounds the player records hold) for a file that gives no number of rounds; in `001` records the rank (columns 86–89) recomputed, the
//! fields re-aligned to their columns, letter codes in upper case and `*` as blank; JaVaFo's
//! and bbpPairings' extensions in their TRF-2026 forms (`XXR`→`142`, `XXC`→`152`, `XXA`→`250`,
//! `XXP`→`260`, `BBx`→`162`). An unrated player's rating comes back as the file wrote it
//! (blank, or `0` as JaVaFo writes it: [`Player::unrated_as_zero`](crate::model::Player)); the
//! points column (81–84) is written from the results, so a file whose column disagrees (a bye
//! requested for a round not yet paired counted ahead) gets a warning at that line on reading.
//! A `001` record must keep columns 80 and 85 blank (around the points): one shifted by a
//! column is refused there rather than read with its birth date's last digit as points.
//!
//! # Encodings
//! [`decode_text`] takes a file's bytes: UTF-8 with or without a byte-order mark, Latin-1, and
//! UTF-16 (either byte order, with a byte-order mark or recognised by its zero bytes) are
//! read; anything else with zero bytes is refused with a [`DecodeError`] naming the encoding.
//!
//! # Where things are
//! - `layout`: the columns of a `001` record, record codes, cutting fields out of a line;
//! - `player_line`: one `001` record into the player and its round blocks;
//! - `rounds`: the blocks of all players into rounds (both sides of a game must agree);
//! - `format`: round-robin or Swiss, on reading and for the `092` line on writing;
//! - `read`: the other records, our `XX` extensions and the checks of the whole file;
//! - `extensions`: the pairing programs' `XXA`, `XXP` and `BB` records;
//! - `decode`: file bytes as text;
//! - `declared`: the points and rank columns as written ([`declared()`], for the checker);
//! - `records2026`: the TRF-2026 records read into the model or checked;
//! - `write`: the writer; `error`: [`TrfError`] and [`TrfWarning`].

mod declared;
mod decode;
mod error;
mod extensions;
mod format;
pub(crate) mod layout;
mod player_line;
pub(crate) mod read;
mod records2026;
mod rounds;
mod write;

pub use declared::{declared, Declared};
pub use decode::{decode_text, DecodeError};
pub use error::{
    ByeRecordProblem, Extension, Found, PlayerNumber, TrfError, TrfErrorKind, TrfWarning,
    TrfWarningKind,
};
pub use layout::bye_code;
pub(crate) use write::player_counts;
pub use write::{write, write_trf16, write_version, Version};

use crate::model::Tournament;
use read::{lines, Reader};

/// Bytes of a TRF file as text, never failing: what [`decode_text`] reads (UTF-8 with or
/// without a byte-order mark, UTF-16 with a byte-order mark or recognisable by its zero bytes,
/// else Latin-1); bytes it refuses are taken as Latin-1, every byte one character (the reader
/// then refuses the text, naming the line). Prefer [`decode_text`], which says why.
pub fn decode(bytes: &[u8]) -> String {
    decode_text(bytes).unwrap_or_else(|_| bytes.iter().map(|&b| char::from(b)).collect())
}

/// Reads a TRF file (TRF16 or TRF-2026) into a validated tournament.
pub fn parse(text: &str) -> Result<Tournament, TrfError> {
    parse_with_warnings(text).map(|(t, _)| t)
}

/// Like [`parse`], also returning the oddities that did not prevent the import.
pub fn parse_with_warnings(text: &str) -> Result<(Tournament, Vec<TrfWarning>), TrfError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader::new(read::is_team_file(read::lines(text)));
    for (i, line) in lines(text).enumerate() {
        reader.record(i + 1, line)?;
    }
    reader.finish()
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_faithful;
