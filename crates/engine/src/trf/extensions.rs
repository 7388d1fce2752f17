//! The extension records of the pairing programs, read into the event's typed rules and written
//! back in their TRF-2026 forms (issue 29):
//!
//! * JaVaFo's `XXA NNNN pp.p pp.p …` (its advanced user manual, "Accelerated rounds"): player
//!   NNNN (columns 5–8) gets the virtual points of round k in the 4 columns starting at column
//!   10 + 5·(k − 1); a blank field is 0. Each run of rounds with the same non-zero points
//!   becomes one `250` record for that player.
//! * JaVaFo's `XXP a b …` ("Forbidden pairs"): start numbers, any spacing, that must never be
//!   paired together: a `260` group for every round of the event.
//! * bbpPairings' `BBW`, `BBD`, `BBL`, `BBZ`, `BBF`, `BBU` (its README, TRF(bx)): the points of a
//!   win, draw, played loss, zero-point bye, forfeit loss and pairing-allocated bye, in columns
//!   5–8 (`BBW  3.0`); not given, a value keeps the standard one (`BBU` follows `BBW`). They
//!   become the `162` point system unless the file has a `162`, which then wins (the `BB`
//!   lines are reported as not used). The model has one value for a zero-point bye and a
//!   forfeit loss (TRF-2026's `Z`), so `BBF` and `BBZ` that differ are refused.
//!
//! `XXR` and `XXC` are read in `read` (they share the model with `142` and `152`). JaVaFo's
//! `XXC rank` and any other record not listed here are kept verbatim with a warning.

use super::error::{Extension, TrfError, TrfErrorKind, TrfWarning, TrfWarningKind};
use super::layout::{excerpt, field, rest};
use crate::model::rules::{parse_points, AccelerationRecord, PointSystem, Prohibited, Tenths};
use crate::model::StartNo;

/// A prohibited group with the line it was read from.
pub(super) type LinedGroup = (usize, Prohibited);

/// What the extension records of one file said, with their lines.
#[derive(Default)]
pub(super) struct Extensions {
    /// `XXA`: (line, player, virtual points of rounds 1, 2, …).
    accelerations: Vec<(usize, StartNo, Vec<Tenths>)>,
    /// `XXP`: (line, players).
    forbidden: Vec<(usize, Vec<StartNo>)>,
    /// `BBx`: (line, letter after `BB`, points).
    points: Vec<(usize, char, Tenths)>,
}

/// Whether `code` is one of the records this module reads.
pub(super) fn is_extension(code: &str) -> bool {
    matches!(
        code,
        "XXA" | "XXP" | "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU"
    )
}

impl Extensions {
    /// Reads one extension record (`code` is one [`is_extension`] accepts).
    pub(super) fn record(&mut self, no: usize, code: &str, chars: &[char]) -> Result<(), TrfError> {
        let line: String = chars.iter().collect();
        let bad = |record: Extension| {
            TrfError::line(
                no,
                TrfErrorKind::BadExtension {
                    record,
                    found: excerpt(&line),
                },
            )
        };
        match code {
            "XXA" => {
                let player = field(chars, 5, 8).trim().parse::<StartNo>().ok();
                let player = player
                    .filter(|&p| p > 0)
                    .ok_or_else(|| bad(Extension::Acceleration))?;
                let mut points = Vec::new();
                let mut col = 10;
                while col <= chars.len() {
                    let f = field(chars, col, col + 3);
                    let f = f.trim();
                    points.push(if f.is_empty() {
                        0
                    } else {
                        parse_points(f).ok_or_else(|| bad(Extension::Acceleration))?
                    });
                    // What lies between two fields must be blank.
                    if !field(chars, col + 4, col + 4).trim().is_empty() {
                        return Err(bad(Extension::Acceleration));
                    }
                    col += 5;
                }
                if !field(chars, 9, 9).trim().is_empty() {
                    return Err(bad(Extension::Acceleration));
                }
                self.accelerations.push((no, player, points));
            }
            "XXP" => {
                let players: Result<Vec<StartNo>, _> =
                    rest(chars).split_whitespace().map(str::parse).collect();
                match players {
                    Ok(p) if p.len() >= 2 && !p.contains(&0) => self.forbidden.push((no, p)),
                    _ => return Err(bad(Extension::ForbiddenPairs)),
                }
            }
            _ => {
                let letter = code.chars().nth(2).unwrap_or('W');
                let value = rest(chars);
                let points =
                    parse_points(value.trim()).ok_or_else(|| bad(Extension::Points { letter }))?;
                self.points.push((no, letter, points));
            }
        }
        Ok(())
    }

