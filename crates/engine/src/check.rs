//! The free pairings checker that FIDE's approval procedure asks of a pairing program (Handbook
//! C.02, the checklist for endorsed programs): given a finished (or ongoing) Swiss, does every
//! round's pairing follow from the rounds before it, and do the standings the file declares
//! follow from its results?
//!
//! # Pairings
//! For every paired round r, the event is rebuilt as it stood before r ([`before_round`]):
//! rounds 1 … r−1 with their results, and the players who were not in round r's pairing left
//! out of it as they were then — a half-point, zero-point or full-point bye, an absence, a
//! withdrawal, or no entry at all, exactly how `fixtures/dutch/tNNN/rRR.trf` are made from
//! `full.trf`. That event is paired by the Dutch engine ([`crate::dutch::pair`] with the round
//! stated) and compared with the file's round r as a set of boards: each game with its colours
//! (a forfeited game was paired, so it counts), and the pairing-allocated bye. The next round
//! is rebuilt from the file's round r, not ours, so one difference does not cascade.
//!
//! # Standings
//! The points column of every `001` record (columns 81–84) against the points its results
//! give with the event's point system; and, when the file names its tie-breaks (TRF-2026
//! `202`/`212`, our `XXT`) and writes ranks (columns 86–89), each rank against the standings
//! recomputed with that list ([`crate::standings::compute`] on the recorded results). Players
//! equal on points and every tie-break share a place; any rank inside their shared places
//! (a tie settled by lot or start number) agrees.

use crate::dutch::{pair, DutchRules, PairingError, RoundToPair};
use crate::impute::Params;
use crate::model::{ByeKind, ByeRequest, Entry, ModelError, Round, StartNo, Tournament};
use crate::rules2026::BakuPoints;
use crate::standings::{self, Basis};
use crate::tiebreak::{Config, TiebreakRules};
use crate::trf::Declared;
use std::collections::BTreeSet;
use std::fmt;

/// How to check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The reading of the Dutch rules to pair with: the Handbook's text by default, or
    /// bbpPairings 6.0.0's where it departs from it (docs/fide-conformance.md).
    pub dutch: DutchRules,
    /// The text of C.07 the ranks are recomputed with (a file does not say).
    pub tiebreak_rules: TiebreakRules,
}

/// One board of a round: a game with its colours (played, forfeited or not yet played), or
/// the pairing-allocated bye.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Board {
    Game { white: StartNo, black: StartNo },
    Bye(StartNo),
}

impl fmt::Display for Board {
    /// `5-12` (white first), `bye 7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Board::Game { white, black } => write!(f, "{white}-{black}"),
            Board::Bye(p) => write!(f, "bye {p}"),
        }
    }
}

/// A round whose recorded pairing is not the one the Dutch engine makes.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PairingDifference {
    pub round: u32,
    /// The boards the file has and the engine does not, in board order (byes last); every
    /// board of the file when the engine could not pair the round.
    pub file: Vec<Board>,
    /// The boards the engine makes and the file does not, or why it could not pair the round.
    pub ours: Result<Vec<Board>, PairingError>,
}

/// Places `first..=last`: one place, or the places shared by players equal on everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Places {
    pub first: u32,
    pub last: u32,
}

impl fmt::Display for Places {
    /// `5`, or `5-6` for a shared place.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "{}", self.first)
        } else {
            write!(f, "{}-{}", self.first, self.last)
        }
    }
}

/// A player whose declared points or rank the results do not give.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum StandingDifference {
    /// Points in tenths of the event's point system.
    Points {
        player: StartNo,
        file: u32,
        computed: u32,
    },
    Rank {
        player: StartNo,
        file: u32,
        computed: Places,
    },
}

impl StandingDifference {
    pub fn player(&self) -> StartNo {
        match *self {
            StandingDifference::Points { player, .. } | StandingDifference::Rank { player, .. } => {
                player
            }
        }
    }
}

/// What the checker found.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Report {
    /// Rounds checked: 1 ..= this.
    pub rounds: u32,
    /// The rounds that differ, earliest first.
    pub pairings: Vec<PairingDifference>,
    /// Were ranks compared (the file names its tie-breaks and writes ranks)?
    pub ranks_checked: bool,
    /// The players whose points or rank differ, by start number (points before rank).
    pub standings: Vec<StandingDifference>,
}

impl Report {
    /// Does everything the file says agree with what the engine computes?
    pub fn agrees(&self) -> bool {
        self.pairings.is_empty() && self.standings.is_empty()
    }
}

