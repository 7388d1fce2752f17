//! The steps of the Learn page, each a section on the live example.

use super::{Lesson, ROUNDS, W};
use crate::components::common::data_table::{Cell, DataTable, Row, Table};
use crate::i18n::{td, td_string, Locale};
use crate::plots;
use crate::prior;
use crate::tr;
use crate::words::policy as policy_words;
use crate::words::text::{self, dec_in, two_in};
use engine::elo;
use engine::impute::{self, Policy};
use engine::sensitivity;
use leptos::prelude::*;

/// Step 1: E(i, W) for every opponent.
#[component]
pub(super) fn ExpectedStep(
    /// The lesson's inputs and numbers.
    lesson: Lesson,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let expected_rows = move || {
        let l = lang.get();
        (2..=6u32)
            .map(|p| {
                let e = elo::logistic_expected(
                    f64::from(lesson.rating(p)),
                    f64::from(lesson.rating(W)),
                );
                let played =
                    (1..=ROUNDS).any(|r| lesson.opponent(r) == p && r <= lesson.after.get());
                view! {
                    <li>
                        {format!(
                            "E({}, W) = 1 / (1 + 10^(({} − {}) / 400)) = {}",
                            lesson.name(p),
                            lesson.rating(W),
                            lesson.rating(p),
                            dec_in(l, e, 3)
                        )}
                        <span class="sub">
                            " — "
                            {if played {
                                td_string!(l, learn.expected.played)
                            } else {
                                td_string!(l, learn.expected.not_played)
                            }}
                        </span>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <section class="panel" aria-labelledby="learn-1">
                        <h3 id="learn-1">{tr!(learn.expected.heading)}</h3>
                        <p>{move || td!(lang.get(), learn.expected.formula, <sup> = <sup />, <sub> = <sub />)}</p>
                        <ul data-testid="learn-expected">{expected_rows}</ul>
                    </section>
    }
}

/// Step 2: how W did against what the ratings predicted.
#[component]
pub(super) fn ResidualStep(
    /// The lesson's inputs and numbers.
    lesson: Lesson,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let residual_text = move || {
        let l = lang.get();
        lesson.stats().map(|s| {
            if s.played == 0 {
                td_string!(l, learn.residual.no_games).to_string()
            } else {
                let verdict = if s.residual > 0.0 {
                    td_string!(l, learn.residual.worse)
                } else if s.residual < 0.0 {
                    td_string!(l, learn.residual.better)
                } else {
                    td_string!(l, learn.residual.exact)
                };
                td_string!(
                    l,
                    learn.residual.text,
                    count = s.played,
                    score = dec_in(l, s.score, 1),
                    mean = dec_in(l, s.mean_score, 3),
                    expected = dec_in(l, s.mean_expected, 3),
                    scored = dec_in(l, 1.0 - s.mean_score, 3),
                    residual = dec_in(l, s.residual, 3),
                    verdict
                )
                .to_string()
            }
        })
    };
    view! {
        <section class="panel" aria-labelledby="learn-2">
                        <h3 id="learn-2">{tr!(learn.residual.heading)}</h3>
                        <p data-testid="learn-residual">{residual_text}</p>
                    </section>
    }
}

/// Step 3: the shrinkage weight, with the k slider and its plot.
#[component]
pub(super) fn WeightStep(
    /// The lesson's inputs and numbers.
    lesson: Lesson,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let k_words = move || k_in(lang.get(), lesson.k.get());
    let weight_text = move || {
        let l = lang.get();
        lesson.stats().map(|s| {
            td_string!(
                l,
                learn.weight.text,
                n = s.played,
                k = text::localise(l, text::k_value(lesson.k.get())),
                w = dec_in(l, s.weight, 3)
            )
            .to_string()
        })
    };
    let shrinkage_svg = move || {
        let n = lesson.stats().map_or(0, |s| s.played);
        let ks = sensitivity::k_grid(prior::SLIDER_MAX, 100);
        let ws: Vec<f64> = ks.iter().map(|&k| impute::shrinkage_weight(n, k)).collect();
        plots::shrinkage(n, &ks, &ws, lesson.k.get(), &lesson.palette.get())
    };
    view! {
        <section class="panel" aria-labelledby="learn-3">
                        <h3 id="learn-3">{tr!(learn.weight.heading)}</h3>
                        <div class="k-control">
                            <label for="learn-k">{move || td!(lang.get(), learn.weight.k_label, <var> = <var />)}</label>
                            <input
                                id="learn-k"
                                data-testid="learn-k"
                                type="range"
                                min="0"
                                max=prior::SLIDER_MAX.to_string()
                                step=prior::STEP.to_string()
                                aria-valuetext=k_words
                                prop:value=move || text::k_value(lesson.k.get())
                                on:input=move |ev| {
                                    if let Ok(v) = event_target_value(&ev).parse::<f64>() {
                                        lesson.k.set(prior::on_slider(v));
                                    }
                                }
                            />
                            <output for="learn-k">{k_words}</output>
                        </div>
                        <p data-testid="learn-weight">{weight_text}</p>
                        <div
                            class="plot-svg small"
                            data-testid="plot-shrinkage"
                            role="img"
                            aria-label=move || {
                                let l = lang.get();
                                let n = lesson.stats().map_or(0, |s| s.played);
                                td_string!(
                                    l,
                                    learn.weight.plot_aria,
                                    n,
                                    k = text::localise(l, text::k_value(lesson.k.get())),
                                    w = dec_in(l, impute::shrinkage_weight(n, lesson.k.get()), 3)
                                )
                                .to_string()
                            }
                            inner_html=shrinkage_svg
                        ></div>
                    </section>
    }
}

/// Step 4: each unplayed game's imputed score, worked out.
#[component]
pub(super) fn ImputedStep(
    /// The lesson's inputs and numbers.
    lesson: Lesson,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let imputed_rows = move || {
        let l = lang.get();
        lesson.analysis.with(|a| {
            let a = a.as_ref()?;
            let s = a.stats(W)?;
            let bayes = a.outcome(Policy::Bayes);
            Some(
                a.unplayed
                    .iter()
                    .zip(&bayes.games)
                    .map(|(u, g)| {
                        let score = g.score.unwrap_or(0.0);
                        let (player, round) = (lesson.name(u.player), u.round.unwrap_or(0));
                        let (e, w, d) = (
                            dec_in(l, u.expected, 3),
                            dec_in(l, s.weight, 3),
                            dec_in(l, s.residual, 3),
                        );
                        let (i, rest) = (dec_in(l, score, 3), dec_in(l, 1.0 - score, 3));
                        let line = if g.clamped {
                            let unclamped = dec_in(l, g.unclamped.unwrap_or(score), 3);
                            td_string!(
                                l,
                                learn.imputed.line_clamped,
                                player,
                                round,
                                e,
                                w,
                                d,
                                unclamped,
                                i,
                                rest
                            )
                            .to_string()
                        } else {
                            td_string!(l, learn.imputed.line, player, round, e, w, d, i, rest)
                                .to_string()
                        };
                        view! { <li>{line}</li> }
                    })
                    .collect_view(),
            )
        })
    };
    view! {
        <section class="panel" aria-labelledby="learn-4">
                        <h3 id="learn-4">{tr!(learn.imputed.heading)}</h3>
                        <p>{tr!(learn.imputed.help)}</p>
                        <ul data-testid="learn-imputed">{imputed_rows}</ul>
                    </section>
    }
}

/// Step 5: the points handed out under each policy.
#[component]
pub(super) fn ConservationStep(
    /// The lesson's inputs and numbers.
    lesson: Lesson,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let conservation = move || {
        let l = lang.get();
        lesson.analysis.with(|a| {
            let a = a.as_ref()?;
            let total = |p: Policy| two_in(l, a.outcome(p).points.values().flatten().sum::<f64>());
            Some(
                td_string!(
                    l,
                    learn.conservation.text,
                    bayes = total(Policy::Bayes),
                    forfeit = total(Policy::Forfeit),
                    annul = total(Policy::Annul)
                )
                .to_string(),
            )
        })
    };
    view! {
        <section class="panel" aria-labelledby="learn-5">
                        <h3 id="learn-5">{tr!(learn.conservation.heading)}</h3>
                        <p data-testid="learn-conservation">{conservation}</p>
                    </section>
    }
}

/// Step 6: the 50 % cliff, in words and as a table.
#[component]
pub(super) fn CliffStep(
    /// The lesson's inputs and numbers.
    lesson: Lesson,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let cliff_table = Signal::derive(move || {
        let l = lang.get();
        let chosen = lesson.after.get();
        lesson.cliff.with(|c| {
            let c = c.as_ref()?;
            Some(Table {
                testid: "learn-cliff",
                class: "",
                caption: td_string!(l, learn.cliff.caption).into(),
                // A heading starting with `#` is a column of numbers (see `Table::head`).
                head: vec![
                    td_string!(l, learn.cliff.col_after).into(),
                    format!("#{}", td_string!(l, learn.cliff.col_played)),
                    td_string!(l, learn.cliff.col_fide_does).into(),
                    format!("#{}", td_string!(l, learn.cliff.col_fide)),
                    format!("#{}", td_string!(l, learn.cliff.col_bayes)),
                ],
                rows: c
                    .steps
                    .iter()
                    .map(|s| Row {
                        header: s.after_round.to_string(),
                        cells: vec![
                            Cell::num(
                                td_string!(
                                    l,
                                    learn.cliff.played_of,
                                    played = s.played,
                                    scheduled = s.scheduled
                                )
                                .to_string(),
                            ),
                            Cell::text(policy_words::in_text(l, s.fide_resolves_to)),
                            Cell::num(two_in(l, s.received(Policy::Fide))),
                            Cell::num(two_in(l, s.received(Policy::Bayes))),
                        ],
                        class: if s.after_round == chosen {
                            "selected"
                        } else {
                            ""
                        },
                    })
                    .collect(),
            })
        })
    });
    let cliff_text = move || {
        let l = lang.get();
        lesson.cliff.with(|c| {
            let c = c.as_ref()?;
            let t = c.fide_threshold?;
            let before = c.steps.iter().find(|s| s.after_round + 1 == t)?;
            let at = c.steps.iter().find(|s| s.after_round == t)?;
            Some(
                td_string!(
                    l,
                    learn.cliff.text,
                    round = t,
                    previous = t - 1,
                    fide_before = two_in(l, before.received(Policy::Fide)),
                    fide_at = two_in(l, at.received(Policy::Fide)),
                    bayes_before = two_in(l, before.received(Policy::Bayes)),
                    bayes_at = two_in(l, at.received(Policy::Bayes))
                )
                .to_string(),
            )
        })
    };
    view! {
        <section class="panel" aria-labelledby="learn-6">
                        <h3 id="learn-6">{tr!(learn.cliff.heading)}</h3>
                        <p data-testid="learn-cliff-text">{cliff_text}</p>
                        <DataTable table=cliff_table />
                        <p class="muted">
                            {move || {
                                let l = lang.get();
                                td_string!(l, learn.cliff.highlighted, when = text::withdrawal_point_in(l, lesson.after.get()))
                                    .to_string()
                            }}
                        </p>
                    </section>
    }
}

/// "k = 2.5" in the reader's convention (the slider's own value stays in dot form).
fn k_in(locale: Locale, k: f64) -> String {
    td_string!(
        locale,
        learn.weight.k_value,
        k = text::localise(locale, text::k_value(k))
    )
    .to_string()
}
