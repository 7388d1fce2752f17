//! The plain-language note under "the paper's claims next to ours": where our run differs from
//! the paper and why that can happen, written from the run's own numbers (nothing here knows
//! what a particular seed or grid will give). Every percentage comes from `engine::simulate`
//! ([`Summary`], [`percent_lower`]), and so does which method was best in a scenario, ties
//! included ([`ScenarioResult::best_methods`]); this module only chooses words.

use crate::simulation::form;
use engine::impute::Policy;
use engine::simulate::{paper, percent_lower, ScenarioResult, StudyResult, Summary, Verdict};

/// `σ = 30, β = −150, n = 2`.
pub fn scenario_label(r: &ScenarioResult) -> String {
    format!(
        "σ = {}, β = {}, n = {}",
        r.rating_sd,
        signed(r.form),
        r.withdrawal_after
    )
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

/// A count with thousands separators: `180,000`.
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Small counts in words ("one", …, "five"), larger ones as digits.
fn number_words(n: usize) -> String {
    ["no", "one", "two", "three", "four", "five"]
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

fn pct(x: f64) -> String {
    format!("{x:.1} %")
}

/// "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join("; ")),
    }
}

/// What a group of scenarios has in common, in words ("all have β = 0, …"), or `None`.
fn common_ground(rows: &[&ScenarioResult], all: &[ScenarioResult]) -> Vec<String> {
    let mut out = Vec::new();
    let same = |f: &dyn Fn(&ScenarioResult) -> f64| {
        let first = f(rows[0]);
        rows.iter().all(|r| f(r) == first).then_some(first)
    };
    if let Some(b) = same(&|r| r.form) {
        if b == 0.0 {
            out.push(
                "W plays exactly to its rating (β = 0), so the rating alone is already the best \
                 guess and the few games W played only add luck — the Bayesian estimate still \
                 moves n/(n + k) of the way towards that luck"
                    .to_string(),
            );
        } else {
            out.push(format!("W's form is β = {} in all of them", signed(b)));
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
            out.push(format!(
                "the ratings are close together (σ = {sd}, the smallest spread of the grid), so \
                 every expected score is near ½ and annulment's constant ½ is almost the \
                 rating-based guess without any of the noise"
            ));
        }
    }
    out
}

/// Why a method other than the Bayesian one can win a scenario, in general terms.
fn why_method_wins(m: Policy) -> &'static str {
    match m {
        Policy::Elo => {
            "Elo only wins where the ratings predict well on their own: shrinking towards W's \
             results then only costs"
        }
        Policy::Annul | Policy::Fide => {
            "annulment's ½ wins where the players are so evenly matched that ½ is as good a \
             guess as any"
        }
        Policy::Performance => {
            "performance only wins where W's form is far from its rating and W played enough \
             games to show it, so trusting those games fully beats shrinking them"
        }
        Policy::Forfeit => {
            "forfeit wins where W is so much weaker than rated that its opponents would almost \
             always have won"
        }
        Policy::Bayes => "",
    }
}

