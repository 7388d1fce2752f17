//! The what-if for a Swiss: what a player withdrawing after a round does, every pairing kept
//! (`engine::swiss_whatif`, whose documentation says exactly what is and is not modelled):
//! the player's unplayed rounds, and every player's points, tie-breaks and rank with the player
//! staying and withdrawn, the rows that change marked.

use super::picker::WithdrawalPicker;
use crate::components::data_table::{Cell, DataTable, Row, Table};
use crate::text;
use engine::swiss_whatif::{self, Relation, SwissWhatIf, SwissWhatIfError};
use engine::tiebreak::{Config, Number};
use engine::{Entry, GameResult, StartNo, Tournament};
use leptos::prelude::*;

/// How a recorded or changed round reads: `won against B (White)`, `forfeit loss to B`, `bye`.
fn entry_text(t: &Tournament, e: Entry) -> String {
    match e {
        Entry::Game {
            opponent,
            colour,
            result,
        } => {
            let side = match colour {
                engine::Color::White => "White",
                engine::Color::Black => "Black",
            };
            let name = text::name_of(t, opponent);
            let how = match (result, result.points_for(colour).map(|p| p.0)) {
                (GameResult::Pending, _) => "not played yet against".to_owned(),
                (GameResult::Forfeit(_), Some(2)) => "forfeit win against".to_owned(),
                (GameResult::Forfeit(_), _) => "forfeit loss to".to_owned(),
                (_, Some(2)) => "won against".to_owned(),
                (_, Some(1)) => "drew with".to_owned(),
                _ => "lost to".to_owned(),
            };
            format!("{how} {name} ({side})")
        }
        Entry::Bye(kind) => format!("bye ({} points)", kind.points()),
        Entry::None => "not paired".to_owned(),
    }
}

fn relation_text(r: Relation) -> &'static str {
    match r {
        Relation::Withdrawn => "withdraws",
        Relation::LaterOpponent => "wins by forfeit",
        Relation::EarlierOpponent => "met before",
        Relation::Other => "",
    }
}

fn value_text(v: Option<Number>) -> String {
    v.map_or_else(|| "—".to_owned(), |n| n.to_string())
}

/// `a → b` when they differ, else `a`.
fn compare(a: String, b: String) -> (String, bool) {
    if a == b {
        (a, false)
    } else {
        (format!("{a} → {b}"), true)
    }
}

fn unplayed_table(t: &Tournament, w: &SwissWhatIf) -> Table {
    Table {
        testid: "swiss-whatif-rounds",
        class: "",
        caption: format!(
            "{}'s rounds after round {}",
            text::name_of(t, w.player),
            w.after_round
        ),
        head: vec![
            "Round".into(),
            "Recorded".into(),
            "After withdrawing".into(),
        ],
        rows: w
            .unplayed
            .iter()
            .map(|u| Row {
                header: u.round.to_string(),
                cells: vec![
                    Cell::text(entry_text(t, u.recorded)),
                    Cell::text(entry_text(t, u.withdrawn)),
                ],
                class: "",
            })
            .collect(),
    }
}

fn comparison_table(t: &Tournament, w: &SwissWhatIf) -> Table {
    let mut head: Vec<String> = vec!["Player".into(), "#Rank".into(), "".into(), "#Points".into()];
    head.extend(w.tiebreaks.iter().map(|tb| format!("#{}", tb.code())));
    let rows = w
        .rows
        .iter()
        .map(|r| {
            let (rank, rank_moved) =
                compare(r.rank_staying.to_string(), r.rank_withdrawn.to_string());
            let (points, points_moved) =
                compare(r.points_staying.to_string(), r.points_withdrawn.to_string());
            let mut cells = vec![
                Cell::num(rank).class(if rank_moved { "moved" } else { "" }),
                Cell::text(relation_text(r.relation)),
                Cell::num(points).class(if points_moved { "moved" } else { "" }),
            ];
            for (a, b) in r.values_staying.iter().zip(&r.values_withdrawn) {
                let (v, moved) = compare(value_text(*a), value_text(*b));
                cells.push(
                    Cell::num(v)
                        .class(if moved { "moved" } else { "" })
                        .note(if moved { " (changed)" } else { "" }),
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
        caption:
            "Staying → withdrawn: rank, points and the event's tie-breaks (changed values marked)"
                .into(),
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
    let table = move |build: fn(&Tournament, &SwissWhatIf) -> Table| {
        Signal::derive(move || {
            result.with(|w| w.as_ref().ok().map(|w| tournament.with(|t| build(t, w))))
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
                format!(
                    "{} of {} players' rank, points or tie-breaks change.",
                    changed,
                    w.rows.len()
                )
            })
        })
    };
    view! {
        <div class="whatif-layout" data-testid="swiss-whatif">
            <section class="panel controls-panel" aria-labelledby="swiss-whatif-title">
                <h3 id="swiss-whatif-title">"A withdrawal in this Swiss"</h3>
                <WithdrawalPicker
                    tournament=tournament
                    player=player
                    round=round
                    rounds=paired
                    before_first="before round 1"
                    player_testid="swiss-whatif-player"
                    round_testid="swiss-whatif-round"
                />
                <p class="muted">
                    "A withdrawal changes every later pairing of a Swiss, and nobody can know who would then \
                     have met whom. So this view keeps every pairing as it was: the player's later games become \
                     forfeits won by their opponents, their later byes count nothing, and the standings and \
                     tie-breaks are computed again under FIDE's rules for unplayed games (C.07 article 16, the \
                     rule version of the Standings tab's default) — for the player's own unplayed rounds, for the \
                     forfeit wins, and for everyone whose Buchholz reads the player's score. It is not the \
                     round-robin policies' imputation."
                </p>
                {problem}
                <p class="summary" data-testid="swiss-whatif-summary" role="status">{summary}</p>
            </section>
            <section class="panel" aria-label="Unplayed rounds">
                <DataTable table=table(unplayed_table) />
            </section>
            <section class="panel" aria-label="Standings staying and withdrawn">
                <DataTable table=table(comparison_table) />
            </section>
        </div>
    }
}
