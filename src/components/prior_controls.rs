//! The imputation's settings: prior strength k (slider and number) and the expectation model.
//! Both inputs update on every `input` event, so the tables follow the slider as it moves.

use crate::store::{use_store, K_INPUT_MAX, K_SLIDER_MAX, K_STEP};
use crate::text;
use engine::elo::Expectation;
use engine::impute::Params;
use leptos::html::Input;
use leptos::prelude::*;

#[component]
pub fn PriorControls() -> impl IntoView {
    let store = use_store();
    let k = Memo::new(move |_| store.settings.with(|s| s.k));
    let expectation = Memo::new(move |_| store.settings.with(|s| s.expectation));
    let number = NodeRef::<Input>::new();
    let paper_k = Params::PAPER_K;

    // While the user types in the number box ("2." on the way to "2.5"), keep their text if it
    // already means the current k.
    let number_text = move || {
        let k = k.get();
        if let Some(el) = number.get_untracked() {
            if el.value().trim().parse::<f64>().ok() == Some(k) {
                return el.value();
            }
        }
        text::k_value(k)
    };

    view! {
        <div class="controls" role="group" aria-label="Imputation settings">
            <div class="k-control">
                <label for="k-slider">
                    "Prior strength "
                    <var>"k"</var>
                </label>
                <input
                    id="k-slider"
                    type="range"
                    min="0"
                    max=K_SLIDER_MAX.to_string()
                    step=K_STEP.to_string()
                    data-testid="k-slider"
                    aria-describedby="k-help"
                    aria-valuetext=move || format!("k = {}", text::k_value(k.get()))
                    prop:value=move || text::k_value(k.get())
                    on:input=move |ev| {
                        if let Ok(v) = event_target_value(&ev).parse::<f64>() {
                            store.set_k(v);
                        }
                    }
                />
                <input
                    type="number"
                    class="k-number"
                    min="0"
                    max=K_INPUT_MAX.to_string()
                    step=K_STEP.to_string()
                    aria-label="k, as a number"
                    node_ref=number
                    prop:value=number_text
                    on:input=move |ev| {
                        if let Ok(v) = event_target_value(&ev).trim().parse::<f64>() {
                            if (0.0..=K_INPUT_MAX).contains(&v) {
                                store.set_k(v);
                            }
                        }
                    }
                />
                <button
                    type="button"
                    class="quiet"
                    disabled=move || k.get() == paper_k
                    on:click=move |_| store.set_k(paper_k)
                >
                    {format!("Paper's k = {}", text::k_value(paper_k))}
                </button>
            </div>
            <label class="inline">
                "Expected score "
                <select
                    prop:value=move || expectation.get().id()
                    on:change=move |ev| {
                        if let Ok(e) = event_target_value(&ev).parse::<Expectation>() {
                            store.set_expectation(e);
                        }
                    }
                >
                    <option value="logistic">"logistic (paper)"</option>
                    <option value="fide">"FIDE table 8.1.2"</option>
                </select>
            </label>
            <p id="k-help" class="muted">
                "k = 0 trusts the withdrawn player's results alone (performance); k = 3 is the paper's choice for \
                 classical chess; a large k falls back on the ratings (Elo only)."
            </p>
        </div>
    }
}
