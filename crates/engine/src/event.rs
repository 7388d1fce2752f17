//! Running an event: the operations an organiser performs between rounds, each checked against
//! the state of the event so that the app never holds an impossible tournament.
//!
//! * [`create`] a round-robin (its whole Berger schedule at once) or a Swiss (no rounds yet).
//! * The player list: [`add_player`] (before round 1 anywhere; in a Swiss also later, as a late
//!   entry absent from the rounds already paired), [`remove_player`] (before round 1 only).
//! * Swiss rounds: [`request_bye`] for a round not yet paired (half-point `H` or zero-point `Z`,
//!   stored as that round's [`Bye`] entries, which the Dutch pairing leaves out),
//!   [`pair_next_round`] by the FIDE Dutch system, [`undo_last_pairing`] while the round has no
//!   result.
//! * Results by board: [`set_result`]. Withdrawals from a round on: [`withdraw`].
//! * The chosen tie-break list: [`Tournament::tiebreaks`] / [`Tournament::set_tiebreaks`] (the
//!   model keeps it in an `XXT` record); [`parse_tiebreaks`] reads one as typed.
//!
//! Every function either applies the whole change or returns an [`EventError`] and leaves the
//! tournament as it was.

use crate::berger;
use crate::details::{self, DetailError, InfoField, PlayerField};
use crate::dutch::{self, DutchRules, PairingError, RoundToPair};
use crate::model::{
    self, Bye, ByeKind, ByeRequest, Format, Game, GameResult, Player, RatingError, RatingType,
    Round, StartNo, Tournament, Withdrawal,
};
use crate::tiebreak::{CodeError, System, Tiebreak};
use std::fmt;

/// Most rounds of a Swiss created here.
pub const MAX_SWISS_ROUNDS: u32 = 99;

