//! The Rounds tab: each round's pairing on boards, result entry by keyboard, "pair next round"
//! (Swiss, FIDE Dutch system), undo of the last pairing, requested byes, absences and
//! withdrawals, and a printable pairings list. Every rule is the engine's (`engine::event`).
//!
//! Its parts: the requests (byes, absences, withdrawals), the prohibited pairings' editor,
//! "Why this pairing?" under each Swiss board, and the check of every round against the Dutch
//! engine.

mod check;
pub mod prohibited;
mod requests;
mod why;

use crate::components::common::data_table::escape;
use crate::components::common::focus::focus_id;
use crate::components::rounds::prohibited::ProhibitedPairings;
use crate::event_id::EventId;
use crate::i18n::{td, td_string, Locale};
use crate::lang::Lang;
use crate::store::{use_store, Store};
use crate::tr;
use crate::words::text;
use crate::words::Words;
use crate::workers::pairing::{self, PairFailure, Paired, PendingPairing};
use check::RoundsCheck;
use engine::event::{self, EventError};
use engine::rules2026::{show_short, Tenths};
use engine::{ByeKind, Color, Format, GameResult, Outcome, PerPlayer, StartNo, Tournament};
use leptos::prelude::*;
use requests::Requests;
use std::fmt::Write;
use why::{WhyButton, WhyRow};

/// Boards drawn at once when a round is shown, and as many more at each animation frame after
/// it: a 300-player round's 150 boards built in one task held the page for about 100 ms
/// (issue 15 item 4), more than the 50 ms a task may take before the page feels frozen.
const BOARDS_PER_FRAME: usize = 15;

/// The results offered for a board, with their `<option>` values and short labels (an
/// unrated game's label is marked in the reader's language: [`result_label`]).
const RESULTS: [(GameResult, &str, &str); 10] = [
    (GameResult::Pending, "pending", "—"),
    (GameResult::Played(Outcome::WhiteWins), "1-0", "1–0"),
    (GameResult::Played(Outcome::Draw), "draw", "½–½"),
    (GameResult::Played(Outcome::BlackWins), "0-1", "0–1"),
    (GameResult::Forfeit(Some(Color::White)), "+-", "+/−"),
    (GameResult::Forfeit(Some(Color::Black)), "-+", "−/+"),
    (GameResult::Forfeit(None), "--", "−/−"),
    (GameResult::PlayedUnrated(Outcome::WhiteWins), "1-0u", "1–0"),
    (GameResult::PlayedUnrated(Outcome::Draw), "drawu", "½–½"),
    (GameResult::PlayedUnrated(Outcome::BlackWins), "0-1u", "0–1"),
];

/// A result's short label: `1–0`, `½–½ (u)` for a game not rated.
fn result_label(locale: Locale, result: GameResult, symbol: &str) -> String {
    match result {
        GameResult::PlayedUnrated(_) => {
            td_string!(locale, event.rounds.result_unrated, result = symbol).to_string()
        }
        _ => symbol.to_string(),
    }
}

fn result_value(r: GameResult) -> &'static str {
    RESULTS
        .iter()
        .find(|(g, _, _)| *g == r)
        .map_or("pending", |(_, v, _)| v)
}

fn result_from_value(v: &str) -> GameResult {
    RESULTS
        .iter()
        .find(|(_, value, _)| *value == v)
        .map_or(GameResult::Pending, |(g, _, _)| *g)
}

/// The id of board `board`'s result control in round `round` (for moving the focus, and for
/// links that point at a board).
pub(crate) fn result_id(round: u32, board: usize) -> String {
    format!("result-r{round}-b{board}")
}

/// The round to show first: the last paired round of a Swiss; in a round-robin the first round
/// with a game still pending (else the last).
fn default_round(t: &Tournament) -> u32 {
    match t.format {
        Format::Swiss { .. } => t.paired_rounds().max(1),
        Format::RoundRobin { .. } => t
            .rounds
            .iter()
            .position(|r| r.games.iter().any(|g| g.result == GameResult::Pending))
            .map_or(t.rounds.len().max(1) as u32, |i| i as u32 + 1),
    }
}

/// What the panel last did, kept as facts and worded when drawn (a change of language
/// re-words it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    /// The pairing worker is pairing `round` of an event of `players`.
    Pairing {
        round: u32,
        players: usize,
    },
    Paired(u32),
    Result {
        round: u32,
        board: usize,
        result: GameResult,
    },
    Undone(u32),
}

