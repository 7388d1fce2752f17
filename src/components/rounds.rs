//! The Rounds tab: each round's pairing on boards, result entry by keyboard, "pair next round"
//! (Swiss, FIDE Dutch system), undo of the last pairing, requested byes, absences and
//! withdrawals, and a printable pairings list. Every rule is the engine's (`engine::event`).

use crate::components::data_table::escape;
use crate::components::player_select::{PlayerLabel, PlayerSelect};
use crate::components::prohibited::ProhibitedPairings;
use crate::i18n::td_string;
use crate::store::{use_store, Store};
use crate::text;
use crate::words::Words;
use crate::workers::pairing::{self, PairFailure, Paired, PendingPairing};
use engine::event::{self, EventError};
use engine::rules2026::{show_short, Tenths};
use engine::{ByeKind, Color, Format, GameResult, Outcome, StartNo, Tournament};
use leptos::prelude::*;
use std::fmt::Write;
use wasm_bindgen::JsCast;

/// Boards drawn at once when a round is shown, and as many more at each animation frame after
/// it: a 300-player round's 150 boards built in one task held the page for about 100 ms
/// (issue 15 item 4), more than the 50 ms a task may take before the page feels frozen.
const BOARDS_PER_FRAME: usize = 15;

/// The results offered for a board, with their `<option>` values and short labels.
const RESULTS: [(GameResult, &str, &str); 10] = [
    (GameResult::Pending, "pending", "—"),
    (GameResult::Played(Outcome::WhiteWins), "1-0", "1–0"),
    (GameResult::Played(Outcome::Draw), "draw", "½–½"),
    (GameResult::Played(Outcome::BlackWins), "0-1", "0–1"),
    (GameResult::Forfeit(Some(Color::White)), "+-", "+/−"),
    (GameResult::Forfeit(Some(Color::Black)), "-+", "−/+"),
    (GameResult::Forfeit(None), "--", "−/−"),
    (
        GameResult::PlayedUnrated(Outcome::WhiteWins),
        "1-0u",
        "1–0 (u)",
    ),
    (GameResult::PlayedUnrated(Outcome::Draw), "drawu", "½–½ (u)"),
    (
        GameResult::PlayedUnrated(Outcome::BlackWins),
        "0-1u",
        "0–1 (u)",
    ),
];

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

/// The id of board `board`'s result control in round `round` (for moving the focus).
fn result_id(round: u32, board: usize) -> String {
    format!("result-r{round}-b{board}")
}

fn focus(id: &str) {
    if let Some(el) = document()
        .get_element_by_id(id)
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = el.focus();
    }
}

/// The round to show first: the last paired round of a Swiss; in a round-robin the first round
/// with a game still pending (else the last).
fn default_round(t: &Tournament) -> u32 {
    match t.format {
        Format::Swiss { .. } => event::paired_rounds(t).max(1),
        Format::RoundRobin { .. } => t
            .rounds
            .iter()
            .position(|r| r.games.iter().any(|g| g.result == GameResult::Pending))
            .map_or(t.rounds.len().max(1) as u32, |i| i as u32 + 1),
    }
}

/// What a request of the form does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Request {
    HalfBye,
    Absent,
    Withdraw,
}

impl Request {
    fn id(self) -> &'static str {
        match self {
            Request::HalfBye => "H",
            Request::Absent => "Z",
            Request::Withdraw => "W",
        }
    }
    fn from_id(id: &str) -> Request {
        match id {
            "Z" => Request::Absent,
            "W" => Request::Withdraw,
            _ => Request::HalfBye,
        }
    }
}