/// Why an operation on an event was refused.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum EventError {
    NoName,
    BadRounds(u32),
    TooFewPlayers {
        system: System,
        needed: usize,
    },
    /// More players than [`model::max_players`] allows for the format.
    TooManyPlayers {
        players: usize,
        max: usize,
    },
    /// A player's rating lies outside [`model::RATINGS`].
    BadRating {
        name: String,
        error: RatingError,
    },
    UnknownPlayer(StartNo),
    /// A player without a name.
    NoPlayerName,
    /// The player list is fixed once the schedule has results (round-robin) or round 1 is
    /// paired (removing a player from a Swiss).
    PlayersFixed(PlayersFixed),
    /// Only a Swiss is paired round by round (a round-robin's rounds come from its schedule).
    NotSwiss(SwissOnly),
    /// The event operated on is not there (an app holding events by id: deleted meanwhile).
    NoSuchEvent(String),
    UnknownRound(u32),
    UnknownBoard {
        round: u32,
        board: usize,
    },
    /// The round is paired already (or earlier than the next one to pair).
    RoundAlreadyPaired(u32),
    /// A withdrawal from a round already paired, in which the player has a game: the arbiter
    /// either forfeits that game ([`withdraw_forfeiting`]) or withdraws them from the next round.
    WithdrawFromPairedRound {
        player: StartNo,
        round: u32,
        board: usize,
        opponent: StartNo,
    },
    /// Undo: nothing is paired yet.
    NothingToUndo,
    /// Undo: the round has a result.
    RoundHasResults(u32),
    /// A bye request of a kind that is not requested (a pairing-allocated bye).
    BadByeKind,
    /// The player has withdrawn before this round.
    Withdrawn {
        player: StartNo,
        after_round: u32,
    },
    Pairing(PairingError),
    /// The round would be empty: nobody is left to pair.
    NobodyToPair(u32),
    BadTiebreaks(CodeError),
    /// A detail of the event or of a player, typed in a form that does not fit its field.
    Detail(DetailError),
    /// The number of rounds cannot change to the one asked for ([`set_rounds`]).
    Rounds(RoundsRefused),
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EventError::NoName => write!(f, "the event needs a name"),
            EventError::BadRounds(r) => {
                write!(f, "a Swiss has 1 to {MAX_SWISS_ROUNDS} rounds, not {r}")
            }
            EventError::TooFewPlayers { system, needed } => {
                // In words, not the system's id ("swiss"): the name of the Swiss system is
                // capitalised.
                let system = match system {
                    System::RoundRobin => "round-robin",
                    System::Swiss => "Swiss",
                };
                write!(f, "a {system} needs at least {needed} players")
            }
            EventError::TooManyPlayers { players, max } => {
                write!(f, "{players} players is more than the {max} allowed")
            }
            EventError::BadRating { name, error } => write!(f, "{name}: {error}"),
            EventError::UnknownPlayer(p) => write!(f, "there is no player {p}"),
            EventError::NoPlayerName => f.write_str("a player needs a name"),
            EventError::PlayersFixed(why) => write!(f, "{why}"),
            EventError::NoSuchEvent(id) => write!(f, "there is no event “{id}”"),
            EventError::NotSwiss(what) => write!(
                f,
                "{what} is for a Swiss; a round-robin's rounds come from the Berger tables"
            ),
            EventError::UnknownRound(r) => write!(f, "there is no round {r}"),
            EventError::UnknownBoard { round, board } => {
                write!(f, "round {round} has no board {board}")
            }
            EventError::RoundAlreadyPaired(r) => write!(
                f,
                "round {r} is already paired; a bye or absence is requested for a round not yet \
                 paired (undo the pairing first to change it)"
            ),
            EventError::WithdrawFromPairedRound {
                player,
                round,
                board,
                opponent,
            } => write!(
                f,
                "round {round} is already paired: player {player} plays player {opponent} on \
                 board {board}. Either record that game as a forfeit (player {opponent} wins) and \
                 withdraw player {player} from round {next} on, or withdraw from round {next} on \
                 and have the game played (or its result entered)",
                next = round + 1
            ),
            EventError::NothingToUndo => write!(f, "no round is paired yet: nothing to undo"),
            EventError::RoundHasResults(r) => write!(
                f,
                "round {r} already has results; clear them before undoing its pairing"
            ),
            EventError::BadByeKind => write!(
                f,
                "only a half-point bye (H) or a zero-point bye / absence (Z) can be requested"
            ),
            EventError::Withdrawn {
                player,
                after_round,
            } => write!(f, "player {player} withdrew after round {after_round}"),
            EventError::Pairing(e) => write!(f, "{e}"),
            EventError::NobodyToPair(r) => {
                write!(f, "round {r} cannot be paired: no player is left to pair")
            }
            EventError::BadTiebreaks(why) => write!(f, "tie-breaks: {why}"),
            EventError::Detail(why) => write!(f, "{why}"),
            EventError::Rounds(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for EventError {}

/// Why the player list cannot change ([`EventError::PlayersFixed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum PlayersFixed {
    /// Adding to a round-robin with results.
    AddToRoundRobin,
    /// Removing from a round-robin with results.
    RemoveFromRoundRobin,
    /// Removing from a Swiss once round 1 is paired.
    RemoveFromSwiss,
}

impl fmt::Display for PlayersFixed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayersFixed::AddToRoundRobin => {
                "players cannot be added to a round-robin once results are entered"
            }
            PlayersFixed::RemoveFromRoundRobin => {
                "players cannot be removed from a round-robin once results are entered"
            }
            PlayersFixed::RemoveFromSwiss => {
                "players cannot be removed once round 1 is paired; withdraw them instead"
            }
        })
    }
}

/// An operation only a Swiss has ([`EventError::NotSwiss`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SwissOnly {
    RequestBye,
    PairNextRound,
    UndoPairing,
}

impl fmt::Display for SwissOnly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SwissOnly::RequestBye => "requesting a bye",
            SwissOnly::PairNextRound => "pairing the next round",
            SwissOnly::UndoPairing => "undoing a pairing",
        })
    }
}

impl From<PairingError> for EventError {
    fn from(e: PairingError) -> EventError {
        EventError::Pairing(e)
    }
}

