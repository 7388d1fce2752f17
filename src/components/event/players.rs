//! The player list: names, titles, federations and ratings are editable in place.

use crate::event_id::EventId;
use crate::i18n::{td_string, Locale};
use crate::store::use_store;
use crate::tr;
use crate::words::Words;
use engine::event;
use engine::{Player, StartNo, Tournament};
use leptos::prelude::*;

/// Which field of a player an input edits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Title,
    Name,
    Federation,
    Rating,
}

impl Field {
    /// The input's accessible name: what it edits, of which player.
    fn aria(self, locale: Locale, no: StartNo) -> String {
        match self {
            Field::Title => td_string!(locale, event.players.title_aria, no),
            Field::Name => td_string!(locale, event.players.name_aria, no),
            Field::Federation => td_string!(locale, event.players.federation_aria, no),
            Field::Rating => td_string!(locale, event.players.rating_aria, no),
        }
        .to_string()
    }
}

#[component]
pub fn PlayersTable(
    /// Id of the event in the store (edits go there).
    event_id: EventId,
    /// The event.
    tournament: Memo<Tournament>,
) -> impl IntoView {
    let store = use_store();
    let lang = crate::lang::use_lang();
    let count = Memo::new(move |_| tournament.with(|t| t.players.len()));
    let error = RwSignal::new(None::<String>);
    let id = StoredValue::new(event_id);

    // Applies an edit; false (with the reason shown) when the value is refused.
    let edit = move |p: StartNo, field: Field, value: String| -> bool {
        let value = value.trim().to_string();
        if field == Field::Rating {
            if let Err(e) = engine::parse_rating(&value) {
                let l = lang.get_untracked();
                error.set(Some(
                    td_string!(
                        l,
                        errors.outcome.player_rating,
                        player = p,
                        error = e.words(l)
                    )
                    .to_string(),
                ));
                return false;
            }
        }
        if field == Field::Name && value.is_empty() {
            error.set(Some(
                td_string!(lang.get_untracked(), event.players.name_empty, no = p).to_string(),
            ));
            return false;
        }
        error.set(None);
        store.update_event(&id.get_value(), |t| {
            if let Some(pl) = t.player_mut(p) {
                match field {
                    Field::Title => pl.title = value,
                    Field::Name => pl.name = value,
                    Field::Federation => pl.federation = value,
                    Field::Rating => pl.rating = value.parse().ok(),
                }
            }
        });
        true
    };
    let value_of = move |p: StartNo, field: Field| {
        tournament.with(|t| {
            t.player(p)
                .map(|pl| match field {
                    Field::Title => pl.title.clone(),
                    Field::Name => pl.name.clone(),
                    Field::Federation => pl.federation.clone(),
                    Field::Rating => pl.rating.map(|r| r.to_string()).unwrap_or_default(),
                })
                .unwrap_or_default()
        })
    };

    // The engine decides whether players may still be removed (tried on a copy).
    let can_remove = Memo::new(move |_| {
        tournament
            .with(|t| !t.players.is_empty() && event::remove_player(&mut t.clone(), 1).is_ok())
    });
    let late = Memo::new(move |_| tournament.with(|t| t.paired_rounds() > 0));
    let remove = move |p: StartNo| {
        if let Err(e) = store.run_event(&id.get_value(), |t| event::remove_player(t, p)) {
            let l = lang.get_untracked();
            error.set(Some(
                td_string!(l, errors.outcome.nothing_changed, error = e.words(l)).to_string(),
            ));
        } else {
            error.set(None);
        }
    };

    view! {
        <h3>{tr!(event.players.heading)}</h3>
        <p class="muted">{tr!(event.players.help)}</p>
        <Show when=move || error.with(Option::is_some)>
            <p class="alert" role="alert">{move || error.get().unwrap_or_default()}</p>
        </Show>
        <div class="table-scroll">
            <table class="players">
                <thead>
                    <tr>
                        <th scope="col">{tr!(event.players.col_no)}</th>
                        <th scope="col">{tr!(event.players.col_title)}</th>
                        <th scope="col">{tr!(event.players.col_name)}</th>
                        <th scope="col">
                            <abbr title=tr!(event.players.col_fed_full)>{tr!(event.players.col_fed)}</abbr>
                        </th>
                        <th scope="col">{tr!(event.players.col_rating)}</th>
                        <Show when=move || can_remove.get()>
                            <th scope="col">
                                <span class="visually-hidden">{tr!(event.players.col_remove)}</span>
                            </th>
                        </Show>
                    </tr>
                </thead>
                <tbody>
                    <For
                        each=move || 1..=count.get() as StartNo
                        key=|p| *p
                        children=move |p| {
                            let cell = move |field: Field, class: &'static str| {
                                let input_type = if field == Field::Rating { "number" } else { "text" };
                                view! {
                                    <input
                                        type=input_type
                                        class=class
                                        aria-label=move || field.aria(lang.get(), p)
                                        prop:value=move || value_of(p, field)
                                        on:change=move |ev| {
                                            if !edit(p, field, event_target_value(&ev)) {
                                                // Show the stored value again, not the refused one.
                                                let input: web_sys::HtmlInputElement = event_target(&ev);
                                                input.set_value(&value_of(p, field));
                                            }
                                        }
                                    />
                                }
                            };
                            view! {
                                <tr>
                                    <th scope="row">{p}</th>
                                    <td>{cell(Field::Title, "short")}</td>
                                    <td>{cell(Field::Name, "name")}</td>
                                    <td>{cell(Field::Federation, "short")}</td>
                                    <td>{cell(Field::Rating, "rating")}</td>
                                    <Show when=move || can_remove.get()>
                                        <td>
                                            <button
                                                type="button"
                                                class="quiet"
                                                data-testid="player-remove"
                                                aria-label=move || {
                                                    td_string!(
                                                        lang.get(),
                                                        event.players.remove_aria,
                                                        no = p,
                                                        name = value_of(p, Field::Name)
                                                    )
                                                    .to_string()
                                                }
                                                on:click=move |_| remove(p)
                                            >
                                                {tr!(event.players.remove)}
                                            </button>
                                        </td>
                                    </Show>
                                </tr>
                            }
                        }
                    />
                </tbody>
            </table>
        </div>
        <AddPlayer event_id=id.get_value() late=late error=error />
    }
}

