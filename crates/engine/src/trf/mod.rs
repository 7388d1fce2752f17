//! TRF16, the FIDE Tournament Report File (FIDE Handbook C.02, "TRF16"): reader and writer.
//!
//! # What is read
//! * `001` player records, fixed columns (1-based, inclusive): 1–3 `001`, 5–8 start number,
//!   10 sex, 11–13 title, 15–47 name, 49–52 FIDE rating, 54–56 federation, 58–68 FIDE id,
//!   70–79 birth date, 81–84 points, 86–89 rank, then one 10-column block per round: round k
//!   starts at column 92 + 10·(k − 1), with the opponent's start number in +0…+3 (`0000` or blank
//!   for none), the colour `w`/`b`/`-` at +5 and the result code at +7.
//! * Result codes: `1 = 0` played and rated; `W D L` played but not rated; `+ -` forfeit win and
//!   loss (`-` on both sides is a double forfeit); blank (or `*`) with an opponent is a game still
//!   to be played. Without an opponent: `U` pairing-allocated bye, `F` full-point bye, `H`
//!   half-point bye, `Z` or `-` zero-point bye / absence, blank = nothing recorded. Letter codes
//!   are case-insensitive (TRF-2026 says so). A `+` without an opponent is read as a full-point
//!   bye (same points; some programs write it).
//! * Headers `012` name, `022` city, `032` federation, `042`/`052` dates, `092` type, `102` chief
//!   arbiter, `112` deputies (repeatable), `122` time control, `132` round dates (kept raw, as
//!   its dates sit in the round columns). `062`/`072`/`082` are counts: ignored on read, computed
//!   on write.
//! * JaVaFo's extensions `XXR n` (number of rounds) and `XXC white1|black1` (initial colour).
//! * TRF-2026 records `142` (rounds), `152` (initial colour) and `192` (tournament-type code) are
//!   used as fallbacks for `XXR`, `XXC` and `092`, and kept verbatim like every other record this
//!   module does not interpret (team records, `###` comments, national-rating lines, …) in
//!   [`Tournament::extra_records`], so that an export carries them back out.
//!
//! # Our extensions
//! TRF16 has no place for these, so the writer adds `XX` lines (ignored by other programs, which
//! skip unknown `XX` records) and the reader reads them back:
//! * `XXW <start_no> <after_round>`: the player withdrew after that round. When at least one
//!   `XXW` line is present the list is taken as given and withdrawal detection is not run; a bare
//!   `XXW none` says "no withdrawals" for a file whose unplayed games would otherwise look like
//!   one. Without `XXW`, withdrawals are [detected](Tournament::detect_withdrawals).
//! * `XXK <start_no> <k>`: an arbiter-chosen rating K factor ([`Player::k_override`]).
//! * `XXG <start_no> <games>`: rated games before the event ([`Player::rated_games`]).
//! * `XXN <text>`: one line of the event note ([`Info::note`]); several lines join with `\n`.
//!
//! # Round-robin or Swiss
//! TRF16 has no format flag. The reader takes it from `092` (mentions "round" and "robin", or a
//! Swiss word), else from the TRF-2026 `192` code, else from the pairings themselves: a complete
//! round-robin (every pair meets exactly once or twice, in exactly that many rounds) is one.
//! Cycles come from the text ("double") or the number of rounds. The writer keeps the user's
//! `092` (an empty one included: then no `092` line) when it already leads back to the same format,
//! and otherwise writes one that does.
//!
//! # Round trip
//! [`write()`] produces canonical TRF16 and `parse(&write(&t)) == t` for every tournament `parse`
//! returns. Two things TRF16 cannot hold are normalised on the first import: board order (games
//! come back ordered by the lower start number of the two players) and trailing rounds with no
//! entry at all. Text is truncated to its column width (a name keeps 33 characters), and a
//! number too wide for its columns (a rating or start number over 9999) is left blank, since
//! TRF16 cannot hold it.

use crate::model::{
    Bye, ByeKind, Color, Entry, Format, GameResult, HalfPoints, Info, Outcome, Player, Round,
    StartNo, Tournament, Withdrawal,
};
use crate::model::{Game, ModelError};
use std::fmt;

/// Columns of a `001` record (1-based, inclusive), TRF16.
const COL_START_NO: (usize, usize) = (5, 8);
const COL_SEX: usize = 10;
const COL_TITLE: (usize, usize) = (11, 13);
const COL_NAME: (usize, usize) = (15, 47);
const COL_RATING: (usize, usize) = (49, 52);
const COL_FEDERATION: (usize, usize) = (54, 56);
const COL_FIDE_ID: (usize, usize) = (58, 68);
const COL_BIRTH: (usize, usize) = (70, 79);
const COL_POINTS: (usize, usize) = (81, 84);
/// Round 1's block starts here; round k's at `COL_FIRST_ROUND + ROUND_WIDTH * (k - 1)`.
const COL_FIRST_ROUND: usize = 92;
const ROUND_WIDTH: usize = 10;

/// Guards against absurd files allocating without bound; far above any real event.
const MAX_ROUNDS: u32 = 999;

/// A TRF file that cannot be imported: where, and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, when a single column is at fault.
    pub column: Option<usize>,
    /// What was expected and how to fix it.
    pub message: String,
}

impl TrfError {
    fn at(line: usize, column: usize, message: impl Into<String>) -> TrfError {
        TrfError {
            line,
            column: Some(column),
            message: message.into(),
        }
    }

    fn line(line: usize, message: impl Into<String>) -> TrfError {
        TrfError {
            line,
            column: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "line {}, column {c}: {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for TrfError {}

/// Something odd that does not stop the import (e.g. a points column that disagrees with the
/// results, which TRF treats as informational).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfWarning {
    pub line: usize,
    pub column: Option<usize>,
    pub message: String,
}

impl fmt::Display for TrfWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "line {}, column {c}: {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

/// Bytes of a TRF file as text: UTF-8 when valid, otherwise Latin-1 (ISO 8859-1), the
/// traditional TRF encoding, in which every byte is one character.
pub fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

/// Reads a TRF16 file into a validated tournament.
pub fn parse(text: &str) -> Result<Tournament, TrfError> {
    parse_with_warnings(text).map(|(t, _)| t)
}

/// Like [`parse`], also returning the oddities that did not prevent the import.
pub fn parse_with_warnings(text: &str) -> Result<(Tournament, Vec<TrfWarning>), TrfError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader::default();
    for (i, line) in lines(text).enumerate() {
        reader.record(i + 1, line)?;
    }
    reader.finish()
}

/// Lines without their terminators; accepts `\n`, `\r\n` and (old Mac files) lone `\r`.
fn lines(text: &str) -> Box<dyn Iterator<Item = &str> + '_> {
    if text.contains('\n') {
        Box::new(text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)))
    } else {
        Box::new(text.split('\r'))
    }
}

/// Characters `from..=to` (1-based) of a line, clipped to its length.
fn field(chars: &[char], from: usize, to: usize) -> String {
    let start = from.saturating_sub(1).min(chars.len());
    let end = to.min(chars.len());
    chars
        .get(start..end)
        .map_or_else(String::new, |s| s.iter().collect())
}

/// Character at 1-based `col`, or a blank beyond the end (short lines are padded with blanks).
fn char_at(chars: &[char], col: usize) -> char {
    col.checked_sub(1)
        .and_then(|i| chars.get(i))
        .copied()
        .unwrap_or(' ')
}

/// Everything after the record code and its space (column 5 on).
fn rest(chars: &[char]) -> String {
    chars
        .get(4..)
        .map_or_else(String::new, |s| s.iter().collect())
}

/// A short, printable excerpt of a line for error messages.
fn excerpt(line: &str) -> String {
    let mut s: String = line.chars().take(24).collect();
    if line.chars().count() > 24 {
        s.push('…');
    }
    s
}

fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// One round block of a `001` record, as written on that line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Block {
    /// Nothing recorded.
    Empty,
    Bye(ByeKind),
    /// `code` is the result code, upper-cased, with `*` folded into blank (not yet played).
    Paired {
        opponent: StartNo,
        colour: Option<Color>,
        code: char,
    },
}