/// A new event. A round-robin gets its whole schedule (FIDE Berger tables, every game pending)
/// and needs at least 3 players; a Swiss starts with no round (White for the first-listed
/// player in round 1, TRF `XXC white1`; the `192` code `FIDE_DUTCH_2026`) and may start with
/// no player at all. The tie-break list
/// starts as the preset of the system ([`Tiebreak::preset`]).
pub fn create(name: &str, format: Format, players: Vec<Player>) -> Result<Tournament, EventError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(EventError::NoName);
    }
    if players.len() > model::max_players(format) {
        return Err(EventError::TooManyPlayers {
            players: players.len(),
            max: model::max_players(format),
        });
    }
    players.iter().try_for_each(check_rating)?;
    let mut t = Tournament::new(name, format, players);
    match format {
        Format::RoundRobin { cycles } => {
            if !(1..=2).contains(&cycles) {
                return Err(EventError::BadRounds(u32::from(cycles)));
            }
            if t.players.len() < 3 {
                return Err(EventError::TooFewPlayers {
                    system: System::RoundRobin,
                    needed: 3,
                });
            }
            t.info.kind = format.trf_kind().into();
            t.rounds = berger::schedule(t.players.len() as u32, cycles);
        }
        Format::Swiss { rounds } => {
            if !(1..=MAX_SWISS_ROUNDS).contains(&rounds) {
                return Err(EventError::BadRounds(rounds));
            }
            t.info.kind = format.trf_kind().into();
            t.initial_colour = Some(crate::model::Color::White);
            // Crosstable pairs a Swiss by the Dutch system as reissued in 2026: say so in
            // TRF-2026's code (`192`), which Baku, if chosen, extends with `_BAKU`.
            t.rules.system_code = Some(crate::model::rules::DEFAULT_SWISS_CODE.to_owned());
        }
    }
    t.set_tiebreaks(&Tiebreak::preset(format.system()));
    Ok(t)
}

/// Refuses a player whose rating lies outside [`model::RATINGS`].
fn check_rating(p: &Player) -> Result<(), EventError> {
    match p.rating.map(model::check_rating) {
        Some(Err(error)) => Err(EventError::BadRating {
            name: p.name.clone(),
            error,
        }),
        _ => Ok(()),
    }
}

/// Parses a tie-break list (`DE, BH-C1, BH`) for [`Tournament::set_tiebreaks`].
pub fn parse_tiebreaks(list: &str) -> Result<Vec<Tiebreak>, EventError> {
    Tiebreak::parse_list(list).map_err(EventError::BadTiebreaks)
}

/// The round a bye request or a withdrawal defaults to: a Swiss's next round to pair; a
/// round-robin's first round not yet played, counted like the header's "rounds played"
/// ([`Tournament::round_progress`]: an early result in a later round or a requested bye does
/// not move it), and never past the schedule.
pub fn next_round_to_request(t: &Tournament) -> u32 {
    match t.format {
        Format::Swiss { .. } => t.paired_rounds() + 1,
        Format::RoundRobin { .. } => (t.round_progress().complete + 1).min(t.scheduled_rounds()),
    }
}

/// Are games still to be played: is a scheduled round not complete (the one count of
/// [`Tournament::round_progress`])? A finished event's forecast is a certainty.
pub fn is_ongoing(t: &Tournament) -> bool {
    t.round_progress().complete < t.scheduled_rounds()
}

/// Has any game or bye a result that counts (anything but pending games and the zero-point
/// absences of a schedule)?
fn has_results(t: &Tournament) -> bool {
    t.rounds.iter().any(|r| {
        r.games.iter().any(|g| g.result != GameResult::Pending)
            || r.byes.iter().any(|b| b.kind == ByeKind::PairingAllocated)
    })
}

