//! The Chances view's route (`/event/:id/chances`). The route only reads the id; the view is a
//! component, shared with a share link's page.

use crate::components::common::layout::PageBoundary;
use crate::components::insight::chances::ChancesScreen;
use crate::event_id::EventId;
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

#[component]
pub fn ChancesPage() -> impl IntoView {
    let params = use_params_map();
    let id = Memo::new(move |_| params.with(|p| EventId::new(p.get("id").unwrap_or_default())));
    view! {
        <PageBoundary>
            {move || view! { <ChancesScreen event_id=id.get() /> }}
        </PageBoundary>
    }
}
