//! What goes wrong reading a TRF file: errors that stop the import and warnings that do not,
//! both with the line (and column) they point at, and what is wrong as data ([`TrfErrorKind`],
//! [`TrfWarningKind`]): the CLI prints their English `Display`, the app words them in the
//! reader's language.

use super::layout::{COL_FIRST_ROUND, MAX_ROUNDS};
use crate::model::{ByeKind, Color, ModelError, StartNo};
use crate::rules2026::{show, RecordError, Tenths};
use std::fmt;

/// A TRF file that cannot be imported: where, and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, when a single column is at fault.
    pub column: Option<usize>,
    /// What was expected and how to fix it.
    pub kind: TrfErrorKind,
}

/// What is wrong in a TRF file (the position is in [`TrfError`]). Text found in the file is
/// kept as a short excerpt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrfErrorKind {
    /// The line does not start with a record code.
    NotARecord { found: String },
    /// A second `XXR` record.
    SecondXxr { first_line: usize },
    /// `XXR` or `142` without a number of rounds (0 to [`MAX_ROUNDS`]).
    BadRoundCount { code: &'static str, found: String },
    /// `XXC white1` and `XXC black1` in one file.
    XxcContradicts,
    /// An `XXK` value above 255.
    KFactorTooLarge { k: u32 },
    /// A second `142` with another number of rounds.
    Second142,
    /// A `152` that is neither `W` nor `B`.
    Bad152 { found: String },
    /// A second `152` with the other colour.
    Second152,
    /// An `XXW`, `XXK` or `XXG` that is not two whole numbers.
    BadPlayerValue {
        code: &'static str,
        what: PlayerNumber,
        found: String,
    },
    /// A second `XXW` for one player.
    WithdrawalTwice { player: StartNo, first_line: usize },
    /// A second `XXK` or `XXG` for one player.
    ValueTwice {
        code: &'static str,
        player: StartNo,
        first_line: usize,
    },
    /// No record at all.
    Empty,
    /// Two players with one start number.
    StartNumberTwice {
        start_no: StartNo,
        other_line: usize,
    },
    /// Start numbers with a gap.
    StartNumberGap {
        start_no: StartNo,
        expected: StartNo,
        players: usize,
    },
    /// The type of tournament (`092`, `192`) says a round-robin of more than two cycles.
    TooManyCycles { cycles: u32 },
    /// A record (`XXK`, `XXG`, `XXW`, `240`, `260`) names a start number the event lacks.
    NoSuchPlayer {
        code: &'static str,
        player: StartNo,
        players: StartNo,
    },
    /// The event the file makes is inconsistent (the model's own check).
    Inconsistent(ModelError),
    /// A `001` record's start number (columns 5–8).
    BadStartNumber { found: String },
    /// A `001` record's rating (columns 49–52).
    BadRating { found: String },
    /// A `001` record's FIDE id (columns 58–68).
    BadFideId { found: String },
    /// A column that must be blank is not (the columns are shifted).
    NotBlank { column: usize, found: char },
    /// More than [`MAX_ROUNDS`] round blocks.
    TooManyRounds,
    /// A round block's opponent (`column`…`column + 3`).
    BadOpponent {
        round: usize,
        column: usize,
        found: String,
    },
    /// A round block's colour.
    BadColour {
        round: usize,
        column: usize,
        found: char,
    },
    /// A round block's result code.
    UnknownResult {
        round: usize,
        column: usize,
        found: char,
    },
    /// A game result without an opponent (`column` is the opponent's first column).
    GameWithoutOpponent {
        round: usize,
        column: usize,
        found: char,
    },
    /// A bye with an opponent (`column` is the opponent's first column).
    ByeWithOpponent {
        round: usize,
        column: usize,
        found: char,
    },
    /// An opponent who is not a player.
    OpponentNotAPlayer {
        round: usize,
        opponent: StartNo,
        players: StartNo,
    },
    /// A player paired against themself.
    PairedWithSelf { round: usize, player: StartNo },
    /// The opponent's line does not pair them back.
    PairingDisagrees {
        round: usize,
        line: usize,
        player: StartNo,
        opponent: StartNo,
        other_line: usize,
        other: Found,
    },
    /// Both lines of a game give their player the same colour.
    SameColour {
        round: usize,
        line: usize,
        player: StartNo,
        opponent: StartNo,
        other_line: usize,
        colour: Color,
    },
    /// A played game without a colour (`column` is where it belongs).
    NoColour {
        round: usize,
        line: usize,
        player: StartNo,
        opponent: StartNo,
        other_line: usize,
        column: usize,
    },
    /// The two lines of a game give results that do not match.
    ResultsDisagree {
        round: usize,
        line: usize,
        player: StartNo,
        code: char,
        opponent: StartNo,
        other_line: usize,
        other_code: char,
    },
    /// A `162`, `250` or `260` record that cannot be read.
    Record(RecordError),
    /// A `240` record that cannot be read; `found` is an excerpt of the line.
    BadByeRecord {
        problem: ByeRecordProblem,
        found: String,
    },
    /// A `240` bye for a player whose round already holds something else.
    ByeConflict { player: StartNo, round: u32 },
    /// A pairing program's extension record that cannot be read; `found` is an excerpt of the
    /// line.
    BadExtension { record: Extension, found: String },
    /// bbpPairings' `BBF` (forfeit loss) differs from its `BBZ` (zero-point bye): TRF-2026's
    /// point system (`162`) has one value for both, so the event cannot hold it.
    ForfeitLossPoints { forfeit: Tenths, zero: Tenths },
}

