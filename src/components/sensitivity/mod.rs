//! The sensitivity view (`/event/:id/sensitivity`): how the answer depends on k and on the moment
//! of withdrawal — three plots, each with a text alternative and a data table next to it:
//! (1) each unplayed game's imputed score against k, (2) every player's points and rank against
//! k with the k values where the order changes, (3) the cliff over the withdrawal round.
//! Everything drawn comes from `engine::sensitivity`.

use crate::analysis::LiveAnalysis;
use crate::app::PageBoundary;
use crate::components::data_table::{Cell, DataTable, Row, Table};
use crate::components::event_header::{EventHeader, EventView};
use crate::components::plot_figure::{use_palette, PlotFigure};
use crate::components::prior_controls::PriorControls;
use crate::components::share_link::ShareLink;
use crate::components::side_by_side::ordinal;
use crate::files;
use crate::pages::withdrawal::sentence;
use crate::pages::PageError;
use crate::plots;
use crate::share::SharedView;
use crate::store::use_store;
use crate::text::{self, dec, two};
use engine::impute::{ImputeError, Policy};
use engine::sensitivity::{self, Cliff, KSweep};
use engine::StartNo;
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

/// The sweep runs k from 0 to this …
pub const K_MAX: f64 = 20.0;
/// … on this many steps (0.1 apart; crossings are exact, not on the grid).
pub const STEPS: usize = 200;
/// The k values of the data tables.
const TABLE_KS: [f64; 6] = [0.0, 1.0, 3.0, 5.0, 10.0, 20.0];

#[component]
pub fn SensitivityPage() -> impl IntoView {
    let params = use_params_map();
    let id = Memo::new(move |_| params.with(|p| p.get("id").unwrap_or_default()));
    view! {
        <PageBoundary>
            {move || view! { <SensitivityScreen event_id=id.get() /> }}
        </PageBoundary>
    }
}

/// The data tables' columns: (k, index on the sweep's grid) for each of [`TABLE_KS`].
fn table_columns(s: &KSweep) -> Vec<(f64, usize)> {
    TABLE_KS
        .iter()
        .filter_map(|&k| {
            s.ks.iter()
                .position(|&x| (x - k).abs() < 1e-9)
                .map(|i| (k, i))
        })
        .collect()
}

