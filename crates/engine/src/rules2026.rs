//! The event rules that TRF-2026 carries beyond results: the point system (`162`), the
//! acceleration (`192 …_BAKU`, `250`) and the prohibited pairings (`260`).
//!
//! The event keeps these as their TRF-2026 records in [`Tournament::extra_records`] (like the
//! tie-break list's `XXT`), so that a file exports exactly as it was read and a JSON save keeps
//! them without a new field (older saves load unchanged). The typed views here are what the
//! pairing engine, the standings and the app read; the setters rewrite the records.
//!
//! Points are in tenths of a point ([`Tenths`]), the resolution of the TRF points columns:
//! the standard system is win 1.0 (10), draw 0.5 (5), loss 0.

use crate::model::{ByeKind, Color, Entry, GameResult, Outcome, StartNo, Tournament};
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

/// The record code of the point system.
const POINTS_RECORD: &str = "162";
const TYPE_RECORD: &str = "192";
const ACCELERATION_RECORD: &str = "250";
const PROHIBITED_RECORD: &str = "260";

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
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Acceleration {
    #[default]
    None,
    /// FIDE C.04.7 (Baku): `192 FIDE_DUTCH_2025_BAKU`.
    Baku,
    /// Explicit `250` records (they take precedence over the Baku code).
    Records(Vec<AccelerationRecord>),
}

/// Players of one group (a family, a club) who must not be paired with each other in rounds
/// `first_round..=last_round` (TRF-2026 `260`).
#[derive(Clone, Debug, PartialEq, Eq)]
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

fn value_of<'a>(record: &'a str, code: &str) -> Option<&'a str> {
    record
        .strip_prefix(code)
        .filter(|rest| rest.is_empty() || rest.starts_with(' '))
}

impl Tournament {
    /// The event's point system: its `162` record, else the standard one.
    pub fn point_system(&self) -> PointSystem {
        self.extra_records
            .iter()
            .find_map(|r| value_of(r, POINTS_RECORD))
            .and_then(|v| PointSystem::parse(v).ok())
            .unwrap_or_default()
    }

    /// Sets the point system (no `162` record for the standard one).
    pub fn set_point_system(&mut self, ps: PointSystem) {
        let at = self
            .extra_records
            .iter()
            .position(|r| value_of(r, POINTS_RECORD).is_some());
        self.extra_records
            .retain(|r| value_of(r, POINTS_RECORD).is_none());
        if !ps.is_standard() {
            let at = at.unwrap_or(self.extra_records.len());
            self.extra_records.insert(at, ps.record());
        }
    }

    /// A player's score with the event's point system (pending games count nothing).
    pub fn score(&self, player: StartNo) -> Tenths {
        let ps = self.point_system();
        (1..=self.rounds.len() as u32)
            .filter_map(|r| ps.points(self.entry(player, r)))
            .sum()
    }

    /// Every player's [`Tournament::score`] at once, in `players` order: the rounds walked
    /// once ([`Tournament::entries`]) and the `162` record parsed once.
    pub fn scores(&self) -> Vec<Tenths> {
        let ps = self.point_system();
        self.entries(self.rounds.len() as u32)
            .iter()
            .map(|row| ps.total(row))
            .collect()
    }

    /// The `192` tournament-type code, if the event has one.
    pub fn type_code(&self) -> Option<&str> {
        self.extra_records
            .iter()
            .find_map(|r| value_of(r, TYPE_RECORD))
            .map(str::trim)
    }

    /// The event's acceleration: `250` records when there are any, else Baku when the `192`
    /// code says so.
    pub fn acceleration(&self) -> Acceleration {
        let records: Vec<AccelerationRecord> = self
            .extra_records
            .iter()
            .filter(|r| value_of(r, ACCELERATION_RECORD).is_some())
            .filter_map(|r| AccelerationRecord::parse(r).ok())
            .collect();
        if !records.is_empty() {
            return Acceleration::Records(records);
        }
        match self.type_code() {
            Some(code) if code.to_ascii_uppercase().ends_with("_BAKU") => Acceleration::Baku,
            _ => Acceleration::None,
        }
    }

