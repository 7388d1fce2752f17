//! Is an event ready to be sent for rating? What a TRF-2026 export for FIDE rating would lack,
//! or carry that a rating officer would question (issue 27 item 5): each finding names what,
//! whom, and which screen fixes it, so that the app can link to it.
//!
//! The list follows what FIDE's rating regulations (B.02) and the TRF-2026 header ask of a
//! rated event: the event's dates, place, federation and chief arbiter; every player's FIDE ID
//! (a player new to the list is registered by the federation before rating, with federation,
//! sex and birth year); ratings inside the list's range; every game with a result.

use crate::model::{GameResult, StartNo, Tournament, RATINGS};
use std::fmt;

/// How much a finding matters to a rating officer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The export lacks something the rating report needs.
    Missing,
    /// Present, but likely wrong: check it.
    Suspicious,
}

/// An event record a rated event's TRF should carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum EventField {
    /// TRF 022.
    City,
    /// TRF 032.
    Federation,
    /// TRF 042.
    StartDate,
    /// TRF 052.
    EndDate,
    /// TRF 102.
    ChiefArbiter,
    /// TRF 122.
    TimeControl,
    /// TRF 132.
    RoundDates,
}

/// A player field a new player's registration needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum PlayerField {
    Federation,
    Sex,
    Birth,
}

/// One thing to fix or check before the event is sent for rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// The event has no value for `field`.
    EventField(EventField),
    /// A player without a FIDE ID.
    NoFideId { player: StartNo },
    /// A player without a FIDE ID lacks what registering them needs.
    PlayerField { player: StartNo, field: PlayerField },
    /// An unrated player (allowed: rated through the event; listed so that it is not a typo).
    Unrated { player: StartNo },
    /// A rating outside [`RATINGS`] (9999 and the like are placeholders).
    RatingOutOfRange { player: StartNo, rating: u16 },
    /// Two players with one FIDE ID.
    SameFideId {
        first: StartNo,
        second: StartNo,
        id: u64,
    },
    /// A game of a paired round without a result.
    NoResult {
        round: u32,
        white: StartNo,
        black: StartNo,
    },
}

impl Finding {
    pub fn severity(&self) -> Severity {
        match self {
            Finding::Unrated { .. } | Finding::RatingOutOfRange { .. } => Severity::Suspicious,
            Finding::SameFideId { .. } => Severity::Suspicious,
            _ => Severity::Missing,
        }
    }

    /// The player the finding is about, if it is about one (the app links to that player).
    pub fn player(&self) -> Option<StartNo> {
        match *self {
            Finding::NoFideId { player }
            | Finding::PlayerField { player, .. }
            | Finding::Unrated { player }
            | Finding::RatingOutOfRange { player, .. } => Some(player),
            Finding::SameFideId { second, .. } => Some(second),
            Finding::EventField(_) | Finding::NoResult { .. } => None,
        }
    }
}

impl fmt::Display for EventField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EventField::City => "city (022)",
            EventField::Federation => "federation (032)",
            EventField::StartDate => "start date (042)",
            EventField::EndDate => "end date (052)",
            EventField::ChiefArbiter => "chief arbiter (102)",
            EventField::TimeControl => "time control (122)",
            EventField::RoundDates => "round dates (132)",
        })
    }
}

impl fmt::Display for Finding {
    /// English, for the CLI.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::EventField(field) => write!(f, "the event has no {field}"),
            Finding::NoFideId { player } => write!(f, "player {player} has no FIDE ID"),
            Finding::PlayerField { player, field } => {
                let what = match field {
                    PlayerField::Federation => "federation",
                    PlayerField::Sex => "sex",
                    PlayerField::Birth => "birth year",
                };
                write!(
                    f,
                    "player {player} has no FIDE ID and no {what}, which registering them needs"
                )
            }
            Finding::Unrated { player } => write!(f, "player {player} is unrated"),
            Finding::RatingOutOfRange { player, rating } => write!(
                f,
                "player {player}'s rating {rating} is outside {}–{}",
                RATINGS.start(),
                RATINGS.end()
            ),
            Finding::SameFideId { first, second, id } => {
                write!(f, "players {first} and {second} share the FIDE ID {id}")
            }
            Finding::NoResult {
                round,
                white,
                black,
            } => write!(f, "round {round}: {white}–{black} has no result"),
        }
    }
}