struct PlayerLine {
    line: usize,
    player: Player,
    /// Columns 81–84 as read; `None` when blank or not a number.
    declared_points: Option<HalfPoints>,
    blocks: Vec<Block>,
}

/// A player-indexed extension value (`XXK`, `XXG`), with its line for error messages.
struct PlayerValue<T> {
    line: usize,
    player: StartNo,
    value: T,
}

#[derive(Default)]
struct Reader {
    any_record: bool,
    name: Option<String>,
    info: Info,
    /// Single-valued headers already read (a repeat goes to `extra_records`).
    seen: Vec<&'static str>,
    kind_line: Option<usize>,
    players: Vec<PlayerLine>,
    xxr: Option<(u32, usize)>,
    r142: Option<u32>,
    xxc: Option<Color>,
    c152: Option<Color>,
    code192: Option<(String, usize)>,
    withdrawals: Option<Vec<(Withdrawal, usize)>>,
    k_factors: Vec<PlayerValue<u8>>,
    rated_games: Vec<PlayerValue<u32>>,
    note: Vec<String>,
    extras: Vec<String>,
    warnings: Vec<TrfWarning>,
}

/// Record code of a line if it has the shape of a TRF record: three digits or capital letters
/// (`001`, `XXR`, a federation code of TRF-2026 national-rating lines, …) followed by a space or
/// the end of the line, or a `###` comment.
fn record_code(chars: &[char]) -> Option<String> {
    let code: String = chars.iter().take(3).collect();
    if code == "###" {
        return Some(code);
    }
    let shaped = chars.len() >= 3
        && chars[..3]
            .iter()
            .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
        && chars.get(3).is_none_or(|&c| c == ' ');
    shaped.then_some(code)
}

impl Reader {
    fn record(&mut self, no: usize, line: &str) -> Result<(), TrfError> {
        if line.trim().is_empty() {
            return Ok(());
        }
        // A carriage return inside a line is no line break here; as a blank it reads back the
        // same after an export (which cannot write one inside a record).
        let cleaned;
        let line = if line.contains('\r') {
            cleaned = line.replace('\r', " ");
            cleaned.as_str()
        } else {
            line
        };
        let chars: Vec<char> = line.chars().collect();
        let Some(code) = record_code(&chars) else {
            return Err(TrfError::at(
                no,
                1,
                format!(
                    "expected a TRF record: a three-character code such as 001 (player), 012 \
                     (tournament name) or XXR (rounds) followed by a space, but found \"{}\"",
                    excerpt(line)
                ),
            ));
        };
        self.any_record = true;
        let value = || rest(&chars).trim().to_owned();
        match code.as_str() {
            "001" => {
                let p = player_line(no, &chars)?;
                self.players.push(p);
            }
            // A header without a value says nothing (and is not written back), so it neither
            // sets the field nor stops a later record of the same code from setting it.
            "012" | "022" | "032" | "042" | "052" | "092" | "102" | "122" | "132"
                if value().is_empty() => {}
            "012" => {
                if self.first("012") {
                    self.name = Some(value());
                } else {
                    self.extras.push(line.to_owned());
                }
            }
            "022" | "032" | "042" | "052" | "092" | "102" | "122" | "132" => {
                let key: &'static str = match code.as_str() {
                    "022" => "022",
                    "032" => "032",
                    "042" => "042",
                    "052" => "052",
                    "092" => "092",
                    "102" => "102",
                    "122" => "122",
                    _ => "132",
                };
                if !self.first(key) {
                    self.extras.push(line.to_owned());
                    return Ok(());
                }
                let v = value();
                match key {
                    "022" => self.info.city = v,
                    "032" => self.info.federation = v,
                    "042" => self.info.start_date = v,
                    "052" => self.info.end_date = v,
                    "092" => {
                        self.info.kind = v;
                        self.kind_line = Some(no);
                    }
                    "102" => self.info.chief_arbiter = v,
                    "122" => self.info.time_control = v,
                    // The dates sit under the round columns, so leading blanks are meaningful.
                    _ => self.info.round_dates = rest(&chars).trim_end().to_owned(),
                }
            }
            "112" => self.info.deputy_arbiters.push(value()),
            // Counts, recomputed on export.
            "062" | "072" | "082" => {}
            "XXR" => {
                if let Some((_, first)) = self.xxr {
                    return Err(TrfError::line(
                        no,
                        format!("a second XXR record (the first is on line {first}); keep one"),
                    ));
                }
                let v = value();
                let rounds = v.parse::<u32>().ok().filter(|r| *r <= MAX_ROUNDS);
                let Some(rounds) = rounds else {
                    return Err(TrfError::at(
                        no,
                        5,
                        format!(
                            "expected the number of rounds (0–{MAX_ROUNDS}) after XXR, e.g. \
                             \"XXR 9\", but found \"{}\"",
                            excerpt(&v)
                        ),
                    ));
                };
                self.xxr = Some((rounds, no));
            }
            "XXC" => {
                let colour = match value().to_ascii_lowercase().as_str() {
                    "white1" => Color::White,
                    "black1" => Color::Black,
                    // Other XXC options (e.g. JaVaFo's `rank`) are not ours to interpret.
                    _ => {
                        self.extras.push(line.to_owned());
                        return Ok(());
                    }
                };
                match self.xxc {
                    Some(first) if first != colour => {
                        return Err(TrfError::at(
                            no,
                            5,
                            "this XXC contradicts an earlier one (white1 against black1); keep one",
                        ))
                    }
                    _ => self.xxc = Some(colour),
                }
            }
            "XXW" => self.withdrawal(no, &value())?,
            "XXK" => {
                let (player, k) = player_number(no, &value(), "XXK", "K factor")?;
                let k = u8::try_from(k).map_err(|_| {
                    TrfError::at(
                        no,
                        5,
                        format!("XXK: K factor {k} is too large (at most 255)"),
                    )
                })?;
                self.k_factors.push(PlayerValue {
                    line: no,
                    player,
                    value: k,
                });
            }
            "XXG" => {
                let (player, games) = player_number(no, &value(), "XXG", "number of rated games")?;
                self.rated_games.push(PlayerValue {
                    line: no,
                    player,
                    value: games,
                });
            }
            "XXN" => self.note.push(rest(&chars)),
            "142" => {
                if self.r142.is_none() {
                    self.r142 = value().parse::<u32>().ok().filter(|r| *r <= MAX_ROUNDS);
                }
                self.extras.push(line.to_owned());
            }
            "152" => {
                if self.c152.is_none() {
                    self.c152 = match value().to_ascii_uppercase().as_str() {
                        "W" => Some(Color::White),
                        "B" => Some(Color::Black),
                        _ => None,
                    };
                }
                self.extras.push(line.to_owned());
            }
            "192" => {
                if self.code192.is_none() {
                    self.code192 = Some((value(), no));
                }
                self.extras.push(line.to_owned());
            }
            _ => self.extras.push(line.to_owned()),
        }
        Ok(())
    }

    /// True the first time a single-valued header is met.
    fn first(&mut self, key: &'static str) -> bool {
        if self.seen.contains(&key) {
            false
        } else {
            self.seen.push(key);
            true
        }
    }

    fn withdrawal(&mut self, no: usize, value: &str) -> Result<(), TrfError> {
        let list = self.withdrawals.get_or_insert_with(Vec::new);
        if value.is_empty() || value.eq_ignore_ascii_case("none") {
            return Ok(());
        }
        let (player, after_round) =
            player_number(no, value, "XXW", "round after which they withdrew")?;
        if let Some((_, first)) = list.iter().find(|(w, _)| w.player == player) {
            return Err(TrfError::at(
                no,
                5,
                format!("player {player} already has a withdrawal on line {first}; keep one"),
            ));
        }
        list.push((
            Withdrawal {
                player,
                after_round,
            },
            no,
        ));
        Ok(())
    }

    fn finish(self) -> Result<(Tournament, Vec<TrfWarning>), TrfError> {
        let Reader {
            any_record,
            name,
            mut info,
            kind_line,
            mut players,
            xxr,
            r142,
            xxc,
            c152,
            code192,
            withdrawals,
            k_factors,
            rated_games,
            note,
            extras,
            mut warnings,
            ..
        } = self;
        if !any_record {
            return Err(TrfError::line(
                1,
                "the file is empty; a TRF file has a 012 record (the tournament name) and one 001 \
                 record per player",
            ));
        }

        // Players may come in any order; start numbers must be exactly 1..=n.
        players.sort_by_key(|p| (p.player.start_no, p.line));
        for pair in players.windows(2) {
            if pair[0].player.start_no == pair[1].player.start_no {
                return Err(TrfError::at(
                    pair[1].line,
                    COL_START_NO.0,
                    format!(
                        "start number {} is also used on line {}; every player needs their own \
                         start number",
                        pair[1].player.start_no, pair[0].line
                    ),
                ));
            }
        }
        for (i, p) in players.iter().enumerate() {
            let expected = i as StartNo + 1;
            if p.player.start_no != expected {
                return Err(TrfError::at(
                    p.line,
                    COL_START_NO.0,
                    format!(
                        "start number {} skips {expected}: start numbers must run 1, 2, 3, … up \
                         to the number of players ({}) without gaps",
                        p.player.start_no,
                        players.len()
                    ),
                ));
            }
        }

        let rounds = build_rounds(&players)?;
        let columns = rounds.len() as u32;

        // Format: 092 text, then the TRF-2026 type code, then the shape of the pairings.
        let declared = match declared_by_kind(&info.kind) {
            Declared::Silent => code192
                .as_ref()
                .map_or(Declared::Silent, |(c, _)| declared_by_code(c)),
            d => d,
        };
        let hint = xxr.map(|(r, _)| r).or(r142);
        let format = decide_format(declared, players.len(), &rounds, hint).map_err(|why| {
            let line = kind_line.or(code192.as_ref().map(|(_, l)| *l)).unwrap_or(1);
            TrfError::line(line, why)
        })?;
        if let (Format::Swiss { .. }, Some((r, line))) = (format, xxr) {
            if r < columns {
                warnings.push(TrfWarning {
                    line,
                    column: Some(5),
                    message: format!(
                        "XXR says {r} rounds but the player records have results for {columns}; \
                         the event is read as having {columns}"
                    ),
                });
            }
        }

        info.note = note.join("\n");
        let declared_points: Vec<(usize, Option<HalfPoints>)> = players
            .iter()
            .map(|p| (p.line, p.declared_points))
            .collect();
        let mut t = Tournament {
            name: name.unwrap_or_default(),
            info,
            format,
            initial_colour: xxc.or(c152),
            players: players.into_iter().map(|p| p.player).collect(),
            rounds,
            withdrawals: Vec::new(),
            extra_records: extras,
        };
        // TRF has no board numbers: give round-robin rounds the Berger tables' board order.
        crate::berger::canonical_board_order(&mut t);

        let n = t.players.len() as StartNo;
        let check_player = |line: usize, player: StartNo, what: &str| {
            if player == 0 || player > n {
                Err(TrfError::at(
                    line,
                    5,
                    format!("{what}: there is no player {player}; start numbers run 1–{n}"),
                ))
            } else {
                Ok(())
            }
        };
        for pv in &k_factors {
            check_player(pv.line, pv.player, "XXK")?;
        }
        for pv in &rated_games {
            check_player(pv.line, pv.player, "XXG")?;
        }
        apply_per_player(&k_factors, "XXK", &mut t, |p, k| p.k_override = Some(k))?;
        apply_per_player(&rated_games, "XXG", &mut t, |p, g| p.rated_games = Some(g))?;

        let withdrawal_lines: Vec<usize>;
        match withdrawals {
            Some(list) => {
                for (w, line) in &list {
                    check_player(*line, w.player, "XXW")?;
                }
                withdrawal_lines = list.iter().map(|(_, l)| *l).collect();
                t.withdrawals = list.into_iter().map(|(w, _)| w).collect();
            }
            None => {
                withdrawal_lines = Vec::new();
                t.withdrawals = t.detect_withdrawals();
            }
        }

        t.validate().map_err(|e| {
            let line = match &e {
                ModelError::BadWithdrawal { player, .. } => t
                    .withdrawals
                    .iter()
                    .position(|w| w.player == *player)
                    .and_then(|i| withdrawal_lines.get(i).copied()),
                ModelError::BadFormat(_) => kind_line,
                _ => None,
            };
            TrfError::line(line.unwrap_or(1), e.to_string())
        })?;

        let totals = points_by_player(&t);
        for (i, (line, declared)) in declared_points.into_iter().enumerate() {
            let start_no = i as StartNo + 1;
            let computed = totals.get(i).copied().unwrap_or_default();
            if let Some(declared) = declared {
                if declared != computed {
                    warnings.push(TrfWarning {
                        line,
                        column: Some(COL_POINTS.0),
                        message: format!(
                            "player {start_no}'s points column says {declared} but the results \
                             add up to {computed}; the results are used"
                        ),
                    });
                }
            }
        }
        Ok((t, warnings))
    }
}

