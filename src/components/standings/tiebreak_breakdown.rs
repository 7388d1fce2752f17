//! The breakdown of one player's tie-break value: which rounds and opponents contributed what,
//! which adjustments for unplayed rounds applied (C.07 art. 16), what a cut removed, and how the
//! counted lines make the value — all from the engine's [`engine::tiebreak::Explanation`].

use crate::components::standings::tiebreak_table::Selection;
use crate::i18n::td_string;
use crate::lang::use_lang;
use crate::live_standings::LiveStandings;
use crate::tr;
use crate::words::tiebreak::{self as words, value_full};
use engine::tiebreak::{Unplayed, What};
use leptos::prelude::*;

#[component]
pub fn TiebreakBreakdown(
    /// The event's live standings.
    live: LiveStandings,
    /// The player and criterion shown; the criterion buttons change it.
    selected: RwSignal<Option<Selection>>,
) -> impl IntoView {
    let lang = use_lang();
    let content = move || {
        let locale = lang.get();
        let Some(sel) = selected.get() else {
            return view! { <p class="muted">{tr!(standings.breakdown.choose)}</p> }.into_any();
        };
        live.with(|t, c| {
            let s = &c.standings;
            let Some(row) = s.row(sel.player) else {
                return view! {
                    <p class="muted">{tr!(standings.breakdown.not_in_table)}</p>
                }
                .into_any();
            };
            if s.tiebreaks.is_empty() {
                return view! {
                    <h4 aria-live="polite" translate="no">{words::player(t, sel.player)}</h4>
                    <p class="muted">{tr!(standings.breakdown.no_tiebreak)}</p>
                }
                .into_any();
            }
            let k = sel.criterion.min(s.tiebreaks.len() - 1);
            let tb = s.tiebreaks[k];
            let value = &row.values[k];
            let line = c.crosstable.lines.get(sel.player);
            let tabs = s
                .tiebreaks
                .iter()
                .enumerate()
                .map(|(i, other)| {
                    let player = sel.player;
                    view! {
                        <button
                            type="button"
                            aria-pressed=(i == k).to_string()
                            on:click=move |_| {
                                selected.set(Some(Selection { player, criterion: i }))
                            }
                        >
                            {other.code()}
                        </button>
                    }
                })
                .collect_view();
            let items = value
                .explanation
                .items
                .iter()
                .map(|item| {
                    let round = item.round.map_or_else(|| "–".to_string(), |r| r.to_string());
                    let opponent = item
                        .opponent
                        .map(|o| words::player(t, o))
                        .unwrap_or_else(|| "–".to_string());
                    let status = match (item.counted, item.excluded) {
                        (true, _) => None,
                        (false, Some(e)) => Some(
                            td_string!(
                                locale,
                                standings.breakdown.not_counted_why,
                                why = words::exclusion(locale, e)
                            )
                            .to_string(),
                        ),
                        (false, None) => {
                            Some(td_string!(locale, standings.breakdown.not_counted).to_string())
                        }
                    };
                    // What the round was, when the line does not say it already.
                    let mut what = words::what(locale, &item.what);
                    let says_kind = matches!(
                        item.what,
                        What::DummyOpponent { .. } | What::Round { .. } | What::GameScore { .. }
                    );
                    let kind = item
                        .round
                        .and_then(|r| line.and_then(|l| l.get_slot(r)))
                        .map(|slot| slot.kind)
                        .filter(|&k| k != Unplayed::Played && !says_kind);
                    if let Some(k) = kind {
                        what.push_str(&format!(" · {}", words::unplayed(locale, k)));
                    }
                    view! {
                        <tr class:excluded=!item.counted>
                            <td class="num">{round}</td>
                            <td translate="no">{opponent}</td>
                            <td>
                                {what}
                                {status.map(|s| view! { <span class="why-not">{s}</span> })}
                            </td>
                            <td class="num">{words::number(locale, item.value)}</td>
                        </tr>
                    }
                })
                .collect_view();
            let has_items = !value.explanation.items.is_empty();
            let heading = format!(
                "{}: {} = {}",
                words::player(t, sel.player),
                tb.code(),
                value_full(locale, value.value)
            );
            let summary = td_string!(
                locale,
                standings.breakdown.summary,
                rank = row.rank,
                points = words::number(locale, row.points),
                criterion = words::criterion(locale, tb)
            )
            .to_string();
            view! {
                <h4 aria-live="polite">{heading}</h4>
                <p class="muted small">{summary}</p>
                <div class="criteria" role="group" aria-label=tr!(standings.breakdown.criteria_aria)>
                    {tabs}
                </div>
                <p class="how">{words::how(locale, t, &value.explanation.how, value.value)}</p>
                {has_items
                    .then(|| {
                        view! {
                            <div
                                class="table-scroll"
                                tabindex="0"
                                role="region"
                                aria-label=tr!(standings.breakdown.items_aria)
                            >
                                <table class="breakdown-items">
                                    <caption class="visually-hidden">
                                        {tr!(standings.breakdown.items_caption)}
                                    </caption>
                                    <thead>
                                        <tr>
                                            <th scope="col" class="num">
                                                {tr!(standings.breakdown.col_round)}
                                            </th>
                                            <th scope="col">{tr!(standings.breakdown.col_opponent)}</th>
                                            <th scope="col">{tr!(standings.breakdown.col_what)}</th>
                                            <th scope="col" class="num">
                                                {tr!(standings.breakdown.col_value)}
                                            </th>
                                        </tr>
                                    </thead>
                                    <tbody>{items}</tbody>
                                </table>
                            </div>
                        }
                    })}
            }
            .into_any()
        })
        .unwrap_or_else(|| ().into_any())
    };
    let rule = move || {
        let locale = lang.get();
        live.computed.with(|c| {
            c.as_ref()
                .map(|c| words::unplayed_rounds_rule(locale, c.standings.system, c.standings.rules))
                .unwrap_or_default()
        })
    };
    view! {
        <section
            class="panel breakdown"
            class:open=move || selected.with(Option::is_some)
            data-testid="tiebreak-breakdown"
            aria-labelledby="breakdown-title"
        >
            <div class="breakdown-head">
                <h3 id="breakdown-title">{tr!(standings.breakdown.heading)}</h3>
                <Show when=move || selected.with(Option::is_some)>
                    <button
                        type="button"
                        class="quiet"
                        aria-label=tr!(standings.breakdown.close_aria)
                        on:click=move |_| selected.set(None)
                    >
                        {tr!(standings.breakdown.close)}
                    </button>
                </Show>
            </div>
            {content}
            <details class="rule">
                <summary>{tr!(standings.breakdown.unplayed_rounds)}</summary>
                <p class="small">{rule}</p>
            </details>
        </section>
    }
}
