//! What can go wrong reading a PGN file or turning its games into an event, each with the line
//! it happened on, what was found, and how to fix it.

use crate::model::ModelError;
use std::fmt;

/// A PGN file that cannot be imported: where, what, and how to fix it. Nothing is imported
/// when one occurs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// 1-based line of the file.
    pub line: usize,
    /// 1-based column, when the error is at one place of the line.
    pub column: Option<usize>,
    pub kind: PgnErrorKind,
}

/// What is wrong (the position is in [`PgnError`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// The file has no game at all.
    NoGames,
    /// A `{` comment that is never closed.
    UnterminatedComment,
    /// A tag's value (`"…`) that does not end on its line.
    UnterminatedTagValue,
    /// A tag pair that is not `[Name "value"]`; what was found instead.
    BadTag(String),
    /// A `(` variation that is never closed.
    UnclosedVariation,
    /// A `)` without its `(`.
    UnexpectedParenthesis,
    /// A tag the import needs is missing (White, Black, Result, Round).
    MissingTag(&'static str),
    /// A Result tag that is none of `1-0`, `0-1`, `1/2-1/2`, `*`.
    BadResult(String),
    /// The Result tag and the result that ends the moves disagree.
    ResultMismatch { tag: String, moves: String },
    /// A Round tag that is not a round number (`3`, or `3.2` for round 3, board 2).
    BadRound(String),
    /// White and Black are the same player.
    SamePlayer(String),
    /// A player appears in two games of one round.
    PlaysTwice {
        name: String,
        round: u32,
        other_line: usize,
    },
    /// A round has no game although later rounds do.
    EmptyRound(u32),
    /// The games' Event tags name two events (one event per import); `first_line` is the line
    /// of a game of the first one.
    SeveralEvents {
        first: String,
        first_line: usize,
        other: String,
    },
    /// The games cannot be a round-robin (asked for one).
    NotRoundRobin(NotRoundRobin),
    /// Names that are not players of the event the results are merged into, each with its
    /// line (`“A” (line 3), “B” (line 9)`).
    UnknownPlayer(Vec<(String, usize)>),
    /// A round beyond the event's schedule.
    RoundBeyondSchedule { round: u32, scheduled: u32 },
    /// The event pairs this round differently.
    PairingDiffers { round: u32, what: PairingDiff },
    /// A round after a round the event has not paired yet (rounds are added in order).
    RoundOutOfOrder { round: u32, next: u32 },
    /// The event the games make is inconsistent (the model's own check).
    Inconsistent(ModelError),
}

/// Why the games cannot be a round-robin ([`PgnErrorKind::NotRoundRobin`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotRoundRobin {
    /// A pair of players meets more than twice.
    MeetTooOften {
        times: u32,
    },
    TooFewPlayers,
    /// More rounds than a round-robin of this many players has.
    TooManyRounds {
        players: usize,
        rounds: u32,
        found: u32,
    },
}

/// How the event pairs a round differently from the file ([`PgnErrorKind::PairingDiffers`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairingDiff {
    /// The file gives a bye the event does not.
    NoSuchBye { name: String },
    /// The event does not pair White with Black (`opponent`: White's opponent in the event).
    NotPaired {
        white: String,
        black: String,
        opponent: Option<String>,
    },
    /// The event pairs them with the other colours.
    Colours { white: String, black: String },
}

impl fmt::Display for NotRoundRobin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotRoundRobin::MeetTooOften { times } => {
                write!(f, "a pair of players meets {times} times")
            }
            NotRoundRobin::TooFewPlayers => f.write_str("a round-robin needs at least 3 players"),
            NotRoundRobin::TooManyRounds {
                players,
                rounds,
                found,
            } => write!(
                f,
                "{players} players play {rounds} rounds, and the file has {found}"
            ),
        }
    }
}

impl fmt::Display for PairingDiff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingDiff::NoSuchBye { name } => write!(f, "the event does not give {name} this bye"),
            PairingDiff::NotPaired {
                white,
                black,
                opponent: Some(opponent),
            } => write!(
                f,
                "the event does not pair {white} with {black}: {white} plays {opponent}"
            ),
            PairingDiff::NotPaired {
                white,
                black,
                opponent: None,
            } => write!(
                f,
                "the event does not pair {white} with {black}: {white} has no game"
            ),
            PairingDiff::Colours { white, black } => write!(
                f,
                "{white} has Black against {black} in the event, White in the file"
            ),
        }
    }
}

