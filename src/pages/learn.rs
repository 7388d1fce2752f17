//! The Learn view (`/learn`): the method walked through on a small live example — six players,
//! one of whom (W) withdraws. The reader edits the ratings, W's results and the round of the
//! withdrawal, and every number below follows: expected score, form residual, shrinkage weight
//! (with its own plot), the imputed scores, point conservation, and the 50 % cliff. All numbers
//! come from the engine (`impute::analyse`, `sensitivity::cliff`) on `example::lesson`.

use crate::components::data_table::{Cell, DataTable, Row, Table};
use crate::components::plot_figure::use_palette;
use crate::plots;
use crate::text::{self, dec, two};
use engine::elo::{self, Expectation};
use engine::impute::{self, Analysis, Params, Policy};
use engine::sensitivity::{self, Cliff};
use engine::{Entry, StartNo, Tournament};
use leptos::prelude::*;

/// W's start number in the lesson event.
const W: StartNo = 1;
const ROUNDS: u32 = 5;

#[component]
pub fn LearnPage() -> impl IntoView {
    let ratings = RwSignal::new([2500u16, 2560, 2520, 2480, 2440, 2400]);
    // W's results by round, from W's side: 2 win, 1 draw, 0 loss.
    let results = RwSignal::new([0u8, 1, 0, 1, 2]);
    let after = RwSignal::new(2u32);
    let k = RwSignal::new(3.0f64);
    let palette = use_palette();

    let event: Memo<Tournament> =
        Memo::new(move |_| engine::example::lesson(ratings.get(), results.get()));
    let params = Memo::new(move |_| Params {
        k: k.get(),
        expectation: Expectation::Logistic,
    });
    let analysis: Memo<Option<Analysis>> = Memo::new(move |_| {
        let hidden = event.with(|t| sensitivity::hidden_after(t, W, after.get()));
        impute::analyse(&hidden, &hidden.withdrawals, params.get()).ok()
    });
    let cliff: Memo<Option<Cliff>> =
        Memo::new(move |_| event.with(|t| sensitivity::cliff(t, W, params.get()).ok()));
    let name = move |p: StartNo| event.with(|t| text::name_of(t, p));
    let rating = move |p: StartNo| ratings.with(|r| r[p as usize - 1]);
    // W's opponent in round r.
    let opponent = move |r: u32| {
        event.with(|t| match t.entry(W, r) {
            Entry::Game { opponent, .. } => opponent,
            _ => 0,
        })
    };
    let stats = move || analysis.with(|a| a.as_ref().and_then(|a| a.stats(W).cloned()));

    let player_rows = move || {
        (1..=6u32)
            .map(|p| {
                let round = (1..=ROUNDS).find(|&r| opponent(r) == p);
                let result_cell = match round {
                    None => view! { <td>"—"</td> }.into_any(),
                    Some(r) => {
                        let hidden = move || r > after.get();
                        view! {
                            <td>
                                <label class="visually-hidden" for=format!("learn-result-{p}")>
                                    {move || format!("Result of Wanda against {} in round {r}", name(p))}
                                </label>
                                <select
                                    id=format!("learn-result-{p}")
                                    data-testid=format!("learn-result-{p}")
                                    on:change=move |ev| {
                                        if let Ok(v) = event_target_value(&ev).parse::<u8>() {
                                            results.update(|x| x[r as usize - 1] = v.min(2));
                                        }
                                    }
                                >
                                    {[(2u8, "Wanda wins"), (1, "draw"), (0, "Wanda loses")]
                                        .into_iter()
                                        .map(|(v, label)| view! {
                                            <option value=v.to_string() selected=move || results.with(|x| x[r as usize - 1] == v)>{label}</option>
                                        })
                                        .collect_view()}
                                </select>
                                <span class="sub">
                                    {move || if hidden() {
                                        format!(" round {r}: not played (after the withdrawal)")
                                    } else {
                                        format!(" round {r}: played")
                                    }}
                                </span>
                            </td>
                        }
                        .into_any()
                    }
                };
                view! {
                    <tr class:withdrawn=p == W>
                        <th scope="row">{move || name(p)}</th>
                        <td>
                            <label class="visually-hidden" for=format!("learn-rating-{p}")>
                                {move || format!("Rating of {}", name(p))}
                            </label>
                            <input
                                id=format!("learn-rating-{p}")
                                data-testid=format!("learn-rating-{p}")
                                type="number"
                                min="1000"
                                max="3000"
                                step="10"
                                class="k-number"
                                prop:value=move || rating(p).to_string()
                                on:input=move |ev| {
                                    if let Ok(v) = event_target_value(&ev).trim().parse::<u16>() {
                                        if (1000..=3000).contains(&v) {
                                            ratings.update(|x| x[p as usize - 1] = v);
                                        }
                                    }
                                }
                            />
                        </td>
                        {result_cell}
                    </tr>
                }
            })
            .collect_view()
    };

    // Step 1: E(i, W) for every opponent.
    let expected_rows = move || {
        (2..=6u32)
            .map(|p| {
                let e = elo::logistic_expected(f64::from(rating(p)), f64::from(rating(W)));
                let played = (1..=ROUNDS).any(|r| opponent(r) == p && r <= after.get());
                view! {
                    <li>
                        {format!(
                            "E({}, W) = 1 / (1 + 10^(({} − {}) / 400)) = {}",
                            name(p),
                            rating(W),
                            rating(p),
                            dec(e, 3)
                        )}
                        <span class="sub">{if played { " — played W" } else { " — did not get to play W" }}</span>
                    </li>
                }
            })
            .collect_view()
    };

    let residual_text = move || {
        stats().map(|s| {
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

    let weight_text = move || {
        stats().map(|s| {
            format!(
                "w = n / (n + k) = {} / ({} + {}) = {}. With few games W's form is mostly noise and w is small; \
                 with many games it is trusted. k says how many games of evidence the ratings are worth.",
                s.played,
                s.played,
                text::k_value(k.get()),
                dec(s.weight, 3)
            )
        })
    };
    let shrinkage_svg = move || {
        let n = stats().map_or(0, |s| s.played);
        let ks = sensitivity::k_grid(20.0, 100);
        let ws: Vec<f64> = ks.iter().map(|&k| impute::shrinkage_weight(n, k)).collect();
        plots::shrinkage(n, &ks, &ws, k.get(), &palette.get())
    };

    let imputed_rows = move || {
        analysis.with(|a| {
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
                                    name(u.player),
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

    let conservation = move || {
        analysis.with(|a| {
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

    let cliff_table = Signal::derive(move || {
        let chosen = after.get();
        cliff.with(|c| {
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
                            Cell::text(crate::policies::look(s.fide_resolves_to).short),
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
        cliff.with(|c| {
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
        <article class="learn" aria-labelledby="learn-title">
            <h2 id="learn-title">"How the Bayesian imputation works"</h2>
            <p>
                "A player withdraws from a round-robin: some opponents played them, others never will. What should those \
                 unplayed games score? Change the example below and watch every number follow."
            </p>
            <section class="panel" aria-labelledby="learn-example-title">
                <h3 id="learn-example-title">"The example"</h3>
                <p class="muted">
                    "Six players, five rounds; Wanda (W) withdraws. Her other results are as if every game had been \
                     played, so you can move the withdrawal."
                </p>
                <label class="inline">
                    "Wanda withdraws "
                    <select
                        data-testid="learn-after"
                        on:change=move |ev| {
                            if let Ok(r) = event_target_value(&ev).parse::<u32>() {
                                after.set(r.min(ROUNDS - 1));
                            }
                        }
                    >
                        {(0..ROUNDS)
                            .map(|r| view! {
                                <option value=r.to_string() selected=move || after.get() == r>
                                    {if r == 0 { "before round 1".to_string() } else { format!("after round {r}") }}
                                </option>
                            })
                            .collect_view()}
                    </select>
                </label>
                <div class="table-scroll">
                    <table data-testid="learn-players">
                        <caption>"Players, ratings and Wanda's results (edit them)"</caption>
                        <thead>
                            <tr>
                                <th scope="col">"Player"</th>
                                <th scope="col">"Rating"</th>
                                <th scope="col">"Against Wanda"</th>
                            </tr>
                        </thead>
                        <tbody>{player_rows}</tbody>
                    </table>
                </div>
            </section>
            <section class="panel" aria-labelledby="learn-1">
                <h3 id="learn-1">"1. Expected score"</h3>
                <p>
                    "The ratings predict each game: E(i, W) = 1 / (1 + 10"<sup>"(R"<sub>"W"</sub>" − R"<sub>"i"</sub>")/400"</sup>")."
                </p>
                <ul data-testid="learn-expected">{expected_rows}</ul>
            </section>
            <section class="panel" aria-labelledby="learn-2">
                <h3 id="learn-2">"2. The form residual"</h3>
                <p data-testid="learn-residual">{residual_text}</p>
            </section>
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
                        aria-valuetext=move || format!("k = {}", text::k_value(k.get()))
                        prop:value=move || text::k_value(k.get())
                        on:input=move |ev| {
                            if let Ok(v) = event_target_value(&ev).parse::<f64>() {
                                k.set(v.clamp(0.0, 20.0));
                            }
                        }
                    />
                    <output for="learn-k">{move || format!("k = {}", text::k_value(k.get()))}</output>
                </div>
                <p data-testid="learn-weight">{weight_text}</p>
                <div
                    class="plot-svg small"
                    data-testid="plot-shrinkage"
                    role="img"
                    aria-label=move || {
                        let n = stats().map_or(0, |s| s.played);
                        format!(
                            "The weight w = {n}/({n} + k) falls from 1 at k = 0 towards 0 as k grows; at k = {} it is {}.",
                            text::k_value(k.get()),
                            dec(impute::shrinkage_weight(n, k.get()), 3)
                        )
                    }
                    inner_html=shrinkage_svg
                ></div>
            </section>
            <section class="panel" aria-labelledby="learn-4">
                <h3 id="learn-4">"4. The imputed scores"</h3>
                <p>"Each unplayed game: the expectation, moved by the weighted residual, kept within 0 and 1."</p>
                <ul data-testid="learn-imputed">{imputed_rows}</ul>
            </section>
            <section class="panel" aria-labelledby="learn-5">
                <h3 id="learn-5">"5. Point conservation"</h3>
                <p data-testid="learn-conservation">{conservation}</p>
            </section>
            <section class="panel" aria-labelledby="learn-6">
                <h3 id="learn-6">"6. Why the 50 % rule is a cliff"</h3>
                <p data-testid="learn-cliff-text">{cliff_text}</p>
                <DataTable table=cliff_table />
                <p class="muted">
                    {move || format!("Highlighted: the round chosen above ({}).", if after.get() == 0 { "before round 1".into() } else { format!("after round {}", after.get()) })}
                    " The sensitivity view draws this for any event."
                </p>
            </section>
            <p class="muted">
                "Source: R. Varadhan, Bayesian Imputation for Unplayed Games in Round-Robin Chess Tournaments (2026). "
                "Try this: set Wanda's rating far above the others and make her lose every game — the clamp appears."
            </p>
        </article>
    }
}
