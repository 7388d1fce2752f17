//! Plot 2: every player's points and place under the Bayesian imputation against k, the k
//! values where the order changes (found exactly by the engine) in words, and the data table.

use super::{table_columns, Sweeps, K_MAX};
use crate::components::data_table::{Cell, DataTable, Row, Table};
use crate::components::plot_figure::PlotFigure;
use crate::plots;
use crate::text::{self, two};
use engine::sensitivity::KSweep;
use leptos::prelude::*;

/// The figure with the crossings, its description and data table.
#[component]
pub(super) fn PointsVsK(
    /// What the view's plots are drawn from.
    sweeps: Sweeps,
) -> impl IntoView {
    let Sweeps {
        tournament, sweep, ..
    } = sweeps;
    let name = move |p| sweeps.name(p);
    let (svg, mark) = sweeps.k_plot(plots::points_vs_k);
    let crossing_words = move || {
        sweep.with(|s| match s {
            Ok(s) => s
                .crossings
                .iter()
                .map(|c| text::sentence(&c.describe(name)))
                .collect::<Vec<_>>(),
            Err(_) => Vec::new(),
        })
    };
    let description = Signal::derive(move || {
        let words = crossing_words();
        let n = tournament.with(|t| t.players.len());
        if words.is_empty() {
            format!("Points of the {n} players under the Bayesian imputation for k from 0 to {K_MAX}: the order of the standings does not change.")
        } else {
            format!(
                "Points of the {n} players under the Bayesian imputation for k from 0 to {K_MAX}, circles where the order changes: {}.",
                words.join("; ")
            )
        }
    });
    let table =
        Signal::derive(move || sweep.with(|s| s.as_ref().ok().map(|s| data_table(s, &name))));
    view! {
        <PlotFigure
            title="Points and places against k"
            testid="plot-points-vs-k"
            svg=svg
            overlay=mark
            description=description
            file_stem=sweeps.file_stem("points-vs-k")
        >
            <h4>"Where the order changes"</h4>
            <ul data-testid="crossings" class="crossings">
                {move || {
                    let words = crossing_words();
                    if words.is_empty() {
                        view! { <li>"Nowhere for k from 0 to 20: the order stays the same."</li> }.into_any()
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
fn data_table(s: &KSweep, name: &dyn Fn(engine::StartNo) -> String) -> Table {
    let cols = table_columns(s);
    let mut head = vec!["Player".to_string()];
    head.extend(
        cols.iter()
            .map(|&(k, _)| format!("#k = {}", text::k_value(k))),
    );
    let rows = s
        .players
        .iter()
        .map(|p| Row {
            header: format!(
                "{}{}",
                name(p.start_no),
                if p.withdrawn { " (withdrew)" } else { "" }
            ),
            cells: cols
                .iter()
                .map(|&(_, i)| {
                    Cell::num(two(p.points[i])).small(format!(" ({})", text::ordinal(p.ranks[i])))
                })
                .collect(),
            class: if p.withdrawn { "withdrawn" } else { "" },
        })
        .collect();
    Table {
        testid: "points-vs-k-table",
        class: "",
        caption: "Points (place) under the Bayesian imputation, by k".into(),
        head,
        rows,
    }
}
