//! The event's rules beyond its format, as typed values: the point system (TRF-2026 `162`),
//! the pairing system's code (`192`) with Baku acceleration, explicit accelerations (`250`),
//! prohibited pairings (`260`) and the tie-break list (`202`). Each record's reader is the
//! value's validating constructor; the TRF and JSON readers and writers translate to and from
//! [`Rules`].
//!
//! Points are in tenths of a point ([`Tenths`]), the resolution of the TRF points columns:
//! the standard system is win 1.0 (10), draw 0.5 (5), loss 0.

use super::tiebreak_list::Tiebreak;
use super::{ByeKind, Color, Entry, GameResult, Outcome, StartNo};
use std::fmt;

/// A score in tenths of a point: `Tenths(35)` is 3.5 points.
pub type Tenths = u32;

/// The points of each kind of result (TRF-2026 `162`), in tenths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PointSystem {
    /// `W`: a win, over the board or by forfeit; also a full-point bye (`F`).
    pub win: Tenths,
    /// `D`: a draw; also a half-point bye (`H`).
    pub draw: Tenths,
    /// `L`: a loss over the board.
    pub loss: Tenths,
    /// `Z`: a zero-point bye, an absence and a forfeit loss.
    pub zero: Tenths,
    /// `P`: the pairing-allocated bye (the win's points unless given).
    pub pab: Tenths,
}

impl Default for PointSystem {
    fn default() -> PointSystem {
        PointSystem::STANDARD
    }
}

/// The TRF-2026 record codes of the rules.
pub const POINTS_RECORD: &str = "162";
pub const TYPE_RECORD: &str = "192";
pub const ACCELERATION_RECORD: &str = "250";
pub const PROHIBITED_RECORD: &str = "260";
/// Our record of the tie-break list in TRF16 (TRF-2026 writes `202`): `XXT DE, SB`.
pub const TIEBREAK_RECORD: &str = "XXT";
/// The suffix of a `192` code that asks for Baku acceleration (C.04.5.1, formerly C.04.7).
const BAKU_SUFFIX: &str = "_BAKU";
/// The `192` code of a Swiss that Crosstable creates (TRF-2026's code for the Dutch system as
/// reissued in 2026; `_BAKU` is added when Baku acceleration is on). Codes read from a file
/// (`FIDE_DUTCH_2025`, `FIDE_DUTCH_2025_BAKU`, …) are kept as written.
pub const DEFAULT_SWISS_CODE: &str = "FIDE_DUTCH_2026";

impl PointSystem {
    /// 1 – ½ – 0, the pairing-allocated bye worth a win.
    pub const STANDARD: PointSystem = PointSystem {
        win: 10,
        draw: 5,
        loss: 0,
        zero: 0,
        pab: 10,
    };

    pub fn is_standard(&self) -> bool {
        *self == PointSystem::STANDARD
    }

    /// Reads the value of a `162` record: pairs of a letter (`W D L Z P`) and a number of
    /// points, e.g. `W 3.0    D 1.0    L 0.0    Z 0.0    P 3.0`. Letters not given keep the
    /// standard value (`P` follows `W`).
    pub fn parse(value: &str) -> Result<PointSystem, RecordError> {
        let mut ps = PointSystem::STANDARD;
        let mut pab = None;
        let mut it = value.split_whitespace();
        while let Some(letter) = it.next() {
            let Some(number) = it.next() else {
                return Err(RecordError::PointsMissing {
                    letter: letter.to_owned(),
                });
            };
            let points = parse_points(number).ok_or_else(|| RecordError::PointsNotANumber {
                letter: letter.to_owned(),
                found: number.to_owned(),
            })?;
            match letter.to_ascii_uppercase().as_str() {
                "W" => ps.win = points,
                "D" => ps.draw = points,
                "L" => ps.loss = points,
                "Z" => ps.zero = points,
                "P" => pab = Some(points),
                other => {
                    return Err(RecordError::UnknownLetter {
                        letter: other.to_owned(),
                    })
                }
            }
        }
        ps.pab = pab.unwrap_or(ps.win);
        if ps.loss > ps.draw || ps.draw > ps.win {
            return Err(RecordError::PointsOrder {
                win: ps.win,
                draw: ps.draw,
                loss: ps.loss,
            });
        }
        Ok(ps)
    }

