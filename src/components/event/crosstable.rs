//! The editable crosstable. A round-robin shows player × opponent (two results per cell in a
//! double round-robin), a Swiss shows player × round. Selecting a game opens the result
//! chooser; with a cell focused, keys set the result from the row player's side. Each row can
//! mark the player as withdrawn after a round.

use crate::event_id::EventId;
use crate::i18n::{td, td_string};
use crate::lang::{use_lang, Lang};
use crate::store::{use_store, Store};
use crate::tr;
use crate::words::text;
use crate::words::Words;
use engine::{Color, Entry, Format, GameResult, Outcome, StartNo, Tournament};
use leptos::prelude::*;

/// A game's place in the schedule: `rounds[round].games[board]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameRef {
    pub round: usize,
    pub board: usize,
}

/// The table's shape; it changes only when the pairings change, not with results.
#[derive(Clone, Debug, PartialEq)]
struct Layout {
    players: u32,
    /// Rounds scheduled (for the withdrawal choice).
    scheduled_rounds: u32,
    /// Round-robin: player i's games against j, `cells[i-1][j-1]`, in round order.
    /// Swiss: player i's game in round r, `cells[i-1][r-1]` (at most one).
    cells: Vec<Vec<Vec<GameRef>>>,
    by_round: bool,
}

/// The grid's row of player `p`, and in a round-robin also their column: the grid is a matrix
/// of 0-based rows and columns (keyboard navigation moves by ±1 in it), not a per-player vector.
fn grid_index(p: StartNo) -> usize {
    (p as usize)
        .checked_sub(1)
        .expect("start numbers begin at 1")
}

/// A game button's place in the grid: row (player − 1), column (opponent − 1 or round − 1) and
/// which of the cell's games (a double round-robin has two per cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Spot {
    row: usize,
    col: usize,
    game: usize,
}

impl Spot {
    /// The button's `data-cell`, by which focus finds it.
    fn key(self) -> String {
        format!("{}-{}-{}", self.row, self.col, self.game)
    }
}

impl Layout {
    fn games(&self, row: usize, col: usize) -> usize {
        self.cells
            .get(row)
            .and_then(|r| r.get(col))
            .map_or(0, Vec::len)
    }

    fn contains(&self, at: Spot) -> bool {
        at.game < self.games(at.row, at.col)
    }

    /// The grid's single tab stop before the arrows moved it: the first game of the first row.
    fn first(&self) -> Option<Spot> {
        (0..self.cells.len()).find_map(|row| self.row_end(row, false))
    }

    /// The first (or, `last`, the last) game of `row`.
    fn row_end(&self, row: usize, last: bool) -> Option<Spot> {
        let cols = self.cells.get(row)?.len();
        let has = |&col: &usize| self.games(row, col) > 0;
        let col = if last {
            (0..cols).rev().find(has)?
        } else {
            (0..cols).find(has)?
        };
        let game = if last { self.games(row, col) - 1 } else { 0 };
        Some(Spot { row, col, game })
    }

    /// Where a navigation key moves the focus from `from` (the grid pattern of WAI-ARIA APG:
    /// arrows to the nearest game in that direction, skipping empty cells and the diagonal;
    /// Home/End to the row's first/last game). `None`: not a navigation key, or nothing there.
    fn step(&self, from: Spot, key: &str) -> Option<Spot> {
        let Spot { row, col, game } = from;
        let cols = self.cells.get(row)?.len();
        let vertical = |r: usize| {
            let n = self.games(r, col);
            (n > 0).then(|| Spot {
                row: r,
                col,
                game: game.min(n - 1),
            })
        };
        match key {
            "ArrowRight" if game + 1 < self.games(row, col) => Some(Spot {
                game: game + 1,
                ..from
            }),
            "ArrowRight" => (col + 1..cols)
                .find(|&c| self.games(row, c) > 0)
                .map(|col| Spot { row, col, game: 0 }),
            "ArrowLeft" if game > 0 => Some(Spot {
                game: game - 1,
                ..from
            }),
            "ArrowLeft" => (0..col)
                .rev()
                .find(|&c| self.games(row, c) > 0)
                .map(|col| Spot {
                    row,
                    col,
                    game: self.games(row, col) - 1,
                }),
            "ArrowDown" => (row + 1..self.cells.len()).find_map(vertical),
            "ArrowUp" => (0..row).rev().find_map(vertical),
            "Home" => self.row_end(row, false),
            "End" => self.row_end(row, true),
            _ => None,
        }
    }

