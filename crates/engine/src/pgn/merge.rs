//! The results of a PGN file merged into an existing event: players matched by name, each game
//! checked against the event's pairing of its round, rounds the event has not paired yet added
//! in order. Computed on a copy and returned with the list of changes, for a preview; nothing
//! changes until the caller keeps the new event.

use super::build::make_round;
use super::error::{PairingDiff, PgnError, PgnErrorKind};
use super::games::{self, name_key, result_text, Record};
use crate::model::{Entry, GameResult, PerPlayer, StartNo, Tournament};
use crate::trf::TrfWarning;
use std::collections::{BTreeSet, HashMap};

/// What a game of the file does to the event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeKind {
    /// A result where the event had none.
    New,
    /// The event already has this result.
    Same,
    /// A different result replaces the event's.
    Corrected,
    /// The game's round was not paired: the game is added with its result.
    Paired,
}

/// One game of the file and what it changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// Line of the game in the file.
    pub line: usize,
    pub round: u32,
    /// White (or the player with the bye).
    pub white: StartNo,
    /// Black; `None` for a bye.
    pub black: Option<StartNo>,
    /// The event's result before (PGN notation, `bye` for a bye), `None` when not paired.
    pub before: Option<String>,
    /// The result after.
    pub after: String,
    pub kind: ChangeKind,
}

/// The event with the file's results, and what changed.
#[derive(Clone, Debug, PartialEq)]
pub struct Merge {
    pub tournament: Tournament,
    /// One per game of the file, in round and board order.
    pub changes: Vec<Change>,
    pub warnings: Vec<TrfWarning>,
}

impl Merge {
    /// Games whose result the merge sets or changes (not [`ChangeKind::Same`]).
    pub fn changed(&self) -> usize {
        self.changes
            .iter()
            .filter(|c| c.kind != ChangeKind::Same)
            .count()
    }
}

/// The results of the games in `text` merged into a copy of `t`. Every unknown name is listed
/// in one error; the first game that contradicts the event's pairing is the error otherwise.
pub fn merge(t: &Tournament, text: &str) -> Result<Merge, PgnError> {
    let games::Checked {
        records, warnings, ..
    } = games::read_checked(text)?;
    let number: HashMap<String, StartNo> = t
        .players
        .iter()
        .map(|p| (name_key(&p.name), p.start_no))
        .collect();
    check_names(&records, &number)?;
    let scheduled = t.scheduled_rounds();
    let mut out = t.clone();
    let mut changes = Vec::new();
    let rounds: BTreeSet<u32> = records.iter().map(|r| r.round).collect();
    for round in rounds {
        let these = games::round_records(&records, round);
        let line = these[0].line;
        if round > scheduled {
            return Err(PgnError::at(
                line,
                PgnErrorKind::RoundBeyondSchedule { round, scheduled },
            ));
        }
        let paired = out.rounds.len() as u32;
        if round > paired + 1 {
            return Err(PgnError::at(
                line,
                PgnErrorKind::RoundOutOfOrder {
                    round,
                    next: paired + 1,
                },
            ));
        }
        if round == paired + 1 {
            out.rounds.push(make_round(&these, &number));
            for r in &these {
                changes.push(new_pairing(r, &number));
            }
            continue;
        }
        for r in these {
            changes.push(merge_one(&mut out, r, &number)?);
        }
    }
    out.validate()
        .map_err(|e| PgnError::at(1, PgnErrorKind::Inconsistent(e)))?;
    Ok(Merge {
        tournament: out,
        changes,
        warnings,
    })
}

/// Every name of the file that is not a player of the event, in one error at the first.
fn check_names(records: &[Record], number: &HashMap<String, StartNo>) -> Result<(), PgnError> {
    let mut unknown: Vec<(String, usize)> = Vec::new();
    for r in records {
        let sides = match r.bye() {
            Some((s, _)) => vec![s],
            None => vec![&r.white, &r.black],
        };
        for s in sides {
            let key = name_key(&s.name);
            if !number.contains_key(&key) && !unknown.iter().any(|(n, _)| name_key(n) == key) {
                unknown.push((s.name.clone(), s.line));
            }
        }
    }
    match unknown.first() {
        None => Ok(()),
        Some(&(_, line)) => Err(PgnError::at(line, PgnErrorKind::UnknownPlayer(unknown))),
    }
}

fn new_pairing(r: &Record, number: &HashMap<String, StartNo>) -> Change {
    let no = |name: &str| number[&name_key(name)];
    match r.bye() {
        Some((side, _)) => Change {
            line: r.line,
            round: r.round,
            white: no(&side.name),
            black: None,
            before: None,
            after: "bye".into(),
            kind: ChangeKind::Paired,
        },
        None => Change {
            line: r.line,
            round: r.round,
            white: no(&r.white.name),
            black: Some(no(&r.black.name)),
            before: None,
            after: result_text(r.result).into(),
            kind: ChangeKind::Paired,
        },
    }
}

/// One game of a round the event has paired: the same pairing and colours, its result set.
fn merge_one(
    t: &mut Tournament,
    r: &Record,
    number: &HashMap<String, StartNo>,
) -> Result<Change, PgnError> {
    let no = |name: &str| number[&name_key(name)];
    let names: PerPlayer<String> = t.players.iter().map(|p| p.name.clone()).collect();
    let name = |p: StartNo| names.get(p).cloned().unwrap_or_default();
    let differs = |what: PairingDiff| {
        PgnError::at(
            r.line,
            PgnErrorKind::PairingDiffers {
                round: r.round,
                what,
            },
        )
    };
    let round = t
        .round_mut(r.round)
        .expect("a merged record's round is one the event has paired");
    if let Some((side, kind)) = r.bye() {
        let p = no(&side.name);
        return match round.entry(p) {
            Entry::Bye(k) if k == kind => Ok(Change {
                line: r.line,
                round: r.round,
                white: p,
                black: None,
                before: Some("bye".into()),
                after: "bye".into(),
                kind: ChangeKind::Same,
            }),
            _ => Err(differs(PairingDiff::NoSuchBye {
                name: side.name.clone(),
            })),
        };
    }
    let (w, b) = (no(&r.white.name), no(&r.black.name));
    let Some(game) = round
        .games
        .iter_mut()
        .find(|g| (g.white == w && g.black == b) || (g.white == b && g.black == w))
    else {
        let opponent = match round.entry(w) {
            Entry::Game { opponent, .. } => Some(name(opponent)),
            _ => None,
        };
        return Err(differs(PairingDiff::NotPaired {
            white: r.white.name.clone(),
            black: r.black.name.clone(),
            opponent,
        }));
    };
    if game.white != w {
        return Err(differs(PairingDiff::Colours {
            white: r.white.name.clone(),
            black: r.black.name.clone(),
        }));
    }
    let before = game.result;
    let (after, kind) = match r.result {
        // `*` says nothing: the event's result stays.
        GameResult::Pending => (before, ChangeKind::Same),
        new if new == before => (new, ChangeKind::Same),
        new if before == GameResult::Pending => (new, ChangeKind::New),
        new => (new, ChangeKind::Corrected),
    };
    game.result = after;
    Ok(Change {
        line: r.line,
        round: r.round,
        white: w,
        black: Some(b),
        before: Some(result_text(before).into()),
        after: result_text(after).into(),
        kind,
    })
}