/// What the panel's pieces share (Copy): the event, the round shown, the messages.
#[derive(Clone, Copy)]
struct Panel {
    store: Store,
    id: StoredValue<String>,
    tournament: Memo<Tournament>,
    /// The round whose pairings are shown (1-based).
    shown: RwSignal<u32>,
    error: RwSignal<Option<String>>,
    status: RwSignal<String>,
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
    /// The reader's language, for refusals worded when they happen.
    lang: crate::lang::Lang,
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

/// The boards of round `r` (nothing when it is not shown: `r` beyond `count`).
fn board_lines(t: &Tournament, r: u32, count: u32) -> Vec<BoardLine> {
    let Some(round) = t.rounds.get(r as usize - 1).filter(|_| r <= count) else {
        return Vec::new();
    };
    // Once per round, not per player: it reads the event's acceleration records.
    let virtual_points = t.virtual_points(r);
    let side = |p: StartNo| Side {
        no: p,
        name: text::name_of(t, p),
        rating: text::rating_of(t, p),
        points: points_cell(t, p, r, &virtual_points),
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
    fn run(&self, what: &str, op: &dyn Fn(&mut Tournament) -> Result<String, EventError>) -> bool {
        match self.store.run_event(&self.id.get_value(), op) {
            Ok(message) => {
                self.error.set(None);
                self.status.set(message);
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
        self.status.set(String::new());
        self.error.set(Some(
            td_string!(l, errors.outcome.refused, what, why = why.words(l)).to_string(),
        ));
    }

    /// Stores a pairing the worker made, unless the event changed meanwhile (a result typed
    /// while it worked): then nothing is stored and the organiser pairs again. Safe to call
    /// after the panel has gone (its signals then ignore the writes).
    fn finish_pairing(&self, id: &str, before: &Tournament, outcome: Result<Paired, PairFailure>) {
        let what = "Cannot pair the next round";
        let paired = match outcome {
            Ok(paired) if self.store.tournament_now(id).as_ref() == Some(before) => paired,
            Ok(paired) => {
                self.status.set(String::new());
                self.error.set(Some(format!(
                    "{what}: the event changed while round {} was being paired. Nothing was \
                     changed; pair again.",
                    paired.round
                )));
                return;
            }
            Err(e) => return self.refuse(what, &e),
        };
        let round = paired.round;
        self.store
            .update_event(id, move |stored| *stored = paired.tournament);
        self.error.set(None);
        self.status
            .set(format!("Round {round} paired (FIDE Dutch system)."));
        self.shown.set(round);
    }

    fn set_result(&self, round: u32, board: usize, result: GameResult) {
        self.run("Result not recorded", &|t| {
            event::set_result(t, round, board, result)?;
            Ok(format!(
                "Round {round}, board {board}: {}.",
                text::result_words(result)
            ))
        });
    }

    /// Writes the result slips of the round shown, just before they are printed: 150 hidden
    /// slips rebuilt on every result of a big Swiss cost more than printing ever needs.
    fn fill_slips(&self) {
        let Some(el) = self.slips.get_untracked() else {
            return;
        };
        let html = self.tournament.with_untracked(|t| {
            self.lines
                .with_untracked(|lines| slips_html(&t.name, lines))
        });
        el.set_inner_html(&html);
    }
}

#[component]
pub fn RoundsPanel(
    /// Id of the event in the store (changes go there).
    event_id: String,
    /// The event.
    tournament: Memo<Tournament>,
) -> impl IntoView {
    let is_swiss = Memo::new(move |_| tournament.with(|t| !t.format.is_round_robin()));
    let paired = Memo::new(move |_| tournament.with(event::paired_rounds));
    let round_count = Memo::new(move |_| {
        if is_swiss.get() {
            paired.get()
        } else {
            tournament.with(|t| t.rounds.len() as u32)
        }
    });
    let shown = RwSignal::new(tournament.with_untracked(default_round));
    let board_count = Memo::new(move |_| {
        let (r, count) = (shown.get(), round_count.get());
        tournament.with(|t| {
            t.rounds
                .get(r as usize - 1)
                .filter(|_| r <= count)
                .map_or(0, |round| round.games.len())
        })
    });
    let lines = Memo::new(move |_| {
        let (r, count) = (shown.get(), round_count.get());
        tournament.with(|t| board_lines(t, r, count))
    });
    let results = Memo::new(move |_| {
        let r = shown.get();
        tournament.with(|t| {
            t.rounds
                .get(r as usize - 1)
                .map(|round| round.games.iter().map(|g| g.result).collect())
                .unwrap_or_default()
        })
    });
    let panel = Panel {
        store: use_store(),
        id: StoredValue::new(event_id.clone()),
        tournament,
        shown,
        error: RwSignal::new(None),
        status: RwSignal::new(String::new()),
        paired,
        board_count,
        lines,
        results,
        slips: NodeRef::new(),
        lang: crate::lang::use_lang(),
    };
    let (error, status) = (panel.error, panel.status);
    view! {
        <div class="rounds">
            <div class="rounds-head no-print">
                <h3>"Rounds"</h3>
                <RoundActions panel=panel is_swiss=is_swiss />
            </div>
            <Show when=move || error.with(Option::is_some)>
                <p class="alert no-print" role="alert" data-testid="pairing-error">
                    {move || error.get().unwrap_or_default()}
                </p>
            </Show>
            <p class="status no-print" role="status">{move || status.get()}</p>
            <Show
                when=move || { round_count.get() > 0 }
                fallback=move || {
                    view! {
                        <p class="muted" data-testid="no-rounds">
                            "No round is paired yet. Add the players, request any byes or absences \
                             for round 1 below, then pair round 1."
                        </p>
                    }
                }
            >
                <nav class="round-picker no-print" aria-label="Choose a round">
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
                                    {format!("Round {r}")}
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
        panel.status.set(format!(
            "Pairing round {} of {} players…",
            paired.get_untracked() + 1,
            before.players.len()
        ));
        pairing.set(true);
        let handle = pairing::pair_next_round(before.clone(), move |outcome| {
            pairing.set(false);
            panel.finish_pairing(&id, &before, outcome);
        });
        pending.set_value(handle);
    };
    let undo = move |_: leptos::ev::MouseEvent| {
        if panel.run("Cannot undo", &|t| {
            let r = event::undo_last_pairing(t)?;
            Ok(format!("The pairing of round {r} was taken back."))
        }) {
            panel.shown.set(paired.get_untracked().max(1));
        }
    };
    let print = move |view: &'static str| {
        move |_: leptos::ev::MouseEvent| {
            if view == "slips" {
                panel.fill_slips();
            }
            if let Err(e) = crate::components::layout::print_view(view) {
                panel.error.set(Some(format!("Printing failed: {e}")));
            }
        }
    };
    view! {
        <div class="toolbar" role="group" aria-label="Round actions">
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
                        let next = paired.get() + 1;
                        if pairing.get() {
                            format!("Pairing round {next}…")
                        } else if next > scheduled.get() {
                            "All rounds paired".to_string()
                        } else if waiting.get() {
                            format!("Pair round {next} (after round {}’s results)", next - 1)
                        } else {
                            format!("Pair round {next}")
                        }
                    }}
                </button>
                // Moves while the worker pairs: the page is not frozen, the pairing is under way.
                <Show when=move || pairing.get()>
                    <progress class="pairing-progress" data-testid="pairing-progress" aria-label="Pairing in progress"></progress>
                </Show>
                <button
                    type="button"
                    data-testid="undo-pairing"
                    disabled=move || pairing.get() || paired.get() == 0
                    on:click=undo
                >
                    {move || format!("Undo pairing of round {}", paired.get().max(1))}
                </button>
            </Show>
            {[("print-pairings", "pairings", "Print pairings"), ("print-slips", "slips", "Print result slips")]
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
        panel
            .tournament
            .with(|t| format!("{} — round {}", t.name, panel.shown.get()))
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
                    .with(|t| acceleration_note(t, panel.shown.get()))
                    .map(|note| view! { <p class="note" data-testid="virtual-points">{note}</p> })
            }}
            <p class="muted no-print" id="keys-help">
                "Focus a board's result and type 1 (White wins), = (draw), 0 (Black wins), + or − \
                 (forfeit), Delete to clear; the focus moves to the next board. ↑/↓ move between \
                 boards, Tab too."
            </p>
            <div class="table-scroll">
                <table class="pairings" data-testid="pairings" aria-describedby="keys-help">
                    <thead>
                        <tr>
                            <th scope="col">"Bd"</th>
                            <th scope="col">"No."</th>
                            <th scope="col">"White"</th>
                            <th scope="col">"Pts"</th>
                            <th scope="col">"Result"</th>
                            <th scope="col">"Pts"</th>
                            <th scope="col">"No."</th>
                            <th scope="col">"Black"</th>
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
            <ul class="byes" aria-label="Without a board this round">
                <WithoutBoard panel=panel />
            </ul>
            <div class="slips" aria-hidden="true" node_ref=panel.slips></div>
        </section>
    }
}

