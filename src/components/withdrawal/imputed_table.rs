//! The policy table: one row per unplayed game, one column per policy, each cell the score the
//! policy credits to the (non-withdrawn) player. Selecting a row shows it in the formula panel.

use crate::analysis::{game_keys, GameKey, LiveAnalysis};
use crate::i18n::{td, td_string, Locale};
use crate::store::use_store;
use crate::tr;
use crate::words::policy as policy_words;
use crate::words::text;
use engine::impute::{Analysis, Policy};
use leptos::prelude::*;

/// What one cell shows.
#[derive(Clone, Debug, PartialEq)]
struct Cell {
    text: String,
    /// Set when the clamp to [0, 1] changed the value.
    clamped: bool,
    /// The tooltip: the value to four decimals and how it came about.
    title: String,
    /// Said to screen readers after the value, when there is more to it than the number.
    note: Option<String>,
}

/// What one policy gives unplayed game `index`, worded in language `l`.
fn cell(l: Locale, a: &Analysis, policy: Policy, index: usize) -> Option<Cell> {
    let outcome = a.outcome(policy);
    let g = outcome.games.get(index)?;
    let resolved = outcome
        .resolved
        .iter()
        .find(|(w, _)| *w == g.opponent)
        .map(|(_, p)| *p);
    let via = match (policy, resolved) {
        (Policy::Fide, Some(r)) => td_string!(
            l,
            withdrawal.table.via_fide,
            policy = policy_words::in_text(l, r)
        )
        .to_string(),
        _ => String::new(),
    };
    let join = |a: &str, b: &str| match (a.is_empty(), b.is_empty()) {
        (true, _) => b.to_string(),
        (_, true) => a.to_string(),
        _ => format!("{a}; {b}"),
    };
    Some(match (g.score, g.opponent_score) {
        (None, _) => {
            let note = join(&via, td_string!(l, withdrawal.table.annulled));
            Cell {
                text: "—".into(),
                clamped: false,
                title: note.clone(),
                note: Some(note),
            }
        }
        (Some(s), Some(o)) if s == 0.0 && o == 0.0 => {
            let note = join(&via, td_string!(l, withdrawal.table.double_forfeit));
            Cell {
                text: "0 / 0".into(),
                clamped: false,
                title: note.clone(),
                note: Some(note),
            }
        }
        (Some(s), _) => {
            let clamp = if g.clamped {
                let from = text::dec_in(l, g.unclamped.unwrap_or(s), 4);
                td_string!(l, withdrawal.table.clamped_from, value = from).to_string()
            } else {
                String::new()
            };
            let note = join(&via, &clamp);
            Cell {
                text: text::two_in(l, s),
                clamped: g.clamped,
                title: join(&text::dec_in(l, s, 4), &note),
                note: (!note.is_empty()).then_some(note),
            }
        }
    })
}

/// The policies in the order the withdrawal view's tables show them: the official FIDE rule and
/// the Bayesian value first — the two a reader compares, and on a phone the columns in view
/// before the table scrolls (issue 11) — then the others in `Policy::ALL`'s order.
pub fn headline_first() -> impl Iterator<Item = Policy> {
    let headline = [Policy::Fide, Policy::Bayes];
    headline.into_iter().chain(
        Policy::ALL
            .into_iter()
            .filter(move |p| !headline.contains(p)),
    )
}

#[component]
pub fn ImputedTable(
    /// The event and its live analysis.
    live: LiveAnalysis,
    /// The game shown in the formula panel.
    selected: RwSignal<Option<GameKey>>,
) -> impl IntoView {
    let store = use_store();
    let lang = crate::lang::use_lang();
    let rows = Memo::new(move |_| {
        live.with(|a| game_keys(a).into_iter().enumerate().collect::<Vec<_>>())
            .unwrap_or_default()
    });
    let several = Memo::new(move |_| live.with(|a| a.withdrawn.len() > 1).unwrap_or(false));
    let fide_header = move || {
        live.with(|a| {
            let mut resolved: Vec<Policy> = a
                .outcome(Policy::Fide)
                .resolved
                .iter()
                .map(|(_, p)| *p)
                .collect();
            resolved.dedup();
            match resolved.as_slice() {
                [one] => format!("→ {}", policy_words::in_text(lang.get(), *one)),
                _ => td_string!(lang.get(), withdrawal.table.per_player).to_string(),
            }
        })
        .unwrap_or_default()
    };
    let k_label = move || {
        format!(
            "k = {}",
            text::k_value_in(lang.get(), store.settings.with(|s| s.k))
        )
    };
    // Under a policy's name: what FIDE's rule comes to here, and the k of the k-based ones.
    // (Other policies, annul and forfeit among them, have no sub-label.)
    let sub_label = move |p: Policy| match p {
        Policy::Fide => fide_header(),
        Policy::Bayes => k_label(),
        Policy::Performance => "k = 0".into(),
        Policy::Elo => "k → ∞".into(),
        _ => String::new(),
    };
    let is_selected = move |key: GameKey| {
        selected.get() == Some(key)
            || (selected.get().is_none() && rows.with(|r| r.first().map(|(_, k)| *k)) == Some(key))
    };

    view! {
        // Focusable: it scrolls sideways on a phone and holds nothing else to focus.
        <div class="table-scroll" tabindex="0" role="region" aria-label=tr!(withdrawal.table.region_aria)>
            <table class="imputed" data-testid="imputed-table" aria-describedby="imputed-caption">
                <caption id="imputed-caption">
                    {move || {
                        td!(
                            lang.get(),
                            withdrawal.table.caption,
                            <mark> = |children: ChildrenFn| {
                                view! { <span class="clamp-mark" aria-hidden="true">{children()}</span> }
                            }
                        )
                    }}
                </caption>
                <thead>
                    <tr>
                        <th scope="col">
                            <span class="visually-hidden">{tr!(withdrawal.table.formula_column)}</span>
                        </th>
                        <th scope="col" class="num">{tr!(withdrawal.table.round)}</th>
                        <th scope="col">{tr!(withdrawal.table.player)}</th>
                        <Show when=move || several.get()>
                            <th scope="col">{tr!(withdrawal.table.withdrawn_opponent)}</th>
                        </Show>
                        <th scope="col" class="num">
                            <abbr title=tr!(withdrawal.table.expected_title)>"E"</abbr>
                        </th>
                        {headline_first()
                            .map(|p| {
                                view! {
                                    <th scope="col" class="num policy" class:official=p == Policy::Fide>
                                        {move || policy_words::name(lang.get(), p)}
                                        <span class="sub">{move || sub_label(p)}</span>
                                    </th>
                                }
                            })
                            .collect_view()}
                    </tr>
                </thead>
                <tbody>
                    <For
                        each=move || rows.get()
                        key=|row| *row
                        children=move |(index, key)| {
                            view! {
                                <GameRow
                                    live=live
                                    index=index
                                    game=key
                                    selected=selected
                                    is_selected=Signal::derive(move || is_selected(key))
                                    several=several
                                />
                            }
                        }
                    />
                </tbody>
            </table>
        </div>
    }
}