/// Adds `player` with the next start number and returns it.
///
/// * Round-robin: only while no game has a result; the schedule is rebuilt for the new size.
/// * Swiss: before round 1 simply joins; later it is a late entry, recorded as absent
///   (zero-point, `Z`) in every round already paired, and paired from the next round on.
pub fn add_player(t: &mut Tournament, mut player: Player) -> Result<StartNo, EventError> {
    if player.name.trim().is_empty() {
        return Err(EventError::NoPlayerName);
    }
    if t.players.len() >= model::max_players(t.format) {
        return Err(EventError::TooManyPlayers {
            players: t.players.len() + 1,
            max: model::max_players(t.format),
        });
    }
    check_rating(&player)?;
    let no = t.players.len() as StartNo + 1;
    player.start_no = no;
    player.name = player.name.trim().to_string();
    let mut next = t.clone();
    next.players.push(player);
    match t.format {
        Format::RoundRobin { cycles } => {
            if has_results(t) {
                return Err(EventError::PlayersFixed(PlayersFixed::AddToRoundRobin));
            }
            next.rounds = berger::schedule(no, cycles);
        }
        Format::Swiss { .. } => {
            for round in next.rounds.iter_mut().take(t.paired_rounds() as usize) {
                round.byes.push(Bye {
                    player: no,
                    kind: ByeKind::Zero,
                });
            }
        }
    }
    *t = next;
    Ok(no)
}

/// Removes `player` before round 1 (the players after them move up one start number).
///
/// * Round-robin: only while no game has a result; the schedule is rebuilt.
/// * Swiss: only before round 1 is paired; their requested byes go too.
pub fn remove_player(t: &mut Tournament, player: StartNo) -> Result<(), EventError> {
    if t.player(player).is_none() {
        return Err(EventError::UnknownPlayer(player));
    }
    let shift = |p: StartNo| if p > player { p - 1 } else { p };
    let mut next = t.clone();
    next.players.retain(|p| p.start_no != player);
    for (i, p) in next.players.iter_mut().enumerate() {
        p.start_no = i as StartNo + 1;
    }
    next.withdrawals.retain(|w| w.player != player);
    for w in &mut next.withdrawals {
        w.player = shift(w.player);
    }
    match t.format {
        Format::RoundRobin { cycles } => {
            if has_results(t) {
                return Err(EventError::PlayersFixed(PlayersFixed::RemoveFromRoundRobin));
            }
            next.rounds = berger::schedule(next.players.len() as u32, cycles);
        }
        Format::Swiss { .. } => {
            if t.paired_rounds() > 0 {
                return Err(EventError::PlayersFixed(PlayersFixed::RemoveFromSwiss));
            }
            for round in &mut next.rounds {
                round.byes.retain(|b| b.player != player);
                for b in &mut round.byes {
                    b.player = shift(b.player);
                }
            }
            next.requests.retain(|r| r.player != player);
            for r in &mut next.requests {
                r.player = shift(r.player);
            }
            trim_empty_rounds(&mut next);
        }
    }
    *t = next;
    Ok(())
}

/// Drops rounds at the end that hold nothing (after an undo or a cancelled request).
fn trim_empty_rounds(t: &mut Tournament) {
    while t
        .rounds
        .last()
        .is_some_and(|r| r.games.is_empty() && r.byes.is_empty())
    {
        t.rounds.pop();
    }
}

fn swiss_rounds(t: &Tournament, what: SwissOnly) -> Result<u32, EventError> {
    match t.format {
        Format::Swiss { rounds } => Ok(rounds),
        Format::RoundRobin { .. } => Err(EventError::NotSwiss(what)),
    }
}

/// Requests a half-point bye (`ByeKind::Half`) or an absence (`ByeKind::Zero`) for `player` in
/// a round not yet paired; `None` cancels the request. The Dutch pairing leaves the player out
/// of that round.
pub fn request_bye(
    t: &mut Tournament,
    player: StartNo,
    round: u32,
    kind: Option<ByeKind>,
) -> Result<(), EventError> {
    let total = swiss_rounds(t, SwissOnly::RequestBye)?;
    if t.player(player).is_none() {
        return Err(EventError::UnknownPlayer(player));
    }
    if round == 0 || round > total {
        return Err(EventError::UnknownRound(round));
    }
    if round <= t.paired_rounds() {
        return Err(EventError::RoundAlreadyPaired(round));
    }
    if let Some(ByeKind::PairingAllocated | ByeKind::Full) = kind {
        return Err(EventError::BadByeKind);
    }
    if let Some(w) = t.withdrawal_of(player) {
        if w.after_round < round {
            return Err(EventError::Withdrawn {
                player,
                after_round: w.after_round,
            });
        }
    }
    let mut next = t.clone();
    next.requests
        .retain(|r| (r.round, r.player) != (round, player));
    if let Some(kind) = kind {
        next.requests.push(ByeRequest {
            round,
            player,
            kind,
        });
        next.requests.sort_by_key(|r| (r.round, r.player));
    }
    *t = next;
    Ok(())
}

