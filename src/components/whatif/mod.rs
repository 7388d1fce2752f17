//! The what-if view (`/event/:id/whatif`): in an event where every game was played, pick a player
//! and a round; each policy fills in the games that player would not have played, and is compared
//! with what really happened — the error of its imputed scores (RMSE) and the places that differ
//! from the real final standings. A second control runs the question for every player and every
//! round. The numbers come from `engine::whatif`.

use crate::app::PageBoundary;
use crate::components::data_table::{Cell, DataTable, Row, Table};
use crate::components::event_header::{EventHeader, EventView};
use crate::components::prior_controls::PriorControls;
use crate::components::share_link::ShareLink;
use crate::components::side_by_side::ordinal;
use crate::pages::withdrawal::sentence;
use crate::pages::PageError;
use crate::share::SharedView;
use crate::store::use_store;
use crate::text::{self, dec, two};
use engine::impute::Policy;
use engine::whatif::{self, WhatIf, WhatIfError, WhatIfSummary};
use engine::StartNo;
use leptos::prelude::*;
use leptos_router::hooks::{use_navigate, use_params_map};
use leptos_router::NavigateOptions;

#[component]
pub fn WhatIfPage() -> impl IntoView {
    let params = use_params_map();
    let id = Memo::new(move |_| params.with(|p| p.get("id").unwrap_or_default()));
    view! {
        <PageBoundary>
            {move || view! { <WhatIfScreen event_id=id.get() /> }}
        </PageBoundary>
    }
}

