//! The withdrawal view's route (`/event/:id/withdrawal`).
//! The route only reads the id; the view itself is a component, shared with a share link's page.

use crate::components::common::layout::PageBoundary;
use crate::components::withdrawal::WithdrawalScreen;
use crate::event_id::EventId;
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

#[component]
pub fn WithdrawalPage() -> impl IntoView {
    let params = use_params_map();
    let id = Memo::new(move |_| params.with(|p| EventId::new(p.get("id").unwrap_or_default())));
    view! {
        <PageBoundary>
            {move || view! { <WithdrawalScreen event_id=id.get() /> }}
        </PageBoundary>
    }
}