    /// Turns Baku acceleration on or off (the `192` code; a Swiss without one gets
    /// `FIDE_DUTCH_2025` or `FIDE_DUTCH_2025_BAKU`). Explicit `250` records are left alone.
    pub fn set_baku(&mut self, on: bool) {
        let base = self
            .type_code()
            .map(|c| {
                let up = c.to_ascii_uppercase();
                up.strip_suffix("_BAKU")
                    .map_or(c.to_owned(), |b| b.to_owned())
            })
            .filter(|c| !c.is_empty())
            .unwrap_or_else(|| "FIDE_DUTCH_2025".to_owned());
        let code = if on { format!("{base}_BAKU") } else { base };
        let record = format!("{TYPE_RECORD} {code}");
        match self
            .extra_records
            .iter()
            .position(|r| value_of(r, TYPE_RECORD).is_some())
        {
            Some(i) => self.extra_records[i] = record,
            None => self.extra_records.push(record),
        }
    }

    /// Virtual points of every player (by start number − 1) in `round`: what the acceleration
    /// adds to the score for pairing that round. Never counted in standings.
    pub fn virtual_points(&self, round: u32) -> Vec<Tenths> {
        let n = self.players.len();
        let mut out = vec![0; n];
        match self.acceleration() {
            Acceleration::None => {}
            Acceleration::Records(records) => {
                for r in records
                    .iter()
                    .filter(|r| (r.first_round..=r.last_round).contains(&round))
                {
                    for p in r.first_player..=r.last_player.min(n as u32) {
                        out[p as usize - 1] = r.points;
                    }
                }
            }
            Acceleration::Baku => {
                let ps = self.point_system();
                let total = self.scheduled_rounds();
                if total == 0 || round == 0 {
                    return out;
                }
                // As the reference engine (bbpPairings) applies C.04.7: the first half of the
                // players by pairing number (rounded up) are group A; rounds 1 … ⌈(R−1)/2⌉+…:
                // the first ⌊(R−1)/2⌋/2 + 1 rounds give a win's points, the rounds up to
                // ⌊(R−1)/2⌋ + 1 a draw's.
                let last = (total - 1) / 2;
                let last_full = last / 2;
                let index = round - 1;
                let points = if index <= last_full {
                    ps.win
                } else if index <= last {
                    ps.draw
                } else {
                    0
                };
                for v in out.iter_mut().take(n.div_ceil(2)) {
                    *v = points;
                }
            }
        }
        out
    }

    /// Why the event's point system cannot go with its acceleration, if it cannot: Baku gives
    /// a win's and a draw's points, so it needs a loss worth 0 and a win worth two draws.
    pub fn acceleration_problem(&self) -> Option<BakuPoints> {
        let ps = self.point_system();
        (self.acceleration() == Acceleration::Baku && (ps.loss != 0 || ps.draw * 2 != ps.win))
            .then_some(BakuPoints { points: ps })
    }

    /// The prohibited pairings (`260` records), in their order.
    pub fn prohibited_pairings(&self) -> Vec<Prohibited> {
        self.extra_records
            .iter()
            .filter_map(|r| value_of(r, PROHIBITED_RECORD))
            .filter_map(|v| Prohibited::parse(v).ok())
            .collect()
    }

    /// Replaces the prohibited pairings.
    pub fn set_prohibited_pairings(&mut self, groups: &[Prohibited]) {
        let at = self
            .extra_records
            .iter()
            .position(|r| value_of(r, PROHIBITED_RECORD).is_some());
        self.extra_records
            .retain(|r| value_of(r, PROHIBITED_RECORD).is_none());
        let at = at.unwrap_or(self.extra_records.len());
        for (i, g) in groups.iter().enumerate() {
            self.extra_records.insert(at + i, g.record());
        }
    }

