//! Any path the router does not know.

use leptos::prelude::*;

#[component]
pub fn NotFound() -> impl IntoView {
    crate::components::layout::page_title(|| vec!["Page not found".to_string()]);
    view! {
        <section class="panel">
            <h2>"Page not found"</h2>
            <p>
                <a href="/">"Back to your events"</a>
            </p>
        </section>
    }
}
