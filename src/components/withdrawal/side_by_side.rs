//! The standings under every policy side by side: rank and points per policy, and the rank
//! change against the FIDE rule (the official one) — who gains, who loses a place, where the
//! podium changes. Changes are shown by arrow, colour and words for screen readers.

use crate::analysis::LiveAnalysis;
use crate::components::withdrawal::imputed_table::headline_first;
use crate::i18n::{td, td_string, Locale};
use crate::tr;
use crate::words::policy as policy_words;
use crate::words::text;
use engine::impute::{Analysis, Policy};
use engine::{StartNo, Tournament};
use leptos::prelude::*;

/// Places up to this rank are the podium.
pub const PODIUM: u32 = 3;

/// One player's place under one policy, compared with the FIDE rule.
#[derive(Clone, Debug, PartialEq)]
pub struct Place {
    /// None when the policy removes the player (annulment).
    pub rank: Option<u32>,
    pub points: Option<f64>,
    /// Places gained against FIDE (negative: lost); None when either side has no rank.
    pub gain: Option<i64>,
    pub podium: bool,
    /// On the podium here but not under FIDE (or the reverse).
    pub enters_podium: bool,
    pub leaves_podium: bool,
}

pub fn place(a: &Analysis, policy: Policy, p: StartNo) -> Place {
    let outcome = a.outcome(policy);
    let rank = outcome.rank_of(p);
    let points = outcome.points.get(p).copied().flatten();
    let fide = a.outcome(Policy::Fide).rank_of(p);
    let on = |r: Option<u32>| r.is_some_and(|r| r <= PODIUM);
    let compare = policy != Policy::Fide;
    Place {
        rank,
        points,
        gain: match (fide, rank) {
            (Some(f), Some(r)) if compare => Some(i64::from(f) - i64::from(r)),
            _ => None,
        },
        podium: on(rank),
        enters_podium: compare && on(rank) && !on(fide),
        leaves_podium: compare && !on(rank) && on(fide),
    }
}

/// The podium under `policy`: (rank, start number) for every place up to [`PODIUM`].
pub fn podium(a: &Analysis, policy: Policy) -> Vec<(u32, StartNo)> {
    a.outcome(policy)
        .standings
        .iter()
        .filter(|r| r.rank <= PODIUM)
        .map(|r| (r.rank, r.start_no))
        .collect()
}

/// In words, in language `l`: how `policy` moves players against FIDE.
pub fn summary(l: Locale, t: &Tournament, a: &Analysis, policy: Policy) -> String {
    let mut gains = Vec::new();
    let mut losses = Vec::new();
    let mut podium: Vec<String> = Vec::new();
    for p in 1..=t.players.len() as StartNo {
        let pl = place(a, policy, p);
        let fide = a.outcome(Policy::Fide).rank_of(p);
        if let (Some(g), Some(f), Some(r)) = (pl.gain, fide, pl.rank) {
            let moved = format!(
                "{} ({} → {})",
                text::name_of(t, p),
                text::ordinal_in(l, f),
                text::ordinal_in(l, r)
            );
            if g > 0 {
                gains.push(moved);
            } else if g < 0 {
                losses.push(moved);
            }
        }
        if pl.enters_podium {
            let player = text::name_of(t, p);
            podium.push(td_string!(l, withdrawal.moves.joins, player).to_string());
        }
        if pl.leaves_podium {
            let player = text::name_of(t, p);
            podium.push(td_string!(l, withdrawal.moves.drops_off, player).to_string());
        }
    }
    let list = |items: Vec<String>| items.join(td_string!(l, withdrawal.moves.list_separator));
    let parts = [
        if gains.is_empty() {
            td_string!(l, withdrawal.moves.nobody_gains).to_string()
        } else {
            td_string!(l, withdrawal.moves.gaining, players = list(gains)).to_string()
        },
        if losses.is_empty() {
            td_string!(l, withdrawal.moves.nobody_loses).to_string()
        } else {
            td_string!(l, withdrawal.moves.losing, players = list(losses)).to_string()
        },
        if !podium.is_empty() {
            td_string!(l, withdrawal.moves.podium_changes, changes = list(podium)).to_string()
        } else if self::podium(a, policy) != self::podium(a, Policy::Fide) {
            td_string!(l, withdrawal.moves.podium_reordered).to_string()
        } else {
            td_string!(l, withdrawal.moves.podium_same).to_string()
        },
    ];
    parts.join(td_string!(l, withdrawal.moves.clause_separator))
}

