//! The Chances view: each player's chances of first place and of the podium in a round-robin,
//! side by side for the FIDE rule and the Bayesian imputation at the current k (other
//! policies on demand), with "what if this player withdraws now?", computed by
//! `engine::forecast` in the Web Workers ([`crate::workers::chances`]) with progress.

mod controls;
mod note;
mod plot;
mod table;

use crate::components::common::layout::resolve_event;
use crate::components::common::share_link::ShareLink;
use crate::components::event::header::{EventHeader, EventView};
use crate::event_id::EventId;
use crate::i18n::{td, td_string, Locale};
use crate::share::SharedView;
use crate::store::use_store;
use crate::tr;
use crate::words::policy as policy_words;
use crate::words::text;
use crate::workers::chances::{ChancesEvent, ChancesRun, Forecasts};
use crate::workers::failure::WorkFailure;
use crate::workers::pool::default_workers;
use controls::ChancesControls;
use engine::forecast::{Forecast, ForecastConfig};
use engine::impute::Policy;
use engine::simulate::DEFAULT_SEED;
use engine::{StartNo, Tournament};
use leptos::prelude::*;
use note::ModelNote;
use plot::chances_svg;
use table::ChancesTable;

/// The simulation counts offered; the first is the default (the 200,000).
pub(super) const SIMULATIONS: [u64; 4] = [200_000, 50_000, 20_000, 1_000_000];
/// Always shown: the rule arbiters apply and the Bayesian imputation.
pub(super) const MAIN: [Policy; 2] = [Policy::Fide, Policy::Bayes];

/// The state of the current computation.
#[derive(Clone, Debug, PartialEq)]
enum Status {
    Running {
        done: u64,
        total: u64,
    },
    Done {
        forecasts: Vec<Forecast>,
        elapsed_ms: f64,
    },
    /// The run stopped: why (worded when drawn).
    Failed(WorkFailure),
}

/// The Chances view's body for one event id.
#[component]
pub fn ChancesScreen(
    /// Id of the event in the store.
    event_id: EventId,
    /// The "withdraws now" player to start with (from a share link).
    #[prop(optional, into)]
    initial_player: Option<StartNo>,
) -> impl IntoView {
    resolve_event(event_id, move |id, tournament| {
        view! { <ChancesBody event_id=id tournament=tournament initial_player=initial_player /> }
    })
}

/// The settings of the forecasts to run, one per policy shown.
fn configs(
    policies: &[Policy],
    k: f64,
    draw_peak: f64,
    simulations: u64,
    now: Option<StartNo>,
) -> Vec<ForecastConfig> {
    policies
        .iter()
        .map(|&policy| ForecastConfig {
            policy,
            k,
            draw_peak,
            simulations,
            seed: DEFAULT_SEED,
            withdraw_now: now.into_iter().collect(),
        })
        .collect()
}

/// A panel's heading: the policy and, for the Bayesian one, k.
fn heading(locale: Locale, f: &Forecast) -> String {
    let policy = policy_words::name(locale, f.policy);
    match f.policy {
        Policy::Bayes => {
            let k = text::localise(locale, text::k_value(f.k));
            td_string!(locale, chances.panel.heading_k, policy, k).to_string()
        }
        _ => policy.to_string(),
    }
}

