//! The tournament model: players, format, rounds of pairings with their results, withdrawals.
//!
//! Scores that the rules compare exactly are kept as integer half-points ([`HalfPoints`]);
//! only imputed values (see `impute`) are real numbers.

use serde::{Deserialize, Serialize};
use std::fmt;

pub mod info;
pub mod per_player;
pub mod rules;
pub mod tiebreak_list;

pub use info::{Info, RatingType};
pub use per_player::PerPlayer;
pub use rules::Rules;
pub use tiebreak_list::System;

/// A player's start (pairing) number, 1-based, as in TRF column 5–8.
pub type StartNo = u32;

/// Most players an event created or edited here may have (a large Swiss open).
pub const MAX_PLAYERS: usize = 1000;
/// Most players of a round-robin created here: 100 players already make 99 rounds.
pub const MAX_ROUND_ROBIN_PLAYERS: usize = 100;

/// Characters of a name a TRF player line holds (columns 15–47): the TRF writer cuts longer
/// names at this width, and the app warns about them before an export.
pub const TRF_NAME_WIDTH: usize = 33;

/// The players whose names a TRF export shortens (longer than [`TRF_NAME_WIDTH`]), so that the
/// app can say so before the file leaves.
pub fn names_shortened_in_trf(t: &Tournament) -> Vec<StartNo> {
    t.players
        .iter()
        .filter(|p| p.name.trim().chars().count() > TRF_NAME_WIDTH)
        .map(|p| p.start_no)
        .collect()
}

/// The ratings a player entered here may have: below 100 or above 3500 is a typo, not a
/// rating (FIDE's list runs from 1400 up, national lists go lower).
pub const RATINGS: std::ops::RangeInclusive<u16> = 100..=3500;

/// The most players an event of `format` may have: [`MAX_ROUND_ROBIN_PLAYERS`] for a
/// round-robin, else [`MAX_PLAYERS`].
pub fn max_players(format: Format) -> usize {
    match format {
        Format::RoundRobin { .. } => MAX_ROUND_ROBIN_PLAYERS,
        Format::Swiss { .. } => MAX_PLAYERS,
    }
}

/// A rating outside [`RATINGS`], or text that is not a number.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RatingError {
    /// The text as entered (trimmed).
    pub text: String,
}

impl fmt::Display for RatingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the rating “{}” should be a number from {} to {}",
            self.text,
            RATINGS.start(),
            RATINGS.end()
        )
    }
}

impl std::error::Error for RatingError {}

/// A rating as typed: blank is unrated (`None`), else a whole number in [`RATINGS`].
pub fn parse_rating(text: &str) -> Result<Option<u16>, RatingError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let bad = || RatingError {
        text: text.to_string(),
    };
    let r: u16 = text.parse().map_err(|_| bad())?;
    check_rating(r).map(Some).map_err(|_| bad())
}

/// `rating` when it lies in [`RATINGS`].
pub fn check_rating(rating: u16) -> Result<u16, RatingError> {
    if RATINGS.contains(&rating) {
        Ok(rating)
    } else {
        Err(RatingError {
            text: rating.to_string(),
        })
    }
}

/// A score in half-points: `HalfPoints(5)` is 2.5 points. Exact, so ties compare exactly.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct HalfPoints(pub u32);