    fn of(t: &Tournament) -> Layout {
        let n = t.players.len();
        let by_round = !matches!(t.format, Format::RoundRobin { .. });
        let columns = if by_round { t.rounds.len() } else { n };
        let mut cells = vec![vec![Vec::new(); columns]; n];
        for (r, round) in t.rounds.iter().enumerate() {
            for (b, g) in round.games.iter().enumerate() {
                let on_grid = |p: StartNo| p != 0 && p as usize <= n;
                if !on_grid(g.white) || !on_grid(g.black) {
                    continue; // validate() rules this out; never index out of range
                }
                let (w, bl) = (grid_index(g.white), grid_index(g.black));
                let at = GameRef { round: r, board: b };
                if by_round {
                    cells[w][r].push(at);
                    cells[bl][r].push(at);
                } else {
                    cells[w][bl].push(at);
                    cells[bl][w].push(at);
                }
            }
        }
        Layout {
            players: n as u32,
            scheduled_rounds: t.scheduled_rounds().max(t.rounds.len() as u32),
            cells,
            by_round,
        }
    }
}

/// The result that gives `player` (playing `colour`) the outcome named by a key, from their
/// side: `1` win, `0` loss, `=`/`5`/`h` draw, `+` forfeit win, `-` forfeit loss,
/// Delete/Backspace not played yet.
pub fn result_for_key(key: &str, colour: Color) -> Option<GameResult> {
    let wins = |c: Color| {
        if c == Color::White {
            Outcome::WhiteWins
        } else {
            Outcome::BlackWins
        }
    };
    Some(match key {
        "1" => GameResult::Played(wins(colour)),
        "0" => GameResult::Played(wins(colour.opposite())),
        "=" | "5" | "h" | "H" | "½" => GameResult::Played(Outcome::Draw),
        "+" => GameResult::Forfeit(Some(colour)),
        "-" => GameResult::Forfeit(Some(colour.opposite())),
        "Delete" | "Backspace" => GameResult::Pending,
        _ => return None,
    })
}

/// The choices of the result chooser, from White's side.
const CHOICES: [GameResult; 7] = [
    GameResult::Played(Outcome::WhiteWins),
    GameResult::Played(Outcome::Draw),
    GameResult::Played(Outcome::BlackWins),
    GameResult::Forfeit(Some(Color::White)),
    GameResult::Forfeit(Some(Color::Black)),
    GameResult::Forfeit(None),
    GameResult::Pending,
];

fn game_at(t: &Tournament, at: GameRef) -> Option<&engine::Game> {
    t.rounds.get(at.round).and_then(|r| r.games.get(at.board))
}

/// What every piece of the table shares (Copy): the event, its layout, the selected game.
#[derive(Clone, Copy)]
struct Editor {
    store: Store,
    id: StoredValue<EventId>,
    tournament: Memo<Tournament>,
    layout: Memo<Layout>,
    selected: RwSignal<Option<GameRef>>,
    /// The event's withdrawals (a TRF import records those it detects from forfeits).
    withdrawals: Memo<Vec<engine::Withdrawal>>,
    /// The game the arrow keys last moved to (or that was last selected).
    active: RwSignal<Option<Spot>>,
    /// The grid's one tab stop: the active game while it exists, else the first game.
    tab_stop: Memo<Option<Spot>>,
    /// The reader's language.
    lang: Lang,
}

/// Focuses the first element matching `selector`, if there is one.
fn focus(selector: &str) {
    use wasm_bindgen::JsCast;
    let element = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(selector).ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(element) = element {
        let _ = element.focus();
    }
}

