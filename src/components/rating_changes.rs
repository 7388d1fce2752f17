//! FIDE rating changes (B.02) from the recorded results: K and why, rated games, score,
//! expected score, the change unrounded and rounded once for the event as FIDE publishes it,
//! the new rating and the performance rating; initial ratings of unrated players. An arbiter's K
//! for a player (new players and other cases) is set here and saved in the event.

use crate::live_standings::LiveStandings;
use crate::store::use_store;
use crate::tiebreak_text::player;
use engine::rating::two_decimals;
use engine::StartNo;
use leptos::prelude::*;

/// K values an arbiter sets (B.02 8.3.3); "" is the automatic K.
const K_CHOICES: [u8; 3] = [40, 20, 10];

#[component]
pub fn RatingChanges(
    /// The event's live standings (its rating report and the event).
    live: LiveStandings,
) -> impl IntoView {
    let store = use_store();
    let set_k = move |p: StartNo, k: Option<u8>| {
        store.update_event(&live.event_id.get_value(), |t| {
            if let Some(pl) = t.players.get_mut(p as usize - 1) {
                pl.k_override = k;
            }
        });
    };
    let override_of = move |p: StartNo| {
        live.tournament.with(|t| {
            t.as_ref()
                .and_then(|t| t.player(p))
                .and_then(|pl| pl.k_override)
        })
    };
    let changes = move || {
        live.tournament.with(|t| {
            let t = t.as_ref()?;
            live.ratings.with(|r| {
                r.as_ref().map(|r| {
                    r.changes
                        .iter()
                        .map(|c| {
                            let p = c.start_no;
                            let name = player(t, p);
                            let reason = c.k_note();
                            let current = override_of(p);
                            let (gain, loss) = (c.change > 0, c.change < 0);
                            view! {
                                <tr>
                                    <th scope="row" class="player">{name.clone()}</th>
                                    <td class="num">{c.rating}</td>
                                    <td class="num k" title=reason.clone()>
                                        {c.k}
                                        <span class="visually-hidden">{format!(" ({reason})")}</span>
                                        {c.k_capped.then(|| view! { <span class="cap" aria-hidden="true">"*"</span> })}
                                    </td>
                                    <td>
                                        <select
                                            aria-label=format!("K set by the arbiter for {name}")
                                            on:change=move |ev| {
                                                set_k(p, event_target_value(&ev).parse().ok())
                                            }
                                        >
                                            <option value="" selected=current.is_none()>
                                                "automatic"
                                            </option>
                                            {K_CHOICES
                                                .into_iter()
                                                .map(|k| {
                                                    view! {
                                                        <option value=k.to_string() selected=current == Some(k)>
                                                            {k}
                                                        </option>
                                                    }
                                                })
                                                .collect_view()}
                                        </select>
                                    </td>
                                    <td class="num">{c.games.len()}</td>
                                    <td class="num">{c.score.to_string()}</td>
                                    <td class="num">{two_decimals(i64::from(c.expected_hundredths))}</td>
                                    <td class="num">{two_decimals(c.change_hundredths)}</td>
                                    <td class="num change" class:up=gain class:down=loss>
                                        {format!("{:+}", c.change)}
                                    </td>
                                    <td class="num">{c.new_rating}</td>
                                    <td class="num">{c.performance}</td>
                                </tr>
                            }
                        })
                        .collect_view()
                })
            })
        })
    };
    let initial = move || {
        live.tournament.with(|t| {
            let t = t.as_ref()?;
            live.ratings.with(|r| {
                let r = r.as_ref()?;
                if r.initial.is_empty() {
                    return None;
                }
                let rows = r
                    .initial
                    .iter()
                    .map(|i| {
                        let rating = match i.rating {
                            None => "none: no point scored, the event is disregarded".to_string(),
                            Some(v) => format!(
                                "{v}{}{}",
                                if i.capped { " (capped at 2200)" } else { "" },
                                if i.publishable {
                                    ""
                                } else {
                                    " — not yet publishable (5 games against rated opponents and ≥ 1400 needed)"
                                }
                            ),
                        };
                        view! {
                            <tr>
                                <th scope="row" class="player">{player(t, i.start_no)}</th>
                                <td class="num">{i.games.len()}</td>
                                <td class="num">{i.score.to_string()}</td>
                                <td class="num">{two_decimals(i.average_hundredths)}</td>
                                <td class="num">{two_decimals(i64::from(i.p_hundredths))}</td>
                                <td class="num">{format!("{:+}", i.dp)}</td>
                                <td>{rating}</td>
                            </tr>
                        }
                    })
                    .collect_view();
                Some(view! {
                    <h4>"Unrated players: initial rating (B.02 8.2)"</h4>
                    <p class="muted small">
                        "Two hypothetical opponents rated 1800 are added, with a draw against each; \
                         at most 2200."
                    </p>
                    <div class="table-scroll">
                        <table class="initial-ratings">
                            <thead>
                                <tr>
                                    <th scope="col">"Player"</th>
                                    <th scope="col" class="num">"Games"</th>
                                    <th scope="col" class="num">"Score"</th>
                                    <th scope="col" class="num">"Ra"</th>
                                    <th scope="col" class="num">"p"</th>
                                    <th scope="col" class="num">"dp"</th>
                                    <th scope="col">"Initial rating"</th>
                                </tr>
                            </thead>
                            <tbody>{rows}</tbody>
                        </table>
                    </div>
                })
            })
        })
    };
    let empty = move || {
        live.ratings
            .with(|r| r.as_ref().is_none_or(|r| r.changes.is_empty()))
    };
    view! {
        <section class="panel" data-testid="rating-changes" aria-labelledby="ratings-title">
            <h3 id="ratings-title">"FIDE rating changes"</h3>
            <PlayedOnlyNote live=live />
            <p class="muted small">
                "From the recorded results (B.02): rated games are games played over the board against a \
                 rated opponent; expected score from table 8.1.2 with the 400-point rule; change = K × \
                 (score − expected), rounded once for the event (0.5 up). K: 40 up to 18 years and under \
                 2300, 20 under 2400, 10 from 2400; lowered when K × games > 700 (marked *)."
            </p>
            <Show
                when=move || !empty()
                fallback=|| view! { <p class="muted">"No rated player has a rated game yet."</p> }
            >
                <div class="table-scroll">
                    <table class="rating-changes">
                        <thead>
                            <tr>
                                <th scope="col">"Player"</th>
                                <th scope="col" class="num">"Rating"</th>
                                <th scope="col" class="num">"K"</th>
                                <th scope="col">"K set by arbiter"</th>
                                <th scope="col" class="num">"Games"</th>
                                <th scope="col" class="num">"Score"</th>
                                <th scope="col" class="num">"Expected"</th>
                                <th scope="col" class="num">"Change"</th>
                                <th scope="col" class="num">"Rounded"</th>
                                <th scope="col" class="num">"New"</th>
                                <th scope="col" class="num">"Perf."</th>
                            </tr>
                        </thead>
                        <tbody>{changes}</tbody>
                    </table>
                </div>
            </Show>
            {initial}
        </section>
    }
}

/// With the standings on a policy's crosstable: the ratings do not follow it (FIDE rates played
/// games only), and the reader must not take them for the policy's.
#[component]
fn PlayedOnlyNote(
    /// The event's live standings (their basis).
    live: LiveStandings,
) -> impl IntoView {
    let policy_basis = move || {
        live.computed.with(|c| match c.as_ref().map(|c| c.basis) {
            Some(engine::standings::Basis::Policy(policy)) => Some(policy.label()),
            _ => None,
        })
    };
    move || {
        policy_basis().map(|label| {
            view! {
                <p class="note" role="note" data-testid="ratings-played-only">
                    {format!(
                        "The standings above use the “{label}” crosstable; these rating changes do \
                         not: FIDE rates games actually played over the board only, so imputed, \
                         annulled or forfeited games count for nothing here."
                    )}
                </p>
            }
        })
    }
}
