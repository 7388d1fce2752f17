//! The what-if view: in a round-robin where every game was played, pick a player
//! and a round; each policy fills in the games that player would not have played, and is compared
//! with what really happened — the error of its imputed scores (RMSE) and the places that differ
//! from the real final standings. A second control runs the question for every player and every
//! round. The numbers come from `engine::whatif`;
//! the tables are built in [`tables`]. A Swiss gets its own view ([`swiss`]): what a
//! withdrawal does under C.07's rules for unplayed games, every pairing kept.

mod picker;
mod swiss;
mod tables;

use crate::components::data_table::DataTable;
use crate::components::event_header::{EventHeader, EventView};
use crate::components::layout::resolve_event;
use crate::components::prior_controls::PriorControls;
use crate::components::share_link::ShareLink;
use crate::components::view_unavailable::unavailable_page;
use crate::i18n::Locale;
use crate::share::SharedView;
use crate::store::use_store;
use crate::text;
use engine::whatif::{self, WhatIf, WhatIfError, WhatIfSummary};
use engine::{StartNo, Tournament};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use leptos_router::NavigateOptions;
use picker::WithdrawalPicker;

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
    resolve_event(event_id, move |id, tournament| {
        if let Some(page) = unavailable_page(&id, tournament, EventView::WhatIf) {
            return page;
        }
        let complete = Memo::new(move |_| tournament.with(whatif::check_complete));
        let lang = crate::lang::use_lang();
        let is_swiss = Memo::new(move |_| tournament.with(|t| !t.format.is_round_robin()));
        let body = move || {
            if is_swiss.get() {
                return view! { <swiss::SwissWhatIfView tournament=tournament /> }.into_any();
            }
            match complete.get() {
            Err(e) => view! { <NeedsCompleteEvent why=tournament.with(|t| why_incomplete(lang.get(), t, &e)) /> }.into_any(),
            Ok(()) => view! {
                <Explorer tournament=tournament initial_player=initial_player initial_round=initial_round />
            }
            .into_any(),
        }
        };
        view! {
            <article class="event">
                <EventHeader event_id=id tournament=tournament current=Signal::derive(|| EventView::WhatIf) />
                {body}
            </article>
        }
        .into_any()
    })
}

/// The engine's refusal in the event's own terms: the player by name, and whether they withdrew
/// (the usual reason), or only the engine's sentence.
pub fn why_incomplete(locale: Locale, t: &Tournament, e: &whatif::WhatIfError) -> String {
    let whatif::WhatIfError::Incomplete {
        player,
        played,
        scheduled,
    } = *e
    else {
        return text::sentence(&crate::words::Words::words(e, locale));
    };
    let complete = engine::example::complete().name;
    // The first incomplete player is often an opponent of the one who withdrew: name the
    // withdrawal, the cause.
    let withdrawn = t
        .withdrawals
        .first()
        .copied()
        .or_else(|| t.detect_withdrawals().first().copied());
    match withdrawn {
        Some(w) => format!(
            "{} withdrew {}, so their later games were never played; the explorer \
             compares each policy with real results, so it needs an event in which every game \
             was played, such as the complete example “{complete}”",
            text::name_of(t, w.player),
            text::withdrawal_point(w.after_round),
        ),
        None => format!(
            "{} has {} without an over-the-board result (not yet played, or forfeited); the \
             explorer needs an event in which every game was played, such as the complete \
             example “{complete}”",
            text::name_of(t, player),
            text::plural(scheduled.saturating_sub(played) as usize, "game", "games"),
        ),
    }
}

/// Why the explorer cannot run on this event, and the way to the complete example.
#[component]
fn NeedsCompleteEvent(
    /// The engine's reason, as a sentence.
    why: String,
) -> impl IntoView {
    let store = use_store();
    let navigate = use_navigate();
    let open_complete = move |_| {
        let id = store.open_complete_example();
        navigate(&EventView::WhatIf.href(&id), NavigateOptions::default());
    };
    view! {
        <section class="panel" role="status" data-testid="whatif-unavailable">
            <h3>"The what-if explorer needs a finished round-robin"</h3>
            <p>{why}"."</p>
            <p>
                "It hides a player's games after a round and compares each policy with the real results, \
                 so every game must have been played. The example has a complete version:"
            </p>
            <button type="button" data-testid="open-complete-example" on:click=open_complete>
                "Open the complete example"
            </button>
        </section>
    }
}