impl Status {
    fn text(self, locale: Locale) -> String {
        match self {
            Status::Pairing { round, players } => {
                td_string!(locale, event.rounds.status_pairing, round, count = players).to_string()
            }
            Status::Paired(round) => {
                td_string!(locale, event.rounds.status_paired, round).to_string()
            }
            Status::Result {
                round,
                board,
                result,
            } => td_string!(
                locale,
                event.rounds.status_result,
                round,
                board,
                result = text::result_words_in(locale, result)
            )
            .to_string(),
            Status::Undone(round) => {
                td_string!(locale, event.rounds.status_undone, round).to_string()
            }
        }
    }
}

/// What the panel's pieces share (Copy): the event, the round shown, the messages.
#[derive(Clone, Copy)]
struct Panel {
    store: Store,
    /// The reader's language.
    lang: Lang,
    id: StoredValue<EventId>,
    tournament: Memo<Tournament>,
    /// The round whose pairings are shown (1-based).
    shown: RwSignal<u32>,
    error: RwSignal<Option<String>>,
    status: RwSignal<Option<Status>>,
    /// Rounds paired so far.
    paired: Memo<u32>,
    /// Boards of the round shown.
    board_count: Memo<usize>,
    /// The boards of the round shown as their rows draw them (all but the results).
    lines: Memo<Vec<BoardLine>>,
    /// The results of the round shown, board by board.
    results: Memo<Vec<GameResult>>,
    /// Where the result slips are written when they are printed.
    slips: NodeRef<leptos::html::Div>,
    /// The boards whose "Why this pairing?" is open, `(round, board)`: kept here, not in a
    /// row, so that an explanation stays open when its row is drawn again (a language switch
    /// rewrites every row).
    why_open: RwSignal<std::collections::BTreeSet<(u32, usize)>>,
}

/// One player of a board as the row shows them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Side {
    no: StartNo,
    name: String,
    rating: String,
    /// Points before the round, with any virtual points (`1.5 +1`).
    points: String,
}

/// A board of the round shown, as its row draws it: everything but the result, which changes
/// on its own. A row is built once per line; a result typed re-runs one cell, not the table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct BoardLine {
    round: u32,
    board: usize,
    white: Side,
    black: Side,
}

/// The boards of round `r` (nothing when it is not shown: `r` beyond `count`), their numbers
/// written as `locale` writes them.
fn board_lines(locale: Locale, t: &Tournament, r: u32, count: u32) -> Vec<BoardLine> {
    let Some(round) = t.round(r).filter(|_| r <= count) else {
        return Vec::new();
    };
    // Once per round, not per player: it reads the event's acceleration records.
    let virtual_points = t.virtual_points(r);
    let side = |p: StartNo| Side {
        no: p,
        name: text::name_of(t, p),
        rating: text::rating_of(t, p),
        points: points_cell(locale, t, p, r, &virtual_points),
    };
    round
        .games
        .iter()
        .enumerate()
        .map(|(i, g)| BoardLine {
            round: r,
            board: i + 1,
            white: side(g.white),
            black: side(g.black),
        })
        .collect()
}

impl Panel {
    /// Runs an engine operation; its refusal is shown and nothing is stored.
    fn run(&self, what: &str, op: &dyn Fn(&mut Tournament) -> Result<Status, EventError>) -> bool {
        match self.store.run_event(&self.id.get_value(), op) {
            Ok(done) => {
                self.error.set(None);
                self.status.set(Some(done));
                true
            }
            Err(e) => {
                self.refuse(what, &e);
                false
            }
        }
    }

    /// Shows why `what` changed nothing.
    fn refuse(&self, what: &str, why: &dyn Words) {
        let l = self.lang.get_untracked();
        self.status.set(None);
        self.error.set(Some(
            td_string!(l, errors.outcome.refused, what, why = why.words(l)).to_string(),
        ));
    }

