//! The steps of the Learn page, each a section on the live example.

use super::{Lesson, ROUNDS, W};
use crate::components::data_table::{Cell, DataTable, Row, Table};
use crate::plots;
use crate::policies;
use crate::text::{self, dec, two};
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
    let expected_rows = move || {
        (2..=6u32)
            .map(|p| {
                let e = elo::logistic_expected(f64::from(lesson.rating(p)), f64::from(lesson.rating(W)));
                let played = (1..=ROUNDS).any(|r| lesson.opponent(r) == p && r <= lesson.after.get());
                view! {
                    <li>
                        {format!(
                            "E({}, W) = 1 / (1 + 10^(({} − {}) / 400)) = {}",
                            lesson.name(p),
                            lesson.rating(W),
                            lesson.rating(p),
                            dec(e, 3)
                        )}
                        <span class="sub">{if played { " — played W" } else { " — did not get to play W" }}</span>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <section class="panel" aria-labelledby="learn-1">
                        <h3 id="learn-1">"1. Expected score"</h3>
                        <p>
                            "The ratings predict each game: E(i, W) = 1 / (1 + 10"<sup>"(R"<sub>"W"</sub>" − R"<sub>"i"</sub>")/400"</sup>")."
                        </p>
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
    let residual_text = move || {
        lesson.stats().map(|s| {
            if s.played == 0 {
                "W played no game before withdrawing: n = 0, there is no form to measure, and every \
                 unplayed game gets its expected score."
                    .to_string()
            } else {
                format!(
                    "W played n = {} games and scored {} (s̄ = {}). The opponents were expected to score Ē = {} \
                     against W, but scored 1 − s̄ = {}. The form residual δ = (1 − s̄) − Ē = {}: {}.",
                    s.played,
                    dec(s.score, 1),
                    dec(s.mean_score, 3),
                    dec(s.mean_expected, 3),
                    dec(1.0 - s.mean_score, 3),
                    dec(s.residual, 3),
                    if s.residual > 0.0 {
                        "W did worse than the ratings said, so the opponents who never played W should get more than E"
                    } else if s.residual < 0.0 {
                        "W did better than the ratings said, so the opponents who never played W should get less than E"
                    } else {
                        "W did exactly as the ratings said"
                    }
                )
            }
        })
    };
    view! {
        <section class="panel" aria-labelledby="learn-2">
                        <h3 id="learn-2">"2. The form residual"</h3>
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
    let weight_text = move || {
        lesson.stats().map(|s| {
            format!(
                "w = n / (n + k) = {} / ({} + {}) = {}. With few games W's form is mostly noise and w is small; \
                 with many games it is trusted. k says how many games of evidence the ratings are worth.",
                s.played,
                s.played,
                text::k_value(lesson.k.get()),
                dec(s.weight, 3)
            )
        })
    };
    let shrinkage_svg = move || {
        let n = lesson.stats().map_or(0, |s| s.played);
        let ks = sensitivity::k_grid(20.0, 100);
        let ws: Vec<f64> = ks.iter().map(|&k| impute::shrinkage_weight(n, k)).collect();
        plots::shrinkage(n, &ks, &ws, lesson.k.get(), &lesson.palette.get())
    };
    view! {
        <section class="panel" aria-labelledby="learn-3">
                        <h3 id="learn-3">"3. The shrinkage weight n / (n + k)"</h3>
                        <div class="k-control">
                            <label for="learn-k">"Prior strength " <var>"k"</var></label>
                            <input
                                id="learn-k"
                                data-testid="learn-k"
                                type="range"
                                min="0"
                                max="20"
                                step="0.5"
                                aria-valuetext=move || format!("k = {}", text::k_value(lesson.k.get()))
                                prop:value=move || text::k_value(lesson.k.get())
                                on:input=move |ev| {
                                    if let Ok(v) = event_target_value(&ev).parse::<f64>() {
                                        lesson.k.set(v.clamp(0.0, 20.0));
                                    }
                                }
                            />
                            <output for="learn-k">{move || format!("k = {}", text::k_value(lesson.k.get()))}</output>
                        </div>
                        <p data-testid="learn-weight">{weight_text}</p>
                        <div
                            class="plot-svg small"
                            data-testid="plot-shrinkage"
                            role="img"
                            aria-label=move || {
                                let n = lesson.stats().map_or(0, |s| s.played);
                                format!(
                                    "The weight w = {n}/({n} + k) falls from 1 at k = 0 towards 0 as k grows; at k = {} it is {}.",
                                    text::k_value(lesson.k.get()),
                                    dec(impute::shrinkage_weight(n, lesson.k.get()), 3)
                                )
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
    let imputed_rows = move || {
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
                        view! {
                            <li>
                                {format!(
                                    "{} (round {}): I = E + w·δ = {} + {} × {} = {}{}; W gets 1 − I = {}.",
                                    lesson.name(u.player),
                                    u.round.unwrap_or(0),
                                    dec(u.expected, 3),
                                    dec(s.weight, 3),
                                    dec(s.residual, 3),
                                    dec(g.unclamped.unwrap_or(score), 3),
                                    if g.clamped { format!(", clamped to {}", dec(score, 3)) } else { String::new() },
                                    dec(1.0 - score, 3)
                                )}
                            </li>
                        }
                    })
                    .collect_view(),
            )
        })
    };
    view! {
        <section class="panel" aria-labelledby="learn-4">
                        <h3 id="learn-4">"4. The imputed scores"</h3>
                        <p>"Each unplayed game: the expectation, moved by the weighted residual, kept within 0 and 1."</p>
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
    let conservation = move || {
        lesson.analysis.with(|a| {
            let a = a.as_ref()?;
            let total = |p: Policy| a.outcome(p).points.iter().flatten().sum::<f64>();
            Some(format!(
                "The event has 15 games, so 15 points to hand out. Bayesian imputation: the players' points add up \
                 to {} — each unplayed game gives I to one side and 1 − I to the other, whatever k. Forfeits: {} \
                 (W gets 0 for every unplayed game). Annulment: {} — W's 5 games and their points leave the table.",
                two(total(Policy::Bayes)),
                two(total(Policy::Forfeit)),
                two(total(Policy::Annul))
            ))
        })
    };
    view! {
        <section class="panel" aria-labelledby="learn-5">
                        <h3 id="learn-5">"5. Point conservation"</h3>
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
    let cliff_table = Signal::derive(move || {
        let chosen = lesson.after.get();
        lesson.cliff.with(|c| {
            let c = c.as_ref()?;
            Some(Table {
                testid: "learn-cliff",
                class: "",
                caption: "What Wanda's opponents get from her games if she withdrew after round r"
                    .into(),
                head: vec![
                    "After round".into(),
                    "#Played".into(),
                    "FIDE does".into(),
                    "#FIDE rule".into(),
                    "#Bayesian".into(),
                ],
                rows: c
                    .steps
                    .iter()
                    .map(|s| Row {
                        header: s.after_round.to_string(),
                        cells: vec![
                            Cell::num(format!("{} of {}", s.played, s.scheduled)),
                            Cell::text(policies::look(s.fide_resolves_to).short.to_lowercase()),
                            Cell::num(two(s.received(Policy::Fide))),
                            Cell::num(two(s.received(Policy::Bayes))),
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
        lesson.cliff.with(|c| {
            let c = c.as_ref()?;
            let t = c.fide_threshold?;
            let before = c.steps.iter().find(|s| s.after_round + 1 == t)?;
            let at = c.steps.iter().find(|s| s.after_round == t)?;
            Some(format!(
                "FIDE's rule looks only at whether W played 50 % of the games. Withdrawing after round {} instead of \
                 {} moves the opponents' share of W's games from {} to {} points in one step: a cliff. The Bayesian \
                 imputation goes from {} to {}: one more game is one more piece of evidence, no more.",
                t,
                t - 1,
                two(before.received(Policy::Fide)),
                two(at.received(Policy::Fide)),
                two(before.received(Policy::Bayes)),
                two(at.received(Policy::Bayes))
            ))
        })
    };
    view! {
        <section class="panel" aria-labelledby="learn-6">
                        <h3 id="learn-6">"6. Why the 50 % rule is a cliff"</h3>
                        <p data-testid="learn-cliff-text">{cliff_text}</p>
                        <DataTable table=cliff_table />
                        <p class="muted">
                            {move || format!("Highlighted: the round chosen above ({}).", if lesson.after.get() == 0 { "before round 1".into() } else { format!("after round {}", lesson.after.get()) })}
                            " The sensitivity view draws this for any event."
                        </p>
                    </section>
    }
}
