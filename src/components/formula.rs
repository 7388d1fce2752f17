//! The Bayesian formula with the live numbers of the selected game:
//! I = E + n/(n+k)·((1 − s̄) − Ē), every symbol's value, and whether the clamp to [0, 1] bit.

use crate::analysis::{game_keys, GameKey, LiveAnalysis};
use crate::text::{self, dec};
use engine::elo::Expectation;
use engine::impute::{Analysis, Policy, WithdrawnStats};
use engine::Tournament;
use leptos::prelude::*;

/// One symbol of the formula: name, value, meaning.
fn symbol(name: &'static str, value: String, meaning: String) -> impl IntoView {
    view! {
        <div class="symbol">
            <dt>
                <var>{name}</var>
            </dt>
            <dd>
                <span class="value">{value}</span>
                " — "
                {meaning}
            </dd>
        </div>
    }
}

fn rating(t: &Tournament, p: engine::StartNo) -> String {
    t.player(p)
        .and_then(|pl| pl.rating)
        .map_or_else(|| "unrated".into(), |r| r.to_string())
}

fn expectation_words(e: Expectation) -> &'static str {
    match e {
        Expectation::Logistic => "logistic: 1 / (1 + 10^((R_W − R_i)/400))",
        Expectation::Fide => "FIDE table 8.1.2, with the 400-point rule",
    }
}

fn fide_words(s: &WithdrawnStats) -> String {
    let rule = if s.fide_resolves_to == Policy::Annul {
        "fewer than 50 %: annul (all W's games are removed)"
    } else {
        "at least 50 %: forfeit (each unplayed game is a win for the opponent)"
    };
    format!(
        "FIDE rule: W played {} of {} scheduled games — {rule}.",
        s.played, s.scheduled
    )
}

