//! FIDE rating changes (B.02) from the recorded results: K and why, rated games, score,
//! expected score, the change unrounded and rounded once for the event as FIDE publishes it,
//! the new rating and the performance rating; initial ratings of unrated players. An arbiter's K
//! for a player (new players and other cases) is set here and saved in the event.

use crate::i18n::{td_string, Locale};
use crate::lang::use_lang;
use crate::live_standings::LiveStandings;
use crate::store::use_store;
use crate::tr;
use crate::words::policy as policy_words;
use crate::words::text::localise;
use crate::words::tiebreak::player;
use engine::rating::{two_decimals, InitialRating, KReason, RatingChange};
use engine::StartNo;
use leptos::prelude::*;

/// Hundredths as the reader writes them (`0.73`, `0,73`).
fn hundredths(locale: Locale, h: i64) -> String {
    localise(locale, two_decimals(h))
}

/// Why K has its value ([`KReason`]; its English `Display` stays for the CLI).
fn k_reason(locale: Locale, reason: KReason) -> String {
    match reason {
        KReason::Override => td_string!(locale, standings.ratings.k_override).to_string(),
        KReason::NewPlayer { rated_games } => {
            td_string!(locale, standings.ratings.k_new_player, count = rated_games).to_string()
        }
        KReason::Junior { age } => td_string!(locale, standings.ratings.k_junior, age).to_string(),
        KReason::Under2400 => td_string!(locale, standings.ratings.k_under_2400).to_string(),
        KReason::From2400 => td_string!(locale, standings.ratings.k_from_2400).to_string(),
    }
}

/// Why K has its value, with the 700 cap when it lowered K (the engine's
/// [`RatingChange::k_note`], in the reader's language).
fn k_note(locale: Locale, c: &RatingChange) -> String {
    let reason = k_reason(locale, c.k_reason);
    if c.k_capped {
        td_string!(
            locale,
            standings.ratings.k_capped,
            reason,
            base = c.base_k,
            k = c.k,
            count = c.games.len()
        )
        .to_string()
    } else {
        reason
    }
}

/// An unrated player's initial rating, with what limits it.
fn initial_rating(locale: Locale, i: &InitialRating) -> String {
    let Some(rating) = i.rating else {
        return td_string!(locale, standings.ratings.initial_none).to_string();
    };
    let mut shown = rating.to_string();
    if i.capped {
        shown = td_string!(locale, standings.ratings.initial_capped, rating = shown).to_string();
    }
    if !i.publishable {
        shown = td_string!(
            locale,
            standings.ratings.initial_unpublishable,
            rating = shown
        )
        .to_string();
    }
    shown
}

/// K values an arbiter sets (B.02 8.3.3); "" is the automatic K.
const K_CHOICES: [u8; 3] = [40, 20, 10];

