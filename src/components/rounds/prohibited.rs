//! Prohibited pairings (TRF-2026 `260`): groups of players — a family, a club — who must not
//! be paired with each other in a range of rounds. A small editor on the Rounds tab of a Swiss;
//! the Dutch engine treats each group as an absolute criterion, like a rematch. The rules (which
//! groups are valid, how they are stored) are the engine's (`engine::rules2026`).

use crate::event_id::EventId;
use crate::i18n::{td_string, Locale};
use crate::store::use_store;
use crate::tr;
use crate::words::text;
use crate::words::Words;
use engine::rules2026::{Prohibited, ProhibitedError};
use engine::{StartNo, Tournament};
use leptos::prelude::*;

/// Why the editor did not add a group, as facts: worded where it is shown, so a language switch
/// words it again.
#[derive(Clone, Debug, PartialEq)]
pub enum GroupError {
    /// A player box entry that is not a start number (as typed).
    NotANumber(String),
    /// A round box that is not a round number (which box, as typed).
    BadRound(Bound, String),
    /// The event was deleted meanwhile (another tab).
    Gone,
    /// The engine refused the group.
    Refused(ProhibitedError),
}

impl Words for GroupError {
    fn words(&self, locale: Locale) -> String {
        let why = match self {
            GroupError::NotANumber(text) => {
                td_string!(locale, event.prohibited.not_a_number, text = text.as_str()).to_string()
            }
            GroupError::BadRound(Bound::First, text) => {
                td_string!(locale, event.prohibited.bad_first, text = text.as_str()).to_string()
            }
            GroupError::BadRound(Bound::Last, text) => {
                td_string!(locale, event.prohibited.bad_last, text = text.as_str()).to_string()
            }
            GroupError::Gone => td_string!(locale, event.prohibited.gone).to_string(),
            GroupError::Refused(e) => e.words(locale),
        };
        td_string!(locale, errors.outcome.nothing_changed, error = why).to_string()
    }
}

/// Start numbers typed as `3, 7 12` (commas or blanks), or the first entry that is not one.
pub fn parse_start_numbers(text: &str) -> Result<Vec<StartNo>, GroupError> {
    text.split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<StartNo>()
                .map_err(|_| GroupError::NotANumber(s.to_string()))
        })
        .collect()
}

/// Which round box a round was typed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    First,
    Last,
}

/// A round typed in a box, or `default` when blank.
fn parse_round(text: &str, bound: Bound, default: u32) -> Result<u32, GroupError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(default);
    }
    text.parse()
        .map_err(|_| GroupError::BadRound(bound, text.to_string()))
}

/// The group as a sentence with the players' names.
fn describe(locale: Locale, t: &Tournament, g: &Prohibited) -> String {
    let names: Vec<String> = g
        .players
        .iter()
        .map(|&p| {
            td_string!(
                locale,
                event.prohibited.member,
                name = text::name_of(t, p),
                no = p
            )
            .to_string()
        })
        .collect();
    td_string!(
        locale,
        event.prohibited.group,
        names = names.join(if locale == Locale::ja { "、" } else { ", " }),
        first = g.first_round,
        last = g.last_round
    )
    .to_string()
}

/// What the editor last did, worded when drawn (it follows a change of language).
#[derive(Clone, Debug, PartialEq)]
enum Done {
    Added(Prohibited),
    Removed,
}

