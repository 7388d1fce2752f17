//! The paper's five headline claims next to ours (`Summary::compare_with_paper`), and the
//! plain-language note on where they differ and why (`simulation::note`).

use crate::i18n::{td_string, Locale};
use crate::simulation::note::{explain, number};
use crate::tr;
use crate::words::claims::{checks, claim_name, Claim};
use crate::words::text;
use engine::simulate::{paper, ClaimCheck, StudyResult, Summary, Verdict, AGREEMENT_PP};
use leptos::prelude::*;

/// A verdict in words, and its CSS class.
pub fn verdict_words(locale: Locale, v: Verdict) -> (&'static str, &'static str) {
    match v {
        Verdict::Holds => (td_string!(locale, simulation.claims.holds), "holds"),
        Verdict::DirectionOnly => (
            td_string!(locale, simulation.claims.direction_only),
            "direction",
        ),
        Verdict::DoesNotHold => (td_string!(locale, simulation.claims.does_not_hold), "fails"),
    }
}

/// "12.3 % lower", or "n/a" where no scenario concerns the claim.
fn lower(locale: Locale, pct: Option<f64>) -> String {
    match pct {
        Some(p) => {
            let pct = text::dec_in(locale, p, 1);
            td_string!(locale, simulation.claims.lower, pct).to_string()
        }
        None => td_string!(locale, simulation.claims.not_available).to_string(),
    }
}

/// "41 % lower (42.8 %)": the abstract's figure and the text's.
fn lower_text(locale: Locale, abstract_pct: f64, text_pct: f64) -> String {
    td_string!(
        locale,
        simulation.claims.lower_text,
        pct = number(locale, abstract_pct),
        text_pct = number(locale, text_pct)
    )
    .to_string()
}

/// "15–45 % lower".
fn lower_range(locale: Locale, lo: String, hi: String) -> String {
    td_string!(locale, simulation.claims.lower_range, lo, hi).to_string()
}

/// What the paper says and what this run found, for one claim, in words: the engine's numbers
/// (`Summary`, `paper`), worded here rather than from the English `ClaimCheck` texts.
pub fn claim_figures(locale: Locale, s: &Summary, claim: Claim) -> (String, String) {
    match claim {
        Claim::BayesVsFide => {
            let pct = number(locale, paper::BAYES_VS_FIDE_PCT);
            (
                td_string!(locale, simulation.claims.lower, pct).to_string(),
                lower(locale, Some(s.bayes_vs_fide_pct)),
            )
        }
        Claim::BayesVsForfeit => (
            lower_text(
                locale,
                paper::BAYES_VS_FORFEIT_PCT,
                paper::BAYES_VS_FORFEIT_TEXT_PCT,
            ),
            lower(locale, s.bayes_vs_forfeit_where_fide_forfeits_pct),
        ),
        Claim::BayesVsAnnul => (
            lower_text(
                locale,
                paper::BAYES_VS_ANNUL_PCT,
                paper::BAYES_VS_ANNUL_TEXT_PCT,
            ),
            lower(locale, s.bayes_vs_annul_where_fide_annuls_pct),
        ),
        Claim::BayesBelowBoth => (
            td_string!(
                locale,
                simulation.claims.in_all,
                count = paper::BAYES_BEATS_BOTH_IN
            )
            .to_string(),
            td_string!(
                locale,
                simulation.claims.in_some,
                count = s.bayes_beats_both_fide_rules,
                total = s.scenarios
            )
            .to_string(),
        ),
        Claim::AnnulBelowForfeit => {
            let (lo, hi) = paper::ANNUL_VS_FORFEIT_RANGE_PCT;
            (
                lower_range(locale, number(locale, lo), number(locale, hi)),
                lower_range(
                    locale,
                    text::dec_in(locale, s.annul_vs_forfeit_min_pct, 1),
                    text::dec_in(locale, s.annul_vs_forfeit_max_pct, 1),
                ),
            )
        }
    }
}

/// One claim's row.
fn claim_row(locale: Locale, s: &Summary, claim: Claim, c: &ClaimCheck) -> impl IntoView {
    let (words, class) = verdict_words(locale, c.verdict);
    let (paper, ours) = claim_figures(locale, s, claim);
    view! {
        <tr>
            <th scope="row">{claim_name(locale, claim)}</th>
            <td>{paper}</td>
            <td>{ours}</td>
            <td>
                <span class=format!("verdict {class}")>{words}</span>
            </td>
        </tr>
    }
}

#[component]
pub fn ClaimsTable(
    /// The finished study.
    result: StudyResult,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let result = StoredValue::new(result);
    let rows = move || {
        let l = lang.get();
        result.with_value(|r| {
            checks(&r.summary)
                .iter()
                .map(|(claim, c)| claim_row(l, &r.summary, *claim, c))
                .collect_view()
        })
    };
    let note = move || {
        let l = lang.get();
        result.with_value(|r| {
            explain(l, r)
                .into_iter()
                .map(|p| view! { <p>{p}</p> })
                .collect_view()
        })
    };
    let lowest = move || {
        result.with_value(|r| {
            td_string!(
                lang.get(),
                simulation.claims.lowest,
                count = r.summary.bayes_lowest_of_all,
                total = r.summary.scenarios
            )
            .to_string()
        })
    };
    let caption = move || {
        let pp = number(lang.get(), AGREEMENT_PP);
        td_string!(lang.get(), simulation.claims.caption, pp).to_string()
    };
    view! {
        <section class="sim-claims" aria-labelledby="sim-claims-title">
            <h4 id="sim-claims-title">{tr!(simulation.claims.heading)}</h4>
            <div class="table-scroll">
                <table data-testid="sim-claims">
                    <caption>{caption}</caption>
                    <thead>
                        <tr>
                            <th scope="col">{tr!(simulation.claims.col_claim)}</th>
                            <th scope="col">{tr!(simulation.claims.col_paper)}</th>
                            <th scope="col">{tr!(simulation.claims.col_ours)}</th>
                            <th scope="col">{tr!(simulation.claims.col_verdict)}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <p class="muted">{lowest}</p>
            <div class="note sim-note" data-testid="sim-note">
                <h5>{tr!(simulation.claims.note_heading)}</h5>
                {note}
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::simulate::{run_study, StudyConfig};

    /// The app's claims are the engine's, in its order, and say in English what it says: the
    /// same name, the same figures.
    #[test]
    fn the_claims_are_the_engines_in_its_order() {
        let r = run_study(
            &StudyConfig {
                tournaments: 30,
                ..StudyConfig::default()
            },
            1,
            |_, _| {},
        )
        .expect("valid config");
        let engine = r.summary.compare_with_paper();
        assert_eq!(engine.len(), Claim::ALL.len(), "a claim without words");
        for (claim, check) in checks(&r.summary) {
            assert_eq!(claim_name(Locale::en, claim), check.claim);
            let (paper, ours) = claim_figures(Locale::en, &r.summary, claim);
            assert_eq!(
                (paper.as_str(), ours.as_str()),
                (check.paper.as_str(), check.ours.as_str())
            );
        }
        let (paper, _) = claim_figures(Locale::fr, &r.summary, Claim::BayesVsForfeit);
        assert_eq!(paper, "41\u{202f}% plus bas (42,8\u{202f}%)");
    }
}
