//! A withdrawal policy in the reader's language: its name, its narrow-column word and the word a
//! sentence uses, from the `withdrawal` catalogue — the one table every view reads (the
//! withdrawal tables, the Standings tab's basis, the simulation, the chances, Learn) — and what
//! the views say of it: how its games enter the tie-breaks, why it can win a scenario of the
//! study, what it does with a withdrawal. Every `match` is exhaustive, so a policy added to
//! `engine::impute::Policy` does not compile until it has words here, and here only; the
//! engine's English `Policy::label` stays for the CLI.

use crate::i18n::{td_string, Locale};
use engine::impute::Policy;

/// A policy's words in language `l`: its name, its narrow-column word, and the word a sentence
/// uses — one exhaustive `match`, so a new policy does not compile until it has all three (one
/// line per language in `locales/*/withdrawal.json`: `"<id>": { "name", "short", "in_text" }`).
fn words(l: Locale, p: Policy) -> [&'static str; 3] {
    match p {
        Policy::Fide => [
            td_string!(l, withdrawal.policy.fide.name),
            td_string!(l, withdrawal.policy.fide.short),
            td_string!(l, withdrawal.policy.fide.in_text),
        ],
        Policy::Annul => [
            td_string!(l, withdrawal.policy.annul.name),
            td_string!(l, withdrawal.policy.annul.short),
            td_string!(l, withdrawal.policy.annul.in_text),
        ],
        Policy::Forfeit => [
            td_string!(l, withdrawal.policy.forfeit.name),
            td_string!(l, withdrawal.policy.forfeit.short),
            td_string!(l, withdrawal.policy.forfeit.in_text),
        ],
        Policy::Elo => [
            td_string!(l, withdrawal.policy.elo.name),
            td_string!(l, withdrawal.policy.elo.short),
            td_string!(l, withdrawal.policy.elo.in_text),
        ],
        Policy::Performance => [
            td_string!(l, withdrawal.policy.performance.name),
            td_string!(l, withdrawal.policy.performance.short),
            td_string!(l, withdrawal.policy.performance.in_text),
        ],
        Policy::Bayes => [
            td_string!(l, withdrawal.policy.bayes.name),
            td_string!(l, withdrawal.policy.bayes.short),
            td_string!(l, withdrawal.policy.bayes.in_text),
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

/// How a withdrawal policy's games enter the tie-breaks (the engine's
/// `Crosstable::under_policy` documentation).
pub fn games_rule(locale: Locale, policy: Policy) -> &'static str {
    match policy {
        Policy::Forfeit => td_string!(locale, standings.basis.games_forfeit),
        Policy::Annul => td_string!(locale, standings.basis.games_annul),
        Policy::Fide => td_string!(locale, standings.basis.games_fide),
        Policy::Elo | Policy::Performance | Policy::Bayes => {
            td_string!(locale, standings.basis.games_imputed)
        }
    }
}

/// Why a method other than the Bayesian one can win a scenario, in general terms.
pub fn why_it_wins(locale: Locale, m: Policy) -> &'static str {
    match m {
        Policy::Elo => td_string!(locale, simulation.note.why_elo),
        Policy::Annul | Policy::Fide => td_string!(locale, simulation.note.why_annul),
        Policy::Performance => td_string!(locale, simulation.note.why_performance),
        Policy::Forfeit => td_string!(locale, simulation.note.why_forfeit),
        Policy::Bayes => "",
    }
}

/// What a policy does with a withdrawal, as the Chances view's panel says it ("the games are
/// annulled", "imputed").
pub fn what_it_does(locale: Locale, p: Policy) -> &'static str {
    match p {
        Policy::Annul => td_string!(locale, chances.panel.annulled),
        Policy::Forfeit => td_string!(locale, chances.panel.forfeited),
        Policy::Bayes | Policy::Performance => td_string!(locale, chances.panel.imputed),
        Policy::Elo => td_string!(locale, chances.panel.elo),
        Policy::Fide => td_string!(locale, chances.panel.fide),
    }
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
