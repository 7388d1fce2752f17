//! The standings table: rank (shared by players equal on every criterion), points and one
//! column per tie-break of the list, withdrawn players marked. A row, or a value in it, opens
//! the breakdown of that player's values (click, or Enter/Space on its button).
//!
//! Why the rows are HTML text: a 300-player Swiss has some 2,100 values, each a button. Built as
//! a `view!` per row, a rules change re-ran thousands of reactive cells and re-attached an event
//! listener per button, about 40 ms before layout (issue 15 item 4); a memo and an effect per
//! row or cell was slower still in Leptos 0.8. Here the rows are one string per computation (the
//! same markup: `th` row headers, real buttons), set in one go, with one click listener on the
//! table and the selection marked on the two rows it touches. A recomputation with the same
//! players and columns moves each player's row where it now belongs and rewrites only the
//! cells whose text changed ([`keyed`]).

use crate::components::common::data_table::escape;
use crate::components::common::keyed;
use crate::i18n::{td_string, Locale};
use crate::lang::use_lang;
use crate::live_standings::LiveStandings;
use crate::tr;
use crate::words::text;
use crate::words::tiebreak::{tiebreak_name, value_full, value_short};
use engine::tiebreak::Standings;
use engine::{StartNo, Tournament};
use leptos::prelude::*;
use std::fmt::Write;
use wasm_bindgen::JsCast;

/// What the breakdown panel shows: a player, and which criterion of the list (index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection {
    pub player: StartNo,
    pub criterion: usize,
}

/// The columns before the tie-breaks: rank, start number, player, rating, points.
const LEADING_COLUMNS: usize = 5;

/// One row as drawn: what each cell shows, so that a recomputation changes only the cells
/// whose text changed (a rules change moves a few values and places, not 2,000 cells).
#[derive(Clone, Debug, PartialEq)]
struct DrawnRow {
    rank: String,
    /// Everything else: a row whose cells are equal only moved (most rows of a rules change).
    cells: Cells,
}

/// A drawn row's cells but the rank.
#[derive(Clone, Debug, PartialEq)]
struct Cells {
    player: StartNo,
    withdrawn: bool,
    name: String,
    /// The withdrawal tag under the name ("withdrew after round 3").
    tag: Option<String>,
    rating: String,
    points: String,
    /// Each tie-break value: what it shows, and its tooltip (every digit, or why "–").
    values: Vec<(String, Option<String>)>,
}

/// The rows of `s` as they are drawn, in the reader's language.
fn drawn_rows(locale: Locale, t: &Tournament, s: &Standings) -> Vec<DrawnRow> {
    s.rows
        .iter()
        .map(|row| {
            let p = row.start_no;
            let tag = row.withdrawn.then(|| match t.withdrawal_of(p) {
                Some(w) => td_string!(
                    locale,
                    standings.table.withdrew_when,
                    when = text::withdrawal_point_in(locale, w.after_round)
                )
                .to_string(),
                None => td_string!(locale, standings.table.withdrew).to_string(),
            });
            let values = row
                .values
                .iter()
                .map(|v| {
                    let short = value_short(locale, v.value);
                    let shown = if short.is_empty() {
                        "–".to_string()
                    } else {
                        short
                    };
                    // A real value shows two decimals, every digit in the tooltip.
                    let title = (!v.value.is_some_and(|n| n.is_exact()))
                        .then(|| value_full(locale, v.value));
                    (shown, title)
                })
                .collect();
            DrawnRow {
                rank: row.rank.to_string(),
                cells: Cells {
                    player: p,
                    withdrawn: row.withdrawn,
                    name: text::name_of(t, p),
                    tag,
                    rating: t
                        .player(p)
                        .and_then(|pl| pl.rating)
                        .map(|r| r.to_string())
                        .unwrap_or_default(),
                    points: value_short(locale, Some(row.points)),
                    values,
                },
            }
        })
        .collect()
}