/// The pairing programs' extension records the reader honours (`trf::extensions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extension {
    /// JaVaFo's `XXA`: one player's virtual points per round.
    Acceleration,
    /// JaVaFo's `XXP`: players who must never meet.
    ForbiddenPairs,
    /// bbpPairings' `BBW`, `BBD`, `BBL`, `BBZ`, `BBF`, `BBU`: `letter` is the third character.
    Points { letter: char },
}

impl fmt::Display for Extension {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Extension::Acceleration => f.write_str("XXA"),
            Extension::ForbiddenPairs => f.write_str("XXP"),
            Extension::Points { letter } => write!(f, "BB{letter}"),
        }
    }
}

/// The second number of an `XXW`, `XXK` or `XXG` record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerNumber {
    /// `XXW`: the round after which the player withdrew.
    WithdrawalRound,
    /// `XXK`: the K factor.
    KFactor,
    /// `XXG`: the number of rated games.
    RatedGames,
}

/// What the other line of a game has in that round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    Nothing,
    Bye(ByeKind),
    Player(StartNo),
}

/// What is wrong with a `240` record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByeRecordProblem {
    /// Column 5 is none of `F`, `H`, `Z`, blank.
    UnknownType,
    /// No round in columns 7–9.
    NoRound,
    /// A start number that is not a whole number.
    NotWholeNumbers,
    /// No players, or a start number 0.
    NoPlayers,
}

impl TrfError {
    pub(super) fn at(line: usize, column: usize, kind: TrfErrorKind) -> TrfError {
        TrfError {
            line,
            column: Some(column),
            kind,
        }
    }

    pub(super) fn line(line: usize, kind: TrfErrorKind) -> TrfError {
        TrfError {
            line,
            column: None,
            kind,
        }
    }

    /// What is wrong, in English (the CLI's words).
    pub fn message(&self) -> String {
        self.kind.to_string()
    }
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "line {}, column {c}: {}", self.line, self.kind),
            None => write!(f, "line {}: {}", self.line, self.kind),
        }
    }
}

impl std::error::Error for TrfError {}

impl fmt::Display for PlayerNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayerNumber::WithdrawalRound => "round after which they withdrew",
            PlayerNumber::KFactor => "K factor",
            PlayerNumber::RatedGames => "number of rated games",
        })
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Nothing => f.write_str("nothing"),
            Found::Bye(kind) => write!(f, "a bye ({})", super::layout::bye_code(*kind)),
            Found::Player(p) => write!(f, "player {p}"),
        }
    }
}

impl fmt::Display for ByeRecordProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ByeRecordProblem::UnknownType => "unknown bye type in column 5",
            ByeRecordProblem::NoRound => "no round in columns 7–9",
            ByeRecordProblem::NotWholeNumbers => "start numbers must be whole numbers",
            ByeRecordProblem::NoPlayers => "no players (start numbers run from 1)",
        })
    }
}

fn colour_name(c: Color) -> &'static str {
    match c {
        Color::White => "white (w)",
        Color::Black => "black (b)",
    }
}

