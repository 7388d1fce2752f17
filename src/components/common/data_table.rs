//! Read-only data tables (the numbers next to a plot, the what-if comparisons) built as escaped
//! HTML text and set in one go. These tables are rebuilt whole whenever their data changes, so
//! fine-grained reactivity buys nothing there, and one small builder instead of a typed view per
//! table keeps the wasm small. The markup is the same a `view!` would give: caption, `th` with
//! `scope`, row headers, and visually hidden notes for screen readers.

use leptos::prelude::*;

/// A table cell.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Cell {
    pub text: String,
    /// Right-aligned number.
    pub num: bool,
    /// Extra classes (`moved`, `current`, …).
    pub class: &'static str,
    /// Said to screen readers only (e.g. "(really 3rd)").
    pub note: String,
    /// Shown after the text in a smaller, muted style (see [`Cell::small`]).
    pub sub: String,
}

impl Cell {
    pub fn text(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            ..Cell::default()
        }
    }

    pub fn num(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            num: true,
            ..Cell::default()
        }
    }

    pub fn class(mut self, class: &'static str) -> Cell {
        self.class = class;
        self
    }

    pub fn note(mut self, note: impl Into<String>) -> Cell {
        self.note = note.into();
        self
    }

    pub fn small(mut self, sub: impl Into<String>) -> Cell {
        self.sub = sub.into();
        self
    }
}

/// A row: its header cell (`th scope=row`) and data cells.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Row {
    pub header: String,
    pub cells: Vec<Cell>,
    /// Classes of the `tr` (`withdrawn`, `best`, `selected`).
    pub class: &'static str,
}

/// A whole table.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    pub testid: &'static str,
    pub class: &'static str,
    pub caption: String,
    /// Column headings: the first is the row headers' column. A heading starting with `#` is
    /// right-aligned (numbers) and shown without the `#`.
    pub head: Vec<String>,
    pub rows: Vec<Row>,
}

/// `s` with `& < > "` escaped, for text and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

impl Table {
    pub fn to_html(&self) -> String {
        let mut h = String::with_capacity(256 + 64 * self.rows.len() * (self.head.len() + 1));
        h.push_str(&format!(
            "<table data-testid=\"{}\" class=\"{}\"><caption>{}</caption><thead><tr>",
            self.testid,
            self.class,
            escape(&self.caption)
        ));
        for col in &self.head {
            match col.strip_prefix('#') {
                Some(c) => h.push_str(&format!(
                    "<th scope=\"col\" class=\"num\">{}</th>",
                    escape(c)
                )),
                None => h.push_str(&format!("<th scope=\"col\">{}</th>", escape(col))),
            }
        }
        h.push_str("</tr></thead><tbody>");
        for r in &self.rows {
            h.push_str(&format!(
                "<tr class=\"{}\"><th scope=\"row\">{}</th>",
                r.class,
                escape(&r.header)
            ));
            for c in &r.cells {
                let class = match (c.num, c.class.is_empty()) {
                    (true, true) => "num".to_string(),
                    (true, false) => ["num", c.class].join(" "),
                    (false, _) => c.class.to_string(),
                };
                h.push_str(&format!("<td class=\"{class}\">{}", escape(&c.text)));
                if !c.sub.is_empty() {
                    h.push_str(&format!("<span class=\"sub\">{}</span>", escape(&c.sub)));
                }
                if !c.note.is_empty() {
                    h.push_str(&format!(
                        "<span class=\"visually-hidden\">{}</span>",
                        escape(&c.note)
                    ));
                }
                h.push_str("</td>");
            }
            h.push_str("</tr>");
        }
        h.push_str("</tbody></table>");
        h
    }
}

#[component]
pub fn DataTable(
    /// The table, or nothing to show.
    #[prop(into)]
    table: Signal<Option<Table>>,
) -> impl IntoView {
    // The box scrolls sideways on a narrow screen and holds nothing focusable: it takes the
    // focus itself so that a keyboard can scroll it (axe scrollable-region-focusable), named
    // after the table's caption.
    let label = move || table.with(|t| t.as_ref().map(|t| t.caption.clone()).unwrap_or_default());
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-label=label inner_html=move || table.with(|t| t.as_ref().map(Table::to_html).unwrap_or_default())></div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_escaped_accessible_markup() {
        let t = Table {
            testid: "t",
            class: "whatif",
            caption: "A & B".into(),
            head: vec!["Player".into(), "#Points".into()],
            rows: vec![Row {
                header: "<b>Bob</b>".into(),
                cells: vec![Cell::num("1.50").class("moved").note(" (really 2nd)")],
                class: "best",
            }],
        };
        let h = t.to_html();
        assert!(
            h.starts_with("<table data-testid=\"t\" class=\"whatif\"><caption>A &amp; B</caption>")
        );
        assert!(h.contains("<th scope=\"col\" class=\"num\">Points</th>"));
        assert!(h.contains("<tr class=\"best\"><th scope=\"row\">&lt;b&gt;Bob&lt;/b&gt;</th>"));
        assert!(h.contains(
            "<td class=\"num moved\">1.50<span class=\"visually-hidden\"> (really 2nd)</span></td>"
        ));
    }
}
