//! The plain-language note under "the paper's claims next to ours": where our run differs from
//! the paper and why that can happen, written from the run's own numbers (nothing here knows
//! what a particular seed or grid will give). Every percentage comes from `engine::simulate`
//! ([`Summary`], [`percent_lower`]), and so does which method was best in a scenario, ties
//! included ([`ScenarioResult::best_methods`]); this module only chooses the sentences, and the
//! catalogue (`simulation.note.*`) their words in the reader's language.

use crate::i18n::{td_string, Locale};
use crate::words::claims;
use crate::words::policy as policy_words;
use crate::words::text;
use engine::impute::Policy;
use engine::simulate::{paper, percent_lower, ScenarioResult, StudyResult, Summary, Verdict};

/// `σ = 30, β = −150, n = 2`, numbers in the reader's convention.
pub fn scenario_label(locale: Locale, r: &ScenarioResult) -> String {
    td_string!(
        locale,
        simulation.note.scenario,
        sd = number(locale, r.rating_sd),
        beta = signed_in(locale, r.form),
        n = r.withdrawal_after
    )
    .to_string()
}

/// A number with a typographic minus and an explicit plus: `−150`, `0`, `+150`.
pub fn signed(x: f64) -> String {
    if x > 0.0 {
        format!("+{x}")
    } else if x < 0.0 {
        format!("−{}", -x)
    } else {
        "0".to_string()
    }
}

/// [`signed`] in the reader's convention (`+37,5` in French).
pub fn signed_in(locale: Locale, x: f64) -> String {
    text::localise(locale, signed(x))
}

/// A number as typed (shortest exact form) in the reader's convention: `30`, `0,6`.
pub fn number(locale: Locale, x: f64) -> String {
    text::localise(locale, x.to_string())
}

/// A percentage with one decimal: `12.3 %`, `12,3 %`.
fn pct(locale: Locale, x: f64) -> String {
    td_string!(locale, simulation.note.pct, n = text::dec_in(locale, x, 1)).to_string()
}

/// "a; b and c".
fn and_list(locale: Locale, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => td_string!(
            locale,
            simulation.note.and_list,
            init = init.join(td_string!(locale, simulation.note.list_semicolon)),
            last = last.clone()
        )
        .to_string(),
    }
}

/// What a group of scenarios has in common, in words ("W plays exactly to its rating…"), if
/// anything.
fn common_ground(locale: Locale, rows: &[&ScenarioResult], all: &[ScenarioResult]) -> Vec<String> {
    let mut out = Vec::new();
    let same = |f: &dyn Fn(&ScenarioResult) -> f64| {
        let first = f(rows[0]);
        rows.iter().all(|r| f(r) == first).then_some(first)
    };
    if let Some(b) = same(&|r| r.form) {
        if b == 0.0 {
            out.push(td_string!(locale, simulation.note.common_neutral).to_string());
        } else {
            let beta = signed_in(locale, b);
            out.push(td_string!(locale, simulation.note.common_form, beta).to_string());
        }
    }
    let min_sd = all
        .iter()
        .map(|r| r.rating_sd)
        .fold(f64::INFINITY, f64::min);
    let max_sd = all
        .iter()
        .map(|r| r.rating_sd)
        .fold(f64::NEG_INFINITY, f64::max);
    if let Some(sd) = same(&|r| r.rating_sd) {
        if sd == min_sd && min_sd < max_sd {
            let sd = number(locale, sd);
            out.push(td_string!(locale, simulation.note.common_close, sd).to_string());
        }
    }
    out
}

/// Sentences of one paragraph, joined as the language joins them.
fn paragraph(locale: Locale, sentences: &[String]) -> String {
    sentences.join(text::sentence_gap(locale))
}

/// Whether the claims hold: all of them, or which do not.
fn claims_paragraph(locale: Locale, s: &Summary) -> String {
    let differing: Vec<String> = claims::checks(s)
        .iter()
        .filter(|(_, ch)| ch.verdict != Verdict::Holds)
        .map(|(claim, _)| {
            let claim = claims::claim_name(locale, *claim);
            td_string!(locale, simulation.note.quoted, claim).to_string()
        })
        .collect();
    if differing.is_empty() {
        let pp = number(locale, engine::simulate::AGREEMENT_PP);
        td_string!(locale, simulation.note.all_hold, pp).to_string()
    } else {
        td_string!(
            locale,
            simulation.note.some_differ,
            count = differing.len(),
            claims = differing.join(td_string!(locale, simulation.note.list_comma))
        )
        .to_string()
    }
}

