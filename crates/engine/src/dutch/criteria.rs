//! The players' pairing data (score, colour preference, floats, bye eligibility) and the edge
//! weight that packs the Dutch criteria, most important first, into one wide integer.
//!
//! # Formula
//! For two compatible players — C1 (not met over the board before; forfeits do not count),
//! C3 (not both with the same absolute colour preference, unless one is a topscorer, i.e. has
//! more than half the maximum score before the last round) — the weight is the concatenation,
//! high bits first, of:
//!
//! | field | criterion |
//! |---|---|
//! | 1 + [h not bye candidate] + [l not bye candidate] | C4 completion, C2 bye eligibility, lowest-score bye |
//! | pair in the current bracket | C5 maximise the pairs |
//! | 2^shift(score of h) if in the bracket | C6 minimise the scores of the downfloaters |
//! | pair reaching into the next bracket, 2^shift(h) | C7, C8 the same for the next bracket |
//! | played-games rank of the bye candidates | C9 unplayed games of the bye assignee |
//! | colour fields | C10 topscorers' colour difference, C11 same colour thrice, C12 colour preferences, C13 strong preferences |
//! | float fields | C14–C17 repeated down/upfloats one and two rounds back, C18–C21 their scores |
//! | free low bits | the order of transpositions and exchanges (C.04.3 art. 4) |
//!
//! `shift(s)` gives each score group its own bit range, wide enough for the group's size, so
//! that a sum over the pairs of a bracket never carries into a higher group's bits. This
//! bit-packing scheme follows bbpPairings (Bierema), whose results the FIDE-endorsed reference
//! fixtures reproduce.

use super::weight::Weight;
use crate::model::StartNo;

/// A colour as the pairing rules see it: `None` is "no preference" or "no repeated colour".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Col {
    White,
    Black,
    None,
}

impl Col {
    pub fn invert(self) -> Col {
        match self {
            Col::White => Col::Black,
            Col::Black => Col::White,
            Col::None => Col::None,
        }
    }
}

/// Float of a player in an earlier round (C.04.3 art. 1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    Down,
    Up,
    None,
}

/// One player taking part in the round, with everything the criteria read.
#[derive(Clone, Debug)]
pub struct Entrant {
    pub start_no: StartNo,
    /// Score before the round in tenths of a point (the event's point system), with the
    /// acceleration's virtual points: what the pairing compares.
    pub score: u32,
    /// The same without virtual points: what the board order compares.
    pub raw_score: u32,
    /// Effective pairing number, 0-based, among the players of the event (art. 1.2.2).
    pub rank: usize,
    pub pref: Col,
    /// |games with White − games with Black|.
    pub imbalance: u32,
    /// The colour of the last two played games when they are the same.
    pub repeated: Col,
    pub strong: bool,
    pub bye_eligible: bool,
    pub played_games: u32,
    /// Floats one and two rounds back.
    pub floats: [Float; 2],
    /// Colours of the played games, oldest first.
    pub colours: Vec<Col>,
}

impl Entrant {
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    pub fn absolute(&self) -> bool {
        self.absolute_imbalance() || self.repeated != Col::None
    }
}

/// Fixed facts of the round that every weight depends on.
pub struct Layout {
    /// Bits for a count of players of one score group.
    pub s: u32,
    /// Total bits of the per-score-group fields.
    pub big_s: u32,
    /// Bit offset of each entrant's score group inside a per-score-group field.
    pub shift: Vec<u32>,
    pub played_rounds: u32,
    pub last_round: bool,
    /// Score (tenths) strictly above which a player is a topscorer (50 % of the maximum).
    pub topscore: u32,
    /// Played-before matrix over entrant indices.
    pub met: Vec<bool>,
    /// C3 by entrant: the absolute colour preference that rules out a partner with the same
    /// one, or `None` when the player's preference rules out no one (not absolute, or a
    /// topscorer in the last round). [`compatible`](Self::compatible) runs for most pairs of
    /// the field at every scan of the matching: it reads these bytes, not two entrants.
    c3: Vec<Option<Col>>,
    pub n: usize,
}

pub fn bits(x: u64) -> u32 {
    64 - x.leading_zeros()
}