/// One result slip per board (`lines`) of the event `name`, for the players to fill in and
/// sign: printed alone by "Print result slips" (`style/print.css`), never shown on screen.
fn slips_html(name: &str, lines: &[BoardLine]) -> String {
    let name = escape(name);
    let mut h = String::with_capacity(lines.len() * 400);
    for l in lines {
        let who = |s: &Side| escape(&format!("{} {}", s.name, s.rating));
        let _ = write!(
            h,
            "<article class=\"slip\" data-testid=\"result-slip\"><p class=\"slip-head\">\
             <strong>{name}</strong> · Round {} · Board {}</p><p>White: <strong>{}</strong></p>\
             <p>Black: <strong>{}</strong></p><p class=\"slip-result\">Result:  ☐ 1–0   ☐ ½–½   \
             ☐ 0–1</p><p class=\"slip-sign\">Signatures:  White ____________   Black \
             ____________</p></article>",
            l.round,
            l.board,
            who(&l.white),
            who(&l.black)
        );
    }
    h
}

/// Points before `round` with the event's point system, and the acceleration's virtual points
/// for pairing that round (`1.5 +1`): shown with the pairing, never counted in standings.
/// `virtual_points` is the round's (`Tournament::virtual_points`).
fn points_cell(t: &Tournament, p: StartNo, round: u32, virtual_points: &[Tenths]) -> String {
    let points = show_short(t.score_before(p, round));
    let virtual_points = virtual_points.get(p as usize - 1).copied().unwrap_or(0);
    if virtual_points > 0 {
        format!("{points}\u{a0}+{}", show_short(virtual_points))
    } else {
        points
    }
}