/// One unplayed game: who, E, and the score under each policy.
#[component]
fn GameRow(
    /// The event and its live analysis.
    live: LiveAnalysis,
    /// Position of the game in the analysis' unplayed games.
    index: usize,
    /// The game's identity (what selecting it stores).
    game: GameKey,
    /// The game shown in the formula panel.
    selected: RwSignal<Option<GameKey>>,
    /// Whether this row is the one the formula panel shows.
    is_selected: Signal<bool>,
    /// More than one player withdrew: show which one this game was against.
    several: Memo<bool>,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let names = Memo::new(move |_| {
        let l = lang.get();
        live.with_both(|t, a| {
            let g = a.unplayed.get(index)?;
            Some((
                text::name_rating_in(l, t, g.player),
                text::name_rating_in(l, t, g.opponent),
                g.both_withdrawn,
            ))
        })
        .flatten()
        .unwrap_or_default()
    });
    let expected = Memo::new(move |_| {
        let l = lang.get();
        live.with(|a| {
            a.unplayed
                .get(index)
                .map(|g| text::dec_in(l, g.expected, 3))
        })
        .flatten()
        .unwrap_or_default()
    });
    let radio_label = move || {
        names.with(|(player, opponent, _)| {
            td_string!(lang.get(), withdrawal.table.show_formula, player, opponent).to_string()
        })
    };
    let round = game
        .round
        .map_or_else(|| "–".to_string(), |r| r.to_string());
    view! {
        <tr class:selected=is_selected on:click=move |_| selected.set(Some(game))>
            <td>
                <input
                    type="radio"
                    name="formula-game"
                    aria-label=radio_label
                    prop:checked=is_selected
                    on:change=move |_| selected.set(Some(game))
                />
            </td>
            <td class="num">{round}</td>
            <td translate="no">{move || names.with(|n| n.0.clone())}</td>
            // With one withdrawn player the summary above the table names them.
            <Show when=move || several.get()>
                <td>
                    <span translate="no">{move || names.with(|n| n.1.clone())}</span>
                    <Show when=move || names.with(|n| n.2)>
                        <span class="tag">{tr!(withdrawal.table.both_withdrew)}</span>
                    </Show>
                </td>
            </Show>
            <td class="num">{expected}</td>
            {headline_first()
                .map(|policy| view! { <PolicyCell live=live policy=policy index=index /> })
                .collect_view()}
        </tr>
    }
}

/// The score one policy gives one unplayed game.
#[component]
fn PolicyCell(
    /// The event and its live analysis.
    live: LiveAnalysis,
    /// The policy of this column.
    policy: Policy,
    /// Position of the game in the analysis' unplayed games.
    index: usize,
) -> impl IntoView {
    // A memo per cell: moving k updates only the cells whose value changed (the Bayesian
    // column), not all of them.
    let lang = crate::lang::use_lang();
    let cell = Memo::new(move |_| {
        let l = lang.get();
        live.with(|a| cell(l, a, policy, index)).flatten()
    });
    let read =
        move |f: fn(&Cell) -> String| move || cell.with(|c| c.as_ref().map(f).unwrap_or_default());
    view! {
        <td
            class=format!("num {}", crate::policies::class(policy))
            class:bayes=policy == Policy::Bayes
            class:official=policy == Policy::Fide
            title=read(|c| c.title.clone())
        >
            {read(|c| c.text.clone())}
            <span class="clamp-mark" aria-hidden="true">
                {read(|c| if c.clamped { "*".into() } else { String::new() })}
            </span>
            <span class="visually-hidden">
                {read(|c| c.note.as_ref().map(|n| format!(" ({n})")).unwrap_or_default())}
            </span>
        </td>
    }
}
