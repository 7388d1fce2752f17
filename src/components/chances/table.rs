//! One policy's chances as a table: points now, expected final points, P(first) and
//! P(podium), each with its standard error (a column when asked for, and on hover).

use crate::text;
use engine::forecast::Forecast;
use leptos::prelude::*;

/// A probability as a percentage with one decimal (`37.2 %`); exact 0 and 1 read `0 %`/`100 %`.
pub fn percent(p: f64) -> String {
    if p == 0.0 || p == 1.0 {
        format!("{} %", (p * 100.0) as u32)
    } else {
        format!("{:.1} %", p * 100.0)
    }
}

/// A standard error in percentage points (`± 0.11`).
pub fn plus_minus(se: f64) -> String {
    format!("± {:.2}", se * 100.0)
}

#[component]
pub fn ChancesTable(
    /// The forecast to show.
    forecast: Forecast,
    /// Show the standard-error columns.
    #[prop(into)]
    show_se: Signal<bool>,
    /// `data-testid` of the table.
    testid: String,
    /// What the table shows, the name of its scrolling region.
    label: String,
) -> impl IntoView {
    let rows = forecast
        .rows
        .iter()
        .map(|r| {
            let name = if r.withdrawn {
                format!("{} (withdrawn)", r.name)
            } else {
                r.name.clone()
            };
            let first_title = format!(
                "standard error {} percentage points",
                text::dec(r.se_first * 100.0, 2)
            );
            let podium_title = format!(
                "standard error {} percentage points",
                text::dec(r.se_podium * 100.0, 2)
            );
            let (se_first, se_podium) = (plus_minus(r.se_first), plus_minus(r.se_podium));
            view! {
                <tr data-start-no=r.start_no.to_string()>
                    <th scope="row">{r.start_no}". "{name}</th>
                    <td class="num">{text::two(r.points_now)}</td>
                    <td class="num">{text::two(r.expected_points)}</td>
                    <td class="num" title=first_title>{percent(r.p_first)}</td>
                    <Show when=move || show_se.get()>
                        <td class="num se">{se_first.clone()}</td>
                    </Show>
                    <td class="num" title=podium_title>{percent(r.p_podium)}</td>
                    <Show when=move || show_se.get()>
                        <td class="num se">{se_podium.clone()}</td>
                    </Show>
                </tr>
            }
        })
        .collect_view();
    view! {
        // Focusable and named: a keyboard user can scroll it when the columns overflow.
        <div class="table-scroll" tabindex="0" role="region" aria-label=label>
            <table class="data chances-table" data-testid=testid>
                <thead>
                    <tr>
                        <th scope="col">"Player"</th>
                        <th scope="col" class="num">"Points now"</th>
                        <th scope="col" class="num">"Expected final points"</th>
                        <th scope="col" class="num">"P(first)"</th>
                        <Show when=move || show_se.get()>
                            <th scope="col" class="num">"SE (pp)"</th>
                        </Show>
                        <th scope="col" class="num">"P(podium)"</th>
                        <Show when=move || show_se.get()>
                            <th scope="col" class="num">"SE (pp)"</th>
                        </Show>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}