    /// Stores a pairing the worker made, unless the event changed meanwhile (a result typed
    /// while it worked): then nothing is stored and the organiser pairs again. Safe to call
    /// after the panel has gone (its signals then ignore the writes).
    fn finish_pairing(
        &self,
        id: &EventId,
        before: &Tournament,
        outcome: Result<Paired, PairFailure>,
    ) {
        let locale = self.lang.get_untracked();
        let what = td_string!(locale, event.rounds.refused_pair).to_string();
        let paired = match outcome {
            Ok(paired) if self.store.tournament_now(id).as_ref() == Some(before) => paired,
            Ok(paired) => {
                self.status.set(None);
                self.error.set(Some(
                    td_string!(
                        locale,
                        event.rounds.changed_meanwhile,
                        what,
                        round = paired.round
                    )
                    .to_string(),
                ));
                return;
            }
            Err(e) => return self.refuse(&what, &e),
        };
        let round = paired.round;
        self.store
            .update_event(id, move |stored| *stored = paired.tournament);
        self.error.set(None);
        self.status.set(Some(Status::Paired(round)));
        self.shown.set(round);
    }

    fn set_result(&self, round: u32, board: usize, result: GameResult) {
        let what = td_string!(self.lang.get_untracked(), event.rounds.refused_result);
        self.run(what, &|t| {
            event::set_result(t, round, board, result)?;
            Ok(Status::Result {
                round,
                board,
                result,
            })
        });
    }

    /// Writes the result slips of the round shown, just before they are printed: 150 hidden
    /// slips rebuilt on every result of a big Swiss cost more than printing ever needs.
    fn fill_slips(&self) {
        let Some(el) = self.slips.get_untracked() else {
            return;
        };
        let locale = self.lang.get_untracked();
        let html = self.tournament.with_untracked(|t| {
            self.lines
                .with_untracked(|lines| slips_html(locale, &t.name, lines))
        });
        el.set_inner_html(&html);
    }
}

#[component]
pub fn RoundsPanel(
    /// Id of the event in the store (changes go there).
    event_id: EventId,
    /// The event.
    tournament: Memo<Tournament>,
    /// The round to show first, when a link asks for one (`?round=N`).
    #[prop(default = None)]
    round: Option<u32>,
) -> impl IntoView {
    let is_swiss = Memo::new(move |_| tournament.with(|t| !t.format.is_round_robin()));
    let paired = Memo::new(move |_| tournament.with(Tournament::paired_rounds));
    let round_count = Memo::new(move |_| {
        if is_swiss.get() {
            paired.get()
        } else {
            tournament.with(|t| t.rounds.len() as u32)
        }
    });
    let lang = crate::lang::use_lang();
    let shown = RwSignal::new(tournament.with_untracked(default_round));
    if let Some(r) = round.filter(|&r| r >= 1 && r <= round_count.get_untracked()) {
        shown.set(r);
    }
    let board_count = Memo::new(move |_| {
        let (r, count) = (shown.get(), round_count.get());
        tournament.with(|t| {
            t.round(r)
                .filter(|_| r <= count)
                .map_or(0, |round| round.games.len())
        })
    });
    let lines = Memo::new(move |_| {
        let (r, count, l) = (shown.get(), round_count.get(), lang.get());
        tournament.with(|t| board_lines(l, t, r, count))
    });
    let results = Memo::new(move |_| {
        let r = shown.get();
        tournament.with(|t| {
            t.round(r)
                .map(|round| round.games.iter().map(|g| g.result).collect())
                .unwrap_or_default()
        })
    });
    let panel = Panel {
        store: use_store(),
        lang,
        id: StoredValue::new(event_id.clone()),
        tournament,
        shown,
        error: RwSignal::new(None),
        status: RwSignal::new(None),
        paired,
        board_count,
        lines,
        results,
        slips: NodeRef::new(),
        why_open: RwSignal::new(Default::default()),
    };
    let (error, status) = (panel.error, panel.status);
    view! {
        <div class="rounds">
            <div class="rounds-head no-print">
                <h3>{tr!(event.rounds.heading)}</h3>
                <RoundActions panel=panel is_swiss=is_swiss />
            </div>
            <Show when=move || error.with(Option::is_some)>
                <p class="alert no-print" role="alert" data-testid="pairing-error">
                    {move || error.get().unwrap_or_default()}
                </p>
            </Show>
            <p class="status no-print" role="status">
                {move || status.get().map(|s| s.text(lang.get())).unwrap_or_default()}
            </p>
            <Show
                when=move || { round_count.get() > 0 }
                fallback=move || {
                    view! {
                        <p class="muted" data-testid="no-rounds">{tr!(event.rounds.none_yet)}</p>
                    }
                }
            >
                <nav class="round-picker no-print" aria-label=tr!(event.rounds.picker_aria)>
                    <For
                        each=move || 1..=round_count.get()
                        key=|r| *r
                        children=move |r| {
                            view! {
                                <button
                                    type="button"
                                    data-testid="round-tab"
                                    aria-pressed=move || (shown.get() == r).to_string()
                                    on:click=move |_| shown.set(r)
                                >
                                    {move || td_string!(lang.get(), event.rounds.tab, round = r).to_string()}
                                </button>
                            }
                        }
                    />
                </nav>
                <PairingsList panel=panel />
            </Show>
            <Requests event_id=event_id.clone() tournament=tournament />
            <Show when=move || is_swiss.get()>
                <ProhibitedPairings event_id=event_id.clone() tournament=tournament />
            </Show>
            <RoundsCheck tournament=tournament />
        </div>
    }
}

