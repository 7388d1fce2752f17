//! Any path the router does not know.

use leptos::prelude::*;

#[component]
pub fn NotFound() -> impl IntoView {
    view! {
        <section class="panel">
            <h2>"Page not found"</h2>
            <p>
                <a href="/">"Back to your events"</a>
            </p>
        </section>
    }
}
