//! The route that merges a PGN file's results into an event (`/event/:id/import-results`).

use crate::components::common::layout::PageBoundary;
use crate::components::files::pgn_merge::PgnMergeScreen;
use crate::event_id::EventId;
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

#[component]
pub fn ImportResultsPage() -> impl IntoView {
    let params = use_params_map();
    let id = Memo::new(move |_| params.with(|p| EventId::new(p.get("id").unwrap_or_default())));
    view! {
        <PageBoundary>
            {move || view! { <PgnMergeScreen event_id=id.get() /> }}
        </PageBoundary>
    }
}
