//! Tampering with a finished tournament's TRF text the way a faulty program or a careless edit
//! would, consistently on every line concerned, so that the file still reads: for the pairings
//! checker's tests. Shared by the engine's and the CLI's tests through `#[path]`.

#![allow(dead_code)] // Each test binary uses part of it.

use engine::model::StartNo;

/// The index of `player`'s `001` line.
fn line_of(lines: &[String], player: StartNo) -> usize {
    lines
        .iter()
        .position(|l| {
            l.starts_with("001") && l.get(4..8).map(str::trim) == Some(&*player.to_string())
        })
        .unwrap_or_else(|| panic!("no 001 line for player {player}"))
}

/// Two games of a round, `(white, black)` each.
pub type TwoGames = ((StartNo, StartNo), (StartNo, StartNo));

/// Swaps the black players of two games of round `round` played over the board with the same
/// result, which keeps every result and score consistent and changes only who met whom.
/// Returns the text and the two games as they were, `((a, b), (c, d))`: the file then has
/// a–d and c–b instead.
pub fn swap_opponents(text: &str, round: u32) -> (String, TwoGames) {
    let t = engine::trf::parse(text).expect("the fixture parses");
    let games = &t.rounds[round as usize - 1].games;
    let (g1, g2) = games
        .iter()
        .enumerate()
        .find_map(|(i, g)| {
            let same = games[i + 1..]
                .iter()
                .find(|h| h.result == g.result && g.result.is_played())?;
            Some((g, same))
        })
        .unwrap_or_else(|| panic!("round {round} has no two games with the same result"));
    let (a, b, c, d) = (g1.white, g1.black, g2.white, g2.black);
    let mut lines: Vec<String> = text.split('\n').map(str::to_owned).collect();
    let at = 91 + 10 * (round as usize - 1);
    for (player, opponent) in [(a, d), (d, a), (c, b), (b, c)] {
        let i = line_of(&lines, player);
        lines[i].replace_range(at..at + 4, &format!("{opponent:>4}"));
    }
    (lines.join("\n"), ((a, b), (c, d)))
}

/// Writes `value` right-aligned into columns `from..=to` (1-based) of `player`'s `001` line.
pub fn set_column(text: &str, player: StartNo, (from, to): (usize, usize), value: &str) -> String {
    let mut lines: Vec<String> = text.split('\n').map(str::to_owned).collect();
    let i = line_of(&lines, player);
    if lines[i].len() < to {
        lines[i] = format!("{:<to$}", lines[i]);
    }
    let width = to + 1 - from;
    lines[i].replace_range(from - 1..to, &format!("{value:>width$}"));
    lines.join("\n")
}

/// The points column (81–84) and the rank column (86–89).
pub const POINTS: (usize, usize) = (81, 84);
pub const RANK: (usize, usize) = (86, 89);
