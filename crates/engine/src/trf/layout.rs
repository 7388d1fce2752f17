//! The fixed layout of TRF16 records: the columns of a `001` record, the shape of a record
//! code, and the helpers that cut fields out of a line or write free text into one.

use crate::model::ByeKind;

/// Columns of a `001` record (1-based, inclusive), TRF16.
pub(crate) const COL_START_NO: (usize, usize) = (5, 8);
pub(super) const COL_SEX: usize = 10;
pub(super) const COL_TITLE: (usize, usize) = (11, 13);
pub(super) const COL_NAME: (usize, usize) = (15, 47);
pub(super) const COL_RATING: (usize, usize) = (49, 52);
pub(super) const COL_FEDERATION: (usize, usize) = (54, 56);
pub(super) const COL_FIDE_ID: (usize, usize) = (58, 68);
pub(super) const COL_BIRTH: (usize, usize) = (70, 79);
pub(super) const COL_POINTS: (usize, usize) = (81, 84);
/// Round 1's block starts here; round k's at `COL_FIRST_ROUND + ROUND_WIDTH * (k - 1)`.
pub(crate) const COL_FIRST_ROUND: usize = 92;
pub(crate) const ROUND_WIDTH: usize = 10;

/// Guards against absurd files allocating without bound; far above any real event.
pub(super) const MAX_ROUNDS: u32 = 999;

/// Characters `from..=to` (1-based) of a line, clipped to its length.
pub(super) fn field(chars: &[char], from: usize, to: usize) -> String {
    let start = from.saturating_sub(1).min(chars.len());
    let end = to.min(chars.len());
    chars
        .get(start..end)
        .map_or_else(String::new, |s| s.iter().collect())
}

/// Character at 1-based `col`, or a blank beyond the end (short lines are padded with blanks).
pub(super) fn char_at(chars: &[char], col: usize) -> char {
    col.checked_sub(1)
        .and_then(|i| chars.get(i))
        .copied()
        .unwrap_or(' ')
}

/// Everything after the record code and its space (column 5 on).
pub(super) fn rest(chars: &[char]) -> String {
    chars
        .get(4..)
        .map_or_else(String::new, |s| s.iter().collect())
}

/// A short, printable excerpt of a line for error messages.
pub(super) fn excerpt(line: &str) -> String {
    let mut s: String = line.chars().take(24).collect();
    if line.chars().count() > 24 {
        s.push('…');
    }
    s
}

pub(super) fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Record code of a line if it has the shape of a TRF record: three digits or capital letters
/// (`001`, `XXR`, a federation code of TRF-2026 national-rating lines, …) followed by a space or
/// the end of the line, or a `###` comment.
pub(crate) fn record_code(chars: &[char]) -> Option<String> {
    let code: String = chars.iter().take(3).collect();
    if code == "###" {
        return Some(code);
    }
    let shaped = chars.len() >= 3
        && chars[..3]
            .iter()
            .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
        && chars.get(3).is_none_or(|&c| c == ' ');
    shaped.then_some(code)
}

/// Free text on one line: TRF records end at the line break.
pub(super) fn clean(s: &str) -> String {
    s.replace(['\r', '\n'], " ")
}

/// The TRF result code of a bye (`U`, `F`, `H`, `Z`).
pub fn bye_code(kind: ByeKind) -> char {
    match kind {
        ByeKind::PairingAllocated => 'U',
        ByeKind::Full => 'F',
        ByeKind::Half => 'H',
        ByeKind::Zero => 'Z',
    }
}
