//! The withdrawal view (`/event/:id/withdrawal`): every policy for the unplayed games side by
//! side, the k slider, the formula with live numbers, and the standings under each policy.

use crate::analysis::{GameKey, LiveAnalysis};
use crate::app::PageBoundary;
use crate::components::event_header::{EventHeader, EventView};
use crate::components::formula::FormulaPanel;
use crate::components::imputed_table::ImputedTable;
use crate::components::prior_controls::PriorControls;
use crate::components::share_link::ShareLink;
use crate::components::side_by_side::SideBySide;
use crate::components::withdrawn_summary::WithdrawnSummary;
use crate::pages::PageError;
use crate::share::SharedView;
use crate::store::use_store;
use engine::impute::Policy;
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

#[component]
pub fn WithdrawalPage() -> impl IntoView {
    let params = use_params_map();
    let id = Memo::new(move |_| params.with(|p| p.get("id").unwrap_or_default()));
    view! {
        <PageBoundary>
            {move || view! { <WithdrawalScreen event_id=id.get() /> }}
        </PageBoundary>
    }
}

/// What the view can show.
#[derive(Clone, Debug, PartialEq)]
enum State {
    Missing,
    /// The engine cannot analyse this event (a Swiss, a missing rating, …).
    Unavailable(String),
    NoWithdrawal,
    Ready,
}

/// `text` with a capital first letter (engine messages start in lower case).
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// The withdrawal view's body for one event id.
#[component]
pub fn WithdrawalScreen(
    /// Id of the event in the store.
    event_id: String,
) -> impl IntoView {
    let store = use_store();
    let live = LiveAnalysis::new(store, event_id.clone());
    let selected = RwSignal::new(None::<GameKey>);
    let order_by = RwSignal::new(Policy::Fide);
    let state = Memo::new(move |_| {
        live.analysis.with(|a| match a {
            None => State::Missing,
            Some(Err(e)) => State::Unavailable(sentence(&e.to_string())),
            Some(Ok(a)) if a.withdrawn.is_empty() => State::NoWithdrawal,
            Some(Ok(_)) => State::Ready,
        })
    });
    if store.contains(&event_id) {
        store.select(&event_id);
    }
    let back = format!("/event/{event_id}?tab=crosstable");

    move || {
        let id = event_id.clone();
        let back = back.clone();
        let players = EventView::Players.href(&id);
        let body = match state.get() {
            State::Missing => return Err(PageError::EventNotFound(id)),
            State::Unavailable(why) => view! {
                <section class="panel" role="status">
                    <h3>"No imputation for this event"</h3>
                    <p>{why}"."</p>
                    <p>
                        <a href=back>"Back to the crosstable"</a>
                        " · "
                        <a href=players>"Players and ratings"</a>
                    </p>
                </section>
            }
            .into_any(),
            State::NoWithdrawal => view! {
                <section class="panel" role="status">
                    <h3>"Nobody has withdrawn"</h3>
                    <p>
                        "Mark a withdrawal in the crosstable (the “Withdrew” column: after which round), \
                         and this view compares what each policy does with the games that were never played."
                    </p>
                    <p>
                        <a href=back>"Go to the crosstable"</a>
                    </p>
                </section>
            }
            .into_any(),
            State::Ready => view! {
                <div class="withdrawal-layout">
                    <section class="panel controls-panel" aria-label="Settings">
                        <PriorControls />
                    </section>
                    <section class="panel" aria-labelledby="policies-title">
                        <h3 id="policies-title">"Unplayed games under each policy"</h3>
                        <WithdrawnSummary live=live />
                        <ImputedTable live=live selected=selected />
                    </section>
                    <FormulaPanel live=live selected=selected />
                    <SideBySide live=live order_by=order_by />
                    <ShareLink
                        tournament=live.tournament
                        view=SharedView::Withdrawal
                        player=Signal::derive(|| None)
                        round=Signal::derive(|| None)
                    />
                </div>
            }
            .into_any(),
        };
        Ok(view! {
            <article class="event">
                <EventHeader
                    event_id=id
                    tournament=live.tournament
                    current=Signal::derive(|| EventView::Withdrawal)
                />
                {body}
            </article>
        })
    }
}