    /// The `162` record, in the fixed columns of TRF-2026 (a letter every 9 columns).
    pub fn record(&self) -> String {
        let mut out = String::from(POINTS_RECORD);
        out.push(' ');
        for (letter, points) in [
            ('W', self.win),
            ('D', self.draw),
            ('L', self.loss),
            ('Z', self.zero),
            ('P', self.pab),
        ] {
            out.push_str(&format!(" {letter}{:>4}   ", show(points)));
        }
        out.trim_end().to_owned()
    }

    /// Points of `result` for the player with `colour`; `None` while the game is pending.
    pub fn game(&self, result: GameResult, colour: Color) -> Option<Tenths> {
        let won = |winner: Color| {
            if winner == colour {
                self.win
            } else {
                self.loss
            }
        };
        match result {
            GameResult::Pending => None,
            GameResult::Played(o) | GameResult::PlayedUnrated(o) => Some(match o {
                Outcome::WhiteWins => won(Color::White),
                Outcome::BlackWins => won(Color::Black),
                Outcome::Draw => self.draw,
            }),
            GameResult::Forfeit(Some(w)) if w == colour => Some(self.win),
            GameResult::Forfeit(_) => Some(self.zero),
        }
    }

    /// Points of a round without an opponent.
    pub fn bye(&self, kind: ByeKind) -> Tenths {
        match kind {
            ByeKind::PairingAllocated => self.pab,
            ByeKind::Full => self.win,
            ByeKind::Half => self.draw,
            ByeKind::Zero => self.zero,
        }
    }

    /// Points of one round's entry for its player; `None` for a pending game or no entry.
    pub fn points(&self, entry: Entry) -> Option<Tenths> {
        match entry {
            Entry::Game { colour, result, .. } => self.game(result, colour),
            Entry::Bye(kind) => Some(self.bye(kind)),
            Entry::None => None,
        }
    }

    /// A player's total over their entries (one per round).
    pub fn total(&self, entries: &[Entry]) -> Tenths {
        entries.iter().filter_map(|&e| self.points(e)).sum()
    }

    /// Can Baku acceleration go with this point system? Its virtual points are a win's and a
    /// draw's, so it needs a loss worth 0 and a win worth two draws.
    pub fn allows_baku(&self) -> bool {
        self.loss == 0 && self.draw * 2 == self.win
    }

    /// The most points one round can give (for "more than half the maximum").
    pub fn most(&self) -> Tenths {
        self.win.max(self.draw)
    }

    /// "3/1/0" style label: win/draw/loss.
    pub fn label(&self) -> String {
        format!("{}/{}/{}", show(self.win), show(self.draw), show(self.loss))
    }
}

/// `3.0` → 30 tenths; `1`, `0.5`, `.5` read too.
pub fn parse_points(text: &str) -> Option<Tenths> {
    let text = text.trim();
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() && frac.is_empty() {
        return None;
    }
    let whole: u32 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let tenth: u32 = match frac.len() {
        0 => 0,
        1 => frac.parse().ok()?,
        _ if frac[1..].bytes().all(|b| b == b'0') => frac[..1].parse().ok()?,
        _ => return None,
    };
    whole.checked_mul(10)?.checked_add(tenth)
}

/// Tenths as TRF writes points: `30` → `3.0`.
pub fn show(t: Tenths) -> String {
    format!("{}.{}", t / 10, t % 10)
}

/// Tenths as the app shows points: `30` → `3`, `25` → `2.5` (like [`crate::HalfPoints`]).
pub fn show_short(t: Tenths) -> String {
    if t.is_multiple_of(10) {
        (t / 10).to_string()
    } else {
        show(t)
    }
}

/// An explicit acceleration (`250`): players `first_player..=last_player` get `points` virtual
/// points in rounds `first_round..=last_round`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AccelerationRecord {
    pub points: Tenths,
    pub first_round: u32,
    pub last_round: u32,
    pub first_player: StartNo,
    pub last_player: StartNo,
}

