//! Why a board of a Swiss round was paired as it was: the score group, the floater, the colour
//! rule (C.04.3 art. 5.2) and what kept the bracket from its natural pairing — for an arbiter
//! answering a player, and for the Rounds tab's "Why this pairing?".
//!
//! The explanation reads the round as it was paired (any program's), with the players' data as
//! the pairing saw it before the round ([`super::pair_round`]'s entrants). Within a score group,
//! the bracket's remainder (its residents not paired with a player moved down from above, C.04.3
//! art. 3.3) is split as art. 4.1 splits it: S1 its first M players by pairing number, M the
//! number of pairs made in it, S2 the others; the natural pairing is S1's i-th player against
//! S2's i-th (art. 4.2, the first candidate). A board that is not natural names the first
//! obstacle to its higher player's natural opponent, in the Handbook's order: C1 (they met, or a
//! `260` prohibition), C3 (the same absolute colour preference), C12 and C13 (colour
//! preferences the board grants and the natural pair would not). When the natural pair breaks
//! none of these, it was the rest of the bracket: taking it would have left others unpairable
//! or worse off, so a transposition or exchange (art. 4.2, 4.3) came first.

use super::colour::{colour_and_rule, ranks_below, ColourRule};
use super::criteria::{Col, Entrant, Layout};
use super::{field, initial_colour, layout, DutchRules, PairingError};
use crate::model::{ByeKind, Entry, PerPlayer, StartNo, Tournament};
use std::collections::HashMap;

/// Why one board of a round was paired as it was.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BoardWhy {
    pub white: StartNo,
    pub black: StartNo,
    /// Each player's pairing score before the round, in tenths of a point (the event's point
    /// system, with acceleration's virtual points): white's, then black's.
    pub scores: [u32; 2],
    /// The score group the board was paired in: the lower of the two scores.
    pub group: u32,
    /// The player who floated down to this board (the higher score), when the scores differ.
    pub floater: Option<StartNo>,
    /// The rule of art. 5.2 that gave the colours, and whose preference it granted.
    pub colour: ColourWhy,
    /// What decided the opponents.
    pub decided: Decided,
}

/// The colour rule of art. 5.2, with the player whose preference it granted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ColourWhy {
    /// 5.2.1: both preferences granted (or the only one there is).
    BothPreferences,
    /// 5.2.2: this player's stronger preference granted.
    Stronger(StartNo),
    /// 5.2.3: alternated from the last round in which the two had different colours.
    Alternated,
    /// 5.2.4: this higher-ranked player's preference granted.
    HigherRanked(StartNo),
    /// 5.2.5: no preferences: by the higher-ranked player's pairing number.
    InitialColour(StartNo),
    /// The board's colours are not the ones art. 5.2 gives (a file paired by hand or by
    /// another program, or colours swapped after the pairing).
    NotByRule,
}

/// What decided a board's opponents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Decided {
    /// A player moved down from a higher score group, paired in this bracket first (art. 3.3).
    MovedDown,
    /// The natural pairing: the `position`-th player of S1 against the `position`-th of S2.
    Natural { position: u32 },
    /// The higher player's natural opponent (S2's player at its position) was not taken.
    NotNatural {
        player: StartNo,
        natural: StartNo,
        because: Obstacle,
    },
    /// Both players come from S2 or both from S1: an exchange between S1 and S2 (art. 4.3).
    Exchange,
}

/// Why a natural pair was not made, the first reason in the Handbook's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Obstacle {
    /// C1: they played each other in this round.
    Met { round: u32 },
    /// C1: a prohibited pairing (TRF-2026 `260`).
    Prohibited,
    /// C3: both have the same absolute colour preference.
    SameAbsoluteColour,
    /// C12: both prefer the same colour; the board as paired grants both.
    SamePreference,
    /// C13: both have a strong preference for the same colour; the board grants both.
    SameStrongPreference,
    /// The natural pair was possible; pairing the rest of the bracket needed another one
    /// (a transposition or an exchange, art. 4.2–4.3).
    RestOfBracket,
}