    /// Checks the records against the event's `players` and `rounds` and returns the `250`
    /// accelerations and `260` groups (with their lines) they stand for.
    pub(super) fn rules(
        &self,
        players: StartNo,
        rounds: u32,
    ) -> Result<(Vec<AccelerationRecord>, Vec<LinedGroup>), TrfError> {
        let no_such = |line: usize, code: &'static str, player: StartNo| {
            TrfError::line(
                line,
                TrfErrorKind::NoSuchPlayer {
                    code,
                    player,
                    players,
                },
            )
        };
        let mut accelerations = Vec::new();
        for (line, player, points) in &self.accelerations {
            if *player > players {
                return Err(no_such(*line, "XXA", *player));
            }
            let mut round = 0;
            while round < points.len() {
                let p = points[round];
                let mut last = round;
                while last + 1 < points.len() && points[last + 1] == p {
                    last += 1;
                }
                if p > 0 {
                    accelerations.push(AccelerationRecord {
                        points: p,
                        first_round: round as u32 + 1,
                        last_round: last as u32 + 1,
                        first_player: *player,
                        last_player: *player,
                    });
                }
                round = last + 1;
            }
        }
        let mut prohibited = Vec::new();
        for (line, group) in &self.forbidden {
            if let Some(&p) = group.iter().find(|&&p| p > players) {
                return Err(no_such(*line, "XXP", p));
            }
            prohibited.push((
                *line,
                Prohibited {
                    first_round: 1,
                    last_round: rounds.max(1),
                    players: group.clone(),
                },
            ));
        }
        Ok((accelerations, prohibited))
    }

    /// The point system of the `BB` records, unless the file has a `162` (`has_162`), in which
    /// case each `BB` line gets a warning and `None` is returned.
    pub(super) fn point_system(
        &self,
        has_162: bool,
        warnings: &mut Vec<TrfWarning>,
    ) -> Result<Option<PointSystem>, TrfError> {
        if self.points.is_empty() {
            return Ok(None);
        }
        if has_162 {
            for (line, letter, _) in &self.points {
                warnings.push(TrfWarning {
                    line: *line,
                    column: None,
                    kind: TrfWarningKind::RecordNotUsed {
                        code: format!("BB{letter}"),
                    },
                });
            }
            return Ok(None);
        }
        let mut ps = PointSystem::STANDARD;
        let (mut pab, mut forfeit) = (None, None);
        for &(_, letter, points) in &self.points {
            match letter {
                'W' => ps.win = points,
                'D' => ps.draw = points,
                'L' => ps.loss = points,
                'Z' => ps.zero = points,
                'F' => forfeit = Some(points),
                _ => pab = Some(points),
            }
        }
        ps.pab = pab.unwrap_or(ps.win);
        if let Some(f) = forfeit.filter(|&f| f != ps.zero) {
            let line = self
                .points
                .iter()
                .find(|(_, l, _)| *l == 'F')
                .map_or(1, |(l, _, _)| *l);
            return Err(TrfError::line(
                line,
                TrfErrorKind::ForfeitLossPoints {
                    forfeit: f,
                    zero: ps.zero,
                },
            ));
        }
        // The same check as a `162` record's.
        let value = ps.record();
        PointSystem::parse(value.get(3..).unwrap_or(""))
            .map(Some)
            .map_err(|e| TrfError::line(self.points[0].0, TrfErrorKind::Record(e)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(lines: &[&str]) -> Result<Extensions, TrfError> {
        let mut x = Extensions::default();
        for (i, l) in lines.iter().enumerate() {
            let chars: Vec<char> = l.chars().collect();
            x.record(i + 1, &l[..3], &chars)?;
        }
        Ok(x)
    }

    #[test]
    fn xxa_runs_become_one_250_record_each() {
        let x = read(&["XXA    3  1.0  1.0  0.5       1.0"]).unwrap();
        let (acc, _) = x.rules(5, 7).unwrap();
        let runs: Vec<(Tenths, u32, u32)> = acc
            .iter()
            .map(|a| (a.points, a.first_round, a.last_round))
            .collect();
        assert_eq!(runs, vec![(10, 1, 2), (5, 3, 3), (10, 5, 5)]);
        assert!(acc
            .iter()
            .all(|a| a.first_player == 3 && a.last_player == 3));
    }

    #[test]
    fn xxp_is_a_group_for_every_round() {
        let x = read(&["XXP 4 9  12"]).unwrap();
        let (_, groups) = x.rules(12, 9).unwrap();
        assert_eq!(groups[0].1.players, vec![4, 9, 12]);
        assert_eq!((groups[0].1.first_round, groups[0].1.last_round), (1, 9));
        let err = x.rules(11, 9).map(|_| ()).unwrap_err();
        assert_eq!(err.line, 1);
    }

    #[test]
    fn bad_extension_lines_are_refused_with_their_line() {
        for bad in ["XXA   x  1.0", "XXP 3", "XXP 3 a", "BBW  three"] {
            let e = read(&["XXR 5", bad]).map(|_| ()).unwrap_err();
            assert_eq!(e.line, 2, "{bad}");
        }
    }

    #[test]
    fn bb_points_make_the_point_system() {
        let x = read(&["BBW  3.0", "BBD  1.0"]).unwrap();
        let mut w = Vec::new();
        let ps = x.point_system(false, &mut w).unwrap().unwrap();
        assert_eq!((ps.win, ps.draw, ps.loss, ps.pab), (30, 10, 0, 30));
        assert!(w.is_empty());
        // A 162 wins, and each BB line is reported.
        assert_eq!(x.point_system(true, &mut w).unwrap(), None);
        assert_eq!(w.len(), 2);
        // A forfeit loss worth something other than a zero-point bye cannot be held.
        let x = read(&["BBW  3.0", "BBF  1.0"]).unwrap();
        let e = x.point_system(false, &mut w).unwrap_err();
        assert_eq!(e.line, 2);
    }
}
