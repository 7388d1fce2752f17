//! The standings table: rank (shared by players equal on every criterion), points and one
//! column per tie-break of the list, withdrawn players marked. A row, or a value in it, opens
//! the breakdown of that player's values (click, or Enter/Space on its button).
//!
//! A big event's table is redrawn in place: the rows are a fixed pool by position (row `i`
//! shows whoever ranks `i`-th), each row and cell reads its own memo of the texts it shows,
//! so a change of rules or list only rewrites the text nodes whose text differs — no row is
//! rebuilt and the browser re-parses nothing. The columns have explicit widths (`table-layout:
//! fixed`), so new text does not make the browser lay the whole table out again. A value's
//! accessible name is its text: the column's `<th scope="col">` and the row's `<th
//! scope="row">` say whose value of what it is.

use crate::live_standings::{Computed, LiveStandings};
use crate::text;
use crate::tiebreak_text::{value_full, value_short};
use engine::{StartNo, Tournament};
use leptos::prelude::*;

/// What the breakdown panel shows: a player, and which criterion of the list (index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection {
    pub player: StartNo,
    pub criterion: usize,
}

/// Every text one row shows.
#[derive(Clone, Debug, Default, PartialEq)]
struct RowText {
    player: StartNo,
    rank: String,
    name: String,
    /// The tag of a withdrawn player ("withdrew after round 5").
    withdrew: Option<String>,
    withdrawn: bool,
    rating: String,
    points: String,
    values: Vec<CellText>,
}

/// One tie-break value: as shown, and in full when that has more digits.
#[derive(Clone, Debug, Default, PartialEq)]
struct CellText {
    short: String,
    title: Option<String>,
}

/// The rows of the computed standings, in order.
fn row_texts(t: &Tournament, c: &Computed) -> Vec<RowText> {
    c.standings
        .rows
        .iter()
        .map(|row| {
            let p = row.start_no;
            let withdrew = row.withdrawn.then(|| match t.withdrawal_of(p) {
                Some(w) => format!("withdrew {}", text::withdrawal_point(w.after_round)),
                None => "withdrew".to_string(),
            });
            let values = row
                .values
                .iter()
                .map(|v| {
                    let short = value_short(v.value);
                    CellText {
                        short: if short.is_empty() {
                            "–".into()
                        } else {
                            short
                        },
                        title: (!v.value.is_some_and(|n| n.is_exact()))
                            .then(|| value_full(v.value)),
                    }
                })
                .collect();
            RowText {
                player: p,
                rank: row.rank.to_string(),
                name: text::name_of(t, p),
                withdrew,
                withdrawn: row.withdrawn,
                rating: t
                    .player(p)
                    .and_then(|pl| pl.rating)
                    .map(|r| r.to_string())
                    .unwrap_or_default(),
                points: value_short(Some(row.points)),
                values,
            }
        })
        .collect()
}

/// Column widths in characters (`ch`: the digits are tabular): rank, number, player, rating,
/// points, then one per tie-break — the longest text of each column, its heading included.
fn widths(rows: &[RowText], codes: &[String]) -> Vec<usize> {
    let chars = |s: &str| s.chars().count();
    let longest = |f: &dyn Fn(&RowText) -> usize, head: usize| {
        rows.iter().map(f).chain([head]).max().unwrap_or(head)
    };
    let mut w = vec![
        longest(&|r| chars(&r.rank), 4),
        longest(&|r| chars(&r.player.to_string()), 3),
        // Long names are cut with an ellipsis (the full name is the button's text).
        longest(&|r| chars(&r.name), 6).min(26),
        longest(&|r| chars(&r.rating), 6),
        longest(&|r| chars(&r.points), 3),
    ];
    w.extend(codes.iter().enumerate().map(|(i, code)| {
        longest(
            &|r| r.values.get(i).map_or(0, |v| chars(&v.short)),
            chars(code),
        )
    }));
    w
}

/// Padding per column in rem beyond its text (cell padding, and a button's padding and border
/// for the player and value columns).
fn padding(column: usize) -> f64 {
    match column {
        0 | 1 | 3 | 4 => 1.0,
        _ => 1.8,
    }
}