impl fmt::Display for TrfErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TrfErrorKind as K;
        match self {
            K::NotARecord { found } => write!(
                f,
                "expected a TRF record: a three-character code such as 001 (player), 012 \
                 (tournament name) or XXR (rounds) followed by a space, but found \"{found}\""
            ),
            K::SecondXxr { first_line } => write!(
                f,
                "a second XXR record (the first is on line {first_line}); keep one"
            ),
            K::BadRoundCount { code, found } => write!(
                f,
                "expected the number of rounds (0–{MAX_ROUNDS}) after {code}, e.g. \"{code} 9\", \
                 but found \"{found}\""
            ),
            K::XxcContradicts => {
                f.write_str("this XXC contradicts an earlier one (white1 against black1); keep one")
            }
            K::KFactorTooLarge { k } => {
                write!(f, "XXK: K factor {k} is too large (at most 255)")
            }
            K::Second142 => {
                f.write_str("a second 142 record with another number of rounds; keep one")
            }
            K::Bad152 { found } => write!(
                f,
                "152 gives the colour of the first player in round 1: W or B, not \"{found}\""
            ),
            K::Second152 => f.write_str("a second 152 record with the other colour; keep one"),
            K::BadPlayerValue { code, what, found } => write!(
                f,
                "expected \"{code} <start number> <{what}>\" (two whole numbers), but found \
                 \"{found}\""
            ),
            K::WithdrawalTwice { player, first_line } => write!(
                f,
                "player {player} already has a withdrawal on line {first_line}; keep one"
            ),
            K::ValueTwice {
                code,
                player,
                first_line,
            } => write!(
                f,
                "{code} for player {player} is also given on line {first_line}; keep one"
            ),
            K::Empty => f.write_str(
                "the file is empty; a TRF file has a 012 record (the tournament name) and one 001 \
                 record per player",
            ),
            K::StartNumberTwice {
                start_no,
                other_line,
            } => write!(
                f,
                "start number {start_no} is also used on line {other_line}; every player needs \
                 their own start number"
            ),
            K::StartNumberGap {
                start_no,
                expected,
                players,
            } => write!(
                f,
                "start number {start_no} skips {expected}: start numbers must run 1, 2, 3, … up \
                 to the number of players ({players}) without gaps"
            ),
            K::TooManyCycles { cycles } => write!(
                f,
                "the type of tournament says a round-robin with {cycles} cycles; Crosstable \
                 handles single and double round-robins"
            ),
            K::NoSuchPlayer {
                code,
                player,
                players,
            } => write!(
                f,
                "{code}: there is no player {player}; start numbers run 1–{players}"
            ),
            K::Inconsistent(e) => e.fmt(f),
            K::BadStartNumber { found } => write!(
                f,
                "expected the player's start number (1–9999), right-aligned in columns 5–8, but \
                 found \"{found}\""
            ),
            K::BadRating { found } => write!(
                f,
                "expected the FIDE rating (digits, or blank if unrated) in columns 49–52, but \
                 found \"{found}\"; check the name fits columns 15–47"
            ),
            K::BadFideId { found } => write!(
                f,
                "expected the FIDE id (digits, or blank) in columns 58–68, but found \"{found}\""
            ),
            K::NotBlank { column, found } if *column <= super::layout::COL_POINTS.1 + 1 => write!(
                f,
                "expected a blank at column {column} but found '{found}'; a player record has \
                 the FIDE id in columns 58–68, the birth date in 70–79, the points in 81–84 and \
                 the rank in 86–89, so this line's columns seem shifted: align its fields to \
                 those columns"
            ),
            K::NotBlank { column, found } => write!(
                f,
                "expected a blank at column {column} but found '{found}'; the round blocks start \
                 at column {COL_FIRST_ROUND}, ten columns each (opponent 92–95, colour 97, result \
                 99), so this line's columns seem shifted"
            ),
            K::TooManyRounds => write!(
                f,
                "more than {MAX_ROUNDS} round blocks; is this a TRF player record?"
            ),
            K::BadOpponent {
                round,
                column,
                found,
            } => write!(
                f,
                "round {round}: expected the opponent's start number (or 0000 for none) in \
                 columns {column}–{}, but found \"{found}\"",
                column + 3
            ),
            K::BadColour {
                round,
                column,
                found,
            } => write!(
                f,
                "round {round}: expected the colour w, b or - at column {column}, but found \
                 '{found}'"
            ),
            K::UnknownResult {
                round,
                column,
                found,
            } => write!(
                f,
                "round {round}: unknown result code '{found}' at column {column}; expected one of \
                 1 = 0 (played), W D L (played, unrated), + - (forfeit), or with opponent 0000: U \
                 F H Z (byes), - (absent), blank (nothing)"
            ),
            K::GameWithoutOpponent {
                round,
                column,
                found,
            } => write!(
                f,
                "round {round}: result '{found}' is a game, but no opponent is given in columns \
                 {column}–{}; write the opponent's start number there, or use U, F, H or Z for a \
                 bye",
                column + 3
            ),
            K::ByeWithOpponent {
                round,
                column,
                found,
            } => write!(
                f,
                "round {round}: '{found}' is a bye, which has no opponent; write 0000 in columns \
                 {column}–{} or give a game result (1 = 0 W D L + -)",
                column + 3
            ),
            K::OpponentNotAPlayer { .. }
            | K::PairedWithSelf { .. }
            | K::PairingDisagrees { .. }
            | K::SameColour { .. }
            | K::NoColour { .. }
            | K::ResultsDisagree { .. }
            | K::Record(_)
            | K::BadByeRecord { .. }
            | K::ByeConflict { .. }
            | K::BadExtension { .. }
            | K::ForfeitLossPoints { .. } => rounds_fmt(self, f),
        }
    }
}

