//! Prohibited pairings (TRF-2026 `260`): groups of players — a family, a club — who must not
//! be paired with each other in a range of rounds. A small editor on the Rounds tab of a Swiss;
//! the Dutch engine treats each group as an absolute criterion, like a rematch. The rules (which
//! groups are valid, how they are stored) are the engine's (`engine::rules2026`).

use crate::i18n::td_string;
use crate::store::use_store;
use crate::text;
use crate::words::Words;
use engine::rules2026::Prohibited;
use engine::{StartNo, Tournament};
use leptos::prelude::*;

/// Start numbers typed as `3, 7 12` (commas or blanks), or why not.
pub fn parse_start_numbers(text: &str) -> Result<Vec<StartNo>, String> {
    let numbers: Result<Vec<StartNo>, _> = text
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<StartNo>()
                .map_err(|_| format!("“{s}” is not a start number"))
        })
        .collect();
    numbers
}

/// A round typed in a box, or `default` when blank.
fn parse_round(text: &str, what: &str, default: u32) -> Result<u32, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(default);
    }
    text.parse()
        .map_err(|_| format!("the {what} round “{text}” should be a number"))
}

/// The group as a sentence with the players' names.
fn describe(t: &Tournament, g: &Prohibited) -> String {
    let names: Vec<String> = g
        .players
        .iter()
        .map(|&p| format!("{} ({p})", text::name_of(t, p)))
        .collect();
    format!(
        "{} — not paired together in rounds {}–{}",
        names.join(", "),
        g.first_round,
        g.last_round
    )
}

#[component]
pub fn ProhibitedPairings(
    /// Id of the event in the store.
    event_id: String,
    /// The event.
    tournament: Memo<Tournament>,
) -> impl IntoView {
    let store = use_store();
    let lang = crate::lang::use_lang();
    let id = StoredValue::new(event_id);
    let players = RwSignal::new(String::new());
    let first = RwSignal::new(String::new());
    let last = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let status = RwSignal::new(String::new());
    let groups = Memo::new(move |_| tournament.with(|t| t.prohibited_pairings()));
    let rounds = Memo::new(move |_| tournament.with(|t| t.scheduled_rounds()));

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let group = (|| -> Result<Prohibited, String> {
            Ok(Prohibited {
                players: parse_start_numbers(&players.get_untracked())?,
                first_round: parse_round(&first.get_untracked(), "first", 1)?,
                last_round: parse_round(&last.get_untracked(), "last", rounds.get_untracked())?,
            })
        })();
        let checked = group.and_then(|g| {
            store
                .tournament_now(&id.get_value())
                .ok_or_else(|| "the event is gone".to_string())?
                .check_prohibited(&g)
                .map(|()| g)
                .map_err(|e| e.words(lang.get_untracked()))
        });
        match checked {
            Ok(g) => {
                let said = tournament.with_untracked(|t| describe(t, &g));
                store.update_event(&id.get_value(), |t| {
                    // Checked just above on the same event.
                    let _ = t.add_prohibited(g);
                });
                error.set(None);
                players.set(String::new());
                first.set(String::new());
                last.set(String::new());
                status.set(format!("Added: {said}."));
            }
            Err(e) => {
                status.set(String::new());
                error.set(Some(
                    td_string!(
                        lang.get_untracked(),
                        errors.outcome.nothing_changed,
                        error = e
                    )
                    .to_string(),
                ));
            }
        }
    };
    let remove = move |index: usize| {
        store.update_event(&id.get_value(), |t| t.remove_prohibited(index));
        status.set("Removed.".into());
    };

    view! {
        <section class="requests no-print" aria-labelledby="prohibited-title" data-testid="prohibited">
            <h4 id="prohibited-title">"Prohibited pairings"</h4>
            <p class="muted" id="prohibited-help">
                "Players of one family or club who must not meet: the pairing never puts two of \
                 them on a board in the rounds given (an absolute rule, like a rematch). Saved \
                 with the event and in its TRF (record 260)."
            </p>
            <ul class="request-list" aria-label="Prohibited pairings">
                <For
                    each=move || groups.get().into_iter().enumerate()
                    key=|(i, g)| (*i, g.record())
                    children=move |(i, g)| {
                        let said = tournament.with_untracked(|t| describe(t, &g));
                        let label = format!("Remove: {said}");
                        view! {
                            <li data-testid="prohibited-item">
                                <span>{said}</span>
                                " "
                                <button
                                    type="button"
                                    aria-label=label
                                    data-testid="prohibited-remove"
                                    on:click=move |_| remove(i)
                                >
                                    "Remove"
                                </button>
                            </li>
                        }
                    }
                />
            </ul>
            <form class="request-form" on:submit=submit aria-describedby="prohibited-help">
                <label>
                    "Start numbers"
                    <input
                        type="text"
                        placeholder="e.g. 3, 7, 12"
                        data-testid="prohibited-players"
                        prop:value=move || players.get()
                        on:input=move |ev| players.set(event_target_value(&ev))
                    />
                </label>
                <label>
                    "From round"
                    <input
                        type="number"
                        min="1"
                        class="rating"
                        placeholder="1"
                        data-testid="prohibited-first"
                        prop:value=move || first.get()
                        on:input=move |ev| first.set(event_target_value(&ev))
                    />
                </label>
                <label>
                    "to round"
                    <input
                        type="number"
                        min="1"
                        class="rating"
                        placeholder=move || rounds.get().to_string()
                        data-testid="prohibited-last"
                        prop:value=move || last.get()
                        on:input=move |ev| last.set(event_target_value(&ev))
                    />
                </label>
                <button type="submit" data-testid="prohibited-add">"Add group"</button>
            </form>
            <Show when=move || error.with(Option::is_some)>
                <p class="alert" role="alert" data-testid="prohibited-error">
                    {move || error.get().unwrap_or_default()}
                </p>
            </Show>
            <p class="status" role="status">{move || status.get()}</p>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_numbers_and_rounds_parse_or_say_why() {
        assert_eq!(parse_start_numbers("3, 7 12;4").unwrap(), vec![3, 7, 12, 4]);
        assert!(parse_start_numbers("3, x").unwrap_err().contains("“x”"));
        assert_eq!(parse_round(" ", "first", 1), Ok(1));
        assert_eq!(parse_round("4", "last", 9), Ok(4));
        assert!(parse_round("four", "last", 9)
            .unwrap_err()
            .contains("last round"));
    }
}
