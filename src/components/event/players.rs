//! The player list: names, titles, federations and ratings are editable in place; each player's
//! details row holds the rest (FIDE ID, sex, birth date, club) with the same checks.

use crate::components::event::details::DetailField;
use crate::event_id::EventId;
use crate::i18n::{td_string, Locale};
use crate::store::use_store;
use crate::tr;
use crate::words::Words;
use engine::details::{PlayerField, TITLES};
use engine::event::{self, EventError};
use engine::{Player, StartNo, Tournament};
use leptos::prelude::*;

/// The fields edited in the table's own row (the others are in the player's details).
const INLINE: [PlayerField; 4] = [
    PlayerField::Title,
    PlayerField::Name,
    PlayerField::Federation,
    PlayerField::Rating,
];

/// The input's accessible name in the table's row: what it edits, of which player.
fn inline_aria(locale: Locale, field: PlayerField, no: StartNo) -> String {
    match field {
        PlayerField::Title => td_string!(locale, event.players.title_aria, no),
        PlayerField::Federation => td_string!(locale, event.players.federation_aria, no),
        PlayerField::Rating => td_string!(locale, event.players.rating_aria, no),
        _ => td_string!(locale, event.players.name_aria, no),
    }
    .to_string()
}

/// A player's field as its input shows it.
fn field_value(p: &Player, field: PlayerField) -> String {
    match field {
        PlayerField::Name => p.name.clone(),
        PlayerField::Title => p.title.clone(),
        PlayerField::Sex => p.sex.clone(),
        PlayerField::Federation => p.federation.clone(),
        PlayerField::FideId => p.fide_id.map(|id| id.to_string()).unwrap_or_default(),
        PlayerField::Birth => p.birth.clone(),
        PlayerField::Club => p.club.clone(),
        PlayerField::Rating => p.rating.map(|r| r.to_string()).unwrap_or_default(),
    }
}

