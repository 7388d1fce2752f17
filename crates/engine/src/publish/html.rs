//! The published page, written as text: every piece of user text through [`escape`].

use super::strings::{Phrase, Strings};
use crate::impute::Params;
use crate::model::{ByeKind, Color, Entry, Format, GameResult, Outcome, StartNo, Tournament};
use crate::standings::{self, Basis};
use crate::tiebreak::{Config, Standings};
use std::fmt::Write as _;

/// `text` safe inside HTML text and attribute values (`& < > " '`).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The page's stylesheet: readable on a phone, tables that scroll sideways, and a print
/// layout (no scrolling, no QR link colours, rounds kept whole on a page where they fit).
const STYLE: &str = "\
:root{color-scheme:light;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1a1a1a;background:#fff}\
body{margin:0 auto;max-width:72rem;padding:1rem;line-height:1.4}\
h1{font-size:1.6rem;margin:.2rem 0}h2{font-size:1.25rem;margin:1.6rem 0 .5rem;border-bottom:2px solid #1a1a1a}\
h3{font-size:1.05rem;margin:1rem 0 .3rem}.facts{color:#444;margin:.2rem 0 1rem}\
.scroll{overflow-x:auto}.scroll:focus-visible{outline:2px solid #0645ad;outline-offset:2px}table{border-collapse:collapse;margin:.3rem 0 1rem;font-variant-numeric:tabular-nums}\
th,td{border:1px solid #999;padding:.2rem .45rem;text-align:center;white-space:nowrap}\
th{background:#eee}td.name,th.name{text-align:left}caption{text-align:left;font-weight:600;padding:.2rem 0}\
td.self{background:#ccc}.wd{font-style:italic;color:#555}.key{color:#444;font-size:.9rem}\
.qr-box{display:flex;gap:1rem;align-items:center;flex-wrap:wrap;margin:.5rem 0}.qr{width:160px;height:160px}\
dl.legend{display:grid;grid-template-columns:max-content 1fr;gap:.1rem .8rem;margin:.3rem 0}dl.legend dt{font-weight:600}\
dl.legend dd{margin:0}a{color:#0645ad}footer{margin-top:2rem;color:#555;font-size:.85rem}\
@media print{body{max-width:none;padding:0;font-size:10pt}.scroll{overflow:visible}\
section.round{break-inside:avoid}h2{break-after:avoid}a{color:inherit;text-decoration:none}\
th{background:#eee!important;-webkit-print-color-adjust:exact;print-color-adjust:exact}}";

/// The whole page of `t` in the words of `s`; `qr` is the address and its QR drawing.
pub fn page(t: &Tournament, s: &Strings, qr: Option<(&str, &str)>) -> String {
    let config = Config {
        tiebreaks: t.tiebreaks(),
        ..Config::default()
    };
    let standings = standings::compute(t, Basis::Recorded, Params::default(), &config).standings;
    let mut out = String::new();
    let title = escape(&t.name);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<header>\n<h1>{title}</h1>\n",
        s.lang
    );
    let _ = writeln!(out, "<p class=\"facts\">{}</p>", escape(&facts(t, s)));
    if let Some((url, svg)) = qr {
        let url = escape(url);
        let _ = writeln!(
            out,
            "<div class=\"qr-box\">{svg}<p>{}<br><a href=\"{url}\">{url}</a></p></div>",
            s.online
        );
    }
    out.push_str("</header>\n<main>\n");
    standings_section(&mut out, t, s, &standings);
    match t.format {
        Format::RoundRobin { .. } => round_robin_section(&mut out, t, s),
        Format::Swiss { .. } => swiss_section(&mut out, t, s, &standings),
    }
    rounds_section(&mut out, t, s);
    let _ = write!(
        out,
        "</main>\n<footer><p>{}</p></footer>\n</body>\n</html>\n",
        s.made_with
    );
    out
}

/// `Round-robin · 10 players · 9 of 9 rounds played · City · Dates: 2026/03/01 – 2026/03/09`.
fn facts(t: &Tournament, s: &Strings) -> String {
    let mut parts = vec![
        (s.phrase)(Phrase::Format(t.format)),
        (s.phrase)(Phrase::Players(t.players.len())),
        // The engine's one count of finished rounds (a requested bye or a paired round
        // without results does not make a round played).
        (s.phrase)(Phrase::RoundsPlayed {
            complete: t.round_progress().complete,
            scheduled: t.scheduled_rounds(),
        }),
    ];
    if !t.info.city.is_empty() {
        parts.push(t.info.city.clone());
    }
    let dates = match (t.info.start_date.as_str(), t.info.end_date.as_str()) {
        ("", "") => String::new(),
        (a, "") | ("", a) => a.to_owned(),
        (a, b) if a == b => a.to_owned(),
        (a, b) => format!("{a} – {b}"),
    };
    if !dates.is_empty() {
        parts.push((s.phrase)(Phrase::Dates(&dates)));
    }
    parts.join(" · ")
}