impl Layout {
    pub fn new(
        entrants: &[Entrant],
        met: Vec<bool>,
        played_rounds: u32,
        total_rounds: u32,
        topscore: u32,
    ) -> Layout {
        let n = entrants.len();
        let last_round = played_rounds + 1 >= total_rounds;
        let c3 = entrants
            .iter()
            .map(|p| {
                let exempt = last_round && p.score > topscore;
                (p.absolute() && !exempt).then_some(p.pref)
            })
            .collect();
        let mut shift = vec![0; n];
        let mut acc = 0u32;
        let mut max_group = 0usize;
        // Entrants are sorted by score descending: walk the groups from the lowest score up.
        let mut end = n;
        while end > 0 {
            let score = entrants[end - 1].score;
            let mut start = end;
            while start > 0 && entrants[start - 1].score == score {
                start -= 1;
            }
            let size = end - start;
            for s in shift.iter_mut().take(end).skip(start) {
                *s = acc;
            }
            acc += bits(size as u64);
            max_group = max_group.max(size);
            end = start;
        }
        Layout {
            s: bits(max_group as u64).max(1),
            big_s: acc,
            shift,
            played_rounds,
            last_round,
            topscore,
            met,
            c3,
            n,
        }
    }

    /// Width of a full edge weight in bits.
    pub fn width(&self) -> u32 {
        let (s, b) = (self.s, self.big_s);
        let mut w = 2 + s + b + s + b + 2 * s + 4 * s;
        if self.played_rounds >= 1 {
            w += 2 * s + 2 * b;
        }
        if self.played_rounds >= 2 {
            w += 2 * s + 2 * b;
        }
        w + 3 * s + 1
    }

    /// Bits below the completion field.
    pub fn below_completion(&self) -> u32 {
        self.width() - 2
    }

    /// Bits below the C9 field.
    pub fn below_c9(&self) -> u32 {
        self.width() - (2 + 4 * self.s + 2 * self.big_s)
    }

    /// C1 and C3: may `a` and `b` meet at all? (C3: not both with the same absolute colour
    /// preference, unless one of them is a topscorer in the last round.)
    pub fn compatible(&self, a: usize, b: usize) -> bool {
        !self.met[a * self.n + b] && (self.c3[a].is_none() || self.c3[a] != self.c3[b])
    }
}

/// Everything a weight depends on besides the two players.
pub struct Ctx<'a> {
    pub e: &'a [Entrant],
    pub layout: &'a Layout,
    pub bye_score: u32,
    pub single_downfloater_is_bye: bool,
    /// Played-games rank among the players with the bye score, by entrant.
    pub played_rank: &'a [u64],
}