/// The requests (half-point byes and absences) recorded for rounds not yet paired:
/// `(round, player, kind)`, by round then player.
pub fn requested_byes(t: &Tournament) -> Vec<(u32, StartNo, ByeKind)> {
    t.requests
        .iter()
        .map(|r| (r.round, r.player, r.kind))
        .collect()
}

/// `player`'s points from the rounds before `round` (what a pairing list shows next to names).
pub fn points_before(t: &Tournament, player: StartNo, round: u32) -> crate::model::HalfPoints {
    (1..round).filter_map(|r| t.entry(player, r).points()).sum()
}

/// Pairs the next round of a Swiss by the FIDE Dutch system ([`dutch::pair`], the CLI's entry,
/// with the round after the last paired one stated) and records
/// it: the boards with pending results, the pairing-allocated bye, the requested byes of that
/// round kept. Returns the round number. Refused (nothing changed) while a game of an earlier
/// round has no result, after the last round, or when no legal pairing exists.
pub fn pair_next_round(t: &mut Tournament) -> Result<u32, EventError> {
    pair_next_round_with(t, DutchRules::default())
}

/// [`pair_next_round`] under a chosen reading of the rules: `DutchRules::BbpPairings6` makes
/// the event bbpPairings 6.0.0 would have made (the random generator's `--as-bbppairings`,
/// used to cross-test it; docs/fide-conformance.md §1–§2).
pub fn pair_next_round_with(t: &mut Tournament, rules: DutchRules) -> Result<u32, EventError> {
    let total = swiss_rounds(t, SwissOnly::PairNextRound)?;
    let round = t.paired_rounds() + 1;
    if round > total {
        return Err(PairingError::AllRoundsPaired { rounds: total }.into());
    }
    // The CLI's entry with the round stated: requests entered for later rounds stay requests.
    let pairing = dutch::pair(t, RoundToPair::Stated(round), rules)?;
    if pairing.boards.is_empty() && pairing.bye.is_none() {
        return Err(EventError::NobodyToPair(round));
    }
    *t = record_pairing(t, round, &pairing.boards, pairing.bye)?;
    Ok(round)
}

/// `t` with a pairing of round `round` (from 1) recorded: the boards with pending results and
/// the pairing-allocated bye, next to the byes already requested for that round. Checked as
/// every event is; refused when the result would not be valid. What [`pair_next_round`]
/// records, and what the app records when the pairing worker answers.
pub fn record_pairing(
    t: &Tournament,
    round: u32,
    boards: &[(StartNo, StartNo)],
    bye: Option<StartNo>,
) -> Result<Tournament, EventError> {
    let index = (round as usize)
        .checked_sub(1)
        .ok_or(EventError::Pairing(PairingError::RoundZero))?;
    let mut next = t.clone();
    while next.rounds.len() <= index {
        next.rounds.push(Round::default());
    }
    let requested: Vec<Bye> = next
        .requests
        .iter()
        .filter(|q| q.round == round)
        .map(|q| Bye {
            player: q.player,
            kind: q.kind,
        })
        .collect();
    next.requests.retain(|q| q.round != round);
    let r = &mut next.rounds[index];
    r.byes.extend(requested);
    r.games = boards
        .iter()
        .map(|&(white, black)| Game {
            white,
            black,
            result: GameResult::Pending,
        })
        .collect();
    if let Some(player) = bye {
        r.byes.push(Bye {
            player,
            kind: ByeKind::PairingAllocated,
        });
    }
    next.validate()
        .map_err(|e| EventError::Pairing(PairingError::Invalid(e)))?;
    Ok(next)
}

