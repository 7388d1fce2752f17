//! From the players' round blocks to the tournament's rounds: both players of every game must
//! agree on the opponent, the colours and the result; and every player's points over them.

use super::error::TrfError;
use super::layout::{bye_code, COL_FIRST_ROUND, ROUND_WIDTH};
use super::player_line::{Block, PlayerLine};
use crate::model::{Bye, Color, Game, GameResult, Outcome, Round, StartNo};

fn describe(block: Block) -> String {
    match block {
        Block::Empty => "nothing".to_owned(),
        Block::Bye(kind) => format!("a bye ({})", bye_code(kind)),
        Block::Paired { opponent, .. } => format!("player {opponent}"),
    }
}

/// Turns the per-player blocks into rounds, checking that both players of every game agree.
/// `players` is sorted and numbered 1..=n.
pub(super) fn build_rounds(players: &[PlayerLine]) -> Result<Vec<Round>, TrfError> {
    let n = players.len() as StartNo;
    let count = players.iter().map(|p| p.blocks.len()).max().unwrap_or(0);
    let block = |p: StartNo, r: usize| -> Block {
        p.checked_sub(1)
            .and_then(|i| players.get(i as usize))
            .and_then(|pl| pl.blocks.get(r))
            .copied()
            .unwrap_or(Block::Empty)
    };
    let mut rounds = Vec::with_capacity(count);
    for r in 0..count {
        let rno = r + 1;
        let col = COL_FIRST_ROUND + ROUND_WIDTH * r;
        let mut round = Round::default();
        for me in players {
            let p = me.player.start_no;
            let (o, colour, code) = match block(p, r) {
                Block::Empty => continue,
                Block::Bye(kind) => {
                    round.byes.push(Bye { player: p, kind });
                    continue;
                }
                Block::Paired {
                    opponent,
                    colour,
                    code,
                } => (opponent, colour, code),
            };
            if o > n {
                return Err(TrfError::at(
                    me.line,
                    col,
                    format!("round {rno}: opponent {o} is not a player; start numbers run 1–{n}"),
                ));
            }
            if o == p {
                return Err(TrfError::at(
                    me.line,
                    col,
                    format!("round {rno}: player {p} is paired against themself"),
                ));
            }
            let them = &players[(o - 1) as usize];
            let (o_colour, o_code) = match block(o, r) {
                Block::Paired {
                    opponent,
                    colour,
                    code,
                } if opponent == p => (colour, code),
                other => {
                    return Err(TrfError::at(
                        me.line,
                        col,
                        format!(
                            "round {rno}: line {} (player {p}) pairs them with player {o}, but \
                             line {} (player {o}) has {} in that round; the two lines must agree",
                            me.line,
                            them.line,
                            describe(other)
                        ),
                    ));
                }
            };
            if p > o {
                // Built (and checked) from the lower start number's side.
                continue;
            }
            let my_colour = match (colour, o_colour) {
                (Some(a), Some(b)) if a == b => {
                    return Err(TrfError::at(
                        me.line,
                        col + 5,
                        format!(
                            "round {rno}: line {} (player {p}) and line {} (player {o}) both \
                             give their player {}; one must be w and the other b",
                            me.line,
                            them.line,
                            colour_name(a)
                        ),
                    ));
                }
                (Some(a), _) => a,
                (None, Some(b)) => b.opposite(),
                // An unplayed game may carry no colour; give White to the lower start number.
                (None, None) if "+-".contains(code) && "+-".contains(o_code) => Color::White,
                (None, None) => {
                    return Err(TrfError::at(
                        me.line,
                        col + 5,
                        format!(
                            "round {rno}: the game between player {p} (line {}) and player {o} \
                             (line {}) has no colour; write w or b at column {}",
                            me.line,
                            them.line,
                            col + 5
                        ),
                    ));
                }
            };
            let (white, black, w_code, b_code) = match my_colour {
                Color::White => (p, o, code, o_code),
                Color::Black => (o, p, o_code, code),
            };
            let Some(result) = combine(w_code, b_code) else {
                return Err(TrfError::at(
                    me.line,
                    col + 7,
                    format!(
                        "round {rno}: line {} (player {p}) has result '{code}' but line {} \
                         (player {o}) has '{o_code}'; the two results must match: 1 and 0, = and \
                         =, W and L, D and D, + and -, - and - (double forfeit) or both blank",
                        me.line, them.line
                    ),
                ));
            };
            round.games.push(Game {
                white,
                black,
                result,
            });
        }
        rounds.push(round);
    }
    Ok(rounds)
}

fn colour_name(c: Color) -> &'static str {
    match c {
        Color::White => "white (w)",
        Color::Black => "black (b)",
    }
}

/// The game result from White's and Black's result codes, if they agree.
fn combine(white: char, black: char) -> Option<GameResult> {
    use GameResult::{Forfeit, Pending, Played, PlayedUnrated};
    use Outcome::{BlackWins, Draw, WhiteWins};
    Some(match (white, black) {
        ('1', '0') => Played(WhiteWins),
        ('0', '1') => Played(BlackWins),
        ('=', '=') => Played(Draw),
        ('W', 'L') => PlayedUnrated(WhiteWins),
        ('L', 'W') => PlayedUnrated(BlackWins),
        ('D', 'D') => PlayedUnrated(Draw),
        ('+', '-') => Forfeit(Some(Color::White)),
        ('-', '+') => Forfeit(Some(Color::Black)),
        ('-', '-') => Forfeit(None),
        (' ', ' ') => Pending,
        _ => return None,
    })
}
