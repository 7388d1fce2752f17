//! The standings as CSV, one format for every front end (the CLI's `standings --format csv`
//! and the web app's download): the header `rank,start_no,name,points` and one column per
//! tie-break of the list, then one row per player in the standings' order.
//!
//! Values are written as [`Number`] displays them: exact values in their shortest exact decimal
//! form (`13`, `12.5`, `9.25`), values built from imputed scores to six decimals; an empty cell
//! is a tie-break that does not apply (KS in a Swiss, ARO without a rated game).

use super::{Number, Standings};
use crate::csv_text::CsvWriter;
use crate::model::Tournament;

fn cell(v: Option<Number>) -> String {
    v.map_or_else(String::new, |n| n.to_string())
}

/// The tie-break codes of `s` as column names (`DE`, `BH-C1`, …).
pub fn codes(s: &Standings) -> Vec<String> {
    s.tiebreaks.iter().map(|tb| tb.code()).collect()
}

/// The standings of `t` as CSV. `columns` names the tie-break columns, one per tie-break of
/// `s` in list order: the CLI passes the codes exactly as the user listed them, the app
/// [`codes`]. Names come from `t` (`?` for a start number it does not know).
pub fn standings(t: &Tournament, s: &Standings, columns: &[String]) -> String {
    let fixed = ["rank", "start_no", "name", "points"].into_iter();
    let mut csv = CsvWriter::new(fixed.chain(columns.iter().map(String::as_str)));
    for r in &s.rows {
        let name = t.player(r.start_no).map_or("?", |p| p.name.as_str());
        let fields = [
            r.rank.to_string(),
            r.start_no.to_string(),
            name.to_string(),
            r.points.to_string(),
        ];
        csv.row(
            fields
                .into_iter()
                .chain(r.values.iter().map(|v| cell(v.value))),
        );
    }
    csv.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiebreak::{self, Config, Tiebreak};

    #[test]
    fn header_then_one_row_per_player_in_rank_order() {
        let t = crate::example::withdrawal();
        let config = Config {
            tiebreaks: Tiebreak::parse_list("DE,SB,WIN").expect("codes"),
            ..Config::default()
        };
        let s = tiebreak::standings(&t, &config);
        let csv = standings(&t, &s, &codes(&s));
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "rank,start_no,name,points,DE,SB,WIN");
        assert_eq!(lines.len(), 1 + t.players.len());
        for (line, row) in lines[1..].iter().zip(&s.rows) {
            let cells: Vec<&str> = line.split(',').collect();
            assert_eq!(cells.len(), 7, "{line}");
            assert_eq!(cells[0], row.rank.to_string());
            assert_eq!(cells[1], row.start_no.to_string());
            assert_eq!(cells[3], row.points.to_string());
            assert_eq!(cells[5], cell(row.values[1].value));
        }
    }
}