/// The what-if view's body for one event id.
#[component]
pub fn WhatIfScreen(
    /// Id of the event in the store.
    event_id: String,
    /// The player to start with (default 1).
    #[prop(optional)]
    initial_player: Option<StartNo>,
    /// The withdrawal round to start with (default: about half-way).
    #[prop(optional)]
    initial_round: Option<u32>,
) -> impl IntoView {
    let store = use_store();
    let navigate = use_navigate();
    let tournament = store.tournament(event_id.clone());
    let params = Memo::new(move |_| store.settings.with(|s| s.params()));
    let complete: Memo<Option<Result<(), WhatIfError>>> =
        Memo::new(move |_| tournament.with(|t| t.as_ref().map(whatif::check_complete)));
    let rounds =
        Memo::new(move |_| tournament.with(|t| t.as_ref().map_or(1, |t| t.scheduled_rounds())));
    let player = RwSignal::new(initial_player.unwrap_or(1));
    let round = RwSignal::new(initial_round.unwrap_or_else(|| rounds.get_untracked() / 2));
    let result: Memo<Option<Result<WhatIf, WhatIfError>>> = Memo::new(move |_| {
        let (p, r, params) = (player.get(), round.get(), params.get());
        tournament.with(|t| t.as_ref().map(|t| whatif::what_if(t, p, r, params)))
    });
    let run_all = RwSignal::new(false);
    let summary: Memo<Option<Result<WhatIfSummary, WhatIfError>>> = Memo::new(move |_| {
        if !run_all.get() {
            return None;
        }
        let params = params.get();
        tournament.with(|t| t.as_ref().map(|t| whatif::what_if_all(t, params)))
    });
    if store.contains(&event_id) {
        store.select(&event_id);
    }
    let name = move |p: StartNo| {
        tournament.with(|t| t.as_ref().map_or_else(String::new, |t| text::name_of(t, p)))
    };

    let open_complete = move |_| {
        let id = store.add_event(engine::example::complete());
        navigate(&EventView::WhatIf.href(&id), NavigateOptions::default());
    };

    let player_options = move || {
        tournament.with(|t| {
            t.as_ref().map(|t| {
                t.players
                    .iter()
                    .map(|p| {
                        let no = p.start_no;
                        view! {
                            <option value=no.to_string() selected=move || player.get() == no>
                                {text::name_rating(t, no)}
                            </option>
                        }
                    })
                    .collect_view()
            })
        })
    };
    let round_options = move || {
        (0..rounds.get())
            .map(|r| {
                let label = if r == 0 { "before round 1 (no game played)".to_string() } else { format!("after round {r}") };
                view! { <option value=r.to_string() selected=move || round.get() == r>{label}</option> }
            })
            .collect_view()
    };

    let errors_table = Signal::derive(move || {
        result.with(|w| {
            let Some(Ok(w)) = w else { return None };
            let best = w
                .policies
                .iter()
                .filter_map(|c| c.rmse)
                .fold(f64::INFINITY, f64::min);
            let rows = w
                .policies
                .iter()
                .map(|c| {
                    let is_best = c.rmse.is_some_and(|e| e <= best + 1e-12);
                    let resolved = if c.policy == Policy::Fide {
                        format!(" (here: {})", c.resolved.label().to_lowercase())
                    } else {
                        String::new()
                    };
                    Row {
                        header: format!("{}{resolved}", c.policy.label()),
                        cells: vec![
                            Cell::num(c.rmse.map_or("—".into(), |e| dec(e, 3))),
                            Cell::num(c.changes.len().to_string()),
                            Cell::text(if is_best { "closest" } else { "" }),
                        ],
                        class: if is_best { "best" } else { "" },
                    }
                })
                .collect();
            Some(Table {
                testid: "whatif-rmse",
                class: "",
                caption: format!(
                    "Error against the real results of the {} hidden games (annulment predicts 0.5 per game)",
                    w.hidden.len()
                ),
                head: vec![
                    "Policy".into(),
                    "#RMSE".into(),
                    "#Places not as in reality".into(),
                    "Best".into(),
                ],
                rows,
            })
        })
    });

    let hidden_table = Signal::derive(move || {
        result.with(|w| {
            let Some(Ok(w)) = w else { return None };
            let mut head: Vec<String> = vec!["Opponent".into(), "#Real".into()];
            head.extend(Policy::ALL.iter().map(|p| format!("#{}", p.label())));
            let rows = w
                .hidden
                .iter()
                .enumerate()
                .map(|(i, h)| {
                    let mut cells = vec![Cell::num(two(h.real))];
                    cells.extend(w.policies.iter().map(|c| Cell::num(two(c.predictions[i]))));
                    Row {
                        header: format!("{} (round {})", name(h.player), h.round),
                        cells,
                        class: "",
                    }
                })
                .collect();
            Some(Table {
                testid: "whatif-hidden",
                class: "",
                caption: format!(
                    "The hidden games: what {}'s opponent really scored, and each policy's score",
                    name(w.player)
                ),
                head,
                rows,
            })
        })
    });

    let standings_table = Signal::derive(move || {
        result.with(|w| {
            let Some(Ok(w)) = w else { return None };
            let mut head: Vec<String> = vec!["Player".into(), "#Real".into()];
            head.extend(w.policies.iter().map(|c| format!("#{}", c.policy.label())));
            let rows = w
                .real
                .iter()
                .map(|r| {
                    let mut cells =
                        vec![Cell::num(format!("{} · {}", ordinal(r.rank), two(r.points))).class("real")];
                    cells.extend(w.policies.iter().map(|c| {
                        let row = c.standings.iter().find(|s| s.start_no == r.start_no);
                        let moved = c.changes.iter().any(|x| x.start_no == r.start_no);
                        let shown = match row {
                            Some(s) => format!("{} · {}", ordinal(s.rank), two(s.points)),
                            None => "removed".to_string(),
                        };
                        if moved {
                            Cell::num(shown)
                                .class("moved")
                                .note(format!(" (really {})", ordinal(r.rank)))
                        } else {
                            Cell::num(shown)
                        }
                    }));
                    let is_p = r.start_no == w.player;
                    Row {
                        header: format!(
                            "{}{}",
                            name(r.start_no),
                            if is_p { " (hidden games)" } else { "" }
                        ),
                        cells,
                        class: if is_p { "withdrawn" } else { "" },
                    }
                })
                .collect();
            Some(Table {
                testid: "whatif-table",
                class: "whatif",
                caption: format!(
                    "Final standings: the real ones, and each policy's if {} had withdrawn {}. Highlighted: a place that differs from the real one.",
                    name(w.player),
                    if w.after_round == 0 {
                        "before round 1".to_string()
                    } else {
                        format!("after round {}", w.after_round)
                    }
                ),
                head,
                rows,
            })
        })
    });

    let summary_table = Signal::derive(move || {
        summary.with(|s| {
            let Some(Ok(s)) = s else { return None };
            let rows = s
                .policies
                .iter()
                .map(|p| Row {
                    header: p.policy.label().to_string(),
                    cells: vec![
                        Cell::num(dec(p.pooled_rmse, 3)),
                        Cell::num(dec(p.mean_rmse, 3)),
                        Cell::num(dec(p.mean_places_changed, 2)),
                        Cell::num(p.best_in.to_string()),
                    ],
                    class: if p.policy == s.closest { "best" } else { "" },
                })
                .collect();
            Some(Table {
                testid: "whatif-summary",
                class: "",
                caption:
                    "Every player withdrawing after every round, compared with what really happened"
                        .into(),
                head: vec![
                    "Policy".into(),
                    "#RMSE over all hidden games".into(),
                    "#Mean RMSE per case".into(),
                    "#Mean places not as in reality".into(),
                    "#Cases where closest".into(),
                ],
                rows,
            })
        })
    });
    let summary_view = move || {
        summary.with(|s| match s {
            None => None,
            Some(Err(e)) => Some(view! { <p role="alert">{sentence(&e.to_string())}"."</p> }.into_any()),
            Some(Ok(s)) => Some(
                view! {
                    <p class="summary" data-testid="whatif-closest">
                        <strong>{format!("Closest on average for this event: {}.", s.closest.label())}</strong>
                        {format!(" {} cases (every player, every round), {} hidden games.", s.cases, s.games)}
                    </p>
                }
                .into_any(),
            ),
        })
    };

    let state = move || complete.get();
    move || {
        let id = event_id.clone();
        let body = match state() {
            None => return Err(PageError::EventNotFound(id)),
            Some(Err(e)) => {
                let open_complete = open_complete.clone();
                view! {
                    <section class="panel" role="status" data-testid="whatif-unavailable">
                        <h3>"The what-if explorer needs a finished round-robin"</h3>
                        <p>{sentence(&e.to_string())}"."</p>
                        <p>
                            "It hides a player's games after a round and compares each policy with the real results, \
                             so every game must have been played. The example has a complete version:"
                        </p>
                        <button type="button" data-testid="open-complete-example" on:click=open_complete>
                            "Open the complete example"
                        </button>
                    </section>
                }
                .into_any()
            }
            Some(Ok(())) => view! {
                <div class="whatif-layout">
                    <section class="panel controls-panel" aria-label="What if">
                        <div class="controls" role="group" aria-label="Which withdrawal">
                            <label class="inline">
                                "What if "
                                <select
                                    data-testid="whatif-player"
                                    on:change=move |ev| {
                                        if let Ok(p) = event_target_value(&ev).parse::<StartNo>() {
                                            player.set(p);
                                        }
                                    }
                                >
                                    {player_options}
                                </select>
                            </label>
                            <label class="inline">
                                " had withdrawn "
                                <select
                                    data-testid="whatif-round"
                                    on:change=move |ev| {
                                        if let Ok(r) = event_target_value(&ev).parse::<u32>() {
                                            round.set(r);
                                        }
                                    }
                                >
                                    {round_options}
                                </select>
                            </label>
                        </div>
                        <PriorControls />
                    </section>
                    <section class="panel" aria-labelledby="whatif-errors-title">
                        <h3 id="whatif-errors-title">"How close each policy comes"</h3>
                        <DataTable table=errors_table />
                        <DataTable table=hidden_table />
                    </section>
                    <section class="panel" aria-labelledby="whatif-standings-title">
                        <h3 id="whatif-standings-title">"Standings against the real final standings"</h3>
                        <DataTable table=standings_table />
                    </section>
                    <section class="panel" aria-labelledby="whatif-all-title">
                        <h3 id="whatif-all-title">"Every player, every round"</h3>
                        <p class="muted">
                            "Asks the same question for each player withdrawing after each round, and averages how close \
                             each policy came to what really happened."
                        </p>
                        <button type="button" data-testid="whatif-all-run" on:click=move |_| run_all.set(true)>
                            "Compare over every player and round"
                        </button>
                        {summary_view}
                        <DataTable table=summary_table />
                    </section>
                    <ShareLink
                        tournament=tournament
                        view=SharedView::Whatif
                        player=Signal::derive(move || Some(player.get()))
                        round=Signal::derive(move || Some(round.get()))
                    />
                </div>
            }
            .into_any(),
        };
        Ok(view! {
            <article class="event">
                <EventHeader event_id=id tournament=tournament current=Signal::derive(|| EventView::WhatIf) />
                {body}
            </article>
        })
    }
}