/// Every player's points (as [`Tournament::points`]) in one pass over the rounds, so that big
/// files stay fast; index `start_no - 1`.
fn points_by_player(t: &Tournament) -> Vec<HalfPoints> {
    let mut totals = vec![HalfPoints::ZERO; t.players.len()];
    let mut add = |p: StartNo, pts: Option<HalfPoints>| {
        if let (Some(slot), Some(pts)) = (
            p.checked_sub(1).and_then(|i| totals.get_mut(i as usize)),
            pts,
        ) {
            *slot += pts;
        }
    };
    for round in &t.rounds {
        for g in &round.games {
            add(g.white, g.result.points_for(Color::White));
            add(g.black, g.result.points_for(Color::Black));
        }
        for b in &round.byes {
            add(b.player, Some(b.kind.points()));
        }
    }
    totals
}

/// `"<start_no> <number>"` of an `XXW`/`XXK`/`XXG` line.
fn player_number(
    no: usize,
    value: &str,
    code: &str,
    what: &str,
) -> Result<(StartNo, u32), TrfError> {
    let mut it = value.split_whitespace();
    let parsed = match (it.next(), it.next(), it.next()) {
        (Some(a), Some(b), None) => a.parse::<StartNo>().ok().zip(b.parse::<u32>().ok()),
        _ => None,
    };
    parsed.ok_or_else(|| {
        TrfError::at(
            no,
            5,
            format!(
                "expected \"{code} <start number> <{what}>\" (two whole numbers), but found \"{}\"",
                excerpt(value)
            ),
        )
    })
}

fn apply_per_player<T: Copy>(
    values: &[PlayerValue<T>],
    code: &str,
    t: &mut Tournament,
    set: impl Fn(&mut Player, T),
) -> Result<(), TrfError> {
    for (i, pv) in values.iter().enumerate() {
        if let Some(first) = values[..i].iter().find(|o| o.player == pv.player) {
            return Err(TrfError::at(
                pv.line,
                5,
                format!(
                    "{code} for player {} is also given on line {}; keep one",
                    pv.player, first.line
                ),
            ));
        }
        if let Some(p) = pv
            .player
            .checked_sub(1)
            .and_then(|i| t.players.get_mut(i as usize))
        {
            set(p, pv.value);
        }
    }
    Ok(())
}

