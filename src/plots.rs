//! The plots, drawn with plotters into SVG strings. Each function draws exactly the series the
//! engine returned (`engine::sensitivity`); nothing is computed here but positions.
//!
//! Colours come from a [`Palette`] for the page's colour scheme (light or dark), so that a plot is
//! readable on either and a downloaded SVG looks like the one on screen. Words (axes, legends,
//! labels) come from the `sensitivity` catalogue and numbers are written in the reader's
//! convention (`0,5` in French and German), so each function takes the language.

use crate::i18n::{td_string, Locale};
use crate::words::text;
use engine::impute::Policy;
use engine::sensitivity::{Cliff, KSweep, PlayerSeries};
use engine::StartNo;
use plotters::coord::ranged1d::ValueFormatter;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

/// Size of the main plots in SVG user units (they scale to the page width).
pub const SIZE: (u32, u32) = (720, 400);
/// Size of the small plots (the Learn page).
pub const SMALL: (u32, u32) = (420, 240);

const FONT: &str = "sans-serif";

/// The colours of a plot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    pub background: RGBColor,
    pub text: RGBColor,
    pub grid: RGBColor,
    pub axis: RGBColor,
    /// Series colours, cycled.
    pub series: [RGBColor; 10],
    /// Reference lines (forfeit, real result, current k).
    pub reference: RGBColor,
    /// The dark scheme (policies take their colour for it from `policies::look`).
    pub dark: bool,
}

impl Palette {
    /// The light scheme (the stylesheet's light surface and text colours).
    pub const LIGHT: Palette = Palette {
        background: RGBColor(0xff, 0xff, 0xff),
        text: RGBColor(0x1b, 0x1f, 0x24),
        grid: RGBColor(0xe4, 0xe8, 0xee),
        axis: RGBColor(0x5b, 0x64, 0x72),
        series: [
            RGBColor(0x1f, 0x5f, 0xbf),
            RGBColor(0xd5, 0x5e, 0x00),
            RGBColor(0x00, 0x86, 0x5c),
            RGBColor(0xb3, 0x26, 0x1e),
            RGBColor(0x75, 0x4a, 0xb8),
            RGBColor(0x8c, 0x56, 0x4b),
            RGBColor(0xc2, 0x3b, 0x8a),
            RGBColor(0x4d, 0x55, 0x60),
            RGBColor(0x8a, 0x7a, 0x00),
            RGBColor(0x00, 0x7c, 0x91),
        ],
        reference: RGBColor(0x1b, 0x1f, 0x24),
        dark: false,
    };
    /// The dark scheme.
    pub const DARK: Palette = Palette {
        background: RGBColor(0x1b, 0x1e, 0x23),
        text: RGBColor(0xe6, 0xe9, 0xee),
        grid: RGBColor(0x30, 0x35, 0x3d),
        axis: RGBColor(0xa2, 0xab, 0xb8),
        series: [
            RGBColor(0x7f, 0xb0, 0xff),
            RGBColor(0xff, 0xa6, 0x57),
            RGBColor(0x5f, 0xd6, 0x9a),
            RGBColor(0xff, 0x8f, 0x86),
            RGBColor(0xc4, 0xa7, 0xff),
            RGBColor(0xd9, 0xae, 0x94),
            RGBColor(0xf5, 0x9f, 0xd0),
            RGBColor(0xc8, 0xcd, 0xd4),
            RGBColor(0xe8, 0xd8, 0x5a),
            RGBColor(0x6f, 0xd8, 0xe8),
        ],
        reference: RGBColor(0xe6, 0xe9, 0xee),
        dark: true,
    };

    pub fn for_scheme(dark: bool) -> Palette {
        if dark {
            Palette::DARK
        } else {
            Palette::LIGHT
        }
    }

    pub fn colour(&self, i: usize) -> RGBColor {
        self.series[i % self.series.len()]
    }

