//! One field's text as its typed value, the same for the TXT columns and the XML tags. Each
//! failure names the field as the file does (the column title or the tag).

use super::error::Problem;
use super::{Federation, ListedRating, Sex};

fn bad(field: &str, text: &str, expected: &'static str) -> Problem {
    Problem::BadField {
        field: field.to_string(),
        text: text.to_string(),
        expected,
    }
}

fn number<T: std::str::FromStr>(
    field: &str,
    text: &str,
    expected: &'static str,
) -> Result<T, Problem> {
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad(field, text, expected));
    }
    text.parse().map_err(|_| bad(field, text, expected))
}

pub(super) fn fide_id(field: &str, text: &str) -> Result<u64, Problem> {
    if text.is_empty() {
        return Err(Problem::Missing { field: "FIDE ID" });
    }
    match number::<u64>(field, text, "a FIDE ID (digits)")? {
        0 => Err(bad(field, text, "a FIDE ID (digits)")),
        id => Ok(id),
    }
}

/// Blank or `0` is unrated.
pub(super) fn rating(field: &str, text: &str) -> Result<Option<u16>, Problem> {
    if text.is_empty() {
        return Ok(None);
    }
    match number::<u16>(field, text, "a rating (a whole number)")? {
        0 => Ok(None),
        r => Ok(Some(r)),
    }
}

pub(super) fn games(field: &str, text: &str) -> Result<Option<u16>, Problem> {
    if text.is_empty() {
        return Ok(None);
    }
    number(field, text, "a number of games").map(Some)
}

/// Blank or `0` (the XML's "no K") is none.
pub(super) fn k(field: &str, text: &str) -> Result<Option<u8>, Problem> {
    if text.is_empty() {
        return Ok(None);
    }
    match number::<u8>(field, text, "a K factor")? {
        0 => Ok(None),
        k => Ok(Some(k)),
    }
}

/// A year (`1990`); blank, `0` or `0000` is unknown. A full date (`1990-05-17`,
/// `1990/05/17`) gives its year.
pub(super) fn birth(field: &str, text: &str) -> Result<Option<u16>, Problem> {
    if text.is_empty() {
        return Ok(None);
    }
    let b = text.as_bytes();
    let dated =
        b.len() > 4 && b[..4].iter().all(u8::is_ascii_digit) && matches!(b[4], b'-' | b'/' | b'.');
    let year = if dated { &text[..4] } else { text };
    match number::<u16>(field, year, "a year of birth")? {
        0 => Ok(None),
        y if (1000..=9999).contains(&y) => Ok(Some(y)),
        _ => Err(bad(field, text, "a year of birth")),
    }
}

/// Blank is none; else three letters.
pub(super) fn federation(field: &str, text: &str) -> Result<Option<Federation>, Problem> {
    if text.is_empty() {
        return Ok(None);
    }
    Federation::parse(text)
        .map(Some)
        .ok_or_else(|| bad(field, text, "a three-letter federation code"))
}

/// Blank is none; else `M` or `F`.
pub(super) fn sex(field: &str, text: &str) -> Result<Option<Sex>, Problem> {
    if text.is_empty() {
        return Ok(None);
    }
    Sex::parse(text)
        .map(Some)
        .ok_or_else(|| bad(field, text, "M or F"))
}

/// The flag's `i` (inactive); its `w` (a woman) repeats the sex column.
pub(super) fn inactive(text: &str) -> bool {
    text.bytes().any(|b| b == b'i' || b == b'I')
}

/// A rating with its games and K; none when unrated.
pub(super) fn listed(
    rating: Option<u16>,
    games: Option<u16>,
    k: Option<u8>,
) -> Option<ListedRating> {
    rating.map(|rating| ListedRating { rating, games, k })
}