/// Reads one `001` record (TRF16 columns, see the module documentation).
fn player_line(no: usize, chars: &[char]) -> Result<PlayerLine, TrfError> {
    let start = field(chars, COL_START_NO.0, COL_START_NO.1);
    let start = start.trim();
    let start_no = start
        .parse::<StartNo>()
        .ok()
        .filter(|s| all_digits(start) && *s > 0);
    let Some(start_no) = start_no else {
        return Err(TrfError::at(
            no,
            COL_START_NO.0,
            format!(
                "expected the player's start number (1–9999), right-aligned in columns 5–8, but \
                 found \"{start}\""
            ),
        ));
    };

    let rating = field(chars, COL_RATING.0, COL_RATING.1);
    let rating = rating.trim();
    let rating = if rating.is_empty() {
        None
    } else {
        match rating.parse::<u16>() {
            // TRF writes 0 (or nothing) for an unrated player.
            Ok(0) => None,
            Ok(r) if all_digits(rating) => Some(r),
            _ => {
                return Err(TrfError::at(
                    no,
                    COL_RATING.0,
                    format!(
                        "expected the FIDE rating (digits, or blank if unrated) in columns \
                         49–52, but found \"{rating}\"; check the name fits columns 15–47"
                    ),
                ))
            }
        }
    };

    let fide = field(chars, COL_FIDE_ID.0, COL_FIDE_ID.1);
    let fide = fide.trim();
    let fide_id = if fide.is_empty() {
        None
    } else {
        match fide.parse::<u64>() {
            Ok(id) if all_digits(fide) => Some(id),
            _ => {
                return Err(TrfError::at(
                    no,
                    COL_FIDE_ID.0,
                    format!(
                        "expected the FIDE id (digits, or blank) in columns 58–68, but found \
                         \"{fide}\""
                    ),
                ))
            }
        }
    };

    // Points and rank are informational (recomputed from the results), so a value that is not a
    // number only loses the cross-check.
    let declared_points = parse_points(field(chars, COL_POINTS.0, COL_POINTS.1).trim());

    let separator = |col: usize| -> Result<(), TrfError> {
        let c = char_at(chars, col);
        if c == ' ' {
            Ok(())
        } else {
            Err(TrfError::at(
                no,
                col,
                format!(
                    "expected a blank at column {col} but found '{c}'; the round blocks start at \
                     column 92, ten columns each (opponent 92–95, colour 97, result 99), so \
                     this line's columns seem shifted"
                ),
            ))
        }
    };
    separator(90)?;
    separator(91)?;

    let mut blocks = Vec::new();
    let mut col = COL_FIRST_ROUND;
    while col <= chars.len() {
        if blocks.len() as u32 >= MAX_ROUNDS {
            return Err(TrfError::at(
                no,
                col,
                format!("more than {MAX_ROUNDS} round blocks; is this a TRF player record?"),
            ));
        }
        let round = blocks.len() + 1;
        blocks.push(round_block(no, chars, col, round, &separator)?);
        col += ROUND_WIDTH;
    }
    while blocks.last() == Some(&Block::Empty) {
        blocks.pop();
    }

    let text = |(a, b): (usize, usize)| field(chars, a, b).trim().to_owned();
    Ok(PlayerLine {
        line: no,
        player: Player {
            start_no,
            name: text(COL_NAME),
            title: text(COL_TITLE),
            federation: text(COL_FEDERATION),
            fide_id,
            rating,
            sex: char_at(chars, COL_SEX).to_string().trim().to_owned(),
            birth: text(COL_BIRTH),
            rated_games: None,
            k_override: None,
        },
        declared_points,
        blocks,
    })
}

/// `"4.0"`, `"3.5"`, `"12"` → half-points; anything else (other scoring systems) → `None`.
fn parse_points(s: &str) -> Option<HalfPoints> {
    let (whole, frac) = s.split_once(['.', ',']).unwrap_or((s, ""));
    if !all_digits(whole) {
        return None;
    }
    let whole = whole.parse::<u32>().ok()?.checked_mul(2)?;
    let half = match frac.trim_end_matches('0') {
        "" => 0,
        "5" => 1,
        _ => return None,
    };
    if !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(HalfPoints(whole.checked_add(half)?))
}

/// Reads the round block starting at column `col` (TRF16: opponent +0…+3, colour +5, result +7).
fn round_block(
    no: usize,
    chars: &[char],
    col: usize,
    round: usize,
    separator: &dyn Fn(usize) -> Result<(), TrfError>,
) -> Result<Block, TrfError> {
    for offset in [4, 6, 8, 9] {
        separator(col + offset)?;
    }
    let opp = field(chars, col, col + 3);
    let opp = opp.trim();
    let opponent = if opp.is_empty() {
        0
    } else {
        match opp.parse::<StartNo>() {
            Ok(o) if all_digits(opp) => o,
            _ => {
                return Err(TrfError::at(
                    no,
                    col,
                    format!(
                        "round {round}: expected the opponent's start number (or 0000 for none) \
                         in columns {col}–{}, but found \"{opp}\"",
                        col + 3
                    ),
                ))
            }
        }
    };
    let colour_col = col + 5;
    let colour = match char_at(chars, colour_col) {
        'w' | 'W' => Some(Color::White),
        'b' | 'B' => Some(Color::Black),
        '-' | ' ' => None,
        c => {
            return Err(TrfError::at(
                no,
                colour_col,
                format!(
                    "round {round}: expected the colour w, b or - at column {colour_col}, but \
                     found '{c}'"
                ),
            ))
        }
    };
    let result_col = col + 7;
    let raw = char_at(chars, result_col);
    let code = match raw {
        '*' => ' ',
        c => c.to_ascii_uppercase(),
    };
    let known = "10=WDL+-HFUZ ";
    if !known.contains(code) {
        return Err(TrfError::at(
            no,
            result_col,
            format!(
                "round {round}: unknown result code '{raw}' at column {result_col}; expected one \
                 of 1 = 0 (played), W D L (played, unrated), + - (forfeit), or with opponent \
                 0000: U F H Z (byes), - (absent), blank (nothing)"
            ),
        ));
    }
    if opponent == 0 {
        return match code {
            ' ' => Ok(Block::Empty),
            'U' => Ok(Block::Bye(ByeKind::PairingAllocated)),
            'F' | '+' => Ok(Block::Bye(ByeKind::Full)),
            'H' => Ok(Block::Bye(ByeKind::Half)),
            'Z' | '-' => Ok(Block::Bye(ByeKind::Zero)),
            _ => Err(TrfError::at(
                no,
                result_col,
                format!(
                    "round {round}: result '{raw}' is a game, but no opponent is given in \
                     columns {col}–{}; write the opponent's start number there, or use U, F, H \
                     or Z for a bye",
                    col + 3
                ),
            )),
        };
    }
    if "UFHZ".contains(code) {
        return Err(TrfError::at(
            no,
            result_col,
            format!(
                "round {round}: '{raw}' is a bye, which has no opponent; write 0000 in columns \
                 {col}–{} or give a game result (1 = 0 W D L + -)",
                col + 3
            ),
        ));
    }
    Ok(Block::Paired {
        opponent,
        colour,
        code,
    })
}

fn describe(block: Block) -> String {
    match block {
        Block::Empty => "nothing".to_owned(),
        Block::Bye(kind) => format!("a bye ({})", bye_code(kind)),
        Block::Paired { opponent, .. } => format!("player {opponent}"),
    }
}

/// Turns the per-player blocks into rounds, checking that both players of every game agree.
/// `players` is sorted and numbered 1..=n.
fn build_rounds(players: &[PlayerLine]) -> Result<Vec<Round>, TrfError> {
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

/// What the file's text says about the system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Declared {
    /// A round-robin, with its number of cycles when the text says it.
    RoundRobin(Option<u32>),
    Swiss,
    Silent,
}

/// Reads TRF `092` free text ("Round Robin", "Double Round-Robin", "Swiss Dutch", …).
fn declared_by_kind(kind: &str) -> Declared {
    let k = kind.to_lowercase();
    if k.contains("round") && k.contains("robin") {
        let cycles = if k.contains("double") {
            Some(2)
        } else if k.contains("single") {
            Some(1)
        } else {
            None
        };
        Declared::RoundRobin(cycles)
    } else if [
        "swiss",
        "dutch",
        "dubov",
        "burstein",
        "schweizer",
        "suisse",
        "suizo",
    ]
    .iter()
    .any(|w| k.contains(w))
    {
        Declared::Swiss
    } else {
        Declared::Silent
    }
}

