//! The RMSE plot (plotters SVG, see `simulation::plot`) with an HTML legend. The table above
//! it carries the same numbers for screen readers; the SVG is one labelled image.

use crate::simulation::plot::{css_colour, dashed, rmse_svg};
use engine::simulate::{StudyResult, METHODS};
use leptos::prelude::*;

#[component]
pub fn RmsePlot(
    /// The finished study.
    result: StudyResult,
) -> impl IntoView {
    let svg = rmse_svg(&result);
    let legend = METHODS
        .iter()
        .map(|&m| {
            let style = format!("--swatch: {}", css_colour(m));
            view! {
                <li>
                    <span class="swatch" class:dashed=dashed(m) style=style aria-hidden="true"></span>
                    {m.label()}
                </li>
            }
        })
        .collect_view();
    view! {
        <figure class="sim-plot" data-testid="sim-plot">
            {match svg {
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