impl Editor {
    fn set_result(&self, at: GameRef, result: GameResult) {
        self.store.update_event(&self.id.get_value(), |t| {
            if let Some(g) = t
                .rounds
                .get_mut(at.round)
                .and_then(|r| r.games.get_mut(at.board))
            {
                g.result = result;
            }
        });
    }

    /// The round after which `p` withdrew, if they did (tracked).
    fn withdrawn_after(&self, p: StartNo) -> Option<u32> {
        self.withdrawals
            .with(|ws| ws.iter().find(|w| w.player == p).map(|w| w.after_round))
    }

    fn name(&self, p: StartNo) -> String {
        self.tournament.with(|t| text::name_of(t, p))
    }

    /// Moves the grid's tab stop to `at` and focuses its button.
    fn focus_cell(&self, at: Spot) {
        self.active.set(Some(at));
        focus(&format!(
            "[data-testid=crosstable] [data-cell='{}']",
            at.key()
        ));
    }

    /// Closes the result chooser and gives the focus back to the game it edited.
    fn close_chooser(&self) {
        self.selected.set(None);
        if let Some(at) = self.tab_stop.get_untracked() {
            self.focus_cell(at);
        }
    }
}

#[component]
pub fn Crosstable(
    /// Id of the event in the store (edits go there).
    event_id: EventId,
    /// The event.
    tournament: Memo<Tournament>,
) -> impl IntoView {
    let layout = Memo::new(move |_| tournament.with(Layout::of));
    let active = RwSignal::new(None::<Spot>);
    let lang = use_lang();
    let editor = Editor {
        lang,
        store: use_store(),
        id: StoredValue::new(event_id),
        tournament,
        layout,
        selected: RwSignal::new(None),
        withdrawals: Memo::new(move |_| tournament.with(|t| t.withdrawals.clone())),
        active,
        tab_stop: Memo::new(move |_| {
            layout.with(|l| {
                active
                    .get()
                    .filter(|&at| l.contains(at))
                    .or_else(|| l.first())
            })
        }),
    };
    let table = move || {
        let l = editor.layout.get();
        let locale = lang.get();
        let columns = if l.by_round {
            l.cells.first().map_or(0, Vec::len)
        } else {
            l.players as usize
        };
        let head = (1..=columns)
            .map(|c| {
                let (label, shown) = if l.by_round {
                    (
                        td_string!(locale, standings.crosstable.round_title, round = c).to_string(),
                        td_string!(locale, standings.crosstable.round_short, round = c).to_string(),
                    )
                } else {
                    (
                        td_string!(locale, standings.crosstable.against_title, number = c)
                            .to_string(),
                        c.to_string(),
                    )
                };
                view! {
                    <th scope="col" class="num">
                        <abbr title=label>{shown}</abbr>
                    </th>
                }
            })
            .collect_view();
        let rows = (0..l.cells.len())
            .map(|i| view! { <PlayerRow editor=editor player=i as StartNo + 1 /> })
            .collect_view();
        view! {
            <div class="table-scroll">
                <table class="crosstable" role="grid" aria-describedby="crosstable-help" data-testid="crosstable">
                    <caption class="visually-hidden">{tr!(standings.crosstable.caption)}</caption>
                    <thead>
                        <tr>
                            <th scope="col" class="num">{tr!(standings.crosstable.number)}</th>
                            <th scope="col">{tr!(standings.crosstable.player)}</th>
                            <th scope="col" class="num">{tr!(standings.crosstable.rating)}</th>
                            {head}
                            <th scope="col" class="num">{tr!(standings.crosstable.points)}</th>
                            <th scope="col">{tr!(standings.crosstable.withdrew)}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        }
    };

    let print_status = RwSignal::new(None::<crate::components::common::layout::PrintError>);
    let print = move |_| {
        print_status.set(crate::components::common::layout::print_view("wall-chart").err());
    };
    let print_title = Signal::derive(move || {
        let locale = lang.get();
        tournament.with(|t| {
            td_string!(
                locale,
                standings.crosstable.print_title,
                event = &t.name,
                progress = text::round_progress_in(locale, t)
            )
            .to_string()
        })
    });

    view! {
        <crate::components::common::layout::PrintTitle title=print_title />
        <div class="crosstable-head">
            <h3>{tr!(standings.crosstable.heading)}</h3>
            <button type="button" class="no-print" data-testid="print-crosstable" on:click=print>
                {tr!(standings.crosstable.print)}
            </button>
            <p class="status no-print" role="status">{move || print_status.with(|e| e.as_ref().map(|e| e.words(lang.get())))}</p>
        </div>
        <p class="muted no-print" id="crosstable-help">
            {move || td!(lang.get(), standings.crosstable.help, <kbd> = <kbd />)}
        </p>
        <div aria-live="polite" class="no-print">
            <ResultChooser editor=editor />
        </div>
        {table}
    }
}