/// Where the Bayesian estimate is not the best, and what those scenarios share (added to
/// `said`, so the next paragraph does not repeat it).
fn beaten_paragraph(
    locale: Locale,
    rows: &[ScenarioResult],
    said: &mut Vec<String>,
) -> Option<String> {
    let beaten: Vec<&ScenarioResult> = rows
        .iter()
        .filter(|r| !r.best_methods().contains(&Policy::Bayes))
        .collect();
    if beaten.is_empty() {
        return None;
    }
    let mut by_winner: Vec<(Policy, Vec<String>)> = Vec::new();
    for r in &beaten {
        // Tied winners are listed under the first of them, in `METHODS` order.
        let Some(&winner) = r.best_methods().first() else {
            continue;
        };
        match by_winner.iter_mut().find(|(m, _)| *m == winner) {
            Some((_, list)) => list.push(scenario_label(locale, r)),
            None => by_winner.push((winner, vec![scenario_label(locale, r)])),
        }
    }
    let winners: Vec<String> = by_winner
        .iter()
        .map(|(m, list)| {
            td_string!(
                locale,
                simulation.note.winner,
                method = policy_words::name(locale, *m),
                scenarios = and_list(locale, list)
            )
            .to_string()
        })
        .collect();
    let mut sentences = vec![td_string!(
        locale,
        simulation.note.beaten,
        count = beaten.len(),
        total = rows.len(),
        winners = winners.join(td_string!(locale, simulation.note.list_semicolon))
    )
    .to_string()];
    let common = common_ground(locale, &beaten, rows);
    said.extend(common.iter().cloned());
    let and_also = td_string!(locale, simulation.note.and_also);
    sentences.push(if common.is_empty() {
        let reasons: Vec<&str> = by_winner
            .iter()
            .map(|(m, _)| policy_words::why_it_wins(locale, *m))
            .collect();
        let reasons = reasons.join(td_string!(locale, simulation.note.list_semicolon));
        td_string!(locale, simulation.note.in_general, reasons).to_string()
    } else {
        let common = common.join(and_also);
        td_string!(locale, simulation.note.in_those, common).to_string()
    });
    Some(paragraph(locale, &sentences))
}

/// The scenarios where the Bayesian estimate is not below both FIDE rules, if any.
fn exceptions_paragraph(locale: Locale, result: &StudyResult, said: &[String]) -> Option<String> {
    let rows = &result.scenarios;
    let s = &result.summary;
    if s.bayes_beats_both_fide_rules >= s.scenarios {
        return None;
    }
    let exception_rows: Vec<&ScenarioResult> = rows
        .iter()
        .filter(|r| !r.bayes_beats_both_fide_rules())
        .collect();
    let exceptions: Vec<String> = exception_rows
        .iter()
        .map(|r| {
            let rule = if r.rmse.annul <= r.rmse.forfeit {
                Policy::Annul
            } else {
                Policy::Forfeit
            };
            td_string!(
                locale,
                simulation.note.exception,
                scenario = scenario_label(locale, r),
                rule = policy_words::in_text(locale, rule)
            )
            .to_string()
        })
        .collect();
    let common: Vec<String> = common_ground(locale, &exception_rows, rows)
        .into_iter()
        .filter(|c| !said.contains(c))
        .collect();
    let mut sentences = vec![td_string!(
        locale,
        simulation.note.exceptions,
        count = paper::BAYES_BEATS_BOTH_IN,
        scenarios = and_list(locale, &exceptions)
    )
    .to_string()];
    if !common.is_empty() {
        let common = common.join(td_string!(locale, simulation.note.and_also));
        sentences.push(td_string!(locale, simulation.note.there, common).to_string());
    }
    Some(paragraph(locale, &sentences))
}

/// How the headline percentage depends on the mix of the grid (only with several forms).
fn by_form_paragraph(locale: Locale, result: &StudyResult) -> Option<String> {
    let rows = &result.scenarios;
    let mut by_form: Vec<f64> = rows.iter().map(|r| r.form).collect();
    by_form.sort_by(f64::total_cmp);
    by_form.dedup();
    if by_form.len() < 2 {
        return None;
    }
    let parts: Vec<String> = by_form
        .iter()
        .map(|&b| {
            let subset: Vec<ScenarioResult> =
                rows.iter().filter(|r| r.form == b).cloned().collect();
            td_string!(
                locale,
                simulation.note.at_form,
                pct = pct(locale, Summary::new(&subset).bayes_vs_fide_pct),
                beta = signed_in(locale, b)
            )
            .to_string()
        })
        .collect();
    Some(
        td_string!(
            locale,
            simulation.note.by_form,
            parts = and_list(locale, &parts),
            overall = pct(locale, result.summary.bayes_vs_fide_pct),
            paper = number(locale, paper::BAYES_VS_FIDE_PCT)
        )
        .to_string(),
    )
}

/// The range of annulment vs forfeit, and where its ends lie.
fn annul_paragraph(locale: Locale, result: &StudyResult) -> Option<String> {
    let rows = &result.scenarios;
    let s = &result.summary;
    let lower = |r: &ScenarioResult| percent_lower(r.rmse.annul, r.rmse.forfeit);
    let (lo, hi) = paper::ANNUL_VS_FORFEIT_RANGE_PCT;
    let min = rows.iter().min_by(|a, b| lower(a).total_cmp(&lower(b)))?;
    let max = rows.iter().max_by(|a, b| lower(a).total_cmp(&lower(b)))?;
    let direction = if min.form < max.form {
        td_string!(locale, simulation.note.direction_weaker)
    } else {
        td_string!(locale, simulation.note.direction_other)
    };
    let range = td_string!(
        locale,
        simulation.note.annul_range,
        min = pct(locale, s.annul_vs_forfeit_min_pct),
        max = pct(locale, s.annul_vs_forfeit_max_pct),
        lo = number(locale, lo),
        hi = number(locale, hi),
        least = scenario_label(locale, min),
        most = scenario_label(locale, max)
    )
    .to_string();
    Some(paragraph(locale, &[range, direction.to_string()]))
}

