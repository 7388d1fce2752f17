//! A new event from the games of a PGN file.

use super::error::{NotRoundRobin, PgnError, PgnErrorKind};
use super::games::{self, name_key, Record};
use super::read::PgnGame;
use crate::model::{Bye, ByeKind, Format, Game, Player, Round, StartNo, Tournament};
use crate::tiebreak::Tiebreak;
use crate::trf::{TrfWarning, TrfWarningKind};
use std::collections::HashMap;

/// Which system the games were played in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FormatChoice {
    /// A round-robin when every pair of players met exactly once (or exactly twice: double),
    /// else a Swiss of as many rounds as the file has.
    #[default]
    Infer,
    /// A round-robin (single, or double when some pair met twice); games not in the file are
    /// not scheduled.
    RoundRobin,
    /// A Swiss of `rounds` rounds (at least the file's), or of the file's rounds.
    Swiss { rounds: Option<u32> },
}

/// The event the games of `text` make, with what the reader noticed on the way: players from
/// the names (start numbers by Elo, highest first, then name) with their first Elo, rounds
/// from the Round tags (boards from `3.2`), the event's name, place and dates from the Event,
/// Site and Date tags. All or nothing: the first problem is the error.
pub fn to_event(
    text: &str,
    choice: FormatChoice,
) -> Result<(Tournament, Vec<TrfWarning>), PgnError> {
    let games::Checked {
        games: parsed,
        records,
        mut warnings,
    } = games::read_checked(text)?;
    let last_round = records.iter().map(|r| r.round).max().unwrap_or(0);
    for round in 1..last_round {
        if !records.iter().any(|r| r.round == round) {
            let later = records
                .iter()
                .filter(|r| r.round > round)
                .map(|r| r.line)
                .min()
                .unwrap_or(1);
            return Err(PgnError::at(later, PgnErrorKind::EmptyRound(round)));
        }
    }
    let mut players = collect_players(&records, &mut warnings);
    players.sort_by(|a, b| {
        b.rating
            .cmp(&a.rating)
            .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
    });
    let format = decide_format(&records, players.len(), last_round, choice)?;
    let mut t = Tournament::new(event_name(&parsed), format, players);
    let number: HashMap<String, StartNo> = t
        .players
        .iter()
        .map(|p| (name_key(&p.name), p.start_no))
        .collect();
    for round in 1..=last_round {
        t.rounds
            .push(make_round(&games::round_records(&records, round), &number));
    }
    if format.is_round_robin() {
        add_free_rounds(&mut t);
    }
    describe(&mut t, &parsed, format);
    t.validate()
        .map_err(|e| PgnError::at(1, PgnErrorKind::Inconsistent(e)))?;
    Ok((t, warnings))
}

/// The players in order of first appearance, each with the Elo of their first game that has
/// one (a different Elo later is a warning).
fn collect_players(records: &[Record], warnings: &mut Vec<TrfWarning>) -> Vec<Player> {
    let mut players: Vec<Player> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut ordered: Vec<&Record> = records.iter().collect();
    ordered.sort_by_key(|r| r.round);
    for r in ordered {
        let sides = match r.bye() {
            Some((s, _)) => vec![s],
            None => vec![&r.white, &r.black],
        };
        for side in sides {
            let key = name_key(&side.name);
            let i = *index.entry(key).or_insert_with(|| {
                players.push(Player {
                    name: side.name.clone(),
                    ..Player::default()
                });
                players.len() - 1
            });
            match (players[i].rating, side.elo) {
                (None, Some(elo)) => players[i].rating = Some(elo),
                (Some(first), Some(elo)) if first != elo => warnings.push(TrfWarning {
                    line: r.line,
                    column: None,
                    kind: TrfWarningKind::EloDiffers {
                        name: side.name.clone(),
                        first,
                        other: elo,
                    },
                }),
                _ => {}
            }
        }
    }
    players
}

/// How many times each pair of players met (names by key, the smaller first).
fn meetings(records: &[Record]) -> HashMap<(String, String), u32> {
    let mut m = HashMap::new();
    for r in records.iter().filter(|r| r.bye().is_none()) {
        let (a, b) = (name_key(&r.white.name), name_key(&r.black.name));
        let pair = if a < b { (a, b) } else { (b, a) };
        *m.entry(pair).or_insert(0) += 1;
    }
    m
}

