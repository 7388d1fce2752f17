//! Words of the engine's enumerations that this app's analyses show — the withdrawal policies
//! and the paper's claims — in the reader's language. One exhaustive `match` per form, so a
//! policy added to `engine::impute::Policy` does not compile until it has words; the engine's
//! English (`Policy::label`, `ClaimCheck::claim`) stays for the command line and the files.

use crate::i18n::{td_string, Locale};
use engine::impute::Policy;
use engine::simulate::{ClaimCheck, Summary};

/// The name of columns, legends and headings: "FIDE rule", "Bayesian (BLUP)".
pub fn long(locale: Locale, p: Policy) -> &'static str {
    match p {
        Policy::Fide => td_string!(locale, simulation.policy_long.fide),
        Policy::Annul => td_string!(locale, simulation.policy_long.annul),
        Policy::Forfeit => td_string!(locale, simulation.policy_long.forfeit),
        Policy::Elo => td_string!(locale, simulation.policy_long.elo),
        Policy::Performance => td_string!(locale, simulation.policy_long.performance),
        Policy::Bayes => td_string!(locale, simulation.policy_long.bayes),
    }
}

/// The word of narrow column headers: "FIDE", "Perf.".
pub fn short(locale: Locale, p: Policy) -> &'static str {
    match p {
        Policy::Fide => td_string!(locale, simulation.policy_short.fide),
        Policy::Annul => td_string!(locale, simulation.policy_short.annul),
        Policy::Forfeit => td_string!(locale, simulation.policy_short.forfeit),
        Policy::Elo => td_string!(locale, simulation.policy_short.elo),
        Policy::Performance => td_string!(locale, simulation.policy_short.performance),
        Policy::Bayes => td_string!(locale, simulation.policy_short.bayes),
    }
}

/// The name inside a sentence or a table cell ("annul", "forfeit": what the FIDE rule does).
pub fn in_text(locale: Locale, p: Policy) -> &'static str {
    match p {
        Policy::Fide => td_string!(locale, simulation.policy_text.fide),
        Policy::Annul => td_string!(locale, simulation.policy_text.annul),
        Policy::Forfeit => td_string!(locale, simulation.policy_text.forfeit),
        Policy::Elo => td_string!(locale, simulation.policy_text.elo),
        Policy::Performance => td_string!(locale, simulation.policy_text.performance),
        Policy::Bayes => td_string!(locale, simulation.policy_text.bayes),
    }
}

/// The paper's five headline claims, in the order of `Summary::compare_with_paper` (pinned by
/// a test against the engine's English names): what the app words in the reader's language,
/// where the engine's `ClaimCheck` texts are the command line's English.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// Bayesian vs the FIDE rule, overall.
    BayesVsFide,
    /// Bayesian vs forfeit, where FIDE forfeits.
    BayesVsForfeit,
    /// Bayesian vs annulment, where FIDE annuls.
    BayesVsAnnul,
    /// Bayesian below both FIDE rules in every scenario.
    BayesBelowBoth,
    /// Annulment below forfeit in every scenario.
    AnnulBelowForfeit,
}

impl Claim {
    /// In the order `Summary::compare_with_paper` lists them.
    pub const ALL: [Claim; 5] = [
        Claim::BayesVsFide,
        Claim::BayesVsForfeit,
        Claim::BayesVsAnnul,
        Claim::BayesBelowBoth,
        Claim::AnnulBelowForfeit,
    ];
}

/// The engine's checks, each with the claim it is about.
pub fn checks(s: &Summary) -> Vec<(Claim, ClaimCheck)> {
    Claim::ALL.into_iter().zip(s.compare_with_paper()).collect()
}

/// A claim's name ("Bayesian vs the FIDE rule, overall").
pub fn claim_name(locale: Locale, claim: Claim) -> &'static str {
    match claim {
        Claim::BayesVsFide => td_string!(locale, simulation.claims.bayes_vs_fide),
        Claim::BayesVsForfeit => td_string!(locale, simulation.claims.bayes_vs_forfeit),
        Claim::BayesVsAnnul => td_string!(locale, simulation.claims.bayes_vs_annul),
        Claim::BayesBelowBoth => td_string!(locale, simulation.claims.bayes_below_both),
        Claim::AnnulBelowForfeit => td_string!(locale, simulation.claims.annul_below_forfeit),
    }
}