    /// A policy's colour, the same in every plot and legend (see `policies::look`).
    pub fn policy(&self, p: Policy) -> RGBColor {
        crate::policies::look(p).colour(self.dark)
    }
}

/// Where the plotting area of a k plot lies in the SVG (user units), so that the current k can
/// be marked by a light overlay instead of redrawing the whole plot on every move of the slider.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Frame {
    pub left: f64,
    pub right: f64,
    pub top: f64,
    pub bottom: f64,
    pub k_max: f64,
}

impl Frame {
    fn of(root_area: &DrawingArea<SVGBackend<'_>, Shift>, k_max: f64) -> Frame {
        let (x, y) = root_area.get_pixel_range();
        Frame {
            left: f64::from(x.start),
            right: f64::from(x.end),
            top: f64::from(y.start),
            bottom: f64::from(y.end),
            k_max,
        }
    }

    /// SVG elements marking k: a vertical line and its label (to go over the plot, or into a
    /// downloaded copy of it), the number written as language `l` writes it.
    pub fn marker(&self, l: Locale, k: f64, p: &Palette) -> String {
        if self.right <= self.left || self.k_max <= 0.0 {
            return String::new();
        }
        let x = self.left + (self.right - self.left) * (k.clamp(0.0, self.k_max) / self.k_max);
        let colour = |c: RGBColor| format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2);
        format!(
            "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"{}\" stroke-width=\"1.5\"/><text x=\"{:.1}\" y=\"{:.1}\" font-family=\"{FONT}\" font-size=\"13\" fill=\"{}\">k = {}</text>",
            self.top,
            self.bottom,
            colour(p.axis),
            x + 4.0,
            self.top + 14.0,
            colour(p.text),
            text::k_value_in(l, k)
        )
    }
}

/// A drawn plot and, for the k plots, where k lies on it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plot {
    pub svg: String,
    pub frame: Option<Frame>,
}

/// `svg` with `extra` elements added at the end (over everything else).
pub fn with_overlay(svg: &str, extra: &str) -> String {
    match svg.rfind("</svg>") {
        Some(i) if !extra.is_empty() => format!("{}{extra}{}", &svg[..i], &svg[i..]),
        _ => svg.to_string(),
    }
}

type Root<'a> = DrawingArea<SVGBackend<'a>, Shift>;
type PlotResult = Result<(), Box<dyn std::error::Error>>;

/// Draws into an SVG string; a drawing failure becomes an SVG with the error as text (in
/// language `l`), never a panic.
fn svg(l: Locale, size: (u32, u32), draw: impl FnOnce(&Root) -> PlotResult) -> String {
    let mut out = String::new();
    let failed = {
        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
        let r = draw(&root).and_then(|()| root.present().map_err(|e| e.to_string().into()));
        r.err().map(|e| e.to_string())
    };
    match failed {
        None => out,
        Some(error) => {
            let message = td_string!(l, sensitivity.plot.failed, error).to_string();
            format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\"><text x=\"10\" y=\"20\">{}</text></svg>",
                size.0,
                size.1,
                escape(&message)
            )
        }
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A tick label of a numeric axis as plotters writes it (`0.0`, `0.25`, `12.0`), in the reader's
/// convention (`0,25`).
fn tick(l: Locale, x: &f64) -> String {
    text::localise(l, RangedCoordf64::format(x))
}

fn text_style(p: &Palette, size: u32) -> TextStyle<'static> {
    (FONT, size).into_font().color(&p.text)
}

/// A name cut to 18 characters for labels.
pub fn short_name(name: &str) -> String {
    let n: String = name.chars().take(18).collect();
    if name.chars().count() > 18 {
        format!("{}…", n.trim_end())
    } else {
        n
    }
}