/// The note's paragraphs.
pub fn explain(result: &StudyResult) -> Vec<String> {
    let rows = &result.scenarios;
    let s = &result.summary;
    let c = &result.config;
    let mut out = Vec::new();
    if rows.is_empty() {
        return out;
    }
    let checks = s.compare_with_paper();
    let differing: Vec<&str> = checks
        .iter()
        .filter(|ch| ch.verdict != Verdict::Holds)
        .map(|ch| ch.claim)
        .collect();
    out.push(if differing.is_empty() {
        format!(
            "All five claims hold in this run, in direction and roughly in size (within {} \
             percentage points).",
            engine::simulate::AGREEMENT_PP
        )
    } else {
        format!(
            "{} of the five claims {} not hold as stated in this run: {}.",
            form::sentence(&number_words(differing.len())),
            if differing.len() == 1 { "does" } else { "do" },
            differing
                .iter()
                .map(|c| format!("“{c}”"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    });

    // What the scenarios share, once said, is not repeated.
    let mut said: Vec<String> = Vec::new();
    // Where the Bayesian estimate is not the best, and what those scenarios share.
    let beaten: Vec<&ScenarioResult> = rows
        .iter()
        .filter(|r| !r.best_methods().contains(&Policy::Bayes))
        .collect();
    if !beaten.is_empty() {
        let mut by_winner: Vec<(Policy, Vec<String>)> = Vec::new();
        for r in &beaten {
            // Tied winners are listed under the first of them, in `METHODS` order.
            let Some(&winner) = r.best_methods().first() else {
                continue;
            };
            match by_winner.iter_mut().find(|(m, _)| *m == winner) {
                Some((_, list)) => list.push(scenario_label(r)),
                None => by_winner.push((winner, vec![scenario_label(r)])),
            }
        }
        let mut text = format!(
            "The Bayesian estimate is not the most accurate in {} of {} scenarios: {}.",
            beaten.len(),
            rows.len(),
            by_winner
                .iter()
                .map(|(m, list)| format!("{} is lower in {}", m.label(), and_list(list)))
                .collect::<Vec<_>>()
                .join("; ")
        );
        let common = common_ground(&beaten, rows);
        said.extend(common.iter().cloned());
        if common.is_empty() {
            let reasons: Vec<&str> = by_winner.iter().map(|(m, _)| why_method_wins(*m)).collect();
            text.push_str(&format!(" In general, {}.", reasons.join("; ")));
        } else {
            text.push_str(&format!(" In those scenarios {}.", common.join("; and ")));
        }
        out.push(text);
    }
    if s.bayes_beats_both_fide_rules < s.scenarios {
        let exceptions: Vec<String> = rows
            .iter()
            .filter(|r| !r.bayes_beats_both_fide_rules())
            .map(|r| {
                let rule = if r.rmse.annul <= r.rmse.forfeit {
                    Policy::Annul
                } else {
                    Policy::Forfeit
                };
                format!(
                    "{} ({} lower)",
                    scenario_label(r),
                    rule.label().to_lowercase()
                )
            })
            .collect();
        let exception_rows: Vec<&ScenarioResult> = rows
            .iter()
            .filter(|r| !r.bayes_beats_both_fide_rules())
            .collect();
        let common: Vec<String> = common_ground(&exception_rows, rows)
            .into_iter()
            .filter(|c| !said.contains(c))
            .collect();
        out.push(format!(
            "The paper finds the Bayesian estimate below both FIDE rules in all {} of its \
             scenarios; here it is not in {}.{}",
            paper::BAYES_BEATS_BOTH_IN,
            and_list(&exceptions),
            if common.is_empty() {
                String::new()
            } else {
                format!(" There {}.", common.join("; and "))
            }
        ));
    }

    // How the headline percentage depends on the mix of the grid.
    let mut by_form: Vec<f64> = rows.iter().map(|r| r.form).collect();
    by_form.sort_by(f64::total_cmp);
    by_form.dedup();
    if by_form.len() > 1 {
        let parts: Vec<String> = by_form
            .iter()
            .map(|&b| {
                let subset: Vec<ScenarioResult> =
                    rows.iter().filter(|r| r.form == b).cloned().collect();
                format!(
                    "{} at β = {}",
                    pct(Summary::new(&subset).bayes_vs_fide_pct),
                    signed(b)
                )
            })
            .collect();
        out.push(format!(
            "Averages hide a lot: the Bayesian advantage over the FIDE rule is {} in this run \
             ({} overall; the paper: {} %). A headline figure is an average over a grid, and \
             the paper does not publish its grid — its spread of ratings, its forms, its \
             withdrawal points, its draw model — so a different mix of scenarios gives a \
             different average even if every single scenario agreed.",
            and_list(&parts),
            pct(s.bayes_vs_fide_pct),
            paper::BAYES_VS_FIDE_PCT
        ));
    }

    // The range of annulment vs forfeit, and where its ends lie.
    let lower = |r: &ScenarioResult| percent_lower(r.rmse.annul, r.rmse.forfeit);
    let (lo, hi) = paper::ANNUL_VS_FORFEIT_RANGE_PCT;
    if let (Some(min), Some(max)) = (
        rows.iter().min_by(|a, b| lower(a).total_cmp(&lower(b))),
        rows.iter().max_by(|a, b| lower(a).total_cmp(&lower(b))),
    ) {
        let direction = if min.form < max.form {
            "Forfeit credits every opponent with a win, which is closest to the truth when W is \
             weaker than its rating and furthest when W is stronger."
        } else {
            "Where annulment gains least, forfeit's “every opponent wins” is nearest the truth."
        };
        out.push(format!(
            "Annulment is {}–{} below forfeit here (paper: {lo}–{hi} %): least in {} and most \
             in {}. {direction}",
            pct(s.annul_vs_forfeit_min_pct),
            pct(s.annul_vs_forfeit_max_pct),
            scenario_label(min),
            scenario_label(max),
        ));
    }

    out.push(format!(
        "This run: {} players, {} round-robin, ratings ~ Normal({}, σ), draws {}·(1 − |2E − 1|), \
         k = {}, {} tournaments per scenario, seed {} — the same seed gives the same table \
         here and in the command-line tool (crosstable simulate).{}",
        c.players,
        if c.cycles == 2 { "double" } else { "single" },
        c.rating_mean,
        c.draw_peak,
        c.k,
        count(result.tournaments_per_scenario),
        result.seed,
        if result.tournaments_per_scenario < 1000 {
            " With so few tournaments per scenario, differences in the second or third decimal \
             can be chance: rerun with another seed to see."
        } else {
            ""
        }
    ));
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
        let note = explain(&r).join("\n");
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

    #[test]
    fn the_per_form_breakdown_uses_the_engines_summary() {
        let r = run(StudyConfig {
            tournaments: 200,
            ..StudyConfig::default()
        });
        let note = explain(&r).join("\n");
        for b in [-150.0, 0.0, 150.0] {
            let subset: Vec<ScenarioResult> = r
                .scenarios
                .iter()
                .filter(|s| s.form == b)
                .cloned()
                .collect();
            let want = format!(
                "{} at β = {}",
                pct(Summary::new(&subset).bayes_vs_fide_pct),
                signed(b)
            );
            assert!(note.contains(&want), "{want} missing from:\n{note}");
        }
    }
}