/// Pair the next round and undo the last pairing (Swiss), print the pairings.
#[component]
fn RoundActions(
    /// The panel's shared state.
    panel: Panel,
    /// Whether the event is a Swiss (round-robins are paired in advance).
    is_swiss: Memo<bool>,
) -> impl IntoView {
    let paired = panel.paired;
    let scheduled = Memo::new(move |_| panel.tournament.with(Tournament::scheduled_rounds));
    // A paired round still has a game without a result (the engine's one count of rounds).
    let waiting = Memo::new(move |_| {
        panel.tournament.with(|t| {
            let progress = t.round_progress();
            progress.paired > progress.complete
        })
    });
    // The pairing runs in the pairing worker (`crate::workers::pairing`): the page stays
    // responsive, the button says it is working, and the answer arrives as a message. Leaving
    // the tab drops the handle, and with it the answer.
    let pending = StoredValue::new_local(None::<PendingPairing>);
    let pairing = RwSignal::new(false);
    let pair_next = move |_: leptos::ev::MouseEvent| {
        if pairing.get_untracked() {
            return;
        }
        let id = panel.id.get_value();
        let Some(before) = panel.store.tournament_now(&id) else {
            return;
        };
        panel.error.set(None);
        panel.status.set(Some(Status::Pairing {
            round: paired.get_untracked() + 1,
            players: before.players.len(),
        }));
        pairing.set(true);
        let handle = pairing::pair_next_round(before.clone(), move |outcome| {
            pairing.set(false);
            panel.finish_pairing(&id, &before, outcome);
        });
        pending.set_value(handle);
    };
    let undo = move |_: leptos::ev::MouseEvent| {
        let what = td_string!(panel.lang.get_untracked(), event.rounds.refused_undo);
        if panel.run(what, &|t| Ok(Status::Undone(event::undo_last_pairing(t)?))) {
            panel.shown.set(paired.get_untracked().max(1));
        }
    };
    let print = move |view: &'static str| {
        move |_: leptos::ev::MouseEvent| {
            if view == "slips" {
                panel.fill_slips();
            }
            if let Err(e) = crate::components::common::layout::print_view(view) {
                panel.error.set(Some(e.words(panel.lang.get_untracked())));
            }
        }
    };
    view! {
        <div class="toolbar" role="group" aria-label=tr!(event.rounds.actions_aria)>
            <Show when=move || is_swiss.get()>
                // While the last round waits for results the button stays clickable (it says
                // why it cannot pair) but does not look like the next step.
                <button
                    type="button"
                    class=move || if waiting.get() { "waiting" } else { "primary" }
                    data-testid="pair-next"
                    disabled=move || { pairing.get() || paired.get() >= scheduled.get() }
                    aria-busy=move || pairing.get().to_string()
                    on:click=pair_next
                >
                    {move || {
                        let (l, round) = (panel.lang.get(), paired.get() + 1);
                        if pairing.get() {
                            td_string!(l, event.rounds.pairing, round).to_string()
                        } else if round > scheduled.get() {
                            td_string!(l, event.rounds.all_paired).to_string()
                        } else if waiting.get() {
                            td_string!(l, event.rounds.pair_waiting, round, previous = round - 1)
                                .to_string()
                        } else {
                            td_string!(l, event.rounds.pair, round).to_string()
                        }
                    }}
                </button>
                // Moves while the worker pairs: the page is not frozen, the pairing is under way.
                <Show when=move || pairing.get()>
                    <progress class="pairing-progress" data-testid="pairing-progress" aria-label=tr!(event.rounds.pairing_aria)></progress>
                </Show>
                <button
                    type="button"
                    data-testid="undo-pairing"
                    disabled=move || pairing.get() || paired.get() == 0
                    on:click=undo
                >
                    {move || {
                        td_string!(panel.lang.get(), event.rounds.undo, round = paired.get().max(1))
                            .to_string()
                    }}
                </button>
            </Show>
            {[
                ("print-pairings", "pairings", tr!(event.rounds.print_pairings)),
                ("print-slips", "slips", tr!(event.rounds.print_slips)),
            ]
                .into_iter()
                .map(|(testid, view, label)| view! {
                    <button
                        type="button"
                        data-testid=testid
                        disabled=move || panel.board_count.get() == 0
                        on:click=print(view)
                    >
                        {label}
                    </button>
                })
                .collect_view()}
        </div>
    }
}

