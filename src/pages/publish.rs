//! The publish view's route (`/event/:id/publish`).

use crate::components::common::layout::PageBoundary;
use crate::components::files::publish::PublishScreen;
use crate::event_id::EventId;
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

#[component]
pub fn PublishPage() -> impl IntoView {
    let params = use_params_map();
    let id = Memo::new(move |_| params.with(|p| EventId::new(p.get("id").unwrap_or_default())));
    view! {
        <PageBoundary>
            {move || view! { <PublishScreen event_id=id.get() /> }}
        </PageBoundary>
    }
}