/// What the policy does with each withdrawal, in words.
fn withdrawals_line(locale: Locale, t: &Tournament, f: &Forecast) -> String {
    f.withdrawals
        .iter()
        .map(|(w, resolved)| {
            let what = policy_words::what_it_does(locale, *resolved);
            let player = text::name_of(t, w.player);
            match w.after_round {
                0 => td_string!(locale, chances.panel.withdraws_before, player, what).to_string(),
                round => td_string!(locale, chances.panel.withdraws_after, player, round, what)
                    .to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(text::sentence_gap(locale))
}

#[component]
fn ChancesBody(
    /// Id of the event in the store (for links).
    event_id: EventId,
    /// The event.
    tournament: Memo<Tournament>,
    /// The "withdraws now" player to start with.
    initial_player: Option<StartNo>,
) -> impl IntoView {
    let store = use_store();
    let lang = crate::lang::use_lang();
    let k = Memo::new(move |_| store.settings.with(|s| s.k));
    let draw_peak = RwSignal::new(0.6f64);
    let simulations = RwSignal::new(SIMULATIONS[0]);
    let extra = RwSignal::new(Vec::<Policy>::new());
    let withdraw_now = RwSignal::new(initial_player);
    let show_se = RwSignal::new(false);
    let status = RwSignal::new(None::<Status>);
    let run = StoredValue::new_local(None::<ChancesRun>);
    // A retry after a failed run (a worker that could not load): re-runs the effect below.
    let attempt = RwSignal::new(0u32);
    crate::workers::pool::warn_before_leaving(move || {
        status.with_untracked(|s| matches!(s, Some(Status::Running { .. })))
    });
    let round_robin = Memo::new(move |_| tournament.with(|t| t.format.is_round_robin()));
    let ongoing = Memo::new(move |_| tournament.with(engine::event::is_ongoing));

    let policies = Memo::new(move |_| {
        let mut list = MAIN.to_vec();
        list.extend(extra.get().into_iter().filter(|p| !MAIN.contains(p)));
        list
    });
    Effect::new(move |_| {
        attempt.track();
        let cfgs = configs(
            &policies.get(),
            k.get(),
            draw_peak.get(),
            simulations.get(),
            withdraw_now.get(),
        );
        run.set_value(None); // cancels the previous run
        if !round_robin.get() {
            return;
        }
        let started = tournament.with(|t| {
            Forecasts::start(t, &cfgs, default_workers(), move |event| {
                status.set(Some(match event {
                    ChancesEvent::Progress { done, total } => Status::Running { done, total },
                    ChancesEvent::Finished {
                        forecasts,
                        elapsed_ms,
                    } => Status::Done {
                        forecasts,
                        elapsed_ms,
                    },
                    ChancesEvent::Failed(e) => Status::Failed(e),
                }));
            })
        });
        match started {
            Ok(r) => {
                let total = cfgs.iter().map(|c| c.simulations).sum();
                status.set(Some(Status::Running { done: 0, total }));
                run.set_value(Some(r));
            }
            Err(e) => status.set(Some(Status::Failed(e))),
        }
    });

    let progress = move || {
        let l = lang.get();
        match status.get() {
        Some(Status::Running { done, total }) => view! {
            <p class="chances-progress" role="status" data-testid="chances-progress">
                <progress max=total.to_string() value=done.to_string() aria-label=td_string!(l, chances.status.progress_aria)></progress>
                " "
                {td_string!(l, chances.status.running, done = text::count_in(l, done), total = text::count_in(l, total)).to_string()}
            </p>
        }
        .into_any(),
        Some(Status::Done { forecasts, elapsed_ms }) => {
            let n = forecasts.first().map_or(0, |f| f.simulations);
            let remaining = forecasts.first().map_or(0, |f| f.remaining_games);
            let certain = remaining == 0;
            view! {
                <p class="chances-progress" role="status" data-testid="chances-done">
                    {if certain {
                        td_string!(l, chances.status.certain).to_string()
                    } else {
                        td_string!(l, chances.status.remaining, count = remaining).to_string()
                    }}
                    {text::sentence_gap(l)}
                    {td_string!(l, chances.status.model, simulations = text::count_in(l, n), seed = DEFAULT_SEED)
                        .to_string()}
                    {text::sentence_gap(l)}
                    {td!(
                        l,
                        chances.status.computed,
                        ms = format!("{elapsed_ms:.0}"),
                        <elapsed> = |children: ChildrenFn| view! { <span data-testid="chances-ms">{children()}</span> }
                    )}
                </p>
            }
            .into_any()
        }
        Some(Status::Failed(e)) => view! {
            <p class="error" role="alert" data-testid="chances-error">
                {crate::words::sentence_of(l, &e)}{text::sentence_gap(l)}
                <button type="button" data-testid="chances-retry" on:click=move |_| attempt.update(|a| *a += 1)>
                    {td_string!(l, chances.status.retry)}
                </button>
            </p>
        }
        .into_any(),
        None => ().into_any(),
    }
    };

    let panels = move || {
        let l = lang.get();
        let Some(Status::Done { forecasts, .. }) = status.get() else {
            return ().into_any();
        };
        tournament.with(|t| {
            forecasts
                .into_iter()
                .map(|f| {
                    let title = heading(l, &f);
                    let id = f.policy.id();
                    let svg = chances_svg(l, &f, &td_string!(l, chances.panel.plot_title, policy = title.clone()).to_string());
                    let table_label = td_string!(l, chances.panel.table_label, policy = title.clone()).to_string();
                    let line = withdrawals_line(l, t, &f);
                    view! {
                        <section class="panel chances-panel" data-testid=format!("chances-{id}") aria-label=title.clone()>
                            <h3>{title.clone()}</h3>
                            {(!line.is_empty()).then(|| view! { <p class="muted">{line}</p> })}
                            <div class="chances-pair">
                                <ChancesTable forecast=f.clone() show_se=show_se testid=format!("chances-table-{id}") label=table_label />
                                <figure class="chances-figure" data-testid=format!("chances-plot-{id}") inner_html=svg></figure>
                            </div>
                        </section>
                    }
                })
                .collect_view()
                .into_any()
        })
    };

    view! {
        <article class="event">
            <EventHeader event_id=event_id tournament=tournament current=Signal::derive(|| EventView::Chances) />
            <Show
                when=move || round_robin.get()
                fallback=|| view! {
                    <section class="panel" role="status">
                        <h3>{tr!(chances.swiss.heading)}</h3>
                        <p>{tr!(chances.swiss.text)}</p>
                    </section>
                }
            >
                <ChancesControls
                    tournament=tournament
                    draw_peak=draw_peak
                    simulations=simulations
                    extra=extra
                    withdraw_now=withdraw_now
                    show_se=show_se
                    ongoing=ongoing
                />
                {progress}
                <div class="chances-grid">{panels}</div>
                <ModelNote />
                <ShareLink tournament=tournament view=SharedView::Chances player=Signal::derive(move || withdraw_now.get()) round=Signal::derive(|| None) />
            </Show>
        </article>
    }
}