/// The round shown: its boards with their result controls, and who has no board.
#[component]
fn PairingsList(
    /// The panel's shared state.
    panel: Panel,
) -> impl IntoView {
    let title = move || {
        let (l, round) = (panel.lang.get(), panel.shown.get());
        panel
            .tournament
            .with(|t| td_string!(l, event.rounds.title, event = t.name.clone(), round).to_string())
    };
    // The boards drawn so far: the first BOARDS_PER_FRAME at once, as many more each frame.
    // `limit` says how many of which boards (another round, or a new pairing, starts again).
    let limit = RwSignal::new((Vec::<BoardLine>::new(), 0usize));
    let visible = Memo::new(move |_| {
        panel.lines.with(|all| {
            let n = limit.with(|(of, n)| if of == all { *n } else { BOARDS_PER_FRAME });
            all[..n.min(all.len())].to_vec()
        })
    });
    // The result controls' options are words (an unrated game's mark): a change of language
    // writes them anew, each control keeping its result.
    Effect::new(move |last: Option<Locale>| {
        let locale = panel.lang.get();
        if last.is_some_and(|l| l != locale) {
            relabel_results(panel, locale);
        }
        locale
    });
    Effect::new(move |_| {
        let (drawn, total) = (visible.with(Vec::len), panel.lines.with(Vec::len));
        if drawn < total {
            request_animation_frame(move || {
                limit.set((panel.lines.get_untracked(), drawn + BOARDS_PER_FRAME));
            });
        }
    });
    view! {
        <section class="pairings-list" aria-labelledby="pairings-title">
            <h4 id="pairings-title" data-testid="pairings-title">{title}</h4>
            {move || {
                panel
                    .tournament
                    .with(|t| acceleration_note(panel.lang.get(), t, panel.shown.get()))
                    .map(|note| view! { <p class="note" data-testid="virtual-points">{note}</p> })
            }}
            <p class="muted no-print" id="keys-help">{tr!(event.rounds.keys_help)}</p>
            <div class="table-scroll">
                <table class="pairings" data-testid="pairings" aria-describedby="keys-help">
                    <thead>
                        <tr>
                            <th scope="col">{tr!(event.rounds.col_board)}</th>
                            <th scope="col">{tr!(event.rounds.col_no)}</th>
                            <th scope="col">{tr!(event.rounds.col_white)}</th>
                            <th scope="col">{tr!(event.rounds.col_points)}</th>
                            <th scope="col">{tr!(event.rounds.col_result)}</th>
                            <th scope="col">{tr!(event.rounds.col_points)}</th>
                            <th scope="col">{tr!(event.rounds.col_no)}</th>
                            <th scope="col">{tr!(event.rounds.col_black)}</th>
                        </tr>
                    </thead>
                    <tbody>
                        <For
                            each=move || visible.get()
                            key=|line| line.clone()
                            children=move |line| view! { <BoardRow panel=panel line=line /> }
                        />
                    </tbody>
                </table>
            </div>
            <ul class="byes" aria-label=tr!(event.rounds.without_board_aria)>
                <WithoutBoard panel=panel />
            </ul>
            <div class="slips" aria-hidden="true" node_ref=panel.slips></div>
        </section>
    }
}

