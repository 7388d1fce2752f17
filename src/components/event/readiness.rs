//! Before the TRF goes for rating (issue 27 item 5): what the export would lack, or carry that a
//! rating officer would question (`engine::readiness`), beside the downloads. A warning list,
//! not a gate: the TRF downloads as it is. Each finding links to the field that fixes it (the
//! Details tab for the event's records, the player's details row, the round's board), which
//! the event page focuses (`?focus=`).

use crate::event_id::EventId;
use crate::i18n::td_string;
use crate::lang::use_lang;
use crate::tr;
use crate::words::readiness as words;
use engine::details;
use engine::readiness::{EventField, Finding, PlayerField, Severity};
use engine::Tournament;

use super::header::EventView;
use leptos::prelude::*;

/// The id of the Details tab's input of `field` (`DetailField` prefixes its test id).
fn event_input(t: &Tournament, field: EventField) -> String {
    let name = match field {
        EventField::City => "city",
        EventField::Federation => "federation",
        EventField::StartDate => "start-date",
        EventField::EndDate => "end-date",
        EventField::ChiefArbiter => "chief-arbiter",
        EventField::TimeControl => "time-control",
        // The first round without a date.
        EventField::RoundDates => {
            let r = (1..=t.scheduled_rounds())
                .find(|&r| details::round_date(&t.info, r).is_empty())
                .unwrap_or(1);
            return format!("detail-round-date-{r}");
        }
    };
    format!("detail-detail-{name}")
}

/// Where a finding is fixed: the view's address with the field to focus.
fn fix_href(id: &EventId, t: &Tournament, f: &Finding) -> String {
    let player = |p, input: &str| {
        format!(
            "{}&player={p}&focus={input}-{p}",
            EventView::Players.href(id)
        )
    };
    match *f {
        Finding::EventField(field) => format!(
            "{}&focus={}",
            EventView::Details.href(id),
            event_input(t, field)
        ),
        Finding::NoFideId { player: p } | Finding::SameFideId { second: p, .. } => {
            player(p, "player-fide-id")
        }
        Finding::PlayerField { player: p, field } => player(
            p,
            match field {
                PlayerField::Federation => "player-federation",
                PlayerField::Sex => "player-sex",
                PlayerField::Birth => "player-birth",
            },
        ),
        Finding::Unrated { player: p } | Finding::RatingOutOfRange { player: p, .. } => {
            player(p, "player-rating-detail")
        }
        Finding::NoResult {
            round,
            white,
            black,
        } => {
            let board = t
                .round(round)
                .and_then(|r| {
                    r.games
                        .iter()
                        .position(|g| g.white == white && g.black == black)
                })
                .map_or(1, |i| i + 1);
            format!(
                "{}&round={round}&focus={}",
                EventView::Rounds.href(id),
                crate::components::rounds::result_id(round, board)
            )
        }
    }
}

#[component]
pub fn RatingReadiness(
    /// Id of the event (the findings link to its views).
    event_id: EventId,
    /// The event.
    tournament: Memo<Tournament>,
) -> impl IntoView {
    let lang = use_lang();
    let findings = Memo::new(move |_| tournament.with(engine::readiness::check));
    let count = Memo::new(move |_| findings.with(Vec::len));
    // Kept across changes: the list stays open while its findings are fixed one by one.
    let open = RwSignal::new(false);
    let id = StoredValue::new(event_id);
    let items = move || {
        let l = lang.get();
        tournament.with(|t| {
            findings.with(|all| {
                all.iter()
                    .map(|f| {
                        let severity = f.severity();
                        let missing = severity == Severity::Missing;
                        view! {
                            <li data-testid="readiness-finding">
                                <span class="tag" class:tag-missing=missing>{words::severity(l, severity)}</span>
                                " "
                                <a href=fix_href(&id.get_value(), t, f) data-testid="readiness-fix">
                                    {words::finding(l, t, f)}
                                </a>
                            </li>
                        }
                    })
                    .collect_view()
            })
        })
    };
    view! {
        <Show
            when=move || { count.get() > 0 }
            fallback=|| {
                view! {
                    <p class="readiness readiness-ready" data-testid="readiness-ready">
                        {tr!(event.readiness.ready)}
                    </p>
                }
            }
        >
            <details
                class="readiness"
                data-testid="readiness"
                prop:open=move || open.get()
                on:toggle=move |ev| {
                    let el: web_sys::Element = event_target(&ev);
                    let now = js_sys::Reflect::get(&el, &"open".into()).ok();
                    open.set(now.and_then(|v| v.as_bool()).unwrap_or(false));
                }
            >
                <summary data-testid="readiness-summary">
                    {move || td_string!(lang.get(), event.readiness.summary, count = count.get()).to_string()}
                </summary>
                <p class="muted">{tr!(event.readiness.help)}</p>
                // Drawn only while open: mid-round every pending game is a finding, and the
                // list sits on every view of the event.
                {move || open.get().then(|| view! { <ul class="readiness-list">{items}</ul> })}
            </details>
        </Show>
    }
}