#[component]
pub fn SideBySide(
    /// The event and its live analysis.
    live: LiveAnalysis,
    /// The policy whose order the rows follow.
    order_by: RwSignal<Policy>,
) -> impl IntoView {
    let order = Memo::new(move |_| {
        let by = order_by.get();
        live.with(|a| {
            let outcome = a.outcome(by);
            let mut rows: Vec<StartNo> = outcome.standings.iter().map(|r| r.start_no).collect();
            // Players this policy removes go last, in start order.
            for p in outcome.points.start_nos() {
                if !rows.contains(&p) {
                    rows.push(p);
                }
            }
            rows
        })
        .unwrap_or_default()
    });
    let podium_changes = move |policy: Policy| {
        live.with(|a| podium(a, policy) != podium(a, Policy::Fide))
            .unwrap_or(false)
    };
    let lang = crate::lang::use_lang();
    // The Bayesian places against the FIDE rule, worked out once per change of the analysis
    // (the summary line and the live region below both read it).
    let bayes_moves = Memo::new(move |_| {
        let l = lang.get();
        live.with_both(|t, a| summary(l, t, a, Policy::Bayes))
            .unwrap_or_default()
    });
    let k_now = move || {
        let l = lang.get();
        live.with(|a| text::k_value_in(l, a.params.k()))
            .unwrap_or_default()
    };
    let sentence = move |k: String, moves: String| {
        td_string!(lang.get(), withdrawal.standings.summary, k, moves).to_string()
    };
    let bayes_summary = move || sentence(k_now(), bayes_moves.get());

    // What a screen reader hears when the k slider changes the standings: the live region
    // changes only when the Bayesian places do (it follows the moves, not k), so that a drag
    // of the slider is not read out step by step; nothing before the first change, and nothing
    // when only the language changed (the same places, in other words).
    let announcement = Memo::new(move |previous: Option<&(Locale, String)>| {
        let (l, moves) = (lang.get(), bayes_moves.get());
        let said = match previous {
            Some((was, _)) if *was == l => {
                let summary = untrack(|| sentence(k_now(), moves));
                td_string!(l, withdrawal.standings.changed, summary).to_string()
            }
            _ => String::new(),
        };
        (l, said)
    });

    view! {
        <section class="panel" data-testid="standings" aria-labelledby="standings-title">
            <h3 id="standings-title">{tr!(withdrawal.standings.heading)}</h3>
            <p class="summary">{bayes_summary}</p>
            <p class="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="standings-announcement">
                {move || announcement.with(|(_, said)| said.clone())}
            </p>
            <label class="inline">
                {tr!(withdrawal.standings.order_by)}
                " "
                <select
                    prop:value=move || order_by.get().id()
                    on:change=move |ev| {
                        if let Ok(p) = event_target_value(&ev).parse() {
                            order_by.set(p);
                        }
                    }
                >
                    {Policy::ALL
                        .into_iter()
                        .map(|p| view! { <option value=p.id()>{move || policy_words::name(lang.get(), p)}</option> })
                        .collect_view()}
                </select>
            </label>
            <p class="legend muted">
                {move || {
                    td!(
                        lang.get(),
                        withdrawal.standings.legend,
                        top = PODIUM,
                        <up> = |c: ChildrenFn| view! { <span class="up">{c()}</span> },
                        <down> = |c: ChildrenFn| view! { <span class="down">{c()}</span> },
                        <dot> = |c: ChildrenFn| view! { <span class="podium-mark">{c()}</span> }
                    )
                }}
            </p>
            // Focusable: it scrolls sideways on a phone and holds nothing else to focus.
            <div class="table-scroll" tabindex="0" role="region" aria-label=tr!(withdrawal.standings.heading)>
                <table class="side-by-side">
                    <caption class="visually-hidden">{tr!(withdrawal.standings.caption)}</caption>
                    <colgroup>
                        <col />
                    </colgroup>
                    {headline_first()
                        .map(|p| {
                            let span = if p == Policy::Fide { 2 } else { 3 };
                            view! { <colgroup span=span class=crate::policies::class(p)></colgroup> }
                        })
                        .collect_view()}
                    <thead>
                        <tr>
                            <td></td>
                            {headline_first()
                                .map(|p| {
                                    let span = if p == Policy::Fide { 2 } else { 3 };
                                    view! {
                                        <th scope="colgroup" colspan=span class="group" class:official=p == Policy::Fide>
                                            {move || policy_words::name(lang.get(), p)}
                                            {(p == Policy::Fide)
                                                .then(|| view! { <span class="sub">{tr!(withdrawal.standings.official)}</span> })}
                                            <Show when=move || podium_changes(p)>
                                                <span class="sub podium-changed">{tr!(withdrawal.standings.podium_changes)}</span>
                                            </Show>
                                        </th>
                                    }
                                })
                                .collect_view()}
                        </tr>
                        <tr>
                            <th scope="col">{tr!(withdrawal.standings.player)}</th>
                            {headline_first()
                                .map(|p| {
                                    view! {
                                        <th scope="col" class="num group-start">{tr!(withdrawal.standings.rank)}</th>
                                        <th scope="col" class="num">
                                            <abbr title=tr!(withdrawal.standings.points)>{tr!(withdrawal.standings.points_short)}</abbr>
                                        </th>
                                        {(p != Policy::Fide)
                                            .then(|| {
                                                view! {
                                                    <th scope="col" class="num">
                                                        <abbr title=tr!(withdrawal.standings.change_title)>"±"</abbr>
                                                    </th>
                                                }
                                            })}
                                    }
                                })
                                .collect_view()}
                        </tr>
                    </thead>
                    <tbody>
                        <For
                            each=move || order.get()
                            key=|p| *p
                            children=move |p| view! { <PlayerRow live=live player=p /> }
                        />
                    </tbody>
                </table>
            </div>
        </section>
    }
}

