//! Plot 1: each unplayed game's imputed score against k, with the forfeit and Elo-only levels
//! as reference lines and the data table at the k values of [`super::TABLE_KS`].

use super::{table_columns, Sweeps, K_MAX};
use crate::components::data_table::{Cell, DataTable, Row, Table};
use crate::components::plot_figure::PlotFigure;
use crate::plots;
use crate::text::{self, two};
use engine::impute::Policy;
use engine::sensitivity::KSweep;
use leptos::prelude::*;

/// The figure with its description and data table.
#[component]
pub(super) fn ImputedVsK(
    /// What the view's plots are drawn from.
    sweeps: Sweeps,
) -> impl IntoView {
    let Sweeps { live, k, sweep, .. } = sweeps;
    let name = move |p| sweeps.name(p);
    let (svg, mark) = sweeps.k_plot(plots::imputed_vs_k);
    let description = Signal::derive(move || {
        let k = k.get();
        live.with(|a| {
            let games: Vec<String> = a
                .outcome(Policy::Bayes)
                .games
                .iter()
                .map(|g| {
                    format!(
                        "{} against {}: {}",
                        name(g.player),
                        name(g.opponent),
                        g.score.map_or("—".into(), two)
                    )
                })
                .collect();
            format!(
                "One line per unplayed game, from k = 0 (performance only) to k = {K_MAX} \
                 (close to the Elo-only level, dotted); forfeit gives 1.0 (dashed). At k = {}: {}.",
                text::k_value(k),
                games.join("; ")
            )
        })
        .unwrap_or_default()
    });
    let table = Signal::derive(move || {
        let now = live.with(|a| {
            a.outcome(Policy::Bayes)
                .games
                .iter()
                .map(|g| g.score)
                .collect::<Vec<_>>()
        });
        let k = k.get();
        sweep.with(|s| s.as_ref().ok().map(|s| data_table(s, now, k, &name)))
    });
    view! {
        <PlotFigure
            title="Imputed score of each unplayed game against k"
            testid="plot-imputed-vs-k"
            svg=svg
            overlay=mark
            description=description
            file_stem=sweeps.file_stem("imputed-vs-k")
        >
            <DataTable table=table />
        </PlotFigure>
    }
}

/// The plot's numbers: a row per game, a column per k of the table, then the current k
/// (`now`, the Bayesian scores at `k`), the Elo-only and the forfeit levels.
fn data_table(
    s: &KSweep,
    now: Option<Vec<Option<f64>>>,
    k: f64,
    name: &dyn Fn(engine::StartNo) -> String,
) -> Table {
    let cols = table_columns(s);
    let mut head = vec!["Game".to_string()];
    head.extend(
        cols.iter()
            .map(|&(k, _)| format!("#k = {}", text::k_value(k))),
    );
    head.push(format!("#now (k = {})", text::k_value(k)));
    head.push("#Elo only".into());
    head.push("#Forfeit".into());
    let rows = s
        .games
        .iter()
        .enumerate()
        .map(|(gi, g)| {
            let mut cells: Vec<Cell> = cols
                .iter()
                .map(|&(_, i)| Cell::num(two(g.scores[i])))
                .collect();
            let current = now
                .as_ref()
                .and_then(|v| v.get(gi).copied().flatten())
                .map_or("—".to_string(), two);
            cells.push(Cell::num(current).class("current"));
            cells.push(Cell::num(two(g.elo)));
            cells.push(Cell::num(two(g.forfeit)));
            Row {
                header: format!(
                    "{} v {}{}",
                    name(g.player),
                    name(g.opponent),
                    g.round.map_or(String::new(), |r| format!(" (round {r})"))
                ),
                cells,
                class: "",
            }
        })
        .collect();
    Table {
        testid: "imputed-vs-k-table",
        class: "",
        caption: "Imputed score for the opponent, by k".into(),
        head,
        rows,
    }
}
