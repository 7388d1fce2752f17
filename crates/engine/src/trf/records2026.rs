//! The TRF-2026 records the reader checks or turns into the model: `162` point system, `202`
//! and `212` tie-break lists, `240` byes announced ahead, `250` acceleration, `260` prohibited
//! pairings. `142` and `152` are read in `read` (they replace JaVaFo's `XXR` and `XXC`); the
//! reader's record lines of `162`, `192`, `250`, `260` and the tie-break list become the event's
//! typed [`Rules`](crate::model::Rules) ([`Rules::lift`](crate::model::Rules::lift)); `172`,
//! `222`, `299`, `801`, `802` and every other record are kept verbatim.

use super::error::{ByeRecordProblem, TrfError, TrfErrorKind};
use super::layout::excerpt;
use crate::model::rules::{AccelerationRecord, PointSystem, Prohibited, TIEBREAK_RECORD};
use crate::model::tiebreak_list::Tiebreak;
use crate::model::{Bye, ByeKind, Round, StartNo, Tournament};

/// A `240` record: players with a bye known ahead of the round.
pub(super) struct ByeRecord {
    pub line: usize,
    pub round: u32,
    pub kind: ByeKind,
    pub players: Vec<StartNo>,
}

/// Checks a `162`, `250` or `260` record (kept verbatim in the model, read through
/// [`crate::rules2026`]); an unreadable one stops the import with the reason.
pub(super) fn check(no: usize, code: &str, line: &str) -> Result<(), TrfError> {
    let value = line.get(3..).unwrap_or("");
    let result = match code {
        "162" => PointSystem::parse(value).map(|_| ()),
        "250" => AccelerationRecord::parse(line).map(|_| ()),
        "260" => Prohibited::parse(value).map(|_| ()),
        _ => Ok(()),
    };
    result.map_err(|e| TrfError::line(no, TrfErrorKind::Record(e)))
}

/// A `202` (tie-breaks after points) or `212` (the whole standings order, points first)
/// record as the model's tie-break record; `None` when a code is not one we compute (the
/// record is then kept verbatim).
pub(super) fn tiebreak_record(code: &str, value: &str) -> Option<String> {
    let mut codes: Vec<String> = value
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| s.replace('/', "-"))
        .collect();
    if code == "212" {
        if codes.first().is_some_and(|c| c.eq_ignore_ascii_case("PTS")) {
            codes.remove(0);
        } else {
            return None;
        }
    }
    let list: Vec<Tiebreak> = codes
        .iter()
        .map(|c| c.parse::<Tiebreak>())
        .collect::<Result<_, _>>()
        .ok()?;
    let codes: Vec<String> = list.iter().map(|t| t.code()).collect();
    Some(
        format!("{TIEBREAK_RECORD} {}", codes.join(", "))
            .trim_end()
            .to_owned(),
    )
}

/// Reads a `240` record: `240 T RRR PPPP PPPP …` — the bye type in column 5 (`F` full point,
/// `H` half point, `Z` or blank zero point), the round in columns 7–9, then start numbers in
/// four columns, one blank apart.
pub(super) fn bye_record(no: usize, line: &str) -> Result<ByeRecord, TrfError> {
    let chars: Vec<char> = line.chars().collect();
    let bad = |problem: ByeRecordProblem| {
        TrfError::line(
            no,
            TrfErrorKind::BadByeRecord {
                problem,
                found: excerpt(line),
            },
        )
    };
    let kind = match chars.get(4).map(|c| c.to_ascii_uppercase()) {
        Some('F') => ByeKind::Full,
        Some('H') => ByeKind::Half,
        Some('Z') | Some(' ') | None => ByeKind::Zero,
        _ => return Err(bad(ByeRecordProblem::UnknownType)),
    };
    let field = |a: usize, b: usize| -> String {
        chars
            .get(a.min(chars.len())..b.min(chars.len()))
            .map(|c| c.iter().collect::<String>())
            .unwrap_or_default()
    };
    let round: u32 = field(6, 9)
        .trim()
        .parse()
        .ok()
        .filter(|&r| r > 0)
        .ok_or_else(|| bad(ByeRecordProblem::NoRound))?;
    let players: Result<Vec<StartNo>, _> = field(9, chars.len())
        .split_whitespace()
        .map(str::parse::<StartNo>)
        .collect();
    let players = players.map_err(|_| bad(ByeRecordProblem::NotWholeNumbers))?;
    if players.is_empty() || players.contains(&0) {
        return Err(bad(ByeRecordProblem::NoPlayers));
    }
    Ok(ByeRecord {
        line: no,
        round,
        kind,
        players,
    })
}

/// Puts the `240` byes into their rounds (adding empty rounds up to them). A bye for a player
/// whose round already holds something different is an error; the same entry twice is not.
pub(super) fn apply_byes(t: &mut Tournament, byes: &[ByeRecord]) -> Result<(), TrfError> {
    let n = t.players.len() as StartNo;
    for b in byes {
        for &p in &b.players {
            if p > n {
                return Err(TrfError::line(
                    b.line,
                    TrfErrorKind::NoSuchPlayer {
                        code: "240",
                        player: p,
                        players: n,
                    },
                ));
            }
            while t.rounds.len() < b.round as usize {
                t.rounds.push(Round::default());
            }
            let round = t
                .round_mut(b.round)
                .expect("the rounds were added up to it");
            match round.entry(p) {
                crate::model::Entry::None => round.byes.push(Bye {
                    player: p,
                    kind: b.kind,
                }),
                crate::model::Entry::Bye(k) if k == b.kind => {}
                _ => {
                    return Err(TrfError::line(
                        b.line,
                        TrfErrorKind::ByeConflict {
                            player: p,
                            round: b.round,
                        },
                    ))
                }
            }
        }
    }
    Ok(())
}

/// The `260` records must name players of the event.
pub(super) fn check_prohibited_players(
    t: &Tournament,
    lines: &[(usize, Prohibited)],
) -> Result<(), TrfError> {
    let n = t.players.len() as StartNo;
    for (line, p) in lines {
        if let Some(bad) = p.players.iter().find(|&&s| s > n) {
            return Err(TrfError::line(
                *line,
                TrfErrorKind::NoSuchPlayer {
                    code: "260",
                    player: *bad,
                    players: n,
                },
            ));
        }
    }
    Ok(())
}
