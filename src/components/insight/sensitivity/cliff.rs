//! Plot 3: the cliff — what a player's opponents receive under each policy had the player
//! withdrawn after round r, for every r (FIDE's rule jumps at 50 %, the Bayesian line moves
//! smoothly), with the real result when every game was played.

use super::Sweeps;
use crate::components::common::data_table::{Cell, DataTable, Row, Table};
use crate::components::common::plot_figure::PlotFigure;
use crate::i18n::{td_string, Locale};
use crate::plots;
use crate::words::policy as policy_words;
use crate::words::text::{dec_in, two_in};
use engine::impute::Policy;
use engine::sensitivity::Cliff;
use leptos::prelude::*;

/// The figure with its description and data table.
#[component]
pub(super) fn CliffPlot(
    /// What the view's plots are drawn from.
    sweeps: Sweeps,
) -> impl IntoView {
    let Sweeps {
        palette,
        cliff,
        lang,
        ..
    } = sweeps;
    let name = move |p| sweeps.name(p);
    let svg = Signal::derive(move || {
        let (pal, l) = (palette.get(), lang.get());
        cliff.with(|c| match c {
            Ok(c) if !c.steps.is_empty() => plots::cliff(l, c, &pal),
            _ => String::new(),
        })
    });
    let description = Signal::derive(move || {
        let l = lang.get();
        cliff.with(|c| c.as_ref().map_or(String::new(), |c| describe(l, c, &name)))
    });
    let table = Signal::derive(move || {
        let l = lang.get();
        cliff.with(|c| c.as_ref().ok().map(|c| data_table(l, c, &name)))
    });
    view! {
        <PlotFigure
            title=sweeps.words(|l| td_string!(l, sensitivity.cliff.title))
            testid="plot-cliff"
            svg=svg
            description=description
            file_stem=sweeps.file_stem("cliff")
        >
            <DataTable table=table />
        </PlotFigure>
    }
}

/// The plot in words, in language `l`: the FIDE and Bayesian series and where FIDE's rule jumps.
fn describe(l: Locale, c: &Cliff, name: &dyn Fn(engine::StartNo) -> String) -> String {
    let series = |p: Policy| {
        c.steps
            .iter()
            .map(|s| dec_in(l, s.received(p), 2))
            .collect::<Vec<_>>()
            .join(td_string!(l, sensitivity.number_separator))
    };
    let threshold = match c.fide_threshold {
        None => td_string!(l, sensitivity.cliff.threshold_none).to_string(),
        Some(round) => td_string!(l, sensitivity.cliff.threshold_at, round).to_string(),
    };
    let text = td_string!(
        l,
        sensitivity.cliff.description,
        player = name(c.player),
        last = c.steps.last().map_or(0, |s| s.after_round),
        threshold,
        fide = series(Policy::Fide),
        bayes = series(Policy::Bayes)
    )
    .to_string();
    match c.real {
        None => text,
        Some(r) => {
            let real = td_string!(l, sensitivity.cliff.real, value = dec_in(l, r, 2));
            super::sentences(l, &[text, real.to_string()])
        }
    }
}

/// The plot's numbers: a row per withdrawal round, what FIDE's rule does, a column per policy.
fn data_table(l: Locale, c: &Cliff, name: &dyn Fn(engine::StartNo) -> String) -> Table {
    let mut head: Vec<String> = vec![
        td_string!(l, sensitivity.cliff.col_after_round).into(),
        format!("#{}", td_string!(l, sensitivity.cliff.col_played)),
        td_string!(l, sensitivity.cliff.col_fide_does).into(),
    ];
    head.extend(
        Policy::ALL
            .iter()
            .map(|&p| format!("#{}", policy_words::name(l, p))),
    );
    let rows = c
        .steps
        .iter()
        .map(|s| {
            let (played, scheduled) = (s.played, s.scheduled);
            let mut cells = vec![
                Cell::num(
                    td_string!(l, sensitivity.cliff.played_of, played, scheduled).to_string(),
                ),
                Cell::text(policy_words::in_text(l, s.fide_resolves_to)),
            ];
            cells.extend(
                Policy::ALL
                    .iter()
                    .map(|&p| Cell::num(two_in(l, s.received(p)))),
            );
            Row {
                header: s.after_round.to_string(),
                cells,
                class: "",
            }
        })
        .collect();
    let player = name(c.player);
    Table {
        testid: "cliff-table",
        class: "",
        caption: match c.real {
            None => td_string!(l, sensitivity.cliff.caption, player).to_string(),
            Some(r) => {
                let real = two_in(l, r);
                td_string!(l, sensitivity.cliff.caption_real, player, real).to_string()
            }
        },
        head,
        rows,
    }
}
