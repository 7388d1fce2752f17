//! The what-if for a Swiss: what a player withdrawing after a round does, every pairing kept
//! (`engine::swiss_whatif`, whose documentation says exactly what is and is not modelled):
//! the player's unplayed rounds, and every player's points, tie-breaks and rank with the player
//! staying and withdrawn, the rows that change marked.

use super::picker::WithdrawalPicker;
use crate::components::common::data_table::{Cell, DataTable, Row, Table};
use crate::i18n::{td_string, Locale};
use crate::tr;
use crate::words::text;
use engine::swiss_whatif::{self, Relation, SwissWhatIf, SwissWhatIfError};
use engine::tiebreak::{Config, Number};
use engine::{ByeKind, Entry, GameResult, StartNo, Tournament};
use leptos::prelude::*;

/// How a recorded or changed round reads, in language `l`: `won against B (White)`,
/// `forfeit loss to B (Black)`, `half-point bye`.
fn entry_text(l: Locale, t: &Tournament, e: Entry) -> String {
    match e {
        Entry::Game {
            opponent,
            colour,
            result,
        } => {
            let points = result.points_for(colour).map(|p| p.0);
            let colour = match colour {
                engine::Color::White => td_string!(l, whatif.swiss.white),
                engine::Color::Black => td_string!(l, whatif.swiss.black),
            };
            let opponent = text::name_of(t, opponent);
            match (result, points) {
                (GameResult::Pending, _) => {
                    td_string!(l, whatif.swiss.entry.pending, opponent, colour).to_string()
                }
                (GameResult::Forfeit(_), Some(2)) => {
                    td_string!(l, whatif.swiss.entry.forfeit_win, opponent, colour).to_string()
                }
                (GameResult::Forfeit(_), _) => {
                    td_string!(l, whatif.swiss.entry.forfeit_loss, opponent, colour).to_string()
                }
                (_, Some(2)) => td_string!(l, whatif.swiss.entry.won, opponent, colour).to_string(),
                (_, Some(1)) => {
                    td_string!(l, whatif.swiss.entry.drew, opponent, colour).to_string()
                }
                _ => td_string!(l, whatif.swiss.entry.lost, opponent, colour).to_string(),
            }
        }
        Entry::Bye(kind) => match kind {
            ByeKind::PairingAllocated => td_string!(l, whatif.swiss.bye.pairing).into(),
            ByeKind::Full => td_string!(l, whatif.swiss.bye.full).into(),
            ByeKind::Half => td_string!(l, whatif.swiss.bye.half).into(),
            ByeKind::Zero => td_string!(l, whatif.swiss.bye.zero).into(),
        },
        Entry::None => td_string!(l, whatif.swiss.not_paired).into(),
    }
}

fn relation_text(l: Locale, r: Relation) -> &'static str {
    match r {
        Relation::Withdrawn => td_string!(l, whatif.swiss.relation.withdrawn),
        Relation::LaterOpponent => td_string!(l, whatif.swiss.relation.later_opponent),
        Relation::EarlierOpponent => td_string!(l, whatif.swiss.relation.earlier_opponent),
        Relation::Other => "",
    }
}

/// A tie-break value or points as the reader writes them (`12,5` in French); `—` for none.
fn value_text(l: Locale, v: Option<Number>) -> String {
    v.map_or_else(|| "—".to_owned(), |n| text::localise(l, n.to_string()))
}

/// `a → b` when they differ, else `a`.
fn compare(a: String, b: String) -> (String, bool) {
    if a == b {
        (a, false)
    } else {
        (format!("{a} → {b}"), true)
    }
}

fn unplayed_table(l: Locale, t: &Tournament, w: &SwissWhatIf) -> Table {
    Table {
        testid: "swiss-whatif-rounds",
        class: "",
        caption: td_string!(
            l,
            whatif.swiss.rounds_caption,
            player = text::name_of(t, w.player),
            when = text::withdrawal_point_in(l, w.after_round)
        )
        .to_string(),
        head: vec![
            td_string!(l, whatif.swiss.col_round).into(),
            td_string!(l, whatif.swiss.col_recorded).into(),
            td_string!(l, whatif.swiss.col_withdrawn).into(),
        ],
        rows: w
            .unplayed
            .iter()
            .map(|u| Row {
                header: u.round.to_string(),
                cells: vec![
                    Cell::text(entry_text(l, t, u.recorded)),
                    Cell::text(entry_text(l, t, u.withdrawn)),
                ],
                class: "",
            })
            .collect(),
    }
}

