//! The `<select>` of an event's players, one option per player in start order: the cliff's
//! player (sensitivity), the what-if player and the player of a request (rounds).

use crate::words::text;
use engine::{StartNo, Tournament};
use leptos::prelude::*;

/// How each option reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerLabel {
    /// `Name (2759)`.
    NameRating,
    /// `4. Name`.
    NumberName,
}

/// One option per player of `tournament`; the chosen one follows `value`.
#[component]
pub fn PlayerSelect(
    /// The event whose players are offered.
    tournament: Memo<Tournament>,
    /// The chosen player; `None` selects the placeholder.
    #[prop(into)]
    value: Signal<Option<StartNo>>,
    /// Called with the player the user picks (`None`: the placeholder).
    on_pick: Callback<Option<StartNo>>,
    /// `data-testid` of the `<select>`.
    testid: &'static str,
    /// How each option reads.
    label: PlayerLabel,
    /// The text of a first, empty option ("Choose…"), if there is one.
    #[prop(optional, into)]
    placeholder: Option<Signal<String>>,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let options = move || {
        let l = lang.get();
        tournament.with(|t| {
            t.players
                .iter()
                .map(|p| {
                    let no = p.start_no;
                    let text = match label {
                        PlayerLabel::NameRating => text::name_rating_in(l, t, no),
                        PlayerLabel::NumberName => format!("{no}. {}", p.name),
                    };
                    view! {
                        <option value=no.to_string() selected=move || value.get() == Some(no)>
                            {text}
                        </option>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <select
            data-testid=testid
            on:change=move |ev| on_pick.run(event_target_value(&ev).parse::<StartNo>().ok())
            prop:value=move || value.get().map(|p| p.to_string()).unwrap_or_default()
        >
            {placeholder.map(|p| view! { <option value="">{move || p.get()}</option> })}
            {options}
        </select>
    }
}