/// Plot 1: each unplayed game's imputed score against k, with its Elo-only level (dotted, same
/// colour), the forfeit's 1.0 and the current k.
pub fn imputed_vs_k(
    l: Locale,
    sweep: &KSweep,
    name: &dyn Fn(StartNo) -> String,
    p: &Palette,
) -> Plot {
    let k_max = sweep.ks.last().copied().unwrap_or(crate::prior::SLIDER_MAX);
    let reference = p.reference;
    let mut frame = None;
    let ticks = |x: &f64| tick(l, x);
    let svg = svg(l, SIZE, |root| {
        root.fill(&p.background)?;
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(56)
            .build_cartesian_2d(0f64..k_max, 0f64..1.05f64)?;
        chart
            .configure_mesh()
            .x_desc(td_string!(l, sensitivity.plot.axis_k))
            .y_desc(td_string!(l, sensitivity.plot.axis_imputed))
            .x_label_formatter(&ticks)
            .y_label_formatter(&ticks)
            .axis_desc_style(text_style(p, 15))
            .label_style(text_style(p, 13))
            .axis_style(p.axis)
            .bold_line_style(p.grid)
            .light_line_style(p.background)
            .draw()?;
        chart
            .draw_series(DashedLineSeries::new(
                [(0.0, 1.0), (k_max, 1.0)],
                8,
                5,
                p.reference.stroke_width(2),
            ))?
            .label(
                td_string!(
                    l,
                    sensitivity.plot.legend_forfeit,
                    value = text::dec_in(l, 1.0, 1)
                )
                .to_string(),
            )
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 18, y)], reference.stroke_width(2))
            });
        for (i, g) in sweep.games.iter().enumerate() {
            let c = p.colour(i);
            chart.draw_series(DashedLineSeries::new(
                [(0.0, g.elo), (k_max, g.elo)],
                3,
                4,
                c.stroke_width(1),
            ))?;
            let label = td_string!(
                l,
                sensitivity.game,
                player = short_name(&name(g.player)),
                opponent = short_name(&name(g.opponent))
            )
            .to_string();
            chart
                .draw_series(LineSeries::new(
                    sweep.ks.iter().copied().zip(g.scores.iter().copied()),
                    c.stroke_width(3),
                ))?
                .label(label)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(3))
                });
        }
        frame = Some(Frame::of(&chart.plotting_area().strip_coord_spec(), k_max));
        legend(&mut chart, p, SeriesLabelPosition::LowerRight)?;
        Ok(())
    });
    Plot { svg, frame }
}

type Chart<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

fn current_k_line(
    l: Locale,
    chart: &mut Chart<'_, '_>,
    k: f64,
    (lo, hi): (f64, f64),
    p: &Palette,
) -> PlotResult {
    chart
        .draw_series(LineSeries::new([(k, lo), (k, hi)], p.axis.stroke_width(1)))
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(std::iter::once(Text::new(
            format!("k = {}", text::k_value_in(l, k)),
            (k, hi),
            text_style(p, 13),
        )))
        .map_err(|e| e.to_string())?;
    Ok(())
}