/// The result buttons of the selected game (nothing while no game is selected).
#[component]
fn ResultChooser(
    /// The table's shared state.
    editor: Editor,
) -> impl IntoView {
    move || {
        let at = editor.selected.get()?;
        let locale = editor.lang.get();
        let (title, current) = editor.tournament.with(|t| {
            let g = game_at(t, at)?;
            Some((
                td_string!(
                    locale,
                    standings.crosstable.chooser_title,
                    round = at.round + 1,
                    board = at.board + 1,
                    white = text::name_of(t, g.white),
                    black = text::name_of(t, g.black)
                )
                .to_string(),
                g.result,
            ))
        })?;
        Some(view! {
            <div
                class="chooser"
                role="group"
                aria-labelledby="chooser-title"
                on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                    if ev.key() == "Escape" {
                        ev.prevent_default();
                        editor.close_chooser();
                    }
                }
            >
                <p id="chooser-title">
                    <strong>{title}</strong>
                    ": "
                    {text::result_words_in(locale, current)}
                </p>
                <div class="choices">
                    {CHOICES
                        .into_iter()
                        .map(|choice| {
                            view! {
                                <button
                                    type="button"
                                    aria-pressed=(choice == current).to_string()
                                    on:click=move |_| editor.set_result(at, choice)
                                >
                                    {text::result_words_in(locale, choice)}
                                </button>
                            }
                        })
                        .collect_view()}
                    <button type="button" class="quiet" on:click=move |_| editor.close_chooser()>
                        {tr!(standings.crosstable.close)}
                    </button>
                </div>
            </div>
        })
    }
}

/// One player's row: number, name, rating, a cell per opponent (or round), points, withdrawal.
#[component]
fn PlayerRow(
    /// The table's shared state.
    editor: Editor,
    /// The row's player.
    player: StartNo,
) -> impl IntoView {
    let p = player;
    let i = grid_index(p);
    let tournament = editor.tournament;
    let l = editor.layout.get_untracked();
    let cells = l.cells[i]
        .iter()
        .enumerate()
        .map(|(j, games)| {
            if !l.by_round && j == i {
                return view! { <td class="self" aria-hidden="true"></td> }.into_any();
            }
            if games.is_empty() {
                // A Swiss round without a game: the bye or absence, as recorded.
                let by_round = l.by_round;
                let bye = move || {
                    if by_round {
                        let locale = editor.lang.get();
                        tournament.with(|t| text::entry_short_in(locale, t.entry(p, j as u32 + 1)))
                    } else {
                        String::new()
                    }
                };
                return view! { <td class="empty">{bye}</td> }.into_any();
            }
            let buttons = games
                .iter()
                .enumerate()
                .map(|(game, &at)| {
                    let spot = Spot {
                        row: i,
                        col: j,
                        game,
                    };
                    view! { <GameButton editor=editor player=p at=at spot=spot /> }
                })
                .collect_view();
            view! { <td class="games">{buttons}</td> }.into_any()
        })
        .collect_view();
    view! {
        <tr class:withdrawn=move || editor.withdrawn_after(p).is_some()>
            <td class="num">{p}</td>
            <th scope="row" class="player" translate="no">
                {move || editor.name(p)}
            </th>
            <td class="num">{move || tournament.with(|t| text::rating_of(t, p))}</td>
            {cells}
            <td class="num points">
                {move || {
                    let locale = editor.lang.get();
                    tournament.with(|t| text::localise(locale, t.points(p).to_string()))
                }}
            </td>
            <td>
                <WithdrawalSelect editor=editor player=p rounds=l.scheduled_rounds />
            </td>
        </tr>
    }
}

