//! The editable crosstable. A round-robin shows player × opponent (two results per cell in a
//! double round-robin), a Swiss shows player × round. Selecting a game opens the result
//! chooser; with a cell focused, keys set the result from the row player's side. Each row can
//! mark the player as withdrawn after a round.

use crate::store::use_store;
use crate::text;
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

impl Layout {
    fn of(t: &Tournament) -> Layout {
        let n = t.players.len();
        let by_round = !matches!(t.format, Format::RoundRobin { .. });
        let columns = if by_round { t.rounds.len() } else { n };
        let mut cells = vec![vec![Vec::new(); columns]; n];
        for (r, round) in t.rounds.iter().enumerate() {
            for (b, g) in round.games.iter().enumerate() {
                let (w, bl) = (g.white as usize, g.black as usize);
                if w == 0 || bl == 0 || w > n || bl > n {
                    continue; // validate() rules this out; never index out of range
                }
                let at = GameRef { round: r, board: b };
                if by_round {
                    cells[w - 1][r].push(at);
                    cells[bl - 1][r].push(at);
                } else {
                    cells[w - 1][bl - 1].push(at);
                    cells[bl - 1][w - 1].push(at);
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

#[component]
pub fn Crosstable(
    /// Id of the event in the store (edits go there).
    event_id: String,
    /// The event.
    tournament: Memo<Option<Tournament>>,
) -> impl IntoView {
    let store = use_store();
    let id = StoredValue::new(event_id);
    let layout = Memo::new(move |_| tournament.with(|t| t.as_ref().map(Layout::of)));
    let selected = RwSignal::new(None::<GameRef>);
    // The event's withdrawals (a TRF import records those it detects from forfeits).
    let withdrawals = Memo::new(move |_| {
        tournament.with(|t| {
            t.as_ref()
                .map(|t| t.withdrawals.clone())
                .unwrap_or_default()
        })
    });
    let withdrawn_after = move |p: StartNo| {
        withdrawals.with(|ws| ws.iter().find(|w| w.player == p).map(|w| w.after_round))
    };

    let set_result = move |at: GameRef, result: GameResult| {
        store.update_event(&id.get_value(), |t| {
            if let Some(g) = t
                .rounds
                .get_mut(at.round)
                .and_then(|r| r.games.get_mut(at.board))
            {
                g.result = result;
            }
        });
    };

    // The chooser for the selected game.
    let chooser = move || {
        let at = selected.get()?;
        let (title, current) = tournament.with(|t| {
            let t = t.as_ref()?;
            let g = game_at(t, at)?;
            Some((
                format!(
                    "Round {}, board {}: {} (White) – {} (Black)",
                    at.round + 1,
                    at.board + 1,
                    text::name_of(t, g.white),
                    text::name_of(t, g.black)
                ),
                g.result,
            ))
        })?;
        Some(view! {
            <div class="chooser" role="group" aria-labelledby="chooser-title">
                <p id="chooser-title">
                    <strong>{title}</strong>
                    ": "
                    {text::result_words(current)}
                </p>
                <div class="choices">
                    {CHOICES
                        .into_iter()
                        .map(|choice| {
                            view! {
                                <button
                                    type="button"
                                    aria-pressed=(choice == current).to_string()
                                    on:click=move |_| set_result(at, choice)
                                >
                                    {text::result_words(choice)}
                                </button>
                            }
                        })
                        .collect_view()}
                    <button type="button" class="quiet" on:click=move |_| selected.set(None)>
                        "Close"
                    </button>
                </div>
            </div>
        })
    };

    // One game button inside a cell, seen from `player`'s row.
    let game_button = move |player: StartNo, at: GameRef| {
        let info = Memo::new(move |_| {
            tournament.with(|t| {
                let t = t.as_ref()?;
                let g = game_at(t, at)?;
                let colour = g.colour_of(player)?;
                let opponent = g.opponent_of(player)?;
                let late = |p: StartNo| {
                    withdrawn_after(p).is_some_and(|after| at.round as u32 + 1 > after)
                };
                Some((
                    g.result,
                    colour,
                    opponent,
                    late(player) || late(opponent),
                    format!(
                        "Round {}: {} ({}) against {}: {}{}",
                        at.round + 1,
                        text::name_of(t, player),
                        if colour == Color::White {
                            "White"
                        } else {
                            "Black"
                        },
                        text::name_of(t, opponent),
                        text::result_words(g.result),
                        if late(player) || late(opponent) {
                            ", after a withdrawal"
                        } else {
                            ""
                        }
                    ),
                ))
            })
        });
        let info = move || info.get();
        let symbol = move || {
            info().map_or(String::new(), |(result, colour, opponent, _, _)| {
                if layout.with(|l| l.as_ref().is_some_and(|l| l.by_round)) {
                    text::entry_short(Entry::Game {
                        opponent,
                        colour,
                        result,
                    })
                } else {
                    text::result_symbol(result, colour).to_string()
                }
            })
        };
        view! {
            <button
                type="button"
                class="cell"
                class:white=move || info().is_some_and(|i| i.1 == Color::White)
                class:pending=move || info().is_some_and(|i| i.0 == GameResult::Pending)
                class:after-withdrawal=move || info().is_some_and(|i| i.3)
                class:selected=move || selected.get() == Some(at)
                aria-label=move || info().map(|i| i.4).unwrap_or_default()
                title=move || info().map(|i| i.4).unwrap_or_default()
                on:click=move |_| selected.set(Some(at))
                on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                    let Some((_, colour, ..)) = info() else { return };
                    if let Some(result) = result_for_key(&ev.key(), colour) {
                        ev.prevent_default();
                        selected.set(Some(at));
                        set_result(at, result);
                    }
                }
            >
                {symbol}
            </button>
        }
    };

    let withdrawal_select = move |p: StartNo, rounds: u32| {
        let current = move || {
            withdrawn_after(p)
                .map(|r| r.to_string())
                .unwrap_or_default()
        };
        let name = move || {
            tournament.with(|t| t.as_ref().map(|t| text::name_of(t, p)).unwrap_or_default())
        };
        view! {
            <select
                aria-label=move || format!("{} withdrew after round", name())
                prop:value=current
                on:change=move |ev| {
                    let after = event_target_value(&ev).parse().ok();
                    store.set_withdrawal(&id.get_value(), p, after);
                }
            >
                <option value="">"—"</option>
                {(0..rounds)
                    .map(|r| view! { <option value=r.to_string()>{format!("after round {r}")}</option> })
                    .collect_view()}
            </select>
        }
    };

    let table = move || {
        let l = layout.get()?;
        let columns = if l.by_round {
            l.cells.first().map_or(0, Vec::len)
        } else {
            l.players as usize
        };
        let head = (1..=columns)
            .map(|c| {
                let label = if l.by_round {
                    format!("Round {c}")
                } else {
                    format!("Against player {c}")
                };
                view! {
                    <th scope="col" class="num">
                        <abbr title=label>{if l.by_round { format!("R{c}") } else { c.to_string() }}</abbr>
                    </th>
                }
            })
            .collect_view();
        let rows = l
            .cells
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let p = i as StartNo + 1;
                let name = move || {
                    tournament.with(|t| t.as_ref().map(|t| text::name_of(t, p)).unwrap_or_default())
                };
                let rating = move || {
                    tournament.with(|t| {
                        t.as_ref()
                            .and_then(|t| t.player(p))
                            .and_then(|pl| pl.rating)
                            .map(|r| r.to_string())
                            .unwrap_or_default()
                    })
                };
                let points = move || {
                    tournament.with(|t| {
                        t.as_ref()
                            .map(|t| t.points(p).to_string())
                            .unwrap_or_default()
                    })
                };
                let withdrawn = move || withdrawn_after(p).is_some();
                let cells = row
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
                                tournament.with(|t| match t.as_ref() {
                                    Some(t) if by_round => {
                                        text::entry_short(t.entry(p, j as u32 + 1))
                                    }
                                    _ => String::new(),
                                })
                            };
                            return view! { <td class="empty">{bye}</td> }.into_any();
                        }
                        let buttons = games.iter().map(|&at| game_button(p, at)).collect_view();
                        view! { <td class="games">{buttons}</td> }.into_any()
                    })
                    .collect_view();
                view! {
                    <tr class:withdrawn=withdrawn>
                        <td class="num">{p}</td>
                        <th scope="row" class="player">{name}</th>
                        <td class="num">{rating}</td>
                        {cells}
                        <td class="num points">{points}</td>
                        <td>{withdrawal_select(p, l.scheduled_rounds)}</td>
                    </tr>
                }
            })
            .collect_view();
        Some(view! {
            <div class="table-scroll">
                <table class="crosstable" data-testid="crosstable">
                    <caption class="visually-hidden">
                        "Crosstable: one row per player; a cell holds the row player's result."
                    </caption>
                    <thead>
                        <tr>
                            <th scope="col" class="num">"No."</th>
                            <th scope="col">"Player"</th>
                            <th scope="col" class="num">"Rtg"</th>
                            {head}
                            <th scope="col" class="num">"Pts"</th>
                            <th scope="col">"Withdrew"</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        })
    };

    view! {
        <h3>"Crosstable"</h3>
        <p class="muted" id="crosstable-help">
            "Select a result to change it, or focus it and type "
            <kbd>"1"</kbd>" "<kbd>"="</kbd>" "<kbd>"0"</kbd>" (win, draw, loss for the row's player), "
            <kbd>"+"</kbd>" "<kbd>"-"</kbd>" (forfeit win, loss) or "<kbd>"Delete"</kbd>
            " (not played yet). Underlined: played with White. Hatched: after a withdrawal."
        </p>
        <div aria-live="polite">{chooser}</div>
        {table}
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
    fn layout_of_the_example() {
        let t = engine::example::withdrawal();
        let l = Layout::of(&t);
        assert_eq!(l.cells.len(), 10);
        assert!(l.cells[0][0].is_empty());
        assert_eq!(l.cells[0][1].len(), 1);
        assert_eq!(l.cells[3][0], l.cells[0][3]);
    }
}