/// Words for screen readers: the podium, relative to FIDE.
fn podium_words(l: Locale, x: &Place) -> &'static str {
    if x.enters_podium {
        td_string!(l, withdrawal.standings.podium_enters)
    } else if x.leaves_podium {
        td_string!(l, withdrawal.standings.podium_leaves)
    } else if x.podium {
        td_string!(l, withdrawal.standings.podium)
    } else {
        ""
    }
}

/// The rank change against FIDE: the arrow shown, and the words said.
fn gain_text(l: Locale, gain: Option<i64>) -> (String, String) {
    match gain {
        Some(g) if g > 0 => (
            format!("▲{g}"),
            td_string!(l, withdrawal.standings.up, count = g).to_string(),
        ),
        Some(g) if g < 0 => (
            format!("▼{}", -g),
            td_string!(l, withdrawal.standings.down, count = -g).to_string(),
        ),
        Some(_) => ("=".into(), td_string!(l, withdrawal.standings.same).into()),
        None => (
            "—".into(),
            td_string!(l, withdrawal.standings.no_comparison).into(),
        ),
    }
}

/// One player's row: name, then rank, points and change under each policy.
#[component]
fn PlayerRow(
    /// The event and its live analysis.
    live: LiveAnalysis,
    /// The player's start number.
    player: StartNo,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let who = Memo::new(move |_| {
        let l = lang.get();
        live.with_both(|t, a| {
            let withdrew = a.withdrawn.iter().find(|s| s.player == player).map(|s| {
                let when = text::withdrawal_point_in(l, s.after_round);
                td_string!(l, withdrawal.standings.withdrew, when).to_string()
            });
            (text::name_rating_in(l, t, player), withdrew)
        })
        .unwrap_or_default()
    });
    view! {
        <tr class:withdrawn=move || who.with(|w| w.1.is_some())>
            <th scope="row" class="player">
                <span translate="no">{move || who.with(|w| w.0.clone())}</span>
                {move || who.with(|w| w.1.clone()).map(|w| view! { <span class="tag">{w}</span> })}
            </th>
            {headline_first()
                .map(|policy| view! { <PolicyCells live=live policy=policy player=player /> })
                .collect_view()}
        </tr>
    }
}