/// Everything to fix or check before `t` is exported for rating: the event's fields first,
/// then players by start number, then games by round.
pub fn check(t: &Tournament) -> Vec<Finding> {
    let mut out = Vec::new();
    let i = &t.info;
    for (value, field) in [
        (&i.city, EventField::City),
        (&i.federation, EventField::Federation),
        (&i.start_date, EventField::StartDate),
        (&i.end_date, EventField::EndDate),
        (&i.chief_arbiter, EventField::ChiefArbiter),
        (&i.time_control, EventField::TimeControl),
        (&i.round_dates, EventField::RoundDates),
    ] {
        if value.trim().is_empty() {
            out.push(Finding::EventField(field));
        }
    }
    let mut ids: std::collections::BTreeMap<u64, StartNo> = Default::default();
    let mut players: Vec<_> = t.players.iter().collect();
    players.sort_by_key(|p| p.start_no);
    for p in players {
        let player = p.start_no;
        match p.fide_id {
            Some(id) => {
                if let Some(&first) = ids.get(&id) {
                    out.push(Finding::SameFideId {
                        first,
                        second: player,
                        id,
                    });
                } else {
                    ids.insert(id, player);
                }
            }
            None => {
                out.push(Finding::NoFideId { player });
                for (value, field) in [
                    (&p.federation, PlayerField::Federation),
                    (&p.sex, PlayerField::Sex),
                    (&p.birth, PlayerField::Birth),
                ] {
                    if value.trim().is_empty() {
                        out.push(Finding::PlayerField { player, field });
                    }
                }
            }
        }
        match p.rating {
            None => out.push(Finding::Unrated { player }),
            Some(rating) if !RATINGS.contains(&rating) => {
                out.push(Finding::RatingOutOfRange { player, rating })
            }
            Some(_) => {}
        }
    }
    for (r, round) in t.rounds.iter().enumerate() {
        for g in &round.games {
            if g.result == GameResult::Pending {
                out.push(Finding::NoResult {
                    round: r as u32 + 1,
                    white: g.white,
                    black: g.black,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Format, Game, Info, Player, Round};

    fn ready() -> Tournament {
        let players = (1..=4u16)
            .map(|i| Player {
                name: format!("P{i}"),
                rating: Some(2000 + i),
                fide_id: Some(1000 + u64::from(i)),
                ..Player::default()
            })
            .collect();
        let mut t = Tournament::new("Open", Format::Swiss { rounds: 3 }, players);
        t.info = Info {
            city: "Lyon".into(),
            federation: "FRA".into(),
            start_date: "2026/12/01".into(),
            end_date: "2026/12/03".into(),
            chief_arbiter: "A. Arbiter".into(),
            time_control: "90'+30\"".into(),
            round_dates: "26/12/01 26/12/02 26/12/03".into(),
            ..Info::default()
        };
        t
    }

    #[test]
    fn a_complete_event_has_nothing_to_report() {
        assert_eq!(check(&ready()), vec![]);
    }

    #[test]
    fn each_gap_is_found_once_in_order() {
        let mut t = ready();
        t.info.city.clear();
        t.info.chief_arbiter = "  ".into();
        t.players[1].fide_id = None;
        t.players[1].federation = "GER".into();
        t.players[2].rating = Some(9999);
        t.players[3].rating = None;
        t.players[3].fide_id = Some(1001);
        t.rounds.push(Round {
            games: vec![Game {
                white: 1,
                black: 2,
                result: GameResult::Pending,
            }],
            byes: vec![],
        });
        assert_eq!(
            check(&t),
            vec![
                Finding::EventField(EventField::City),
                Finding::EventField(EventField::ChiefArbiter),
                Finding::NoFideId { player: 2 },
                Finding::PlayerField {
                    player: 2,
                    field: PlayerField::Sex
                },
                Finding::PlayerField {
                    player: 2,
                    field: PlayerField::Birth
                },
                Finding::RatingOutOfRange {
                    player: 3,
                    rating: 9999
                },
                Finding::SameFideId {
                    first: 1,
                    second: 4,
                    id: 1001
                },
                Finding::Unrated { player: 4 },
                Finding::NoResult {
                    round: 1,
                    white: 1,
                    black: 2
                },
            ]
        );
    }

    #[test]
    fn severities_and_players() {
        assert_eq!(
            Finding::Unrated { player: 3 }.severity(),
            Severity::Suspicious
        );
        assert_eq!(
            Finding::NoFideId { player: 3 }.severity(),
            Severity::Missing
        );
        assert_eq!(Finding::NoFideId { player: 3 }.player(), Some(3));
        assert_eq!(Finding::EventField(EventField::City).player(), None);
        assert!(Finding::RatingOutOfRange {
            player: 3,
            rating: 9999
        }
        .to_string()
        .contains("9999"));
    }
}
