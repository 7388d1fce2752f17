//! The imputation's settings: prior strength k (slider and number) and the expectation model.
//! Both inputs update on every `input` event, so the tables follow the slider as it moves.

use crate::i18n::{td, td_string};
use crate::prior;
use crate::store::use_store;
use crate::tr;
use crate::words::text;
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
    let lang = crate::lang::use_lang();
    // What the user typed in the number box when it is not a k the engine takes (the message
    // on the field is worded when drawn, so it follows a change of language).
    let k_error = RwSignal::new(None::<String>);

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
        <div class="controls" role="group" aria-label=tr!(withdrawal.prior.group_aria)>
            <div class="k-control">
                <label for="k-slider">
                    {move || td!(lang.get(), withdrawal.prior.k_label, <var> = <var />)}
                </label>
                <input
                    id="k-slider"
                    type="range"
                    min="0"
                    max=prior::SLIDER_MAX.to_string()
                    step=prior::STEP.to_string()
                    data-testid="k-slider"
                    aria-describedby="k-help"
                    aria-valuetext=move || {
                        let k = text::k_value_in(lang.get(), k.get());
                        td_string!(lang.get(), withdrawal.prior.k_valuetext, k).to_string()
                    }
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
                    max=prior::INPUT_MAX.to_string()
                    step=prior::STEP.to_string()
                    aria-label=tr!(withdrawal.prior.k_number_aria)
                    node_ref=number
                    prop:value=number_text
                    data-testid="k-number"
                    aria-invalid=move || k_error.with(Option::is_some).then_some("true")
                    aria-errormessage=move || k_error.with(Option::is_some).then_some("k-error")
                    on:input=move |ev| {
                        let typed = event_target_value(&ev);
                        match typed.trim().parse::<f64>() {
                            Ok(v) if prior::accept(v).is_some() => {
                                k_error.set(None);
                                store.set_k(v);
                            }
                            // Half-typed ("", "2.") is not yet an error.
                            _ if typed.trim().is_empty() => k_error.set(None),
                            _ => k_error.set(Some(typed.trim().to_string())),
                        }
                    }
                />
                // Always clickable; says when the paper's k is the one in use.
                <button
                    type="button"
                    class="quiet"
                    data-testid="paper-k"
                    aria-pressed=move || if k.get() == paper_k { "true" } else { "false" }
                    on:click=move |_| {
                        k_error.set(None);
                        store.set_k(paper_k)
                    }
                >
                    {move || {
                        let (l, k_text) = (lang.get(), text::k_value_in(lang.get(), paper_k));
                        if k.get() == paper_k {
                            td_string!(l, withdrawal.prior.paper_k_in_use, k = k_text).to_string()
                        } else {
                            td_string!(l, withdrawal.prior.paper_k, k = k_text).to_string()
                        }
                    }}
                </button>
            </div>
            {move || k_error.get().map(|typed| {
                let l = lang.get();
                let message = td_string!(
                    l,
                    withdrawal.prior.k_error,
                    max = text::k_value_in(l, prior::INPUT_MAX),
                    typed,
                    k = text::k_value_in(l, k.get())
                )
                .to_string();
                view! { <p id="k-error" class="alert" role="alert" data-testid="k-error">{message}</p> }
            })}
            <label class="inline">
                {tr!(withdrawal.prior.expectation_label)}
                " "
                <select
                    prop:value=move || expectation.get().id()
                    on:change=move |ev| {
                        if let Ok(e) = event_target_value(&ev).parse::<Expectation>() {
                            store.set_expectation(e);
                        }
                    }
                >
                    <option value=Expectation::Logistic.id()>
                        {tr!(withdrawal.prior.expectation_logistic)}
                    </option>
                    <option value=Expectation::Fide.id()>{tr!(withdrawal.prior.expectation_fide)}</option>
                </select>
            </label>
            <p id="k-help" class="muted">{tr!(withdrawal.prior.help)}</p>
        </div>
    }
}