/// The name's cell: its button, and the withdrawal tag.
fn name_html(r: &Cells) -> String {
    let mut h = format!(
        "<button type=\"button\" class=\"player-button\" aria-pressed=\"false\">{}</button>",
        escape(&r.name)
    );
    if let Some(tag) = &r.tag {
        let _ = write!(h, "<span class=\"tag\">{}</span>", escape(tag));
    }
    h
}

/// The rows as HTML (the first drawing, and any change of the columns or the row count).
fn rows_html(rows: &[DrawnRow]) -> String {
    let columns = rows.first().map_or(0, |r| r.cells.values.len());
    let mut h = String::with_capacity(rows.len() * (220 + 80 * columns));
    for DrawnRow { rank, cells: r } in rows {
        let _ = write!(
            h,
            "<tr data-p=\"{}\"{}><td class=\"num rank\">{}</td><td class=\"num\">{}</td>\
             <th scope=\"row\" class=\"player\">{}</th><td class=\"num\">{}</td>\
             <td class=\"num points\">{}</td>",
            r.player,
            if r.withdrawn {
                " class=\"withdrawn\""
            } else {
                ""
            },
            rank,
            r.player,
            name_html(r),
            r.rating,
            r.points
        );
        for (shown, title) in &r.values {
            h.push_str(
                "<td class=\"num\"><button type=\"button\" class=\"value\" aria-pressed=\"false\"",
            );
            if let Some(title) = title {
                let _ = write!(h, " title=\"{}\"", escape(title));
            }
            let _ = write!(h, ">{}</button></td>", escape(shown));
        }
        h.push_str("</tr>");
    }
    h
}

/// Brings the drawn rows from `old` to `new` when both have the same players and columns: each
/// player's row is moved ([`keyed::reorder`]) and its changed cells rewritten. `false`, with
/// nothing changed, when the players differ: the caller draws the rows anew.
fn patch_rows(body: &web_sys::Element, old: &[DrawnRow], new: &[DrawnRow]) -> bool {
    let players = |rows: &[DrawnRow]| rows.iter().map(|r| r.cells.player).collect::<Vec<_>>();
    let Some(moved) = keyed::reorder(body, &players(old), &players(new)) else {
        return false;
    };
    for ((tr, j), n) in moved.iter().zip(new) {
        patch_row(tr, &old[*j], n);
    }
    true
}

/// Rewrites the cells of a player's row that changed from `o` to `n` (the same player).
fn patch_row(tr: &web_sys::Element, o: &DrawnRow, n: &DrawnRow) {
    let text = |cell: &Option<web_sys::Element>, old: &str, new: &str| {
        if old != new {
            if let Some(c) = cell {
                c.set_text_content(Some(new));
            }
        }
    };
    let rank = tr.first_element_child();
    text(&rank, &o.rank, &n.rank);
    // A row that only moved (most of them) has nothing else to rewrite.
    let (o, n) = (&o.cells, &n.cells);
    if o == n {
        return;
    }
    if o.withdrawn != n.withdrawn {
        toggle_class(tr, "withdrawn", n.withdrawn);
    }
    let number = rank.as_ref().and_then(|c| c.next_element_sibling());
    let name = number.as_ref().and_then(|c| c.next_element_sibling());
    if let Some(c) = &name {
        if o.tag.is_some() != n.tag.is_some() {
            c.set_inner_html(&name_html(n));
        } else {
            let button = c.first_element_child();
            text(&button, &o.name, &n.name);
            if let (Some(old), Some(new)) = (&o.tag, &n.tag) {
                text(&button.and_then(|b| b.next_element_sibling()), old, new);
            }
        }
    }
    let rating = name.as_ref().and_then(|c| c.next_element_sibling());
    text(&rating, &o.rating, &n.rating);
    let points = rating.as_ref().and_then(|c| c.next_element_sibling());
    text(&points, &o.points, &n.points);
    let mut cell = points.as_ref().and_then(|c| c.next_element_sibling());
    for ((old_shown, old_title), (shown, title)) in o.values.iter().zip(&n.values) {
        let Some(td) = cell else { return };
        if let Some(button) = td.first_element_child() {
            if old_shown != shown {
                button.set_text_content(Some(shown));
            }
            if old_title != title {
                match title {
                    Some(t) => drop(button.set_attribute("title", t)),
                    None => drop(button.remove_attribute("title")),
                }
            }
        }
        cell = td.next_element_sibling();
    }
}