/// The sensitivity view's body for one event id.
#[component]
pub fn SensitivityScreen(
    /// Id of the event in the store.
    event_id: String,
    /// The cliff's player to start with (default: the first withdrawn player).
    #[prop(optional)]
    initial_player: Option<StartNo>,
) -> impl IntoView {
    let store = use_store();
    let live = LiveAnalysis::new(store, event_id.clone());
    let tournament = live.tournament;
    let k = Memo::new(move |_| store.settings.with(|s| s.k));
    let palette = use_palette();
    let sweep: Memo<Option<Result<KSweep, ImputeError>>> = Memo::new(move |_| {
        let e = store.settings.with(|s| s.expectation);
        tournament.with(|t| {
            t.as_ref()
                .map(|t| sensitivity::k_sweep(t, &[], e, K_MAX, STEPS))
        })
    });
    let chosen = RwSignal::new(initial_player);
    let cliff_player = Memo::new(move |_| {
        let first = tournament.with(|t| {
            t.as_ref()
                .and_then(|t| t.withdrawals.first().map(|w| w.player))
        });
        chosen.get().or(first).unwrap_or(1)
    });
    let cliff: Memo<Option<Result<Cliff, ImputeError>>> = Memo::new(move |_| {
        let params = store.settings.with(|s| s.params());
        let p = cliff_player.get();
        tournament.with(|t| t.as_ref().map(|t| sensitivity::cliff(t, p, params)))
    });
    let names = Memo::new(move |_| {
        tournament.with(|t| {
            t.as_ref().map_or_else(Vec::new, |t| {
                t.players.iter().map(|p| p.name.clone()).collect::<Vec<_>>()
            })
        })
    });
    let name = move |p: StartNo| -> String {
        names.with(|n| {
            n.get(p as usize - 1)
                .cloned()
                .unwrap_or_else(|| format!("#{p}"))
        })
    };
    if store.contains(&event_id) {
        store.select(&event_id);
    }
    let stem = move || tournament.with(|t| t.as_ref().map(files::file_stem).unwrap_or_default());

    // --- plot 1: imputed score against k ---
    // Drawn when the event or the colours change; k is marked by an overlay (see `plots::Frame`).
    let plot1 = Memo::new(move |_| {
        let pal = palette.get();
        sweep.with(|s| match s {
            Some(Ok(s)) if !s.games.is_empty() => plots::imputed_vs_k(s, &name, &pal),
            _ => plots::Plot::default(),
        })
    });
    let svg1 = Signal::derive(move || plot1.with(|p| p.svg.clone()));
    let mark1 = Signal::derive(move || {
        let (k, pal) = (k.get(), palette.get());
        plot1.with(|p| p.frame.map(|f| f.marker(k, &pal)).unwrap_or_default())
    });
    let desc1 = Signal::derive(move || {
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
    let table1 = Signal::derive(move || {
        let now = live.with(|a| {
            a.outcome(Policy::Bayes)
                .games
                .iter()
                .map(|g| g.score)
                .collect::<Vec<_>>()
        });
        let k = k.get();
        sweep.with(|s| {
            let Some(Ok(s)) = s else { return None };
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
            Some(Table {
                testid: "imputed-vs-k-table",
                class: "",
                caption: "Imputed score for the opponent, by k".into(),
                head,
                rows,
            })
        })
    });

    // --- plot 2: points and rank against k ---
    let plot2 = Memo::new(move |_| {
        let pal = palette.get();
        sweep.with(|s| match s {
            Some(Ok(s)) if !s.games.is_empty() => plots::points_vs_k(s, &name, &pal),
            _ => plots::Plot::default(),
        })
    });
    let svg2 = Signal::derive(move || plot2.with(|p| p.svg.clone()));
    let mark2 = Signal::derive(move || {
        let (k, pal) = (k.get(), palette.get());
        plot2.with(|p| p.frame.map(|f| f.marker(k, &pal)).unwrap_or_default())
    });
    let crossing_words = move || {
        sweep.with(|s| match s {
            Some(Ok(s)) => s
                .crossings
                .iter()
                .map(|c| sentence(&c.describe(name)))
                .collect::<Vec<_>>(),
            _ => Vec::new(),
        })
    };
    let desc2 = Signal::derive(move || {
        let words = crossing_words();
        let n = names.with(Vec::len);
        if words.is_empty() {
            format!("Points of the {n} players under the Bayesian imputation for k from 0 to {K_MAX}: the order of the standings does not change.")
        } else {
            format!(
                "Points of the {n} players under the Bayesian imputation for k from 0 to {K_MAX}, circles where the order changes: {}.",
                words.join("; ")
            )
        }
    });
    let table2 = Signal::derive(move || {
        sweep.with(|s| {
            let Some(Ok(s)) = s else { return None };
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
                            Cell::num(two(p.points[i])).small(format!(" ({})", ordinal(p.ranks[i])))
                        })
                        .collect(),
                    class: if p.withdrawn { "withdrawn" } else { "" },
                })
                .collect();
            Some(Table {
                testid: "points-vs-k-table",
                class: "",
                caption: "Points (place) under the Bayesian imputation, by k".into(),
                head,
                rows,
            })
        })
    });

    // --- plot 3: the cliff ---
    let svg3 = Signal::derive(move || {
        let pal = palette.get();
        cliff.with(|c| match c {
            Some(Ok(c)) if !c.steps.is_empty() => plots::cliff(c, &pal),
            _ => String::new(),
        })
    });
    let desc3 = Signal::derive(move || {
        cliff.with(|c| {
            let Some(Ok(c)) = c else {
                return String::new();
            };
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
        })
    });
    let table3 = Signal::derive(move || {
        cliff.with(|c| {
            let Some(Ok(c)) = c else { return None };
            let mut head: Vec<String> =
                vec!["After round".into(), "#Played".into(), "FIDE does".into()];
            head.extend(Policy::ALL.iter().map(|p| format!("#{}", p.label())));
            let rows = c
                .steps
                .iter()
                .map(|s| {
                    let mut cells = vec![
                        Cell::num(format!("{} of {}", s.played, s.scheduled)),
                        Cell::text(if s.fide_resolves_to == Policy::Annul {
                            "annul"
                        } else {
                            "forfeit"
                        }),
                    ];
                    cells.extend(Policy::ALL.iter().map(|&p| Cell::num(two(s.received(p)))));
                    Row {
                        header: s.after_round.to_string(),
                        cells,
                        class: "",
                    }
                })
                .collect();
            Some(Table {
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
            })
        })
    });
    let player_options = move || {
        tournament.with(|t| {
            t.as_ref().map(|t| {
                t.players
                    .iter()
                    .map(|p| {
                        let no = p.start_no;
                        view! {
                            <option value=no.to_string() selected=move || cliff_player.get() == no>
                                {text::name_rating(t, no)}
                            </option>
                        }
                    })
                    .collect_view()
            })
        })
    };

    let error = move || -> Option<String> {
        sweep.with(|s| match s {
            Some(Err(e)) => Some(sentence(&e.to_string())),
            _ => None,
        })
    };
    let has_games = move || sweep.with(|s| matches!(s, Some(Ok(s)) if !s.games.is_empty()));

    move || {
        if !tournament.with(Option::is_some) {
            return Err(PageError::EventNotFound(event_id.clone()));
        }
        let id = event_id.clone();
        let back = EventView::Crosstable.href(&id);
        Ok(view! {
            <article class="event">
                <EventHeader event_id=id.clone() tournament=tournament current=Signal::derive(|| EventView::Sensitivity) />
                {move || error().map(|why| view! {
                    <section class="panel" role="status">
                        <h3>"No sensitivity for this event"</h3>
                        <p>{why}"."</p>
                    </section>
                })}
                <Show when=move || error().is_none()>
                    <div class="sensitivity-layout">
                        <section class="panel controls-panel" aria-label="Settings">
                            <PriorControls />
                            <label class="inline">
                                "Cliff: what if this player had withdrawn earlier? "
                                <select
                                    data-testid="cliff-player"
                                    on:change=move |ev| {
                                        if let Ok(p) = event_target_value(&ev).parse::<StartNo>() {
                                            chosen.set(Some(p));
                                        }
                                    }
                                >
                                    {player_options}
                                </select>
                            </label>
                        </section>
                        <Show
                            when=has_games
                            fallback={
                                let back = back.clone();
                                move || view! {
                                    <section class="panel" role="status">
                                        <h3>"Nobody has withdrawn"</h3>
                                        <p>
                                            "The k plots need a withdrawal: mark one in the "
                                            <a href=back.clone()>"crosstable"</a>
                                            ". The cliff below works for any player."
                                        </p>
                                    </section>
                                }
                            }
                        >
                            <PlotFigure
                                title="Imputed score of each unplayed game against k"
                                testid="plot-imputed-vs-k"
                                svg=svg1
                                overlay=mark1
                                description=desc1
                                file_stem=Signal::derive(move || format!("{}-imputed-vs-k", stem()))
                            >
                                <DataTable table=table1 />
                            </PlotFigure>
                            <PlotFigure
                                title="Points and places against k"
                                testid="plot-points-vs-k"
                                svg=svg2
                                overlay=mark2
                                description=desc2
                                file_stem=Signal::derive(move || format!("{}-points-vs-k", stem()))
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
                                <DataTable table=table2 />
                            </PlotFigure>
                        </Show>
                        <PlotFigure
                            title="The cliff: a withdrawal after each round"
                            testid="plot-cliff"
                            svg=svg3
                            description=desc3
                            file_stem=Signal::derive(move || format!("{}-cliff", stem()))
                        >
                            <DataTable table=table3 />
                        </PlotFigure>
                        <ShareLink
                            tournament=tournament
                            view=SharedView::Sensitivity
                            player=Signal::derive(move || Some(cliff_player.get()))
                            round=Signal::derive(|| None)
                        />
                    </div>
                </Show>
            </article>
        })
    }
}
