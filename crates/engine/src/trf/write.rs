//! The writer: canonical TRF-2026 (or TRF16 on request) plus our `XX` extension lines, such
//! that reading it back gives the same tournament.

use super::format::kind_for_export;
use super::layout::{bye_code, clean, record_code, rest, COL_FIRST_ROUND, ROUND_WIDTH};
use crate::model::rules::{Rules, TIEBREAK_RECORD, TYPE_RECORD};
use crate::model::{Color, Entry, GameResult, Outcome, PerPlayer, StartNo, Tournament};
use std::fmt;

/// The result code of `colour`'s side of a game.
fn result_code(result: GameResult, colour: Color) -> char {
    let side = |o: Outcome, win: char, draw: char, loss: char| match (o, colour) {
        (Outcome::Draw, _) => draw,
        (Outcome::WhiteWins, Color::White) | (Outcome::BlackWins, Color::Black) => win,
        _ => loss,
    };
    match result {
        GameResult::Pending => ' ',
        GameResult::Played(o) => side(o, '1', '=', '0'),
        GameResult::PlayedUnrated(o) => side(o, 'W', 'D', 'L'),
        GameResult::Forfeit(Some(w)) if w == colour => '+',
        GameResult::Forfeit(_) => '-',
    }
}

/// `s` cut to `width` characters and padded on the right.
fn left(s: &str, width: usize) -> String {
    let s: String = clean(s).chars().take(width).collect();
    format!("{s:<width$}")
}

/// `s` cut to `width` characters and padded on the left.
fn right(s: &str, width: usize) -> String {
    let s: String = clean(s).chars().take(width).collect();
    format!("{s:>width$}")
}

/// A number right-aligned in `width` columns, or blanks if it does not fit.
fn number(value: impl fmt::Display, width: usize) -> String {
    let s = value.to_string();
    if s.chars().count() <= width {
        format!("{s:>width$}")
    } else {
        " ".repeat(width)
    }
}

/// Which edition of the format to write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Version {
    /// FIDE's TRF-2026 (in force since September 2025): `142` rounds, `152` initial colour,
    /// `202` tie-breaks.
    #[default]
    Trf2026,
    /// TRF16 with JaVaFo's `XXR` and `XXC` and our `XXT`, for programs that predate TRF-2026.
    Trf16,
}

impl Version {
    /// `trf` (TRF-2026) or `trf16`.
    pub fn id(self) -> &'static str {
        match self {
            Version::Trf2026 => "trf",
            Version::Trf16 => "trf16",
        }
    }
}

/// Writes `t` as canonical TRF-2026 (plus the extension lines described in the module docs).
pub fn write(t: &Tournament) -> String {
    write_version(t, Version::Trf2026)
}

/// Writes `t` as TRF16 (`XXR`, `XXC`, `XXT` instead of `142`, `152`, `202`).
pub fn write_trf16(t: &Tournament) -> String {
    write_version(t, Version::Trf16)
}

/// The rank of each player in the event's standings: points (of its point system), then its
/// own tie-break list, then start number (columns 86–89).
fn standings_ranks(t: &Tournament) -> PerPlayer<u32> {
    let config = crate::tiebreak::Config {
        tiebreaks: t.tiebreaks(),
        ..Default::default()
    };
    let standings = crate::tiebreak::standings(t, &config);
    let mut rank = PerPlayer::filled(t.players.len(), 0u32);
    for (place, row) in standings.rows.iter().enumerate() {
        if let Some(slot) = rank.get_mut(row.start_no) {
            *slot = place as u32 + 1;
        }
    }
    rank
}