#[component]
pub fn RatingChanges(
    /// The event's live standings (its rating report and the event).
    live: LiveStandings,
) -> impl IntoView {
    let store = use_store();
    let lang = use_lang();
    let set_k = move |p: StartNo, k: Option<u8>| {
        store.update_event(&live.event_id.get_value(), |t| {
            if let Some(pl) = t.player_mut(p) {
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
        let locale = lang.get();
        live.tournament.with(|t| {
            let t = t.as_ref()?;
            live.ratings.with(|r| {
                r.as_ref().map(|r| {
                    r.changes
                        .iter()
                        .map(|c| {
                            let p = c.start_no;
                            let name = player(t, p);
                            let reason = k_note(locale, c);
                            let current = override_of(p);
                            let (gain, loss) = (c.change > 0, c.change < 0);
                            view! {
                                <tr>
                                    <th scope="row" class="player" translate="no">
                                        {name.clone()}
                                    </th>
                                    <td class="num">{c.rating}</td>
                                    <td class="num k" title=reason.clone()>
                                        {c.k}
                                        <span class="visually-hidden">{format!(" ({reason})")}</span>
                                        {c.k_capped.then(|| view! { <span class="cap" aria-hidden="true">"*"</span> })}
                                    </td>
                                    <td>
                                        <select
                                            aria-label=td_string!(
                                                locale,
                                                standings.ratings.k_aria,
                                                player = &name
                                            )
                                            .to_string()
                                            on:change=move |ev| {
                                                set_k(p, event_target_value(&ev).parse().ok())
                                            }
                                        >
                                            <option value="" selected=current.is_none()>
                                                {tr!(standings.ratings.k_automatic)}
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
                                    <td class="num">{localise(locale, c.score.to_string())}</td>
                                    <td class="num">
                                        {hundredths(locale, i64::from(c.expected_hundredths))}
                                    </td>
                                    <td class="num">{hundredths(locale, c.change_hundredths)}</td>
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
        let locale = lang.get();
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
                        let rating = initial_rating(locale, i);
                        view! {
                            <tr>
                                <th scope="row" class="player" translate="no">
                                    {player(t, i.start_no)}
                                </th>
                                <td class="num">{i.games.len()}</td>
                                <td class="num">{localise(locale, i.score.to_string())}</td>
                                <td class="num">{hundredths(locale, i.average_hundredths)}</td>
                                <td class="num">{hundredths(locale, i64::from(i.p_hundredths))}</td>
                                <td class="num">{format!("{:+}", i.dp)}</td>
                                <td>{rating}</td>
                            </tr>
                        }
                    })
                    .collect_view();
                Some(view! {
                    <h4>{tr!(standings.ratings.initial_heading)}</h4>
                    <p class="muted small">{tr!(standings.ratings.initial_intro)}</p>
                    <div class="table-scroll">
                        <table class="initial-ratings">
                            <thead>
                                <tr>
                                    <th scope="col">{tr!(standings.ratings.col_player)}</th>
                                    <th scope="col" class="num">{tr!(standings.ratings.col_games)}</th>
                                    <th scope="col" class="num">{tr!(standings.ratings.col_score)}</th>
                                    <th scope="col" class="num">{tr!(standings.ratings.col_average)}</th>
                                    <th scope="col" class="num">{tr!(standings.ratings.col_p)}</th>
                                    <th scope="col" class="num">{tr!(standings.ratings.col_dp)}</th>
                                    <th scope="col">{tr!(standings.ratings.col_initial)}</th>
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
            <h3 id="ratings-title">{tr!(standings.ratings.heading)}</h3>
            <PlayedOnlyNote live=live />
            <p class="muted small">{tr!(standings.ratings.intro)}</p>
            <Show
                when=move || !empty()
                fallback=|| view! { <p class="muted">{tr!(standings.ratings.empty)}</p> }
            >
                <div class="table-scroll">
                    <table class="rating-changes">
                        <thead>
                            <tr>
                                <th scope="col">{tr!(standings.ratings.col_player)}</th>
                                <th scope="col" class="num">{tr!(standings.ratings.col_rating)}</th>
                                <th scope="col" class="num">{tr!(standings.ratings.col_k)}</th>
                                <th scope="col">{tr!(standings.ratings.col_k_set)}</th>
                                <th scope="col" class="num">{tr!(standings.ratings.col_games)}</th>
                                <th scope="col" class="num">{tr!(standings.ratings.col_score)}</th>
                                <th scope="col" class="num">{tr!(standings.ratings.col_expected)}</th>
                                <th scope="col" class="num">{tr!(standings.ratings.col_change)}</th>
                                <th scope="col" class="num">{tr!(standings.ratings.col_rounded)}</th>
                                <th scope="col" class="num">{tr!(standings.ratings.col_new)}</th>
                                <th scope="col" class="num">{tr!(standings.ratings.col_performance)}</th>
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
    let lang = use_lang();
    let policy_basis = move || {
        live.computed.with(|c| match c.as_ref().map(|c| c.basis) {
            Some(engine::standings::Basis::Policy(policy)) => Some(policy),
            _ => None,
        })
    };
    move || {
        policy_basis().map(|policy| {
            let policy = policy_words::name(lang.get(), policy);
            view! {
                <p class="note" role="note" data-testid="ratings-played-only">
                    {td_string!(lang.get(), standings.ratings.played_only, policy).to_string()}
                </p>
            }
        })
    }
}
