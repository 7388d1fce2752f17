//! Home: the saved events, the example, a new event, import.

use crate::components::event_list::EventList;
use crate::components::import_file::ImportFile;
use crate::components::new_event::NewEventForm;
use crate::store::use_store;
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use leptos_router::NavigateOptions;

#[component]
pub fn HomePage() -> impl IntoView {
    let store = use_store();
    let navigate = use_navigate();
    let creating = RwSignal::new(false);

    let open_example = move |_| {
        let id = store.open_example();
        navigate(&format!("/event/{id}"), NavigateOptions::default());
    };

    view! {
        <section class="home" aria-labelledby="home-title">
            <h2 id="home-title">"Your events"</h2>
            <Show when=move || store.first_visit>
                <div class="callout" role="note">
                    <p>
                        <strong>"Welcome. "</strong>
                        "An illustrative example is ready: a 10-player elite round-robin in which a player \
                         rated 2759 withdraws after round 5 with 1.0/5. Open it to compare what FIDE's rule, \
                         annulment, forfeits and the Bayesian imputation give the players who never got \
                         to play him."
                    </p>
                </div>
            </Show>
            <div class="toolbar" role="group" aria-label="Add an event">
                <button type="button" class="primary" data-testid="open-example" on:click=open_example>
                    "Open the example"
                </button>
                <button
                    type="button"
                    aria-expanded=move || creating.get().to_string()
                    aria-controls="new-event"
                    on:click=move |_| creating.update(|c| *c = !*c)
                >
                    "New event"
                </button>
                <ImportFile />
            </div>
            <Show when=move || creating.get()>
                <NewEventForm on_close=Callback::new(move |_| creating.set(false)) />
            </Show>
            <EventList />
        </section>
    }
}
