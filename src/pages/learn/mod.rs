//! The Learn view (`/learn`): the method walked through on a small live example — six players,
//! one of whom (W) withdraws. The reader edits the ratings, W's results and the round of the
//! withdrawal, and every number below follows: expected score, form residual, shrinkage weight
//! (with its own plot), the imputed scores, point conservation, and the 50 % cliff. All numbers
//! come from the engine (`impute::analyse`, `sensitivity::cliff`) on `example::lesson`.
//!
//! The page is a [`Lesson`] (the reader's inputs and what the engine makes of them) and one
//! component per step, in [`steps`].

mod steps;

use crate::components::common::plot_figure::use_palette;
use crate::i18n::td_string;
use crate::plots::Palette;
use crate::tr;
use crate::words::text;
use crate::words::Words;
use engine::elo::Expectation;
use engine::impute::{self, Analysis, Params, WithdrawnStats};
use engine::sensitivity::{self, Cliff};
use engine::{Entry, PerPlayer, RatingError, StartNo, Tournament};
use leptos::prelude::*;
use steps::{CliffStep, ConservationStep, ExpectedStep, ImputedStep, ResidualStep, WeightStep};

/// W's start number in the lesson event.
const W: StartNo = 1;
const ROUNDS: u32 = 5;

/// The reader's inputs and what the engine makes of them (Copy: one per step).
#[derive(Clone, Copy)]
struct Lesson {
    /// The players' ratings, by start number.
    ratings: RwSignal<PerPlayer<u16>>,
    /// W's results by round (round r at r − 1, see [`Lesson::result`]), from W's side: 2 win,
    /// 1 draw, 0 loss.
    results: RwSignal<[u8; 5]>,
    /// The round W withdraws after.
    after: RwSignal<u32>,
    k: RwSignal<f64>,
    palette: Signal<Palette>,
    event: Memo<Tournament>,
    analysis: Memo<Option<Analysis>>,
    cliff: Memo<Option<Cliff>>,
}

impl Lesson {
    fn new() -> Lesson {
        let ratings = RwSignal::new(PerPlayer::from_vec(vec![
            2500u16, 2560, 2520, 2480, 2440, 2400,
        ]));
        let results = RwSignal::new([0u8, 1, 0, 1, 2]);
        let after = RwSignal::new(2u32);
        let k = RwSignal::new(3.0f64);
        let event: Memo<Tournament> =
            Memo::new(move |_| ratings.with(|r| engine::example::lesson(r, results.get())));
        let params =
            Memo::new(move |_| Params::new(k.get(), Expectation::Logistic).unwrap_or_default());
        let analysis = Memo::new(move |_| {
            let hidden = event.with(|t| sensitivity::hidden_after(t, W, after.get()));
            impute::analyse(&hidden, &hidden.withdrawals, params.get()).ok()
        });
        let cliff = Memo::new(move |_| event.with(|t| sensitivity::cliff(t, W, params.get()).ok()));
        Lesson {
            ratings,
            results,
            after,
            k,
            palette: use_palette(),
            event,
            analysis,
            cliff,
        }
    }

    fn name(&self, p: StartNo) -> String {
        self.event.with(|t| text::name_of(t, p))
    }

    fn rating(&self, p: StartNo) -> u16 {
        self.ratings.with(|r| r[p])
    }

    /// W's result code in round `r` (1-based).
    fn result(&self, r: u32) -> Option<u8> {
        self.results
            .with(|x| r.checked_sub(1).and_then(|i| x.get(i as usize)).copied())
    }

    /// Sets W's result code in round `r` (1-based), at most 2 (a win).
    fn set_result(&self, r: u32, v: u8) {
        self.results.update(|x| {
            if let Some(slot) = r.checked_sub(1).and_then(|i| x.get_mut(i as usize)) {
                *slot = v.min(2);
            }
        });
    }

    /// W's opponent in round r.
    fn opponent(&self, r: u32) -> StartNo {
        self.event.with(|t| match t.entry(W, r) {
            Entry::Game { opponent, .. } => opponent,
            _ => 0,
        })
    }

    /// W's numbers in the analysis (n, s̄, Ē, residual, weight).
    fn stats(&self) -> Option<WithdrawnStats> {
        self.analysis
            .with(|a| a.as_ref().and_then(|a| a.stats(W).cloned()))
    }
}

#[component]
pub fn LearnPage() -> impl IntoView {
    crate::components::common::layout::page_title(|| vec![tr!(learn.title)().to_string()]);
    let lang = crate::lang::use_lang();
    let lesson = Lesson::new();
    view! {
        <article class="learn" aria-labelledby="learn-title">
            <h2 id="learn-title">{tr!(learn.heading)}</h2>
            <p>{tr!(learn.intro)}</p>
            <TheExample lesson=lesson />
            <ExpectedStep lesson=lesson />
            <ResidualStep lesson=lesson />
            <WeightStep lesson=lesson />
            <ImputedStep lesson=lesson />
            <ConservationStep lesson=lesson />
            <CliffStep lesson=lesson />
            <p class="muted">
                <span>{tr!(learn.source)}</span>
                {move || text::sentence_gap(lang.get())}
                <span>{tr!(learn.try_this)}</span>
            </p>
        </article>
    }
}

