//! The study's settings: every field labelled, prefilled with the last settings (the paper's
//! design at first), checked on every keystroke by the engine's `StudyConfig::validate` with
//! the message next to the field it concerns.

use crate::i18n::{td_string, Locale};
use crate::simulation::form::{Field, FieldError, FormText};
use crate::tr;
use crate::words::text::count_in;
use crate::workers::pool::MAX_WORKERS;
use engine::simulate::StudyConfig;
use leptos::prelude::*;

/// Label and help text of each field.
fn describe(l: Locale, field: Field) -> (&'static str, &'static str) {
    match field {
        Field::Players => (
            td_string!(l, simulation.field.players),
            td_string!(l, simulation.field.players_help),
        ),
        Field::Cycles => (
            td_string!(l, simulation.field.cycles),
            td_string!(l, simulation.field.cycles_help),
        ),
        Field::RatingMean => (
            td_string!(l, simulation.field.rating_mean),
            td_string!(l, simulation.field.rating_mean_help),
        ),
        Field::RatingSds => (
            td_string!(l, simulation.field.rating_sds),
            td_string!(l, simulation.field.rating_sds_help),
        ),
        Field::Forms => (
            td_string!(l, simulation.field.forms),
            td_string!(l, simulation.field.forms_help),
        ),
        Field::WithdrawalAfter => (
            td_string!(l, simulation.field.withdrawal_after),
            td_string!(l, simulation.field.withdrawal_after_help),
        ),
        Field::K => (
            td_string!(l, simulation.field.k),
            td_string!(l, simulation.field.k_help),
        ),
        Field::DrawPeak => (
            td_string!(l, simulation.field.draw_peak),
            td_string!(l, simulation.field.draw_peak_help),
        ),
        Field::Tournaments => (
            td_string!(l, simulation.field.tournaments),
            td_string!(l, simulation.field.tournaments_help),
        ),
        Field::Seed => (
            td_string!(l, simulation.field.seed),
            td_string!(l, simulation.field.seed_help),
        ),
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
    let lang = crate::lang::use_lang();
    let label = move || describe(lang.get(), field).0;
    let help = move || describe(lang.get(), field).1;
    let (kind, mode) = input_kind(field);
    let error = Memo::new(move |_| {
        errors.with(|es| {
            es.iter()
                .find(|e| e.field == field)
                .map(|e| e.message(lang.get()))
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
    let lang = crate::lang::use_lang();
    let errors = Memo::new(move |_| form.with(|f| f.parse().err().unwrap_or_default()));
    let workers_error = Memo::new(move |_| {
        workers.with(|w| match w.trim().parse::<usize>() {
            Ok(n) if (1..=MAX_WORKERS).contains(&n) => None,
            _ => Some(
                td_string!(
                    lang.get(),
                    simulation.settings.workers_error,
                    max = MAX_WORKERS
                )
                .to_string(),
            ),
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
            <h3 id="sim-settings-title">{tr!(simulation.settings.heading)}</h3>
            <fieldset>
                <legend>{tr!(simulation.settings.legend_tournaments)}</legend>
                {field(Field::Players)}
                <div class="sim-field">
                    <label for="sim-cycles">{move || describe(lang.get(), Field::Cycles).0}</label>
                    <select
                        id="sim-cycles"
                        data-testid="sim-cycles"
                        aria-describedby="sim-cycles-help sim-cycles-error"
                        disabled=running
                        prop:value=move || form.with(|f| f.cycles.clone())
                        on:change=move |ev| form.update(|f| f.cycles = event_target_value(&ev))
                    >
                        <option value="1">{tr!(simulation.settings.single)}</option>
                        <option value="2">{tr!(simulation.settings.double)}</option>
                    </select>
                    <small id="sim-cycles-help" class="muted">{move || describe(lang.get(), Field::Cycles).1}</small>
                    <p id="sim-cycles-error" class="field-error" data-testid="sim-cycles-error" aria-live="polite">
                        {move || {
                            errors.with(|es| {
                                es.iter().find(|e| e.field == Field::Cycles).map(|e| e.message(lang.get()))
                            })
                        }}
                    </p>
                </div>
                {field(Field::RatingMean)}
                {field(Field::DrawPeak)}
            </fieldset>
            <fieldset>
                <legend>{tr!(simulation.settings.legend_grid)}</legend>
                {field(Field::RatingSds)}
                {field(Field::Forms)}
                {field(Field::WithdrawalAfter)}
            </fieldset>
            <fieldset>
                <legend>{tr!(simulation.settings.legend_run)}</legend>
                {field(Field::K)}
                {field(Field::Tournaments)}
                {field(Field::Seed)}
                <div class="sim-field" class:invalid=move || workers_error.with(Option::is_some)>
                    <label for="sim-workers">{tr!(simulation.settings.workers)}</label>
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
                        {tr!(simulation.settings.workers_help, count = crate::workers::pool::hardware_threads())}
                    </small>
                    <p id="sim-workers-error" class="field-error" data-testid="sim-workers-error" aria-live="polite">
                        {move || workers_error.get()}
                    </p>
                </div>
            </fieldset>
            <p class="muted sim-size" aria-live="polite">
                {move || {
                    let l = lang.get();
                    match scenarios.get() {
                        Some((s, t)) => td_string!(
                            l,
                            simulation.settings.size,
                            scenarios = s,
                            tournaments = count_in(l, t),
                            total = count_in(l, s as u64 * t)
                        )
                        .to_string(),
                        None => td_string!(l, simulation.settings.fix).to_string(),
                    }
                }}
            </p>
            <div class="toolbar">
                <button
                    type="submit"
                    class="primary"
                    data-testid="sim-run"
                    disabled=move || !valid() || running.get()
                >
                    {tr!(simulation.settings.run)}
                </button>
                <button
                    type="button"
                    class="quiet"
                    data-testid="sim-defaults"
                    disabled=move || is_default() || running.get()
                    on:click=move |_| form.set(FormText::from_config(&StudyConfig::default()))
                >
                    {tr!(simulation.settings.defaults)}
                </button>
            </div>
        </form>
    }
}