fn legend<'a>(chart: &mut Chart<'a, 'a>, p: &Palette, position: SeriesLabelPosition) -> PlotResult {
    chart
        .configure_series_labels()
        .position(position)
        .background_style(p.background.mix(0.9))
        .border_style(p.axis)
        .label_font(text_style(p, 12))
        .draw()
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// Plot 2: every player's points under `bayes` against k, with the k values where the order
/// changes marked by circles.
pub fn points_vs_k(
    l: Locale,
    sweep: &KSweep,
    name: &dyn Fn(StartNo) -> String,
    p: &Palette,
) -> Plot {
    let k_max = sweep.ks.last().copied().unwrap_or(crate::prior::SLIDER_MAX);
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for s in sweep.players.values() {
        for &v in &s.points {
            lo = lo.min(v);
            hi = hi.max(v);
        }
    }
    if !lo.is_finite() {
        (lo, hi) = (0.0, 1.0);
    }
    let (lo, hi) = ((lo - 0.25).floor().max(0.0), hi + 0.5);
    let mut frame = None;
    let ticks = |x: &f64| tick(l, x);
    let svg = svg(l, SIZE, |root| {
        root.fill(&p.background)?;
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .x_label_area_size(44)
            .margin_right(170)
            .y_label_area_size(56)
            .build_cartesian_2d(0f64..k_max, lo..hi)?;
        chart
            .configure_mesh()
            .x_desc(td_string!(l, sensitivity.plot.axis_k))
            .y_desc(td_string!(l, sensitivity.plot.axis_points))
            .x_label_formatter(&ticks)
            .y_label_formatter(&ticks)
            .axis_desc_style(text_style(p, 15))
            .label_style(text_style(p, 13))
            .axis_style(p.axis)
            .bold_line_style(p.grid)
            .light_line_style(p.background)
            .draw()?;
        for (i, s) in sweep.players.values().enumerate() {
            let c = p.colour(i);
            let width = if s.withdrawn { 1 } else { 2 };
            chart.draw_series(LineSeries::new(
                sweep.ks.iter().copied().zip(s.points.iter().copied()),
                c.stroke_width(width),
            ))?;
        }
        // Names at the right end, in the right margin (a legend would hide lines), pushed apart
        // so that players level at k_max do not print over each other.
        let plot_h = f64::from(SIZE.1) - 12.0 - 12.0 - 44.0;
        let gap = (hi - lo) * 14.0 / plot_h;
        // (last points, colour index, series)
        let mut ends: Vec<(f64, usize, &PlayerSeries)> = sweep
            .players
            .values()
            .enumerate()
            .filter_map(|(i, s)| s.points.last().map(|&v| (v, i, s)))
            .collect();
        ends.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut y_prev = f64::INFINITY;
        for (v, i, s) in ends {
            let y = v.min(y_prev - gap);
            y_prev = y;
            let (player, points) = (short_name(&name(s.start_no)), text::two_in(l, v));
            let label = if s.withdrawn {
                td_string!(l, sensitivity.plot.end_label_withdrawn, player, points).to_string()
            } else {
                format!("{player} {points}")
            };
            let anchor = plotters::style::text_anchor::Pos::new(
                plotters::style::text_anchor::HPos::Left,
                plotters::style::text_anchor::VPos::Center,
            );
            chart.plotting_area().draw(&Text::new(
                label,
                (k_max, y),
                (FONT, 12).into_font().color(&p.colour(i)).pos(anchor),
            ))?;
        }
        chart.draw_series(
            sweep
                .crossings
                .iter()
                .map(|c| Circle::new((c.k, c.points), 6, p.reference.stroke_width(2))),
        )?;
        frame = Some(Frame::of(&chart.plotting_area().strip_coord_spec(), k_max));
        Ok(())
    });
    Plot { svg, frame }
}

