//! The policy table: one row per unplayed game, one column per policy, each cell the score the
//! policy credits to the (non-withdrawn) player. Selecting a row shows it in the formula panel.

use crate::analysis::{game_keys, GameKey, LiveAnalysis};
use crate::store::use_store;
use crate::text;
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

fn cell(a: &Analysis, policy: Policy, index: usize) -> Option<Cell> {
    let outcome = a.outcome(policy);
    let g = outcome.games.get(index)?;
    let resolved = outcome
        .resolved
        .iter()
        .find(|(w, _)| *w == g.opponent)
        .map(|(_, p)| *p);
    let via = match (policy, resolved) {
        (Policy::Fide, Some(r)) => format!("FIDE rule → {}", r.label().to_lowercase()),
        _ => String::new(),
    };
    let join = |a: &str, b: &str| match (a.is_empty(), b.is_empty()) {
        (true, _) => b.to_string(),
        (_, true) => a.to_string(),
        _ => format!("{a}; {b}"),
    };
    Some(match (g.score, g.opponent_score) {
        (None, _) => {
            let note = join(&via, "annulled: the game is removed");
            Cell {
                text: "—".into(),
                clamped: false,
                title: note.clone(),
                note: Some(note),
            }
        }
        (Some(s), Some(o)) if s == 0.0 && o == 0.0 => {
            let note = join(&via, "double forfeit: neither player scores");
            Cell {
                text: "0 / 0".into(),
                clamped: false,
                title: note.clone(),
                note: Some(note),
            }
        }
        (Some(s), _) => {
            let clamp = if g.clamped {
                format!(
                    "clamped to [0, 1] from {}",
                    text::dec(g.unclamped.unwrap_or(s), 4)
                )
            } else {
                String::new()
            };
            let note = join(&via, &clamp);
            Cell {
                text: text::two(s),
                clamped: g.clamped,
                title: join(&text::dec(s, 4), &note),
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
                [one] => format!("→ {}", one.label().to_lowercase()),
                _ => "per player".to_string(),
            }
        })
        .unwrap_or_default()
    };
    let k_label = move || format!("k = {}", text::k_value(store.settings.with(|s| s.k)));
    let is_selected = move |key: GameKey| {
        selected.get() == Some(key)
            || (selected.get().is_none() && rows.with(|r| r.first().map(|(_, k)| *k)) == Some(key))
    };

    view! {
        // Focusable: it scrolls sideways on a phone and holds nothing else to focus.
        <div class="table-scroll" tabindex="0" role="region" aria-label="Imputed scores by policy">
            <table class="imputed" data-testid="imputed-table" aria-describedby="imputed-caption">
                <caption id="imputed-caption">
                    "Score credited to the player for each unplayed game (the withdrawn player gets the rest). "
                    <span class="clamp-mark" aria-hidden="true">"*"</span>
                    " = clamped to [0, 1]."
                </caption>
                <thead>
                    <tr>
                        <th scope="col">
                            <span class="visually-hidden">"Formula"</span>
                        </th>
                        <th scope="col" class="num">"Round"</th>
                        <th scope="col">"Player"</th>
                        <Show when=move || several.get()>
                            <th scope="col">"Withdrawn opponent"</th>
                        </Show>
                        <th scope="col" class="num">
                            <abbr title="Expected score of the player against the withdrawn opponent">"E"</abbr>
                        </th>
                        {headline_first()
                            .map(|p| {
                                view! {
                                    <th scope="col" class="num policy" class:official=p == Policy::Fide>
                                        {p.label()}
                                        <span class="sub">
                                            {move || match p {
                                                Policy::Fide => fide_header(),
                                                Policy::Bayes => k_label(),
                                                Policy::Performance => "k = 0".into(),
                                                Policy::Elo => "k → ∞".into(),
                                                _ => String::new(),
                                            }}
                                        </span>
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
    let names = Memo::new(move |_| {
        live.with_both(|t, a| {
            let g = a.unplayed.get(index)?;
            Some((
                text::name_rating(t, g.player),
                text::name_rating(t, g.opponent),
                g.both_withdrawn,
            ))
        })
        .flatten()
        .unwrap_or_default()
    });
    let expected = Memo::new(move |_| {
        live.with(|a| a.unplayed.get(index).map(|g| text::dec(g.expected, 3)))
            .flatten()
            .unwrap_or_default()
    });
    let radio_label =
        move || names.with(|(p, o, _)| format!("Show the formula for {p} against {o}"));
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
            <td>{move || names.with(|n| n.0.clone())}</td>
            // With one withdrawn player the summary above the table names them.
            <Show when=move || several.get()>
                <td>
                    {move || names.with(|n| n.1.clone())}
                    <Show when=move || names.with(|n| n.2)>
                        <span class="tag">"both withdrew"</span>
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
    let cell = Memo::new(move |_| live.with(|a| cell(a, policy, index)).flatten());
    let read =
        move |f: fn(&Cell) -> String| move || cell.with(|c| c.as_ref().map(f).unwrap_or_default());
    view! {
        <td
            class=format!("num {}", crate::policies::look(policy).class)
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