#[component]
pub fn ProhibitedPairings(
    /// Id of the event in the store.
    event_id: EventId,
    /// The event.
    tournament: Memo<Tournament>,
) -> impl IntoView {
    let store = use_store();
    let lang = crate::lang::use_lang();
    let id = StoredValue::new(event_id);
    let players = RwSignal::new(String::new());
    let first = RwSignal::new(String::new());
    let last = RwSignal::new(String::new());
    let error = RwSignal::new(None::<GroupError>);
    let status = RwSignal::new(None::<Done>);
    let groups = Memo::new(move |_| tournament.with(|t| t.prohibited_pairings().to_vec()));
    let rounds = Memo::new(move |_| tournament.with(|t| t.scheduled_rounds()));

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let group = (|| -> Result<Prohibited, GroupError> {
            Ok(Prohibited {
                players: parse_start_numbers(&players.get_untracked())?,
                first_round: parse_round(&first.get_untracked(), Bound::First, 1)?,
                last_round: parse_round(
                    &last.get_untracked(),
                    Bound::Last,
                    rounds.get_untracked(),
                )?,
            })
        })();
        let checked = group.and_then(|g| {
            store
                .tournament_now(&id.get_value())
                .ok_or(GroupError::Gone)?
                .check_prohibited(&g)
                .map(|()| g)
                .map_err(GroupError::Refused)
        });
        match checked {
            Ok(g) => {
                let added = g.clone();
                store.update_event(&id.get_value(), |t| {
                    // Checked just above on the same event.
                    let _ = t.add_prohibited(g);
                });
                error.set(None);
                players.set(String::new());
                first.set(String::new());
                last.set(String::new());
                status.set(Some(Done::Added(added)));
            }
            Err(e) => {
                status.set(None);
                error.set(Some(e));
            }
        }
    };
    let remove = move |index: usize| {
        store.update_event(&id.get_value(), |t| t.remove_prohibited(index));
        status.set(Some(Done::Removed));
    };
    let status_text = move || {
        let l = lang.get();
        status.with(|s| match s {
            None => String::new(),
            Some(Done::Added(g)) => {
                let group = tournament.with(|t| describe(l, t, g));
                td_string!(l, event.prohibited.added, group).to_string()
            }
            Some(Done::Removed) => td_string!(l, event.prohibited.removed).to_string(),
        })
    };

    view! {
        <section class="requests no-print" aria-labelledby="prohibited-title" data-testid="prohibited">
            <h4 id="prohibited-title">{tr!(event.prohibited.heading)}</h4>
            <p class="muted" id="prohibited-help">{tr!(event.prohibited.help)}</p>
            <ul class="request-list" aria-label=tr!(event.prohibited.list_aria)>
                <For
                    each=move || groups.get().into_iter().enumerate()
                    key=|(i, g)| (*i, g.record())
                    children=move |(i, g)| {
                        let g = StoredValue::new(g);
                        let said = move || {
                            let l = lang.get();
                            tournament.with(|t| g.with_value(|g| describe(l, t, g)))
                        };
                        view! {
                            <li data-testid="prohibited-item">
                                <span>{said}</span>
                                " "
                                <button
                                    type="button"
                                    aria-label=move || {
                                        td_string!(lang.get(), event.prohibited.remove_aria, group = said())
                                            .to_string()
                                    }
                                    data-testid="prohibited-remove"
                                    on:click=move |_| remove(i)
                                >
                                    {tr!(event.prohibited.remove)}
                                </button>
                            </li>
                        }
                    }
                />
            </ul>
            <form class="request-form" on:submit=submit aria-describedby="prohibited-help">
                <label>
                    {tr!(event.prohibited.start_numbers)}
                    <input
                        type="text"
                        placeholder=tr!(event.prohibited.start_numbers_placeholder)
                        data-testid="prohibited-players"
                        prop:value=move || players.get()
                        on:input=move |ev| players.set(event_target_value(&ev))
                    />
                </label>
                <label>
                    {tr!(event.prohibited.from_round)}
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
                    {tr!(event.prohibited.to_round)}
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
                <button type="submit" data-testid="prohibited-add">
                    {tr!(event.prohibited.add)}
                </button>
            </form>
            <Show when=move || error.with(Option::is_some)>
                <p class="alert" role="alert" data-testid="prohibited-error">
                    {move || error.with(|e| e.as_ref().map(|e| e.words(lang.get())))}
                </p>
            </Show>
            <p class="status" role="status">{status_text}</p>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_numbers_and_rounds_parse_or_say_why() {
        let l = Locale::en;
        assert_eq!(parse_start_numbers("3, 7 12;4").unwrap(), vec![3, 7, 12, 4]);
        let e = parse_start_numbers("3, x").unwrap_err();
        assert_eq!(e, GroupError::NotANumber("x".into()));
        assert!(e.words(l).contains("“x”"), "{}", e.words(l));
        assert_eq!(parse_round(" ", Bound::First, 1), Ok(1));
        assert_eq!(parse_round("4", Bound::Last, 9), Ok(4));
        assert!(parse_round("four", Bound::Last, 9)
            .unwrap_err()
            .words(l)
            .contains("last round"));
    }

    #[test]
    fn the_errors_are_in_the_readers_language() {
        let e = parse_start_numbers("3, x").unwrap_err().words(Locale::fr);
        assert!(e.contains("numéro d’appariement"), "{e}");
        let e = parse_round("四", Bound::First, 1)
            .unwrap_err()
            .words(Locale::ja);
        assert!(e.contains("開始ラウンド"), "{e}");
    }
}