/// The example the reader edits: the withdrawal round, the ratings and Wanda's results.
#[component]
fn TheExample(
    /// The lesson's inputs and numbers.
    lesson: Lesson,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let player_rows = move || {
        (1..=6u32)
            .map(|p| view! { <PlayerRow lesson=lesson player=p /> })
            .collect_view()
    };
    view! {
        <section class="panel" aria-labelledby="learn-example-title">
                        <h3 id="learn-example-title">{tr!(learn.example.heading)}</h3>
                        <p class="muted">{tr!(learn.example.help)}</p>
                        <label class="inline">
                            {tr!(learn.example.withdraws)}
                            " "
                            <select
                                data-testid="learn-after"
                                on:change=move |ev| {
                                    if let Ok(r) = event_target_value(&ev).parse::<u32>() {
                                        lesson.after.set(r.min(ROUNDS - 1));
                                    }
                                }
                            >
                                {(0..ROUNDS)
                                    .map(|r| view! {
                                        <option value=r.to_string() selected=move || lesson.after.get() == r>
                                            {move || text::withdrawal_point_in(lang.get(), r)}
                                        </option>
                                    })
                                    .collect_view()}
                            </select>
                        </label>
                        <div class="table-scroll">
                            <table data-testid="learn-players">
                                <caption>{tr!(learn.example.caption)}</caption>
                                <thead>
                                    <tr>
                                        <th scope="col">{tr!(learn.example.col_player)}</th>
                                        <th scope="col">{tr!(learn.example.col_rating)}</th>
                                        <th scope="col">{tr!(learn.example.col_against)}</th>
                                    </tr>
                                </thead>
                                <tbody>{player_rows}</tbody>
                            </table>
                        </div>
                    </section>
    }
}

/// One player of the example: rating input, and the result against Wanda.
#[component]
fn PlayerRow(
    /// The lesson's inputs and numbers.
    lesson: Lesson,
    /// The row's player.
    player: StartNo,
) -> impl IntoView {
    let p = player;
    let lang = crate::lang::use_lang();
    // The refused text, worded when drawn (so it follows a change of language).
    let error = RwSignal::new(None::<RatingError>);
    let round = (1..=ROUNDS).find(|&r| lesson.opponent(r) == p);
    let result_cell = match round {
        None => view! { <td>"—"</td> }.into_any(),
        Some(r) => {
            let hidden = move || r > lesson.after.get();
            view! {
                    <td>
                        <label class="visually-hidden" for=format!("learn-result-{p}")>
                            {move || {
                                td_string!(lang.get(), learn.example.result_label, player = lesson.name(p), round = r)
                                    .to_string()
                            }}
                        </label>
                        <select
                            id=format!("learn-result-{p}")
                            data-testid=format!("learn-result-{p}")
                            on:change=move |ev| {
                                if let Ok(v) = event_target_value(&ev).parse::<u8>() {
                                    lesson.set_result(r, v);
                                }
                            }
                        >
                            {[2u8, 1, 0]
                                .into_iter()
                                .map(|v| view! {
                                    <option value=v.to_string() selected=move || lesson.result(r) == Some(v)>
                                        {move || result_words(lang.get(), v)}
                                    </option>
                                })
                                .collect_view()}
                        </select>
                        <span class="sub">
                            " "
                            {move || if hidden() {
                                td_string!(lang.get(), learn.example.not_played, round = r).to_string()
                            } else {
                                td_string!(lang.get(), learn.example.played, round = r).to_string()
                            }}
                        </span>
                    </td>
                }
                .into_any()
        }
    };
    view! {
        <tr class:withdrawn=p == W>
            <th scope="row" translate="no">{move || lesson.name(p)}</th>
            <td>
                <label class="visually-hidden" for=format!("learn-rating-{p}")>
                    {move || td_string!(lang.get(), learn.example.rating_label, player = lesson.name(p)).to_string()}
                </label>
                // Any rating the engine accepts (engine::RATINGS); anything else is an error on
                // the field, never a silently ignored number.
                <input
                    id=format!("learn-rating-{p}")
                    data-testid=format!("learn-rating-{p}")
                    type="number"
                    min=engine::RATINGS.start().to_string()
                    max=engine::RATINGS.end().to_string()
                    step="10"
                    class="k-number"
                    aria-invalid=move || error.with(Option::is_some).then_some("true")
                    aria-errormessage=move || error.with(Option::is_some).then(|| format!("learn-rating-error-{p}"))
                    prop:value=move || lesson.rating(p).to_string()
                    on:input=move |ev| {
                        let typed = event_target_value(&ev);
                        match engine::parse_rating(&typed) {
                            Ok(Some(v)) => {
                                error.set(None);
                                lesson.ratings.update(|x| x[p] = v);
                            }
                            Ok(None) => error.set(None),
                            Err(e) => error.set(Some(e)),
                        }
                    }
                />
                {move || error.get().map(|e| {
                    let l = lang.get();
                    let words = td_string!(
                        l,
                        learn.example.rating_error,
                        error = crate::words::capitalised(&e.words(l)),
                        rating = lesson.rating(p)
                    )
                    .to_string();
                    view! {
                        <span class="field-error" role="alert" id=format!("learn-rating-error-{p}") data-testid=format!("learn-rating-error-{p}")>{words}</span>
                    }
                })}
            </td>
            {result_cell}
        </tr>
    }
}

/// A result against Wanda as the example's select offers it (2 win, 1 draw, 0 loss, from her
/// side).
fn result_words(locale: crate::i18n::Locale, code: u8) -> &'static str {
    match code {
        2 => td_string!(locale, learn.example.wins),
        1 => td_string!(locale, learn.example.draw),
        _ => td_string!(locale, learn.example.loses),
    }
}