/// Reads a TRF-2026 `192` tournament-type code (FIDE's Tournament-Type Code Table):
/// `FIDE_ROUNDROBIN`, `BERGER_DOUBLEROUNDROBIN`, `BERGER_ROUNDROBIN_G2`, `FIDE_DUTCH_2026`, …
fn declared_by_code(code: &str) -> Declared {
    let c = code.trim().to_ascii_uppercase();
    if c.contains("ROUNDROBIN") {
        let repeats = c
            .rsplit_once("_G")
            .filter(|(_, g)| all_digits(g))
            // A number too large for u32 is certainly not 1 or 2; report it as unsupported.
            .map(|(_, g)| g.parse::<u32>().unwrap_or(u32::MAX));
        let cycles = if c.contains("DOUBLEROUNDROBIN") {
            Some(2)
        } else if repeats.is_some() {
            repeats
        } else if c.starts_with("BERGER_ROUNDROBIN") || c.starts_with("FIDE_ROUNDROBIN") {
            Some(1)
        } else {
            None
        };
        Declared::RoundRobin(cycles)
    } else if ["SWISS", "DUTCH", "DUBOV", "BURSTEIN"]
        .iter()
        .any(|w| c.contains(w))
    {
        Declared::Swiss
    } else {
        Declared::Silent
    }
}

/// Rounds in one cycle of a round-robin of `n` players (an odd field adds a free round).
fn per_cycle(n: usize) -> u32 {
    let n = n as u32;
    if n.is_multiple_of(2) {
        n.saturating_sub(1)
    } else {
        n
    }
}

/// The format, given what the text declares, the player count, the rounds as read and the
/// scheduled number of rounds (XXR) if known.
fn decide_format(
    declared: Declared,
    n: usize,
    rounds: &[Round],
    scheduled: Option<u32>,
) -> Result<Format, String> {
    let total = scheduled.unwrap_or(0).max(rounds.len() as u32);
    let per = per_cycle(n);
    match declared {
        Declared::RoundRobin(Some(c)) => match u8::try_from(c) {
            Ok(c @ 1..=2) => Ok(Format::RoundRobin { cycles: c }),
            _ => Err(format!(
                "the type of tournament says a round-robin with {c} cycles; Crosstable handles \
                 single and double round-robins"
            )),
        },
        Declared::RoundRobin(None) => Ok(Format::RoundRobin {
            cycles: if per > 0 && total > per { 2 } else { 1 },
        }),
        Declared::Swiss => Ok(Format::Swiss { rounds: total }),
        Declared::Silent => Ok(match complete_round_robin(n, rounds, total) {
            Some(cycles) => Format::RoundRobin { cycles },
            None => Format::Swiss { rounds: total },
        }),
    }
}

/// `Some(cycles)` when the pairings are exactly a complete single or double round-robin: every
/// pair of players meets `cycles` times, in `cycles` × (rounds per cycle) rounds.
fn complete_round_robin(n: usize, rounds: &[Round], total: u32) -> Option<u8> {
    if n < 3 {
        return None;
    }
    let per = per_cycle(n);
    let cycles = (1..=2u8).find(|&c| total == per * u32::from(c))?;
    if rounds.len() as u32 != total {
        return None;
    }
    let mut met = vec![0u8; n * n];
    for g in rounds.iter().flat_map(|r| &r.games) {
        let (a, b) = (g.white.min(g.black) as usize, g.white.max(g.black) as usize);
        if a == 0 || b > n {
            return None;
        }
        let cell = &mut met[(a - 1) * n + (b - 1)];
        *cell = cell.saturating_add(1);
    }
    let all_met = (0..n).all(|a| ((a + 1)..n).all(|b| met[a * n + b] == cycles));
    all_met.then_some(cycles)
}

/// The `092` text to export: the user's own when it already leads back to `t.format`.
fn kind_for_export(t: &Tournament, rounds: &[Round]) -> String {
    let kind = clean(&t.info.kind);
    let kind = kind.trim();
    let code = t
        .extra_records
        .iter()
        .find(|l| l.starts_with("192"))
        .map(|l| rest(&l.chars().collect::<Vec<_>>()));
    let n = t.players.len();
    let scheduled = Some(t.scheduled_rounds());
    let leads_back = |text: &str| {
        let declared = match declared_by_kind(text) {
            Declared::Silent => code.as_deref().map_or(Declared::Silent, declared_by_code),
            d => d,
        };
        decide_format(declared, n, rounds, scheduled).ok() == Some(t.format)
    };
    let short = match t.format {
        Format::RoundRobin { cycles: 2 } => "Double Round-Robin",
        Format::RoundRobin { .. } => "Round-Robin",
        Format::Swiss { .. } => "Swiss-System",
    };
    let mut candidates = vec![kind.to_owned()];
    if !kind.is_empty() && declared_by_kind(kind) == Declared::Silent {
        candidates.push(format!("{kind} ({short})"));
    }
    candidates.push(format!("Individual: {short}"));
    candidates.push("Individual: Single Round-Robin".to_owned());
    candidates
        .into_iter()
        .find(|c| leads_back(c))
        .unwrap_or_else(|| format!("Individual: {short}"))
}

/// Free text on one line: TRF records end at the line break.
fn clean(s: &str) -> String {
    s.replace(['\r', '\n'], " ")
}

fn bye_code(kind: ByeKind) -> char {
    match kind {
        ByeKind::PairingAllocated => 'U',
        ByeKind::Full => 'F',
        ByeKind::Half => 'H',
        ByeKind::Zero => 'Z',
    }
}

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

