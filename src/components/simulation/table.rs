//! The per-scenario RMSE table: one row per scenario, the six methods' RMSEs, the lowest of
//! each row highlighted (ties all highlighted).

use crate::policies::look;
use crate::simulation::note::signed;
use engine::impute::Policy;
use engine::simulate::{StudyResult, METHODS};
use leptos::prelude::*;

#[component]
pub fn RmseTable(
    /// The finished study.
    result: StudyResult,
) -> impl IntoView {
    let rows = result
        .scenarios
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let best = r.best_methods();
            let cells = METHODS
                .iter()
                .map(|&m| {
                    let value = format!("{:.4}", r.rmse.get(m));
                    let lowest = best.contains(&m);
                    view! {
                        <td class="num" class:best=lowest data-method=m.id()>
                            {if lowest {
                                view! {
                                    <strong>{value}</strong>
                                    <span class="visually-hidden">" (lowest)"</span>
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
                    <td class="num">{r.rating_sd}</td>
                    <td class="num">{signed(r.form)}</td>
                    <td class="num">{r.withdrawal_after}</td>
                    <td>{r.fide_resolves_to.label().to_lowercase()}</td>
                    {cells}
                </tr>
            }
        })
        .collect_view();
    let headers = METHODS
        .iter()
        .map(|&m| {
            // Short headers keep the table within a laptop's width; the full name is the title.
            let short = match m {
                Policy::Bayes => format!("{} k={}", look(m).short, result.k),
                _ => look(m).short.to_string(),
            };
            view! {
                <th scope="col" class="num" title=m.label()>
                    <abbr title=m.label()>{short}</abbr>
                </th>
            }
        })
        .collect_view();
    view! {
        <p class="muted sim-table-help" id="sim-table-help">
            "RMSE of the opponent's score over the unplayed games, per scenario (lower is better; "
            <strong>"bold"</strong>
            " = lowest in the row). σ: rating spread; β: W's form; n: games W played."
        </p>
        <div class="table-scroll">
            <table class="sim-table" data-testid="sim-table" aria-describedby="sim-table-help">
                <caption class="visually-hidden">"RMSE per scenario and method"</caption>
                <thead>
                    <tr>
                        <th scope="col" class="num">"#"</th>
                        <th scope="col" class="num">"σ"</th>
                        <th scope="col" class="num">"β"</th>
                        <th scope="col" class="num">"n"</th>
                        <th scope="col">"FIDE does"</th>
                        {headers}
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}