/// Takes back the last round's pairing of a Swiss while none of its games has a result; the
/// byes and absences requested for it stay. Returns the round.
pub fn undo_last_pairing(t: &mut Tournament) -> Result<u32, EventError> {
    swiss_rounds(t, SwissOnly::UndoPairing)?;
    let round = t.paired_rounds();
    if round == 0 {
        return Err(EventError::NothingToUndo);
    }
    let Some(r) = t.round_mut(round) else {
        return Err(EventError::NothingToUndo);
    };
    if r.games.iter().any(|g| g.result != GameResult::Pending) {
        return Err(EventError::RoundHasResults(round));
    }
    r.games.clear();
    r.byes.retain(|b| b.kind != ByeKind::PairingAllocated);
    // The round is no longer paired: what it still holds was requested for it.
    t.lift_requests();
    trim_empty_rounds(t);
    Ok(round)
}

/// Sets the result of board `board` (1-based, in the round's board order) of round `round`;
/// [`GameResult::Pending`] clears it.
pub fn set_result(
    t: &mut Tournament,
    round: u32,
    board: usize,
    result: GameResult,
) -> Result<(), EventError> {
    let r = t.round_mut(round).ok_or(EventError::UnknownRound(round))?;
    let game = board
        .checked_sub(1)
        .and_then(|i| r.games.get_mut(i))
        .ok_or(EventError::UnknownBoard { round, board })?;
    game.result = result;
    Ok(())
}

/// The result a key stands for in result entry, from White's side: `1` white wins, `=` (or `½`)
/// draw, `0` black wins, `+` white wins by forfeit, `-` or `−` black wins by forfeit, `*` (or
/// Backspace/Delete in the app) no result yet.
pub fn result_for_key(key: &str) -> Option<GameResult> {
    use crate::model::{Color, Outcome};
    Some(match key {
        "1" => GameResult::Played(Outcome::WhiteWins),
        "=" | "½" | "5" => GameResult::Played(Outcome::Draw),
        "0" => GameResult::Played(Outcome::BlackWins),
        "+" => GameResult::Forfeit(Some(Color::White)),
        "-" | "−" => GameResult::Forfeit(Some(Color::Black)),
        "*" => GameResult::Pending,
        _ => return None,
    })
}

/// `player` withdraws from round `from_round` on (they took part up to `from_round − 1`).
/// In a Swiss they are no longer paired (the round must not be paired yet) and their requested
/// byes from then on are dropped; in a round-robin their remaining games stay in the schedule
/// for the withdrawal view's policies. `None` takes the withdrawal back.
pub fn withdraw(
    t: &mut Tournament,
    player: StartNo,
    from_round: Option<u32>,
) -> Result<(), EventError> {
    if t.player(player).is_none() {
        return Err(EventError::UnknownPlayer(player));
    }
    let mut next = t.clone();
    next.withdrawals.retain(|w| w.player != player);
    if let Some(from) = from_round {
        let Some(after_round) = from.checked_sub(1).filter(|_| from <= t.scheduled_rounds()) else {
            return Err(EventError::UnknownRound(from));
        };
        if let Format::Swiss { .. } = t.format {
            if from <= t.paired_rounds() {
                if let Some((board, game)) = t.round(from).and_then(|r| {
                    r.games
                        .iter()
                        .enumerate()
                        .find(|(_, g)| g.colour_of(player).is_some())
                }) {
                    return Err(EventError::WithdrawFromPairedRound {
                        player,
                        round: from,
                        board: board + 1,
                        opponent: game.opponent_of(player).unwrap_or(0),
                    });
                }
                return Err(EventError::RoundAlreadyPaired(from));
            }
            for round in next.rounds.iter_mut().skip(after_round as usize) {
                round.byes.retain(|b| b.player != player);
            }
            next.requests
                .retain(|r| r.player != player || r.round < from);
            trim_empty_rounds(&mut next);
        }
        next.withdrawals.push(Withdrawal {
            player,
            after_round,
        });
        next.withdrawals.sort_by_key(|w| w.player);
    }
    next.validate()
        .map_err(|e| EventError::Pairing(PairingError::Invalid(e)))?;
    *t = next;
    Ok(())
}

