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

use crate::components::common::data_table::DataTable;
use crate::components::common::layout::resolve_event;
use crate::components::common::share_link::ShareLink;
use crate::components::event::header::{EventHeader, EventView};
use crate::components::event::view_unavailable::unavailable_page;
use crate::components::withdrawal::prior_controls::PriorControls;
use crate::event_id::EventId;
use crate::i18n::{td_string, Locale};
use crate::share::SharedView;
use crate::store::use_store;
use crate::tr;
use crate::words::policy as policy_words;
use crate::words::text;
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
    event_id: EventId,
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
            Err(e) => {
                let why = Signal::derive(move || tournament.with(|t| why_incomplete(lang.get(), t, &e)));
                view! { <NeedsCompleteEvent why=why /> }.into_any()
            }
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

/// The engine's refusal in the event's own terms, in language `l`: the player by name, and
/// whether they withdrew (the usual reason), or only the engine's sentence.
pub fn why_incomplete(l: Locale, t: &Tournament, e: &whatif::WhatIfError) -> String {
    let whatif::WhatIfError::Incomplete {
        player,
        played,
        scheduled,
    } = *e
    else {
        return crate::words::sentence_of(l, e);
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
        Some(w) => td_string!(
            l,
            whatif.unavailable.withdrew,
            player = text::name_of(t, w.player),
            when = text::withdrawal_point_in(l, w.after_round),
            complete
        )
        .to_string(),
        None => td_string!(
            l,
            whatif.unavailable.unfinished,
            player = text::name_of(t, player),
            count = scheduled.saturating_sub(played),
            complete
        )
        .to_string(),
    }
}

/// Why the explorer cannot run on this event, and the way to the complete example.
#[component]
fn NeedsCompleteEvent(
    /// The reason, as a sentence (in the reader's language).
    why: Signal<String>,
) -> impl IntoView {
    let store = use_store();
    let navigate = use_navigate();
    let open_complete = move |_| {
        let id = store.open_complete_example();
        navigate(&EventView::WhatIf.href(&id), NavigateOptions::default());
    };
    view! {
        <section class="panel" role="status" data-testid="whatif-unavailable">
            <h3>{tr!(whatif.unavailable.heading)}</h3>
            // The engine's own sentence (an error other than an unfinished event) has no stop.
            <p>{move || why.with(|w| if w.ends_with(['.', '。']) { w.clone() } else { format!("{w}.") })}</p>
            <p>{tr!(whatif.unavailable.help)}</p>
            <button type="button" data-testid="open-complete-example" on:click=open_complete>
                {tr!(whatif.unavailable.open_complete)}
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
    let lang = crate::lang::use_lang();
    let table = move |build: fn(
        Locale,
        &WhatIf,
        &dyn Fn(StartNo) -> String,
    ) -> crate::components::common::data_table::Table| {
        Signal::derive(move || {
            let l = lang.get();
            result.with(|w| w.as_ref().ok().map(|w| build(l, w, &name)))
        })
    };
    view! {
        <div class="whatif-layout">
            <section class="panel controls-panel" aria-label=tr!(whatif.explorer.controls_aria)>
                <WithdrawalPicker
                    tournament=tournament
                    player=player
                    round=round
                    rounds=rounds
                    before_first=|l| td_string!(l, whatif.explorer.before_first)
                    player_testid="whatif-player"
                    round_testid="whatif-round"
                />
                <PriorControls />
            </section>
            <section class="panel" aria-labelledby="whatif-errors-title">
                <h3 id="whatif-errors-title">{tr!(whatif.explorer.errors_heading)}</h3>
                <DataTable table=table(|l, w, _| tables::errors(l, w)) />
                <DataTable table=table(tables::hidden) />
            </section>
            <section class="panel" aria-labelledby="whatif-standings-title">
                <h3 id="whatif-standings-title">{tr!(whatif.explorer.standings_heading)}</h3>
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
        let l = lang.get();
        summary.with(|s| {
            s.as_ref()
                .and_then(|s| s.as_ref().ok())
                .map(|s| tables::summary(l, s))
        })
    });
    let summary_view = move || {
        summary.with(|s| match s {
            None => None,
            Some(Err(e)) => {
                let e = e.clone();
                Some(view! { <p role="alert">{move || crate::words::sentence_of(lang.get(), &e)}</p> }.into_any())
            }
            Some(Ok(s)) => {
                let l = lang.get();
                let policy = policy_words::name(l, s.closest);
                let closest = td_string!(l, whatif.every_case.closest, policy).to_string();
                let (cases, games) = (
                    text::count_in(l, s.cases as u64),
                    text::count_in(l, s.games as u64),
                );
                let counts = td_string!(l, whatif.every_case.counts, cases, games).to_string();
                let gap = if l == Locale::ja { "" } else { " " };
                Some(
                    view! {
                        <p class="summary" data-testid="whatif-closest">
                            <strong>{closest}</strong>
                            {gap}
                            {counts}
                        </p>
                    }
                    .into_any(),
                )
            }
        })
    };
    view! {
        <section class="panel" aria-labelledby="whatif-all-title">
            <h3 id="whatif-all-title">{tr!(whatif.every_case.heading)}</h3>
            <p class="muted">{tr!(whatif.every_case.help)}</p>
            <button type="button" data-testid="whatif-all-run" on:click=move |_| run_all.set(true)>
                {tr!(whatif.every_case.run)}
            </button>
            {summary_view}
            <DataTable table=summary_table />
        </section>
    }
}
