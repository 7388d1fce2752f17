//! From the players' round blocks to the tournament's rounds: both players of every game must
//! agree on the opponent, the colours and the result; and every player's points over them.

use super::error::{Found, TrfError, TrfErrorKind};
use super::layout::{COL_FIRST_ROUND, ROUND_WIDTH};
use super::player_line::{Block, PlayerLine};
use crate::model::{Bye, Color, Game, GameResult, Outcome, Round, StartNo};

fn describe(block: Block) -> Found {
    match block {
        Block::Empty => Found::Nothing,
        Block::Bye(kind) => Found::Bye(kind),
        Block::Paired { opponent, .. } => Found::Player(opponent),
    }
}

/// Turns the per-player blocks into rounds, checking that both players of every game agree.
/// `players` is sorted and numbered 1..=n.
pub(super) fn build_rounds(players: &[PlayerLine]) -> Result<Vec<Round>, TrfError> {
    let n = players.len() as StartNo;
    let count = players.iter().map(|p| p.blocks.len()).max().unwrap_or(0);
    // `players` is numbered 1..=n: start number p is `players[p - 1]`.
    let line_of = |p: StartNo| p.checked_sub(1).and_then(|i| players.get(i as usize));
    let block = |p: StartNo, r: usize| -> Block {
        line_of(p)
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
            let Some(them) = line_of(o) else {
                return Err(TrfError::at(
                    me.line,
                    col,
                    TrfErrorKind::OpponentNotAPlayer {
                        round: rno,
                        opponent: o,
                        players: n,
                    },
                ));
            };
            if o == p {
                return Err(TrfError::at(
                    me.line,
                    col,
                    TrfErrorKind::PairedWithSelf {
                        round: rno,
                        player: p,
                    },
                ));
            }
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
                        TrfErrorKind::PairingDisagrees {
                            round: rno,
                            line: me.line,
                            player: p,
                            opponent: o,
                            other_line: them.line,
                            other: describe(other),
                        },
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
                        TrfErrorKind::SameColour {
                            round: rno,
                            line: me.line,
                            player: p,
                            opponent: o,
                            other_line: them.line,
                            colour: a,
                        },
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
                        TrfErrorKind::NoColour {
                            round: rno,
                            line: me.line,
                            player: p,
                            opponent: o,
                            other_line: them.line,
                            column: col + 5,
                        },
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
                    TrfErrorKind::ResultsDisagree {
                        round: rno,
                        line: me.line,
                        player: p,
                        code,
                        opponent: o,
                        other_line: them.line,
                        other_code: o_code,
                    },
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
