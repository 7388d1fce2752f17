//! Any path the router does not know.

use crate::tr;
use leptos::prelude::*;

#[component]
pub fn NotFound() -> impl IntoView {
    let title = tr!(event.page.not_found);
    crate::components::common::layout::page_title(move || vec![title().to_string()]);
    view! {
        <section class="panel">
            <h2>{title}</h2>
            <p>
                <a href="/">{tr!(event.page.back)}</a>
            </p>
        </section>
    }
}
