//! The what-if view's tables, each built from the engine's answer in the reader's language: how
//! close each policy came (RMSE), the hidden games, the standings against the real ones, and the
//! summary over every player and round.

use crate::components::common::data_table::{Cell, Row, Table};
use crate::i18n::{td_string, Locale};
use crate::words::policy as policy_words;
use crate::words::text::{self, dec_in, two_in};
use engine::impute::Policy;
use engine::whatif::{WhatIf, WhatIfSummary};
use engine::StartNo;

/// Each policy's error against the real results of the hidden games, the closest marked.
pub(super) fn errors(l: Locale, w: &WhatIf) -> Table {
    let best = w
        .policies
        .iter()
        .filter_map(|c| c.rmse)
        .fold(f64::INFINITY, f64::min);
    let rows = w
        .policies
        .iter()
        .map(|c| {
            let is_best = c.rmse.is_some_and(|e| e <= best + 1e-12);
            let name = policy_words::name(l, c.policy);
            Row {
                header: if c.policy == Policy::Fide {
                    let resolved = policy_words::in_text(l, c.resolved);
                    td_string!(l, whatif.errors.fide_here, name, resolved).to_string()
                } else {
                    name.to_string()
                },
                cells: vec![
                    Cell::num(c.rmse.map_or("—".into(), |e| dec_in(l, e, 3))),
                    Cell::num(c.changes.len().to_string()),
                    Cell::text(if is_best {
                        td_string!(l, whatif.errors.closest)
                    } else {
                        ""
                    }),
                ],
                class: if is_best { "best" } else { "" },
            }
        })
        .collect();
    Table {
        testid: "whatif-rmse",
        class: "",
        caption: td_string!(l, whatif.errors.caption, count = w.hidden.len()).to_string(),
        head: vec![
            td_string!(l, whatif.errors.col_policy).into(),
            format!("#{}", td_string!(l, whatif.errors.col_rmse)),
            format!("#{}", td_string!(l, whatif.errors.col_places)),
            td_string!(l, whatif.errors.col_best).into(),
        ],
        rows,
    }
}

/// The hidden games: what the opponent really scored, and each policy's score.
pub(super) fn hidden(l: Locale, w: &WhatIf, name: &dyn Fn(StartNo) -> String) -> Table {
    let mut head: Vec<String> = vec![
        td_string!(l, whatif.hidden.col_opponent).into(),
        format!("#{}", td_string!(l, whatif.col_real)),
    ];
    head.extend(
        Policy::ALL
            .iter()
            .map(|&p| format!("#{}", policy_words::name(l, p))),
    );
    let rows = w
        .hidden
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let mut cells = vec![Cell::num(two_in(l, h.real))];
            cells.extend(
                w.policies
                    .iter()
                    .map(|c| Cell::num(two_in(l, c.predictions[i]))),
            );
            let (player, round) = (name(h.player), h.round);
            Row {
                header: td_string!(l, whatif.hidden.row, player, round).to_string(),
                cells,
                class: "",
            }
        })
        .collect();
    Table {
        testid: "whatif-hidden",
        class: "",
        caption: td_string!(l, whatif.hidden.caption, player = name(w.player)).to_string(),
        head,
        rows,
    }
}

/// A place and the points in a standings cell: `3rd · 5.50`.
fn place(l: Locale, rank: u32, points: f64) -> String {
    format!("{} · {}", text::ordinal_in(l, rank), two_in(l, points))
}

/// The final standings, real and under each policy; a place that differs is highlighted.
pub(super) fn standings(l: Locale, w: &WhatIf, name: &dyn Fn(StartNo) -> String) -> Table {
    let mut head: Vec<String> = vec![
        td_string!(l, whatif.standings.col_player).into(),
        format!("#{}", td_string!(l, whatif.col_real)),
    ];
    head.extend(
        w.policies
            .iter()
            .map(|c| format!("#{}", policy_words::name(l, c.policy))),
    );
    let rows = w
        .real
        .iter()
        .map(|r| {
            let mut cells = vec![Cell::num(place(l, r.rank, r.points)).class("real")];
            cells.extend(w.policies.iter().map(|c| {
                let row = c.standings.iter().find(|s| s.start_no == r.start_no);
                let moved = c.changes.iter().any(|x| x.start_no == r.start_no);
                let shown = match row {
                    Some(s) => place(l, s.rank, s.points),
                    None => td_string!(l, whatif.standings.removed).to_string(),
                };
                if moved {
                    let really = text::ordinal_in(l, r.rank);
                    let note = td_string!(l, whatif.standings.really, place = really);
                    Cell::num(shown).class("moved").note(format!(" {note}"))
                } else {
                    Cell::num(shown)
                }
            }));
            let is_p = r.start_no == w.player;
            let player = name(r.start_no);
            Row {
                header: if is_p {
                    td_string!(l, whatif.standings.hidden_row, player).to_string()
                } else {
                    player
                },
                cells,
                class: if is_p { "withdrawn" } else { "" },
            }
        })
        .collect();
    Table {
        testid: "whatif-table",
        class: "whatif",
        caption: td_string!(
            l,
            whatif.standings.caption,
            player = name(w.player),
            when = text::withdrawal_point_in(l, w.after_round)
        )
        .to_string(),
        head,
        rows,
    }
}

/// Every player withdrawing after every round: each policy's errors on average.
pub(super) fn summary(l: Locale, s: &WhatIfSummary) -> Table {
    let rows = s
        .policies
        .iter()
        .map(|p| Row {
            header: policy_words::name(l, p.policy).to_string(),
            cells: vec![
                Cell::num(dec_in(l, p.pooled_rmse, 3)),
                Cell::num(dec_in(l, p.mean_rmse, 3)),
                Cell::num(dec_in(l, p.mean_places_changed, 2)),
                Cell::num(p.best_in.to_string()),
            ],
            class: if p.policy == s.closest { "best" } else { "" },
        })
        .collect();
    Table {
        testid: "whatif-summary",
        class: "",
        caption: td_string!(l, whatif.summary.caption).into(),
        head: vec![
            td_string!(l, whatif.errors.col_policy).into(),
            format!("#{}", td_string!(l, whatif.summary.col_pooled)),
            format!("#{}", td_string!(l, whatif.summary.col_mean)),
            format!("#{}", td_string!(l, whatif.summary.col_places)),
            format!("#{}", td_string!(l, whatif.summary.col_best_in)),
        ],
        rows,
    }
}
