//! The event's details (the Details tab): name, organiser, place, dates, rating list, time
//! control, arbiters, the number of rounds and each round's date; and [`DetailField`], the
//! checked input the players' details use too. A change is stored when the field is left, through
//! the engine's setters (`engine::event`), which refuse what does not fit: the refusal is shown
//! next to the field and the typed text stays in it.

use crate::event_id::EventId;
use crate::i18n::{td_string, Locale};
use crate::lang::use_lang;
use crate::store::use_store;
use crate::tr;
use crate::words::Words;
use engine::details::{self, InfoField};
use engine::event::{self, EventError, RoundsAllowed};
use engine::{RatingType, Tournament};
use leptos::prelude::*;

/// A labelled input of one detail. It shows the stored value; what is typed is stored when the
/// field is left (`apply`), and when `apply` refuses, the reason appears under the field and the
/// typed text stays, so that nothing typed is lost and nothing stored changes.
#[component]
pub fn DetailField(
    /// The input's element id (unique on the page; its hint's and error's ids derive from it).
    id: String,
    /// The field's label in the reader's language.
    #[prop(into)]
    label: Signal<String>,
    /// The stored value, as the input shows it.
    #[prop(into)]
    stored: Signal<String>,
    /// Stores the typed text, or says why not.
    apply: Callback<String, Result<(), EventError>>,
    /// The input's `type` (`text`, `date`, `number`); `textarea` for a multi-line field.
    #[prop(default = "text")]
    kind: &'static str,
    /// The input's `data-testid`.
    testid: &'static str,
    /// The input's class (its width).
    #[prop(optional)]
    class: &'static str,
    /// What the field accepts, shown under it.
    #[prop(default = None)]
    hint: Option<Signal<String>>,
    /// The input's `autocomplete` (`off` for fields that are not the reader's own data).
    #[prop(default = "off")]
    autocomplete: &'static str,
) -> impl IntoView {
    let lang = use_lang();
    let typed = RwSignal::new(String::new());
    let error = RwSignal::new(None::<EventError>);
    let hint_id = format!("{id}-hint");
    let error_id = format!("{id}-error");
    let described = {
        let (hint_id, error_id) = (hint_id.clone(), error_id.clone());
        let has_hint = hint.is_some();
        move || {
            let mut ids = Vec::new();
            if has_hint {
                ids.push(hint_id.clone());
            }
            if error.with(Option::is_some) {
                ids.push(error_id.clone());
            }
            (!ids.is_empty()).then(|| ids.join(" "))
        }
    };
    // While a refusal stands, the input keeps the refused text; otherwise it shows what is stored.
    let value = move || {
        if error.with(Option::is_some) {
            typed.get()
        } else {
            stored.get()
        }
    };
    let commit = move |text: String| -> Option<String> {
        if text == stored.get_untracked() {
            error.set(None);
            return None;
        }
        match apply.run(text.clone()) {
            Ok(()) => {
                error.set(None);
                // The stored spelling (capitals, TRF's date): shown at once.
                Some(stored.get_untracked())
            }
            Err(e) => {
                typed.set(text);
                error.set(Some(e));
                None
            }
        }
    };
    let input = if kind == "textarea" {
        view! {
            <textarea
                id=id.clone()
                rows="3"
                class=class
                data-testid=testid
                aria-invalid=move || error.with(Option::is_some).then_some("true")
                aria-describedby=described.clone()
                prop:value=value
                on:input=move |ev| typed.set(event_target_value(&ev))
                on:change=move |ev| {
                    if let Some(shown) = commit(event_target_value(&ev)) {
                        let el: web_sys::HtmlTextAreaElement = event_target(&ev);
                        el.set_value(&shown);
                    }
                }
            ></textarea>
        }
        .into_any()
    } else {
        view! {
            <input
                id=id.clone()
                type=kind
                class=class
                autocomplete=autocomplete
                data-testid=testid
                aria-invalid=move || error.with(Option::is_some).then_some("true")
                aria-describedby=described
                prop:value=value
                on:input=move |ev| typed.set(event_target_value(&ev))
                on:change=move |ev| {
                    if let Some(shown) = commit(event_target_value(&ev)) {
                        let el: web_sys::HtmlInputElement = event_target(&ev);
                        el.set_value(&shown);
                    }
                }
            />
        }
        .into_any()
    };
    view! {
        <div class="detail-field">
            <label for=id.clone()>{move || label.get()}</label>
            {input}
            {hint.map(|h| view! { <p class="muted hint" id=hint_id>{move || h.get()}</p> })}
            <Show when=move || error.with(Option::is_some)>
                <p class="field-error" id=error_id.clone() role="alert" data-testid="detail-error">
                    {move || {
                        let l = lang.get();
                        error
                            .with(|e| e.as_ref().map(|e| e.words(l)))
                            .map(|words| {
                                crate::words::capitalised(
                                    &td_string!(l, errors.outcome.nothing_changed, error = words)
                                        .to_string(),
                                )
                            })
                    }}
                </p>
            </Show>
        </div>
    }
}

