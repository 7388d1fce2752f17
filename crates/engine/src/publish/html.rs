//! The published page, written with [`maud`]'s `html!` templates: every value spliced into the
//! page — the event's and players' names, the address, every word of [`Strings`] — is escaped
//! by construction. The only text written as is ([`PreEscaped`]) is our own: the constant
//! stylesheet [`STYLE`] and the QR code's SVG that [`super::qr_svg`] draws.
//!
//! The `"\n"` between elements keep the page's source one block a line.

use super::strings::{Phrase, Strings};
use crate::impute::Params;
use crate::model::{ByeKind, Color, Entry, Format, GameResult, Outcome, StartNo, Tournament};
use crate::standings::{self, Basis};
use crate::tiebreak::{Config, Standings};
use maud::{html, Markup, PreEscaped, Render, DOCTYPE};

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

/// The whole page of `t` in the words of `s`; `qr` is the address and its QR drawing (the SVG
/// of [`super::qr_svg`], written as is).
pub fn page(t: &Tournament, s: &Strings, qr: Option<(&str, &str)>) -> String {
    let config = Config {
        tiebreaks: t.tiebreaks(),
        ..Config::default()
    };
    let standings = standings::compute(t, Basis::Recorded, Params::default(), &config).standings;
    html! {
        (DOCTYPE) "\n"
        html lang=(s.lang) {
            "\n"
            head {
                "\n"
                meta charset="utf-8"; "\n"
                meta name="viewport" content="width=device-width, initial-scale=1"; "\n"
                title { (t.name) } "\n"
                // Our own constant stylesheet: no user text in it.
                style { (PreEscaped(STYLE)) } "\n"
            } "\n"
            body {
                "\n"
                header {
                    "\n"
                    h1 { (t.name) } "\n"
                    p class="facts" { (facts(t, s)) } "\n"
                    @if let Some((url, svg)) = qr {
                        div class="qr-box" {
                            // The QR code as our code drew it (`qr_svg`): rectangles and a path,
                            // no user text.
                            (PreEscaped(svg))
                            p { (s.online) br; a href=(url) { (url) } }
                        } "\n"
                    }
                } "\n"
                main {
                    "\n"
                    (standings_section(t, s, &standings))
                    @match t.format {
                        Format::RoundRobin { .. } => (round_robin_section(t, s)),
                        Format::Swiss { .. } => (swiss_section(t, s, &standings)),
                    }
                    (rounds_section(t, s))
                } "\n"
                footer { p { (s.made_with) } } "\n"
            } "\n"
        } "\n"
    }
    .into_string()
}

/// A section headed by `heading` (an `h2` whose `id` labels the section), with `content` after
/// the heading.
fn section(id: &str, heading: &str, content: Markup) -> Markup {
    html! {
        section aria-labelledby=(id) {
            "\n"
            h2 id=(id) { (heading) } "\n"
            (content)
        } "\n"
    }
}

/// A table in a region that scrolls sideways, labelled by the heading `id`: `head` is the header
/// row's cells, `body` the rows.
fn scrolling_table(id: &str, head: Markup, body: Markup) -> Markup {
    html! {
        div class="scroll" tabindex="0" role="region" aria-labelledby=(id) {
            table {
                "\n"
                thead { tr { (head) } } "\n"
                tbody { "\n" (body) } "\n"
            }
        } "\n"
    }
}

/// A column's header cell.
fn col(text: impl Render) -> Markup {
    html! { th scope="col" { (text) } }
}

/// The header cell of a column of names.
fn name_col(text: &str) -> Markup {
    html! { th scope="col" class="name" { (text) } }
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
    t.player(p)
        .map_or_else(|| format!("#{p}"), |pl| pl.name.clone())
}

fn rating(t: &Tournament, p: StartNo) -> String {
    t.player(p)
        .and_then(|pl| pl.rating)
        .map_or_else(String::new, |r| r.to_string())
}

/// A row's header cell: the player's name, and ` (withdrawn)` after a withdrawn player's.
fn player_cell(t: &Tournament, p: StartNo, s: &Strings) -> Markup {
    html! {
        th scope="row" class="name" {
            (name(t, p))
            @if t.withdrawal_of(p).is_some() {
                " " span class="wd" { (s.withdrawn) }
            }
        }
    }
}

