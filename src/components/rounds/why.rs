//! "Why this pairing?" on a Swiss board (issue 29 item 6): the engine's explanation
//! ([`engine::dutch::explain`]) — the score group and its floater, what decided the opponents
//! (the natural pairing, an exchange, or the criterion that ruled the natural opponent out) and
//! the colour rule of C.04.3 art. 5.2 — in the reader's language, in a row under the board.
//! Computed when opened, from the event as it stands, so it follows a language switch and an
//! edit of an earlier round.

use crate::i18n::td_string;
use crate::lang::Lang;
use crate::tr;
use crate::words::{pairing::board_why, Words};
use engine::dutch::{explain::explain_round, DutchRules};
use engine::Tournament;
use leptos::prelude::*;
use std::collections::BTreeSet;

/// The id of board `board`'s explanation row in round `round` (the button's `aria-controls`).
pub fn why_id(round: u32, board: usize) -> String {
    format!("why-r{round}-b{board}")
}

/// The button that opens and closes a board's explanation.
#[component]
pub fn WhyButton(
    /// The boards whose explanation is open, `(round, board)`.
    open: RwSignal<BTreeSet<(u32, usize)>>,
    /// The round (1-based).
    round: u32,
    /// The board (1-based, as listed).
    board: usize,
    /// The reader's language.
    lang: Lang,
    /// White's and Black's names, for the button's accessible name.
    names: (String, String),
) -> impl IntoView {
    let label = move || {
        td_string!(
            lang.get(),
            pairing.why.button_label,
            board,
            white = names.0.clone(),
            black = names.1.clone()
        )
        .to_string()
    };
    view! {
        <button
            type="button"
            class="why-button link-button no-print"
            data-testid="why-button"
            aria-expanded=move || open.with(|o| o.contains(&(round, board))).to_string()
            aria-controls=why_id(round, board)
            aria-label=label
            on:click=move |_| {
                open.update(|o| {
                    if !o.remove(&(round, board)) {
                        o.insert((round, board));
                    }
                })
            }
        >
            {tr!(pairing.why.button)}
        </button>
    }
}

/// The explanation row of one board, under it: three short paragraphs, each with its heading.
#[component]
pub fn WhyRow(
    /// The event.
    tournament: Memo<Tournament>,
    /// The reader's language.
    lang: Lang,
    /// The round (1-based).
    round: u32,
    /// The board (1-based, as listed).
    board: usize,
    /// The table's number of columns, which the row spans.
    columns: usize,
) -> impl IntoView {
    let body = move || {
        let l = lang.get();
        tournament.with(|t| match explain_round(t, round, DutchRules::Fide2025) {
            Ok(why) => why.get(board - 1).map(|b| {
                let [group, opponents, colours] = board_why(l, t, b);
                view! {
                    <dl class="why-list">
                        <dt>{td_string!(l, pairing.why.group_heading)}</dt>
                        <dd data-testid="why-group">{group}</dd>
                        <dt>{td_string!(l, pairing.why.opponents_heading)}</dt>
                        <dd data-testid="why-opponents">{opponents}</dd>
                        <dt>{td_string!(l, pairing.why.colours_heading)}</dt>
                        <dd data-testid="why-colours">{colours}</dd>
                    </dl>
                }
                .into_any()
            }),
            Err(e) => Some(
                view! {
                    <p class="field-error" role="alert">
                        {td_string!(l, pairing.why.unavailable, error = e.words(l)).to_string()}
                    </p>
                }
                .into_any(),
            ),
        })
    };
    view! {
        <tr class="why-row no-print" id=why_id(round, board) data-testid="why-row">
            <td colspan=columns.to_string()>
                <h5 class="visually-hidden">{tr!(pairing.why.title)}</h5>
                {body}
            </td>
        </tr>
    }
}
