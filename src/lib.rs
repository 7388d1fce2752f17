//! Crosstable's web app (Leptos 0.8, client-side rendered).

use leptos::prelude::*;

#[component]
pub fn App() -> impl IntoView {
    view! { <main><h1>"Crosstable"</h1></main> }
}