fn comparison_table(l: Locale, t: &Tournament, w: &SwissWhatIf) -> Table {
    let mut head: Vec<String> = vec![
        td_string!(l, whatif.swiss.col_player).into(),
        format!("#{}", td_string!(l, whatif.swiss.col_rank)),
        String::new(),
        format!("#{}", td_string!(l, whatif.swiss.col_points)),
    ];
    head.extend(w.tiebreaks.iter().map(|tb| format!("#{}", tb.code())));
    let rows = w
        .rows
        .iter()
        .map(|r| {
            let (rank, rank_moved) =
                compare(r.rank_staying.to_string(), r.rank_withdrawn.to_string());
            let (points, points_moved) = compare(
                value_text(l, Some(r.points_staying)),
                value_text(l, Some(r.points_withdrawn)),
            );
            let mut cells = vec![
                Cell::num(rank).class(if rank_moved { "moved" } else { "" }),
                Cell::text(relation_text(l, r.relation)).class("relation"),
                Cell::num(points).class(if points_moved { "moved" } else { "" }),
            ];
            for (a, b) in r.values_staying.iter().zip(&r.values_withdrawn) {
                let (v, moved) = compare(value_text(l, *a), value_text(l, *b));
                let note = if moved {
                    format!(" {}", td_string!(l, whatif.swiss.changed))
                } else {
                    String::new()
                };
                cells.push(
                    Cell::num(v)
                        .class(if moved { "moved" } else { "" })
                        .note(note),
                );
            }
            Row {
                header: text::name_of(t, r.start_no),
                cells,
                class: if r.relation == Relation::Withdrawn {
                    "withdrawn"
                } else if r.changed() {
                    "selected"
                } else {
                    ""
                },
            }
        })
        .collect();
    Table {
        testid: "swiss-whatif-table",
        class: "",
        caption: td_string!(l, whatif.swiss.comparison_caption).into(),
        head,
        rows,
    }
}

/// The Swiss what-if: which withdrawal, then the two tables.
#[component]
pub fn SwissWhatIfView(
    /// The event (a Swiss, finished or not).
    tournament: Memo<Tournament>,
) -> impl IntoView {
    let paired = Memo::new(move |_| tournament.with(|t| t.rounds.len() as u32));
    let player = RwSignal::new(1 as StartNo);
    let round = RwSignal::new(paired.get_untracked() / 2);
    let result: Memo<Result<SwissWhatIf, SwissWhatIfError>> = Memo::new(move |_| {
        let (p, r) = (player.get(), round.get());
        tournament.with(|t| swiss_whatif::swiss_withdrawal(t, p, r, &Config::default()))
    });
    let lang = crate::lang::use_lang();
    let table = move |build: fn(Locale, &Tournament, &SwissWhatIf) -> Table| {
        Signal::derive(move || {
            let l = lang.get();
            result.with(|w| w.as_ref().ok().map(|w| tournament.with(|t| build(l, t, w))))
        })
    };
    let lang = crate::lang::use_lang();
    let problem = move || {
        result.with(|r| {
            r.as_ref()
                .err()
                .map(|e| view! { <p role="alert" data-testid="swiss-whatif-error">{crate::words::sentence_of(lang.get(), e)}</p> })
        })
    };
    let summary = move || {
        result.with(|r| {
            r.as_ref().ok().map(|w| {
                let changed = w.rows.iter().filter(|r| r.changed()).count();
                let players = w.rows.len();
                td_string!(lang.get(), whatif.swiss.summary, changed, players).to_string()
            })
        })
    };
    view! {
        <div class="whatif-layout" data-testid="swiss-whatif">
            <section class="panel controls-panel" aria-labelledby="swiss-whatif-title">
                <h3 id="swiss-whatif-title">{tr!(whatif.swiss.heading)}</h3>
                <WithdrawalPicker
                    tournament=tournament
                    player=player
                    round=round
                    rounds=paired
                    before_first=|l| td_string!(l, common.withdrawal_point.before_first)
                    player_testid="swiss-whatif-player"
                    round_testid="swiss-whatif-round"
                />
                <p class="muted">{tr!(whatif.swiss.explanation)}</p>
                {problem}
                <p class="summary" data-testid="swiss-whatif-summary" role="status">{summary}</p>
            </section>
            <section class="panel" aria-label=tr!(whatif.swiss.rounds_aria)>
                <DataTable table=table(unplayed_table) />
            </section>
            <section class="panel" aria-label=tr!(whatif.swiss.comparison_aria)>
                <DataTable table=table(comparison_table) />
            </section>
        </div>
    }
}
