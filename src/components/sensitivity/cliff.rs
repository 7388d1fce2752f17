//! Plot 3: the cliff — what a player's opponents receive under each policy had the player
//! withdrawn after round r, for every r (FIDE's rule jumps at 50 %, the Bayesian line moves
//! smoothly), with the real result when every game was played.

use super::Sweeps;
use crate::components::data_table::{Cell, DataTable, Row, Table};
use crate::components::plot_figure::PlotFigure;
use crate::plots;
use crate::policies;
use crate::text::{dec, two};
use engine::impute::Policy;
use engine::sensitivity::Cliff;
use leptos::prelude::*;

/// The figure with its description and data table.
#[component]
pub(super) fn CliffPlot(
    /// What the view's plots are drawn from.
    sweeps: Sweeps,
) -> impl IntoView {
    let Sweeps { palette, cliff, .. } = sweeps;
    let name = move |p| sweeps.name(p);
    let svg = Signal::derive(move || {
        let pal = palette.get();
        cliff.with(|c| match c {
            Ok(c) if !c.steps.is_empty() => plots::cliff(c, &pal),
            _ => String::new(),
        })
    });
    let description = Signal::derive(move || {
        cliff.with(|c| c.as_ref().map_or(String::new(), |c| describe(c, &name)))
    });
    let table =
        Signal::derive(move || cliff.with(|c| c.as_ref().ok().map(|c| data_table(c, &name))));
    view! {
        <PlotFigure
            title="The cliff: a withdrawal after each round"
            testid="plot-cliff"
            svg=svg
            description=description
            file_stem=sweeps.file_stem("cliff")
        >
            <DataTable table=table />
        </PlotFigure>
    }
}

/// The plot in words: the FIDE and Bayesian series and where FIDE's rule jumps.
fn describe(c: &Cliff, name: &dyn Fn(engine::StartNo) -> String) -> String {
    let series = |p: Policy| {
        c.steps
            .iter()
            .map(|s| dec(s.received(p), 2))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let threshold = c.fide_threshold.map_or(
        "FIDE annuls at every round shown".to_string(),
        |t| format!("FIDE's rule jumps from annulment to forfeits at round {t} (50 % of the games played)"),
    );
    format!(
        "What the other players together receive from {}'s games if {} had withdrawn after round r = 0 to {}. {threshold}. \
         FIDE: {}. Bayesian: {}.{}",
        name(c.player),
        name(c.player),
        c.steps.last().map_or(0, |s| s.after_round),
        series(Policy::Fide),
        series(Policy::Bayes),
        c.real.map_or(String::new(), |r| format!(" What really happened: {}.", dec(r, 2)))
    )
}

/// The plot's numbers: a row per withdrawal round, what FIDE's rule does, a column per policy.
fn data_table(c: &Cliff, name: &dyn Fn(engine::StartNo) -> String) -> Table {
    let mut head: Vec<String> = vec!["After round".into(), "#Played".into(), "FIDE does".into()];
    head.extend(Policy::ALL.iter().map(|p| format!("#{}", p.label())));
    let rows = c
        .steps
        .iter()
        .map(|s| {
            let mut cells = vec![
                Cell::num(format!("{} of {}", s.played, s.scheduled)),
                Cell::text(policies::look(s.fide_resolves_to).short.to_lowercase()),
            ];
            cells.extend(Policy::ALL.iter().map(|&p| Cell::num(two(s.received(p)))));
            Row {
                header: s.after_round.to_string(),
                cells,
                class: "",
            }
        })
        .collect();
    Table {
        testid: "cliff-table",
        class: "",
        caption: format!(
            "Points {}'s opponents receive from {}'s games, by withdrawal round{}",
            name(c.player),
            name(c.player),
            c.real
                .map_or(String::new(), |r| format!(" (really: {})", two(r)))
        ),
        head,
        rows,
    }
}