/// A number as the page's language writes it (`4.5`, `4,5`).
fn number(s: &Strings, n: impl std::fmt::Display) -> String {
    let text = n.to_string();
    if s.decimal_comma {
        text.replace('.', ",")
    } else {
        text
    }
}

fn name(t: &Tournament, p: StartNo) -> String {
    escape(
        &t.player(p)
            .map_or_else(|| format!("#{p}"), |pl| pl.name.clone()),
    )
}

fn rating(t: &Tournament, p: StartNo) -> String {
    t.player(p)
        .and_then(|pl| pl.rating)
        .map_or_else(String::new, |r| r.to_string())
}

fn withdrawn_mark(t: &Tournament, p: StartNo, s: &Strings) -> String {
    if t.withdrawal_of(p).is_some() {
        format!(" <span class=\"wd\">{}</span>", s.withdrawn)
    } else {
        String::new()
    }
}

fn standings_section(out: &mut String, t: &Tournament, s: &Strings, st: &Standings) {
    let _ = write!(
        out,
        "<section aria-labelledby=\"standings\">\n<h2 id=\"standings\">{}</h2>\n<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"standings\"><table>\n<thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\" class=\"name\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th>",
        s.standings, s.rank, s.start_no, s.name, s.rating, s.points
    );
    for tb in &st.tiebreaks {
        let _ = write!(
            out,
            "<th scope=\"col\"><abbr title=\"{}\">{}</abbr></th>",
            escape(&(s.tiebreak)(*tb)),
            escape(&tb.code())
        );
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in &st.rows {
        let p = row.start_no;
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{p}</td><th scope=\"row\" class=\"name\">{}{}</th><td>{}</td><td>{}</td>",
            row.rank,
            name(t, p),
            withdrawn_mark(t, p, s),
            rating(t, p),
            number(s, row.points)
        );
        for v in &row.values {
            let _ = write!(
                out,
                "<td>{}</td>",
                v.value.map_or_else(String::new, |n| number(s, n))
            );
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table></div>\n");
    if !st.tiebreaks.is_empty() {
        let _ = write!(out, "<h3>{}</h3>\n<dl class=\"legend\">", s.legend);
        for tb in &st.tiebreaks {
            let _ = write!(
                out,
                "<dt>{}</dt><dd>{}</dd>",
                escape(&tb.code()),
                escape(&(s.tiebreak)(*tb))
            );
        }
        out.push_str("</dl>\n");
    }
    out.push_str("</section>\n");
}

/// A result from the player's side: `1`, `½`, `0`, `+`, `−`; empty while pending.
fn score_mark(colour: Color, result: GameResult) -> &'static str {
    let forfeit = result.is_forfeit();
    match (result.points_for(colour).map(|p| p.0), forfeit) {
        (None, _) => "",
        (Some(2), false) => "1",
        (Some(1), _) => "½",
        (Some(0), false) => "0",
        (Some(2), true) => "+",
        (_, true) => "−",
        _ => "",
    }
}

fn round_robin_section(out: &mut String, t: &Tournament, s: &Strings) {
    let n = t.players.len() as StartNo;
    let _ = write!(
        out,
        "<section aria-labelledby=\"crosstable\">\n<h2 id=\"crosstable\">{}</h2>\n<p class=\"key\">{}</p>\n<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"crosstable\"><table>\n<thead><tr><th scope=\"col\">{}</th><th scope=\"col\" class=\"name\">{}</th>",
        s.crosstable, s.round_robin_key, s.start_no, s.name
    );
    for q in 1..=n {
        let _ = write!(
            out,
            "<th scope=\"col\"><abbr title=\"{}\">{q}</abbr></th>",
            name(t, q)
        );
    }
    let _ = writeln!(
        out,
        "<th scope=\"col\">{}</th></tr></thead>\n<tbody>",
        s.points
    );
    for p in 1..=n {
        let _ = write!(
            out,
            "<tr><td>{p}</td><th scope=\"row\" class=\"name\">{}{}</th>",
            name(t, p),
            withdrawn_mark(t, p, s)
        );
        for q in 1..=n {
            if p == q {
                out.push_str("<td class=\"self\"></td>");
                continue;
            }
            let marks: Vec<&str> = t
                .rounds
                .iter()
                .filter_map(|r| match r.entry(p) {
                    Entry::Game {
                        opponent,
                        colour,
                        result,
                    } if opponent == q => Some(score_mark(colour, result)),
                    _ => None,
                })
                .collect();
            let _ = write!(out, "<td>{}</td>", marks.join(" "));
        }
        let _ = writeln!(out, "<td>{}</td></tr>", number(s, t.points(p)));
    }
    out.push_str("</tbody>\n</table></div>\n</section>\n");
}

fn swiss_section(out: &mut String, t: &Tournament, s: &Strings, st: &Standings) {
    let rank_of = |p: StartNo| {
        st.rows
            .iter()
            .position(|r| r.start_no == p)
            .map_or(0, |i| i + 1)
    };
    let _ = write!(
        out,
        "<section aria-labelledby=\"crosstable\">\n<h2 id=\"crosstable\">{}</h2>\n<p class=\"key\">{}</p>\n<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"crosstable\"><table>\n<thead><tr><th scope=\"col\">{}</th><th scope=\"col\" class=\"name\">{}</th><th scope=\"col\">{}</th>",
        s.crosstable, s.swiss_key, s.rank, s.name, s.rating
    );
    for r in 1..=t.rounds.len() {
        let _ = write!(out, "<th scope=\"col\">{r}</th>");
    }
    let _ = writeln!(
        out,
        "<th scope=\"col\">{}</th></tr></thead>\n<tbody>",
        s.points
    );
    for (i, row) in st.rows.iter().enumerate() {
        let p = row.start_no;
        let _ = write!(
            out,
            "<tr><td>{}</td><th scope=\"row\" class=\"name\">{}{}</th><td>{}</td>",
            i + 1,
            name(t, p),
            withdrawn_mark(t, p, s),
            rating(t, p)
        );
        for round in &t.rounds {
            let cell = match round.entry(p) {
                Entry::Game {
                    opponent,
                    colour,
                    result,
                } => format!(
                    "{}{}{}",
                    rank_of(opponent),
                    if colour == Color::White {
                        s.white_letter
                    } else {
                        s.black_letter
                    },
                    score_mark(colour, result)
                ),
                Entry::Bye(kind) => match kind {
                    ByeKind::PairingAllocated => "U",
                    ByeKind::Full => "F",
                    ByeKind::Half => "H",
                    ByeKind::Zero => "Z",
                }
                .to_owned(),
                Entry::None => String::new(),
            };
            let _ = write!(out, "<td>{cell}</td>");
        }
        let _ = writeln!(out, "<td>{}</td></tr>", number(s, row.points));
    }
    out.push_str("</tbody>\n</table></div>\n</section>\n");
}

/// A game's result as a results list prints it: `1-0`, `½-½`, `0-1`, `+/-`, …; empty while
/// pending.
fn result_mark(result: GameResult) -> &'static str {
    match result {
        GameResult::Pending => "",
        GameResult::Played(o) | GameResult::PlayedUnrated(o) => match o {
            Outcome::WhiteWins => "1-0",
            Outcome::Draw => "½-½",
            Outcome::BlackWins => "0-1",
        },
        GameResult::Forfeit(Some(Color::White)) => "+/−",
        GameResult::Forfeit(Some(Color::Black)) => "−/+",
        GameResult::Forfeit(None) => "−/−",
    }
}