/// Plot 3: what the other players get from the chosen player's games if they had withdrawn
/// after round r, per policy, with the real result when every game was played.
pub fn cliff(l: Locale, c: &Cliff, p: &Palette) -> String {
    let r_max = c.steps.last().map_or(1, |s| s.after_round.max(1));
    let hi = c
        .steps
        .iter()
        .flat_map(|s| s.received.iter().copied())
        .chain(c.real)
        .fold(1.0f64, f64::max)
        * 1.6; // headroom for the legend above the lines
    let reference = p.reference;
    let ticks = |y: &f64| tick(l, y);
    svg(l, SIZE, |root| {
        root.fill(&p.background)?;
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(56)
            .build_cartesian_2d(-0.2f64..f64::from(r_max) + 0.2, 0f64..hi)?;
        chart
            .configure_mesh()
            .x_desc(td_string!(l, sensitivity.plot.axis_round))
            .y_desc(td_string!(l, sensitivity.plot.axis_received))
            .x_labels((r_max + 1) as usize)
            .x_label_formatter(&|x| format!("{}", x.round()))
            .y_label_formatter(&ticks)
            .axis_desc_style(text_style(p, 15))
            .label_style(text_style(p, 13))
            .axis_style(p.axis)
            .bold_line_style(p.grid)
            .light_line_style(p.background)
            .draw()?;
        if let Some(t) = c.fide_threshold {
            let x = f64::from(t) - 0.5;
            chart.draw_series(DashedLineSeries::new(
                [(x, 0.0), (x, hi)],
                6,
                4,
                p.axis.stroke_width(1),
            ))?;
            chart.draw_series(std::iter::once(Text::new(
                td_string!(l, sensitivity.plot.half_played),
                (x, hi),
                text_style(p, 12),
            )))?;
        }
        if let Some(real) = c.real {
            chart
                .draw_series(DashedLineSeries::new(
                    [(-0.2, real), (f64::from(r_max) + 0.2, real)],
                    8,
                    5,
                    p.reference.stroke_width(2),
                ))?
                .label(td_string!(l, sensitivity.plot.legend_real))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], reference.stroke_width(2))
                });
        }
        for (i, policy) in Policy::ALL.iter().enumerate() {
            let col = p.policy(*policy);
            let width = if *policy == Policy::Bayes || *policy == Policy::Fide {
                3
            } else {
                2
            };
            let pts: Vec<(f64, f64)> = c
                .steps
                .iter()
                .map(|s| (f64::from(s.after_round), s.received[i]))
                .collect();
            // FIDE's rule is a step: draw it as one (vertical jump at the threshold).
            let line: Vec<(f64, f64)> = if *policy == Policy::Fide {
                let mut l = Vec::new();
                for w in pts.windows(2) {
                    l.push(w[0]);
                    let mid = 0.5 * (w[0].0 + w[1].0);
                    l.push((mid, w[0].1));
                    l.push((mid, w[1].1));
                }
                l.extend(pts.last());
                l
            } else {
                pts.clone()
            };
            chart
                .draw_series(LineSeries::new(line, col.stroke_width(width)))?
                .label(crate::words::policy::name(l, *policy))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], col.stroke_width(3))
                });
            chart.draw_series(
                pts.iter()
                    .map(|&(x, y)| Circle::new((x, y), 3, col.filled())),
            )?;
        }
        legend(&mut chart, p, SeriesLabelPosition::UpperLeft)?;
        Ok(())
    })
}

/// [`shrinkage_in`] in English (for the Learn page until it passes its language).
pub fn shrinkage(n: u32, ks: &[f64], weights: &[f64], current_k: f64, p: &Palette) -> String {
    shrinkage_in(Locale::en, n, ks, weights, current_k, p)
}