/// [`TrfErrorKind`]'s `Display` for the rounds' and the TRF-2026 records' variants.
fn rounds_fmt(kind: &TrfErrorKind, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    use TrfErrorKind as K;
    match kind {
        K::OpponentNotAPlayer {
            round,
            opponent,
            players,
        } => write!(
            f,
            "round {round}: opponent {opponent} is not a player; start numbers run \
                 1–{players}"
        ),
        K::PairedWithSelf { round, player } => {
            write!(
                f,
                "round {round}: player {player} is paired against themself"
            )
        }
        K::PairingDisagrees {
            round,
            line,
            player,
            opponent,
            other_line,
            other,
        } => write!(
            f,
            "round {round}: line {line} (player {player}) pairs them with player {opponent}, \
                 but line {other_line} (player {opponent}) has {other} in that round; the two \
                 lines must agree"
        ),
        K::SameColour {
            round,
            line,
            player,
            opponent,
            other_line,
            colour,
        } => write!(
            f,
            "round {round}: line {line} (player {player}) and line {other_line} (player \
                 {opponent}) both give their player {}; one must be w and the other b",
            colour_name(*colour)
        ),
        K::NoColour {
            round,
            line,
            player,
            opponent,
            other_line,
            column,
        } => write!(
            f,
            "round {round}: the game between player {player} (line {line}) and player \
                 {opponent} (line {other_line}) has no colour; write w or b at column {column}"
        ),
        K::ResultsDisagree {
            round,
            line,
            player,
            code,
            opponent,
            other_line,
            other_code,
        } => write!(
            f,
            "round {round}: line {line} (player {player}) has result '{code}' but line \
                 {other_line} (player {opponent}) has '{other_code}'; the two results must match: \
                 1 and 0, = and =, W and L, D and D, + and -, - and - (double forfeit) or both \
                 blank"
        ),
        K::Record(e) => fmt::Display::fmt(e, f),
        K::BadByeRecord { problem, found } => write!(
            f,
            "240: {problem}; the record is \"240 T RRR PPPP PPPP …\" (bye type F, H or Z, the \
                 round, then start numbers), found \"{found}\""
        ),
        K::ByeConflict { player, round } => write!(
            f,
            "240: player {player} already has an entry in round {round} that is not this \
                 bye; keep one"
        ),
        K::BadExtension {
            record: Extension::Acceleration,
            found,
        } => write!(
            f,
            "XXA: expected a start number in columns 5–8, then each round's virtual points in 4 \
             columns every 5 from column 10 (`XXA    3  1.0  1.0`), but found \"{found}\""
        ),
        K::BadExtension {
            record: Extension::ForbiddenPairs,
            found,
        } => write!(
            f,
            "XXP: expected two or more start numbers that must not meet (`XXP 4 9`), but found \
             \"{found}\""
        ),
        K::BadExtension { record, found } => write!(
            f,
            "{record}: expected the points in columns 5–8 (`BBW  3.0`), but found \"{found}\""
        ),
        K::ForfeitLossPoints { forfeit, zero } => write!(
            f,
            "BBF gives a forfeit loss {} points but BBZ a zero-point bye {}: TRF-2026 has one \
             value for both; make them equal",
            show(*forfeit),
            show(*zero)
        ),
        // Only the variants above are handed here (`TrfErrorKind::fmt` lists them).
        _ => Ok(()),
    }
}

