//! How each withdrawal policy looks in the app — its colour in the light and the dark scheme, its
//! CSS class, whether its line is dashed — in one table, [`look`]; its words are
//! `crate::words::policy`'s. Every plot, legend and table reads them; the `match` is
//! exhaustive, so a policy added to `engine::impute::Policy` does not compile until it has a row
//! here.

use engine::impute::Policy;
use plotters::style::RGBColor;

/// How one policy is drawn and named.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PolicyLook {
    /// Line and swatch colour on the light background.
    pub light: RGBColor,
    /// Line and swatch colour on the dark background.
    pub dark: RGBColor,
    /// The CSS class of its table cells and columns.
    pub class: &'static str,
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

/// The table. Colours: distinguishable with colour blindness, with enough contrast on the
/// stylesheet's light and dark surfaces.
pub fn look(p: Policy) -> PolicyLook {
    let (light, dark, class) = match p {
        Policy::Fide => ((0xb3, 0x26, 0x1e), (0xff, 0x8f, 0x86), "policy-fide"),
        Policy::Annul => ((0x4d, 0x55, 0x60), (0xc8, 0xcd, 0xd4), "policy-annul"),
        Policy::Forfeit => ((0xd5, 0x5e, 0x00), (0xff, 0xa6, 0x57), "policy-forfeit"),
        Policy::Elo => ((0x00, 0x86, 0x5c), (0x5f, 0xd6, 0x9a), "policy-elo"),
        Policy::Performance => ((0x75, 0x4a, 0xb8), (0xc4, 0xa7, 0xff), "policy-performance"),
        Policy::Bayes => ((0x1f, 0x5f, 0xbf), (0x7f, 0xb0, 0xff), "policy-bayes"),
    };
    let rgb = |(r, g, b): (u8, u8, u8)| RGBColor(r, g, b);
    PolicyLook {
        light: rgb(light),
        dark: rgb(dark),
        class,
        dashed: p == Policy::Fide,
    }
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
                assert_ne!(la.class, lb.class);
            }
        }
    }

    #[test]
    fn the_class_names_the_policy_id() {
        for p in Policy::ALL {
            assert_eq!(look(p).class, format!("policy-{}", p.id()));
        }
    }
}
