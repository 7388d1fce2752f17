//! Requests on the Rounds tab: half-point byes and absences for rounds not yet paired (Swiss),
//! withdrawals from a round on, each listed with its cancel button. Every rule is the engine's
//! (`engine::event`).

use crate::components::common::player_select::{PlayerLabel, PlayerSelect};
use crate::event_id::EventId;
use crate::i18n::{td, td_string};
use crate::store::use_store;
use crate::tr;
use crate::words::text;
use crate::words::Words;
use engine::event::{self, EventError};
use engine::{ByeKind, StartNo, Tournament};
use leptos::prelude::*;

/// What a request of the form does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Request {
    HalfBye,
    Absent,
    Withdraw,
}

impl Request {
    fn id(self) -> &'static str {
        match self {
            Request::HalfBye => "H",
            Request::Absent => "Z",
            Request::Withdraw => "W",
        }
    }
    fn from_id(id: &str) -> Request {
        match id {
            "Z" => Request::Absent,
            "W" => Request::Withdraw,
            _ => Request::HalfBye,
        }
    }
}

/// Requested byes and absences for rounds not yet paired, and withdrawals from a round on.
#[component]
pub(super) fn Requests(
    /// Id of the event in the store.
    event_id: EventId,
    /// The event.
    tournament: Memo<Tournament>,
) -> impl IntoView {
    let store = use_store();
    let lang = crate::lang::use_lang();
    let id = StoredValue::new(event_id);
    let error = RwSignal::new(None::<String>);
    let player = RwSignal::new(None::<StartNo>);
    let round = RwSignal::new(String::new());
    let kind = RwSignal::new(Request::HalfBye);
    let is_swiss = Memo::new(move |_| tournament.with(|t| !t.format.is_round_robin()));
    let next_round = Memo::new(move |_| tournament.with(event::next_round_to_request));

    // A withdrawal refused because the round is paired: (player, round) for the two choices.
    let choice = RwSignal::new(None::<(StartNo, u32)>);
    let apply = move |op: &dyn Fn(&mut Tournament) -> Result<(), EventError>| {
        choice.set(None);
        match store.run_event(&id.get_value(), op) {
            Ok(()) => {
                error.set(None);
                true
            }
            Err(e) => {
                if let EventError::WithdrawFromPairedRound { player, round, .. } = e {
                    choice.set(Some((player, round)));
                }
                let l = lang.get_untracked();
                let error_words = e.words(l);
                error.set(Some(
                    td_string!(l, errors.outcome.nothing_changed, error = error_words).to_string(),
                ));
                false
            }
        }
    };
    let choose = move |forfeit: bool| {
        let Some((p, r)) = choice.get_untracked() else {
            return;
        };
        if forfeit {
            apply(&|t| event::withdraw_forfeiting(t, p, r));
        } else {
            apply(&|t| event::withdraw(t, p, Some(r + 1)));
        }
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let l = lang.get_untracked();
        let Some(p) = player.get_untracked() else {
            error.set(Some(td_string!(l, event.requests.choose_player).into()));
            return;
        };
        let r = round.get_untracked();
        let r = if r.trim().is_empty() {
            next_round.get_untracked()
        } else {
            match r.trim().parse::<u32>() {
                Ok(r) => r,
                Err(_) => {
                    error.set(Some(
                        td_string!(l, event.requests.bad_round, round = r.trim()).to_string(),
                    ));
                    return;
                }
            }
        };
        // A round-robin offers withdrawals only (its absences are forfeits on the schedule).
        let what = if is_swiss.get_untracked() {
            kind.get_untracked()
        } else {
            Request::Withdraw
        };
        let done = match what {
            Request::HalfBye => apply(&|t| event::request_bye(t, p, r, Some(ByeKind::Half))),
            Request::Absent => apply(&|t| event::request_bye(t, p, r, Some(ByeKind::Zero))),
            Request::Withdraw => apply(&|t| event::withdraw(t, p, Some(r))),
        };
        // Recorded: the form starts afresh for the next request.
        if done {
            player.set(None);
            round.set(String::new());
            kind.set(Request::HalfBye);
        }
    };

    view! {
        <section class="requests no-print" aria-labelledby="requests-title">
            <h4 id="requests-title">
                {move || {
                    if is_swiss.get() {
                        td_string!(lang.get(), event.requests.heading_swiss)
                    } else {
                        td_string!(lang.get(), event.requests.heading_rr)
                    }
                }}
            </h4>
            <p class="muted">
                {move || {
                    if is_swiss.get() {
                        td_string!(lang.get(), event.requests.help_swiss)
                    } else {
                        td_string!(lang.get(), event.requests.help_rr)
                    }
                }}
            </p>
            <form class="request-form" on:submit=submit>
                <label>
                    {tr!(event.requests.player)}
                    <PlayerSelect
                        tournament=tournament
                        value=player
                        on_pick=Callback::new(move |p| player.set(p))
                        testid="request-player"
                        label=PlayerLabel::NumberName
                        placeholder=Signal::derive(move || td_string!(lang.get(), event.requests.choose).to_string())
                    />
                </label>
                <label>
                    {tr!(event.requests.what)}
                    <select
                        data-testid="request-kind"
                        on:change=move |ev| kind.set(Request::from_id(&event_target_value(&ev)))
                        prop:value=move || {
                            if is_swiss.get() { kind.get() } else { Request::Withdraw }.id()
                        }
                    >
                        <Show when=move || is_swiss.get()>
                            <option value=Request::HalfBye.id()>{tr!(event.requests.half_bye)}</option>
                            <option value=Request::Absent.id()>{tr!(event.requests.absent)}</option>
                        </Show>
                        <option value=Request::Withdraw.id()>{tr!(event.requests.withdraw)}</option>
                    </select>
                </label>
                <label>
                    {tr!(event.requests.round)}
                    <input
                        type="number"
                        min="1"
                        class="rating"
                        data-testid="request-round"
                        placeholder=move || next_round.get().to_string()
                        prop:value=move || round.get()
                        on:input=move |ev| round.set(event_target_value(&ev))
                    />
                </label>
                <button type="submit" data-testid="request-bye">
                    {tr!(event.requests.record)}
                </button>
            </form>
            <Show when=move || error.with(Option::is_some)>
                <p class="alert" role="alert" data-testid="request-error">
                    {move || error.get().unwrap_or_default()}
                </p>
            </Show>
            {move || choice.get().map(|(_, r)| view! {
                <div class="toolbar" role="group" aria-label=tr!(event.requests.choices_aria) data-testid="withdraw-choices">
                    <button type="button" data-testid="withdraw-forfeit" on:click=move |_| choose(true)>
                        {move || {
                            td_string!(lang.get(), event.requests.forfeit_and_withdraw, round = r, next = r + 1)
                                .to_string()
                        }}
                    </button>
                    <button type="button" data-testid="withdraw-next" on:click=move |_| choose(false)>
                        {move || td_string!(lang.get(), event.requests.withdraw_next, next = r + 1).to_string()}
                    </button>
                </div>
            })}
            <ul class="request-list">
                <RequestList tournament=tournament apply=Callback::new(move |op: Op| { apply(&*op); }) />
            </ul>
        </section>
    }
}