/// The label of one of the event's text fields.
fn info_label(locale: Locale, field: InfoField) -> &'static str {
    match field {
        InfoField::City => td_string!(locale, event.details.city),
        InfoField::Federation => td_string!(locale, event.details.federation),
        InfoField::StartDate => td_string!(locale, event.details.start_date),
        InfoField::EndDate => td_string!(locale, event.details.end_date),
        InfoField::ChiefArbiter => td_string!(locale, event.details.chief_arbiter),
        InfoField::DeputyArbiters => td_string!(locale, event.details.deputy_arbiters),
        InfoField::TimeControl => td_string!(locale, event.details.time_control),
        InfoField::Organiser => td_string!(locale, event.details.organiser),
    }
}

/// A field's stored value as its input shows it (a date as `YYYY-MM-DD`; a date the input
/// cannot show, as a file may write it, shows empty and is named in the hint).
fn info_value(t: &Tournament, field: InfoField) -> String {
    let i = &t.info;
    match field {
        InfoField::City => i.city.clone(),
        InfoField::Federation => i.federation.clone(),
        InfoField::StartDate => details::iso_date(&i.start_date).unwrap_or_default(),
        InfoField::EndDate => details::iso_date(&i.end_date).unwrap_or_default(),
        InfoField::ChiefArbiter => i.chief_arbiter.clone(),
        InfoField::DeputyArbiters => i.deputy_arbiters.join("\n"),
        InfoField::TimeControl => i.time_control.clone(),
        InfoField::Organiser => i.organiser.clone(),
    }
}

/// The name of a rating list in the reader's language.
fn rating_type_label(locale: Locale, r: RatingType) -> &'static str {
    match r {
        RatingType::Standard => td_string!(locale, event.details.rating_standard),
        RatingType::Rapid => td_string!(locale, event.details.rating_rapid),
        RatingType::Blitz => td_string!(locale, event.details.rating_blitz),
    }
}

