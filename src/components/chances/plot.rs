//! One policy's chances as a bar chart (SVG text): per player, P(podium) as a light bar and
//! P(first) as a dark bar over it, in the order of the table. Colours come from the
//! stylesheet (`style/chances.css`), so the chart follows the light and dark themes.

use engine::forecast::Forecast;
use std::fmt::Write as _;

const WIDTH: f64 = 420.0;
const LABEL: f64 = 130.0;
const ROW: f64 = 22.0;
const TOP: f64 = 24.0;

/// Escapes text for SVG.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The chart; `title` is its accessible name.
pub fn chances_svg(f: &Forecast, title: &str) -> String {
    let height = TOP + ROW * f.rows.len() as f64 + 8.0;
    let bar = WIDTH - LABEL - 86.0;
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="chances-plot" viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{}">"#,
        esc(title)
    );
    let _ = write!(
        s,
        r#"<rect class="legend-podium" x="{LABEL}" y="4" width="12" height="10"/><text x="{}" y="13">podium</text><rect class="legend-first" x="{}" y="4" width="12" height="10"/><text x="{}" y="13">first</text>"#,
        LABEL + 16.0,
        LABEL + 80.0,
        LABEL + 96.0
    );
    for (i, r) in f.rows.iter().enumerate() {
        let y = TOP + ROW * i as f64;
        let mut name: String = r.name.chars().take(18).collect();
        if r.name.chars().count() > 18 {
            name.push('…');
        }
        let _ = write!(
            s,
            r#"<g><title>{}: first {:.1} %, podium {:.1} %</title><text x="{}" y="{}" text-anchor="end">{}</text><rect class="bar-podium" x="{LABEL}" y="{}" width="{:.2}" height="14"/><rect class="bar-first" x="{LABEL}" y="{}" width="{:.2}" height="14"/><text x="{:.2}" y="{}" class="bar-value">{:.0} % · {:.0} %</text></g>"#,
            esc(&r.name),
            r.p_first * 100.0,
            r.p_podium * 100.0,
            LABEL - 6.0,
            y + 12.0,
            esc(&name),
            y + 1.0,
            bar * r.p_podium,
            y + 1.0,
            bar * r.p_first,
            LABEL + bar * r.p_podium + 4.0,
            y + 12.0,
            r.p_first * 100.0,
            r.p_podium * 100.0
        );
    }
    s.push_str("</svg>");
    s
}