/// The acceleration note of a round: who has virtual points, how many (none: no note).
fn acceleration_note(t: &Tournament, round: u32) -> Option<String> {
    let v = t.virtual_points(round);
    let with: Vec<usize> = (0..v.len()).filter(|&i| v[i] > 0).collect();
    let (&first, &last) = (with.first()?, with.last()?);
    let amount = show_short(v[first]);
    let who = if with.len() == last - first + 1 {
        format!("players {}–{}", first + 1, last + 1)
    } else {
        format!("{} players", with.len())
    };
    let how = match t.acceleration() {
        engine::rules2026::Acceleration::Baku => "Baku acceleration (FIDE C.04.7)",
        _ => "Acceleration (TRF 250)",
    };
    Some(format!(
        "{how}: {who} were paired with {amount} virtual point(s) added (shown as +{amount}); \
         virtual points only steer the pairing and never count in the standings."
    ))
}

/// The result select's options (the same for every board), set as one string: ten options
/// built node by node for each of 150 boards were most of a big round's drawing.
fn result_options() -> String {
    RESULTS
        .iter()
        .map(|(_, value, label)| format!("<option value=\"{value}\">{label}</option>"))
        .collect()
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
    let label = format!("Result of board {board}: {} – {}", white.name, black.name);
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
                focus(&result_id(round, b));
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
                focus(&result_id(round, board + 1));
            }
        }
    };
    view! {
        <tr data-testid="pairing-board" data-white=white.no data-black=black.no>
            <td class="num">{board}</td>
            <td class="num">{white.no}</td>
            <th scope="row" class="player-name">
                {white.name}
                <span class="rating muted">{white.rating}</span>
            </th>
            <td class="num">{white.points}</td>
            <td class="result-cell">
                // The options first: the value is set once they are there.
                <select
                    inner_html=result_options()
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
                            .map(|(_, _, l)| l.to_string())
                            .unwrap_or_default(),
                    }}
                </span>
            </td>
            <td class="num">{black.points}</td>
            <td class="num">{black.no}</td>
            <th scope="row" class="player-name">
                {black.name}
                <span class="rating muted">{black.rating}</span>
            </th>
        </tr>
    }
}

