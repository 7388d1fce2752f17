//! One `001` record: the player's fixed columns and the round blocks, as written on that line
//! (whether the two players of a game agree is checked later, in [`super::rounds`]).

use super::error::{TrfError, TrfErrorKind};
use super::layout::{
    all_digits, char_at, field, COL_BIRTH, COL_FEDERATION, COL_FIDE_ID, COL_FIRST_ROUND, COL_NAME,
    COL_POINTS, COL_RATING, COL_SEX, COL_START_NO, COL_TITLE, MAX_ROUNDS, ROUND_WIDTH,
};
use crate::model::{ByeKind, Color, HalfPoints, Player, StartNo};

/// One round block of a `001` record, as written on that line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Block {
    /// Nothing recorded.
    Empty,
    Bye(ByeKind),
    /// `code` is the result code, upper-cased, with `*` folded into blank (not yet played).
    Paired {
        opponent: StartNo,
        colour: Option<Color>,
        code: char,
    },
}

pub(super) struct PlayerLine {
    pub(super) line: usize,
    pub(super) player: Player,
    /// Columns 81–84 as read; `None` when blank or not a number.
    pub(super) declared_points: Option<HalfPoints>,
    pub(super) blocks: Vec<Block>,
    /// Rounds (from 1) whose bye is written with TRF's second code for it (`-` for `Z`, `+`
    /// for `F`), with that code: kept so that an export writes them back the same way.
    pub(super) spellings: Vec<(u32, char)>,
}

/// Reads one `001` record (TRF16 columns, see the module documentation).
pub(super) fn player_line(no: usize, chars: &[char]) -> Result<PlayerLine, TrfError> {
    let start = field(chars, COL_START_NO.0, COL_START_NO.1);
    let start = start.trim();
    let start_no = start
        .parse::<StartNo>()
        .ok()
        .filter(|s| all_digits(start) && *s > 0);
    let Some(start_no) = start_no else {
        return Err(TrfError::at(
            no,
            COL_START_NO.0,
            TrfErrorKind::BadStartNumber {
                found: start.to_owned(),
            },
        ));
    };

    let rating = field(chars, COL_RATING.0, COL_RATING.1);
    let rating = rating.trim();
    let rating = if rating.is_empty() {
        None
    } else {
        match rating.parse::<u16>() {
            // TRF writes 0 (or nothing) for an unrated player.
            Ok(0) => None,
            Ok(r) if all_digits(rating) => Some(r),
            _ => {
                return Err(TrfError::at(
                    no,
                    COL_RATING.0,
                    TrfErrorKind::BadRating {
                        found: rating.to_owned(),
                    },
                ))
            }
        }
    };

    let fide = field(chars, COL_FIDE_ID.0, COL_FIDE_ID.1);
    let fide = fide.trim();
    let fide_id = if fide.is_empty() {
        None
    } else {
        match fide.parse::<u64>() {
            Ok(id) if all_digits(fide) => Some(id),
            _ => {
                return Err(TrfError::at(
                    no,
                    COL_FIDE_ID.0,
                    TrfErrorKind::BadFideId {
                        found: fide.to_owned(),
                    },
                ))
            }
        }
    };

    let separator = |col: usize| -> Result<(), TrfError> {
        let c = char_at(chars, col);
        if c == ' ' {
            Ok(())
        } else {
            Err(TrfError::at(
                no,
                col,
                TrfErrorKind::NotBlank {
                    column: col,
                    found: c,
                },
            ))
        }
    };
    // The blanks around the points (columns 81–84): a record shifted by a column from the FIDE
    // id on would otherwise give its birth date's last digit as points, without a word.
    separator(COL_POINTS.0 - 1)?;
    separator(COL_POINTS.1 + 1)?;
    separator(90)?;
    separator(91)?;

    // Points and rank are informational (recomputed from the results), so a value that is not a
    // number only loses the cross-check.
    let declared_points = parse_points(field(chars, COL_POINTS.0, COL_POINTS.1).trim());

    let mut blocks = Vec::new();
    let mut spellings = Vec::new();
    let mut col = COL_FIRST_ROUND;
    while col <= chars.len() {
        if blocks.len() as u32 >= MAX_ROUNDS {
            return Err(TrfError::at(no, col, TrfErrorKind::TooManyRounds));
        }
        let round = blocks.len() + 1;
        let block = round_block(no, chars, col, round, &separator)?;
        let code = char_at(chars, col + 7);
        if matches!(block, Block::Bye(_)) && matches!(code, '-' | '+') {
            spellings.push((round as u32, code));
        }
        blocks.push(block);
        col += ROUND_WIDTH;
    }
    while blocks.last() == Some(&Block::Empty) {
        blocks.pop();
    }

    let text = |(a, b): (usize, usize)| field(chars, a, b).trim().to_owned();
    Ok(PlayerLine {
        line: no,
        player: Player {
            start_no,
            name: text(COL_NAME),
            title: text(COL_TITLE),
            federation: text(COL_FEDERATION),
            fide_id,
            rating,
            unrated_as_zero: rating.is_none()
                && !field(chars, COL_RATING.0, COL_RATING.1).trim().is_empty(),
            sex: char_at(chars, COL_SEX).to_string().trim().to_owned(),
            birth: text(COL_BIRTH),
            rated_games: None,
            k_override: None,
            // TRF's player line has no club field.
            club: String::new(),
        },
        declared_points,
        blocks,
        spellings,
    })
}