impl PgnErrorKind {
    /// How to fix it, as an instruction.
    pub fn fix(&self) -> String {
        match self {
            PgnErrorKind::NoGames => {
                "choose a PGN file with at least one game ([White \"…\"] [Black \"…\"] … 1-0)".into()
            }
            PgnErrorKind::UnterminatedComment => "close the comment with }".into(),
            PgnErrorKind::UnterminatedTagValue => {
                "end the tag's value with \" on the same line (write \\\" for a quote inside it)"
                    .into()
            }
            PgnErrorKind::BadTag(_) => "write each tag as [Name \"value\"] on its own line".into(),
            PgnErrorKind::UnclosedVariation => "close the variation with )".into(),
            PgnErrorKind::UnexpectedParenthesis => {
                "remove the ) or open the variation with ( before it".into()
            }
            PgnErrorKind::MissingTag(tag) => match *tag {
                "Round" => "add a tag such as [Round \"1\"] to the game".into(),
                "Result" => "add a tag such as [Result \"1-0\"] (or end the moves with 1-0, 0-1, 1/2-1/2 or *)".into(),
                other => format!("add a tag such as [{other} \"Surname, Name\"] to the game"),
            },
            PgnErrorKind::BadResult(_) => {
                "write the result as 1-0, 0-1, 1/2-1/2 or * (not played yet); +/-, -/+ and -/- \
                 are forfeits"
                    .into()
            }
            PgnErrorKind::ResultMismatch { .. } => {
                "make the Result tag and the result after the moves the same".into()
            }
            PgnErrorKind::BadRound(_) => {
                "write the round as a number from 1, e.g. [Round \"3\"] or [Round \"3.2\"] for \
                 board 2"
                    .into()
            }
            PgnErrorKind::SamePlayer(_) => "correct the White or the Black tag".into(),
            PgnErrorKind::PlaysTwice { .. } => {
                "correct the Round tag or the player's name in one of the two games".into()
            }
            PgnErrorKind::EmptyRound(_) => {
                "add the round's games, or correct the Round tags of the later rounds".into()
            }
            PgnErrorKind::SeveralEvents { .. } => {
                "split the file into one file per event and import each, or give the games of \
                 one event the same Event tag"
                    .into()
            }
            PgnErrorKind::NotRoundRobin(_) => "import the games as a Swiss instead".into(),
            PgnErrorKind::UnknownPlayer(_) => {
                "correct the name to match the event's player list, or add the player to the \
                 event first"
                    .into()
            }
            PgnErrorKind::RoundBeyondSchedule { .. } => {
                "correct the Round tag, or import the file as a new event".into()
            }
            PgnErrorKind::PairingDiffers { .. } => {
                "correct the game's players or colours, or undo the event's pairing of that round \
                 first"
                    .into()
            }
            PgnErrorKind::RoundOutOfOrder { .. } => {
                "include the games of the earlier rounds, or pair them in the event first".into()
            }
            PgnErrorKind::Inconsistent(_) => "correct the games the message names".into(),
        }
    }
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::NoGames => f.write_str("the file has no game"),
            PgnErrorKind::UnterminatedComment => {
                f.write_str("a comment opened with { here is never closed")
            }
            PgnErrorKind::UnterminatedTagValue => {
                f.write_str("a tag's value does not end on its line")
            }
            PgnErrorKind::BadTag(found) => write!(f, "unreadable tag “{found}”"),
            PgnErrorKind::UnclosedVariation => {
                f.write_str("a variation opened with ( here is never closed")
            }
            PgnErrorKind::UnexpectedParenthesis => {
                f.write_str("a ) closes a variation that was never opened")
            }
            PgnErrorKind::MissingTag(tag) => write!(f, "the game has no {tag} tag"),
            PgnErrorKind::BadResult(r) => write!(f, "“{r}” is not a result"),
            PgnErrorKind::ResultMismatch { tag, moves } => write!(
                f,
                "the Result tag says {tag} but the moves end with {moves}"
            ),
            PgnErrorKind::BadRound(r) => write!(f, "“{r}” is not a round number"),
            PgnErrorKind::SamePlayer(name) => write!(f, "“{name}” plays against themself"),
            PgnErrorKind::PlaysTwice {
                name,
                round,
                other_line,
            } => write!(
                f,
                "“{name}” plays twice in round {round} (also in the game at line {other_line})"
            ),
            PgnErrorKind::EmptyRound(r) => {
                write!(f, "round {r} has no game although later rounds do")
            }
            PgnErrorKind::SeveralEvents {
                first,
                first_line,
                other,
            } => write!(
                f,
                "this game is of the event “{other}”, the game at line {first_line} of \
                 “{first}”: the file holds several events"
            ),
            PgnErrorKind::NotRoundRobin(why) => write!(f, "the games are not a round-robin: {why}"),
            PgnErrorKind::UnknownPlayer(names) => {
                f.write_str("not players of this event: ")?;
                for (i, (name, line)) in names.iter().enumerate() {
                    let comma = if i > 0 { ", " } else { "" };
                    write!(f, "{comma}“{name}” (line {line})")?;
                }
                Ok(())
            }
            PgnErrorKind::RoundBeyondSchedule { round, scheduled } => {
                write!(f, "round {round} is beyond the event's {scheduled} rounds")
            }
            PgnErrorKind::PairingDiffers { round, what } => {
                write!(f, "in round {round}, {what}")
            }
            PgnErrorKind::RoundOutOfOrder { round, next } => write!(
                f,
                "round {round} comes after round {next}, which is neither paired in the event nor \
                 in the file"
            ),
            PgnErrorKind::Inconsistent(why) => write!(f, "{why}"),
        }
    }
}

impl fmt::Display for PgnError {
    /// `line 12, column 3: what; how to fix it.`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "line {}, column {c}: ", self.line)?,
            None => write!(f, "line {}: ", self.line)?,
        }
        write!(f, "{}; {}", self.kind, self.kind.fix())
    }
}

impl std::error::Error for PgnError {}

impl PgnError {
    pub(crate) fn at(line: usize, kind: PgnErrorKind) -> PgnError {
        PgnError {
            line,
            column: None,
            kind,
        }
    }
}