impl HalfPoints {
    pub const ZERO: HalfPoints = HalfPoints(0);
    pub const HALF: HalfPoints = HalfPoints(1);
    pub const ONE: HalfPoints = HalfPoints(2);

    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl std::ops::Add for HalfPoints {
    type Output = HalfPoints;
    fn add(self, rhs: HalfPoints) -> HalfPoints {
        HalfPoints(self.0 + rhs.0)
    }
}

impl std::ops::AddAssign for HalfPoints {
    fn add_assign(&mut self, rhs: HalfPoints) {
        self.0 += rhs.0;
    }
}

impl std::iter::Sum for HalfPoints {
    fn sum<I: Iterator<Item = HalfPoints>>(iter: I) -> HalfPoints {
        iter.fold(HalfPoints::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for HalfPoints {
    /// `2.5`, `3`, `0.5` — the shortest exact decimal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_multiple_of(2) {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}.5", self.0 / 2)
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// The result of a game played over the board, from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    WhiteWins,
    Draw,
    BlackWins,
}

/// What happened to a paired game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "value")]
pub enum GameResult {
    /// Paired, no result yet.
    Pending,
    /// Played over the board and rated (TRF `1 = 0`).
    Played(Outcome),
    /// Played over the board but not rated (TRF `W D L`, e.g. less than one move).
    PlayedUnrated(Outcome),
    /// Not played: the given colour won by forfeit; `None` is a double forfeit (TRF `+ -`).
    Forfeit(Option<Color>),
}

impl GameResult {
    /// Points for the player with `colour`, in half-points; `None` while pending.
    pub fn points_for(self, colour: Color) -> Option<HalfPoints> {
        let won = |winner: Color| {
            if winner == colour {
                HalfPoints::ONE
            } else {
                HalfPoints::ZERO
            }
        };
        match self {
            GameResult::Pending => None,
            GameResult::Played(o) | GameResult::PlayedUnrated(o) => Some(match o {
                Outcome::WhiteWins => won(Color::White),
                Outcome::BlackWins => won(Color::Black),
                Outcome::Draw => HalfPoints::HALF,
            }),
            GameResult::Forfeit(Some(w)) => Some(won(w)),
            GameResult::Forfeit(None) => Some(HalfPoints::ZERO),
        }
    }

    /// True when the game was played over the board.
    pub fn is_played(self) -> bool {
        matches!(self, GameResult::Played(_) | GameResult::PlayedUnrated(_))
    }

    pub fn is_forfeit(self) -> bool {
        matches!(self, GameResult::Forfeit(_))
    }
}

/// A round in which a player has no opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByeKind {
    /// Pairing-allocated bye (TRF `U`): the points of a win.
    PairingAllocated,
    /// Full-point bye (TRF `F`).
    Full,
    /// Half-point bye (TRF `H`).
    Half,
    /// Zero-point bye or absence (TRF `Z`, or `-` with no opponent); also the free round of an
    /// odd-sized round-robin.
    Zero,
}

impl ByeKind {
    pub fn points(self) -> HalfPoints {
        match self {
            ByeKind::PairingAllocated | ByeKind::Full => HalfPoints::ONE,
            ByeKind::Half => HalfPoints::HALF,
            ByeKind::Zero => HalfPoints::ZERO,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub white: StartNo,
    pub black: StartNo,
    pub result: GameResult,
}

impl Game {
    /// Colour of `player` in this game, if they play in it.
    pub fn colour_of(&self, player: StartNo) -> Option<Color> {
        if self.white == player {
            Some(Color::White)
        } else if self.black == player {
            Some(Color::Black)
        } else {
            None
        }
    }

    pub fn opponent_of(&self, player: StartNo) -> Option<StartNo> {
        match self.colour_of(player)? {
            Color::White => Some(self.black),
            Color::Black => Some(self.white),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bye {
    pub player: StartNo,
    pub kind: ByeKind,
}

/// One round: its boards in order, and the players without an opponent.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub games: Vec<Game>,
    #[serde(default)]
    pub byes: Vec<Bye>,
}

/// A player's entry in one round, seen from that player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    Game {
        opponent: StartNo,
        colour: Color,
        result: GameResult,
    },
    Bye(ByeKind),
    /// Not in this round's pairing and no bye recorded.
    None,
}

impl Entry {
    /// Points scored in this round (half-points); `None` while pending or absent from the round.
    pub fn points(self) -> Option<HalfPoints> {
        match self {
            Entry::Game { colour, result, .. } => result.points_for(colour),
            Entry::Bye(kind) => Some(kind.points()),
            Entry::None => None,
        }
    }
}

impl Round {
    /// Is this round paired: does it have a game or a pairing-allocated bye? (A round holding
    /// only byes asked for ahead, as an old save or a TRF column may, is not.)
    pub fn is_paired(&self) -> bool {
        !self.games.is_empty()
            || self
                .byes
                .iter()
                .any(|b| b.kind == ByeKind::PairingAllocated)
    }

    pub fn entry(&self, player: StartNo) -> Entry {
        for g in &self.games {
            if let Some(colour) = g.colour_of(player) {
                return Entry::Game {
                    opponent: g.opponent_of(player).unwrap_or(0),
                    colour,
                    result: g.result,
                };
            }
        }
        self.byes
            .iter()
            .find(|b| b.player == player)
            .map_or(Entry::None, |b| Entry::Bye(b.kind))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "system")]
pub enum Format {
    /// Every player meets every other `cycles` times (1 = single, 2 = double round-robin).
    RoundRobin { cycles: u8 },
    /// Swiss system with a fixed number of rounds.
    Swiss { rounds: u32 },
}

impl Format {
    /// The type of tournament as TRF's `092` record spells it for this format.
    pub fn trf_kind(self) -> &'static str {
        match self {
            Format::RoundRobin { cycles: 2 } => "Individual: Double Round-Robin",
            Format::RoundRobin { .. } => "Individual: Round-Robin",
            Format::Swiss { .. } => "Individual: Swiss-System",
        }
    }

    pub fn is_round_robin(self) -> bool {
        matches!(self, Format::RoundRobin { .. })
    }

    /// The system of play for the tie-break rules (FIDE C.07 art. 16 counts unplayed rounds
    /// differently in round-robins and Swiss; each has its preset list): the one mapping from
    /// format to system.
    pub fn system(self) -> System {
        match self {
            Format::RoundRobin { .. } => System::RoundRobin,
            Format::Swiss { .. } => System::Swiss,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub start_no: StartNo,
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub federation: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fide_id: Option<u64>,
    /// FIDE rating; `None` when unrated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u16>,
    /// A TRF file wrote this unrated player's rating as `0` where others leave it blank: kept
    /// so that an export writes the record as the file had it. It means nothing else, and a
    /// rating, once set, is written instead.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unrated_as_zero: bool,
    /// Sex as in TRF column 10 (`m`, `w` or blank).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub sex: String,
    /// Birth date as written in TRF columns 70–79 (`YYYY/MM/DD` or just `YYYY`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub birth: String,
    /// Number of rated games before the event (for the new-player rules).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rated_games: Option<u32>,
    /// A rating K factor chosen by the arbiter, overriding FIDE B.02's default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k_override: Option<u8>,
    /// The player's club, as typed. TRF's player line has no field for it: kept in Crosstable
    /// JSON only.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub club: String,
}

/// Player `player` withdrew after round `after_round`: their games in later rounds are unplayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Withdrawal {
    pub player: StartNo,
    pub after_round: u32,
}

/// A half-point bye, a zero-point bye (absence) or a full-point bye asked for ahead of a round
/// not yet paired: the Dutch pairing leaves the player out of that round, and the bye counts
/// only once the round is paired (it then becomes one of the round's byes). TRF writes it in
/// its round's column (`0000 - H`), as the pairing programs read it, or as a `240` record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByeRequest {
    pub round: u32,
    pub player: StartNo,
    pub kind: ByeKind,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    pub name: String,
    #[serde(default)]
    pub info: Info,
    pub format: Format,
    /// Colour of the first-listed player in round 1 (TRF-2026 `152`, JaVaFo's `XXC`), when
    /// known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_colour: Option<Color>,
    /// Point system, acceleration, prohibited pairings and tie-break list.
    #[serde(default, skip_serializing_if = "Rules::is_standard")]
    pub rules: Rules,
    /// Players in start-number order: `players[i].start_no == i + 1`.
    pub players: Vec<Player>,
    /// Rounds in order; round r is `rounds[r - 1]`.
    pub rounds: Vec<Round>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub withdrawals: Vec<Withdrawal>,
    /// Byes and absences requested for rounds not yet paired, by round then player. Never
    /// counted in points, tie-breaks or ranks before their round is paired.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requests: Vec<ByeRequest>,
    /// Records the model does not interpret (team records, comments, other programs'
    /// extensions), kept verbatim so that an export carries them back out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra_records: Vec<String>,
    /// Byes that a TRF file wrote with TRF's second code for the same entry (`0000 - -` for a
    /// zero-point bye, `0000 - +` for a full-point bye), by round then player, so that an
    /// export writes each entry as the file had it. The meaning is always the [`ByeKind`] of
    /// the round or request; a spelling whose entry is no longer that bye is not written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bye_spellings: Vec<ByeSpelling>,
}

/// How a TRF file spelled one bye (see [`Tournament::bye_spellings`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByeSpelling {
    pub round: u32,
    pub player: StartNo,
    /// The result code as written: `-` (a zero-point bye) or `+` (a full-point bye).
    pub code: char,
}

impl ByeSpelling {
    /// Whether this spelling can stand for a bye of `kind`.
    pub fn fits(&self, kind: ByeKind) -> bool {
        matches!(
            (self.code, kind),
            ('-', ByeKind::Zero) | ('+', ByeKind::Full)
        )
    }
}

/// How many rounds are complete, paired and only requested: [`Tournament::round_progress`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoundProgress {
    /// Rounds paired with every game's result entered.
    pub complete: u32,
    /// Rounds paired (complete or still waiting for results).
    pub paired: u32,
    /// Rounds not yet paired that hold requested byes or absences.
    pub requested: u32,
}

/// Something that makes a tournament inconsistent; found by [`Tournament::validate`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ModelError {
    StartNumbers {
        index: usize,
        found: StartNo,
    },
    UnknownPlayer {
        round: u32,
        player: StartNo,
    },
    PlaysTwice {
        round: u32,
        player: StartNo,
    },
    PlaysItself {
        round: u32,
        player: StartNo,
    },
    BadWithdrawal {
        player: StartNo,
        after_round: u32,
    },
    /// A round-robin of other than 1 or 2 cycles.
    BadCycles(u8),
    /// A bye requested for an unknown player, for round 0, for a round already paired, as a
    /// pairing-allocated bye, or twice for the same round.
    BadRequest {
        player: StartNo,
        round: u32,
    },
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::StartNumbers { index, found } => write!(
                f,
                "player #{} has start number {found}; start numbers must run 1, 2, 3, … without gaps",
                index + 1
            ),
            ModelError::UnknownPlayer { round, player } => write!(
                f,
                "round {round} refers to player {player}, who is not in the player list"
            ),
            ModelError::PlaysTwice { round, player } => {
                write!(f, "player {player} appears more than once in round {round}")
            }
            ModelError::PlaysItself { round, player } => {
                write!(f, "player {player} is paired against themself in round {round}")
            }
            ModelError::BadWithdrawal {
                player,
                after_round,
            } => write!(
                f,
                "withdrawal of player {player} after round {after_round} does not fit the event \
                 (unknown player, or a round beyond the schedule)"
            ),
            ModelError::BadCycles(cycles) => {
                write!(f, "a round-robin has 1 or 2 cycles, not {cycles}")
            }
            ModelError::BadRequest { player, round } => write!(
                f,
                "the bye requested for player {player} in round {round} does not fit the event \
                 (unknown player, a round already paired, or a second request for that round)"
            ),
        }
    }
}

