//! From the games of a file to what an event needs of each: round (and board), the two players
//! with their Elo, and the result.

use super::error::{PgnError, PgnErrorKind};
use super::read::PgnGame;
use crate::model::{self, ByeKind, Color, GameResult, Outcome};
use crate::trf::{TrfWarning, TrfWarningKind};

/// The name that stands for "no opponent" (how pairing programs export byes as games).
pub const BYE_NAME: &str = "BYE";

/// One side of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// The name as written (trimmed).
    pub name: String,
    /// The Elo tag, when it is a rating.
    pub elo: Option<u16>,
    /// Line of the name's tag.
    pub line: usize,
}

/// A game as the import sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Line of the game's first tag.
    pub line: usize,
    pub round: u32,
    /// From a Round tag `3.2` (board 2 of round 3).
    pub board: Option<u32>,
    pub white: Side,
    pub black: Side,
    /// `Pending` for `*`.
    pub result: GameResult,
}

impl Record {
    /// A bye written as a game against [`BYE_NAME`]: the player and the kind of bye the result
    /// gives them (a win: pairing-allocated; a draw: half-point; a loss or `*`: zero-point).
    pub fn bye(&self) -> Option<(&Side, ByeKind)> {
        let (player, colour) = if is_bye(&self.black.name) {
            (&self.white, Color::White)
        } else if is_bye(&self.white.name) {
            (&self.black, Color::Black)
        } else {
            return None;
        };
        let kind = match self.result.points_for(colour).map(|p| p.0) {
            Some(2) => ByeKind::PairingAllocated,
            Some(1) => ByeKind::Half,
            _ => ByeKind::Zero,
        };
        Some((player, kind))
    }
}

fn is_bye(name: &str) -> bool {
    name.trim().eq_ignore_ascii_case(BYE_NAME)
}

/// How names are compared: without case, with runs of blanks as one and no blank after a comma
/// (`Carlsen,  Magnus` is `carlsen,magnus`).
pub fn name_key(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace(", ", ",")
        .to_lowercase()
}

/// The PGN notation of a result: `1-0`, `0-1`, `1/2-1/2`, `*`; forfeits `+/-`, `-/+`, `-/-`
/// (an extension: PGN itself has no forfeit).
pub fn result_text(result: GameResult) -> &'static str {
    match result {
        GameResult::Pending => "*",
        GameResult::Played(o) | GameResult::PlayedUnrated(o) => match o {
            Outcome::WhiteWins => "1-0",
            Outcome::Draw => "1/2-1/2",
            Outcome::BlackWins => "0-1",
        },
        GameResult::Forfeit(Some(Color::White)) => "+/-",
        GameResult::Forfeit(Some(Color::Black)) => "-/+",
        GameResult::Forfeit(None) => "-/-",
    }
}

fn parse_result(text: &str) -> Option<GameResult> {
    Some(match text.trim() {
        "1-0" => GameResult::Played(Outcome::WhiteWins),
        "0-1" => GameResult::Played(Outcome::BlackWins),
        "1/2-1/2" | "½-½" => GameResult::Played(Outcome::Draw),
        "*" => GameResult::Pending,
        "+/-" | "+--" => GameResult::Forfeit(Some(Color::White)),
        "-/+" | "--+" => GameResult::Forfeit(Some(Color::Black)),
        "-/-" | "---" => GameResult::Forfeit(None),
        _ => return None,
    })
}

/// `3` → (3, None); `3.2` → (3, Some(2)).
fn parse_round(text: &str) -> Option<(u32, Option<u32>)> {
    let (round, board) = match text.split_once('.') {
        Some((r, b)) => (r, Some(b)),
        None => (text, None),
    };
    let round: u32 = round.trim().parse().ok().filter(|&r| r >= 1)?;
    let board = match board {
        Some(b) => Some(b.trim().parse().ok().filter(|&b: &u32| b >= 1)?),
        None => None,
    };
    Some((round, board))
}

/// An Elo tag: blank, `-`, `?` or `0` is unrated; a number outside [`model::RATINGS`] or
/// other text is unrated with a warning.
fn parse_elo(game: &PgnGame, tag: &'static str, warnings: &mut Vec<TrfWarning>) -> Option<u16> {
    let t = game.tag(tag)?;
    let v = t.value.trim();
    if v.is_empty() || v == "-" || v == "?" || v == "0" {
        return None;
    }
    match v
        .parse::<u16>()
        .ok()
        .and_then(|r| model::check_rating(r).ok())
    {
        Some(r) => Some(r),
        None => {
            warnings.push(TrfWarning {
                line: t.line,
                column: None,
                kind: TrfWarningKind::BadElo {
                    tag,
                    found: v.to_owned(),
                },
            });
            None
        }
    }
}

/// The record of each game, in file order; the first game that cannot be one is the error.
pub fn records(games: &[PgnGame], warnings: &mut Vec<TrfWarning>) -> Result<Vec<Record>, PgnError> {
    games.iter().map(|g| record(g, warnings)).collect()
}

