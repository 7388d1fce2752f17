//! Plot 1: each unplayed game's imputed score against k, with the forfeit and Elo-only levels
//! as reference lines and the data table at the k values of [`super::TABLE_KS`].

use super::{table_columns, Sweeps, K_MAX};
use crate::components::common::data_table::{Cell, DataTable, Row, Table};
use crate::components::common::plot_figure::PlotFigure;
use crate::i18n::{td_string, Locale};
use crate::plots;
use crate::words::policy as policy_words;
use crate::words::text::{self, two_in};
use engine::impute::Policy;
use engine::sensitivity::KSweep;
use leptos::prelude::*;

/// The figure with its description and data table.
#[component]
pub(super) fn ImputedVsK(
    /// What the view's plots are drawn from.
    sweeps: Sweeps,
) -> impl IntoView {
    let Sweeps {
        live,
        k,
        sweep,
        lang,
        ..
    } = sweeps;
    let name = move |p| sweeps.name(p);
    let (svg, mark) = sweeps.k_plot(plots::imputed_vs_k);
    let description = Signal::derive(move || {
        let (k, l) = (k.get(), lang.get());
        live.with(|a| {
            let games: Vec<String> = a
                .outcome(Policy::Bayes)
                .games
                .iter()
                .map(|g| {
                    td_string!(
                        l,
                        sensitivity.imputed.game_score,
                        player = name(g.player),
                        opponent = name(g.opponent),
                        score = g.score.map_or("—".into(), |s| two_in(l, s))
                    )
                    .to_string()
                })
                .collect();
            td_string!(
                l,
                sensitivity.imputed.description,
                k_max = text::k_value_in(l, K_MAX),
                forfeit = text::dec_in(l, 1.0, 1),
                k = text::k_value_in(l, k),
                games = games.join(td_string!(l, sensitivity.clause_separator))
            )
            .to_string()
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
        let (k, l) = (k.get(), lang.get());
        sweep.with(|s| s.as_ref().ok().map(|s| data_table(l, s, now, k, &name)))
    });
    view! {
        <PlotFigure
            title=sweeps.words(|l| td_string!(l, sensitivity.imputed.title))
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
    l: Locale,
    s: &KSweep,
    now: Option<Vec<Option<f64>>>,
    k: f64,
    name: &dyn Fn(engine::StartNo) -> String,
) -> Table {
    let cols = table_columns(s);
    let mut head = vec![td_string!(l, sensitivity.imputed.col_game).to_string()];
    head.extend(
        cols.iter()
            .map(|&(k, _)| format!("#k = {}", text::k_value_in(l, k))),
    );
    let k = text::k_value_in(l, k);
    head.push(format!(
        "#{}",
        td_string!(l, sensitivity.imputed.col_now, k)
    ));
    head.push(format!("#{}", policy_words::name(l, Policy::Elo)));
    head.push(format!("#{}", policy_words::name(l, Policy::Forfeit)));
    let rows = s
        .games
        .iter()
        .enumerate()
        .map(|(gi, g)| {
            let mut cells: Vec<Cell> = cols
                .iter()
                .map(|&(_, i)| Cell::num(two_in(l, g.scores[i])))
                .collect();
            let current = now
                .as_ref()
                .and_then(|v| v.get(gi).copied().flatten())
                .map_or("—".to_string(), |x| two_in(l, x));
            cells.push(Cell::num(current).class("current"));
            cells.push(Cell::num(two_in(l, g.elo)));
            cells.push(Cell::num(two_in(l, g.forfeit)));
            let (player, opponent) = (name(g.player), name(g.opponent));
            Row {
                header: match g.round {
                    Some(round) => {
                        td_string!(l, sensitivity.game_round, player, opponent, round).to_string()
                    }
                    None => td_string!(l, sensitivity.game, player, opponent).to_string(),
                },
                cells,
                class: "",
            }
        })
        .collect();
    Table {
        testid: "imputed-vs-k-table",
        class: "",
        caption: td_string!(l, sensitivity.imputed.caption).into(),
        head,
        rows,
    }
}