/// Something odd that does not stop the import (e.g. a points column that disagrees with the
/// results, which TRF treats as informational).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfWarning {
    pub line: usize,
    pub column: Option<usize>,
    pub kind: TrfWarningKind,
}

/// What a [`TrfWarning`] is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrfWarningKind {
    /// A `202` with a tie-break this program does not compute (`found`: an excerpt).
    UnknownTiebreak { found: String },
    /// `XXR` says fewer rounds than the player records hold.
    FewerRounds { declared: u32, columns: u32 },
    /// `260` in a round-robin.
    ProhibitedInRoundRobin,
    /// A points column that disagrees with the results (in tenths of a point).
    PointsDisagree {
        player: StartNo,
        declared: Tenths,
        computed: Tenths,
    },
    /// A PGN player whose Elo differs between games: the first one is kept.
    EloDiffers {
        name: String,
        first: u16,
        other: u16,
    },
    /// A PGN Elo tag that is not a rating (`tag`: `WhiteElo` or `BlackElo`).
    BadElo { tag: &'static str, found: String },
    /// A player who took part in no round after `after_round` and lost by forfeit, while the
    /// file records no withdrawal (the app lists it, with a button that records it; until then
    /// the player is not withdrawn: paired in a Swiss, unplayed games not imputed).
    LooksWithdrawn { player: StartNo, after_round: u32 },
    /// A record this program does not read (another program's extension, an option such as
    /// JaVaFo's `XXC rank`): kept verbatim and written back on export, but it changes nothing.
    RecordNotUsed { code: String },
    /// A player line's rating outside [`crate::model::RATINGS`] (such as 9999, a placeholder
    /// some programs write): kept as read, but not a rating FIDE's calculation can use.
    RatingOutOfRange { player: StartNo, rating: u16 },
}

impl TrfWarning {
    /// What is wrong, in English (the CLI's words).
    pub fn message(&self) -> String {
        self.kind.to_string()
    }
}

impl fmt::Display for TrfWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "line {}, column {c}: {}", self.line, self.kind),
            None => write!(f, "line {}: {}", self.line, self.kind),
        }
    }
}

impl fmt::Display for TrfWarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrfWarningKind::UnknownTiebreak { found } => write!(
                f,
                "202: \"{found}\" has a tie-break this program does not compute; the record is \
                 kept, the event uses its preset list"
            ),
            TrfWarningKind::FewerRounds { declared, columns } => write!(
                f,
                "XXR says {declared} rounds but the player records have results for {columns}; \
                 the event is read as having {columns}"
            ),
            TrfWarningKind::ProhibitedInRoundRobin => f.write_str(
                "260: prohibited pairings do not apply to a round-robin (every player meets \
                 every other by the Berger tables); the record is kept in the file but not \
                 applied",
            ),
            TrfWarningKind::PointsDisagree {
                player,
                declared,
                computed,
            } => write!(
                f,
                "player {player}'s points column says {} but the results add up to {}; the \
                 results are used",
                show(*declared),
                show(*computed)
            ),
            TrfWarningKind::EloDiffers { name, first, other } => write!(
                f,
                "{name} is rated {other} here but {first} in an earlier round; {first} is kept"
            ),
            TrfWarningKind::BadElo { tag, found } => write!(
                f,
                "{tag} “{found}” is not a rating from {} to {}; the player is taken as unrated",
                crate::model::RATINGS.start(),
                crate::model::RATINGS.end()
            ),
            TrfWarningKind::LooksWithdrawn {
                player,
                after_round: 0,
            } => write!(
                f,
                "player {player} has taken part in no round and lost by forfeit, but the file \
                 records no withdrawal: the player is not taken as withdrawn until you record it"
            ),
            TrfWarningKind::LooksWithdrawn {
                player,
                after_round,
            } => write!(
                f,
                "player {player} has taken part in no round after round {after_round} and lost \
                 by forfeit, but the file records no withdrawal: the player is not taken as \
                 withdrawn until you record it"
            ),
            TrfWarningKind::RecordNotUsed { code } => write!(
                f,
                "{code}: a record this program does not read; it is kept and written back on \
                 export, but changes nothing here"
            ),
            TrfWarningKind::RatingOutOfRange { player, rating } => write!(
                f,
                "player {player}'s rating {rating} is not a rating from {} to {}: kept as the \
                 file has it, but correct it (or blank it for an unrated player) before the \
                 event is rated",
                crate::model::RATINGS.start(),
                crate::model::RATINGS.end()
            ),
        }
    }
}
