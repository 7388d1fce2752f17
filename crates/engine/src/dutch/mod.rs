//! Swiss pairings by the FIDE (Dutch) System, FIDE Handbook C.04.3, in the 2025 text (in force
//! since February 2026).
//!
//! * Absolute criteria: C1 no rematch (a forfeited game is no meeting), C2 no second
//!   pairing-allocated bye and no bye for a player who already scored a full point without
//!   playing, C3 no pairing of two non-topscorers with the same absolute colour preference.
//! * Completion (C4), then the quality criteria C5–C21 in their order, the bye to the lowest
//!   eligible score, colour allocation (art. 5) with the initial colour of `XXC`.
//! * Players with an entry for the round being paired (a requested half-point bye, an absence,
//!   a full-point bye) and withdrawn players are left out.
//!
//! How: all criteria are weights of one maximum-weight perfect matching over the field
//! ([`matching`]), settled bracket by bracket ([`brackets`]); the weights are in
//! [`criteria`], colours in [`colour`].

pub mod brackets;
pub mod colour;
pub mod criteria;
pub mod explain;
pub mod matching;
pub mod weight;

use crate::model::{ByeKind, Color, Entry, GameResult, ModelError, PerPlayer, StartNo, Tournament};
use crate::rules2026::{BakuGroupA, BakuPoints};
use criteria::{Col, Entrant, Float, Layout};
use std::fmt;
use weight::Wide;

/// Which reading of the Dutch rules to apply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DutchRules {
    /// C.04.3 as approved in 2024, in force since February 2026, and Baku acceleration
    /// (C.04.5.1) as the Handbook writes them.
    #[default]
    Fide2025,
    /// The same rules as bbpPairings 6.0.0 applies them where it departs from the text
    /// (docs/fide-conformance.md): Baku's group A is the first ⌈N/2⌉ players, not
    /// 2·⌈N/4⌉. For checking files paired with it; never the default.
    BbpPairings6,
}

impl DutchRules {
    /// Which players are Baku's group A under this reading.
    pub fn baku_group(self) -> BakuGroupA {
        match self {
            DutchRules::Fide2025 => BakuGroupA::HalfRoundedUpToEven,
            DutchRules::BbpPairings6 => BakuGroupA::HalfRoundedUp,
        }
    }
}

/// The pairing of one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The round this pairing is for (1-based).
    pub round: u32,
    /// `(white, black)` per board, in the published board order: by the higher player's score,
    /// then the lower player's score, then the higher player's start number.
    pub boards: Vec<(StartNo, StartNo)>,
    /// The player with the pairing-allocated bye.
    pub bye: Option<StartNo>,
}

impl Pairing {
    /// The bbpPairings / JaVaFo output: the number of lines, `white black` per board, and
    /// `P 0` for the bye.
    pub fn to_pairs_file(&self) -> String {
        let mut out = format!("{}\n", self.boards.len() + usize::from(self.bye.is_some()));
        for (w, b) in &self.boards {
            out.push_str(&format!("{w} {b}\n"));
        }
        if let Some(p) = self.bye {
            out.push_str(&format!("{p} 0\n"));
        }
        out
    }
}

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum PairingError {
    /// The last round still has games without a result.
    RoundInProgress { round: u32 },
    /// An earlier round has a game without a result.
    MissingResult {
        round: u32,
        white: StartNo,
        black: StartNo,
    },
    /// The event already has all its rounds.
    AllRoundsPaired { rounds: u32 },
    /// No pairing satisfies the absolute criteria (no rematch, bye rules, colours).
    NoLegalPairing { round: u32, players: usize },
    /// The tournament's data is inconsistent.
    Invalid(ModelError),
    /// Baku acceleration with a point system it cannot use.
    Acceleration(BakuPoints),
    /// A pairing recorded for round 0.
    RoundZero,
}

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingError::RoundInProgress { round } => write!(
                f,
                "round {round} still has games without a result; enter them before pairing the \
                 next round"
            ),
            PairingError::MissingResult {
                round,
                white,
                black,
            } => write!(
                f,
                "round {round}: the game {white}–{black} has no result; every earlier game needs \
                 one before the next round can be paired"
            ),
            PairingError::AllRoundsPaired { rounds } => {
                write!(f, "all {rounds} rounds of the event are already paired")
            }
            PairingError::NoLegalPairing { round, players } => write!(
                f,
                "round {round} cannot be paired: no pairing of its {players} players avoids \
                 rematches, a second pairing-allocated bye and forbidden colour clashes (FIDE \
                 C.04.3 C1–C3)"
            ),
            PairingError::Invalid(why) => write!(f, "the tournament is inconsistent: {why}"),
            PairingError::Acceleration(why) => {
                write!(f, "the tournament is inconsistent: {why}")
            }
            PairingError::RoundZero => {
                f.write_str("the tournament is inconsistent: there is no round 0")
            }
        }
    }
}