impl std::error::Error for ModelError {}

impl Tournament {
    /// The event's tie-break list (after points): the one chosen for it (the new-event wizard,
    /// the Standings tab, a TRF's `202` or `XXT` record), else the preset of its system
    /// ([`Tiebreak::preset`](tiebreak_list::Tiebreak::preset)). The event owns this list; the
    /// CLI's `standings` and the app's Standings tab start from it.
    pub fn tiebreaks(&self) -> Vec<tiebreak_list::Tiebreak> {
        self.chosen_tiebreaks().map_or_else(
            || tiebreak_list::Tiebreak::preset(self.format.system()),
            <[_]>::to_vec,
        )
    }

    /// The tie-break list chosen for this event, if one was.
    pub fn chosen_tiebreaks(&self) -> Option<&[tiebreak_list::Tiebreak]> {
        self.rules.tiebreaks.as_deref()
    }

    /// Chooses the event's tie-break list. An empty list is a choice too — points only, no
    /// tie-break; [`Tournament::clear_tiebreaks`] goes back to the preset.
    pub fn set_tiebreaks(&mut self, list: &[tiebreak_list::Tiebreak]) {
        self.rules.tiebreaks = Some(list.to_vec());
    }

    /// Forgets the chosen list: the event uses its system's preset again.
    pub fn clear_tiebreaks(&mut self) {
        self.rules.tiebreaks = None;
    }

