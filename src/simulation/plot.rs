//! The plot of RMSE by scenario and method: plotters' SVG backend into a string, one line per
//! method over the scenarios in the table's order. Text and axes are drawn in `currentColor`
//! so the plot follows the page's light or dark theme; the legend is HTML (see the results
//! component), so it can be read by screen readers and wraps on a phone.

use crate::i18n::{td_string, Locale};
use crate::policies::look;
use engine::impute::Policy;
use engine::simulate::{StudyResult, METHODS};
use plotters::prelude::*;

/// Size of the drawing in SVG units (it scales to the container's width).
pub const WIDTH: u32 = 760;
pub const HEIGHT: u32 = 340;

/// A colour no real element uses; replaced by `currentColor` after drawing.
const INK: RGBColor = RGBColor(0x01, 0x02, 0x03);
const INK_HEX: &str = "#010203";

/// The SVG document (`<svg …>…</svg>`) with each method in its colour for the scheme (`dark`,
/// from `policies::look`) and its words and numbers in `locale`, or plotters' error message.
pub fn rmse_svg(locale: Locale, result: &StudyResult, dark: bool) -> Result<String, String> {
    let rows = &result.scenarios;
    let n = rows.len() as i32;
    let values = rows.iter().flat_map(|r| r.rmse.to_array());
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    let (lo, hi) = if lo.is_finite() && hi.is_finite() {
        let pad = ((hi - lo) * 0.08).max(0.01);
        ((lo - pad).max(0.0), hi + pad)
    } else {
        (0.0, 1.0)
    };
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        let err = |e: DrawingAreaErrorKind<_>| e.to_string();
        let text = ("sans-serif", 16).into_font().color(&INK);
        let mut chart = ChartBuilder::on(&root)
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(56)
            .build_cartesian_2d(0..n + 1, lo..hi)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels((n + 2) as usize)
            .x_label_formatter(&|x| {
                if (1..=n).contains(x) {
                    x.to_string()
                } else {
                    String::new()
                }
            })
            .y_labels(6)
            .y_label_formatter(&|y| crate::words::text::dec_in(locale, *y, 2))
            .x_desc(td_string!(locale, simulation.plot.axis_x))
            .y_desc(td_string!(locale, simulation.plot.axis_y))
            .label_style(text.clone())
            .axis_desc_style(text)
            .axis_style(INK)
            .bold_line_style(INK.mix(0.15))
            .light_line_style(TRANSPARENT)
            .draw()
            .map_err(err)?;
        for m in METHODS {
            let points: Vec<(i32, f64)> = rows
                .iter()
                .enumerate()
                .map(|(i, r)| (i as i32 + 1, r.rmse.get(m)))
                .collect();
            let width = if m == Policy::Bayes { 3 } else { 2 };
            let look = look(m);
            let style = look.colour(dark).stroke_width(width);
            if look.dashed {
                chart
                    .draw_series(DashedLineSeries::new(points.clone(), 6, 4, style))
                    .map_err(err)?;
            } else {
                chart
                    .draw_series(LineSeries::new(points.clone(), style))
                    .map_err(err)?;
            }
            chart
                .draw_series(
                    points
                        .iter()
                        .map(|&p| Circle::new(p, 3, look.colour(dark).filled())),
                )
                .map_err(err)?;
        }
        root.present().map_err(err)?;
    }
    Ok(svg.replace(INK_HEX, "currentColor"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::simulate::{run_study, StudyConfig};

    #[test]
    fn one_line_per_method_and_themeable_ink() {
        let r = run_study(
            &StudyConfig {
                tournaments: 20,
                ..StudyConfig::default()
            },
            1,
            |_, _| {},
        )
        .expect("valid config");
        let svg = rmse_svg(Locale::en, &r, false).expect("plotters draws");
        assert!(svg.starts_with("<svg"), "{}", &svg[..60.min(svg.len())]);
        assert!(!svg.contains(INK_HEX) && svg.contains("currentColor"));
        for m in METHODS {
            let RGBColor(r, g, b) = look(m).light;
            let hex = format!("#{r:02X}{g:02X}{b:02X}");
            // 18 markers per method.
            assert!(svg.matches(&hex).count() >= 18, "{m:?} ({hex})");
        }
        for label in ["1", "18"] {
            // plotters writes each text on its own line.
            assert!(
                svg.contains(&format!(">\n{label}\n</text>")),
                "x label {label}"
            );
        }
    }
}