/// The run's settings, and a warning when there were few tournaments.
fn run_paragraph(locale: Locale, result: &StudyResult) -> String {
    let c = &result.config;
    let players = c.players;
    let mean = number(locale, c.rating_mean);
    let peak = number(locale, c.draw_peak);
    let k = number(locale, c.k);
    let tournaments = text::count_in(locale, result.tournaments_per_scenario);
    let seed = result.seed;
    let system = if c.cycles == 2 {
        td_string!(locale, simulation.note.system_double)
    } else {
        td_string!(locale, simulation.note.system_single)
    };
    let run = td_string!(
        locale,
        simulation.note.run,
        players,
        system,
        mean,
        peak,
        k,
        tournaments,
        seed
    )
    .to_string();
    if result.tournaments_per_scenario < 1000 {
        paragraph(
            locale,
            &[run, td_string!(locale, simulation.note.few).to_string()],
        )
    } else {
        run
    }
}

/// The note's paragraphs, in `locale`.
pub fn explain(locale: Locale, result: &StudyResult) -> Vec<String> {
    if result.scenarios.is_empty() {
        return Vec::new();
    }
    let mut out = vec![claims_paragraph(locale, &result.summary)];
    // What the scenarios share, once said, is not repeated.
    let mut said: Vec<String> = Vec::new();
    out.extend(beaten_paragraph(locale, &result.scenarios, &mut said));
    out.extend(exceptions_paragraph(locale, result, &said));
    out.extend(by_form_paragraph(locale, result));
    out.extend(annul_paragraph(locale, result));
    out.push(run_paragraph(locale, result));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::simulate::{run_study, StudyConfig};

    fn run(config: StudyConfig) -> StudyResult {
        run_study(&config, 1, |_, _| {}).expect("valid config")
    }

    #[test]
    fn labels_use_typographic_signs() {
        assert_eq!(signed(-150.0), "−150");
        assert_eq!(signed(150.0), "+150");
        assert_eq!(signed(0.0), "0");
    }

    /// With W always at its rating, the ratings alone are the best guess: the note must say
    /// where the Bayesian estimate loses and why, from the run itself.
    #[test]
    fn a_grid_of_neutral_forms_explains_the_elo_wins() {
        let r = run(StudyConfig {
            forms: vec![0.0],
            tournaments: 400,
            ..StudyConfig::default()
        });
        let note = explain(Locale::en, &r).join("\n");
        let beaten = r
            .scenarios
            .iter()
            .filter(|s| !s.best_methods().contains(&Policy::Bayes))
            .count();
        assert!(beaten > 0, "the Bayesian estimate never loses at β = 0?");
        assert!(
            note.contains(&format!("not the most accurate in {beaten} of 6")),
            "{note}"
        );
        assert!(note.contains("β = 0"), "{note}");
        assert!(note.contains("seed 20260528"), "{note}");
        assert!(note.contains("can be chance"), "few tournaments: {note}");
    }

    /// The note follows the reader's language: its words and its decimal separator.
    #[test]
    fn the_note_reads_in_the_readers_language() {
        let r = run(StudyConfig {
            forms: vec![0.0],
            tournaments: 400,
            ..StudyConfig::default()
        });
        let has_decimal = |text: &str, separator: char| {
            let chars: Vec<char> = text.chars().collect();
            chars
                .windows(3)
                .any(|w| w[0].is_ascii_digit() && w[1] == separator && w[2].is_ascii_digit())
        };
        for (locale, seed, separator) in [
            (Locale::fr, "graine 20260528", ','),
            (Locale::de, "Startwert 20260528", ','),
            (Locale::ja, "シード20260528", '.'),
        ] {
            let note = explain(locale, &r).join("\n");
            assert!(note.contains(seed), "{locale:?}: {note}");
            assert!(
                !note.contains("scenarios"),
                "{locale:?}: English left in {note}"
            );
            assert!(has_decimal(&note, separator), "{locale:?}: {note}");
        }
        assert!(!has_decimal(&explain(Locale::fr, &r).join("\n"), '.'));
    }

    #[test]
    fn the_per_form_breakdown_uses_the_engines_summary() {
        let r = run(StudyConfig {
            tournaments: 200,
            ..StudyConfig::default()
        });
        let note = explain(Locale::en, &r).join("\n");
        for b in [-150.0, 0.0, 150.0] {
            let subset: Vec<ScenarioResult> = r
                .scenarios
                .iter()
                .filter(|s| s.form == b)
                .cloned()
                .collect();
            let want = format!(
                "{} at β = {}",
                pct(Locale::en, Summary::new(&subset).bayes_vs_fide_pct),
                signed(b)
            );
            assert!(note.contains(&want), "{want} missing from:\n{note}");
        }
    }
}