/// The explorer on a complete event: which withdrawal, the comparisons, every case at once.
#[component]
fn Explorer(
    /// The event (every game played).
    tournament: Memo<Tournament>,
    /// The player to start with (default 1).
    initial_player: Option<StartNo>,
    /// The withdrawal round to start with (default: about half-way).
    initial_round: Option<u32>,
) -> impl IntoView {
    let store = use_store();
    let params = Memo::new(move |_| store.settings.with(|s| s.params()));
    let rounds = Memo::new(move |_| tournament.with(Tournament::scheduled_rounds));
    let player = RwSignal::new(initial_player.unwrap_or(1));
    let round = RwSignal::new(initial_round.unwrap_or_else(|| rounds.get_untracked() / 2));
    let result: Memo<Result<WhatIf, WhatIfError>> = Memo::new(move |_| {
        let (p, r, params) = (player.get(), round.get(), params.get());
        tournament.with(|t| whatif::what_if(t, p, r, params))
    });
    let name = move |p: StartNo| tournament.with(|t| text::name_of(t, p));
    let table = move |build: fn(
        &WhatIf,
        &dyn Fn(StartNo) -> String,
    ) -> crate::components::data_table::Table| {
        Signal::derive(move || result.with(|w| w.as_ref().ok().map(|w| build(w, &name))))
    };
    view! {
        <div class="whatif-layout">
            <section class="panel controls-panel" aria-label="What if">
                <WithdrawalPicker
                    tournament=tournament
                    player=player
                    round=round
                    rounds=rounds
                    before_first="before round 1 (no game played)"
                    player_testid="whatif-player"
                    round_testid="whatif-round"
                />
                <PriorControls />
            </section>
            <section class="panel" aria-labelledby="whatif-errors-title">
                <h3 id="whatif-errors-title">"How close each policy comes"</h3>
                <DataTable table=table(|w, _| tables::errors(w)) />
                <DataTable table=table(tables::hidden) />
            </section>
            <section class="panel" aria-labelledby="whatif-standings-title">
                <h3 id="whatif-standings-title">"Standings against the real final standings"</h3>
                <DataTable table=table(tables::standings) />
            </section>
            <EveryCase tournament=tournament params=params />
            <ShareLink
                tournament=tournament
                view=SharedView::Whatif
                player=Signal::derive(move || Some(player.get()))
                round=Signal::derive(move || Some(round.get()))
            />
        </div>
    }
}

/// "Compare over every player and round": run on request, then the closest policy and the table.
#[component]
fn EveryCase(
    /// The event (every game played).
    tournament: Memo<Tournament>,
    /// The imputation parameters (k, expectation model).
    params: Memo<engine::impute::Params>,
) -> impl IntoView {
    let run_all = RwSignal::new(false);
    let lang = crate::lang::use_lang();
    let summary: Memo<Option<Result<WhatIfSummary, WhatIfError>>> = Memo::new(move |_| {
        if !run_all.get() {
            return None;
        }
        let params = params.get();
        Some(tournament.with(|t| whatif::what_if_all(t, params)))
    });
    let summary_table = Signal::derive(move || {
        summary.with(|s| {
            s.as_ref()
                .and_then(|s| s.as_ref().ok())
                .map(tables::summary)
        })
    });
    let summary_view = move || {
        summary.with(|s| match s {
            None => None,
            Some(Err(e)) => {
                let e = e.clone();
                Some(view! { <p role="alert">{move || crate::words::sentence_of(lang.get(), &e)}</p> }.into_any())
            }
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
    view! {
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
    }
}
