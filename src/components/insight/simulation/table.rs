//! The per-scenario RMSE table: one row per scenario, the six methods' RMSEs, the lowest of
//! each row highlighted (ties all highlighted).

use crate::i18n::{td, td_string, Locale};
use crate::simulation::note::{number, signed_in};
use crate::tr;
use crate::words::policy as policy_words;
use crate::words::text;
use engine::impute::Policy;
use engine::simulate::{StudyResult, METHODS};
use leptos::prelude::*;

#[component]
pub fn RmseTable(
    /// The finished study.
    result: StudyResult,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let result = StoredValue::new(result);
    let rows = move || {
        let l = lang.get();
        result.with_value(|result| rows(l, result))
    };
    let headers = move || {
        let l = lang.get();
        result.with_value(|result| headers(l, result))
    };
    view! {
        <p class="muted sim-table-help" id="sim-table-help">
            {move || td!(lang.get(), simulation.table.help, <strong> = <strong />)}
        </p>
        <div class="table-scroll">
            <table class="sim-table" data-testid="sim-table" aria-describedby="sim-table-help">
                <caption class="visually-hidden">{tr!(simulation.table.caption)}</caption>
                <thead>
                    <tr>
                        <th scope="col" class="num">"#"</th>
                        <th scope="col" class="num">"σ"</th>
                        <th scope="col" class="num">"β"</th>
                        <th scope="col" class="num">"n"</th>
                        <th scope="col">{tr!(simulation.table.fide_does)}</th>
                        {headers}
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

/// One row per scenario, the lowest RMSE of each marked.
fn rows(l: Locale, result: &StudyResult) -> impl IntoView {
    result
        .scenarios
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let best = r.best_methods();
            let cells = METHODS
                .iter()
                .map(|&m| {
                    let value = text::dec_in(l, r.rmse.get(m), 4);
                    let lowest = best.contains(&m);
                    view! {
                        <td class="num" class:best=lowest data-method=m.id()>
                            {if lowest {
                                view! {
                                    <strong>{value}</strong>
                                    <span class="visually-hidden">" "{td_string!(l, simulation.table.lowest)}</span>
                                }
                                .into_any()
                            } else {
                                value.into_any()
                            }}
                        </td>
                    }
                })
                .collect_view();
            view! {
                <tr>
                    <th scope="row" class="num">{i + 1}</th>
                    <td class="num">{number(l, r.rating_sd)}</td>
                    <td class="num">{signed_in(l, r.form)}</td>
                    <td class="num">{r.withdrawal_after}</td>
                    <td>{policy_words::in_text(l, r.fide_resolves_to)}</td>
                    {cells}
                </tr>
            }
        })
        .collect_view()
}

/// The methods' column headers.
fn headers(l: Locale, result: &StudyResult) -> impl IntoView {
    METHODS
        .iter()
        .map(|&m| {
            // Short headers keep the table within a laptop's width; the full name is the title.
            let name = policy_words::short(l, m);
            let short = match m {
                Policy::Bayes => {
                    let k = number(l, result.k);
                    td_string!(l, simulation.table.bayes_short, name, k).to_string()
                }
                _ => name.to_string(),
            };
            let long = policy_words::name(l, m);
            view! {
                <th scope="col" class="num" title=long>
                    <abbr title=long>{short}</abbr>
                </th>
            }
        })
        .collect_view()
}
