//! How each withdrawal policy looks in the app — its colour in the light and the dark scheme, its
//! CSS class, whether its line is dashed ([`look`], [`class`]); its words are
//! `crate::words::policy`'s. Every plot, legend and table reads them. Colours follow
//! `Policy::ALL`'s order in one palette, so a new policy needs no code here.

use engine::impute::Policy;
use plotters::style::RGBColor;

/// How one policy is drawn and named.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PolicyLook {
    /// Line and swatch colour on the light background.
    pub light: RGBColor,
    /// Line and swatch colour on the dark background.
    pub dark: RGBColor,
    /// Drawn dashed where lines may coincide (the FIDE rule always equals annul or forfeit).
    pub dashed: bool,
}

impl PolicyLook {
    /// The colour for the scheme.
    pub fn colour(&self, dark: bool) -> RGBColor {
        if dark {
            self.dark
        } else {
            self.light
        }
    }

    /// The colour for the scheme as CSS (`#1f5fbf`).
    pub fn css_colour(&self, dark: bool) -> String {
        let RGBColor(r, g, b) = self.colour(dark);
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

/// Red, green and blue.
type Rgb = (u8, u8, u8);

/// Light and dark colours, one pair per policy in the order of `Policy::ALL`: distinguishable
/// with colour blindness, with enough contrast on the stylesheet's light and dark surfaces. The
/// spare pairs at the end go to policies yet to come, so adding one touches nothing here.
const PALETTE: [(Rgb, Rgb); 8] = [
    ((0xb3, 0x26, 0x1e), (0xff, 0x8f, 0x86)), // FIDE rule
    ((0x4d, 0x55, 0x60), (0xc8, 0xcd, 0xd4)), // annul
    ((0xd5, 0x5e, 0x00), (0xff, 0xa6, 0x57)), // forfeit
    ((0x00, 0x86, 0x5c), (0x5f, 0xd6, 0x9a)), // Elo only
    ((0x75, 0x4a, 0xb8), (0xc4, 0xa7, 0xff)), // performance only
    ((0x1f, 0x5f, 0xbf), (0x7f, 0xb0, 0xff)), // Bayesian
    ((0x8a, 0x5a, 0x00), (0xe0, 0xb0, 0x50)),
    ((0xaa, 0x33, 0x77), (0xf0, 0x8c, 0xc4)),
];

// Every policy has its pair.
const _: () = assert!(PALETTE.len() >= Policy::ALL.len());

/// How policy `p` is drawn: its pair in [`PALETTE`], dashed for the FIDE rule (its line always
/// lies on annul's or forfeit's).
pub fn look(p: Policy) -> PolicyLook {
    let i = Policy::ALL.iter().position(|&q| q == p).unwrap_or(0);
    let rgb = |(r, g, b): Rgb| RGBColor(r, g, b);
    let (light, dark) = PALETTE[i];
    PolicyLook {
        light: rgb(light),
        dark: rgb(dark),
        dashed: p == Policy::Fide,
    }
}

/// The CSS class of a policy's table cells and columns (`policy-bayes`): its id.
pub fn class(p: Policy) -> String {
    format!("policy-{}", p.id())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_policy_has_its_own_colour_and_class() {
        for (i, a) in Policy::ALL.iter().enumerate() {
            for b in &Policy::ALL[i + 1..] {
                let (la, lb) = (look(*a), look(*b));
                assert_ne!(la.light, lb.light, "{a:?} and {b:?} share a light colour");
                assert_ne!(la.dark, lb.dark, "{a:?} and {b:?} share a dark colour");
                assert_ne!(class(*a), class(*b));
            }
        }
    }

    #[test]
    fn the_class_names_the_policy_id() {
        for p in Policy::ALL {
            assert_eq!(class(p), format!("policy-{}", p.id()));
        }
    }
}