fn rounds_section(out: &mut String, t: &Tournament, s: &Strings) {
    let _ = writeln!(
        out,
        "<section aria-labelledby=\"rounds\">\n<h2 id=\"rounds\">{}</h2>",
        s.rounds
    );
    for (i, round) in t.rounds.iter().enumerate() {
        let r = i + 1;
        let _ = write!(
            out,
            "<section class=\"round\" aria-labelledby=\"round-{r}\">\n<h3 id=\"round-{r}\">{}</h3>\n<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"round-{r}\"><table>\n<thead><tr><th scope=\"col\">{}</th><th scope=\"col\" class=\"name\">{}</th><th scope=\"col\">{}</th><th scope=\"col\" class=\"name\">{}</th></tr></thead>\n<tbody>\n",
            escape(&(s.phrase)(Phrase::Round(r))),
            s.board,
            s.white,
            s.result,
            s.black
        );
        for (b, g) in round.games.iter().enumerate() {
            let result = match result_mark(g.result) {
                "" => format!("<span class=\"key\">{}</span>", s.pending),
                m => m.to_owned(),
            };
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td class=\"name\">{}</td><td>{result}</td><td class=\"name\">{}</td></tr>",
                b + 1,
                name(t, g.white),
                name(t, g.black)
            );
        }
        for bye in &round.byes {
            let what = match bye.kind {
                ByeKind::PairingAllocated | ByeKind::Full => s.bye,
                ByeKind::Half => s.half_bye,
                ByeKind::Zero => s.zero_bye,
            };
            let _ = writeln!(
                out,
                "<tr><td></td><td class=\"name\">{}</td><td>{}</td><td class=\"name\">{what}</td></tr>",
                name(t, bye.player),
                number(s, bye.kind.points())
            );
        }
        out.push_str("</tbody>\n</table></div>\n</section>\n");
    }
    if t.rounds.is_empty() {
        let _ = writeln!(out, "<p>{}</p>", s.not_paired);
    }
    out.push_str("</section>\n");
}