fn record(game: &PgnGame, warnings: &mut Vec<TrfWarning>) -> Result<Record, PgnError> {
    let missing = |tag| PgnError::at(game.line, PgnErrorKind::MissingTag(tag));
    let white = game.value("White").ok_or_else(|| missing("White"))?;
    let black = game.value("Black").ok_or_else(|| missing("Black"))?;
    let line_of = |tag: &str| game.tag(tag).map_or(game.line, |t| t.line);
    let round_tag = game.tag("Round").ok_or_else(|| missing("Round"))?;
    let (round, board) = parse_round(&round_tag.value).ok_or_else(|| {
        PgnError::at(
            round_tag.line,
            PgnErrorKind::BadRound(round_tag.value.clone()),
        )
    })?;
    let result = match (game.tag("Result"), &game.termination) {
        (Some(tag), moves) => {
            let r = parse_result(&tag.value).ok_or_else(|| {
                PgnError::at(tag.line, PgnErrorKind::BadResult(tag.value.clone()))
            })?;
            if let Some((m, line)) = moves {
                // A forfeit has no moves: any termination is accepted with it.
                if !r.is_forfeit() && parse_result(m) != Some(r) {
                    return Err(PgnError::at(
                        *line,
                        PgnErrorKind::ResultMismatch {
                            tag: tag.value.trim().to_owned(),
                            moves: m.clone(),
                        },
                    ));
                }
            }
            r
        }
        (None, Some((m, _))) => parse_result(m).unwrap_or(GameResult::Pending),
        (None, None) => return Err(missing("Result")),
    };
    if name_key(white) == name_key(black) {
        return Err(PgnError::at(
            game.line,
            PgnErrorKind::SamePlayer(white.to_owned()),
        ));
    }
    Ok(Record {
        line: game.line,
        round,
        board,
        white: Side {
            name: white.to_owned(),
            elo: parse_elo(game, "WhiteElo", warnings),
            line: line_of("White"),
        },
        black: Side {
            name: black.to_owned(),
            elo: parse_elo(game, "BlackElo", warnings),
            line: line_of("Black"),
        },
        result,
    })
}

/// A PGN text's games as an import reads them: parsed, all of one event, each a record (with
/// the warnings on the way), no player twice in a round — the one preamble of making an event
/// and of merging results into one ([`read_checked`]).
pub struct Checked {
    pub games: Vec<PgnGame>,
    pub records: Vec<Record>,
    pub warnings: Vec<TrfWarning>,
}

/// Reads `text` into [`Checked`] games, or the first problem.
pub fn read_checked(text: &str) -> Result<Checked, PgnError> {
    let games = super::read::parse(text)?;
    check_one_event(&games)?;
    let mut warnings = Vec::new();
    let records = records(&games, &mut warnings)?;
    check_once_per_round(&records)?;
    Ok(Checked {
        games,
        records,
        warnings,
    })
}

/// The Event tag of a game, unless it is a placeholder (`?`, `-`, `.`) or missing.
pub fn event_of(game: &PgnGame) -> Option<&str> {
    game.value("Event")
        .filter(|v| !v.chars().all(|c| matches!(c, '?' | '-' | '.')))
}

/// Refuses games of two events (Event tags that differ, compared by [`name_key`]): an import
/// makes one event, and mixing two would pair and rank players who never met in one.
pub fn check_one_event(games: &[PgnGame]) -> Result<(), PgnError> {
    let mut first: Option<(&str, usize)> = None;
    for g in games {
        let Some(event) = event_of(g) else { continue };
        match first {
            None => first = Some((event, g.line)),
            Some((f, first_line)) if name_key(f) != name_key(event) => {
                return Err(PgnError::at(
                    g.tag("Event").map_or(g.line, |t| t.line),
                    PgnErrorKind::SeveralEvents {
                        first: f.to_owned(),
                        first_line,
                        other: event.to_owned(),
                    },
                ));
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// Refuses a player in two games of one round (names compared by [`name_key`]).
pub fn check_once_per_round(records: &[Record]) -> Result<(), PgnError> {
    let mut seen: std::collections::HashMap<(u32, String), usize> = Default::default();
    for r in records {
        let sides: Vec<&Side> = match r.bye() {
            Some((s, _)) => vec![s],
            None => vec![&r.white, &r.black],
        };
        for s in sides {
            if let Some(&other_line) = seen.get(&(r.round, name_key(&s.name))) {
                return Err(PgnError::at(
                    r.line,
                    PgnErrorKind::PlaysTwice {
                        name: s.name.clone(),
                        round: r.round,
                        other_line,
                    },
                ));
            }
            seen.insert((r.round, name_key(&s.name)), r.line);
        }
    }
    Ok(())
}

/// The records of round `round` in board order: numbered boards first, then file order.
pub fn round_records(records: &[Record], round: u32) -> Vec<&Record> {
    let mut rs: Vec<&Record> = records.iter().filter(|r| r.round == round).collect();
    rs.sort_by_key(|r| (r.board.is_none(), r.board));
    rs
}
