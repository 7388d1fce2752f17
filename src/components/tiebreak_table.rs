//! The standings table: rank (shared by players equal on every criterion), points and one
//! column per tie-break of the list, withdrawn players marked. A row, or a value in it, opens
//! the breakdown of that player's values (click, or Enter/Space on its button).

use crate::live_standings::LiveStandings;
use crate::text;
use crate::tiebreak_text::{value_full, value_short};
use engine::StartNo;
use leptos::prelude::*;

/// What the breakdown panel shows: a player, and which criterion of the list (index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection {
    pub player: StartNo,
    pub criterion: usize,
}

#[component]
pub fn TiebreakTable(
    /// The event's live standings.
    live: LiveStandings,
    /// The player (and criterion) whose breakdown is shown.
    selected: RwSignal<Option<Selection>>,
) -> impl IntoView {
    let head = move || {
        live.computed.with(|c| {
            c.as_ref()
                .map(|c| {
                    c.standings
                        .tiebreaks
                        .iter()
                        .map(|tb| {
                            view! {
                                <th scope="col" class="num">
                                    <abbr title=tb.name()>{tb.code()}</abbr>
                                </th>
                            }
                        })
                        .collect_view()
                })
                .unwrap_or_default()
        })
    };
    let select = move |player: StartNo, criterion: Option<usize>| {
        let criterion = criterion.unwrap_or_else(|| {
            selected
                .get_untracked()
                .map(|s| s.criterion)
                .unwrap_or_default()
        });
        selected.set(Some(Selection { player, criterion }));
    };
    let body = move || {
        live.with(|t, c| {
            c.standings
                .rows
                .iter()
                .map(|row| {
                    let p = row.start_no;
                    let name = text::name_of(t, p);
                    let withdrew = row.withdrawn.then(|| match t.withdrawal_of(p) {
                        Some(w) => {
                            format!("withdrew {}", crate::text::withdrawal_point(w.after_round))
                        }
                        None => "withdrew".to_string(),
                    });
                    let rating = t.player(p).and_then(|pl| pl.rating).map(|r| r.to_string());
                    // Which criterion of this row is selected: a memo per row, so that a new
                    // selection re-runs the cells of two rows, not of the whole table.
                    let here = Memo::new(move |_| {
                        selected.with(|s| s.filter(|s| s.player == p).map(|s| s.criterion))
                    });
                    let is_selected = move || here.with(Option::is_some);
                    let cells = c
                        .standings
                        .tiebreaks
                        .iter()
                        .zip(&row.values)
                        .enumerate()
                        .map(|(i, (tb, v))| {
                            let short = value_short(v.value);
                            let label = format!(
                                "{} of {name}: {}. Show how it is made",
                                tb.code(),
                                value_full(v.value)
                            );
                            let title = (!v.value.is_some_and(|n| n.is_exact()))
                                .then(|| value_full(v.value));
                            let pressed = move || here.get() == Some(i);
                            view! {
                                <td class="num">
                                    <button
                                        type="button"
                                        class="value"
                                        aria-label=label
                                        title=title
                                        aria-pressed=move || pressed().to_string()
                                        on:click=move |ev| {
                                            ev.stop_propagation();
                                            select(p, Some(i));
                                        }
                                    >
                                        {if short.is_empty() { "–".to_string() } else { short }}
                                    </button>
                                </td>
                            }
                        })
                        .collect_view();
                    view! {
                        <tr
                            class:withdrawn=row.withdrawn
                            class:selected=is_selected
                            on:click=move |_| select(p, None)
                        >
                            <td class="num rank">{row.rank}</td>
                            <td class="num">{p}</td>
                            <th scope="row" class="player">
                                <button
                                    type="button"
                                    class="player-button"
                                    aria-pressed=move || is_selected().to_string()
                                    aria-label=format!("{name}: show the breakdown")
                                    on:click=move |ev| {
                                        ev.stop_propagation();
                                        select(p, None);
                                    }
                                >
                                    {name.clone()}
                                </button>
                                {withdrew.map(|w| view! { <span class="tag">{w}</span> })}
                            </th>
                            <td class="num">{rating}</td>
                            <td class="num points">{value_short(Some(row.points))}</td>
                            {cells}
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <div class="table-scroll">
            <table class="tiebreak-standings" data-testid="tiebreak-standings">
                <caption>
                    "Final order: points, then each tie-break in turn; equal on everything means the same rank, \
                     listed by start number. “–”: the tie-break does not apply."
                </caption>
                <thead>
                    <tr>
                        <th scope="col" class="num">"Rank"</th>
                        <th scope="col" class="num">"No."</th>
                        <th scope="col">"Player"</th>
                        <th scope="col" class="num">"Rating"</th>
                        <th scope="col" class="num">"Pts"</th>
                        {head}
                    </tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
        </div>
    }
}