/// The first of an arbiter's choices when a player withdraws during a paired round (see
/// [`EventError::WithdrawFromPairedRound`]): `player` loses their game of `round` by forfeit and
/// withdraws from the next round on (after the last round, the forfeit alone).
pub fn withdraw_forfeiting(
    t: &mut Tournament,
    player: StartNo,
    round: u32,
) -> Result<(), EventError> {
    let r = t.round(round).ok_or(EventError::UnknownRound(round))?;
    let (board, colour) = r
        .games
        .iter()
        .enumerate()
        .find_map(|(i, g)| g.colour_of(player).map(|c| (i + 1, c)))
        .ok_or(EventError::UnknownPlayer(player))?;
    let mut next = t.clone();
    set_result(
        &mut next,
        round,
        board,
        GameResult::Forfeit(Some(colour.opposite())),
    )?;
    if round < t.scheduled_rounds() {
        withdraw(&mut next, player, Some(round + 1))?;
    }
    *t = next;
    Ok(())
}

/// Why [`set_rounds`] refused ([`EventError::Rounds`]): what stands in the way, so that the app
/// can say how to clear it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum RoundsRefused {
    /// A Swiss cannot have fewer rounds than it has paired.
    FewerThanPaired { rounds: u32, paired: u32 },
    /// A bye or absence is requested for a round past the new last one.
    RequestBeyond {
        rounds: u32,
        round: u32,
        player: StartNo,
    },
    /// A withdrawal after a round that would be the last one or later (a withdrawal is from a
    /// later round of the event).
    WithdrawalBeyond {
        rounds: u32,
        player: StartNo,
        after_round: u32,
    },
    /// A round-robin's rounds follow from its players: `single` for one cycle, twice that for
    /// two.
    RoundRobin { rounds: u32, single: u32 },
    /// A round-robin's cycles change only while no game has a result (its schedule is rebuilt).
    RoundRobinHasResults { rounds: u32 },
}

impl fmt::Display for RoundsRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundsRefused::FewerThanPaired { rounds, paired } => write!(
                f,
                "the event cannot have {rounds} rounds: {paired} rounds are already paired. To \
                 have fewer, undo the later pairings first, or keep {paired} or more"
            ),
            RoundsRefused::RequestBeyond {
                rounds,
                round,
                player,
            } => write!(
                f,
                "the event cannot have {rounds} rounds: player {player} has a bye or absence \
                 requested for round {round}. Cancel that request first, or keep {round} rounds \
                 or more"
            ),
            RoundsRefused::WithdrawalBeyond {
                rounds,
                player,
                after_round,
            } => write!(
                f,
                "the event cannot have {rounds} rounds: player {player} withdrew after round \
                 {after_round}. Change that withdrawal first, or keep more than {after_round} \
                 rounds"
            ),
            RoundsRefused::RoundRobin { rounds, single } => write!(
                f,
                "a round-robin of these players has {single} rounds (single) or {} (double), \
                 not {rounds}. To change the number, add or remove players",
                single * 2
            ),
            RoundsRefused::RoundRobinHasResults { rounds } => write!(
                f,
                "the round-robin cannot change to {rounds} rounds once results are entered: its \
                 schedule would be rebuilt. Clear the results first"
            ),
        }
    }
}

/// Renames the event (trimmed; refused when blank).
pub fn rename(t: &mut Tournament, name: &str) -> Result<(), EventError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(EventError::NoName);
    }
    t.name = name.to_owned();
    Ok(())
}

/// The numbers of rounds an event may be given now; [`set_rounds`] refuses the others, saying
/// why (and a Swiss also refuses to drop below a requested bye's round or a withdrawal's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundsAllowed {
    /// A Swiss: from `least` (the rounds paired, at least 1) to [`MAX_SWISS_ROUNDS`].
    Swiss { least: u32 },
    /// A round-robin of `cycles` cycles: `single` rounds for one cycle, twice that for two.
    RoundRobin { single: u32, cycles: u8 },
}

