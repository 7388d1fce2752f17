//! The study's settings: every field labelled, prefilled with the last settings (the paper's
//! design at first), checked on every keystroke by the engine's `StudyConfig::validate` with
//! the message next to the field it concerns.

use crate::components::simulation::progress::count;
use crate::simulation::form::{Field, FieldError, FormText};
use crate::simulation::pool::MAX_WORKERS;
use engine::simulate::StudyConfig;
use leptos::prelude::*;

/// Label and help text of each field.
fn describe(field: Field) -> (&'static str, &'static str) {
    match field {
        Field::Players => ("Players", "per tournament"),
        Field::Cycles => ("System", "each pair meets once or twice"),
        Field::RatingMean => ("Rating mean μ", "ratings ~ Normal(μ, σ)"),
        Field::RatingSds => ("Rating spreads σ", "list, e.g. 30, 90"),
        Field::Forms => (
            "W's forms β",
            "true strength minus rating; list, e.g. -150, 0, 150",
        ),
        Field::WithdrawalAfter => ("Withdrawal after n games", "list, e.g. 2, 4, 7"),
        Field::K => ("Prior strength k", "of the Bayesian estimate"),
        Field::DrawPeak => ("Draw parameter", "P(draw) between equals; 0 to 1"),
        Field::Tournaments => ("Tournaments per scenario", "the paper: 10000"),
        Field::Seed => ("Seed", "same seed, same table"),
    }
}

/// Which kind of input a field is.
fn input_kind(field: Field) -> (&'static str, &'static str) {
    // (type, inputmode)
    match field {
        Field::RatingSds | Field::Forms | Field::WithdrawalAfter => ("text", "text"),
        Field::Seed => ("text", "numeric"),
        _ => ("number", "decimal"),
    }
}

/// One labelled input with its help and its error.
#[component]
fn SettingField(
    /// The field this input edits.
    field: Field,
    /// The form's text.
    form: RwSignal<FormText>,
    /// The form's current problems.
    errors: Memo<Vec<FieldError>>,
    /// Inputs are read-only while a run is in progress.
    running: Signal<bool>,
) -> impl IntoView {
    let id = field.id();
    let (label, help) = describe(field);
    let (kind, mode) = input_kind(field);
    let error = Memo::new(move |_| {
        errors.with(|es| {
            es.iter()
                .find(|e| e.field == field)
                .map(|e| e.message.clone())
        })
    });
    let help_id = format!("{id}-help");
    let error_id = format!("{id}-error");
    let described = format!("{help_id} {error_id}");
    let step = match field {
        Field::DrawPeak => "0.05",
        Field::K => "0.5",
        _ => "any",
    };
    view! {
        <div class="sim-field" class:invalid=move || error.with(Option::is_some)>
            <label for=id>{label}</label>
            <input
                id=id
                data-testid=id
                type=kind
                inputmode=mode
                step=step
                autocomplete="off"
                spellcheck="false"
                aria-describedby=described
                aria-invalid=move || if error.with(Option::is_some) { "true" } else { "false" }
                readonly=running
                prop:value=move || form.with(|f| f.get(field).to_string())
                on:input=move |ev| form.update(|f| f.set(field, event_target_value(&ev)))
            />
            <small id=help_id class="muted">{help}</small>
            <p id=error_id class="field-error" data-testid=format!("{id}-error") aria-live="polite">
                {move || error.get()}
            </p>
        </div>
    }
}