impl AccelerationRecord {
    /// Reads the value of a `250` record: `[match points] game points, first round, last round,
    /// first player, last player` (match points, for team events, must be blank).
    pub fn parse(line: &str) -> Result<AccelerationRecord, RecordError> {
        let chars: Vec<char> = line.chars().collect();
        let field = |a: usize, b: usize| -> String {
            chars
                .get(a..b.min(chars.len()))
                .map(|c| c.iter().collect::<String>())
                .unwrap_or_default()
                .trim()
                .to_owned()
        };
        let bad = RecordError::Acceleration;
        if !field(4, 8).is_empty() && parse_points(&field(4, 8)) != Some(0) {
            return Err(bad(AccelerationProblem::MatchPoints));
        }
        let points = parse_points(&field(9, 13)).ok_or(bad(AccelerationProblem::NoGamePoints))?;
        let num = |a, b, what: AccelerationField| -> Result<u32, RecordError> {
            field(a, b)
                .parse::<u32>()
                .ok()
                .filter(|&x| x > 0)
                .ok_or(bad(AccelerationProblem::Missing(what)))
        };
        let r = AccelerationRecord {
            points,
            first_round: num(14, 17, AccelerationField::FirstRound)?,
            last_round: num(18, 21, AccelerationField::LastRound)?,
            first_player: num(22, 26, AccelerationField::FirstPlayer)?,
            last_player: num(27, 31, AccelerationField::LastPlayer)?,
        };
        if r.first_round > r.last_round || r.first_player > r.last_player {
            return Err(bad(AccelerationProblem::Order));
        }
        Ok(r)
    }

    pub fn record(&self) -> String {
        format!(
            "{ACCELERATION_RECORD}      {:>4} {:>3} {:>3} {:>4} {:>4}",
            show(self.points),
            self.first_round,
            self.last_round,
            self.first_player,
            self.last_player
        )
    }
}

/// How the first rounds are accelerated (virtual points for pairing only, never in standings).
/// Borrowed from the event's [`Rules`]: the pairing reads it once per round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Acceleration<'a> {
    #[default]
    None,
    /// FIDE C.04.5.1 (Baku, formerly C.04.7): a `192` code ending in `_BAKU`
    /// (`FIDE_DUTCH_2026_BAKU`, `FIDE_DUTCH_2025_BAKU`).
    Baku,
    /// Explicit `250` records (they take precedence over the Baku code).
    Records(&'a [AccelerationRecord]),
}

/// Which players make up Baku's group A (GA), the players who get virtual points.
///
/// C.04.5.1 (Baku Acceleration, formerly C.04.7), "Initial Groups Division": "The first group
/// (GA) shall contain the first half of the players, rounded up to the nearest even number",
/// with the note: "if there are 161 players in the tournament, the nearest even number that
/// comprises the first half of the players (i.e. 80.5) is 82. The formula 2 * Q (2 times Q),
/// where Q is the number of players divided by 4 and rounded upwards, may be helpful".
/// bbpPairings 6.0.0 takes the first ⌈N/2⌉ players instead; the two differ when N mod 4 is 1
/// or 2 (docs/fide-conformance.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BakuGroupA {
    /// As the text writes it: 2·⌈N/4⌉ players (161 → 82).
    #[default]
    HalfRoundedUpToEven,
    /// As bbpPairings 6.0.0 applies it: ⌈N/2⌉ players (161 → 81), for checking files made
    /// with it.
    HalfRoundedUp,
}

impl BakuGroupA {
    /// How many of `players` (N) are in group A; never more than N.
    pub fn size(self, players: usize) -> usize {
        match self {
            BakuGroupA::HalfRoundedUpToEven => (2 * players.div_ceil(4)).min(players),
            BakuGroupA::HalfRoundedUp => players.div_ceil(2),
        }
    }
}

/// Players of one group (a family, a club) who must not be paired with each other in rounds
/// `first_round..=last_round` (TRF-2026 `260`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Prohibited {
    pub first_round: u32,
    pub last_round: u32,
    pub players: Vec<StartNo>,
}