/// What a game button shows and says, from the row player's side.
#[derive(Clone, Debug, PartialEq)]
struct GameInfo {
    result: GameResult,
    colour: Color,
    opponent: StartNo,
    /// Played after one of the two withdrew.
    late: bool,
    /// The game in words (label and tooltip).
    words: String,
}

/// One game inside a cell, seen from `player`'s row; keys set its result.
#[component]
fn GameButton(
    /// The table's shared state.
    editor: Editor,
    /// The row's player.
    player: StartNo,
    /// The game.
    at: GameRef,
    /// The button's place in the grid (arrow keys, the tab stop).
    spot: Spot,
) -> impl IntoView {
    let info = Memo::new(move |_| {
        let locale = editor.lang.get();
        editor.tournament.with(|t| {
            let g = game_at(t, at)?;
            let colour = g.colour_of(player)?;
            let opponent = g.opponent_of(player)?;
            let late = |p: StartNo| {
                editor
                    .withdrawn_after(p)
                    .is_some_and(|after| at.round as u32 + 1 > after)
            };
            let late = late(player) || late(opponent);
            let colour_word = if colour == Color::White {
                td_string!(locale, standings.crosstable.white)
            } else {
                td_string!(locale, standings.crosstable.black)
            };
            let (round, result) = (at.round + 1, text::result_words_in(locale, g.result));
            let (player, opponent_name) = (text::name_of(t, player), text::name_of(t, opponent));
            let game = td_string!(
                locale,
                standings.crosstable.game,
                round,
                player,
                colour = colour_word,
                opponent = opponent_name,
                result
            )
            .to_string();
            let words = if late {
                td_string!(locale, standings.crosstable.game_late, game).to_string()
            } else {
                game
            };
            Some(GameInfo {
                result: g.result,
                colour,
                opponent,
                late,
                words,
            })
        })
    });
    let by_round = move || editor.layout.with(|l| l.by_round);
    let symbol = move || {
        let locale = editor.lang.get();
        info.with(|i| {
            i.as_ref().map_or(String::new(), |i| {
                if by_round() {
                    text::entry_short_in(
                        locale,
                        Entry::Game {
                            opponent: i.opponent,
                            colour: i.colour,
                            result: i.result,
                        },
                    )
                } else {
                    text::result_symbol(i.result, i.colour).to_string()
                }
            })
        })
    };
    let has = move |f: fn(&GameInfo) -> bool| info.with(|i| i.as_ref().is_some_and(f));
    let words = move || info.with(|i| i.as_ref().map(|i| i.words.clone()).unwrap_or_default());
    // The name starts with what the button shows ("7w1", "½"), so that a voice-control user who
    // says what they see reaches it (WCAG 2.5.3); the words follow.
    let label = move || {
        let shown = symbol();
        if shown.trim().is_empty() {
            words()
        } else {
            format!("{shown}: {}", words())
        }
    };
    let open = move |_| {
        editor.active.set(Some(spot));
        editor.selected.set(Some(at));
        // The chooser appears on the next render; focus goes to its current result.
        request_animation_frame(|| focus(".chooser button[aria-pressed='true'], .chooser button"));
    };
    view! {
        <button
            type="button"
            class="cell"
            class:white=move || has(|i| i.colour == Color::White)
            class:pending=move || has(|i| i.result == GameResult::Pending)
            class:after-withdrawal=move || has(|i| i.late)
            class:selected=move || editor.selected.get() == Some(at)
            data-cell=spot.key()
            tabindex=move || if editor.tab_stop.get() == Some(spot) { "0" } else { "-1" }
            aria-label=label
            title=words
            on:click=open
            on:focus=move |_| editor.active.set(Some(spot))
            on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                let key = ev.key();
                if let Some(to) = editor.layout.with(|l| l.step(spot, &key)) {
                    ev.prevent_default();
                    editor.focus_cell(to);
                    return;
                }
                if key.starts_with("Arrow") {
                    ev.prevent_default(); // the grid's edge: stay, do not scroll the page
                    return;
                }
                if key == "Escape" {
                    editor.selected.set(None);
                    return;
                }
                let Some(colour) = info.with(|i| i.as_ref().map(|i| i.colour)) else { return };
                if let Some(result) = result_for_key(&key, colour) {
                    ev.prevent_default();
                    editor.selected.set(Some(at));
                    editor.set_result(at, result);
                }
            }
        >
            {symbol}
        </button>
    }
}

