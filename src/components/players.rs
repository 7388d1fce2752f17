//! The player list: names, titles, federations and ratings are editable in place.

use crate::store::use_store;
use engine::{StartNo, Tournament};
use leptos::prelude::*;

/// Which field of a player an input edits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Title,
    Name,
    Federation,
    Rating,
}

#[component]
pub fn PlayersTable(
    /// Id of the event in the store (edits go there).
    event_id: String,
    /// The event.
    tournament: Memo<Option<Tournament>>,
) -> impl IntoView {
    let store = use_store();
    let count = Memo::new(move |_| tournament.with(|t| t.as_ref().map_or(0, |t| t.players.len())));
    let error = RwSignal::new(None::<String>);
    let id = StoredValue::new(event_id);

    // Applies an edit; false (with the reason shown) when the value is refused.
    let edit = move |p: StartNo, field: Field, value: String| -> bool {
        let value = value.trim().to_string();
        if field == Field::Rating && !value.is_empty() {
            match value.parse::<u16>() {
                Ok(r) if (100..=3500).contains(&r) => {}
                _ => {
                    error.set(Some(format!(
                        "Player {p}: the rating “{value}” should be a number from 100 to 3500 \
                         (or empty for unrated). Not changed."
                    )));
                    return false;
                }
            }
        }
        if field == Field::Name && value.is_empty() {
            error.set(Some(format!(
                "Player {p}: the name cannot be empty. Not changed."
            )));
            return false;
        }
        error.set(None);
        store.update_event(&id.get_value(), |t| {
            if let Some(pl) = t.players.get_mut(p as usize - 1) {
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
            t.as_ref()
                .and_then(|t| t.player(p))
                .map(|pl| match field {
                    Field::Title => pl.title.clone(),
                    Field::Name => pl.name.clone(),
                    Field::Federation => pl.federation.clone(),
                    Field::Rating => pl.rating.map(|r| r.to_string()).unwrap_or_default(),
                })
                .unwrap_or_default()
        })
    };

    view! {
        <h3>"Players"</h3>
        <p class="muted">
            "Edit in place; a change is saved when you leave the field. Players cannot be added or \
             removed once the schedule exists."
        </p>
        <Show when=move || error.with(Option::is_some)>
            <p class="alert" role="alert">{move || error.get().unwrap_or_default()}</p>
        </Show>
        <div class="table-scroll">
            <table class="players">
                <thead>
                    <tr>
                        <th scope="col">"No."</th>
                        <th scope="col">"Title"</th>
                        <th scope="col">"Name"</th>
                        <th scope="col">"Fed."</th>
                        <th scope="col">"Rating"</th>
                    </tr>
                </thead>
                <tbody>
                    <For
                        each=move || 1..=count.get() as StartNo
                        key=|p| *p
                        children=move |p| {
                            let cell = move |field: Field, label: &'static str, class: &'static str| {
                                let input_type = if field == Field::Rating { "number" } else { "text" };
                                view! {
                                    <input
                                        type=input_type
                                        class=class
                                        aria-label=move || format!("{label} of player {p}")
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
                                    <td>{cell(Field::Title, "Title", "short")}</td>
                                    <td>{cell(Field::Name, "Name", "name")}</td>
                                    <td>{cell(Field::Federation, "Federation", "short")}</td>
                                    <td>{cell(Field::Rating, "Rating", "rating")}</td>
                                </tr>
                            }
                        }
                    />
                </tbody>
            </table>
        </div>
    }
}
