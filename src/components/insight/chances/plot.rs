//! One policy's chances as a bar chart (SVG text): per player, P(podium) as a light bar and
//! P(first) as a dark bar over it, in the order of the table. Colours come from the
//! stylesheet (`style/chances.css`), so the chart follows the light and dark themes.

use super::table::{percent, whole_percent};
use crate::components::common::data_table::escape as esc;
use crate::i18n::{td_string, Locale};
use engine::forecast::Forecast;
use std::fmt::Write as _;

const WIDTH: f64 = 420.0;
const LABEL: f64 = 130.0;
const ROW: f64 = 22.0;
const TOP: f64 = 24.0;

/// The chart, its words in `locale`; `title` is its accessible name.
pub fn chances_svg(locale: Locale, f: &Forecast, title: &str) -> String {
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
        r#"<rect class="legend-podium" x="{LABEL}" y="4" width="12" height="10"/><text x="{}" y="13">{}</text><rect class="legend-first" x="{}" y="4" width="12" height="10"/><text x="{}" y="13">{}</text>"#,
        LABEL + 16.0,
        esc(td_string!(locale, chances.plot.podium)),
        LABEL + 80.0,
        LABEL + 96.0,
        esc(td_string!(locale, chances.plot.first))
    );
    for (i, r) in f.rows.iter().enumerate() {
        let y = TOP + ROW * i as f64;
        let mut name: String = r.name.chars().take(18).collect();
        if r.name.chars().count() > 18 {
            name.push('…');
        }
        let bar_title = td_string!(
            locale,
            chances.plot.bar_title,
            player = r.name.clone(),
            first = percent(locale, r.p_first),
            podium = percent(locale, r.p_podium)
        )
        .to_string();
        let _ = write!(
            s,
            r#"<g><title>{}</title><text x="{}" y="{}" text-anchor="end" translate="no">{}</text><rect class="bar-podium" x="{LABEL}" y="{}" width="{:.2}" height="14"/><rect class="bar-first" x="{LABEL}" y="{}" width="{:.2}" height="14"/><text x="{:.2}" y="{}" class="bar-value">{} · {}</text></g>"#,
            esc(&bar_title),
            LABEL - 6.0,
            y + 12.0,
            esc(&name),
            y + 1.0,
            bar * r.p_podium,
            y + 1.0,
            bar * r.p_first,
            LABEL + bar * r.p_podium + 4.0,
            y + 12.0,
            whole_percent(locale, r.p_first),
            whole_percent(locale, r.p_podium)
        );
    }
    s.push_str("</svg>");
    s
}