/// Writes `t` in the edition `version`.
pub fn write_version(t: &Tournament, version: Version) -> String {
    let n = t.players.len();
    // Trailing rounds without any entry have no representation in TRF16.
    let kept = t
        .rounds
        .iter()
        .rposition(|r| !r.games.is_empty() || !r.byes.is_empty())
        .map_or(0, |i| i + 1);
    let rounds = &t.rounds[..kept];

    let mut out = String::new();
    let mut record = |code: &str, value: &str| push_record(&mut out, code, value);
    let info = &t.info;
    record("012", clean(&t.name).trim());
    for (code, value) in [
        ("022", &info.city),
        ("032", &info.federation),
        ("042", &info.start_date),
        ("052", &info.end_date),
    ] {
        if !value.trim().is_empty() {
            record(code, clean(value).trim());
        }
    }
    let (players, rated) = player_counts(t);
    record("062", &players.to_string());
    record("072", &rated.to_string());
    // `082` (number of teams) is written back as the file had it, with the extra records.
    let kind = kind_for_export(t, rounds);
    if !kind.is_empty() {
        record("092", &kind);
    }
    if !info.chief_arbiter.trim().is_empty() {
        record("102", clean(&info.chief_arbiter).trim());
    }
    for d in &info.deputy_arbiters {
        record("112", clean(d).trim());
    }
    if !info.time_control.trim().is_empty() {
        record("122", clean(&info.time_control).trim());
    }
    if !info.round_dates.trim().is_empty() {
        record("132", clean(&info.round_dates).trim_end());
    }
    match version {
        Version::Trf2026 => {
            record("142", &t.scheduled_rounds().to_string());
            match t.initial_colour {
                Some(Color::White) => record("152", "W"),
                Some(Color::Black) => record("152", "B"),
                None => {}
            }
        }
        Version::Trf16 => {
            record("XXR", &t.scheduled_rounds().to_string());
            match t.initial_colour {
                Some(Color::White) => record("XXC", "white1"),
                Some(Color::Black) => record("XXC", "black1"),
                None => {}
            }
        }
    }
    for line in rule_records(&t.rules, version) {
        let (code, value) = line.split_at(3);
        record(code, value.strip_prefix(' ').unwrap_or(value));
    }

    // Requests go in their round's column, where the pairing programs read them.
    let columns = (t.last_requested_round() as usize).max(rounds.len());
    // Each player's entry per round, in one pass over the games.
    let mut entries = vec![PerPlayer::filled(n, Entry::None); columns];
    for (r, round) in rounds.iter().enumerate() {
        let mut put = |p: StartNo, e: Entry| {
            if let Some(slot) = entries[r].get_mut(p) {
                *slot = e;
            }
        };
        for g in &round.games {
            for (me, them, colour) in [
                (g.white, g.black, Color::White),
                (g.black, g.white, Color::Black),
            ] {
                put(
                    me,
                    Entry::Game {
                        opponent: them,
                        colour,
                        result: g.result,
                    },
                );
            }
        }
        for b in &round.byes {
            put(b.player, Entry::Bye(b.kind));
        }
    }
    for r in &t.requests {
        if let Some(slot) = (r.round as usize)
            .checked_sub(1)
            .and_then(|c| entries.get_mut(c))
            .and_then(|column| column.get_mut(r.player))
        {
            *slot = Entry::Bye(r.kind);
        }
    }
    // Points with the event's point system (`162`), in tenths.
    let points: Vec<u32> = t.scores();
    let rank = standings_ranks(t);

    for ((i, p), &rank) in t.players.iter().enumerate().zip(rank.values()) {
        let mut line = String::with_capacity(COL_FIRST_ROUND + ROUND_WIDTH * rounds.len());
        line.push_str("001 ");
        line.push_str(&number(p.start_no, 4));
        line.push(' ');
        line.push(clean(&p.sex).trim().chars().next().unwrap_or(' '));
        line.push_str(&right(p.title.trim(), 3));
        line.push(' ');
        line.push_str(&left(p.name.trim(), crate::model::TRF_NAME_WIDTH));
        line.push(' ');
        line.push_str(&match p.rating {
            Some(r) => number(r, 4),
            None if p.unrated_as_zero => number(0, 4),
            None => " ".repeat(4),
        });
        line.push(' ');
        line.push_str(&left(p.federation.trim(), 3));
        line.push(' ');
        line.push_str(&p.fide_id.map_or(" ".repeat(11), |id| number(id, 11)));
        line.push(' ');
        line.push_str(&left(p.birth.trim(), 10));
        line.push(' ');
        line.push_str(&number(crate::rules2026::show(points[i]), 4));
        line.push(' ');
        line.push_str(&number(rank, 4));
        line.push_str("  ");
        for (r, round) in entries.iter().enumerate() {
            // In `t.players` order, as `points` is (the same as by start number in a valid
            // event).
            let block = match round.as_slice()[i] {
                Entry::Game {
                    opponent,
                    colour,
                    result,
                } => format!(
                    "{} {} {}",
                    number(opponent, 4),
                    if colour == Color::White { 'w' } else { 'b' },
                    result_code(result, colour)
                ),
                Entry::Bye(kind) => format!("0000 - {}", spelled(t, r + 1, p.start_no, kind)),
                Entry::None => " ".repeat(8),
            };
            line.push_str(&block);
            line.push_str("  ");
        }
        record("001", line.get(4..).unwrap_or("").trim_end());
    }

    // Only the recorded withdrawals: the reader detects none, so nothing needs denying here.
    for w in &t.withdrawals {
        record("XXW", &format!("{} {}", w.player, w.after_round));
    }
    for p in &t.players {
        if let Some(k) = p.k_override {
            record("XXK", &format!("{} {k}", p.start_no));
        }
    }
    for p in &t.players {
        if let Some(g) = p.rated_games {
            record("XXG", &format!("{} {g}", p.start_no));
        }
    }
    if !info.note.is_empty() {
        for l in info.note.split('\n') {
            record("XXN", &clean(l.strip_suffix('\r').unwrap_or(l)));
        }
    }
    // A team event's `240` records are its teams' byes, kept verbatim (the players' byes are
    // written from the rounds); a kept `162` is the standard point system as the file wrote it,
    // which a changed point system replaces.
    let team = super::read::is_team_file(t.extra_records.iter().map(String::as_str));
    for extra in &t.extra_records {
        let extra = clean(extra);
        let replaced = extra.starts_with("162") && !t.rules.points.is_standard();
        if (team && extra.starts_with("240 ")) || (!replaced && is_kept_extra(&extra)) {
            out.push_str(&extra);
            out.push('\n');
        }
    }
    out
}