/// A change to the event that the requests list asks for.
type Op = std::sync::Arc<dyn Fn(&mut Tournament) -> Result<(), EventError> + Send + Sync>;

/// The requested byes and absences, and the withdrawals, each with its cancel button.
#[component]
fn RequestList(
    /// The event.
    tournament: Memo<Tournament>,
    /// Applies a change (and shows its refusal).
    apply: Callback<Op>,
) -> impl IntoView {
    let run = move |op: Op| apply.run(op);
    let lang = crate::lang::use_lang();
    move || {
        let l = lang.get();
        tournament.with(|t| {
            let mut items = Vec::new();
            for (r, p, k) in event::requested_byes(t) {
                let what = if k == ByeKind::Half {
                    td_string!(l, event.requests.item_half_bye)
                } else {
                    td_string!(l, event.requests.item_absent)
                };
                let name = text::name_of(t, p);
                items.push(
                    view! {
                        <li data-testid="request-item">
                            {td_string!(l, event.requests.item, round = r, name, no = p, what).to_string()}
                            " "
                            <button
                                type="button"
                                class="quiet"
                                aria-label=td_string!(l, event.requests.cancel_aria, no = p, round = r).to_string()
                                on:click=move |_| run(std::sync::Arc::new(move |t| event::request_bye(t, p, r, None)))
                            >
                                {td_string!(l, event.requests.cancel)}
                            </button>
                        </li>
                    }
                    .into_any(),
                );
            }
            for w in &t.withdrawals {
                let p = w.player;
                items.push(
                    view! {
                        <li data-testid="withdrawal-item">
                            {td!(
                                l,
                                event.requests.withdrawal_item,
                                name = text::name_of(t, p),
                                no = p,
                                when = text::withdrawal_point_in(l, w.after_round),
                                <player> = <span translate="no" />
                            )}
                            " "
                            <button
                                type="button"
                                class="quiet"
                                aria-label=td_string!(l, event.requests.take_back_aria, no = p).to_string()
                                on:click=move |_| run(std::sync::Arc::new(move |t| event::withdraw(t, p, None)))
                            >
                                {td_string!(l, event.requests.take_back)}
                            </button>
                        </li>
                    }
                    .into_any(),
                );
            }
            items
        })
    }
}