impl Prohibited {
    /// Reads the value of a `260` record: first round, last round, then two or more start
    /// numbers.
    pub fn parse(value: &str) -> Result<Prohibited, RecordError> {
        let nums: Result<Vec<u32>, _> = value.split_whitespace().map(str::parse::<u32>).collect();
        let bad = RecordError::Prohibited;
        let nums = nums.map_err(|_| bad(ProhibitedProblem::NotWholeNumbers))?;
        if nums.len() < 4 {
            return Err(bad(ProhibitedProblem::TooShort));
        }
        let p = Prohibited {
            first_round: nums[0],
            last_round: nums[1],
            players: nums[2..].to_vec(),
        };
        if p.first_round == 0 || p.first_round > p.last_round {
            return Err(bad(ProhibitedProblem::Rounds));
        }
        if p.players.contains(&0) {
            return Err(bad(ProhibitedProblem::ZeroPlayer));
        }
        Ok(p)
    }

    pub fn record(&self) -> String {
        let mut out = format!(
            "{PROHIBITED_RECORD} {:>3} {:>3}",
            self.first_round, self.last_round
        );
        for p in &self.players {
            out.push_str(&format!(" {p:>4}"));
        }
        out
    }

    /// Does this group apply in `round`?
    pub fn applies(&self, round: u32) -> bool {
        (self.first_round..=self.last_round).contains(&round)
    }
}

impl fmt::Display for Prohibited {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.players.iter().map(u32::to_string).collect();
        write!(
            f,
            "players {} not paired together in rounds {}–{}",
            names.join(", "),
            self.first_round,
            self.last_round
        )
    }
}

/// Why a TRF-2026 `162` (point system), `250` (acceleration) or `260` (prohibited pairings)
/// record cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// `162`: a result letter without points after it.
    PointsMissing { letter: String },
    /// `162`: points that are not a number such as `1.0`.
    PointsNotANumber { letter: String, found: String },
    /// `162`: a letter other than `W D L Z P` (upper case).
    UnknownLetter { letter: String },
    /// `162`: a win worth less than a draw, or a draw less than a loss.
    PointsOrder {
        win: Tenths,
        draw: Tenths,
        loss: Tenths,
    },
    /// `250`.
    Acceleration(AccelerationProblem),
    /// `260`.
    Prohibited(ProhibitedProblem),
}

/// What is wrong with a `250` record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccelerationProblem {
    /// Match points (columns 5–8) given: they are for team events.
    MatchPoints,
    NoGamePoints,
    Missing(AccelerationField),
    /// The first round or player comes after the last.
    Order,
}

/// A field of a `250` record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccelerationField {
    FirstRound,
    LastRound,
    FirstPlayer,
    LastPlayer,
}

/// What is wrong with a `260` record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProhibitedProblem {
    NotWholeNumbers,
    /// Fewer than two rounds and two players.
    TooShort,
    /// Round 0, or the first round after the last.
    Rounds,
    /// Start number 0.
    ZeroPlayer,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::PointsMissing { letter } => write!(
                f,
                "162: \"{letter}\" has no points after it; write e.g. \"W 3.0\""
            ),
            RecordError::PointsNotANumber { letter, found } => write!(
                f,
                "162: \"{found}\" after {letter} is not a number of points such as 1.0"
            ),
            RecordError::UnknownLetter { letter } => write!(
                f,
                "162: unknown result letter \"{letter}\"; the point system knows W (win), D \
                 (draw), L (loss), Z (zero-point bye, forfeit loss) and P (pairing-allocated bye)"
            ),
            RecordError::PointsOrder { win, draw, loss } => write!(
                f,
                "162: a win ({}) must be worth at least a draw ({}), and a draw at least a loss \
                 ({})",
                show(*win),
                show(*draw),
                show(*loss)
            ),
            RecordError::Acceleration(problem) => write!(
                f,
                "250: {problem}; the record is \"250 MMMM GGGG RRR RRR PPPP PPPP\" (match points \
                 blank, game points, first and last round, first and last player)"
            ),
            RecordError::Prohibited(problem) => write!(
                f,
                "260: {problem}; the record is \"260 FFF LLL PPPP PPPP …\" (first round, last \
                 round, then the start numbers of two or more players)"
            ),
        }
    }
}

