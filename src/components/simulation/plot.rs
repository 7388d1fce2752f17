//! The RMSE plot (plotters SVG, see `simulation::plot`) with an HTML legend. The table above
//! it carries the same numbers for screen readers; the SVG is one labelled image.

use crate::components::plot_figure::use_palette;
use crate::policies::look;
use crate::simulation::plot::rmse_svg;
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
    let svg = move || rmse_svg(&result, dark.get());
    let legend = METHODS
        .iter()
        .map(|&m| {
            let look = look(m);
            let style = move || format!("--swatch: {}", look.css_colour(dark.get()));
            view! {
                <li>
                    <span class="swatch" class:dashed=look.dashed style=style aria-hidden="true"></span>
                    {look.long}
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
                        aria-label="RMSE of each method by scenario; the numbers are in the table above"
                        inner_html=svg
                    ></div>
                }
                .into_any(),
                Err(e) => view! { <p class="alert" role="alert">{format!("The plot could not be drawn: {e}")}</p> }
                    .into_any(),
            }}
            <figcaption>
                <ul class="sim-legend" aria-label="Methods">{legend}</ul>
            </figcaption>
        </figure>
    }
}