impl Ctx<'_> {
    fn candidate(&self, i: usize) -> bool {
        self.e[i].bye_eligible && self.e[i].score <= self.bye_score
    }

    /// The weight of pairing `hi` (the higher-ranked) with `lo`; zero when they may not meet.
    pub fn edge<W: Weight>(
        &self,
        hi: usize,
        lo: usize,
        lo_in_current: bool,
        lo_in_next: bool,
    ) -> W {
        let l = self.layout;
        if !l.compatible(hi, lo) {
            return W::zero();
        }
        let (h, lw) = (&self.e[hi], &self.e[lo]);
        let (s, big) = (l.s, l.big_s);
        // The fields of the table above are added from the lowest up, each at its offset
        // (`at` counts the bits below the field): the same number as shifting the weight left
        // by each field's width and adding the field, since both are exact modulo 2^BITS.
        let mut w = W::zero();
        let mut at = 3 * s + 1;
        let higher = h.score > lw.score;
        for back in (0..2usize).rev() {
            if l.played_rounds as usize > back {
                let (fh, fl) = (h.floats[back], lw.floats[back]);
                if lo_in_current && !(fl == Float::Up && higher) {
                    w = w.add_at(1, at + l.shift[hi]);
                }
                at += big;
                if lo_in_current {
                    if fl == Float::Down {
                        w = w.add_at(1, at + l.shift[lo]);
                    }
                    if fh == Float::Down {
                        w = w.add_at(1, at + l.shift[hi]);
                    }
                }
                at += big;
            }
        }
        for back in (0..2usize).rev() {
            if l.played_rounds as usize > back {
                let (fh, fl) = (h.floats[back], lw.floats[back]);
                if lo_in_current {
                    w = w.add_at(u64::from(!(higher && fl == Float::Up)), at);
                }
                at += s;
                if lo_in_current {
                    w = w.add_at(u64::from(fl == Float::Down), at);
                    w = w.add_at(u64::from(h.score <= lw.score && fh == Float::Down), at);
                }
                at += s;
            }
        }
        // Colour criteria, seen from the lower player P against the higher player O.
        let (p, o) = (lw, h);
        let c10 = !p.absolute_imbalance() || !o.absolute_imbalance() || p.pref != o.pref;
        let c11 = !p.absolute()
            || !o.absolute()
            || p.pref != o.pref
            || if p.imbalance == o.imbalance {
                p.repeated == Col::None || p.repeated != o.repeated
            } else {
                let less = if p.imbalance > o.imbalance { o } else { p };
                less.repeated != p.pref.invert()
            };
        let c12 = p.pref != o.pref || p.pref == Col::None || o.pref == Col::None;
        let c13 = (!p.strong && !p.absolute())
            || (!o.strong && !o.absolute())
            || (p.absolute() && o.absolute())
            || p.pref != o.pref;
        for c in [c13, c12, c11, c10] {
            w = w.add_at(u64::from(lo_in_current && c), at);
            at += s;
        }
        w = w.add_at(self.c9(hi, lo), at);
        at += 2 * s;
        if lo_in_next {
            w = w.add_at(1, at + l.shift[hi]);
        }
        at += big;
        w = w.add_at(u64::from(lo_in_next), at);
        at += s;
        if lo_in_current {
            w = w.add_at(1, at + l.shift[hi]);
        }
        at += big;
        w = w.add_at(u64::from(lo_in_current), at);
        at += s;
        let completion = 1 + u64::from(!self.candidate(hi)) + u64::from(!self.candidate(lo));
        w.add_at(completion, at)
    }

    /// The C9 field: the unplayed-games ranks of the players with the bye score, when the
    /// bracket's downfloater is to be the bye assignee.
    pub fn c9(&self, a: usize, b: usize) -> u64 {
        if !self.single_downfloater_is_bye {
            return 0;
        }
        let rank = |i: usize| {
            if self.e[i].score == self.bye_score {
                self.played_rank[i]
            } else {
                0
            }
        };
        rank(a) + rank(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrant(score: u32, pref: Col, imbalance: u32, repeated: Col) -> Entrant {
        Entrant {
            start_no: 1,
            score,
            raw_score: score,
            rank: 0,
            pref,
            imbalance,
            repeated,
            strong: false,
            bye_eligible: true,
            played_games: 0,
            floats: [Float::None; 2],
            colours: Vec::new(),
        }
    }

    /// `compatible` reads a per-entrant summary of C3: it must agree with the rule as the
    /// handbook words it, for every mix of preferences, absoluteness and topscorers, in the
    /// last round and before it.
    #[test]
    fn compatible_follows_c1_and_c3() {
        let mut field = Vec::new();
        for score in [10, 40] {
            for pref in [Col::White, Col::Black, Col::None] {
                for (imbalance, repeated) in [(0, Col::None), (2, Col::None), (0, pref)] {
                    field.push(entrant(score, pref, imbalance, repeated));
                }
            }
        }
        let n = field.len();
        let topscore = 25;
        for last in [false, true] {
            let mut met = vec![false; n * n];
            met[1] = true;
            met[n] = true;
            let rounds = if last { 5 } else { 9 };
            let layout = Layout::new(&field, met.clone(), 4, rounds, topscore);
            assert_eq!(layout.last_round, last);
            for a in 0..n {
                for b in 0..n {
                    let (p, q) = (&field[a], &field[b]);
                    let c3 = !p.absolute()
                        || !q.absolute()
                        || p.pref != q.pref
                        || (last && (p.score > topscore || q.score > topscore));
                    let expected = !met[a * n + b] && c3;
                    assert_eq!(layout.compatible(a, b), expected, "{a} {b} last {last}");
                }
            }
        }
    }
}