impl std::error::Error for RecordError {}

impl fmt::Display for AccelerationProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AccelerationProblem::MatchPoints => {
                f.write_str("match points (columns 5–8) are for team events and must be blank")
            }
            AccelerationProblem::NoGamePoints => f.write_str("no game points"),
            AccelerationProblem::Missing(field) => write!(
                f,
                "no {}",
                match field {
                    AccelerationField::FirstRound => "first round",
                    AccelerationField::LastRound => "last round",
                    AccelerationField::FirstPlayer => "first player",
                    AccelerationField::LastPlayer => "last player",
                }
            ),
            AccelerationProblem::Order => {
                f.write_str("the first round or player comes after the last")
            }
        }
    }
}

impl fmt::Display for ProhibitedProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ProhibitedProblem::NotWholeNumbers => "only whole numbers are allowed",
            ProhibitedProblem::TooShort => "it needs two rounds and at least two players",
            ProhibitedProblem::Rounds => {
                "the rounds run from 1, and the first is not after the last"
            }
            ProhibitedProblem::ZeroPlayer => "start numbers run from 1",
        })
    }
}

/// The event's rules beyond its format and schedule, each validated when it was read or set.
/// A default value is the standard event: 1-½-0, no acceleration, no prohibited pairing, the
/// preset tie-breaks of its system.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Rules {
    /// The point system (`162`).
    #[serde(default, skip_serializing_if = "PointSystem::is_standard")]
    pub points: PointSystem,
    /// The pairing system's code (`192`) without a Baku suffix, as written (e.g.
    /// `FIDE_DUTCH_2025`); `None` when the event has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system_code: Option<String>,
    /// Baku acceleration (the `192` code ends in `_BAKU`). Explicit
    /// [`accelerations`](Rules::accelerations) take precedence.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub baku: bool,
    /// Explicit accelerations (`250`), in their order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accelerations: Vec<AccelerationRecord>,
    /// Prohibited pairings (`260`), in their order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prohibited: Vec<Prohibited>,
    /// The tie-break list after points chosen for the event (`202`, our `XXT`); `None` uses
    /// the preset of the event's system. An empty list is a choice: points only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiebreaks: Option<Vec<Tiebreak>>,
}

impl Rules {
    pub fn is_standard(&self) -> bool {
        *self == Rules::default()
    }