/// One result slip per board (`lines`) of the event `name`, for the players to fill in and
/// sign, in the reader's language: printed alone by "Print result slips" (`style/print.css`),
/// never shown on screen.
fn slips_html(locale: Locale, name: &str, lines: &[BoardLine]) -> String {
    let name = escape(name);
    let strong = |s: &Side| {
        format!(
            "<strong>{}</strong>",
            escape(&format!("{} {}", s.name, s.rating))
        )
    };
    let line = "____________";
    // The words that are the same on every slip, once.
    let result = td_string!(locale, print.slip.result, choices = "☐ 1–0   ☐ ½–½   ☐ 0–1");
    let sign = td_string!(locale, print.slip.signatures, white = line, black = line);
    let mut h = String::with_capacity(lines.len() * 400);
    for l in lines {
        let _ = write!(
            h,
            "<article class=\"slip\" data-testid=\"result-slip\"><p class=\"slip-head\"><strong>{name}</strong> · {}</p><p>{}</p><p>{}</p><p class=\"slip-result\">{result}</p><p class=\"slip-sign\">{sign}</p></article>",
            td_string!(locale, print.slip.head, round = l.round, board = l.board),
            td_string!(locale, print.slip.white, name = strong(&l.white)),
            td_string!(locale, print.slip.black, name = strong(&l.black)),
        );
    }
    h
}

/// Points before `round` with the event's point system, and the acceleration's virtual points
/// for pairing that round (`1.5 +1`): shown with the pairing, never counted in standings.
/// `virtual_points` is the round's (`Tournament::virtual_points`).
fn points_cell(
    locale: Locale,
    t: &Tournament,
    p: StartNo,
    round: u32,
    virtual_points: &PerPlayer<Tenths>,
) -> String {
    let points = show_short(t.score_before(p, round));
    let virtual_points = virtual_points.get(p).copied().unwrap_or(0);
    text::localise(
        locale,
        if virtual_points > 0 {
            format!("{points}\u{a0}+{}", show_short(virtual_points))
        } else {
            points
        },
    )
}

/// The acceleration note of a round: who has virtual points, how many (none: no note).
fn acceleration_note(locale: Locale, t: &Tournament, round: u32) -> Option<String> {
    let v = t.virtual_points(round);
    let with: Vec<StartNo> = v.iter().filter(|(_, &x)| x > 0).map(|(p, _)| p).collect();
    let (&first, &last) = (with.first()?, with.last()?);
    let amount = text::localise(locale, show_short(v[first]));
    let how = match t.acceleration() {
        engine::rules2026::Acceleration::Baku => td_string!(locale, event.rounds.accel_baku),
        _ => td_string!(locale, event.rounds.accel_explicit),
    };
    Some(if with.len() == (last - first + 1) as usize {
        td_string!(locale, event.rounds.accel_range, how, first, last, amount).to_string()
    } else {
        td_string!(
            locale,
            event.rounds.accel_count,
            how,
            count = with.len(),
            amount
        )
        .to_string()
    })
}

/// The result select's options (the same for every board), set as one string: ten options
/// built node by node for each of 150 boards were most of a big round's drawing.
fn result_options(locale: Locale) -> String {
    RESULTS
        .iter()
        .map(|&(result, value, symbol)| {
            format!(
                "<option value=\"{value}\">{}</option>",
                escape(&result_label(locale, result, symbol))
            )
        })
        .collect()
}

/// Writes the options of the round's result controls in `locale`, and sets each control's
/// result again (writing the options resets a `<select>`).
fn relabel_results(panel: Panel, locale: Locale) {
    let options = result_options(locale);
    let round = panel.shown.get_untracked();
    panel.results.with_untracked(|results| {
        for (i, &result) in results.iter().enumerate() {
            if let Some(el) = document().get_element_by_id(&result_id(round, i + 1)) {
                el.set_inner_html(&options);
                let _ = js_sys::Reflect::set(&el, &"value".into(), &result_value(result).into());
            }
        }
    });
}