#[component]
pub fn TiebreakTable(
    /// The event's live standings.
    live: LiveStandings,
    /// The player (and criterion) whose breakdown is shown.
    selected: RwSignal<Option<Selection>>,
) -> impl IntoView {
    let codes = Memo::new(move |_| {
        live.computed.with(|c| {
            c.as_ref()
                .map(|c| c.standings.tiebreaks.clone())
                .unwrap_or_default()
        })
    });
    let rows = Memo::new(move |_| live.with(row_texts).unwrap_or_default());
    let count = Memo::new(move |_| rows.with(Vec::len));
    let columns = Memo::new(move |_| codes.with(Vec::len));
    let widths = Memo::new(move |_| {
        let codes: Vec<String> = codes.with(|c| c.iter().map(|tb| tb.code()).collect());
        rows.with(|r| widths(r, &codes))
    });
    let head = move || {
        codes
            .get()
            .into_iter()
            .map(|tb| {
                view! {
                    <th scope="col" class="num">
                        <abbr title=tb.name()>{tb.code()}</abbr>
                    </th>
                }
            })
            .collect_view()
    };
    let cols = move || {
        widths.with(|w| {
            w.iter()
                .enumerate()
                .map(|(i, &n)| {
                    let width = format!("calc({n}ch + {}rem)", padding(i));
                    view! { <col style:width=width /> }
                })
                .collect_view()
        })
    };
    let table_width = move || {
        widths.with(|w| {
            let ch: usize = w.iter().sum();
            let rem: f64 = (0..w.len()).map(padding).sum();
            format!("calc({ch}ch + {rem}rem)")
        })
    };
    view! {
        <div class="table-scroll">
            <table
                class="tiebreak-standings"
                data-testid="tiebreak-standings"
                style:width=table_width
            >
                <caption>
                    "Final order: points, then each tie-break in turn; equal on everything means the same rank, \
                     listed by start number. “–”: the tie-break does not apply. Choose a name or a value to see how it is made."
                </caption>
                <colgroup>{cols}</colgroup>
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
                <tbody>
                    <For
                        each=move || 0..count.get()
                        key=|i| *i
                        children=move |i| {
                            view! { <StandingsRow rows=rows index=i columns=columns selected=selected /> }
                        }
                    />
                </tbody>
            </table>
        </div>
    }
}

/// Row `index` of the table: whoever ranks there now.
#[component]
fn StandingsRow(
    rows: Memo<Vec<RowText>>,
    index: usize,
    columns: Memo<usize>,
    selected: RwSignal<Option<Selection>>,
) -> impl IntoView {
    let row = Memo::new(move |_| rows.with(|r| r.get(index).cloned().unwrap_or_default()));
    let player = Memo::new(move |_| row.with(|r| r.player));
    // Which criterion of this row is selected: a memo per row, so that a new selection re-runs
    // the cells of two rows, not of the whole table.
    let here = Memo::new(move |_| {
        let p = player.get();
        selected.with(|s| s.filter(|s| s.player == p).map(|s| s.criterion))
    });
    let is_selected = move || here.with(Option::is_some);
    let select = move |criterion: Option<usize>| {
        let criterion = criterion.unwrap_or_else(|| {
            selected
                .get_untracked()
                .map(|s| s.criterion)
                .unwrap_or_default()
        });
        let player = player.get_untracked();
        selected.set(Some(Selection { player, criterion }));
    };
    let cell = move |i: usize| {
        let value = Memo::new(move |_| row.with(|r| r.values.get(i).cloned().unwrap_or_default()));
        view! {
            <td class="num">
                <button
                    type="button"
                    class="value"
                    title=move || value.with(|v| v.title.clone())
                    aria-pressed=move || (here.get() == Some(i)).to_string()
                    on:click=move |ev| {
                        ev.stop_propagation();
                        select(Some(i));
                    }
                >
                    {move || value.with(|v| v.short.clone())}
                </button>
            </td>
        }
    };
    view! {
        <tr
            class:withdrawn=move || row.with(|r| r.withdrawn)
            class:selected=is_selected
            on:click=move |_| select(None)
        >
            <td class="num rank">{move || row.with(|r| r.rank.clone())}</td>
            <td class="num">{move || player.get()}</td>
            <th scope="row" class="player">
                <button
                    type="button"
                    class="player-button"
                    aria-pressed=move || is_selected().to_string()
                    on:click=move |ev| {
                        ev.stop_propagation();
                        select(None);
                    }
                >
                    {move || row.with(|r| r.name.clone())}
                </button>
                {move || {
                    row.with(|r| r.withdrew.clone())
                        .map(|w| view! { <span class="tag">{w}</span> })
                }}
            </th>
            <td class="num">{move || row.with(|r| r.rating.clone())}</td>
            <td class="num points">{move || row.with(|r| r.points.clone())}</td>
            <For each=move || 0..columns.get() key=|i| *i children=cell />
        </tr>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, values: &[&str]) -> RowText {
        RowText {
            player: 12,
            rank: "3".into(),
            name: name.into(),
            rating: "2401".into(),
            points: "6.5".into(),
            values: values
                .iter()
                .map(|v| CellText {
                    short: (*v).into(),
                    title: None,
                })
                .collect(),
            ..RowText::default()
        }
    }

    #[test]
    fn each_column_is_as_wide_as_its_longest_text_or_heading() {
        let rows = [row("Ana", &["27.25", "–"]), row("Bo", &["3", "1234.56"])];
        let codes = ["BH-C1".to_string(), "TPR".to_string()];
        assert_eq!(widths(&rows, &codes), vec![4, 3, 6, 6, 3, 5, 7]);
        let long = [row(&"x".repeat(40), &[])];
        assert_eq!(widths(&long, &[])[2], 26, "long names are cut");
    }
}