/// Why an event cannot be checked at all.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum CheckError {
    /// The checker pairs Swiss events; a round-robin's pairings come from the Berger tables.
    RoundRobin,
    /// No round is paired yet.
    NoRounds,
    /// The event's data is inconsistent.
    Invalid(ModelError),
    /// Baku acceleration with a point system it cannot use.
    Acceleration(BakuPoints),
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::RoundRobin => f.write_str(
                "check pairs Swiss events by the Dutch system; this file is a round-robin",
            ),
            CheckError::NoRounds => {
                f.write_str("no round is paired yet: there is nothing to check")
            }
            CheckError::Invalid(why) => write!(f, "the tournament is inconsistent: {why}"),
            CheckError::Acceleration(why) => write!(f, "the tournament is inconsistent: {why}"),
        }
    }
}

impl std::error::Error for CheckError {}

/// Checks every paired round of `t` and the standings `declared` by its file (empty when the
/// file states none, e.g. JSON): see the module documentation.
pub fn check(
    t: &Tournament,
    declared: &[Declared],
    options: Options,
) -> Result<Report, CheckError> {
    if let Some(why) = refusal(t) {
        return Err(why);
    }
    let rounds = t.paired_rounds();
    let pairings = (1..=rounds)
        .filter_map(|r| round_difference(t, r, options.dutch))
        .collect();
    let ranks_checked = t.chosen_tiebreaks().is_some() && declared.iter().any(|d| d.rank.is_some());
    Ok(Report {
        rounds,
        pairings,
        ranks_checked,
        standings: standings_differences(t, declared, ranks_checked, options.tiebreak_rules),
    })
}

/// Why [`check`] would refuse `t`, found without pairing anything (so without the Dutch
/// engine: the app asks this on the page and leaves the pairing to its worker).
pub fn refusal(t: &Tournament) -> Option<CheckError> {
    if t.format.is_round_robin() {
        return Some(CheckError::RoundRobin);
    }
    if let Err(why) = t.validate() {
        return Some(CheckError::Invalid(why));
    }
    if let Some(why) = t.acceleration_problem() {
        return Some(CheckError::Acceleration(why));
    }
    (t.paired_rounds() == 0).then_some(CheckError::NoRounds)
}

/// Round `round` of `t` (1-based, recorded) against the Dutch engine's pairing of the event as
/// it stood before it; `None` when they agree.
pub fn round_difference(
    t: &Tournament,
    round: u32,
    rules: DutchRules,
) -> Option<PairingDifference> {
    let recorded = boards_of(t.round(round)?);
    let before = before_round(t, round);
    let ours = match pair(&before, RoundToPair::Stated(round), rules) {
        Ok(p) => p,
        Err(why) => {
            return Some(PairingDifference {
                round,
                file: recorded,
                ours: Err(why),
            })
        }
    };
    let ours: Vec<Board> = ours
        .boards
        .iter()
        .map(|&(white, black)| Board::Game { white, black })
        .chain(ours.bye.map(Board::Bye))
        .collect();
    let only = |a: &[Board], b: &[Board]| -> Vec<Board> {
        let other: BTreeSet<Board> = b.iter().copied().collect();
        a.iter().copied().filter(|x| !other.contains(x)).collect()
    };
    let (file_only, ours_only) = (only(&recorded, &ours), only(&ours, &recorded));
    (!file_only.is_empty() || !ours_only.is_empty()).then_some(PairingDifference {
        round,
        file: file_only,
        ours: Ok(ours_only),
    })
}

/// A round's boards as recorded: its games in board order, then the pairing-allocated bye.
fn boards_of(round: &Round) -> Vec<Board> {
    round
        .games
        .iter()
        .map(|g| Board::Game {
            white: g.white,
            black: g.black,
        })
        .chain(
            round
                .byes
                .iter()
                .filter(|b| b.kind == ByeKind::PairingAllocated)
                .map(|b| Board::Bye(b.player)),
        )
        .collect()
}

/// `t` as it stood before round `round` was paired: rounds 1 … `round`−1 with their results;
/// every player round `round` did not pair (a bye other than the pairing-allocated one, an
/// absence, or no entry) holds a request to be left out of it, of the kind recorded (an
/// absence for no entry). Later rounds, their requests and spellings are dropped.
pub fn before_round(t: &Tournament, round: u32) -> Tournament {
    let keep = round.saturating_sub(1) as usize;
    let mut before = t.clone();
    before.rounds.truncate(keep);
    before.requests.clear();
    before.bye_spellings.retain(|s| s.round <= keep as u32);
    if let Some(paired) = t.round(round) {
        for p in &t.players {
            let kind = match paired.entry(p.start_no) {
                Entry::Game { .. } | Entry::Bye(ByeKind::PairingAllocated) => continue,
                Entry::Bye(kind) => kind,
                Entry::None => ByeKind::Zero,
            };
            before.requests.push(ByeRequest {
                round,
                player: p.start_no,
                kind,
            });
        }
    }
    before
}