/// `el`'s classes with `class` added or removed.
fn toggle_class(el: &web_sys::Element, class: &str, on: bool) {
    let old = el.get_attribute("class").unwrap_or_default();
    let mut classes: Vec<&str> = old.split_whitespace().filter(|c| *c != class).collect();
    if on {
        classes.push(class);
    }
    let _ = el.set_attribute("class", &classes.join(" "));
}

/// Takes every mark of a selection off the drawn rows: the class of the rows marked, and their
/// pressed buttons (a selection marks nothing outside its row).
fn unmark(body: &web_sys::Element) {
    let marked = body.get_elements_by_class_name("selected");
    let rows: Vec<web_sys::Element> = (0..marked.length())
        .filter_map(|i| marked.item(i))
        .collect();
    for tr in rows {
        toggle_class(&tr, "selected", false);
        while let Ok(Some(b)) = tr.query_selector("button[aria-pressed=\"true\"]") {
            let _ = b.set_attribute("aria-pressed", "false");
        }
    }
}

/// Marks a selection in the drawn rows (`rows`, in the body's order): the row's class
/// `selected`, its name's button and the chosen value's button pressed.
fn mark(body: &web_sys::Element, rows: &[DrawnRow], selection: Option<Selection>) {
    unmark(body);
    let Some(s) = selection else { return };
    let Some(at) = rows.iter().position(|r| r.cells.player == s.player) else {
        return;
    };
    let Some(tr) = body.children().item(at as u32) else {
        return;
    };
    toggle_class(&tr, "selected", true);
    if let Ok(Some(b)) = tr.query_selector("button.player-button") {
        let _ = b.set_attribute("aria-pressed", "true");
    }
    let value = format!(
        "td:nth-child({}) > button.value",
        LEADING_COLUMNS + 1 + s.criterion
    );
    if let Ok(Some(b)) = tr.query_selector(&value) {
        let _ = b.set_attribute("aria-pressed", "true");
    }
}

/// The player and criterion a click in the body chose: the row's player, and the value's
/// column when a value was clicked (`None`: the row or the name).
fn clicked(ev: &leptos::ev::MouseEvent) -> Option<(StartNo, Option<usize>)> {
    let target = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
    let tr = target.closest("tr[data-p]").ok()??;
    let player = tr.get_attribute("data-p")?.parse().ok()?;
    let criterion = target
        .closest("button.value")
        .ok()
        .flatten()
        .and_then(|b| b.parent_element())
        .map(|mut td| {
            let mut column: usize = 0;
            while let Some(prev) = td.previous_element_sibling() {
                column += 1;
                td = prev;
            }
            column.saturating_sub(LEADING_COLUMNS)
        });
    Some((player, criterion))
}

