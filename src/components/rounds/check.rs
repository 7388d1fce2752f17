//! "Check every round" (issue 29 item 3): every paired round of a Swiss is paired again by the
//! Dutch engine from the rounds before it and compared with the event's (`engine::check`).
//! The pairing worker does it, where the Dutch engine is (`crate::workers::pairing`): the
//! page stays responsive and shows that it works. A round-robin, or a Swiss with nothing
//! paired, is told why there is nothing to check instead of being offered the button.

use crate::i18n::{td_string, Locale};
use crate::lang::use_lang;
use crate::tr;
use crate::words::{sentence, sentence_of, text, Words};
use crate::workers::pairing::{self, CheckFailure, PendingPairing};
use engine::check::{Board, PairingDifference, Report};
use engine::Tournament;
use leptos::prelude::*;

/// A board as a cell shows it: `5 Alves – 12 Berg` (White first), or the pairing-allocated bye.
fn board_text(locale: Locale, t: &Tournament, b: Board) -> String {
    let player = |p| format!("{p} {}", text::name_of(t, p));
    match b {
        Board::Game { white, black } => format!("{} – {}", player(white), player(black)),
        Board::Bye(p) => format!(
            "{} — {}",
            player(p),
            td_string!(locale, event.rounds.bye_pairing)
        ),
    }
}

#[component]
pub fn RoundsCheck(
    /// The event.
    tournament: Memo<Tournament>,
) -> impl IntoView {
    let lang = use_lang();
    let refusal = Memo::new(move |_| tournament.with(engine::check::refusal));
    let running = RwSignal::new(false);
    // The event as it was checked, and the outcome: a later change marks the outcome stale.
    let checked = RwSignal::new(None::<(Tournament, Result<Report, CheckFailure>)>);
    let stale = Memo::new(move |_| {
        checked.with(|c| {
            c.as_ref()
                .is_some_and(|(t, _)| tournament.with(|now| now != t))
        })
    });
    let rounds = Memo::new(move |_| tournament.with(Tournament::paired_rounds));
    // Leaving the tab drops the handle, and with it the answer.
    let pending = StoredValue::new_local(None::<PendingPairing>);
    let run = move |_: leptos::ev::MouseEvent| {
        if running.get_untracked() {
            return;
        }
        let t = tournament.get_untracked();
        running.set(true);
        checked.set(None);
        let handle = pairing::check_rounds(&t.clone(), move |outcome| {
            running.set(false);
            checked.set(Some((t, outcome)));
        });
        pending.set_value(handle);
    };
    let action = move || {
        match refusal.get() {
            Some(why) => view! {
                <p class="muted" data-testid="check-refused">{move || sentence_of(lang.get(), &why)}</p>
            }
            .into_any(),
            None => view! {
                <p class="muted">{tr!(event.check.help)}</p>
                <div class="toolbar">
                    <button
                        type="button"
                        data-testid="check-rounds"
                        aria-busy=move || running.get().to_string()
                        disabled=move || running.get()
                        on:click=run
                    >
                        {move || {
                            let l = lang.get();
                            if running.get() {
                                td_string!(l, event.check.running, count = rounds.get()).to_string()
                            } else {
                                td_string!(l, event.check.run).to_string()
                            }
                        }}
                    </button>
                    <Show when=move || running.get()>
                        <progress data-testid="check-progress" aria-label=tr!(event.check.running_aria)></progress>
                    </Show>
                </div>
            }
            .into_any(),
    }
    };
    view! {
        <section class="rounds-check no-print" aria-labelledby="rounds-check-title" data-testid="rounds-check">
            <h4 id="rounds-check-title">{tr!(event.check.heading)}</h4>
            {action}
            // One live line says what the check found (or why it did not run); the tables follow.
            <p
                role="status"
                data-testid="check-summary"
                data-agrees=move || checked.with(|c| match c {
                    Some((_, Ok(report))) => report.agrees().to_string(),
                    _ => String::new(),
                })
                class=move || checked.with(|c| matches!(c, Some((_, Err(_))))).then_some("alert")
            >
                {move || {
                    let l = lang.get();
                    checked.with(|c| c.as_ref().map(|(_, outcome)| summary(l, outcome)))
                }}
            </p>
            <Show when=move || stale.get()>
                <p class="note" data-testid="check-stale">{tr!(event.check.stale)}</p>
            </Show>
            {move || {
                let l = lang.get();
                checked.with(|c| match c {
                    Some((t, Ok(report))) => Some(view! {
                        <div class="check-rounds">
                            {report
                                .pairings
                                .iter()
                                .map(|d| round_difference(l, t, d))
                                .collect_view()}
                        </div>
                    }),
                    _ => None,
                })
            }}
        </section>
    }
}

/// What the check found, as one line: all rounds agree, how many differ, or why it did not run.
fn summary(locale: Locale, outcome: &Result<Report, CheckFailure>) -> String {
    match outcome {
        Err(why) => sentence_of(locale, why),
        Ok(report) if report.agrees() => {
            td_string!(locale, event.check.agrees, count = report.rounds).to_string()
        }
        Ok(report) => td_string!(
            locale,
            event.check.differ,
            count = report.pairings.len(),
            rounds = report.rounds
        )
        .to_string(),
    }
}

/// One round that differs: the event's boards and Crosstable's, side by side, with the names
/// of `t`, the event as it was checked. (The standings are not compared here: a stored event
/// declares no points or ranks of its own, so the check passes none.)
fn round_difference(l: Locale, t: &Tournament, difference: &PairingDifference) -> impl IntoView {
    let cell = |b: Board| (Some(b.to_string()), board_text(l, t, b));
    let file: Vec<_> = difference.file.iter().map(|&b| cell(b)).collect();
    let ours: Vec<_> = match &difference.ours {
        Ok(boards) => boards.iter().map(|&b| cell(b)).collect(),
        Err(why) => vec![(
            None,
            sentence(
                l,
                &td_string!(l, event.check.cannot_pair, why = why.words(l)).to_string(),
            ),
        )],
    };
    let rows = (0..file.len().max(ours.len()))
        .map(|i| {
            let td = |side: &[(Option<String>, String)]| match side.get(i) {
                Some((board, text)) => {
                    view! { <td data-board=board.clone()>{text.clone()}</td> }.into_any()
                }
                None => view! { <td></td> }.into_any(),
            };
            view! { <tr>{td(&file)}{td(&ours)}</tr> }
        })
        .collect_view();
    let round = difference.round;
    view! {
        <div class="table-scroll">
            <table class="check-round" data-testid="check-round" data-round=round>
                <caption>{td_string!(l, event.rounds.tab, round).to_string()}</caption>
                <thead>
                    <tr>
                        <th scope="col">{td_string!(l, event.check.col_event)}</th>
                        <th scope="col">{td_string!(l, event.check.col_ours)}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}
