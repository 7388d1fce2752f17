//! The Bayesian formula with the live numbers of the selected game:
//! I = E + n/(n+k)·((1 − s̄) − Ē), every symbol's value, and whether the clamp to [0, 1] bit.

use crate::analysis::{game_keys, GameKey, LiveAnalysis};
use crate::i18n::{td, td_string, Locale};
use crate::tr;
use crate::words::text::{self, dec_in};
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

fn rating(l: Locale, t: &Tournament, p: engine::StartNo) -> String {
    t.player(p).and_then(|pl| pl.rating).map_or_else(
        || td_string!(l, withdrawal.formula.unrated).to_string(),
        |r| r.to_string(),
    )
}

fn expectation_words(l: Locale, e: Expectation) -> &'static str {
    match e {
        Expectation::Logistic => td_string!(l, withdrawal.formula.model_logistic),
        Expectation::Fide => td_string!(l, withdrawal.formula.model_fide),
    }
}

fn fide_words(l: Locale, s: &WithdrawnStats) -> String {
    let (played, scheduled) = (s.played, s.scheduled);
    if s.fide_resolves_to == Policy::Annul {
        td_string!(l, withdrawal.formula.fide_annul, played, scheduled).to_string()
    } else {
        td_string!(l, withdrawal.formula.fide_forfeit, played, scheduled).to_string()
    }
}

/// The panel's content for game `index` of the analysis, in language `l`.
fn explain(l: Locale, t: &Tournament, a: &Analysis, index: usize) -> Option<AnyView> {
    let g = a.unplayed.get(index)?;
    let bayes = a.outcome(Policy::Bayes).games.get(index)?;
    let k = a.params.k();
    let (i, w) = (g.player, g.opponent);
    let sw = a.stats(w)?;
    let d3 = |x: f64| dec_in(l, x, 3);
    let (player, opponent) = (text::name_rating_in(l, t, i), text::name_rating_in(l, t, w));
    let heading = match g.round {
        Some(round) => {
            td_string!(l, withdrawal.formula.game_round, player, opponent, round).to_string()
        }
        None => td_string!(l, withdrawal.formula.game, player, opponent).to_string(),
    };
    let score = bayes.score.unwrap_or(0.0);
    let unclamped = bayes.unclamped.unwrap_or(score);
    let clamp = if bayes.clamped {
        td_string!(
            l,
            withdrawal.formula.clamped,
            value = d3(unclamped),
            clamped = d3(score)
        )
        .to_string()
    } else {
        td_string!(l, withdrawal.formula.not_clamped).to_string()
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
                    d3(g.expected), d3(sw.weight), d3(sw.residual), d3(sa.weight),
                    d3(sa.residual), d3(g.expected), d3(tb), d3(ta), d3(unclamped)
                )}
            </p>
            <p class="muted">{td_string!(l, withdrawal.formula.both_note)}</p>
        }
        .into_any()
    } else {
        let n = sw.played;
        view! {
            // An aria-label on a <p> is ignored by screen readers (axe aria-prohibited-attr):
            // the spoken form is hidden text, the drawn one is hidden from speech.
            <p class="formula-line">
                <span class="visually-hidden">{td_string!(l, withdrawal.formula.spoken)}</span>
                <span aria-hidden="true">
                    <var>"I"</var>" = "<var>"E"</var>" + "
                    <span class="frac"><var>"n"</var>" / ("<var>"n"</var>" + "<var>"k"</var>")"</span>
                    " · ((1 − "<var>"s̄"</var>") − "<var>"Ē"</var>")"
                </span>
            </p>
            <p class="formula-line numbers">
                {format!(
                    "I = {} + {}/({} + {}) · ((1 − {}) − {}) = {} + {} × {} = {}",
                    d3(g.expected), n, n, text::k_value_in(l, k), d3(sw.mean_score),
                    d3(sw.mean_expected), d3(g.expected), d3(sw.weight),
                    d3(sw.residual), d3(unclamped)
                )}
            </p>
        }
        .into_any()
    };

    let (name_i, name_w) = (text::name_of(t, i), text::name_of(t, w));
    let performance = a
        .outcome(Policy::Performance)
        .games
        .get(index)
        .and_then(|p| p.score)
        .map_or_else(|| "—".into(), d3);
    // Sentences of one paragraph: a space between them, none in Japanese.
    let gap = if l == Locale::ja { "" } else { " " };
    Some(
        view! {
            <h4>{heading}</h4>
            {formula}
            <p class="result">
                {td!(
                    l,
                    withdrawal.formula.result,
                    score = d3(score),
                    rest = d3(1.0 - score),
                    player = name_i.clone(),
                    opponent = name_w.clone(),
                    <strong> = <strong />
                )}
                {gap}
                <span class:clamp-bites=bayes.clamped>{clamp}</span>
            </p>
            <dl class="symbols">
                {symbol(
                    "E",
                    d3(g.expected),
                    td_string!(
                        l,
                        withdrawal.formula.symbol.e,
                        player = name_i.clone(),
                        player_rating = rating(l, t, i),
                        opponent = name_w.clone(),
                        opponent_rating = rating(l, t, w),
                        model = expectation_words(l, a.params.expectation())
                    )
                    .to_string(),
                )}
                {symbol(
                    "n",
                    sw.played.to_string(),
                    td_string!(
                        l,
                        withdrawal.formula.symbol.n,
                        opponent = name_w.clone(),
                        scheduled = sw.scheduled
                    )
                    .to_string(),
                )}
                {symbol("k", text::k_value_in(l, k), td_string!(l, withdrawal.formula.symbol.k).into())}
                {symbol("w", d3(sw.weight), td_string!(l, withdrawal.formula.symbol.w).into())}
                {symbol(
                    "s̄",
                    d3(sw.mean_score),
                    td_string!(
                        l,
                        withdrawal.formula.symbol.s_bar,
                        opponent = name_w.clone(),
                        score = dec_in(l, sw.score, 1),
                        n = sw.played
                    )
                    .to_string(),
                )}
                {symbol("Ē", d3(sw.mean_expected), td_string!(l, withdrawal.formula.symbol.e_bar).into())}
                {symbol("δ", d3(sw.residual), td_string!(l, withdrawal.formula.symbol.delta).into())}
            </dl>
            <p class="muted">
                {td_string!(
                    l,
                    withdrawal.formula.comparison,
                    elo = d3(g.expected),
                    performance
                )
                .to_string()}
                {gap}
                {fide_words(l, sw)}
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
    let lang = crate::lang::use_lang();
    let content = move || {
        let l = lang.get();
        live.with_both(|t, a| {
            let keys = game_keys(a);
            let index = selected
                .get()
                .and_then(|key| keys.iter().position(|k| *k == key))
                .unwrap_or(0);
            explain(l, t, a, index)
        })
        .flatten()
    };
    view! {
        <section class="panel formula" data-testid="formula" aria-labelledby="formula-title">
            <h3 id="formula-title">{tr!(withdrawal.formula.heading)}</h3>
            {move || {
                content().unwrap_or_else(|| view! { <p>{tr!(withdrawal.formula.none)}</p> }.into_any())
            }}
        </section>
    }
}