#[component]
pub fn EventDetails(
    /// Id of the event in the store (edits go there).
    event_id: EventId,
    /// The event.
    tournament: Memo<Tournament>,
) -> impl IntoView {
    let store = use_store();
    let lang = use_lang();
    let id = StoredValue::new(event_id);

    let text_field = move |field: InfoField, kind: &'static str, testid: &'static str| {
        let hint = match field {
            InfoField::Federation => Some(Signal::derive(move || {
                td_string!(lang.get(), event.details.federation_hint).to_string()
            })),
            InfoField::DeputyArbiters => Some(Signal::derive(move || {
                td_string!(lang.get(), event.details.deputies_hint).to_string()
            })),
            InfoField::StartDate | InfoField::EndDate => Some(Signal::derive(move || {
                let l = lang.get();
                let raw = tournament.with(|t| match field {
                    InfoField::StartDate => t.info.start_date.clone(),
                    _ => t.info.end_date.clone(),
                });
                if !raw.is_empty() && details::iso_date(&raw).is_none() {
                    td_string!(l, event.details.date_as_written, date = raw).to_string()
                } else {
                    td_string!(l, event.details.date_hint).to_string()
                }
            })),
            _ => None,
        };
        let class = match field {
            InfoField::Federation => "short",
            _ => "",
        };
        view! {
            <DetailField
                id=format!("detail-{testid}")
                label=Signal::derive(move || info_label(lang.get(), field).to_string())
                stored=Signal::derive(move || tournament.with(|t| info_value(t, field)))
                apply=Callback::new(move |text: String| {
                    store.run_event(&id.get_value(), |t| event::set_info_field(t, field, &text))
                })
                kind=kind
                testid=testid
                class=class
                hint=hint
            />
        }
    };

    let is_round_robin = Memo::new(move |_| tournament.with(|t| t.format.is_round_robin()));
    let rounds = Memo::new(move |_| tournament.with(|t| t.scheduled_rounds()));
    let rounds_hint = Signal::derive(move || {
        let l = lang.get();
        match tournament.with(event::rounds_allowed) {
            RoundsAllowed::Swiss { least } => td_string!(
                l,
                event.details.rounds_hint_swiss,
                paired = least,
                max = event::MAX_SWISS_ROUNDS
            )
            .to_string(),
            RoundsAllowed::RoundRobin { single, .. } => td_string!(
                l,
                event.details.rounds_hint_round_robin,
                single,
                double = single * 2
            )
            .to_string(),
        }
    });
    let rating_type = move || tournament.with(|t| t.info.rating_type);
    let set_rating_type = move |value: String| {
        let chosen = RatingType::from_id(&value);
        if rating_type() != chosen {
            let _ = store.run_event(&id.get_value(), |t| {
                event::set_rating_type(t, chosen);
                Ok(())
            });
        }
    };

    view! {
        <h3>{tr!(event.details.heading)}</h3>
        <p class="muted">{tr!(event.details.help)}</p>
        <div class="details-form" data-testid="event-details">
            <fieldset>
                <legend>{tr!(event.details.event_legend)}</legend>
                <div class="detail-grid">
                    <DetailField
                        id="detail-name".to_owned()
                        label=Signal::derive(move || td_string!(lang.get(), event.details.name).to_string())
                        stored=Signal::derive(move || tournament.with(|t| t.name.clone()))
                        apply=Callback::new(move |text: String| store.run_event(&id.get_value(), |t| event::rename(t, &text)))
                        testid="detail-name"
                        class="wide"
                    />
                    {text_field(InfoField::Organiser, "text", "detail-organiser")}
                    {text_field(InfoField::City, "text", "detail-city")}
                    {text_field(InfoField::Federation, "text", "detail-federation")}
                    {text_field(InfoField::StartDate, "date", "detail-start-date")}
                    {text_field(InfoField::EndDate, "date", "detail-end-date")}
                    <div class="detail-field">
                        <label for="detail-rating-type">{tr!(event.details.rating_type)}</label>
                        <select
                            id="detail-rating-type"
                            data-testid="detail-rating-type"
                            on:change=move |ev| set_rating_type(event_target_value(&ev))
                        >
                            <option value="" selected=move || rating_type().is_none()>
                                {tr!(event.details.rating_unset)}
                            </option>
                            {RatingType::ALL
                                .into_iter()
                                .map(|r| {
                                    view! {
                                        <option value=r.id() selected=move || rating_type() == Some(r)>
                                            {move || rating_type_label(lang.get(), r)}
                                        </option>
                                    }
                                })
                                .collect_view()}
                        </select>
                    </div>
                    {text_field(InfoField::TimeControl, "text", "detail-time-control")}
                </div>
            </fieldset>
            <fieldset>
                <legend>{tr!(event.details.arbiters_legend)}</legend>
                <div class="detail-grid">
                    {text_field(InfoField::ChiefArbiter, "text", "detail-chief-arbiter")}
                    {text_field(InfoField::DeputyArbiters, "textarea", "detail-deputy-arbiters")}
                </div>
            </fieldset>
            <fieldset>
                <legend>{tr!(event.details.rounds_legend)}</legend>
                <DetailField
                    id="detail-rounds".to_owned()
                    label=Signal::derive(move || td_string!(lang.get(), event.details.rounds).to_string())
                    stored=Signal::derive(move || rounds.get().to_string())
                    apply=Callback::new(move |text: String| {
                        let n = text.trim().parse::<u32>().unwrap_or(0);
                        store.run_event(&id.get_value(), |t| event::set_rounds(t, n))
                    })
                    kind="number"
                    testid="detail-rounds"
                    class="rating"
                    hint=Some(rounds_hint)
                />
                <Show when=move || is_round_robin.get()>
                    <p class="muted">{tr!(event.details.round_robin_note)}</p>
                </Show>
                <h4>{tr!(event.details.round_dates)}</h4>
                <div class="detail-grid round-dates">
                    <For
                        each=move || 1..=rounds.get()
                        key=|r| *r
                        children=move |r| {
                            view! {
                                <DetailField
                                    id=format!("detail-round-date-{r}")
                                    label=Signal::derive(move || {
                                        td_string!(lang.get(), event.details.round_date, round = r).to_string()
                                    })
                                    stored=Signal::derive(move || {
                                        tournament.with(|t| {
                                            details::round_date(&t.info, r)
                                        })
                                    })
                                    apply=Callback::new(move |text: String| {
                                        store.run_event(&id.get_value(), |t| event::set_round_date(t, r, &text))
                                    })
                                    kind="date"
                                    testid="detail-round-date"
                                />
                            }
                        }
                    />
                </div>
            </fieldset>
        </div>
    }
}