fn decide_format(
    records: &[Record],
    players: usize,
    last_round: u32,
    choice: FormatChoice,
) -> Result<Format, PgnError> {
    let m = meetings(records);
    let most = m.values().copied().max().unwrap_or(0);
    let pairs = players * players.saturating_sub(1) / 2;
    let rr_rounds = |cycles: u32| {
        let per_cycle = if players.is_multiple_of(2) {
            players - 1
        } else {
            players
        };
        per_cycle as u32 * cycles
    };
    let complete_rr = (1..=2).contains(&most)
        && m.len() == pairs
        && m.values().all(|&c| c == most)
        && last_round == rr_rounds(most);
    match choice {
        FormatChoice::Infer if complete_rr => Ok(Format::RoundRobin { cycles: most as u8 }),
        FormatChoice::Infer => Ok(Format::Swiss { rounds: last_round }),
        FormatChoice::RoundRobin => {
            let cycles = most.max(1);
            let why = if cycles > 2 {
                Some(NotRoundRobin::MeetTooOften { times: cycles })
            } else if players < 3 {
                Some(NotRoundRobin::TooFewPlayers)
            } else if last_round > rr_rounds(cycles) {
                Some(NotRoundRobin::TooManyRounds {
                    players,
                    rounds: rr_rounds(cycles),
                    found: last_round,
                })
            } else {
                None
            };
            match why {
                Some(why) => Err(PgnError::at(
                    records.first().map_or(1, |r| r.line),
                    PgnErrorKind::NotRoundRobin(why),
                )),
                None => Ok(Format::RoundRobin {
                    cycles: cycles as u8,
                }),
            }
        }
        FormatChoice::Swiss { rounds } => Ok(Format::Swiss {
            rounds: rounds.unwrap_or(last_round).max(last_round),
        }),
    }
}

/// One round of the event from the round's records (start numbers by name key).
pub(super) fn make_round(records: &[&Record], number: &HashMap<String, StartNo>) -> Round {
    let no = |name: &str| number.get(&name_key(name)).copied().unwrap_or(0);
    let mut round = Round::default();
    for r in records {
        match r.bye() {
            Some((side, kind)) => round.byes.push(Bye {
                player: no(&side.name),
                kind,
            }),
            None => round.games.push(Game {
                white: no(&r.white.name),
                black: no(&r.black.name),
                result: r.result,
            }),
        }
    }
    round
}

/// A round-robin's free round (odd number of players): the player without a game gets the
/// zero-point bye the Berger tables give.
fn add_free_rounds(t: &mut Tournament) {
    let n = t.players.len() as StartNo;
    for round in &mut t.rounds {
        for p in 1..=n {
            if round.entry(p) == crate::model::Entry::None {
                round.byes.push(Bye {
                    player: p,
                    kind: ByeKind::Zero,
                });
            }
        }
    }
}

/// The first value of a tag among the games that is not a placeholder (`?`, `-`).
fn first_value<'a>(games: &'a [PgnGame], tag: &str) -> Option<&'a str> {
    games
        .iter()
        .filter_map(|g| g.value(tag))
        .find(|v| !v.chars().all(|c| matches!(c, '?' | '-' | '.')))
}

fn event_name(games: &[PgnGame]) -> String {
    games
        .iter()
        .find_map(games::event_of)
        .unwrap_or("Imported games")
        .to_owned()
}

/// Place, dates and kind of the event; the preset tie-breaks of its system.
fn describe(t: &mut Tournament, games: &[PgnGame], format: Format) {
    t.info.city = first_value(games, "Site").unwrap_or_default().to_owned();
    // PGN dates are `YYYY.MM.DD` and sort as text; unknown parts (`??`) are skipped.
    let mut dates: Vec<&str> = games
        .iter()
        .filter_map(|g| g.value("Date"))
        .filter(|d| !d.contains('?'))
        .collect();
    dates.sort_unstable();
    if let (Some(first), Some(last)) = (dates.first(), dates.last()) {
        t.info.start_date = first.replace('.', "/");
        t.info.end_date = last.replace('.', "/");
    }
    t.info.kind = format.trf_kind().into();
    t.set_tiebreaks(&Tiebreak::preset(format.system()));
}
