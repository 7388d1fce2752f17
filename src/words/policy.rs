//! A withdrawal policy in the reader's language: its name, its narrow-column word and the word a
//! sentence uses, from the `withdrawal` catalogue — the one table every view reads (the
//! withdrawal tables, the Standings tab's basis, the simulation, the chances, Learn). The
//! `match` is exhaustive, so a policy added to `engine::impute::Policy` does not compile until
//! it has words here; the engine's English `Policy::label` stays for the CLI.

use crate::i18n::{td_string, Locale};
use engine::impute::Policy;

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
    fn every_policy_has_its_own_words_in_every_language() {
        for (i, a) in Policy::ALL.iter().enumerate() {
            for b in &Policy::ALL[i + 1..] {
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
}
