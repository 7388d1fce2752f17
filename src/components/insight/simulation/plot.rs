//! The RMSE plot (plotters SVG, see `simulation::plot`) with an HTML legend. The table above
//! it carries the same numbers for screen readers; the SVG is one labelled image.

use crate::components::common::plot_figure::use_palette;
use crate::i18n::td_string;
use crate::policies::look;
use crate::simulation::plot::rmse_svg;
use crate::tr;
use crate::words::policy as policy_words;
use engine::simulate::{StudyResult, METHODS};
use leptos::prelude::*;

#[component]
pub fn RmsePlot(
    /// The finished study.
    result: StudyResult,
) -> impl IntoView {
    // Redrawn when the colour scheme changes: the methods' colours are the scheme's.
    let dark = Memo::new({
        let palette = use_palette();
        move |_| palette.get().dark
    });
    let lang = crate::lang::use_lang();
    let svg = move || rmse_svg(lang.get(), &result, dark.get());
    let legend = METHODS
        .iter()
        .map(|&m| {
            let look = look(m);
            let style = move || format!("--swatch: {}", look.css_colour(dark.get()));
            view! {
                <li>
                    <span class="swatch" class:dashed=look.dashed style=style aria-hidden="true"></span>
                    {move || policy_words::name(lang.get(), m)}
                </li>
            }
        })
        .collect_view();
    view! {
        <figure class="sim-plot" data-testid="sim-plot">
            {move || match svg() {
                Ok(svg) => view! {
                    <div
                        class="sim-plot-svg"
                        role="img"
                        aria-label=tr!(simulation.plot.aria)
                        inner_html=svg
                    ></div>
                }
                .into_any(),
                Err(error) => {
                    let message = td_string!(lang.get(), simulation.plot.error, error).to_string();
                    view! { <p class="alert" role="alert">{message}</p> }.into_any()
                }
            }}
            <figcaption>
                <ul class="sim-legend" aria-label=tr!(simulation.plot.legend_aria)>{legend}</ul>
            </figcaption>
        </figure>
    }
}