    /// How the first rounds are accelerated: the explicit records when there are any, else
    /// Baku when the code says so.
    pub fn acceleration(&self) -> Acceleration<'_> {
        if !self.accelerations.is_empty() {
            Acceleration::Records(&self.accelerations)
        } else if self.baku {
            Acceleration::Baku
        } else {
            Acceleration::None
        }
    }

    /// The `192` code to write: the system's code with `_BAKU` when Baku is on (a Swiss with
    /// Baku and no code of its own gets [`DEFAULT_SWISS_CODE`]).
    pub fn type_code(&self) -> Option<String> {
        match (&self.system_code, self.baku) {
            (Some(code), false) => Some(code.clone()),
            (Some(code), true) => Some(format!("{code}{BAKU_SUFFIX}")),
            (None, true) => Some(format!("{DEFAULT_SWISS_CODE}{BAKU_SUFFIX}")),
            (None, false) => None,
        }
    }

    /// Reads a `192` code into [`Rules::system_code`] and [`Rules::baku`].
    pub fn set_type_code(&mut self, code: &str) {
        let code = code.trim();
        let upper = code.to_ascii_uppercase();
        self.baku = upper.ends_with(BAKU_SUFFIX);
        let base = if self.baku {
            &code[..code.len() - BAKU_SUFFIX.len()]
        } else {
            code
        };
        self.system_code = (!base.is_empty()).then(|| base.to_owned());
    }

    /// Takes the rule records out of `records` (record lines as a TRF file has them, e.g.
    /// `162 W 3.0 D 1.0`) into typed rules; every other line stays, in its order. The first
    /// `162`, `192` and `XXT` count (as they did when the model kept the records: a later one is
    /// kept, not read; a `162` of the standard system stays, as the file spelled it); every
    /// `250` and `260`. A line that does not read stays in `records`
    /// verbatim (the TRF reader refuses unreadable `162`, `250` and `260` before this).
    ///
    /// This is how a TRF file's records, and a version-1 JSON save (which kept the rules as
    /// record text), become typed rules: one reading for both.
    pub fn lift(records: &mut Vec<String>) -> Rules {
        Rules::lift_for(records, false)
    }

    /// [`Rules::lift`] for a team tournament's records when `team`: its `250` and `260` are by
    /// team, not the players' acceleration and prohibited pairings, so they stay in `records`.
    pub fn lift_for(records: &mut Vec<String>, team: bool) -> Rules {
        let mut rules = Rules::default();
        let (mut points, mut code, mut tiebreaks) = (false, false, false);
        records.retain(|line| {
            let taken = if let Some(v) = value_of(line, POINTS_RECORD) {
                // The standard system stays a line of text, so that a file that spells it out
                // gets it back (the writer writes a `162` only for another system).
                !std::mem::replace(&mut points, true)
                    && PointSystem::parse(v)
                        .map(|ps| rules.points = ps)
                        .is_ok_and(|()| !rules.points.is_standard())
            } else if let Some(v) = value_of(line, TYPE_RECORD).filter(|v| !v.trim().is_empty()) {
                // (A blank `192` names no system: it stays a line of text, and the first
                // `192` with a code is the code wherever the blank one stands.)
                !std::mem::replace(&mut code, true) && {
                    rules.set_type_code(v);
                    true
                }
            } else if team
                && (value_of(line, ACCELERATION_RECORD).is_some()
                    || value_of(line, PROHIBITED_RECORD).is_some())
            {
                false
            } else if value_of(line, ACCELERATION_RECORD).is_some() {
                AccelerationRecord::parse(line)
                    .map(|r| rules.accelerations.push(r))
                    .is_ok()
            } else if let Some(v) = value_of(line, PROHIBITED_RECORD) {
                Prohibited::parse(v)
                    .map(|p| rules.prohibited.push(p))
                    .is_ok()
            } else if let Some(v) = value_of(line, TIEBREAK_RECORD) {
                !std::mem::replace(&mut tiebreaks, true)
                    && Tiebreak::parse_list(v)
                        .map(|list| rules.tiebreaks = Some(list))
                        .is_ok()
            } else {
                false
            };
            !taken
        });
        rules
    }
}