/// The panel's content for game `index` of the analysis.
fn explain(t: &Tournament, a: &Analysis, index: usize) -> Option<AnyView> {
    let g = a.unplayed.get(index)?;
    let bayes = a.outcome(Policy::Bayes).games.get(index)?;
    let k = a.params.k();
    let (i, w) = (g.player, g.opponent);
    let sw = a.stats(w)?;
    let heading = format!(
        "{} against {}{}",
        text::name_rating(t, i),
        text::name_rating(t, w),
        g.round.map(|r| format!(", round {r}")).unwrap_or_default()
    );
    let score = bayes.score.unwrap_or(0.0);
    let unclamped = bayes.unclamped.unwrap_or(score);
    let clamp = if bayes.clamped {
        format!(
            "The value {} lies outside [0, 1]: it is clamped to {}.",
            dec(unclamped, 3),
            dec(score, 3)
        )
    } else {
        "The value lies within [0, 1]: no clamp needed.".to_string()
    };

    let formula = if g.both_withdrawn {
        // Both withdrew: the extension combines both residuals.
        let sa = a.stats(i)?;
        let (ta, tb) = (sa.weight * sa.residual, sw.weight * sw.residual);
        view! {
            <p class="formula-line">
                <var>"I"</var>" = E(A, B) + w"<sub>"B"</sub>"·δ"<sub>"B"</sub>" − w"<sub>"A"</sub>"·δ"<sub>"A"</sub>
            </p>
            <p class="formula-line numbers">
                {format!(
                    "I = {} + {}·{} − {}·{} = {} + {} − {} = {}",
                    dec(g.expected, 3), dec(sw.weight, 3), dec(sw.residual, 3), dec(sa.weight, 3),
                    dec(sa.residual, 3), dec(g.expected, 3), dec(tb, 3), dec(ta, 3), dec(unclamped, 3)
                )}
            </p>
            <p class="muted">
                "Both players withdrew before they met: Crosstable's extension of the paper applies \
                 each player's own form residual (A = the player listed first)."
            </p>
        }
        .into_any()
    } else {
        let n = sw.played;
        view! {
            // An aria-label on a <p> is ignored by screen readers (axe aria-prohibited-attr):
            // the spoken form is hidden text, the drawn one is hidden from speech.
            <p class="formula-line">
                <span class="visually-hidden">"I equals E plus n over n plus k, times, 1 minus s-bar, minus E-bar"</span>
                <span aria-hidden="true">
                    <var>"I"</var>" = "<var>"E"</var>" + "
                    <span class="frac"><var>"n"</var>" / ("<var>"n"</var>" + "<var>"k"</var>")"</span>
                    " · ((1 − "<var>"s̄"</var>") − "<var>"Ē"</var>")"
                </span>
            </p>
            <p class="formula-line numbers">
                {format!(
                    "I = {} + {}/({} + {}) · ((1 − {}) − {}) = {} + {} × {} = {}",
                    dec(g.expected, 3), n, n, text::k_value(k), dec(sw.mean_score, 3),
                    dec(sw.mean_expected, 3), dec(g.expected, 3), dec(sw.weight, 3),
                    dec(sw.residual, 3), dec(unclamped, 3)
                )}
            </p>
        }
        .into_any()
    };

    Some(
        view! {
            <h4>{heading}</h4>
            {formula}
            <p class="result">
                <strong>{format!("I = {}", dec(score, 3))}</strong>
                {format!(
                    " to {}, and 1 − I = {} to {}. ",
                    text::name_of(t, i),
                    dec(1.0 - score, 3),
                    text::name_of(t, w)
                )}
                <span class:clamp-bites=bayes.clamped>{clamp}</span>
            </p>
            <dl class="symbols">
                {symbol(
                    "E",
                    dec(g.expected, 3),
                    format!(
                        "expected score of {} ({}) against {} ({}); {}",
                        text::name_of(t, i),
                        rating(t, i),
                        text::name_of(t, w),
                        rating(t, w),
                        expectation_words(a.params.expectation())
                    ),
                )}
                {symbol(
                    "n",
                    sw.played.to_string(),
                    format!("games {} played before withdrawing (of {} scheduled)", text::name_of(t, w), sw.scheduled),
                )}
                {symbol("k", text::k_value(k), "prior strength: how many games' worth of belief in the rating".into())}
                {symbol(
                    "w",
                    dec(sw.weight, 3),
                    "shrinkage weight n/(n + k): how much of W's form counts (0 = none, 1 = all)".into(),
                )}
                {symbol(
                    "s̄",
                    dec(sw.mean_score, 3),
                    format!("{}'s mean score in those games ({} of {})", text::name_of(t, w), dec(sw.score, 1), sw.played),
                )}
                {symbol("Ē", dec(sw.mean_expected, 3), "the opponents' mean expected score against W".into())}
                {symbol(
                    "δ",
                    dec(sw.residual, 3),
                    "(1 − s̄) − Ē: how much better the opponents did against W than expected".into(),
                )}
            </dl>
            <p class="muted">
                {format!(
                    "For comparison: Elo only (k → ∞) gives E = {}; performance only (k = 0) gives {}. ",
                    dec(g.expected, 3),
                    a.outcome(Policy::Performance)
                        .games
                        .get(index)
                        .and_then(|p| p.score)
                        .map_or_else(|| "—".into(), |s| dec(s, 3))
                )}
                {fide_words(sw)}
            </p>
        }
        .into_any(),
    )
}

#[component]
pub fn FormulaPanel(
    /// The event and its live analysis.
    live: LiveAnalysis,
    /// The game to explain (the first unplayed game when none is chosen).
    selected: RwSignal<Option<GameKey>>,
) -> impl IntoView {
    let content = move || {
        live.with_both(|t, a| {
            let keys = game_keys(a);
            let index = selected
                .get()
                .and_then(|key| keys.iter().position(|k| *k == key))
                .unwrap_or(0);
            explain(t, a, index)
        })
        .flatten()
    };
    view! {
        <section class="panel formula" data-testid="formula" aria-labelledby="formula-title">
            <h3 id="formula-title">"The Bayesian imputation, step by step"</h3>
            {move || content().unwrap_or_else(|| view! { <p>"No unplayed game to explain."</p> }.into_any())}
        </section>
    }
}