#[component]
pub fn TiebreakTable(
    /// The event's live standings.
    live: LiveStandings,
    /// The player (and criterion) whose breakdown is shown.
    selected: RwSignal<Option<Selection>>,
) -> impl IntoView {
    let lang = use_lang();
    // The list of tie-breaks: the header is drawn again when it changes, not on every
    // recomputation (a rules change keeps it).
    let list = Memo::new(move |_| {
        live.computed.with(|c| {
            c.as_ref()
                .map(|c| c.standings.tiebreaks.clone())
                .unwrap_or_default()
        })
    });
    let head = move || {
        let locale = lang.get();
        list.with(|list| {
            list.iter()
                .map(|tb| {
                    view! {
                        <th scope="col" class="num">
                            <abbr title=tiebreak_name(locale, *tb)>{tb.code()}</abbr>
                        </th>
                    }
                })
                .collect_view()
        })
    };
    let body = NodeRef::<leptos::html::Tbody>::new();
    // What the body shows now, row by row in its order.
    let drawn = StoredValue::new(Vec::<DrawnRow>::new());
    Effect::new(move |_| {
        let Some(el) = body.get() else { return };
        let locale = lang.get();
        let new = live
            .with(|t, c| drawn_rows(locale, t, &c.standings))
            .unwrap_or_default();
        drawn.update_value(|old| {
            let columns = |rows: &[DrawnRow]| rows.first().map(|r| r.cells.values.len());
            // `patch_rows` refuses other players (an empty table included).
            if !(columns(old) == columns(&new) && patch_rows(&el, old, &new)) {
                el.set_inner_html(&rows_html(&new));
            }
            *old = new;
        });
        drawn.with_value(|rows| mark(&el, rows, selected.get_untracked()));
    });
    Effect::new(move |_| {
        let now = selected.get();
        if let Some(el) = body.get_untracked() {
            drawn.with_value(|rows| mark(&el, rows, now));
        }
    });
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let Some((player, criterion)) = clicked(&ev) else {
            return;
        };
        let criterion = criterion.unwrap_or_else(|| {
            selected
                .get_untracked()
                .map(|s| s.criterion)
                .unwrap_or_default()
        });
        selected.set(Some(Selection { player, criterion }));
    };
    view! {
        <div class="table-scroll">
            <table class="tiebreak-standings" data-testid="tiebreak-standings">
                <caption>{tr!(standings.table.caption)}</caption>
                <thead>
                    <tr>
                        <th scope="col" class="num">{tr!(standings.table.rank)}</th>
                        <th scope="col" class="num">{tr!(standings.table.number)}</th>
                        <th scope="col">{tr!(standings.table.player)}</th>
                        <th scope="col" class="num">{tr!(standings.table.rating)}</th>
                        <th scope="col" class="num">{tr!(standings.table.points)}</th>
                        {head}
                    </tr>
                </thead>
                <tbody node_ref=body on:click=on_click></tbody>
            </table>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::tiebreak::{self, System, Tiebreak};

    #[test]
    fn rows_are_drawn_from_the_engines_standings() {
        let t = engine::example::withdrawal();
        let config = tiebreak::Config {
            tiebreaks: Tiebreak::preset(System::RoundRobin),
            ..tiebreak::Config::default()
        };
        let s = tiebreak::standings(&t, &config);
        let rows = drawn_rows(Locale::en, &t, &s);
        assert_eq!(rows.len(), t.players.len());
        let html = rows_html(&rows);
        assert_eq!(html.matches("<tr data-p=").count(), t.players.len());
        assert_eq!(
            html.matches("<button type=\"button\" class=\"value\"")
                .count(),
            t.players.len() * config.tiebreaks.len()
        );
        // The withdrawn player is marked, with the round, and names are escaped text.
        assert_eq!(html.matches("<tr data-p=\"").count(), rows.len());
        assert_eq!(html.matches(" class=\"withdrawn\"").count(), 1);
        assert!(html.contains("<span class=\"tag\">withdrew after round 5</span>"));
        for (row, want) in rows.iter().zip(&s.rows) {
            assert_eq!(row.cells.player, want.start_no);
            assert_eq!(row.rank, want.rank.to_string());
            assert_eq!(row.cells.values.len(), want.values.len());
        }
        let mut renamed = rows[0].clone();
        renamed.cells.name = "<b>A & B</b>".into();
        assert!(rows_html(&[renamed]).contains("&lt;b&gt;A &amp; B&lt;/b&gt;"));
    }
}