pub fn rounds_allowed(t: &Tournament) -> RoundsAllowed {
    match t.format {
        Format::Swiss { .. } => RoundsAllowed::Swiss {
            least: t.paired_rounds().max(t.rounds.len() as u32).max(1),
        },
        Format::RoundRobin { cycles } => RoundsAllowed::RoundRobin {
            single: t.scheduled_rounds() / u32::from(cycles.max(1)),
            cycles,
        },
    }
}

/// Changes the number of rounds.
///
/// * Swiss: 1 to [`MAX_SWISS_ROUNDS`], never fewer than the rounds paired, nor fewer than a
///   requested bye's round or a withdrawal needs. More rounds are always possible: an event
///   imported with the rounds played so far (a PGN of two rounds) goes on.
/// * Round-robin: the rounds follow from the players; the number of the single or the double
///   round-robin switches cycles, while no game has a result (the schedule is rebuilt).
pub fn set_rounds(t: &mut Tournament, rounds: u32) -> Result<(), EventError> {
    let refused = |why: RoundsRefused| Err(EventError::Rounds(why));
    let mut next = t.clone();
    match rounds_allowed(t) {
        RoundsAllowed::Swiss { least } => {
            if !(1..=MAX_SWISS_ROUNDS).contains(&rounds) {
                return Err(EventError::BadRounds(rounds));
            }
            if rounds < least {
                return refused(RoundsRefused::FewerThanPaired {
                    rounds,
                    paired: least,
                });
            }
            if let Some(r) = t.requests.iter().find(|r| r.round > rounds) {
                return refused(RoundsRefused::RequestBeyond {
                    rounds,
                    round: r.round,
                    player: r.player,
                });
            }
            next.format = Format::Swiss { rounds };
        }
        RoundsAllowed::RoundRobin { single, cycles } => {
            let wanted = match rounds {
                r if r == single => 1,
                r if r == single * 2 => 2,
                _ => return refused(RoundsRefused::RoundRobin { rounds, single }),
            };
            if wanted == cycles {
                return Ok(());
            }
            if has_results(t) {
                return refused(RoundsRefused::RoundRobinHasResults { rounds });
            }
            next.format = Format::RoundRobin { cycles: wanted };
            next.rounds = berger::schedule(t.players.len() as u32, wanted);
            // The `092` text follows the cycles when it is the one this program writes.
            if next.info.kind == t.format.trf_kind() {
                next.info.kind = next.format.trf_kind().to_owned();
            }
        }
    }
    if let Some(w) = t.withdrawals.iter().find(|w| w.after_round >= rounds) {
        return refused(RoundsRefused::WithdrawalBeyond {
            rounds,
            player: w.player,
            after_round: w.after_round,
        });
    }
    next.validate()
        .map_err(|e| EventError::Pairing(PairingError::Invalid(e)))?;
    *t = next;
    Ok(())
}

/// Sets one of `player`'s details from the text typed ([`details::set_player_field`]).
pub fn set_player_field(
    t: &mut Tournament,
    player: StartNo,
    field: PlayerField,
    text: &str,
) -> Result<(), EventError> {
    details::set_player_field(t, player, field, text).map_err(EventError::Detail)
}

/// Sets one of the event's details from the text typed ([`details::set_info_field`]).
pub fn set_info_field(t: &mut Tournament, field: InfoField, text: &str) -> Result<(), EventError> {
    details::set_info_field(t, field, text).map_err(EventError::Detail)
}

/// Sets round `round`'s date ([`details::set_round_date`]).
pub fn set_round_date(t: &mut Tournament, round: u32, text: &str) -> Result<(), EventError> {
    details::set_round_date(t, round, text).map_err(EventError::Detail)
}

/// Chooses the rating list the event counts for (`None`: not said).
pub fn set_rating_type(t: &mut Tournament, rating_type: Option<RatingType>) {
    t.info.rating_type = rating_type;
}

#[cfg(test)]
#[path = "event_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "event_details_tests.rs"]
mod details_tests;