    /// Checks a group before it is added: two or more different players of the event, rounds
    /// within the schedule, and a Swiss (a round-robin's pairings come from the Berger tables,
    /// which cannot steer round any pair).
    pub fn check_prohibited(&self, g: &Prohibited) -> Result<(), ProhibitedError> {
        if self.format.is_round_robin() {
            return Err(ProhibitedError::RoundRobin);
        }
        let n = self.players.len() as StartNo;
        if let Some(&p) = g.players.iter().find(|&&p| p == 0 || p > n) {
            return Err(ProhibitedError::NoSuchPlayer {
                player: p,
                players: n,
            });
        }
        let mut distinct = g.players.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() < 2 {
            return Err(ProhibitedError::OnePlayer);
        }
        let last = self.scheduled_rounds();
        if g.first_round == 0 || g.first_round > g.last_round || g.last_round > last {
            return Err(ProhibitedError::Rounds {
                rounds: last,
                first_round: g.first_round,
                last_round: g.last_round,
            });
        }
        Ok(())
    }

    /// Adds a prohibited-pairings group after [`Tournament::check_prohibited`].
    pub fn add_prohibited(&mut self, g: Prohibited) -> Result<(), ProhibitedError> {
        self.check_prohibited(&g)?;
        let mut groups = self.prohibited_pairings();
        groups.push(g);
        self.set_prohibited_pairings(&groups);
        Ok(())
    }

    /// Removes the `index`-th group (in [`Tournament::prohibited_pairings`] order).
    pub fn remove_prohibited(&mut self, index: usize) {
        let mut groups = self.prohibited_pairings();
        if index < groups.len() {
            groups.remove(index);
            self.set_prohibited_pairings(&groups);
        }
    }

    /// A player's score before `round` with the event's point system (rounds 1 … round − 1).
    pub fn score_before(&self, player: StartNo, round: u32) -> Tenths {
        let ps = self.point_system();
        (1..round)
            .filter_map(|r| match self.entry(player, r) {
                crate::model::Entry::Game { colour, result, .. } => ps.game(result, colour),
                crate::model::Entry::Bye(kind) => Some(ps.bye(kind)),
                crate::model::Entry::None => None,
            })
            .sum()
    }

    /// May `a` and `b` be paired in `round` under the prohibited pairings?
    pub fn prohibited(&self, a: StartNo, b: StartNo, round: u32) -> bool {
        self.prohibited_pairings()
            .iter()
            .any(|g| g.applies(round) && g.players.contains(&a) && g.players.contains(&b))
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

/// Why a prohibited-pairings group cannot be added to an event
/// ([`Tournament::check_prohibited`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProhibitedError {
    /// The event is a round-robin.
    RoundRobin,
    NoSuchPlayer {
        player: StartNo,
        players: StartNo,
    },
    /// Fewer than two different players.
    OnePlayer,
    /// Rounds outside `1..=rounds`, or the first after the last.
    Rounds {
        rounds: u32,
        first_round: u32,
        last_round: u32,
    },
}

/// Baku acceleration with a point system it cannot use: its virtual points are a win's and a
/// draw's, so a loss must be worth 0 and a win two draws ([`Tournament::acceleration_problem`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BakuPoints {
    /// The event's point system.
    pub points: PointSystem,
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

impl fmt::Display for ProhibitedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProhibitedError::RoundRobin => f.write_str(
                "a round-robin's pairings come from the FIDE Berger tables, where everyone meets \
                 everyone: prohibited pairings can only be honoured in a Swiss",
            ),
            ProhibitedError::NoSuchPlayer { player, players } => write!(
                f,
                "there is no player {player}; start numbers run 1–{players}"
            ),
            ProhibitedError::OnePlayer => f.write_str("name at least two different players"),
            ProhibitedError::Rounds {
                rounds,
                first_round,
                last_round,
            } => write!(
                f,
                "the rounds run from 1 to {rounds}, the first not after the last (got \
                 {first_round}–{last_round})"
            ),
        }
    }
}

impl std::error::Error for ProhibitedError {}

impl fmt::Display for BakuPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Baku acceleration needs a point system where a loss is worth 0 and a win two draws; \
             this event scores {}",
            self.points.label()
        )
    }
}