/// `"4.0"`, `"3.5"`, `"12"` → half-points; anything else (other scoring systems) → `None`.
fn parse_points(s: &str) -> Option<HalfPoints> {
    let (whole, frac) = s.split_once(['.', ',']).unwrap_or((s, ""));
    if !all_digits(whole) {
        return None;
    }
    let whole = whole.parse::<u32>().ok()?.checked_mul(2)?;
    let half = match frac.trim_end_matches('0') {
        "" => 0,
        "5" => 1,
        _ => return None,
    };
    if !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(HalfPoints(whole.checked_add(half)?))
}

/// Reads the round block starting at column `col` (TRF16: opponent +0…+3, colour +5, result +7).
fn round_block(
    no: usize,
    chars: &[char],
    col: usize,
    round: usize,
    separator: &dyn Fn(usize) -> Result<(), TrfError>,
) -> Result<Block, TrfError> {
    for offset in [4, 6, 8, 9] {
        separator(col + offset)?;
    }
    let opp = field(chars, col, col + 3);
    let opp = opp.trim();
    let opponent = if opp.is_empty() {
        0
    } else {
        match opp.parse::<StartNo>() {
            Ok(o) if all_digits(opp) => o,
            _ => {
                return Err(TrfError::at(
                    no,
                    col,
                    TrfErrorKind::BadOpponent {
                        round,
                        column: col,
                        found: opp.to_owned(),
                    },
                ))
            }
        }
    };
    let colour_col = col + 5;
    let colour = match char_at(chars, colour_col) {
        'w' | 'W' => Some(Color::White),
        'b' | 'B' => Some(Color::Black),
        '-' | ' ' => None,
        c => {
            return Err(TrfError::at(
                no,
                colour_col,
                TrfErrorKind::BadColour {
                    round,
                    column: colour_col,
                    found: c,
                },
            ))
        }
    };
    let result_col = col + 7;
    let raw = char_at(chars, result_col);
    let code = match raw {
        '*' => ' ',
        c => c.to_ascii_uppercase(),
    };
    let known = "10=WDL+-HFUZ ";
    if !known.contains(code) {
        return Err(TrfError::at(
            no,
            result_col,
            TrfErrorKind::UnknownResult {
                round,
                column: result_col,
                found: raw,
            },
        ));
    }
    if opponent == 0 {
        return match code {
            ' ' => Ok(Block::Empty),
            'U' => Ok(Block::Bye(ByeKind::PairingAllocated)),
            'F' | '+' => Ok(Block::Bye(ByeKind::Full)),
            'H' => Ok(Block::Bye(ByeKind::Half)),
            'Z' | '-' => Ok(Block::Bye(ByeKind::Zero)),
            _ => Err(TrfError::at(
                no,
                result_col,
                TrfErrorKind::GameWithoutOpponent {
                    round,
                    column: col,
                    found: raw,
                },
            )),
        };
    }
    if "UFHZ".contains(code) {
        return Err(TrfError::at(
            no,
            result_col,
            TrfErrorKind::ByeWithOpponent {
                round,
                column: col,
                found: raw,
            },
        ));
    }
    Ok(Block::Paired {
        opponent,
        colour,
        code,
    })
}
