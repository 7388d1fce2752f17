//! What a file states beside its results: each player's points (columns 81–84) and rank
//! (86–89). The reader takes both as informational and the model does not keep them (they are
//! recomputed on writing); the pairings checker ([`crate::check`]) compares them with what the
//! results give, so it reads them here, from the text.

use super::layout::{all_digits, field, record_code, COL_POINTS, COL_START_NO};
use super::read::lines;
use crate::model::StartNo;

/// The rank column of a `001` record.
const COL_RANK: (usize, usize) = (86, 89);

/// One `001` record's points and rank, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Declared {
    pub start_no: StartNo,
    /// The points column in tenths (`3.5` → 35, the unit of the event's point system); `None`
    /// when blank or not a number with at most one decimal.
    pub points: Option<u32>,
    /// The rank column; `None` when blank, zero or not a number.
    pub rank: Option<u32>,
}

/// Every `001` record's points and rank, in the file's order; records without a readable start
/// number are skipped (the reader refuses such a file anyway).
pub fn declared(text: &str) -> Vec<Declared> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    lines(text)
        .filter_map(|line| {
            let chars: Vec<char> = line.chars().collect();
            if record_code(&chars).as_deref() != Some("001") {
                return None;
            }
            let start_no = field(&chars, COL_START_NO.0, COL_START_NO.1)
                .trim()
                .parse::<StartNo>()
                .ok()
                .filter(|&s| s > 0)?;
            let rank = field(&chars, COL_RANK.0, COL_RANK.1);
            let rank = rank.trim();
            Some(Declared {
                start_no,
                points: tenths(field(&chars, COL_POINTS.0, COL_POINTS.1).trim()),
                rank: all_digits(rank)
                    .then(|| rank.parse::<u32>().ok())
                    .flatten()
                    .filter(|&r| r > 0),
            })
        })
        .collect()
}

/// `"4"`, `"3.5"`, `"12,0"`, `"0.50"` → tenths; anything else → `None`.
fn tenths(s: &str) -> Option<u32> {
    let (whole, frac) = s.split_once(['.', ',']).unwrap_or((s, ""));
    if !all_digits(whole) || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let tenth = match frac.trim_end_matches('0').as_bytes() {
        [] => 0,
        [d] => u32::from(d - b'0'),
        _ => return None,
    };
    whole
        .parse::<u32>()
        .ok()?
        .checked_mul(10)?
        .checked_add(tenth)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_and_rank_are_read_from_their_columns() {
        let text = "012 x\n\
001    1      Alpha                             2400                             3.5    2     2 w 1\n\
001    2      Beta                              2300                            12,0   10     1 b 0\n\
001    3      Gamma                             2200                                        \n\
001    4      Delta                             2100                             abc    x\n";
        let d = declared(text);
        assert_eq!(d.len(), 4);
        assert_eq!(
            (d[0].start_no, d[0].points, d[0].rank),
            (1, Some(35), Some(2))
        );
        assert_eq!((d[1].points, d[1].rank), (Some(120), Some(10)));
        assert_eq!((d[2].points, d[2].rank), (None, None));
        assert_eq!((d[3].points, d[3].rank), (None, None));
    }

    #[test]
    fn tenths_take_at_most_one_decimal() {
        assert_eq!(tenths("0.50"), Some(5));
        assert_eq!(tenths("7"), Some(70));
        assert_eq!(tenths("2.25"), None);
        assert_eq!(tenths(""), None);
        assert_eq!(tenths("-1"), None);
    }
}