impl std::error::Error for PairingError {}

/// One player's round as the pairing rules see it.
#[derive(Clone, Copy)]
struct Past {
    opponent: Option<StartNo>,
    colour: Option<Color>,
    played: bool,
    /// Points of the round with the event's point system, in tenths.
    points: u32,
    participated: bool,
    /// A pairing-allocated bye.
    pab: bool,
}

/// The round the next pairing is for, and whether its column already holds requested byes.
fn round_to_pair(t: &Tournament) -> Result<u32, PairingError> {
    // A file's last column holding only requests (a TRF prepared for pairing) is that round.
    let last = t.last_requested_round();
    if last > t.rounds.len() as u32 {
        return Ok(last);
    }
    let k = t.rounds.len() as u32;
    let Some(last) = t.rounds.last() else {
        return Ok(1);
    };
    if last.games.is_empty()
        && last
            .byes
            .iter()
            .all(|b| b.kind != ByeKind::PairingAllocated)
    {
        return Ok(k);
    }
    if last.games.iter().any(|g| g.result == GameResult::Pending) {
        return Err(PairingError::RoundInProgress { round: k });
    }
    Ok(k + 1)
}

/// Which round [`pair`] pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundToPair {
    /// As the pairing programs (bbpPairings, JaVaFo) read a file: the round after the last
    /// round with games, or, when the last round holds only requested byes and absences (a TRF
    /// prepared for pairing, with the requests entered in their round's column), that round.
    FromFile,
    /// This round (1-based), as an event that knows its next round states it; requests entered
    /// for later rounds stay requests.
    Stated(u32),
}

/// Pairs a round of a Swiss event by the Dutch system: the one entry of the CLI and the app,
/// which differ only in how they name the round. The event must be consistent and the rounds
/// before the one paired must have all their results.
pub fn pair(
    t: &Tournament,
    which: RoundToPair,
    rules: DutchRules,
) -> Result<Pairing, PairingError> {
    t.validate().map_err(PairingError::Invalid)?;
    let round = match which {
        RoundToPair::FromFile => round_to_pair(t)?,
        RoundToPair::Stated(round) => round.max(1),
    };
    if let Some(prev) = round.checked_sub(2).and_then(|i| t.rounds.get(i as usize)) {
        if prev.games.iter().any(|g| g.result == GameResult::Pending) {
            return Err(PairingError::RoundInProgress { round: round - 1 });
        }
    }
    pair_round(t, round, rules)
}

/// Pairs the next round of a file by the pairing programs' convention: [`pair`] with
/// [`RoundToPair::FromFile`].
pub fn pair_next_round(t: &Tournament, rules: DutchRules) -> Result<Pairing, PairingError> {
    pair(t, RoundToPair::FromFile, rules)
}