/// The round's players without a board: pairing-allocated bye, requested byes, absences.
#[component]
fn WithoutBoard(
    /// The panel's shared state.
    panel: Panel,
) -> impl IntoView {
    move || {
        let r = panel.shown.get();
        panel.tournament.with(|t| {
            let Some(round) = t.rounds.get(r as usize - 1) else {
                return Vec::new();
            };
            round
                .byes
                .iter()
                .map(|b| {
                    let (what, code) = match b.kind {
                        ByeKind::PairingAllocated => ("pairing-allocated bye (1 point)", "U"),
                        ByeKind::Full => ("full-point bye", "F"),
                        ByeKind::Half => ("half-point bye (requested)", "H"),
                        ByeKind::Zero => ("absent (0)", "Z"),
                    };
                    view! {
                        <li data-testid="pairing-bye" data-player=b.player data-kind=code>
                            <strong>{text::name_of(t, b.player)}</strong>
                            {format!(" ({}) — {what}", b.player)}
                        </li>
                    }
                })
                .collect::<Vec<_>>()
        })
    }
}

/// Requested byes and absences for rounds not yet paired, and withdrawals from a round on.
#[component]
fn Requests(
    /// Id of the event in the store.
    event_id: String,
    /// The event.
    tournament: Memo<Tournament>,
) -> impl IntoView {
    let store = use_store();
    let lang = crate::lang::use_lang();
    let id = StoredValue::new(event_id);
    let error = RwSignal::new(None::<String>);
    let player = RwSignal::new(None::<StartNo>);
    let round = RwSignal::new(String::new());
    let kind = RwSignal::new(Request::HalfBye);
    let is_swiss = Memo::new(move |_| tournament.with(|t| !t.format.is_round_robin()));
    let next_round = Memo::new(move |_| tournament.with(event::next_round_to_request));

    // A withdrawal refused because the round is paired: (player, round) for the two choices.
    let choice = RwSignal::new(None::<(StartNo, u32)>);
    let apply = move |op: &dyn Fn(&mut Tournament) -> Result<(), EventError>| {
        choice.set(None);
        match store.run_event(&id.get_value(), op) {
            Ok(()) => {
                error.set(None);
                true
            }
            Err(e) => {
                if let EventError::WithdrawFromPairedRound { player, round, .. } = e {
                    choice.set(Some((player, round)));
                }
                let l = lang.get_untracked();
                let error_words = e.words(l);
                error.set(Some(
                    td_string!(l, errors.outcome.nothing_changed, error = error_words).to_string(),
                ));
                false
            }
        }
    };
    let choose = move |forfeit: bool| {
        let Some((p, r)) = choice.get_untracked() else {
            return;
        };
        if forfeit {
            apply(&|t| event::withdraw_forfeiting(t, p, r));
        } else {
            apply(&|t| event::withdraw(t, p, Some(r + 1)));
        }
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some(p) = player.get_untracked() else {
            error.set(Some("Choose a player. Nothing was changed.".into()));
            return;
        };
        let r = round.get_untracked();
        let r = if r.trim().is_empty() {
            next_round.get_untracked()
        } else {
            match r.trim().parse::<u32>() {
                Ok(r) => r,
                Err(_) => {
                    error.set(Some(format!(
                        "The round “{}” should be a number. Nothing was changed.",
                        r.trim()
                    )));
                    return;
                }
            }
        };
        // A round-robin offers withdrawals only (its absences are forfeits on the schedule).
        let what = if is_swiss.get_untracked() {
            kind.get_untracked()
        } else {
            Request::Withdraw
        };
        let done = match what {
            Request::HalfBye => apply(&|t| event::request_bye(t, p, r, Some(ByeKind::Half))),
            Request::Absent => apply(&|t| event::request_bye(t, p, r, Some(ByeKind::Zero))),
            Request::Withdraw => apply(&|t| event::withdraw(t, p, Some(r))),
        };
        // Recorded: the form starts afresh for the next request.
        if done {
            player.set(None);
            round.set(String::new());
            kind.set(Request::HalfBye);
        }
    };

    view! {
        <section class="requests no-print" aria-labelledby="requests-title">
            <h4 id="requests-title">
                {move || if is_swiss.get() { "Byes, absences and withdrawals" } else { "Withdrawals" }}
            </h4>
            <p class="muted">
                {move || {
                    if is_swiss.get() {
                        "A half-point bye (H) or an absence (Z) is requested for a round not yet \
                         paired; the pairing leaves the player out. A withdrawn player is not paired \
                         from that round on."
                    } else {
                        "A player who withdraws from a round on: their remaining games are compared \
                         under each policy in the Withdrawal view."
                    }
                }}
            </p>
            <form class="request-form" on:submit=submit>
                <label>
                    "Player"
                    <PlayerSelect
                        tournament=tournament
                        value=player
                        on_pick=Callback::new(move |p| player.set(p))
                        testid="request-player"
                        label=PlayerLabel::NumberName
                        placeholder="Choose…"
                    />
                </label>
                <label>
                    "What"
                    <select
                        data-testid="request-kind"
                        on:change=move |ev| kind.set(Request::from_id(&event_target_value(&ev)))
                        prop:value=move || {
                            if is_swiss.get() { kind.get() } else { Request::Withdraw }.id()
                        }
                    >
                        <Show when=move || is_swiss.get()>
                            <option value="H">"Half-point bye (H)"</option>
                            <option value="Z">"Absent, zero-point bye (Z)"</option>
                        </Show>
                        <option value="W">"Withdraws from this round on"</option>
                    </select>
                </label>
                <label>
                    "Round"
                    <input
                        type="number"
                        min="1"
                        class="rating"
                        data-testid="request-round"
                        placeholder=move || next_round.get().to_string()
                        prop:value=move || round.get()
                        on:input=move |ev| round.set(event_target_value(&ev))
                    />
                </label>
                <button type="submit" data-testid="request-bye">"Record"</button>
            </form>
            <Show when=move || error.with(Option::is_some)>
                <p class="alert" role="alert" data-testid="request-error">
                    {move || error.get().unwrap_or_default()}
                </p>
            </Show>
            {move || choice.get().map(|(_, r)| view! {
                <div class="toolbar" role="group" aria-label="The arbiter's choices" data-testid="withdraw-choices">
                    <button type="button" data-testid="withdraw-forfeit" on:click=move |_| choose(true)>
                        {format!("Forfeit the round {r} game and withdraw from round {} on", r + 1)}
                    </button>
                    <button type="button" data-testid="withdraw-next" on:click=move |_| choose(false)>
                        {format!("Withdraw from round {} on (the game stays)", r + 1)}
                    </button>
                </div>
            })}
            <ul class="request-list">
                <RequestList tournament=tournament apply=Callback::new(move |op: Op| { apply(&*op); }) />
            </ul>
        </section>
    }
}