/// The Learn page's plot: the shrinkage weight w = n/(n + k) against k for the example's n,
/// with the current k marked, numbers as language `l` writes them.
pub fn shrinkage_in(
    l: Locale,
    n: u32,
    ks: &[f64],
    weights: &[f64],
    current_k: f64,
    p: &Palette,
) -> String {
    let k_max = ks.last().copied().unwrap_or(crate::prior::SLIDER_MAX);
    let ticks = |x: &f64| tick(l, x);
    svg(l, SMALL, |root| {
        root.fill(&p.background)?;
        let mut chart = ChartBuilder::on(root)
            .margin(10)
            .x_label_area_size(36)
            .y_label_area_size(44)
            .build_cartesian_2d(0f64..k_max, 0f64..1.05f64)?;
        chart
            .configure_mesh()
            .x_desc("k")
            .y_desc(format!("w = {n}/({n} + k)"))
            .x_label_formatter(&ticks)
            .y_label_formatter(&ticks)
            .axis_desc_style(text_style(p, 13))
            .label_style(text_style(p, 12))
            .axis_style(p.axis)
            .bold_line_style(p.grid)
            .light_line_style(p.background)
            .draw()?;
        chart.draw_series(LineSeries::new(
            ks.iter().copied().zip(weights.iter().copied()),
            p.colour(0).stroke_width(3),
        ))?;
        let w = engine::impute::shrinkage_weight(n, current_k);
        chart.draw_series(std::iter::once(Circle::new(
            (current_k.min(k_max), w),
            6,
            p.colour(1).filled(),
        )))?;
        current_k_line(l, &mut chart, current_k.min(k_max), (0.0, 1.05), p)?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::elo::Expectation;
    use engine::impute::Params;

    fn name(p: StartNo) -> String {
        format!("Player {p}")
    }

    #[test]
    fn plots_of_the_example_are_svg_with_every_series() {
        let t = engine::example::withdrawal();
        let sweep = engine::sensitivity::k_sweep(&t, &[], Expectation::Logistic, 20.0, 80).unwrap();
        for dark in [false, true] {
            let pal = Palette::for_scheme(dark);
            let a = imputed_vs_k(Locale::en, &sweep, &name, &pal).svg;
            assert!(a.starts_with("<svg"), "{}", &a[..60.min(a.len())]);
            assert!(a.contains("forfeit (1.0)"));
            assert!(a.matches("<polyline").count() >= 4, "one line per game");
            let plot = points_vs_k(Locale::en, &sweep, &name, &pal);
            let frame = plot.frame.expect("a k plot has a frame");
            assert!(frame.left > 0.0 && frame.right > frame.left && frame.bottom > frame.top);
            let marked = with_overlay(&plot.svg, &frame.marker(Locale::en, 3.0, &pal));
            assert!(marked.contains("k = 3</text>") && marked.trim_end().ends_with("</svg>"));
            let b = plot.svg;
            assert!(b.contains("Player 4 ") && b.contains(" (withdrew)"));
            let c = cliff(
                Locale::en,
                &engine::sensitivity::cliff(&t, 4, Params::default()).unwrap(),
                &pal,
            );
            assert!(c.contains("FIDE rule") && c.contains("50 % played"));
        }
    }

    #[test]
    fn names_are_escaped_by_the_backend() {
        let t = engine::example::withdrawal();
        let sweep = engine::sensitivity::k_sweep(&t, &[], Expectation::Logistic, 20.0, 10).unwrap();
        let evil = |_: StartNo| "<script>x</script>".to_string();
        let svg = imputed_vs_k(Locale::en, &sweep, &evil, &Palette::LIGHT).svg;
        assert!(!svg.contains("<script>"));
    }

    #[test]
    fn words_and_ticks_follow_the_language() {
        let t = engine::example::withdrawal();
        let sweep = engine::sensitivity::k_sweep(&t, &[], Expectation::Logistic, 20.0, 80).unwrap();
        let en = imputed_vs_k(Locale::en, &sweep, &name, &Palette::LIGHT).svg;
        let de = imputed_vs_k(Locale::de, &sweep, &name, &Palette::LIGHT).svg;
        let ja = imputed_vs_k(Locale::ja, &sweep, &name, &Palette::LIGHT).svg;
        // The score axis' ticks: 0.2 in English and Japanese, 0,2 in German.
        assert!(
            en.contains(">\n0.2\n</text>") && ja.contains(">\n0.2\n</text>"),
            "{en}"
        );
        assert!(de.contains(">\n0,2\n</text>") && !de.contains(">\n0.2\n</text>"));
        assert!(en.contains("prior strength k"));
        assert!(!de.contains("prior strength k") && !ja.contains("prior strength k"));
        let frame = points_vs_k(Locale::fr, &sweep, &name, &Palette::LIGHT)
            .frame
            .unwrap();
        assert!(frame
            .marker(Locale::fr, 2.5, &Palette::LIGHT)
            .contains("k = 2,5</text>"));
    }
}
