//! An event written as PGN: one game per pairing, with tags and the result, no moves (the
//! event does not know them). Byes are games against `BYE`; forfeits use `+/-`, `-/+`, `-/-`.
//! Reading it back ([`super::to_event`]) gives the same players, rounds and results.

use super::games::{result_text, BYE_NAME};
use crate::model::{ByeKind, Tournament};
use std::fmt::Write as _;

/// A tag value with `\` and `"` escaped.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// `t` as a PGN file of its games.
pub fn write(t: &Tournament) -> String {
    let mut out = String::new();
    let date = t.info.start_date.replace('/', ".");
    let date = if date.is_empty() {
        "????.??.??".to_owned()
    } else {
        date
    };
    let name = |p| t.player(p).map_or(String::from("?"), |p| p.name.clone());
    let elo = |p| {
        t.player(p)
            .and_then(|p| p.rating)
            .map_or(String::new(), |r| r.to_string())
    };
    let mut game = |round: usize,
                    board: usize,
                    white: String,
                    black: String,
                    we: String,
                    be: String,
                    result: &str| {
        let _ = writeln!(out, "[Event \"{}\"]", escape(&t.name));
        let _ = writeln!(out, "[Site \"{}\"]", escape(&t.info.city));
        let _ = writeln!(out, "[Date \"{date}\"]");
        let _ = writeln!(out, "[Round \"{round}.{board}\"]");
        let _ = writeln!(out, "[White \"{}\"]", escape(&white));
        let _ = writeln!(out, "[Black \"{}\"]", escape(&black));
        let _ = writeln!(out, "[Result \"{result}\"]");
        if !we.is_empty() {
            let _ = writeln!(out, "[WhiteElo \"{we}\"]");
        }
        if !be.is_empty() {
            let _ = writeln!(out, "[BlackElo \"{be}\"]");
        }
        // A forfeit's moves end with `*`: no game was played.
        let moves = if result.contains('/') && result != "1/2-1/2" {
            "*"
        } else {
            result
        };
        let _ = writeln!(out, "\n{moves}\n");
    };
    for (i, round) in t.rounds.iter().enumerate() {
        let mut board = 0;
        for g in &round.games {
            board += 1;
            game(
                i + 1,
                board,
                name(g.white),
                name(g.black),
                elo(g.white),
                elo(g.black),
                result_text(g.result),
            );
        }
        for b in &round.byes {
            board += 1;
            let result = match b.kind {
                ByeKind::PairingAllocated | ByeKind::Full => "1-0",
                ByeKind::Half => "1/2-1/2",
                ByeKind::Zero => "0-1",
            };
            game(
                i + 1,
                board,
                name(b.player),
                BYE_NAME.to_owned(),
                elo(b.player),
                String::new(),
                result,
            );
        }
    }
    out
}