/// The value of a record line of `code` (`162 W 3.0` → ` W 3.0`), if the line is one.
pub fn value_of<'a>(record: &'a str, code: &str) -> Option<&'a str> {
    record
        .strip_prefix(code)
        .filter(|rest| rest.is_empty() || rest.starts_with(' '))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[&str]) -> Vec<String> {
        text.iter().map(|s| s.to_string()).collect()
    }

    /// The first `162`, `192` and `XXT` decide (a later one stays as text, as when the model kept
    /// the records); every `250` and `260` counts; other records stay, in their order.
    #[test]
    fn lift_takes_the_rule_records_and_keeps_the_rest() {
        let acceleration = AccelerationRecord {
            points: 10,
            first_round: 1,
            last_round: 2,
            first_player: 1,
            last_player: 10,
        };
        let mut records = lines(&[
            "### a comment",
            "162  W 3.0    D 1.0    L 0.0",
            "XXT DE, SB",
            "192 FIDE_DUTCH_2026_baku",
            "162  W 2.0    D 1.0    L 0.0",
            &acceleration.record(),
            "260   1   5    1    2",
            "XXT WIN",
            "260   2   3    4    5    6",
            "172 FIDE",
        ]);
        let rules = Rules::lift(&mut records);
        assert_eq!(rules.points.win, 30);
        assert_eq!(rules.system_code.as_deref(), Some("FIDE_DUTCH_2026"));
        assert!(rules.baku);
        assert_eq!(rules.accelerations, [acceleration]);
        assert_eq!(rules.prohibited.len(), 2);
        assert_eq!(
            rules.tiebreaks,
            Some(Tiebreak::parse_list("DE, SB").unwrap())
        );
        assert_eq!(
            records,
            lines(&[
                "### a comment",
                "162  W 2.0    D 1.0    L 0.0",
                "XXT WIN",
                "172 FIDE"
            ])
        );
        // Records of both kinds: explicit accelerations take precedence over Baku.
        assert!(matches!(rules.acceleration(), Acceleration::Records(_)));
        assert_eq!(rules.type_code().as_deref(), Some("FIDE_DUTCH_2026_BAKU"));
    }

    #[test]
    fn an_unreadable_tiebreak_list_stays_text_and_the_preset_applies() {
        let mut records = lines(&["XXT DE, NOPE", "XXT SB"]);
        let rules = Rules::lift(&mut records);
        assert_eq!(rules.tiebreaks, None);
        assert_eq!(records, lines(&["XXT DE, NOPE", "XXT SB"]));
        assert!(Rules::lift(&mut Vec::new()).is_standard());
    }

    #[test]
    fn the_type_code_splits_into_system_and_baku() {
        let mut r = Rules::default();
        r.set_type_code(" FIDE_DUTCH_2025 ");
        assert_eq!(
            (r.system_code.as_deref(), r.baku),
            (Some("FIDE_DUTCH_2025"), false)
        );
        r.set_type_code("_BAKU");
        assert_eq!((r.system_code.as_deref(), r.baku), (None, true));
        assert_eq!(r.type_code().as_deref(), Some("FIDE_DUTCH_2026_BAKU"));
    }

    /// Issue 29: both the 2025 codes (bbpPairings 6.0.0's) and TRF-2026's are read, Baku from
    /// the suffix; a code read is written back as it was (a file stays faithful), and only an
    /// event without a code of its own gets the 2026 one.
    #[test]
    fn the_2025_and_2026_dutch_codes_are_read_and_kept() {
        for (code, system, baku) in [
            ("FIDE_DUTCH_2025", "FIDE_DUTCH_2025", false),
            ("FIDE_DUTCH_2025_BAKU", "FIDE_DUTCH_2025", true),
            ("FIDE_DUTCH_2026", "FIDE_DUTCH_2026", false),
            ("FIDE_DUTCH_2026_BAKU", "FIDE_DUTCH_2026", true),
        ] {
            let mut r = Rules::default();
            r.set_type_code(code);
            assert_eq!((r.system_code.as_deref(), r.baku), (Some(system), baku));
            assert_eq!(r.type_code().as_deref(), Some(code));
            assert_eq!(r.acceleration() == Acceleration::Baku, baku, "{code}");
        }
        let baku_only = Rules {
            baku: true,
            ..Rules::default()
        };
        assert_eq!(
            baku_only.type_code().as_deref(),
            Some("FIDE_DUTCH_2026_BAKU")
        );
        assert_eq!(Rules::default().type_code(), None);
    }

    /// C.04.5.1's example (161 players → 82 in group A) and the sizes where the text and
    /// bbpPairings 6.0.0 differ (N mod 4 = 1 or 2).
    #[test]
    fn baku_group_a_is_half_rounded_up_to_even() {
        let text = BakuGroupA::HalfRoundedUpToEven;
        let bbp = BakuGroupA::HalfRoundedUp;
        assert_eq!(BakuGroupA::default(), text);
        assert_eq!((text.size(161), bbp.size(161)), (82, 81));
        for (n, by_text, by_bbp) in [
            (1, 1, 1),
            (2, 2, 1),
            (3, 2, 2),
            (4, 2, 2),
            (5, 4, 3),
            (9, 6, 5),
            (10, 6, 5),
            (11, 6, 6),
            (12, 6, 6),
            (162, 82, 81),
            (163, 82, 82),
            (164, 82, 82),
        ] {
            assert_eq!((text.size(n), bbp.size(n)), (by_text, by_bbp), "N = {n}");
        }
        for n in 0..1000 {
            let a = text.size(n);
            assert!(a.is_multiple_of(2) || a == n, "N = {n}: {a} is odd");
            assert!(a >= n.div_ceil(2) && a <= n, "N = {n}: {a}");
            assert_eq!(
                a == bbp.size(n),
                n % 4 == 0 || n % 4 == 3 || n < 2,
                "N = {n}"
            );
        }
    }
}