/// Pairs round `round` (1-based) from the results of the rounds before it.
pub fn pair_round(t: &Tournament, round: u32, rules: DutchRules) -> Result<Pairing, PairingError> {
    let total = t.scheduled_rounds();
    if total > 0 && round > total {
        return Err(PairingError::AllRoundsPaired { rounds: total });
    }
    if let Some(why) = t.acceleration_problem() {
        return Err(PairingError::Acceleration(why));
    }
    let (entrants, history) = field(t, round, rules)?;
    let layout = layout(t, round, &entrants, &history);
    let opts = brackets::Options {
        c9_unplayed_games: true,
    };
    let outcome = dispatch(&entrants, &layout, &opts).ok_or(PairingError::NoLegalPairing {
        round,
        players: entrants.len(),
    })?;
    Ok(Pairing {
        round,
        boards: boards(&entrants, &outcome, initial_colour(t)),
        bye: outcome.bye.map(|i| entrants[i].start_no),
    })
}

/// The players to pair in `round` as the rules see them (sorted by score, then rank), and every
/// player's history before it.
fn field(
    t: &Tournament,
    round: u32,
    rules: DutchRules,
) -> Result<(Vec<Entrant>, PerPlayer<Vec<Past>>), PairingError> {
    let points = t.point_system();
    let history = history(t, round, &points)?;
    let virtual_points: Vec<PerPlayer<u32>> = (1..=round)
        .map(|r| t.virtual_points_as(r, rules.baku_group()))
        .collect();
    let entrants = entrants(t, round, &history, &virtual_points, &points);
    Ok((entrants, history))
}

/// The round's fixed facts for `entrants`: who may meet (C1 with the `260` prohibitions, C3)
/// and the weights' layout.
fn layout(
    t: &Tournament,
    round: u32,
    entrants: &[Entrant],
    history: &PerPlayer<Vec<Past>>,
) -> Layout {
    let mut met = met(entrants, history);
    prohibit(t, round, entrants, &mut met);
    let topscore = (round - 1) * t.point_system().most() / 2;
    let total = t.scheduled_rounds().max(round);
    Layout::new(entrants, met, round - 1, total, topscore)
}

/// The colour the first player gets in round 1 (`XXC`, `152`; White when the event says none).
fn initial_colour(t: &Tournament) -> Col {
    match t.initial_colour {
        Some(Color::Black) => Col::Black,
        _ => Col::White,
    }
}

/// Every player's rounds before `round`, as the pairing rules see them; an earlier game
/// without a result is an error.
fn history(
    t: &Tournament,
    round: u32,
    ps: &crate::rules2026::PointSystem,
) -> Result<PerPlayer<Vec<Past>>, PairingError> {
    let mut history: PerPlayer<Vec<Past>> = PerPlayer::new();
    for p in &t.players {
        let mut rows = Vec::with_capacity(round.saturating_sub(1) as usize);
        for r in 1..round {
            rows.push(match t.entry(p.start_no, r) {
                Entry::Game {
                    opponent,
                    colour,
                    result,
                } => {
                    let Some(points) = ps.game(result, colour) else {
                        let (white, black) = match colour {
                            Color::White => (p.start_no, opponent),
                            Color::Black => (opponent, p.start_no),
                        };
                        return Err(PairingError::MissingResult {
                            round: r,
                            white,
                            black,
                        });
                    };
                    Past {
                        opponent: Some(opponent),
                        colour: Some(colour),
                        played: result.is_played(),
                        points,
                        participated: true,
                        pab: false,
                    }
                }
                Entry::Bye(kind) => Past {
                    opponent: None,
                    colour: None,
                    played: false,
                    points: ps.bye(kind),
                    participated: kind == ByeKind::PairingAllocated,
                    pab: kind == ByeKind::PairingAllocated,
                },
                Entry::None => Past {
                    opponent: None,
                    colour: None,
                    played: false,
                    points: 0,
                    participated: false,
                    pab: false,
                },
            });
        }
        history.push(rows);
    }
    Ok(history)
}