/// One board: the players, their points before the round, and the result control, which takes
/// keys (results, and ↑/↓ to the neighbouring boards).
#[component]
fn BoardRow(
    /// The panel's shared state.
    panel: Panel,
    /// The board as drawn.
    line: BoardLine,
) -> impl IntoView {
    let BoardLine {
        round,
        board,
        white,
        black,
    } = line;
    let result = move || {
        panel
            .results
            .with(|r| r.get(board - 1).copied().unwrap_or(GameResult::Pending))
    };
    let lang = panel.lang;
    let label = {
        let (white, black) = (white.name.clone(), black.name.clone());
        move || {
            td_string!(
                lang.get(),
                event.rounds.result_aria,
                board,
                white = white.clone(),
                black = black.clone()
            )
            .to_string()
        }
    };
    let board_count = panel.board_count;
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let key = ev.key();
        let moved = match key.as_str() {
            "ArrowDown" => Some(board + 1),
            "ArrowUp" => board.checked_sub(1).filter(|&b| b > 0),
            _ => None,
        };
        if matches!(key.as_str(), "ArrowDown" | "ArrowUp") {
            ev.prevent_default();
            if let Some(b) = moved.filter(|&b| b <= board_count.get_untracked()) {
                focus_id(&result_id(round, b));
            }
            return;
        }
        let entered = if matches!(key.as_str(), "Backspace" | "Delete") {
            Some(GameResult::Pending)
        } else {
            event::result_for_key(&key)
        };
        if let Some(r) = entered {
            ev.prevent_default();
            panel.set_result(round, board, r);
            if r != GameResult::Pending && board < board_count.get_untracked() {
                focus_id(&result_id(round, board + 1));
            }
        }
    };
    // "Why this pairing?" (a Swiss's boards: a round-robin's come from the Berger tables).
    let swiss = panel
        .tournament
        .with_untracked(|t| !t.format.is_round_robin());
    let why_open = panel.why_open;
    let why_names = (white.name.clone(), black.name.clone());
    let tournament = panel.tournament;
    view! {
        <tr data-testid="pairing-board" data-white=white.no data-black=black.no>
            <td class="num">
                {board}
                {swiss.then(|| view! {
                    <WhyButton open=why_open round board lang names=why_names.clone() />
                })}
            </td>
            <td class="num">{white.no}</td>
            <th scope="row" class="player-name">
                <span translate="no">{white.name}</span>
                <span class="rating muted">{white.rating}</span>
            </th>
            <td class="num">{white.points}</td>
            <td class="result-cell">
                // The options first: the value is set once they are there. A change of language
                // writes them anew ([`relabel_results`]).
                <select
                    inner_html=result_options(lang.get_untracked())
                    id=result_id(round, board)
                    data-testid="board-result"
                    aria-label=label
                    aria-keyshortcuts="1 = 0 + - Delete ArrowUp ArrowDown"
                    prop:value=move || result_value(result())
                    on:change=move |ev| panel.set_result(round, board, result_from_value(&event_target_value(&ev)))
                    on:keydown=on_key
                ></select>
                <span class="print-only">
                    {move || match result() {
                        GameResult::Pending => String::new(),
                        r => RESULTS
                            .iter()
                            .find(|(g, _, _)| *g == r)
                            .map(|&(_, _, symbol)| result_label(lang.get(), r, symbol))
                            .unwrap_or_default(),
                    }}
                </span>
            </td>
            <td class="num">{black.points}</td>
            <td class="num">{black.no}</td>
            <th scope="row" class="player-name">
                <span translate="no">{black.name}</span>
                <span class="rating muted">{black.rating}</span>
            </th>
        </tr>
        {move || why_open.with(|o| o.contains(&(round, board))).then(|| view! {
            <WhyRow tournament lang round board columns=8 />
        })}
    }
}

/// The round's players without a board: pairing-allocated bye, requested byes, absences.
#[component]
fn WithoutBoard(
    /// The panel's shared state.
    panel: Panel,
) -> impl IntoView {
    move || {
        let (r, l) = (panel.shown.get(), panel.lang.get());
        panel.tournament.with(|t| {
            let Some(round) = t.round(r) else {
                return Vec::new();
            };
            round
                .byes
                .iter()
                .map(|b| {
                    let (what, code) = match b.kind {
                        ByeKind::PairingAllocated => (td_string!(l, event.rounds.bye_pairing), "U"),
                        ByeKind::Full => (td_string!(l, event.rounds.bye_full), "F"),
                        ByeKind::Half => (td_string!(l, event.rounds.bye_half), "H"),
                        ByeKind::Zero => (td_string!(l, event.rounds.bye_absent), "Z"),
                    };
                    view! {
                        <li data-testid="pairing-bye" data-player=b.player data-kind=code>
                            {td!(
                                l,
                                event.rounds.without_board,
                                name = text::name_of(t, b.player),
                                no = b.player,
                                what,
                                <player> = <strong translate="no" />
                            )}
                        </li>
                    }
                })
                .collect::<Vec<_>>()
        })
    }
}