    /// An empty event with the given players (start numbers are reassigned 1..n in order).
    pub fn new(name: impl Into<String>, format: Format, mut players: Vec<Player>) -> Tournament {
        for (i, p) in players.iter_mut().enumerate() {
            p.start_no = i as StartNo + 1;
        }
        Tournament {
            name: name.into(),
            info: Info::default(),
            format,
            initial_colour: None,
            rules: Rules::default(),
            players,
            rounds: Vec::new(),
            withdrawals: Vec::new(),
            requests: Vec::new(),
            extra_records: Vec::new(),
            bye_spellings: Vec::new(),
        }
    }

    pub fn player(&self, start_no: StartNo) -> Option<&Player> {
        start_no
            .checked_sub(1)
            .and_then(|i| self.players.get(i as usize))
    }

    /// Player `start_no`, to change; `None` for 0 or a start number past the last player.
    pub fn player_mut(&mut self, start_no: StartNo) -> Option<&mut Player> {
        start_no
            .checked_sub(1)
            .and_then(|i| self.players.get_mut(i as usize))
    }

    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    /// Number of rounds the event is scheduled to have.
    pub fn scheduled_rounds(&self) -> u32 {
        match self.format {
            Format::Swiss { rounds } => rounds,
            Format::RoundRobin { cycles } => {
                let n = self.players.len() as u32;
                let per_cycle = if n.is_multiple_of(2) {
                    n.saturating_sub(1)
                } else {
                    n
                };
                per_cycle * u32::from(cycles)
            }
        }
    }

