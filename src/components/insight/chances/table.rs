//! One policy's chances as a table: points now, expected final points, P(first) and
//! P(podium), each with its standard error (a column when asked for, and on hover).

use crate::i18n::{td_string, Locale};
use crate::tr;
use crate::words::text;
use engine::forecast::Forecast;
use leptos::prelude::*;

/// A probability as a percentage with one decimal in the reader's convention (`37.2 %`,
/// `37,2 %`); exact 0 and 1 read `0 %`/`100 %`.
pub fn percent(locale: Locale, p: f64) -> String {
    let n = if p == 0.0 || p == 1.0 {
        ((p * 100.0) as u32).to_string()
    } else {
        text::dec_in(locale, p * 100.0, 1)
    };
    td_string!(locale, chances.table.percent, n).to_string()
}

/// A probability as a whole percentage (`37 %`), for the bars' labels.
pub fn whole_percent(locale: Locale, p: f64) -> String {
    let n = format!("{:.0}", p * 100.0);
    td_string!(locale, chances.table.percent, n).to_string()
}

/// A standard error in percentage points (`± 0.11`, `± 0,11`).
pub fn plus_minus(locale: Locale, se: f64) -> String {
    format!("± {}", text::dec_in(locale, se * 100.0, 2))
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
    // Drawn for one language: the panels around it are drawn again when it changes.
    let l = crate::lang::use_lang().get_untracked();
    let rows = forecast
        .rows
        .iter()
        .map(|r| {
            let name = if r.withdrawn {
                td_string!(l, chances.table.withdrawn, name = r.name.clone()).to_string()
            } else {
                r.name.clone()
            };
            let se_title = |se: f64| {
                td_string!(
                    l,
                    chances.table.se_title,
                    se = text::dec_in(l, se * 100.0, 2)
                )
                .to_string()
            };
            let (first_title, podium_title) = (se_title(r.se_first), se_title(r.se_podium));
            let (se_first, se_podium) = (plus_minus(l, r.se_first), plus_minus(l, r.se_podium));
            view! {
                <tr data-start-no=r.start_no.to_string()>
                    <th scope="row">{r.start_no}". "{name}</th>
                    <td class="num">{text::two_in(l, r.points_now)}</td>
                    <td class="num">{text::two_in(l, r.expected_points)}</td>
                    <td class="num" title=first_title>{percent(l, r.p_first)}</td>
                    <Show when=move || show_se.get()>
                        <td class="num se">{se_first.clone()}</td>
                    </Show>
                    <td class="num" title=podium_title>{percent(l, r.p_podium)}</td>
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
                        <th scope="col">{tr!(chances.table.player)}</th>
                        <th scope="col" class="num">{tr!(chances.table.points_now)}</th>
                        <th scope="col" class="num">{tr!(chances.table.expected)}</th>
                        <th scope="col" class="num">{tr!(chances.table.first)}</th>
                        <Show when=move || show_se.get()>
                            <th scope="col" class="num">{tr!(chances.table.se)}</th>
                        </Show>
                        <th scope="col" class="num">{tr!(chances.table.podium)}</th>
                        <Show when=move || show_se.get()>
                            <th scope="col" class="num">{tr!(chances.table.se)}</th>
                        </Show>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}