/// Why each board of `round` (as the event has it) was paired so. The rounds before it must have
/// their results; a round-robin or an unpaired round has no explanation.
pub fn explain_round(
    t: &Tournament,
    round: u32,
    rules: DutchRules,
) -> Result<Vec<BoardWhy>, PairingError> {
    let Some(played) = round.checked_sub(1).and_then(|i| t.rounds.get(i as usize)) else {
        return Err(PairingError::RoundZero);
    };
    // The players as the pairing saw them: the event before the round was paired, with the
    // round's requested byes and absences (they were not paired), without its games and PAB.
    let mut before = t.clone();
    before.rounds.truncate(round as usize);
    if let Some(r) = before.rounds.last_mut() {
        r.games.clear();
        r.byes.retain(|b| b.kind != ByeKind::PairingAllocated);
    }
    let t = &before;
    let (mut e, history) = field(t, round, rules)?;
    // The round as paired may include players the pairing would have left out (a file's
    // round): only the boards' players count.
    let mut on_board = PerPlayer::filled(history.len(), false);
    for g in &played.games {
        on_board[g.white] = true;
        on_board[g.black] = true;
    }
    e.retain(|p| on_board[p.start_no]);
    let layout = layout(t, round, &e, &history);
    let mut index = PerPlayer::filled(history.len(), None);
    for (i, p) in e.iter().enumerate() {
        index[p.start_no] = Some(i);
    }
    let mut mate = vec![None; e.len()];
    for g in &played.games {
        if let (Some(w), Some(b)) = (index[g.white], index[g.black]) {
            mate[w] = Some(b);
            mate[b] = Some(w);
        }
    }
    let remainders = remainders(&e, &mate);
    let initial = initial_colour(t);
    let mut out = Vec::new();
    for g in &played.games {
        let (Some(w), Some(b)) = (index[g.white], index[g.black]) else {
            continue;
        };
        let (hi, lo) = if ranks_below(&e[b], &e[w]) {
            (w, b)
        } else {
            (b, w)
        };
        let group = e[lo].score;
        let decided = if e[hi].score > e[lo].score {
            Decided::MovedDown
        } else {
            in_bracket(t, round, &e, &layout, &remainders[&group], hi, lo)
        };
        let (white, rule) = colour_and_rule(&e[w], &e[b], initial);
        let colour = match rule {
            _ if white != Col::White => ColourWhy::NotByRule,
            ColourRule::BothPreferences => ColourWhy::BothPreferences,
            ColourRule::Alternated => ColourWhy::Alternated,
            ColourRule::Stronger { first } => ColourWhy::Stronger(pick(first, g.white, g.black)),
            ColourRule::HigherRanked { first } => {
                ColourWhy::HigherRanked(pick(first, g.white, g.black))
            }
            ColourRule::InitialColour => ColourWhy::InitialColour(e[hi].start_no),
        };
        out.push(BoardWhy {
            white: g.white,
            black: g.black,
            scores: [e[w].score, e[b].score],
            group,
            floater: (e[hi].score > e[lo].score).then_some(e[hi].start_no),
            colour,
            decided,
        });
    }
    Ok(out)
}

fn pick(first: bool, a: StartNo, b: StartNo) -> StartNo {
    if first {
        a
    } else {
        b
    }
}

/// A score group's remainder (art. 4.1): its residents not paired with a player moved down
/// from above, in pairing order; S1 is its first `pairs` players (the pairs made in it).
struct Remainder {
    list: Vec<usize>,
    pairs: usize,
}

/// Each score group's [`Remainder`], by score. `e` is sorted by score, then rank.
fn remainders(e: &[Entrant], mate: &[Option<usize>]) -> HashMap<u32, Remainder> {
    let mut out: HashMap<u32, Remainder> = HashMap::new();
    for (v, p) in e.iter().enumerate() {
        let score = p.score;
        let r = out.entry(score).or_insert(Remainder {
            list: Vec::new(),
            pairs: 0,
        });
        if mate[v].is_none_or(|o| e[o].score <= score) {
            r.list.push(v);
            if mate[v].is_some_and(|o| e[o].score == score && o > v) {
                r.pairs += 1;
            }
        }
    }
    out
}

/// A board of two players of the same score group: natural, an exchange, or why not natural.
fn in_bracket(
    t: &Tournament,
    round: u32,
    e: &[Entrant],
    layout: &Layout,
    r: &Remainder,
    hi: usize,
    lo: usize,
) -> Decided {
    let (s1, s2) = r.list.split_at(r.pairs.min(r.list.len()));
    let Some(i) = s1.iter().position(|&v| v == hi) else {
        return Decided::Exchange;
    };
    if !s2.contains(&lo) {
        return Decided::Exchange;
    }
    let Some(&natural) = s2.get(i) else {
        return Decided::Exchange;
    };
    if natural == lo {
        return Decided::Natural {
            position: i as u32 + 1,
        };
    }
    let because = if layout.met[hi * e.len() + natural] {
        match (1..round).find(|&r| {
            matches!(t.entry(e[hi].start_no, r), Entry::Game { opponent, result, .. }
                if opponent == e[natural].start_no && result.is_played())
        }) {
            Some(r) => Obstacle::Met { round: r },
            None => Obstacle::Prohibited,
        }
    } else if !layout.compatible(hi, natural) {
        // Not met, yet incompatible: C3.
        Obstacle::SameAbsoluteColour
    } else if same_pref(&e[hi], &e[natural]) && !same_pref(&e[hi], &e[lo]) {
        if strong(&e[hi]) && strong(&e[natural]) {
            Obstacle::SameStrongPreference
        } else {
            Obstacle::SamePreference
        }
    } else {
        Obstacle::RestOfBracket
    };
    Decided::NotNatural {
        player: e[hi].start_no,
        natural: e[natural].start_no,
        because,
    }
}

fn same_pref(a: &Entrant, b: &Entrant) -> bool {
    a.pref != Col::None && a.pref == b.pref
}

fn strong(a: &Entrant) -> bool {
    a.strong || a.absolute()
}