/// The players to pair in `round`, sorted by score (descending), then rank: everyone without an
/// entry for the round who has not withdrawn. The rank counts every player who took part in
/// the event so far or takes part now. (The event is valid: `t.players[i]` is start number
/// `i + 1`.)
fn entrants(
    t: &Tournament,
    round: u32,
    history: &PerPlayer<Vec<Past>>,
    virtual_points: &[PerPlayer<u32>],
    ps: &crate::rules2026::PointSystem,
) -> Vec<Entrant> {
    let withdrawn = |s: StartNo| t.withdrawal_of(s).is_some_and(|w| w.after_round < round);
    let takes_part = |s: StartNo| {
        matches!(t.entry(s, round), Entry::None)
            && t.request_of(s, round).is_none()
            && !withdrawn(s)
    };
    let mut entrants = Vec::new();
    let mut rank = 0usize;
    for (s, h) in history.iter() {
        let takes_part = takes_part(s);
        let valid = takes_part || h.iter().any(|x| x.participated);
        if !valid {
            continue;
        }
        let my_rank = rank;
        rank += 1;
        if takes_part {
            entrants.push(entrant(s, my_rank, history, virtual_points, ps));
        }
    }
    entrants.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank.cmp(&b.rank)));
    entrants
}

/// One player's score, colour preference (art. 1.6–1.7) and floats (art. 1.4) from their
/// history (`history[start_no]`). Scores are in tenths with the event's point system, plus the
/// acceleration's virtual points of the round they stand for (`virtual_points[r - 1][p]`), as
/// the reference engine compares them.
fn entrant(
    start_no: StartNo,
    rank: usize,
    history: &PerPlayer<Vec<Past>>,
    virtual_points: &[PerPlayer<u32>],
    ps: &crate::rules2026::PointSystem,
) -> Entrant {
    let h = &history[start_no];
    let played_rounds = h.len() as u32;
    let score_back = |p: StartNo, back: u32| -> u32 {
        let h = &history[p];
        let total: u32 = h.iter().map(|x| x.points).sum();
        let at = (played_rounds - back) as usize;
        let recent: u32 = h[at..].iter().map(|x| x.points).sum();
        total - recent + virtual_points[at][p]
    };
    let colours: Vec<Col> = h
        .iter()
        .filter(|x| x.played)
        .map(|x| match x.colour {
            Some(Color::White) => Col::White,
            _ => Col::Black,
        })
        .collect();
    let whites = colours.iter().filter(|&&c| c == Col::White).count() as u32;
    let blacks = colours.len() as u32 - whites;
    let last = colours.last().copied().unwrap_or(Col::None);
    let run = colours.iter().rev().take_while(|&&c| c == last).count();
    let lower = if whites > blacks {
        Col::Black
    } else {
        Col::White
    };
    let imbalance = whites.abs_diff(blacks);
    let pref = if imbalance > 1 {
        lower
    } else if run > 1 {
        last.invert()
    } else if imbalance > 0 {
        lower
    } else if run > 0 {
        last.invert()
    } else {
        Col::None
    };
    let repeated = if run > 1 { last } else { Col::None };
    let absolute = imbalance > 1 || repeated != Col::None;
    let mut floats = [Float::None; 2];
    // `floats[0]` is the last round, `floats[1]` the one before.
    for (back, float) in (1..=2u32).zip(&mut floats) {
        if played_rounds < back {
            continue;
        }
        let past = h[(played_rounds - back) as usize];
        // Art. 1.4.3: scoring more than a loss without playing is a downfloat; a game not
        // played (a forfeit loss, an absence) is no float at all.
        *float = if !past.played {
            if past.points > ps.loss {
                Float::Down
            } else {
                Float::None
            }
        } else {
            let me = score_back(start_no, back);
            let them = match past.opponent {
                Some(o) => score_back(o, back),
                None => me,
            };
            match me.cmp(&them) {
                std::cmp::Ordering::Greater => Float::Down,
                std::cmp::Ordering::Less => Float::Up,
                std::cmp::Ordering::Equal => Float::None,
            }
        };
    }
    let raw_score: u32 = h.iter().map(|x| x.points).sum();
    Entrant {
        start_no,
        score: raw_score + virtual_points[played_rounds as usize][start_no],
        raw_score,
        rank,
        pref,
        imbalance,
        repeated,
        strong: !absolute && imbalance > 0,
        bye_eligible: !h.iter().any(|x| x.pab || (!x.played && x.points >= ps.win)),
        played_games: colours.len() as u32,
        floats,
        colours,
    }
}