fn standings_section(t: &Tournament, s: &Strings, st: &Standings) -> Markup {
    let head = html! {
        (col(s.rank)) (col(s.start_no)) (name_col(s.name)) (col(s.rating)) (col(s.points))
        @for tb in &st.tiebreaks {
            th scope="col" { abbr title=((s.tiebreak)(*tb)) { (tb.code()) } }
        }
    };
    let body = html! {
        @for row in &st.rows {
            tr {
                td { (row.rank) }
                td { (row.start_no) }
                (player_cell(t, row.start_no, s))
                td { (rating(t, row.start_no)) }
                td { (number(s, row.points)) }
                @for v in &row.values {
                    td { @if let Some(n) = v.value { (number(s, n)) } }
                }
            } "\n"
        }
    };
    section(
        "standings",
        s.standings,
        html! {
            (scrolling_table("standings", head, body))
            @if !st.tiebreaks.is_empty() {
                h3 { (s.legend) } "\n"
                dl class="legend" {
                    @for tb in &st.tiebreaks {
                        dt { (tb.code()) }
                        dd { ((s.tiebreak)(*tb)) }
                    }
                } "\n"
            }
        },
    )
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

/// The crosstable section: its key to the cells, then its table.
fn crosstable_section(s: &Strings, key: &str, head: Markup, body: Markup) -> Markup {
    section(
        "crosstable",
        s.crosstable,
        html! {
            p class="key" { (key) } "\n"
            (scrolling_table("crosstable", head, body))
        },
    )
}

fn round_robin_section(t: &Tournament, s: &Strings) -> Markup {
    let n = t.players.len() as StartNo;
    let head = html! {
        (col(s.start_no)) (name_col(s.name))
        @for q in 1..=n {
            th scope="col" { abbr title=(name(t, q)) { (q) } }
        }
        (col(s.points))
    };
    let body = html! {
        @for p in 1..=n {
            tr {
                td { (p) }
                (player_cell(t, p, s))
                @for q in 1..=n {
                    @if p == q {
                        td class="self" {}
                    } @else {
                        td { (marks(t, p, q).join(" ")) }
                    }
                }
                td { (number(s, t.points(p))) }
            } "\n"
        }
    };
    crosstable_section(s, s.round_robin_key, head, body)
}

/// The results of `p` against `q` in a round-robin, one mark a game.
fn marks(t: &Tournament, p: StartNo, q: StartNo) -> Vec<&'static str> {
    t.rounds
        .iter()
        .filter_map(|r| match r.entry(p) {
            Entry::Game {
                opponent,
                colour,
                result,
            } if opponent == q => Some(score_mark(colour, result)),
            _ => None,
        })
        .collect()
}

fn swiss_section(t: &Tournament, s: &Strings, st: &Standings) -> Markup {
    let rank_of = |p: StartNo| {
        st.rows
            .iter()
            .position(|r| r.start_no == p)
            .map_or(0, |i| i + 1)
    };
    let cell = |p: StartNo, round: &crate::model::Round| match round.entry(p) {
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
    let head = html! {
        (col(s.rank)) (name_col(s.name)) (col(s.rating))
        @for r in 1..=t.rounds.len() {
            (col(r))
        }
        (col(s.points))
    };
    let body = html! {
        @for (i, row) in st.rows.iter().enumerate() {
            tr {
                td { (i + 1) }
                (player_cell(t, row.start_no, s))
                td { (rating(t, row.start_no)) }
                @for round in &t.rounds {
                    td { (cell(row.start_no, round)) }
                }
                td { (number(s, row.points)) }
            } "\n"
        }
    };
    crosstable_section(s, s.swiss_key, head, body)
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

fn rounds_section(t: &Tournament, s: &Strings) -> Markup {
    section(
        "rounds",
        s.rounds,
        html! {
            @for (i, round) in t.rounds.iter().enumerate() {
                (round_section(t, s, i + 1, round))
            }
            @if t.rounds.is_empty() {
                p { (s.not_paired) } "\n"
            }
        },
    )
}

/// Round `r`: its games board by board, then its byes.
fn round_section(t: &Tournament, s: &Strings, r: usize, round: &crate::model::Round) -> Markup {
    let id = format!("round-{r}");
    let head = html! {
        (col(s.board)) (name_col(s.white)) (col(s.result)) (name_col(s.black))
    };
    let body = html! {
        @for (b, g) in round.games.iter().enumerate() {
            tr {
                td { (b + 1) }
                td class="name" { (name(t, g.white)) }
                td {
                    @match result_mark(g.result) {
                        "" => span class="key" { (s.pending) },
                        mark => (mark),
                    }
                }
                td class="name" { (name(t, g.black)) }
            } "\n"
        }
        @for bye in &round.byes {
            tr {
                td {}
                td class="name" { (name(t, bye.player)) }
                td { (number(s, bye.kind.points())) }
                td class="name" {
                    @match bye.kind {
                        ByeKind::PairingAllocated | ByeKind::Full => (s.bye),
                        ByeKind::Half => (s.half_bye),
                        ByeKind::Zero => (s.zero_bye),
                    }
                }
            } "\n"
        }
    };
    html! {
        section class="round" aria-labelledby=(id) {
            "\n"
            h3 id=(id) { ((s.phrase)(Phrase::Round(r))) } "\n"
            (scrolling_table(&id, head, body))
        } "\n"
    }
}
