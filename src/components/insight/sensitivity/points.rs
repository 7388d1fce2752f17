//! Plot 2: every player's points and place under the Bayesian imputation against k, the k
//! values where the order changes (found exactly by the engine) in words, and the data table.

use super::{table_columns, Sweeps, K_MAX};
use crate::components::common::data_table::{Cell, DataTable, Row, Table};
use crate::components::common::plot_figure::PlotFigure;
use crate::i18n::{td_string, Locale};
use crate::plots;
use crate::tr;
use crate::words::text::{self, two_in};
use engine::sensitivity::{Crossing, KSweep};
use leptos::prelude::*;

/// Where the order changes, in language `l`: "At k ≈ 4.5, A passes B".
fn crossing_words(l: Locale, c: &Crossing, name: impl Fn(engine::StartNo) -> String) -> String {
    let k = text::localise(l, engine::sensitivity::short(c.k));
    let (passer, passed) = (name(c.passer), name(c.passed));
    if c.level_after {
        td_string!(l, sensitivity.points.crossing_level, k, passer, passed).to_string()
    } else {
        td_string!(l, sensitivity.points.crossing_passes, k, passer, passed).to_string()
    }
}

/// The figure with the crossings, its description and data table.
#[component]
pub(super) fn PointsVsK(
    /// What the view's plots are drawn from.
    sweeps: Sweeps,
) -> impl IntoView {
    let Sweeps {
        tournament,
        sweep,
        lang,
        ..
    } = sweeps;
    let name = move |p| sweeps.name(p);
    let (svg, mark) = sweeps.k_plot(plots::points_vs_k);
    let crossing_words = move || {
        let l = lang.get();
        sweep.with(|s| match s {
            Ok(s) => s
                .crossings
                .iter()
                .map(|c| crossing_words(l, c, name))
                .collect::<Vec<_>>(),
            Err(_) => Vec::new(),
        })
    };
    let description = Signal::derive(move || {
        let words = crossing_words();
        let l = lang.get();
        let n = tournament.with(|t| t.players.len());
        let k_max = text::k_value_in(l, K_MAX);
        if words.is_empty() {
            td_string!(l, sensitivity.points.description_stable, n, k_max).to_string()
        } else {
            let crossings = words.join(td_string!(l, sensitivity.clause_separator));
            td_string!(l, sensitivity.points.description, n, k_max, crossings).to_string()
        }
    });
    let table = Signal::derive(move || {
        let l = lang.get();
        sweep.with(|s| s.as_ref().ok().map(|s| data_table(l, s, &name)))
    });
    view! {
        <PlotFigure
            title=sweeps.words(|l| td_string!(l, sensitivity.points.title))
            testid="plot-points-vs-k"
            svg=svg
            overlay=mark
            description=description
            file_stem=sweeps.file_stem("points-vs-k")
        >
            <h4>{tr!(sensitivity.points.crossings_heading)}</h4>
            <ul data-testid="crossings" class="crossings">
                {move || {
                    let words = crossing_words();
                    if words.is_empty() {
                        let k_max = text::k_value_in(lang.get(), K_MAX);
                        let none = td_string!(lang.get(), sensitivity.points.no_crossing, k_max);
                        view! { <li>{none.to_string()}</li> }.into_any()
                    } else {
                        words.into_iter().map(|w| view! { <li>{w}</li> }).collect_view().into_any()
                    }
                }}
            </ul>
            <DataTable table=table />
        </PlotFigure>
    }
}

/// The plot's numbers: a row per player, points (place) at each k of the table.
fn data_table(l: Locale, s: &KSweep, name: &dyn Fn(engine::StartNo) -> String) -> Table {
    let cols = table_columns(s);
    let mut head = vec![td_string!(l, sensitivity.points.col_player).to_string()];
    head.extend(
        cols.iter()
            .map(|&(k, _)| format!("#k = {}", text::k_value_in(l, k))),
    );
    let rows = s
        .players
        .values()
        .map(|p| Row {
            header: if p.withdrawn {
                let player = name(p.start_no);
                td_string!(l, sensitivity.points.withdrawn_row, player).to_string()
            } else {
                name(p.start_no)
            },
            cells: cols
                .iter()
                .map(|&(_, i)| {
                    Cell::num(two_in(l, p.points[i]))
                        .small(format!(" ({})", text::ordinal_in(l, p.ranks[i])))
                })
                .collect(),
            class: if p.withdrawn { "withdrawn" } else { "" },
        })
        .collect();
    Table {
        testid: "points-vs-k-table",
        class: "",
        caption: td_string!(l, sensitivity.points.caption).into(),
        head,
        rows,
    }
}