    /// Games each player is scheduled to play in a round-robin: cycles × (n − 1).
    pub fn scheduled_games_per_player(&self) -> u32 {
        match self.format {
            Format::RoundRobin { cycles } => {
                u32::from(cycles) * (self.players.len() as u32).saturating_sub(1)
            }
            Format::Swiss { rounds } => rounds,
        }
    }

    /// Round `r` (1-based); `None` for 0 or a round not recorded.
    pub fn round(&self, r: u32) -> Option<&Round> {
        r.checked_sub(1).and_then(|i| self.rounds.get(i as usize))
    }

    /// Round `r` (1-based), to change; `None` for 0 or a round not recorded.
    pub fn round_mut(&mut self, r: u32) -> Option<&mut Round> {
        r.checked_sub(1)
            .and_then(|i| self.rounds.get_mut(i as usize))
    }

    /// `player`'s entry in round `round` (1-based); [`Entry::None`] beyond the recorded rounds.
    pub fn entry(&self, player: StartNo, round: u32) -> Entry {
        self.round(round).map_or(Entry::None, |r| r.entry(player))
    }

    /// Every player's entry in rounds `1..=rounds`, `table[i][r - 1]` for `self.players[i]`, in
    /// one pass over the games: what [`Tournament::entry`] gives (a player's first game of the
    /// round, else their first bye of it) without searching each round once per player.
    /// Players who share a start number (bad data) get the same entries.
    pub fn entries(&self, rounds: u32) -> Vec<Vec<Entry>> {
        let size = self
            .players
            .iter()
            .map(|p| p.start_no as usize)
            .max()
            .unwrap_or(0)
            + 1;
        let mut by_no = vec![vec![Entry::None; rounds as usize]; size];
        for (r, round) in self.rounds.iter().enumerate().take(rounds as usize) {
            let mut set = |s: StartNo, e: Entry| {
                if let Some(slot) = by_no.get_mut(s as usize).map(|row| &mut row[r]) {
                    if *slot == Entry::None {
                        *slot = e;
                    }
                }
            };
            for g in &round.games {
                for p in [g.white, g.black] {
                    if let Some(colour) = g.colour_of(p) {
                        let opponent = g.opponent_of(p).unwrap_or(0);
                        set(
                            p,
                            Entry::Game {
                                opponent,
                                colour,
                                result: g.result,
                            },
                        );
                    }
                }
            }
            for b in &round.byes {
                set(b.player, Entry::Bye(b.kind));
            }
        }
        self.players
            .iter()
            .map(|p| by_no[p.start_no as usize].clone())
            .collect()
    }