/// The event's typed rules as their record lines, in TRF-2026's order: `162` point system (when
/// not the standard one), `192` code, the tie-break list (`202`; our `XXT` in TRF16), `250`
/// accelerations and `260` prohibited pairings.
fn rule_records(rules: &Rules, version: Version) -> Vec<String> {
    let mut lines = Vec::new();
    if !rules.points.is_standard() {
        lines.push(rules.points.record());
    }
    if let Some(code) = rules.type_code() {
        lines.push(format!("{TYPE_RECORD} {}", clean(&code).trim()));
    }
    if let Some(list) = &rules.tiebreaks {
        let codes: Vec<String> = list.iter().map(|t| t.code()).collect();
        lines.push(match version {
            Version::Trf2026 => format!("202 {}", codes.join(" ")),
            Version::Trf16 => format!("{TIEBREAK_RECORD} {}", codes.join(", ")),
        });
    }
    lines.extend(rules.accelerations.iter().map(|a| a.record()));
    lines.extend(rules.prohibited.iter().map(|p| p.record()));
    lines.into_iter().map(|l| l.trim_end().to_owned()).collect()
}

/// The result code of a bye of `kind` for `player` in `round` (from 1): as the imported file
/// spelled it ([`Tournament::bye_spellings`]) while it is still that bye, else TRF's own code.
fn spelled(t: &Tournament, round: usize, player: StartNo, kind: crate::model::ByeKind) -> char {
    t.bye_spellings
        .iter()
        .find(|s| s.round as usize == round && s.player == player && s.fits(kind))
        .map_or_else(|| bye_code(kind), |s| s.code)
}

/// One record: its code, a space and the value (no space when the value is empty).
fn push_record(out: &mut String, code: &str, value: &str) {
    out.push_str(code);
    if !value.is_empty() {
        out.push(' ');
        out.push_str(value);
    }
    out.push('\n');
}

/// Whether an extra record can be written back and re-read as an extra record: lines the reader
/// would interpret itself (players, counts, our extensions) or reject are dropped.
fn is_kept_extra(line: &str) -> bool {
    let chars: Vec<char> = line.chars().collect();
    if line.trim().is_empty() {
        return false;
    }
    let Some(code) = record_code(&chars) else {
        // A column ruler the reader kept as a comment.
        return super::read::is_ruler(line);
    };
    match code.as_str() {
        "XXW" => rest(&chars).trim().eq_ignore_ascii_case("none"),
        "001" | "062" | "072" | "XXR" | "XXK" | "XXG" | "XXN" | "142" | "152" | "240" => false,
        "XXC" => !matches!(
            rest(&chars).trim().to_ascii_lowercase().as_str(),
            "white1" | "black1"
        ),
        _ => true,
    }
}

/// The numbers of players and of rated players, as the export's `062` and `072` write them.
pub(crate) fn player_counts(t: &Tournament) -> (usize, usize) {
    let rated = t.players.iter().filter(|p| p.rating.is_some()).count();
    (t.players.len(), rated)
}