/// A player's rank, points and (except for FIDE itself) change against FIDE under one policy.
#[component]
fn PolicyCells(
    /// The event and its live analysis.
    live: LiveAnalysis,
    /// The policy of these cells.
    policy: Policy,
    /// The player's start number.
    player: StartNo,
) -> impl IntoView {
    // A memo per player and policy: moving k updates only the places that changed (mostly the
    // Bayesian column), not every cell.
    let lang = crate::lang::use_lang();
    let place = Memo::new(move |_| live.with(|a| place(a, policy, player)));
    let flag = move |f: fn(&Place) -> bool| move || place.with(|x| x.as_ref().is_some_and(f));
    let rank = move || {
        place.with(|x| {
            x.as_ref()
                .and_then(|x| x.rank)
                .map_or_else(|| "—".to_string(), |r| r.to_string())
        })
    };
    let points = move || {
        place.with(|x| {
            x.as_ref()
                .and_then(|x| x.points)
                .map_or_else(|| "—".to_string(), |p| text::two_in(lang.get(), p))
        })
    };
    let podium_said =
        move || place.with(|x| x.as_ref().map_or("", |x| podium_words(lang.get(), x)));
    let change = (policy != Policy::Fide).then(|| {
        let gain = move || place.with(|x| x.as_ref().and_then(|x| x.gain));
        view! {
            <td
                class="num change"
                class:up=move || gain().is_some_and(|g| g > 0)
                class:down=move || gain().is_some_and(|g| g < 0)
            >
                <span aria-hidden="true">{move || gain_text(lang.get(), gain()).0}</span>
                <span class="visually-hidden">{move || gain_text(lang.get(), gain()).1}</span>
            </td>
        }
    });
    view! {
        <td
            class="num group-start rank"
            class:podium=flag(|x| x.podium)
            class:enters=flag(|x| x.enters_podium)
            class:leaves=flag(|x| x.leaves_podium)
        >
            {rank}
            <Show when=flag(|x| x.podium)>
                <span class="podium-mark" aria-hidden="true">" ●"</span>
            </Show>
            <span class="visually-hidden">{podium_said}</span>
        </td>
        <td class="num points">{points}</td>
        {change}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gains_in_words() {
        assert_eq!(
            gain_text(Locale::en, Some(1)),
            ("▲1".into(), "up 1 place against FIDE".into())
        );
        assert_eq!(
            gain_text(Locale::en, Some(-2)),
            ("▼2".into(), "down 2 places against FIDE".into())
        );
        assert_eq!(gain_text(Locale::en, None).0, "—");
        assert_eq!(gain_text(Locale::ja, Some(-2)).0, "▼2");
        assert_ne!(
            gain_text(Locale::de, Some(-2)).1,
            gain_text(Locale::en, Some(-2)).1
        );
    }

    #[test]
    fn fide_compares_with_itself_as_nothing() {
        let t = engine::example::withdrawal();
        let a = engine::impute::analyse(&t, &t.withdrawals, Default::default()).unwrap();
        for p in 1..=10 {
            let pl = place(&a, Policy::Fide, p);
            assert_eq!(pl.gain, None);
            assert!(!pl.enters_podium && !pl.leaves_podium);
        }
        // Annulment is not the official outcome here (5 of 9 games played): W has no rank.
        assert_eq!(place(&a, Policy::Annul, 4).rank, None);
    }
}
