//! The model in plain words: what the chances assume and what they leave out.

use crate::i18n::td;
use crate::tr;
use leptos::prelude::*;

#[component]
pub fn ModelNote() -> impl IntoView {
    let lang = crate::lang::use_lang();
    view! {
        <section class="panel note chances-note" data-testid="chances-note" aria-labelledby="chances-note-title">
            <h3 id="chances-note-title">{tr!(chances.note.heading)}</h3>
            <p>{tr!(chances.note.model)}</p>
            <p>{tr!(chances.note.games)}</p>
            <p>{move || td!(lang.get(), chances.note.errors, <code> = <code />)}</p>
        </section>
    }
}
