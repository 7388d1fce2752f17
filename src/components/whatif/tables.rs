//! The what-if view's tables, each built from the engine's answer: how close each policy came
//! (RMSE), the hidden games, the standings against the real ones, and the summary over every
//! player and round.

use crate::components::data_table::{Cell, Row, Table};
use crate::text::{self, dec, two};
use engine::impute::Policy;
use engine::whatif::{WhatIf, WhatIfSummary};
use engine::StartNo;

/// Each policy's error against the real results of the hidden games, the closest marked.
pub(super) fn errors(w: &WhatIf) -> Table {
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
            let resolved = if c.policy == Policy::Fide {
                format!(" (here: {})", c.resolved.label().to_lowercase())
            } else {
                String::new()
            };
            Row {
                header: format!("{}{resolved}", c.policy.label()),
                cells: vec![
                    Cell::num(c.rmse.map_or("—".into(), |e| dec(e, 3))),
                    Cell::num(c.changes.len().to_string()),
                    Cell::text(if is_best { "closest" } else { "" }),
                ],
                class: if is_best { "best" } else { "" },
            }
        })
        .collect();
    Table {
        testid: "whatif-rmse",
        class: "",
        caption: format!(
            "Error against the real results of the {} hidden games (annulment predicts 0.5 per game)",
            w.hidden.len()
        ),
        head: vec![
            "Policy".into(),
            "#RMSE".into(),
            "#Places not as in reality".into(),
            "Best".into(),
        ],
        rows,
    }
}

/// The hidden games: what the opponent really scored, and each policy's score.
pub(super) fn hidden(w: &WhatIf, name: &dyn Fn(StartNo) -> String) -> Table {
    let mut head: Vec<String> = vec!["Opponent".into(), "#Real".into()];
    head.extend(Policy::ALL.iter().map(|p| format!("#{}", p.label())));
    let rows = w
        .hidden
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let mut cells = vec![Cell::num(two(h.real))];
            cells.extend(w.policies.iter().map(|c| Cell::num(two(c.predictions[i]))));
            Row {
                header: format!("{} (round {})", name(h.player), h.round),
                cells,
                class: "",
            }
        })
        .collect();
    Table {
        testid: "whatif-hidden",
        class: "",
        caption: format!(
            "The hidden games: what {}'s opponent really scored, and each policy's score",
            name(w.player)
        ),
        head,
        rows,
    }
}

/// The final standings, real and under each policy; a place that differs is highlighted.
pub(super) fn standings(w: &WhatIf, name: &dyn Fn(StartNo) -> String) -> Table {
    let mut head: Vec<String> = vec!["Player".into(), "#Real".into()];
    head.extend(w.policies.iter().map(|c| format!("#{}", c.policy.label())));
    let rows = w
        .real
        .iter()
        .map(|r| {
            let mut cells =
                vec![
                    Cell::num(format!("{} · {}", text::ordinal(r.rank), two(r.points)))
                        .class("real"),
                ];
            cells.extend(w.policies.iter().map(|c| {
                let row = c.standings.iter().find(|s| s.start_no == r.start_no);
                let moved = c.changes.iter().any(|x| x.start_no == r.start_no);
                let shown = match row {
                    Some(s) => format!("{} · {}", text::ordinal(s.rank), two(s.points)),
                    None => "removed".to_string(),
                };
                if moved {
                    Cell::num(shown)
                        .class("moved")
                        .note(format!(" (really {})", text::ordinal(r.rank)))
                } else {
                    Cell::num(shown)
                }
            }));
            let is_p = r.start_no == w.player;
            Row {
                header: format!(
                    "{}{}",
                    name(r.start_no),
                    if is_p { " (hidden games)" } else { "" }
                ),
                cells,
                class: if is_p { "withdrawn" } else { "" },
            }
        })
        .collect();
    Table {
        testid: "whatif-table",
        class: "whatif",
        caption: format!(
            "Final standings: the real ones, and each policy's if {} had withdrawn {}. Highlighted: a place that differs from the real one.",
            name(w.player),
            crate::text::withdrawal_point(w.after_round)
        ),
        head,
        rows,
    }
}

/// Every player withdrawing after every round: each policy's errors on average.
pub(super) fn summary(s: &WhatIfSummary) -> Table {
    let rows = s
        .policies
        .iter()
        .map(|p| Row {
            header: p.policy.label().to_string(),
            cells: vec![
                Cell::num(dec(p.pooled_rmse, 3)),
                Cell::num(dec(p.mean_rmse, 3)),
                Cell::num(dec(p.mean_places_changed, 2)),
                Cell::num(p.best_in.to_string()),
            ],
            class: if p.policy == s.closest { "best" } else { "" },
        })
        .collect();
    Table {
        testid: "whatif-summary",
        class: "",
        caption: "Every player withdrawing after every round, compared with what really happened"
            .into(),
        head: vec![
            "Policy".into(),
            "#RMSE over all hidden games".into(),
            "#Mean RMSE per case".into(),
            "#Mean places not as in reality".into(),
            "#Cases where closest".into(),
        ],
        rows,
    }
}