#[component]
pub fn SimSettings(
    /// The form's text (the page owns it).
    form: RwSignal<FormText>,
    /// Web Workers to use, as typed.
    workers: RwSignal<String>,
    /// A run is in progress: the form cannot start another.
    running: Signal<bool>,
    /// Called when the user asks for a run with valid settings.
    on_run: Callback<()>,
) -> impl IntoView {
    let errors = Memo::new(move |_| form.with(|f| f.parse().err().unwrap_or_default()));
    let workers_error = Memo::new(move |_| {
        workers.with(|w| match w.trim().parse::<usize>() {
            Ok(n) if (1..=MAX_WORKERS).contains(&n) => None,
            _ => Some(format!("Enter a whole number from 1 to {MAX_WORKERS}.")),
        })
    });
    let valid = move || errors.with(Vec::is_empty) && workers_error.with(Option::is_none);
    let scenarios = Memo::new(move |_| {
        form.with(|f| f.parse().ok())
            .map(|c| (c.scenarios().len(), c.tournaments))
    });
    let field = move |f: Field| {
        view! { <SettingField field=f form=form errors=errors running=running /> }
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if valid() && !running.get_untracked() {
            on_run.run(());
        }
    };
    let is_default = move || form.with(|f| f.parse().ok() == Some(StudyConfig::default()));

    view! {
        <form
            class="panel sim-settings"
            aria-labelledby="sim-settings-title"
            novalidate
            on:submit=submit
        >
            <h3 id="sim-settings-title">"Settings"</h3>
            <fieldset>
                <legend>"Tournaments"</legend>
                {field(Field::Players)}
                <div class="sim-field">
                    <label for="sim-cycles">{describe(Field::Cycles).0}</label>
                    <select
                        id="sim-cycles"
                        data-testid="sim-cycles"
                        aria-describedby="sim-cycles-help sim-cycles-error"
                        disabled=running
                        prop:value=move || form.with(|f| f.cycles.clone())
                        on:change=move |ev| form.update(|f| f.cycles = event_target_value(&ev))
                    >
                        <option value="1">"Single round-robin"</option>
                        <option value="2">"Double round-robin"</option>
                    </select>
                    <small id="sim-cycles-help" class="muted">{describe(Field::Cycles).1}</small>
                    <p id="sim-cycles-error" class="field-error" data-testid="sim-cycles-error" aria-live="polite">
                        {move || {
                            errors.with(|es| {
                                es.iter().find(|e| e.field == Field::Cycles).map(|e| e.message.clone())
                            })
                        }}
                    </p>
                </div>
                {field(Field::RatingMean)}
                {field(Field::DrawPeak)}
            </fieldset>
            <fieldset>
                <legend>"Scenario grid"</legend>
                {field(Field::RatingSds)}
                {field(Field::Forms)}
                {field(Field::WithdrawalAfter)}
            </fieldset>
            <fieldset>
                <legend>"Estimate and run"</legend>
                {field(Field::K)}
                {field(Field::Tournaments)}
                {field(Field::Seed)}
                <div class="sim-field" class:invalid=move || workers_error.with(Option::is_some)>
                    <label for="sim-workers">"Web Workers"</label>
                    <input
                        id="sim-workers"
                        data-testid="sim-workers"
                        type="number"
                        inputmode="numeric"
                        min="1"
                        max=MAX_WORKERS.to_string()
                        aria-describedby="sim-workers-help sim-workers-error"
                        aria-invalid=move || if workers_error.with(Option::is_some) { "true" } else { "false" }
                        readonly=running
                        prop:value=move || workers.get()
                        on:input=move |ev| workers.set(event_target_value(&ev))
                    />
                    <small id="sim-workers-help" class="muted">
                        {format!(
                            "parallel threads; this device has {} logical cores (the numbers do not depend on it)",
                            crate::simulation::pool::hardware_threads()
                        )}
                    </small>
                    <p id="sim-workers-error" class="field-error" data-testid="sim-workers-error" aria-live="polite">
                        {move || workers_error.get()}
                    </p>
                </div>
            </fieldset>
            <p class="muted sim-size" aria-live="polite">
                {move || match scenarios.get() {
                    Some((s, t)) => format!(
                        "{s} scenarios × {} tournaments = {} simulated tournaments.",
                        count(t),
                        count(s as u64 * t)
                    ),
                    None => "Fix the settings marked above to run.".to_string(),
                }}
            </p>
            <div class="toolbar">
                <button
                    type="submit"
                    class="primary"
                    data-testid="sim-run"
                    disabled=move || !valid() || running.get()
                >
                    "Run the study"
                </button>
                <button
                    type="button"
                    class="quiet"
                    data-testid="sim-defaults"
                    disabled=move || is_default() || running.get()
                    on:click=move |_| form.set(FormText::from_config(&StudyConfig::default()))
                >
                    "The paper's design"
                </button>
            </div>
        </form>
    }
}