/// Writes `t` as canonical TRF16 (plus the extension lines described in the module docs).
pub fn write(t: &Tournament) -> String {
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
    record("062", &n.to_string());
    let rated = t.players.iter().filter(|p| p.rating.is_some()).count();
    record("072", &rated.to_string());
    let teams = t
        .extra_records
        .iter()
        .filter(|l| l.starts_with("013 ") || l.starts_with("310 "))
        .count();
    if teams > 0 {
        record("082", &teams.to_string());
    }
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
    record("XXR", &t.scheduled_rounds().to_string());
    match t.initial_colour {
        Some(Color::White) => record("XXC", "white1"),
        Some(Color::Black) => record("XXC", "black1"),
        None => {}
    }

    // Each player's entry per round, in one pass over the games.
    let mut entries = vec![vec![Entry::None; n]; rounds.len()];
    for (r, round) in rounds.iter().enumerate() {
        let mut put = |p: StartNo, e: Entry| {
            if let Some(slot) = p
                .checked_sub(1)
                .and_then(|i| entries[r].get_mut(i as usize))
            {
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
    let points = points_by_player(t);
    // Rank by points, then start number (TRF16 columns 86–89).
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(points[i]), i));
    let mut rank = vec![0usize; n];
    for (place, &i) in order.iter().enumerate() {
        rank[i] = place + 1;
    }

    for (i, p) in t.players.iter().enumerate() {
        let mut line = String::with_capacity(COL_FIRST_ROUND + ROUND_WIDTH * rounds.len());
        line.push_str("001 ");
        line.push_str(&number(p.start_no, 4));
        line.push(' ');
        line.push(clean(&p.sex).trim().chars().next().unwrap_or(' '));
        line.push_str(&right(p.title.trim(), 3));
        line.push(' ');
        line.push_str(&left(p.name.trim(), 33));
        line.push(' ');
        line.push_str(&p.rating.map_or("    ".to_owned(), |r| number(r, 4)));
        line.push(' ');
        line.push_str(&left(p.federation.trim(), 3));
        line.push(' ');
        line.push_str(&p.fide_id.map_or(" ".repeat(11), |id| number(id, 11)));
        line.push(' ');
        line.push_str(&left(p.birth.trim(), 10));
        line.push(' ');
        let pts = points[i];
        line.push_str(&number(format!("{}.{}", pts.0 / 2, (pts.0 % 2) * 5), 4));
        line.push(' ');
        line.push_str(&number(rank[i], 4));
        line.push_str("  ");
        for round in &entries {
            let block = match round[i] {
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
                Entry::Bye(kind) => format!("0000 - {}", bye_code(kind)),
                Entry::None => " ".repeat(8),
            };
            line.push_str(&block);
            line.push_str("  ");
        }
        record("001", line.get(4..).unwrap_or("").trim_end());
    }

    for w in &t.withdrawals {
        record("XXW", &format!("{} {}", w.player, w.after_round));
    }
    if t.withdrawals.is_empty() && !t.detect_withdrawals().is_empty() {
        record("XXW", "none");
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
    for extra in &t.extra_records {
        let extra = clean(extra);
        if is_kept_extra(&extra) {
            out.push_str(&extra);
            out.push('\n');
        }
    }
    out
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
    let Some(code) = record_code(&chars) else {
        return false;
    };
    if line.trim().is_empty() {
        return false;
    }
    match code.as_str() {
        "001" | "062" | "072" | "082" | "XXR" | "XXW" | "XXK" | "XXG" | "XXN" => false,
        "XXC" => !matches!(
            rest(&chars).trim().to_ascii_lowercase().as_str(),
            "white1" | "black1"
        ),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::berger;
    use proptest::prelude::*;

    fn player(name: &str) -> Player {
        Player {
            name: name.to_owned(),
            rating: Some(2000),
            ..Player::default()
        }
    }

    fn game(white: StartNo, black: StartNo, result: GameResult) -> Game {
        Game {
            white,
            black,
            result,
        }
    }

    /// A tournament using every result kind, every bye kind, a gap, a pending game and every
    /// optional field.
    fn every_kind() -> Tournament {
        use GameResult::*;
        use Outcome::*;
        let mut players: Vec<Player> = (1..=9).map(|i| player(&format!("Player, No{i}"))).collect();
        players[0].title = "GM".into();
        players[0].sex = "m".into();
        players[0].federation = "NOR".into();
        players[0].fide_id = Some(1_503_014);
        players[0].birth = "1990/11/30".into();
        players[0].k_override = Some(10);
        players[1].name = "Müller, Jürgen".into();
        players[1].rating = None;
        players[1].rated_games = Some(7);
        players[2].title = "wg".into();
        players[2].sex = "w".into();
        let mut t = Tournament::new("Every Kind Open", Format::Swiss { rounds: 5 }, players);
        t.info = Info {
            city: "Tromsø".into(),
            federation: "NOR".into(),
            start_date: "2024/01/02".into(),
            end_date: "2024/01/09".into(),
            kind: "Individual: Swiss-System".into(),
            chief_arbiter: "Arbiter, Chief".into(),
            deputy_arbiters: vec!["Deputy, One".into(), "Deputy, Two".into()],
            time_control: "90'+30\"".into(),
            round_dates: "                                                                                       24/01/02  24/01/03".into(),
            note: "Illustrative data.\nSecond line.".into(),
        };
        t.initial_colour = Some(Color::Black);
        t.rounds = vec![
            Round {
                games: vec![
                    game(1, 2, Played(WhiteWins)),
                    game(4, 3, Played(Draw)),
                    game(5, 6, Played(BlackWins)),
                    game(7, 8, PlayedUnrated(WhiteWins)),
                ],
                byes: vec![Bye {
                    player: 9,
                    kind: ByeKind::PairingAllocated,
                }],
            },
            Round {
                games: vec![
                    game(3, 1, PlayedUnrated(Draw)),
                    game(2, 4, PlayedUnrated(BlackWins)),
                    game(5, 9, Forfeit(Some(Color::White))),
                    game(8, 6, Forfeit(Some(Color::Black))),
                ],
                byes: vec![Bye {
                    player: 7,
                    kind: ByeKind::Full,
                }],
            },
            Round {
                games: vec![game(1, 5, Forfeit(None)), game(6, 2, Played(WhiteWins))],
                byes: vec![
                    Bye {
                        player: 3,
                        kind: ByeKind::Half,
                    },
                    Bye {
                        player: 4,
                        kind: ByeKind::Zero,
                    },
                ],
            },
            Round {
                games: vec![game(2, 1, Pending), game(3, 9, Pending)],
                byes: vec![],
            },
        ];
        t.withdrawals = vec![Withdrawal {
            player: 8,
            after_round: 2,
        }];
        t.extra_records = vec![
            "### a comment".into(),
            "013 Team Tromsø                       1    2".into(),
            "XXC rank".into(),
        ];
        t
    }

    #[test]
    fn round_trip_of_every_result_kind() {
        let t = every_kind();
        assert_eq!(t.validate(), Ok(()));
        let text = write(&t);
        let back = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, t, "{text}");
        assert_eq!(write(&back), text);
    }

    #[test]
    fn writes_the_fixed_columns() {
        let text = write(&every_kind());
        let line = text
            .lines()
            .find(|l| l.starts_with("001    1"))
            .expect("player 1");
        let col = |a: usize, b: usize| line.chars().skip(a - 1).take(b + 1 - a).collect::<String>();
        assert_eq!(col(10, 13), "m GM");
        assert_eq!(col(15, 47).trim_end(), "Player, No1");
        assert_eq!(col(49, 52), "2000");
        assert_eq!(col(54, 56), "NOR");
        assert_eq!(col(58, 68), "    1503014");
        assert_eq!(col(70, 79), "1990/11/30");
        assert_eq!(col(81, 84), " 1.5");
        assert_eq!(col(92, 99), "   2 w 1");
        assert_eq!(col(102, 109), "   3 b D");
        assert_eq!(col(112, 119), "   5 w -");
        assert_eq!(col(122, 128), "   2 b");
        assert!(text.contains("\nXXR 5\n"));
        assert!(text.contains("\nXXC black1\n"));
        assert!(text.contains("\nXXW 8 2\n"));
        assert!(text.contains("\nXXK 1 10\n"));
        assert!(text.contains("\nXXG 2 7\n"));
        assert!(text.contains("\nXXN Second line.\n"));
        assert!(text.contains("\n062 9\n072 8\n082 1\n"));
    }

    const SMALL: &str = "\
012 Small
XXR 3
001    1      Alpha                             2400                             1.5    1     2 w 1     3 b =
001    2      Beta                              2300                             0.0    3     1 b 0  0000 - Z
001    3      Gamma                             2200                             1.5    2  0000 - U     1 w =
";

    #[test]
    fn reads_players_rounds_and_format() {
        let (t, warnings) = parse_with_warnings(SMALL).expect("valid");
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(t.name, "Small");
        assert_eq!(t.format, Format::Swiss { rounds: 3 });
        assert_eq!(t.players[2].name, "Gamma");
        assert_eq!(t.players[0].rating, Some(2400));
        assert_eq!(t.rounds.len(), 2);
        assert_eq!(
            t.rounds[1].games,
            vec![game(3, 1, GameResult::Played(Outcome::Draw))]
        );
        assert_eq!(
            t.rounds[1].byes,
            vec![Bye {
                player: 2,
                kind: ByeKind::Zero
            }]
        );
        assert_eq!(t.points(1), HalfPoints(3));
    }

    #[test]
    fn players_in_any_order_and_crlf() {
        let mut lines: Vec<&str> = SMALL.lines().collect();
        lines.swap(2, 4);
        let text = lines.join("\r\n");
        assert_eq!(parse(&text), parse(SMALL));
    }

    #[test]
    fn points_column_mismatch_is_a_warning() {
        let text = SMALL.replace(
            "2400                             1.5",
            "2400                             2.5",
        );
        let (_, warnings) = parse_with_warnings(&text).expect("still valid");
        assert_eq!(warnings.len(), 1);
        assert_eq!(warnings[0].line, 3);
        assert_eq!(warnings[0].column, Some(81));
    }

    fn err(text: &str) -> TrfError {
        match parse(text) {
            Ok(t) => panic!("expected an error, got {t:?}"),
            Err(e) => e,
        }
    }

    #[test]
    fn error_gap_in_start_numbers() {
        let e = err(&SMALL.replace("001    3", "001    4"));
        assert_eq!((e.line, e.column), (5, Some(5)));
        assert!(e.message.contains("skips 3"), "{e}");
    }

    #[test]
    fn error_duplicate_start_number() {
        let e = err(&SMALL.replace("001    3", "001    2"));
        assert_eq!(e.line, 5);
        assert!(e.message.contains("line 4"), "{e}");
    }

    #[test]
    fn error_bad_start_number() {
        let e = err(&SMALL.replace("001    3", "001   x3"));
        assert_eq!((e.line, e.column), (5, Some(5)));
        assert!(
            e.to_string().starts_with("line 5, column 5: expected"),
            "{e}"
        );
    }

    #[test]
    fn error_inconsistent_pair_names_both_lines() {
        // Player 1 says they won; player 2 also says they won.
        let e = err(&SMALL.replace("     1 b 0", "     1 b 1"));
        assert_eq!(e.line, 3);
        assert_eq!(e.column, Some(99));
        assert!(
            e.message.contains("line 3") && e.message.contains("line 4"),
            "{e}"
        );
    }

    #[test]
    fn error_opponent_does_not_point_back() {
        let e = err(&SMALL.replace("     1 b 0", "     3 b 0"));
        assert!(
            e.message.contains("line 3") && e.message.contains("line 4"),
            "{e}"
        );
    }

    #[test]
    fn error_same_colour_on_both_sides() {
        let e = err(&SMALL.replace("     1 b 0", "     1 w 0"));
        assert!(e.message.contains("one must be w"), "{e}");
    }

    #[test]
    fn error_unknown_result_code_has_line_and_column() {
        let e = err(&SMALL.replace("     2 w 1", "     2 w x"));
        assert_eq!((e.line, e.column), (3, Some(99)));
        assert!(e.message.contains("unknown result code 'x'"), "{e}");
    }

    #[test]
    fn error_opponent_out_of_range() {
        let e = err(&SMALL.replace("     2 w 1", "     7 w 1"));
        assert_eq!((e.line, e.column), (3, Some(92)));
        assert!(e.message.contains("opponent 7"), "{e}");
    }

    #[test]
    fn error_garbage_line() {
        let e = err(&format!("{SMALL}this is not TRF\n"));
        assert_eq!((e.line, e.column), (6, Some(1)));
        assert!(e.message.contains("expected a TRF record"), "{e}");
    }

    #[test]
    fn error_empty_file() {
        assert_eq!(err("").line, 1);
        assert_eq!(err(" \n\n").line, 1);
    }

    #[test]
    fn error_bye_with_opponent_and_game_without() {
        let e = err(&SMALL.replace("     2 w 1", "     2 w H"));
        assert!(e.message.contains("is a bye"), "{e}");
        let e = err(&SMALL.replace("  0000 - U", "  0000 - 1"));
        assert!(e.message.contains("no opponent"), "{e}");
    }

    #[test]
    fn error_shifted_columns() {
        let e = err(&SMALL.replace("     2 w 1", "    2 w 1 "));
        assert_eq!(e.line, 3);
        assert!(e.message.contains("shifted"), "{e}");
    }

    #[test]
    fn error_bad_withdrawal_points_at_its_line() {
        let e = err(&format!("{SMALL}XXW 2 7\n"));
        assert_eq!(e.line, 6);
        let e = err(&format!("{SMALL}XXW 9 1\n"));
        assert_eq!(e.line, 6);
        assert!(e.message.contains("no player 9"), "{e}");
    }

    #[test]
    fn decode_falls_back_to_latin1() {
        assert_eq!(decode("Ødegaard".as_bytes()), "Ødegaard");
        assert_eq!(decode(&[0xD8, b'd']), "Ød");
    }

    #[test]
    fn format_from_092_and_192_and_structure() {
        let players: Vec<Player> = (1..=4).map(|i| player(&format!("P{i}"))).collect();
        let mut rr = Tournament::new("RR", Format::RoundRobin { cycles: 1 }, players);
        rr.rounds = berger::schedule(4, 1);
        for g in rr.rounds.iter_mut().flat_map(|r| r.games.iter_mut()) {
            g.result = GameResult::Played(Outcome::Draw);
        }
        // Complete pairings are recognised without any 092.
        let text = write(&rr);
        assert!(!text.contains("\n092"), "{text}");
        let back = parse(&text).expect("valid");
        assert_eq!(back.format, Format::RoundRobin { cycles: 1 });

        // An unfinished round-robin needs 092 to come back as one.
        let mut partial = back.clone();
        partial.rounds.truncate(1);
        let text = write(&partial);
        assert!(text.contains("\n092 Individual: Round-Robin\n"), "{text}");
        let again = parse(&text).expect("valid");
        assert_eq!(again.format, Format::RoundRobin { cycles: 1 });
        assert_eq!(parse(&write(&again)), Ok(again));

        // A user's 092 that does not name the system keeps its text.
        partial.info.kind = "Club championship".into();
        let again = parse(&write(&partial)).expect("valid");
        assert_eq!(again.info.kind, "Club championship (Round-Robin)");

        let double = SMALL.replace("XXR 3", "092 Double Round Robin");
        assert_eq!(
            parse(&double).map(|t| t.format),
            Ok(Format::RoundRobin { cycles: 2 })
        );
        let coded = SMALL.replace("XXR 3", "192 FIDE_DOUBLEROUNDROBIN");
        let t = parse(&coded).expect("valid");
        assert_eq!(t.format, Format::RoundRobin { cycles: 2 });
        assert_eq!(
            t.extra_records,
            vec!["192 FIDE_DOUBLEROUNDROBIN".to_owned()]
        );
        let swiss = SMALL.replace("XXR 3", "192 FIDE_DUTCH_2026\n142 7");
        assert_eq!(
            parse(&swiss).map(|t| t.format),
            Ok(Format::Swiss { rounds: 7 })
        );
        let triple = SMALL.replace("XXR 3", "192 BERGER_ROUNDROBIN_G3");
        assert!(err(&triple).message.contains("3 cycles"));
    }

    /// A `001` record with blank optional fields and the given round blocks.
    fn line(start: StartNo, name: &str, blocks: &[&str]) -> String {
        format!(
            "001 {start:>4}      {name:<33}{:44}{}\n",
            "",
            blocks.join("  ")
        )
    }

    #[test]
    fn withdrawals_detected_explicit_or_none() {
        let text = [
            "012 W\nXXR 3\n".to_owned(),
            line(1, "A", &["   2 w 1", "   2 w +", "   3 w 1"]),
            line(2, "B", &["   1 b 0", "   1 b -", "   4 w -"]),
            line(3, "C", &["   4 b 1", "0000 - H", "   1 b 0"]),
            line(4, "D", &["   3 w 0", "0000 - U", "   2 b +"]),
        ]
        .concat();
        let t = parse(&text).expect("valid");
        assert_eq!(
            t.withdrawals,
            vec![Withdrawal {
                player: 2,
                after_round: 1
            }]
        );
        let explicit = parse(&format!("{text}XXW 2 2\n")).expect("valid");
        assert_eq!(
            explicit.withdrawals,
            vec![Withdrawal {
                player: 2,
                after_round: 2
            }]
        );
        let none = parse(&format!("{text}XXW none\n")).expect("valid");
        assert!(none.withdrawals.is_empty());
        let written = write(&none);
        assert!(written.contains("\nXXW none\n"));
        assert_eq!(parse(&written), Ok(none));
    }

    #[test]
    fn unplayed_game_without_colours_gives_white_to_lower_number() {
        let text = [line(2, "B", &["   1 - -"]), line(1, "A", &["   2 - +"])].concat();
        let t = parse(&text).expect("valid");
        assert_eq!(
            t.rounds[0].games,
            vec![game(1, 2, GameResult::Forfeit(Some(Color::White)))]
        );
    }

    /// A random valid tournament, already in the normal form `parse` produces.
    fn random_tournament(seed: u64) -> Tournament {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move |m: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % m.max(1)
        };
        let pick = |i: u64, xs: &[&str]| xs[i as usize % xs.len()].to_owned();
        let n = 2 + next(11) as u32;
        let round_count = next(7) as usize;
        let players: Vec<Player> = (0..n)
            .map(|i| Player {
                start_no: 0,
                name: pick(
                    next(6),
                    &[
                        "Carlsen, Magnus",
                        "Ødegaard, Åse",
                        "Smith",
                        "李, 华",
                        "O'Neil, Tim",
                        "X",
                    ],
                ) + &i.to_string(),
                title: pick(next(5), &["", "GM", "IM", "g", "WFM"]),
                federation: pick(next(3), &["", "NOR", "ITA"]),
                fide_id: (next(2) == 0).then(|| next(100_000_000)),
                rating: (next(3) != 0).then(|| 1000 + next(1800) as u16),
                sex: pick(next(3), &["", "m", "w"]),
                birth: pick(next(3), &["", "1990/01/02", "1985"]),
                rated_games: (next(4) == 0).then(|| next(50) as u32),
                k_override: (next(4) == 0).then(|| [10, 20, 40][next(3) as usize]),
            })
            .collect();
        let mut t = Tournament::new(
            pick(next(3), &["Open", "Åpen turnering", ""]),
            Format::Swiss {
                rounds: round_count as u32 + next(3) as u32,
            },
            players,
        );
        t.info.kind = pick(
            next(3),
            &["Swiss", "Individual: Swiss-System", "Open Swiss"],
        );
        t.info.note = pick(next(3), &["", "one", "two\nlines"]);
        t.initial_colour = [None, Some(Color::White), Some(Color::Black)][next(3) as usize];
        let results = [
            GameResult::Pending,
            GameResult::Played(Outcome::WhiteWins),
            GameResult::Played(Outcome::Draw),
            GameResult::Played(Outcome::BlackWins),
            GameResult::PlayedUnrated(Outcome::WhiteWins),
            GameResult::PlayedUnrated(Outcome::Draw),
            GameResult::PlayedUnrated(Outcome::BlackWins),
            GameResult::Forfeit(Some(Color::White)),
            GameResult::Forfeit(Some(Color::Black)),
            GameResult::Forfeit(None),
        ];
        let byes = [
            ByeKind::PairingAllocated,
            ByeKind::Full,
            ByeKind::Half,
            ByeKind::Zero,
        ];
        for _ in 0..round_count {
            let mut order: Vec<StartNo> = (1..=n).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, next(i as u64 + 1) as usize);
            }
            let mut round = Round::default();
            let mut rest = order.as_slice();
            while let [a, b, tail @ ..] = rest {
                match next(6) {
                    0 => round.byes.push(Bye {
                        player: *a,
                        kind: byes[next(4) as usize],
                    }),
                    1 => {} // not in this round
                    _ => {
                        round.games.push(game(
                            *a,
                            *b,
                            results[next(results.len() as u64) as usize],
                        ));
                        rest = tail;
                        continue;
                    }
                }
                rest = &rest[1..];
            }
            if let [a] = rest {
                round.byes.push(Bye {
                    player: *a,
                    kind: byes[next(4) as usize],
                });
            }
            round.games.sort_by_key(|g| g.white.min(g.black));
            round.byes.sort_by_key(|b| b.player);
            t.rounds.push(round);
        }
        while t
            .rounds
            .last()
            .is_some_and(|r| r.games.is_empty() && r.byes.is_empty())
        {
            t.rounds.pop();
        }
        crate::berger::canonical_board_order(&mut t);
        t.withdrawals = match next(3) {
            0 => t.detect_withdrawals(),
            1 => Vec::new(),
            _ => {
                let limit = t.scheduled_rounds().max(t.rounds.len() as u32);
                if limit == 0 {
                    Vec::new()
                } else {
                    vec![Withdrawal {
                        player: 1 + next(u64::from(n)) as u32,
                        after_round: next(u64::from(limit)) as u32,
                    }]
                }
            }
        };
        t
    }

    /// Plausible `001` records, as a function of the start number to use unless the record
    /// brings its own (one in ten, to reach the start-number checks too).
    fn plausible_line() -> impl Strategy<Value = (Option<u32>, String)> {
        let random_block = (
            prop::sample::select(vec!["0000", "   1", "   2", "   3", "   4", "    ", "  9x"]),
            prop::sample::select(vec!['w', 'b', '-', ' ', 'x']),
            prop::sample::select(vec![
                '1', '0', '=', 'W', 'D', 'L', '+', '-', 'H', 'F', 'U', 'Z', ' ', '*', '?',
            ]),
        )
            .prop_map(|(o, c, r)| format!("{o} {c} {r}  "));
        // Mostly blocks that are valid on their own, so that whole files often parse.
        let block = prop_oneof![
            3 => prop::sample::select(vec!["0000 - U  ", "0000 - H  ", "0000 - Z  ", "          "])
                .prop_map(str::to_owned),
            1 => random_block,
        ];
        (
            prop::option::weighted(0.1, 0u32..8),
            "[ A-Za-zé,]{0,33}",
            prop::sample::select(vec![
                "2400", "    ", "   0", "1999", "2222", "2701", "2153", "24x0",
            ]),
            prop::sample::select(vec![" 1.5", "    ", " 2.0", "abcd"]),
            prop::collection::vec(block, 0..5),
        )
            .prop_map(|(start, name, rating, points, blocks)| {
                let rest = format!(
                    " m GM {name:<33} {rating} NOR    12345678 1990/01/02 {points}    0  {}",
                    blocks.concat()
                );
                (start, rest)
            })
    }

    proptest! {
        #[test]
        fn parse_never_panics(s in ".*") {
            let _ = parse(&s);
        }

        #[test]
        fn plausible_files_never_panic_and_round_trip(
            lines in prop::collection::vec(plausible_line(), 0..6),
            header in prop::sample::select(vec!["", "012 T\n", "092 Round Robin\n", "XXR 4\n", "XXW 1 1\n"]),
        ) {
            let records: Vec<String> = lines
                .iter()
                .enumerate()
                .map(|(i, (start, rest))| format!("001 {:>4}{rest}", start.unwrap_or(i as u32 + 1)))
                .collect();
            let text = format!("{header}{}", records.join("\n"));
            match parse(&text) {
                Ok(t) => {
                    let written = write(&t);
                    prop_assert_eq!(parse(&written), Ok(t));
                    prop_assert_eq!(write(&parse(&written).expect("re-read")), written);
                }
                // Errors point into the file.
                Err(e) => prop_assert!(e.line >= 1 && e.line <= text.lines().count().max(1)),
            }
        }

        #[test]
        fn any_header_records_round_trip(
            records in prop::collection::vec(
                (
                    prop::sample::select(vec![
                        "012", "022", "042", "062", "092", "112", "132", "142", "152", "192",
                        "013", "###", "XXC", "XXN", "XXR", "XXW", "XXK", "XXG", "ITA",
                    ]),
                    prop::sample::select(vec![
                        "", " ", "white1", "black1", "rank", "3", "1 1", "2 20", "none",
                        "Round Robin", "Double Round-Robin", "Swiss", "FIDE_DUTCH_2026",
                        "BERGER_ROUNDROBIN", "W", "B", "x\ry",
                    ]),
                    "[ -~é\r]{0,6}",
                ),
                0..8,
            ),
        ) {
            let headers: String = records
                .iter()
                .map(|(code, value, tail)| format!("{code} {value}{tail}\n"))
                .collect();
            let text = format!("{headers}{SMALL}");
            if let Ok(t) = parse(&text) {
                let written = write(&t);
                prop_assert_eq!(parse(&written), Ok(t), "{}", written);
            }
        }

        #[test]
        fn random_tournaments_round_trip(seed in any::<u64>()) {
            let t = random_tournament(seed);
            prop_assert_eq!(t.validate(), Ok(()));
            let written = write(&t);
            let back = parse(&written);
            prop_assert_eq!(back.as_ref(), Ok(&t), "{}", written);
            prop_assert_eq!(write(&t), written);
        }
    }
}
