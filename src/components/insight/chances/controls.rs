//! The Chances view's settings: k, the draw peak, the number of simulations, "what if this
//! player withdraws now?", the standard errors and the other policies on demand.

use super::{MAIN, SIMULATIONS};
use crate::components::common::player_select::{PlayerLabel, PlayerSelect};
use crate::components::withdrawal::prior_controls::PriorControls;
use crate::i18n::td_string;
use crate::tr;
use crate::words::policy as policy_words;
use crate::words::text;
use engine::impute::Policy;
use engine::{StartNo, Tournament};
use leptos::prelude::*;

#[component]
pub fn ChancesControls(
    /// The event (its players for the withdrawal).
    tournament: Memo<Tournament>,
    /// P(draw) between equals.
    draw_peak: RwSignal<f64>,
    /// Simulations per policy.
    simulations: RwSignal<u64>,
    /// Policies shown besides the FIDE rule and the Bayesian imputation.
    extra: RwSignal<Vec<Policy>>,
    /// The player who withdraws now, if any.
    withdraw_now: RwSignal<Option<StartNo>>,
    /// Show the standard-error columns.
    show_se: RwSignal<bool>,
    /// The event has games still to play (the withdrawal is offered only then).
    #[prop(into)]
    ongoing: Signal<bool>,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let toggle = move |p: Policy, on: bool| {
        extra.update(|list| {
            list.retain(|&x| x != p);
            if on {
                list.push(p);
            }
        })
    };
    let others = move || {
        Policy::ALL
            .into_iter()
            .filter(|p| !MAIN.contains(p))
            .map(|p| {
                view! {
                    <label class="inline">
                        <input
                            type="checkbox"
                            data-testid=format!("chances-policy-{}", p.id())
                            prop:checked=move || extra.with(|l| l.contains(&p))
                            on:change=move |ev| toggle(p, event_target_checked(&ev))
                        />
                        {move || policy_words::name(lang.get(), p)}
                    </label>
                }
            })
            .collect_view()
    };

    view! {
        <section class="panel controls-panel chances-controls" aria-label=tr!(chances.controls.aria)>
            <PriorControls />
            <div class="chances-settings">
                <label class="inline">
                    {tr!(chances.controls.draw_peak)}
                    " "
                    <input
                        type="number"
                        min="0"
                        max="1"
                        step="0.05"
                        data-testid="chances-draw-peak"
                        prop:value=move || draw_peak.get().to_string()
                        on:change=move |ev| {
                            if let Ok(d) = event_target_value(&ev).trim().parse::<f64>() {
                                if (0.0..=1.0).contains(&d) {
                                    draw_peak.set(d);
                                }
                            }
                        }
                    />
                </label>
                <label class="inline">
                    {tr!(chances.controls.simulations)}
                    " "
                    <select
                        data-testid="chances-simulations"
                        on:change=move |ev| {
                            if let Ok(n) = event_target_value(&ev).parse::<u64>() {
                                simulations.set(n);
                            }
                        }
                    >
                        {SIMULATIONS
                            .into_iter()
                            .map(|n| view! {
                                <option value=n.to_string() selected=move || simulations.get() == n>
                                    {move || text::count_in(lang.get(), n)}
                                </option>
                            })
                            .collect_view()}
                    </select>
                </label>
                <Show when=move || ongoing.get()>
                    <label class="inline">
                        {tr!(chances.controls.withdraw_now)}
                        " "
                        // Drawn again when the language changes: the placeholder is a plain word.
                        {move || {
                            let nobody = td_string!(lang.get(), chances.controls.nobody);
                            view! {
                                <PlayerSelect
                                    tournament=tournament
                                    value=Signal::derive(move || withdraw_now.get())
                                    on_pick=Callback::new(move |p: Option<StartNo>| withdraw_now.set(p))
                                    testid="chances-withdraw-now"
                                    label=PlayerLabel::NumberName
                                    placeholder=nobody
                                />
                            }
                        }}
                    </label>
                </Show>
                <label class="inline">
                    <input type="checkbox" data-testid="chances-show-se" prop:checked=move || show_se.get() on:change=move |ev| show_se.set(event_target_checked(&ev)) />
                    {tr!(chances.controls.show_se)}
                </label>
            </div>
            <fieldset class="chances-others">
                <legend>{tr!(chances.controls.also_show)}</legend>
                {others}
            </fieldset>
        </section>
    }
}