/// The round after which a player withdrew ("—": they did not).
#[component]
fn WithdrawalSelect(
    /// The table's shared state.
    editor: Editor,
    /// The row's player.
    player: StartNo,
    /// Rounds scheduled (the choices).
    rounds: u32,
) -> impl IntoView {
    let p = player;
    let current = move || {
        editor
            .withdrawn_after(p)
            .map(|r| r.to_string())
            .unwrap_or_default()
    };
    view! {
        <select
            aria-label=move || {
                td_string!(editor.lang.get(), standings.crosstable.withdrew_aria, player = editor.name(p))
                    .to_string()
            }
            prop:value=current
            on:change=move |ev| {
                let after = event_target_value(&ev).parse().ok();
                editor.store.set_withdrawal(&editor.id.get_value(), p, after);
            }
        >
            <option value="">"—"</option>
            {(0..rounds)
                .map(|r| {
                    view! {
                        <option value=r.to_string()>
                            {move || text::withdrawal_point_in(editor.lang.get(), r)}
                        </option>
                    }
                })
                .collect_view()}
        </select>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_from_the_row_players_side() {
        assert_eq!(
            result_for_key("1", Color::Black),
            Some(GameResult::Played(Outcome::BlackWins))
        );
        assert_eq!(
            result_for_key("-", Color::White),
            Some(GameResult::Forfeit(Some(Color::Black)))
        );
        assert_eq!(result_for_key("x", Color::White), None);
    }

    #[test]
    fn arrows_move_between_games_and_skip_the_diagonal() {
        let l = Layout::of(&engine::example::withdrawal());
        let at = |row, col| Spot { row, col, game: 0 };
        assert_eq!(l.first(), Some(at(0, 1)));
        assert_eq!(l.step(at(0, 1), "ArrowLeft"), None);
        assert_eq!(l.step(at(1, 2), "ArrowLeft"), Some(at(1, 0)));
        assert_eq!(l.step(at(1, 0), "ArrowUp"), None);
        assert_eq!(l.step(at(0, 2), "ArrowDown"), Some(at(1, 2)));
        assert_eq!(l.step(at(1, 2), "ArrowDown"), Some(at(3, 2)));
        assert_eq!(l.step(at(1, 5), "End"), Some(at(1, 9)));
        assert_eq!(l.step(at(1, 5), "Home"), Some(at(1, 0)));
        assert_eq!(l.step(at(9, 8), "ArrowRight"), None);
        assert_eq!(l.step(at(1, 5), "x"), None);
    }

    #[test]
    fn layout_of_the_example() {
        let t = engine::example::withdrawal();
        let l = Layout::of(&t);
        assert_eq!(l.cells.len(), 10);
        assert!(l.cells[0][0].is_empty());
        assert_eq!(l.cells[0][1].len(), 1);
        assert_eq!(l.cells[3][0], l.cells[0][3]);
    }
}
