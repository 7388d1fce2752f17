//! How each withdrawal policy looks in the app — its colour in the light and the dark scheme, its
//! CSS class, whether its line is dashed — in one table, [`look`], and its words in the reader's
//! language ([`name`], [`short`], [`in_text`], from the `withdrawal` catalogue). Every plot,
//! legend and table reads them; each `match` is exhaustive, so a policy added to
//! `engine::impute::Policy` does not compile until it has a row and words here. The engine's
//! English `Policy::label` stays for the CLI.

use crate::i18n::{td_string, Locale};
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

/// A policy's words in language `l`: its name, its narrow-column word, and the word a sentence
/// uses — one exhaustive `match`, so a new policy does not compile until it has all three.
fn words(l: Locale, p: Policy) -> [&'static str; 3] {
    match p {
        Policy::Fide => [
            td_string!(l, withdrawal.policy.name.fide),
            td_string!(l, withdrawal.policy.short.fide),
            td_string!(l, withdrawal.policy.in_text.fide),
        ],
        Policy::Annul => [
            td_string!(l, withdrawal.policy.name.annul),
            td_string!(l, withdrawal.policy.short.annul),
            td_string!(l, withdrawal.policy.in_text.annul),
        ],
        Policy::Forfeit => [
            td_string!(l, withdrawal.policy.name.forfeit),
            td_string!(l, withdrawal.policy.short.forfeit),
            td_string!(l, withdrawal.policy.in_text.forfeit),
        ],
        Policy::Elo => [
            td_string!(l, withdrawal.policy.name.elo),
            td_string!(l, withdrawal.policy.short.elo),
            td_string!(l, withdrawal.policy.in_text.elo),
        ],
        Policy::Performance => [
            td_string!(l, withdrawal.policy.name.performance),
            td_string!(l, withdrawal.policy.short.performance),
            td_string!(l, withdrawal.policy.in_text.performance),
        ],
        Policy::Bayes => [
            td_string!(l, withdrawal.policy.name.bayes),
            td_string!(l, withdrawal.policy.short.bayes),
            td_string!(l, withdrawal.policy.in_text.bayes),
        ],
    }
}

/// A policy's name, as columns, legends, headings and the "order by" choice show it:
/// "FIDE rule", "Règle FIDE", "FIDE-Regel", "FIDEルール".
pub fn name(l: Locale, p: Policy) -> &'static str {
    words(l, p)[0]
}

/// A policy's word for narrow column headers: "Perf.", "Annull.".
pub fn short(l: Locale, p: Policy) -> &'static str {
    words(l, p)[1]
}

/// A policy as a word inside a sentence or a cell ("FIDE rule → annul", "here: forfeit"): lower
/// case where the language writes it so (English "annul", but German nouns keep their capital).
pub fn in_text(l: Locale, p: Policy) -> &'static str {
    words(l, p)[2]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_policy_has_its_own_colour_class_and_label() {
        for (i, a) in Policy::ALL.iter().enumerate() {
            for b in &Policy::ALL[i + 1..] {
                let (la, lb) = (look(*a), look(*b));
                assert_ne!(la.light, lb.light, "{a:?} and {b:?} share a light colour");
                assert_ne!(la.dark, lb.dark, "{a:?} and {b:?} share a dark colour");
                assert_ne!(la.class, lb.class);
                for l in crate::lang::ALL {
                    assert_ne!(short(l, *a), short(l, *b), "{l:?}: {a:?} and {b:?}");
                    assert_ne!(name(l, *a), name(l, *b), "{l:?}: {a:?} and {b:?}");
                    assert_ne!(in_text(l, *a), in_text(l, *b), "{l:?}: {a:?} and {b:?}");
                }
            }
        }
    }

    #[test]
    fn english_names_are_the_engines_labels() {
        for p in Policy::ALL {
            assert_eq!(name(Locale::en, p), p.label());
        }
        assert_eq!(in_text(Locale::en, Policy::Annul), "annul");
        assert_eq!(in_text(Locale::de, Policy::Annul), "Annullierung");
    }

    #[test]
    fn the_class_names_the_policy_id() {
        for p in Policy::ALL {
            assert_eq!(look(p).class, format!("policy-{}", p.id()));
        }
    }
}