    /// Points from recorded results (pending games count nothing).
    pub fn points(&self, player: StartNo) -> HalfPoints {
        (1..=self.rounds.len() as u32)
            .filter_map(|r| self.entry(player, r).points())
            .sum()
    }

    pub fn withdrawal_of(&self, player: StartNo) -> Option<Withdrawal> {
        self.withdrawals
            .iter()
            .copied()
            .find(|w| w.player == player)
    }

    /// Checks the invariants every other module relies on.
    pub fn validate(&self) -> Result<(), ModelError> {
        for (i, p) in self.players.iter().enumerate() {
            if p.start_no != i as StartNo + 1 {
                return Err(ModelError::StartNumbers {
                    index: i,
                    found: p.start_no,
                });
            }
        }
        if let Format::RoundRobin { cycles } = self.format {
            if !(1..=2).contains(&cycles) {
                return Err(ModelError::BadCycles(cycles));
            }
        }
        let n = self.players.len() as StartNo;
        for (ri, round) in self.rounds.iter().enumerate() {
            let rno = ri as u32 + 1;
            let mut seen = PerPlayer::filled(n as usize, false);
            let mut mark = |p: StartNo| -> Result<(), ModelError> {
                if p == 0 || p > n {
                    return Err(ModelError::UnknownPlayer {
                        round: rno,
                        player: p,
                    });
                }
                if std::mem::replace(&mut seen[p], true) {
                    return Err(ModelError::PlaysTwice {
                        round: rno,
                        player: p,
                    });
                }
                Ok(())
            };
            for g in &round.games {
                if g.white == g.black {
                    return Err(ModelError::PlaysItself {
                        round: rno,
                        player: g.white,
                    });
                }
                mark(g.white)?;
                mark(g.black)?;
            }
            for b in &round.byes {
                mark(b.player)?;
            }
        }
        let mut seen_w = Vec::new();
        for w in &self.withdrawals {
            if w.player == 0
                || w.player > n
                || w.after_round >= self.scheduled_rounds().max(self.rounds.len() as u32)
                || seen_w.contains(&w.player)
            {
                return Err(ModelError::BadWithdrawal {
                    player: w.player,
                    after_round: w.after_round,
                });
            }
            seen_w.push(w.player);
        }
        let paired = self.rounds.len() as u32;
        for (i, r) in self.requests.iter().enumerate() {
            if r.player == 0
                || r.player > n
                || r.round <= paired
                || r.kind == ByeKind::PairingAllocated
                || self.requests[..i]
                    .iter()
                    .any(|o| (o.round, o.player) == (r.round, r.player))
            {
                return Err(ModelError::BadRequest {
                    player: r.player,
                    round: r.round,
                });
            }
        }
        Ok(())
    }

    /// The bye `player` requested for `round`, if any ([`Tournament::requests`]).
    pub fn request_of(&self, player: StartNo, round: u32) -> Option<ByeKind> {
        self.requests
            .iter()
            .find(|r| r.player == player && r.round == round)
            .map(|r| r.kind)
    }

