//! The withdrawal view (`/event/:id/withdrawal`): every policy for the unplayed games side by
//! side, the k slider, the formula with live numbers, and the standings under each policy.
//!
//! Its parts: the imputation's settings (k and the expectation model, which the insight views
//! share), the policy table, the formula, the withdrawn players' summary and the standings side
//! by side.

pub mod formula;
pub mod imputed_table;
pub mod prior_controls;
pub mod side_by_side;
pub mod withdrawn_summary;

use crate::analysis::{GameKey, LiveAnalysis};
use crate::components::common::layout::resolve_event;
use crate::components::common::share_link::ShareLink;
use crate::components::event::header::{EventHeader, EventView};
use crate::components::event::view_unavailable::unavailable_page;
use crate::components::withdrawal::formula::FormulaPanel;
use crate::components::withdrawal::imputed_table::ImputedTable;
use crate::components::withdrawal::prior_controls::PriorControls;
use crate::components::withdrawal::side_by_side::SideBySide;
use crate::components::withdrawal::withdrawn_summary::WithdrawnSummary;
use crate::event_id::EventId;
use crate::share::SharedView;
use crate::store::use_store;
use crate::tr;
use engine::impute::Policy;
use engine::Tournament;
use leptos::prelude::*;

/// What the view can show.
#[derive(Clone, Debug, PartialEq)]
enum State {
    /// The engine cannot analyse this event (a Swiss, a missing rating, …).
    Unavailable(String),
    NoWithdrawal,
    Ready,
}

/// The withdrawal view's body for one event id.
#[component]
pub fn WithdrawalScreen(
    /// Id of the event in the store.
    event_id: EventId,
    /// The unplayed game to select first (a share link's).
    #[prop(optional)]
    initial_game: Option<GameKey>,
) -> impl IntoView {
    resolve_event(event_id, move |id, tournament| {
        unavailable_page(&id, tournament, EventView::Withdrawal).unwrap_or_else(|| {
            view! { <WithdrawalBody event_id=id tournament=tournament initial_game=initial_game /> }
                .into_any()
        })
    })
}

/// The view of an event that exists.
#[component]
fn WithdrawalBody(
    /// Id of the event in the store (for links).
    event_id: EventId,
    /// The event.
    tournament: Memo<Tournament>,
    /// The unplayed game to select first.
    initial_game: Option<GameKey>,
) -> impl IntoView {
    let live = LiveAnalysis::resolved(use_store(), tournament);
    let lang = crate::lang::use_lang();
    let state = Memo::new(move |_| {
        live.analysis.with(|a| match a {
            Some(Err(e)) => State::Unavailable(crate::words::sentence_of(lang.get(), e)),
            Some(Ok(a)) if a.withdrawn.is_empty() => State::NoWithdrawal,
            _ => State::Ready,
        })
    });
    let back = EventView::Crosstable.href(&event_id);
    let players = EventView::Players.href(&event_id);
    let body = move || match state.get() {
        State::Unavailable(why) => view! {
            <section class="panel" role="status">
                <h3>{tr!(withdrawal.view.unavailable_heading)}</h3>
                <p>{why}</p>
                <p>
                    <a href=back.clone()>{tr!(withdrawal.view.back_to_crosstable)}</a>
                    " · "
                    <a href=players.clone()>{tr!(withdrawal.view.players_link)}</a>
                </p>
            </section>
        }
        .into_any(),
        State::NoWithdrawal => view! {
            <section class="panel" role="status">
                <h3>{tr!(withdrawal.view.none_heading)}</h3>
                <p>{tr!(withdrawal.view.none_help)}</p>
                <p>
                    <a href=back.clone()>{tr!(withdrawal.view.go_to_crosstable)}</a>
                </p>
            </section>
        }
        .into_any(),
        State::Ready => {
            view! { <PolicyPanels live=live tournament=tournament initial_game=initial_game /> }
                .into_any()
        }
    };
    view! {
        <article class="event">
            <EventHeader
                event_id=event_id
                tournament=tournament
                current=Signal::derive(|| EventView::Withdrawal)
            />
            {body}
        </article>
    }
}

/// The panels of an event with a withdrawal: settings, the policy table, the formula, the
/// standings side by side, the share link.
#[component]
fn PolicyPanels(
    /// The event's live analysis.
    live: LiveAnalysis,
    /// The event.
    tournament: Memo<Tournament>,
    /// The unplayed game to select first.
    initial_game: Option<GameKey>,
) -> impl IntoView {
    let selected = RwSignal::new(initial_game);
    let order_by = RwSignal::new(Policy::Fide);
    view! {
        <div class="withdrawal-layout">
            <section class="panel controls-panel" aria-label=tr!(withdrawal.view.settings_aria)>
                <PriorControls />
            </section>
            <section class="panel" aria-labelledby="policies-title">
                <h3 id="policies-title">{tr!(withdrawal.view.policies_heading)}</h3>
                <WithdrawnSummary live=live />
                <ImputedTable live=live selected=selected />
            </section>
            <FormulaPanel live=live selected=selected />
            <SideBySide live=live order_by=order_by />
            <ShareLink
                tournament=tournament
                view=SharedView::Withdrawal
                player=Signal::derive(|| None)
                round=Signal::derive(|| None)
                game=Signal::derive(move || selected.get().map(crate::share::shared_game))
            />
        </div>
    }
}