/// Which entrants have met over the board (C1), `met[i * m + j]` for m entrants.
fn met(entrants: &[Entrant], history: &PerPlayer<Vec<Past>>) -> Vec<bool> {
    let m = entrants.len();
    // The entrant index of each start number, `usize::MAX` for a player not paired now.
    let mut index = PerPlayer::filled(history.len(), usize::MAX);
    for (i, e) in entrants.iter().enumerate() {
        index[e.start_no] = i;
    }
    let mut met = vec![false; m * m];
    for (i, e) in entrants.iter().enumerate() {
        for past in &history[e.start_no] {
            if let (true, Some(o)) = (past.played, past.opponent) {
                let j = index[o];
                if j != usize::MAX {
                    met[i * m + j] = true;
                    met[j * m + i] = true;
                }
            }
        }
    }
    met
}

/// Adds the prohibited pairings of `round` (TRF-2026 `260`) to the pairs that may not meet:
/// an absolute criterion, like a rematch.
fn prohibit(t: &Tournament, round: u32, entrants: &[Entrant], met: &mut [bool]) {
    let m = entrants.len();
    let groups: Vec<_> = t
        .prohibited_pairings()
        .iter()
        .filter(|g| g.applies(round))
        .collect();
    if groups.is_empty() {
        return;
    }
    for (i, a) in entrants.iter().enumerate() {
        for (j, b) in entrants.iter().enumerate().skip(i + 1) {
            if groups
                .iter()
                .any(|g| g.players.contains(&a.start_no) && g.players.contains(&b.start_no))
            {
                met[i * m + j] = true;
                met[j * m + i] = true;
            }
        }
    }
}

/// The pairs with their colours (art. 5), in the published board order: by the higher player's
/// score, then the lower player's score, then the higher player's start number.
fn boards(
    entrants: &[Entrant],
    outcome: &brackets::Outcome,
    initial: Col,
) -> Vec<(StartNo, StartNo)> {
    let mut boards: Vec<(usize, usize)> = outcome
        .pairs
        .iter()
        .map(|&(a, b)| {
            let (p, q) = if entrants[a].start_no < entrants[b].start_no {
                (a, b)
            } else {
                (b, a)
            };
            if colour::colour_of(&entrants[p], &entrants[q], initial) == Col::White {
                (p, q)
            } else {
                (q, p)
            }
        })
        .collect();
    let key = |&(w, b): &(usize, usize)| {
        // Without the acceleration's virtual points, as the reference engine orders boards.
        let player = |i: usize| {
            (
                entrants[i].raw_score,
                entrants[i].rank,
                entrants[i].start_no,
            )
        };
        crate::board_order::swiss_board_key(player(w), player(b))
    };
    boards.sort_by_key(key);
    boards
        .into_iter()
        .map(|(w, b)| (entrants[w].start_no, entrants[b].start_no))
        .collect()
}