    /// Takes the byes of a Swiss's rounds after its last paired round (rounds that hold only
    /// byes and absences: requests entered in their round's column, as TRF files and version-1
    /// saves keep them) out of the rounds into [`Tournament::requests`], so that they count
    /// only when their round is paired. A round-robin's schedule is left alone.
    pub fn lift_requests(&mut self) {
        if self.format.is_round_robin() {
            return;
        }
        let paired = self.paired_rounds() as usize;
        for (i, round) in self.rounds.drain(paired..).enumerate() {
            for b in round.byes {
                self.requests.push(ByeRequest {
                    round: (paired + i) as u32 + 1,
                    player: b.player,
                    kind: b.kind,
                });
            }
        }
        self.requests.sort_by_key(|r| (r.round, r.player));
    }

    /// The number of the last paired round ([`Round::is_paired`]; 0 before round 1). A
    /// round-robin's whole schedule is paired from the start.
    pub fn paired_rounds(&self) -> u32 {
        self.rounds
            .iter()
            .rposition(Round::is_paired)
            .map_or(0, |i| i as u32 + 1)
    }

    /// Is round `round` (1-based) paired ([`Round::is_paired`])?
    pub fn is_paired(&self, round: u32) -> bool {
        self.round(round).is_some_and(Round::is_paired)
    }

    /// The latest round a bye is requested for ([`Tournament::requests`]); 0 when none is.
    pub fn last_requested_round(&self) -> u32 {
        self.requests.iter().map(|r| r.round).max().unwrap_or(0)
    }

    /// How far the rounds have got: the one count behind "rounds played" on every screen.
    /// A round is *paired* when it has a game or a pairing-allocated bye (a round-robin's whole
    /// schedule is paired from the start), *complete* when it is paired and every game has a
    /// result, and *requested* when byes are asked for it ahead of pairing
    /// ([`Tournament::requests`]).
    pub fn round_progress(&self) -> RoundProgress {
        let mut progress = RoundProgress::default();
        for r in self.rounds.iter().filter(|r| r.is_paired()) {
            progress.paired += 1;
            if r.games.iter().all(|g| g.result != GameResult::Pending) {
                progress.complete += 1;
            }
        }
        let mut rounds: Vec<u32> = self.requests.iter().map(|r| r.round).collect();
        rounds.sort_unstable();
        rounds.dedup();
        progress.requested += rounds.len() as u32;
        progress
    }

    /// The last round with at least one recorded (non-pending) result; 0 if none.
    pub fn last_round_with_results(&self) -> u32 {
        self.rounds
            .iter()
            .rposition(|r| {
                r.games.iter().any(|g| g.result != GameResult::Pending)
                    || r.byes.iter().any(|b| b.kind != ByeKind::Zero)
            })
            .map_or(0, |i| i as u32 + 1)
    }

    /// Players who look withdrawn: every entry of theirs from some round on, up to the last
    /// round with results, is unplayed (a forfeit loss, a double forfeit, an absence or
    /// nothing), and that stretch holds at least one scheduled game they did not play.
    /// Returns (player, last round they took part in).
    pub fn detect_withdrawals(&self) -> Vec<Withdrawal> {
        let last = self.last_round_with_results();
        let mut found = Vec::new();
        for p in &self.players {
            let took_part = |r: u32| match self.entry(p.start_no, r) {
                Entry::Game { result, colour, .. } => match result {
                    GameResult::Played(_) | GameResult::PlayedUnrated(_) => true,
                    GameResult::Forfeit(Some(w)) => w == colour,
                    GameResult::Forfeit(None) => false,
                    GameResult::Pending => false,
                },
                Entry::Bye(kind) => kind != ByeKind::Zero,
                Entry::None => false,
            };
            let after = (1..=last).rev().find(|&r| took_part(r)).unwrap_or(0);
            if after >= last {
                continue;
            }
            // The stretch must contain a forfeit loss (an explicit sign of absence); a run of
            // nothing but pending games is an event still in progress, not a withdrawal.
            let forfeited = ((after + 1)..=last).any(|r| {
                matches!(
                    self.entry(p.start_no, r),
                    Entry::Game {
                        result: GameResult::Forfeit(_),
                        ..
                    }
                )
            });
            if forfeited {
                found.push(Withdrawal {
                    player: p.start_no,
                    after_round: after,
                });
            }
        }
        found
    }
}

#[cfg(test)]
mod tests;
