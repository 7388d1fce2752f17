//! Colour allocation (C.04.3 art. 5): for each pair, in order of precedence,
//! 1. grant both preferences when they are compatible;
//! 2. grant the stronger preference (absolute over strong over mild; of two absolute ones, the
//!    larger colour difference);
//! 3. alternate the colours with respect to the most recent round in which the two players had
//!    different colours (played games only);
//! 4. grant the preference of the higher-ranked player;
//! 5. with no preference at all, give the higher-ranked player the initial colour (`XXC`) if
//!    their effective pairing number is odd, the other colour if it is even.

use super::criteria::{Col, Entrant};

/// `p` ranks below `q` in the pairing order: a lower score, or the same and a larger pairing
/// number.
pub(crate) fn ranks_below(p: &Entrant, q: &Entrant) -> bool {
    (p.score, q.rank) < (q.score, p.rank)
}

/// The colours of the two players in the latest round in which they differed.
fn first_difference(p: &Entrant, q: &Entrant) -> (Col, Col) {
    let mut a = p.colours.iter().rev();
    let mut b = q.colours.iter().rev();
    loop {
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (x, y) => {
                return (
                    x.copied().unwrap_or(Col::None),
                    y.copied().unwrap_or(Col::None),
                )
            }
        }
    }
}

/// Which rule of art. 5.2 gave a pair its colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ColourRule {
    /// 5.2.1: both preferences granted (or the only one there is).
    BothPreferences,
    /// 5.2.2: the stronger preference granted — absolute over strong over mild, of two
    /// absolute ones the larger colour difference; `first` is the player of the pair whose
    /// preference it was.
    Stronger { first: bool },
    /// 5.2.3: colours alternated with respect to the last round in which the two differed.
    Alternated,
    /// 5.2.4: the higher-ranked player's preference granted; `first` as above.
    HigherRanked { first: bool },
    /// 5.2.5: neither has a preference: the higher-ranked player gets the initial colour with
    /// an odd pairing number, the other with an even one.
    InitialColour,
}

/// `p`'s colour by art. 5.2.1–5.2.4, and the rule; `None` when those rules leave it open.
fn neutral(p: &Entrant, q: &Entrant) -> (Col, ColourRule) {
    let compatible = p.pref != q.pref || p.pref == Col::None || q.pref == Col::None;
    let stronger = |first: bool, c: Col| (c, ColourRule::Stronger { first });
    if compatible {
        let c = if p.pref != Col::None {
            p.pref
        } else {
            q.pref.invert()
        };
        (c, ColourRule::BothPreferences)
    } else if p.absolute() && (p.imbalance > q.imbalance || !q.absolute()) {
        stronger(true, p.pref)
    } else if q.absolute() && (q.imbalance > p.imbalance || !p.absolute()) {
        stronger(false, q.pref.invert())
    } else if p.strong && !q.strong {
        stronger(true, p.pref)
    } else if q.strong && !p.strong {
        stronger(false, q.pref.invert())
    } else {
        match first_difference(p, q) {
            (Col::None, _) | (_, Col::None) => (Col::None, ColourRule::Alternated),
            (_, theirs) => (theirs, ColourRule::Alternated),
        }
    }
}

/// The colour of `p` when paired with `q`; `initial` is the colour given to the first player in
/// round 1.
pub fn colour_of(p: &Entrant, q: &Entrant, initial: Col) -> Col {
    colour_and_rule(p, q, initial).0
}

/// [`colour_of`], and the rule of art. 5.2 that decided it.
pub fn colour_and_rule(p: &Entrant, q: &Entrant, initial: Col) -> (Col, ColourRule) {
    let p_higher = !ranks_below(p, q);
    match neutral(p, q) {
        (Col::None, _) if p.pref == Col::None => {
            let c = if !p_higher {
                if q.rank & 1 == 1 {
                    initial
                } else {
                    initial.invert()
                }
            } else if p.rank & 1 == 1 {
                initial.invert()
            } else {
                initial
            };
            (c, ColourRule::InitialColour)
        }
        (Col::None, _) => {
            let c = if p_higher { p.pref } else { q.pref.invert() };
            (c, ColourRule::HigherRanked { first: p_higher })
        }
        decided => decided,
    }
}