/// Runs the pairing with the narrowest weight type that holds the layout's weights (plus room
/// for the matching's dual values).
fn dispatch(e: &[Entrant], layout: &Layout, opts: &brackets::Options) -> Option<brackets::Outcome> {
    let need = layout.width() + 40;
    macro_rules! try_width {
        ($($l:literal),*) => {
            $(
                if need <= 64 * $l {
                    return brackets::pair::<Wide<$l>>(e, layout, opts);
                }
            )*
        };
    }
    try_width!(1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 48, 64, 96, 128);
    brackets::pair::<Wide<256>>(e, layout, opts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Bye, Format, Game, Outcome, Player, Round};

    fn event(n: u32, rounds: u32) -> Tournament {
        let players = (0..n)
            .map(|i| Player {
                name: format!("P{}", i + 1),
                rating: Some(2400 - i as u16 * 10),
                ..Player::default()
            })
            .collect();
        let mut t = Tournament::new("t", Format::Swiss { rounds }, players);
        t.initial_colour = Some(Color::White);
        t
    }

    fn played(white: StartNo, black: StartNo, o: Outcome) -> Game {
        Game {
            white,
            black,
            result: GameResult::Played(o),
        }
    }

    #[test]
    fn round_one_pairs_top_half_against_bottom_half_with_alternating_colours() {
        let t = event(6, 5);
        let p = pair_next_round(&t, DutchRules::Fide2025).unwrap();
        assert_eq!(p.round, 1);
        assert_eq!(p.boards, vec![(1, 4), (5, 2), (3, 6)]);
        assert_eq!(p.bye, None);
        let mut t = event(6, 5);
        t.initial_colour = Some(Color::Black);
        let p = pair_next_round(&t, DutchRules::Fide2025).unwrap();
        assert_eq!(p.boards, vec![(4, 1), (2, 5), (6, 3)]);
    }

    #[test]
    fn odd_field_gives_the_lowest_player_the_bye_and_it_is_printed_last() {
        let t = event(5, 5);
        let p = pair_next_round(&t, DutchRules::Fide2025).unwrap();
        assert_eq!(p.bye, Some(5));
        assert_eq!(p.to_pairs_file(), "3\n1 3\n4 2\n5 0\n");
    }

    #[test]
    fn requested_byes_of_the_round_are_left_out() {
        let mut t = event(5, 5);
        t.rounds.push(Round {
            games: vec![],
            byes: vec![Bye {
                player: 2,
                kind: ByeKind::Half,
            }],
        });
        let p = pair_next_round(&t, DutchRules::Fide2025).unwrap();
        assert_eq!(p.round, 1);
        assert_eq!(p.bye, None);
        assert!(p.boards.iter().all(|&(w, b)| w != 2 && b != 2));
        assert_eq!(p.boards.len(), 2);
    }

    #[test]
    fn no_rematch_and_no_second_bye() {
        let mut t = event(3, 3);
        t.rounds.push(Round {
            games: vec![played(1, 2, Outcome::Draw)],
            byes: vec![Bye {
                player: 3,
                kind: ByeKind::PairingAllocated,
            }],
        });
        let p = pair_next_round(&t, DutchRules::Fide2025).unwrap();
        assert_ne!(p.bye, Some(3));
        assert_eq!(p.boards.len(), 1);
        let (w, b) = p.boards[0];
        assert!(w == 3 || b == 3);
    }

    #[test]
    fn errors_name_the_problem() {
        let mut t = event(2, 3);
        t.rounds.push(Round {
            games: vec![Game {
                white: 1,
                black: 2,
                result: GameResult::Pending,
            }],
            byes: vec![],
        });
        assert_eq!(
            pair_next_round(&t, DutchRules::Fide2025),
            Err(PairingError::RoundInProgress { round: 1 })
        );
        t.rounds[0].games[0].result = GameResult::Played(Outcome::WhiteWins);
        let err = pair_next_round(&t, DutchRules::Fide2025).unwrap_err();
        assert_eq!(
            err,
            PairingError::NoLegalPairing {
                round: 2,
                players: 2
            }
        );
        assert!(err.to_string().contains("round 2 cannot be paired"));
        // A forfeit is no meeting: the same two may be paired again.
        t.rounds[0].games[0].result = GameResult::Forfeit(Some(Color::White));
        assert!(pair_next_round(&t, DutchRules::Fide2025).is_ok());
        let mut full = event(2, 1);
        full.rounds.push(Round {
            games: vec![played(1, 2, Outcome::Draw)],
            byes: vec![],
        });
        assert_eq!(
            pair_next_round(&full, DutchRules::Fide2025),
            Err(PairingError::AllRoundsPaired { rounds: 1 })
        );
    }
}