/// The declared points and ranks that the results do not give, by start number.
fn standings_differences(
    t: &Tournament,
    declared: &[Declared],
    ranks: bool,
    rules: TiebreakRules,
) -> Vec<StandingDifference> {
    let scores = t.scores();
    let mut found: Vec<StandingDifference> = declared
        .iter()
        .filter_map(|d| {
            let computed = *scores.get(d.start_no.checked_sub(1)? as usize)?;
            let file = d.points?;
            (file != computed).then_some(StandingDifference::Points {
                player: d.start_no,
                file,
                computed,
            })
        })
        .collect();
    if ranks {
        let config = Config {
            rules,
            system: None,
            tiebreaks: t.tiebreaks(),
            unrated_rating: None,
        };
        let rows = standings::compute(t, Basis::Recorded, Params::default(), &config)
            .standings
            .rows;
        for d in declared {
            let (Some(file), Some(row)) = (d.rank, rows.iter().find(|r| r.start_no == d.start_no))
            else {
                continue;
            };
            let shared = rows.iter().filter(|r| r.rank == row.rank).count() as u32;
            let computed = Places {
                first: row.rank,
                last: row.rank + shared - 1,
            };
            if !(computed.first..=computed.last).contains(&file) {
                found.push(StandingDifference::Rank {
                    player: d.start_no,
                    file,
                    computed,
                });
            }
        }
    }
    found.sort_by_key(|d| (d.player(), matches!(d, StandingDifference::Rank { .. })));
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Five players, two rounds; player 5 asked for a half-point bye in round 2 and player 4 has
    /// no entry in it.
    const SMALL: &str = "012 small\nXXR 3\nXXC white1\n\
001    1      A                                 2400                             2.0    1     4 w 1     2 b 1\n\
001    2      B                                 2300                             1.0    2     5 b 1     1 w 0\n\
001    3      C                                 2200                             1.0    3  0000 - U  0000 - Z\n\
001    4      D                                 2100                             0.0    4     1 b 0\n\
001    5      E                                 2000                             0.5    5     2 w 0  0000 - H\n";

    fn small() -> Tournament {
        crate::trf::parse(SMALL).expect("parses")
    }

    #[test]
    fn before_a_round_its_unpaired_players_are_left_out() {
        let t = small();
        let before = before_round(&t, 2);
        assert_eq!(before.rounds.len(), 1);
        let left_out: Vec<(StartNo, ByeKind)> =
            before.requests.iter().map(|r| (r.player, r.kind)).collect();
        assert_eq!(
            left_out,
            [(3, ByeKind::Zero), (4, ByeKind::Zero), (5, ByeKind::Half)]
        );
        assert!(before_round(&t, 1).rounds.is_empty());
    }

    #[test]
    fn boards_read_white_first_and_the_bye_by_name() {
        assert_eq!(
            Board::Game {
                white: 5,
                black: 12
            }
            .to_string(),
            "5-12"
        );
        assert_eq!(Board::Bye(7).to_string(), "bye 7");
        assert_eq!(Places { first: 4, last: 4 }.to_string(), "4");
        assert_eq!(Places { first: 4, last: 6 }.to_string(), "4-6");
    }

    #[test]
    fn a_round_robin_is_refused_with_the_reason() {
        let e = check(&crate::example::complete(), &[], Options::default()).unwrap_err();
        assert_eq!(e, CheckError::RoundRobin);
        assert!(e.to_string().contains("this file is a round-robin"));
    }

    #[test]
    fn the_refusal_is_known_before_any_pairing() {
        assert_eq!(
            refusal(&crate::example::complete()),
            Some(CheckError::RoundRobin)
        );
        assert_eq!(refusal(&small()), None);
        let mut t = small();
        t.rounds.clear();
        assert_eq!(refusal(&t), Some(CheckError::NoRounds));
    }

    #[test]
    fn an_event_without_a_paired_round_has_nothing_to_check() {
        let mut t = small();
        t.rounds.clear();
        assert_eq!(
            check(&t, &[], Options::default()),
            Err(CheckError::NoRounds)
        );
    }

    #[test]
    fn declared_points_are_compared_with_the_results() {
        let t = small();
        let mut declared = crate::trf::declared(SMALL);
        assert_eq!(declared.len(), 5);
        let report = check(&t, &declared, Options::default()).expect("checks");
        assert!(report.standings.is_empty(), "{:?}", report.standings);
        assert!(
            !report.ranks_checked,
            "no tie-break list: ranks are not compared"
        );
        declared[3].points = Some(10);
        let report = check(&t, &declared, Options::default()).expect("checks");
        assert_eq!(
            report.standings,
            [StandingDifference::Points {
                player: 4,
                file: 10,
                computed: 0
            }]
        );
    }
}