/// A change to the event that the requests list asks for.
type Op = std::sync::Arc<dyn Fn(&mut Tournament) -> Result<(), EventError> + Send + Sync>;

/// The requested byes and absences, and the withdrawals, each with its cancel button.
#[component]
fn RequestList(
    /// The event.
    tournament: Memo<Tournament>,
    /// Applies a change (and shows its refusal).
    apply: Callback<Op>,
) -> impl IntoView {
    let run = move |op: Op| apply.run(op);
    move || {
        tournament.with(|t| {
            let mut items = Vec::new();
            for (r, p, k) in event::requested_byes(t) {
                let what = if k == ByeKind::Half {
                    "half-point bye"
                } else {
                    "absent (zero-point bye)"
                };
                items.push(
                    view! {
                        <li data-testid="request-item">
                            {format!("Round {r}: {} ({p}) — {what} ", text::name_of(t, p))}
                            <button
                                type="button"
                                class="quiet"
                                aria-label=format!("Cancel the request of player {p} for round {r}")
                                on:click=move |_| run(std::sync::Arc::new(move |t| event::request_bye(t, p, r, None)))
                            >
                                "Cancel"
                            </button>
                        </li>
                    }
                    .into_any(),
                );
            }
            for w in &t.withdrawals {
                let p = w.player;
                items.push(
                    view! {
                        <li data-testid="withdrawal-item">
                            {format!(
                                "{} ({p}) withdrew {} ",
                                text::name_of(t, p),
                                text::withdrawal_point(w.after_round)
                            )}
                            <button
                                type="button"
                                class="quiet"
                                aria-label=format!("Take back the withdrawal of player {p}")
                                on:click=move |_| run(std::sync::Arc::new(move |t| event::withdraw(t, p, None)))
                            >
                                "Take back"
                            </button>
                        </li>
                    }
                    .into_any(),
                );
            }
            items
        })
    }
}
