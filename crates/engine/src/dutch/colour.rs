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

fn ranks_below(p: &Entrant, q: &Entrant) -> bool {
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

fn neutral(p: &Entrant, q: &Entrant) -> Col {
    let compatible = p.pref != q.pref || p.pref == Col::None || q.pref == Col::None;
    if compatible {
        if p.pref != Col::None {
            p.pref
        } else {
            q.pref.invert()
        }
    } else if p.absolute() && (p.imbalance > q.imbalance || !q.absolute()) {
        p.pref
    } else if q.absolute() && (q.imbalance > p.imbalance || !p.absolute()) {
        q.pref.invert()
    } else if p.strong && !q.strong {
        p.pref
    } else if q.strong && !p.strong {
        q.pref.invert()
    } else {
        match first_difference(p, q) {
            (Col::None, _) | (_, Col::None) => Col::None,
            (_, theirs) => theirs,
        }
    }
}

/// The colour of `p` when paired with `q`; `initial` is the colour given to the first player in
/// round 1.
pub fn colour_of(p: &Entrant, q: &Entrant, initial: Col) -> Col {
    match neutral(p, q) {
        Col::None if p.pref == Col::None => {
            if ranks_below(p, q) {
                if q.rank & 1 == 1 {
                    initial
                } else {
                    initial.invert()
                }
            } else if p.rank & 1 == 1 {
                initial.invert()
            } else {
                initial
            }
        }
        Col::None => {
            if ranks_below(p, q) {
                q.pref.invert()
            } else {
                p.pref
            }
        }
        c => c,
    }
}
