//! Words of the paper's claims in the reader's language (the policies' words are
//! `crate::words::policy`'s). The engine's English (`ClaimCheck::claim`) stays for the command
//! line and the files.

use crate::i18n::{td_string, Locale};
use engine::simulate::{ClaimCheck, Summary};

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