#[component]
pub fn PlayersTable(
    /// Id of the event in the store (edits go there).
    event_id: EventId,
    /// The event.
    tournament: Memo<Tournament>,
    /// A player whose details row starts open, when a link asks for one (`?player=N`).
    #[prop(default = None)]
    player: Option<StartNo>,
) -> impl IntoView {
    let store = use_store();
    let lang = crate::lang::use_lang();
    let count = Memo::new(move |_| tournament.with(|t| t.players.len()));
    let error = RwSignal::new(None::<String>);
    // The engine decides whether players may still be removed (tried on a copy).
    let can_remove = Memo::new(move |_| {
        tournament
            .with(|t| !t.players.is_empty() && event::remove_player(&mut t.clone(), 1).is_ok())
    });
    let id = StoredValue::new(event_id);
    let value_of = move |p: StartNo, field: PlayerField| {
        tournament.with(|t| {
            t.player(p)
                .map(|pl| field_value(pl, field))
                .unwrap_or_default()
        })
    };
    // The players whose details row is open.
    let open = RwSignal::new(Vec::from_iter(player));
    let toggle = move |p: StartNo| {
        open.update(|o| {
            if let Some(i) = o.iter().position(|&q| q == p) {
                o.remove(i);
            } else {
                o.push(p);
            }
        })
    };
    let is_open = move |p: StartNo| open.with(|o| o.contains(&p));

    // Applies an edit through the engine's checks; false (with the reason shown) when refused.
    let edit = move |p: StartNo, field: PlayerField, value: String| -> bool {
        if value.trim() == value_of(p, field) {
            error.set(None);
            return true;
        }
        match store.run_event(&id.get_value(), |t| {
            event::set_player_field(t, p, field, &value)
        }) {
            Ok(()) => {
                error.set(None);
                true
            }
            Err(e) => {
                let l = lang.get_untracked();
                error.set(Some(
                    td_string!(l, event.players.refused, no = p, error = e.words(l)).to_string(),
                ));
                false
            }
        }
    };
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
                        <th scope="col" class="col-title">{tr!(event.players.col_title)}</th>
                        <th scope="col">{tr!(event.players.col_name)}</th>
                        <th scope="col" class="col-fed">
                            <abbr title=tr!(event.players.col_fed_full)>{tr!(event.players.col_fed)}</abbr>
                        </th>
                        <th scope="col">{tr!(event.players.col_rating)}</th>
                        <th scope="col">
                            <span class="visually-hidden">
                                {move || {
                                    if can_remove.get() {
                                        tr!(event.players.col_actions)()
                                    } else {
                                        tr!(event.players.col_details)()
                                    }
                                }}
                            </span>
                        </th>
                    </tr>
                </thead>
                <tbody>
                    <For
                        each=move || 1..=count.get() as StartNo
                        key=|p| *p
                        children=move |p| {
                            let cell = move |field: PlayerField, class: &'static str| {
                                let input_type = if field == PlayerField::Rating { "number" } else { "text" };
                                let refused = RwSignal::new(false);
                                view! {
                                    <input
                                        type=input_type
                                        class=class
                                        aria-label=move || inline_aria(lang.get(), field, p)
                                        aria-invalid=move || refused.get().then_some("true")
                                        prop:value=move || value_of(p, field)
                                        on:change=move |ev| {
                                            // A refused value stays in the input (nothing typed
                                            // is lost); the alert above the table says why.
                                            let ok = edit(p, field, event_target_value(&ev));
                                            refused.set(!ok);
                                            if ok {
                                                let input: web_sys::HtmlInputElement = event_target(&ev);
                                                input.set_value(&value_of(p, field));
                                            }
                                        }
                                    />
                                }
                            };
                            let details_id = format!("player-details-{p}");
                            view! {
                                <tr>
                                    <th scope="row">{p}</th>
                                    <td class="col-title">{cell(INLINE[0], "short")}</td>
                                    <td>{cell(INLINE[1], "name")}</td>
                                    <td class="col-fed">{cell(INLINE[2], "short")}</td>
                                    <td>{cell(INLINE[3], "rating")}</td>
                                    <td class="row-actions">
                                        <button
                                            type="button"
                                            class="quiet"
                                            data-testid="player-details-toggle"
                                            aria-expanded=move || if is_open(p) { "true" } else { "false" }
                                            aria-controls=details_id.clone()
                                            aria-label=move || {
                                                td_string!(
                                                    lang.get(),
                                                    event.players.details_aria,
                                                    no = p,
                                                    name = value_of(p, PlayerField::Name)
                                                )
                                                .to_string()
                                            }
                                            on:click=move |_| toggle(p)
                                        >
                                            {tr!(event.players.details)}
                                        </button>
                                        <Show when=move || can_remove.get()>
                                            <button
                                                type="button"
                                                class="quiet"
                                                data-testid="player-remove"
                                                aria-label=move || {
                                                    td_string!(
                                                        lang.get(),
                                                        event.players.remove_aria,
                                                        no = p,
                                                        name = value_of(p, PlayerField::Name)
                                                    )
                                                    .to_string()
                                                }
                                                on:click=move |_| remove(p)
                                            >
                                                {tr!(event.players.remove)}
                                            </button>
                                        </Show>
                                    </td>
                                </tr>
                                <Show when=move || is_open(p)>
                                    <tr class="player-details-row" id=details_id.clone()>
                                        <td colspan="6">
                                            <PlayerDetails event_id=id.get_value() tournament=tournament player=p />
                                        </td>
                                    </tr>
                                </Show>
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

/// One player's details (the row under theirs): every field the engine keeps for a player, each
/// checked by the engine when the field is left.
#[component]
fn PlayerDetails(
    /// Id of the event in the store.
    event_id: EventId,
    /// The event.
    tournament: Memo<Tournament>,
    /// The player's start number.
    player: StartNo,
) -> impl IntoView {
    let store = use_store();
    let lang = crate::lang::use_lang();
    let id = StoredValue::new(event_id);
    let p = player;
    let stored = move |field: PlayerField| {
        Signal::derive(move || {
            tournament.with(|t| {
                t.player(p)
                    .map(|pl| field_value(pl, field))
                    .unwrap_or_default()
            })
        })
    };
    let apply = move |field: PlayerField| {
        Callback::new(move |text: String| {
            store.run_event(&id.get_value(), |t| {
                event::set_player_field(t, p, field, &text)
            })
        })
    };
    let label = move |field: PlayerField| {
        Signal::derive(move || {
            let l = lang.get();
            match field {
                PlayerField::FideId => td_string!(l, event.players.fide_id),
                PlayerField::Title => td_string!(l, event.players.col_title),
                PlayerField::Sex => td_string!(l, event.players.sex),
                PlayerField::Birth => td_string!(l, event.players.birth),
                PlayerField::Federation => td_string!(l, event.players.col_fed_full),
                PlayerField::Club => td_string!(l, event.players.club),
                PlayerField::Rating => td_string!(l, event.players.col_rating),
                PlayerField::Name => td_string!(l, event.players.col_name),
            }
            .to_string()
        })
    };
    let hint = move |field: PlayerField| -> Option<Signal<String>> {
        let text = move |l: Locale| match field {
            PlayerField::FideId => Some(td_string!(l, event.players.fide_id_hint).to_string()),
            PlayerField::Title => {
                Some(td_string!(l, event.players.title_hint, titles = TITLES.join(" ")).to_string())
            }
            PlayerField::Birth => Some(td_string!(l, event.players.birth_hint).to_string()),
            PlayerField::Federation => {
                Some(td_string!(l, event.details.federation_hint).to_string())
            }
            PlayerField::Club => Some(td_string!(l, event.players.club_hint).to_string()),
            _ => None,
        };
        text(Locale::en)
            .is_some()
            .then(|| Signal::derive(move || text(lang.get()).unwrap_or_default()))
    };
    let field =
        move |field: PlayerField, testid: &'static str, kind: &'static str, class: &'static str| {
            view! {
                <DetailField
                    id=format!("{testid}-{p}")
                    label=label(field)
                    stored=stored(field)
                    apply=apply(field)
                    kind=kind
                    testid=testid
                    class=class
                    hint=hint(field)
                />
            }
        };
    let sex = stored(PlayerField::Sex);
    let sex_error = RwSignal::new(None::<EventError>);
    let set_sex = move |value: String| {
        if value != sex.get_untracked() {
            match store.run_event(&id.get_value(), |t| {
                event::set_player_field(t, p, PlayerField::Sex, &value)
            }) {
                Ok(()) => sex_error.set(None),
                Err(e) => sex_error.set(Some(e)),
            }
        }
    };
    let legend = move || {
        td_string!(
            lang.get(),
            event.players.details_legend,
            no = p,
            name = tournament.with(|t| t.player(p).map(|pl| pl.name.clone()).unwrap_or_default())
        )
        .to_string()
    };
    let sex_id = format!("player-sex-{p}");
    let sex_error_id = format!("{sex_id}-error");
    view! {
        <fieldset class="player-details" data-testid="player-details">
            <legend>{legend}</legend>
            <div class="detail-grid">
                {field(PlayerField::FideId, "player-fide-id", "text", "")}
                {field(PlayerField::Title, "player-title", "text", "short")}
                <div class="detail-field">
                    <label for=sex_id.clone()>{label(PlayerField::Sex)}</label>
                    <select
                        id=sex_id
                        data-testid="player-sex"
                        aria-invalid=move || sex_error.with(Option::is_some).then_some("true")
                        aria-describedby={
                            let id = sex_error_id.clone();
                            move || sex_error.with(Option::is_some).then(|| id.clone())
                        }
                        on:change=move |ev| set_sex(event_target_value(&ev))
                    >
                        <option value="" selected=move || sex.get().is_empty()>{tr!(event.players.sex_unset)}</option>
                        <option value="m" selected=move || sex.get() == "m">{tr!(event.players.sex_m)}</option>
                        <option value="w" selected=move || sex.get() == "w">{tr!(event.players.sex_w)}</option>
                    </select>
                    <Show when=move || sex_error.with(Option::is_some)>
                        <p class="field-error" id=sex_error_id.clone() role="alert">{move || {
                            let l = lang.get();
                            sex_error.with(|e| {
                                e.as_ref().map(|e| crate::words::capitalised(&e.words(l)))
                            })
                        }}</p>
                    </Show>
                </div>
                {field(PlayerField::Birth, "player-birth", "text", "")}
                {field(PlayerField::Federation, "player-federation", "text", "short")}
                {field(PlayerField::Club, "player-club", "text", "")}
                {field(PlayerField::Rating, "player-rating-detail", "number", "rating")}
            </div>
        </fieldset>
    }
}