impl std::error::Error for BakuPoints {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Format, Player};

    #[test]
    fn point_system_reads_and_writes_the_fixed_columns() {
        let line = "162  W 3.0    D 1.0    L 0.0    Z 0.0    P 3.0";
        let ps = PointSystem::parse(&line[3..]).unwrap();
        assert_eq!(
            (ps.win, ps.draw, ps.loss, ps.zero, ps.pab),
            (30, 10, 0, 0, 30)
        );
        assert_eq!(ps.record(), line);
        assert_eq!(PointSystem::parse(" W 2.0 D 1.0").unwrap().pab, 20);
        assert!(PointSystem::parse(" W 1.0 D 2.0").is_err());
        assert!(PointSystem::parse(" X 1.0")
            .unwrap_err()
            .to_string()
            .contains("unknown"));
        assert!(PointSystem::parse(" W").is_err());
    }

    #[test]
    fn prohibited_and_acceleration_records_round_trip() {
        let line = "260   1   9   22   23   24";
        let p = Prohibited::parse(&line[3..]).unwrap();
        assert_eq!(p.players, vec![22, 23, 24]);
        assert_eq!(p.record(), line);
        assert!(Prohibited::parse(" 3 2 1 2").is_err());
        assert!(Prohibited::parse(" 1 2 1").is_err());
        let a = AccelerationRecord {
            points: 10,
            first_round: 1,
            last_round: 2,
            first_player: 1,
            last_player: 12,
        };
        assert_eq!(AccelerationRecord::parse(&a.record()), Ok(a));
    }

    #[test]
    fn prohibited_groups_are_checked_added_and_removed() {
        let players = (0..6).map(|_| Player::default()).collect();
        let mut t = Tournament::new("t", Format::Swiss { rounds: 5 }, players);
        let g = |first, last, players: &[u32]| Prohibited {
            first_round: first,
            last_round: last,
            players: players.to_vec(),
        };
        assert!(t
            .add_prohibited(g(1, 5, &[1, 7]))
            .unwrap_err()
            .to_string()
            .contains("no player 7"));
        assert!(t
            .add_prohibited(g(1, 5, &[2, 2]))
            .unwrap_err()
            .to_string()
            .contains("two different"));
        assert!(t
            .add_prohibited(g(2, 6, &[1, 2]))
            .unwrap_err()
            .to_string()
            .contains("1 to 5"));
        t.add_prohibited(g(1, 5, &[1, 2, 3])).unwrap();
        t.add_prohibited(g(2, 3, &[5, 6])).unwrap();
        assert!(t.prohibited(2, 3, 1) && t.prohibited(5, 6, 2) && !t.prohibited(5, 6, 4));
        t.remove_prohibited(0);
        assert_eq!(t.prohibited_pairings(), vec![g(2, 3, &[5, 6])]);
        let rr = Tournament::new(
            "r",
            Format::RoundRobin { cycles: 1 },
            (0..4).map(|_| Player::default()).collect(),
        );
        assert!(rr
            .check_prohibited(&g(1, 3, &[1, 2]))
            .unwrap_err()
            .to_string()
            .contains("Berger"));
        assert_eq!(show_short(30), "3");
        assert_eq!(show_short(25), "2.5");
    }

    #[test]
    fn baku_gives_the_top_half_a_win_then_a_draw() {
        let players = (0..9).map(|_| Player::default()).collect();
        let mut t = Tournament::new("t", Format::Swiss { rounds: 9 }, players);
        assert_eq!(t.virtual_points(1), vec![0; 9]);
        t.set_baku(true);
        assert_eq!(t.acceleration(), Acceleration::Baku);
        // 9 rounds: last accelerated round index 4, full points up to index 2.
        assert_eq!(t.virtual_points(1)[..6], [10, 10, 10, 10, 10, 0]);
        assert_eq!(t.virtual_points(3)[0], 10);
        assert_eq!(t.virtual_points(4)[0], 5);
        assert_eq!(t.virtual_points(5)[0], 5);
        assert_eq!(t.virtual_points(6)[0], 0);
        t.set_baku(false);
        assert_eq!(t.type_code(), Some("FIDE_DUTCH_2025"));
        assert_eq!(t.acceleration(), Acceleration::None);
    }
}