/// The form that adds a player (before round 1) or a late entrant (Swiss, after pairings).
#[component]
fn AddPlayer(
    /// Id of the event in the store.
    event_id: EventId,
    /// Whether rounds are paired already (the player is a late entry).
    late: Memo<bool>,
    /// Where a refusal is shown (the table's alert).
    error: RwSignal<Option<String>>,
) -> impl IntoView {
    let store = use_store();
    let lang = crate::lang::use_lang();
    let id = StoredValue::new(event_id);
    let new_name = RwSignal::new(String::new());
    let new_rating = RwSignal::new(String::new());
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let name = new_name.get_untracked().trim().to_string();
        let rating_text = new_rating.get_untracked().trim().to_string();
        let rating = match engine::parse_rating(&rating_text) {
            Ok(r) => r,
            Err(e) => {
                let l = lang.get_untracked();
                error.set(Some(
                    td_string!(l, errors.outcome.new_player_rating, error = e.words(l)).to_string(),
                ));
                return;
            }
        };
        let player = Player {
            name,
            rating,
            ..Player::default()
        };
        match store.run_event(&id.get_value(), move |t| event::add_player(t, player)) {
            Ok(_) => {
                error.set(None);
                new_name.set(String::new());
                new_rating.set(String::new());
            }
            Err(e) => {
                let l = lang.get_untracked();
                error.set(Some(
                    td_string!(l, errors.outcome.nobody_added, error = e.words(l)).to_string(),
                ));
            }
        }
    };
    view! {
        <form class="add-player" on:submit=add aria-labelledby="add-player-title">
            <h4 id="add-player-title">
                {move || {
                    if late.get() { tr!(event.players.late_heading)() } else { tr!(event.players.add_heading)() }
                }}
            </h4>
            <label>
                {tr!(event.players.add_name)}
                <input
                    type="text"
                    maxlength="120"
                    data-testid="player-name"
                    prop:value=move || new_name.get()
                    on:input=move |ev| new_name.set(event_target_value(&ev))
                />
            </label>
            <label>
                {tr!(event.players.add_rating)}
                <input
                    type="number"
                    min=engine::RATINGS.start().to_string()
                    max=engine::RATINGS.end().to_string()
                    class="rating"
                    data-testid="player-rating"
                    prop:value=move || new_rating.get()
                    on:input=move |ev| new_rating.set(event_target_value(&ev))
                />
            </label>
            <button type="submit" data-testid="player-add">
                {move || {
                    if late.get() { tr!(event.players.late_button)() } else { tr!(event.players.add_button)() }
                }}
            </button>
        </form>
    }
}
