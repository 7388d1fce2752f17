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
use crate::dutch::{self, DutchRules, PairingError, RoundToPair};
use crate::model::{
    self, Bye, ByeKind, Format, Game, GameResult, Player, RatingError, Round, StartNo, Tournament,
    Withdrawal,
};
use crate::tiebreak::Tiebreak;
use std::fmt;

/// Most rounds of a Swiss created here.
pub const MAX_SWISS_ROUNDS: u32 = 99;

/// Why an operation on an event was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventError {
    NoName,
    BadRounds(u32),
    TooFewPlayers {
        system: &'static str,
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
    /// The player list is fixed once the schedule has results (round-robin) or round 1 is
    /// paired (removing a player from a Swiss).
    PlayersFixed(String),
    /// Only a Swiss is paired round by round (a round-robin's rounds come from its schedule).
    NotSwiss(&'static str),
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
    BadTiebreaks(String),
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EventError::NoName => write!(f, "the event needs a name"),
            EventError::BadRounds(r) => {
                write!(f, "a Swiss has 1 to {MAX_SWISS_ROUNDS} rounds, not {r}")
            }
            EventError::TooFewPlayers { system, needed } => {
                write!(f, "a {system} needs at least {needed} players")
            }
            EventError::TooManyPlayers { players, max } => {
                write!(f, "{players} players is more than the {max} allowed")
            }
            EventError::BadRating { name, error } => write!(f, "{name}: {error}"),
            EventError::UnknownPlayer(p) => write!(f, "there is no player {p}"),
            EventError::PlayersFixed(why) => write!(f, "{why}"),
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
        }
    }
}

impl std::error::Error for EventError {}

impl From<PairingError> for EventError {
    fn from(e: PairingError) -> EventError {
        EventError::Pairing(e)
    }
}

/// A new event. A round-robin gets its whole schedule (FIDE Berger tables, every game pending)
/// and needs at least 3 players; a Swiss starts with no round (White for the first-listed
/// player in round 1, TRF `XXC white1`) and may start with no player at all. The tie-break list
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
                    system: "round-robin",
                    needed: 3,
                });
            }
            t.info.kind = if cycles == 2 {
                "Individual: Double Round-Robin".into()
            } else {
                "Individual: Round-Robin".into()
            };
            t.rounds = berger::schedule(t.players.len() as u32, cycles);
        }
        Format::Swiss { rounds } => {
            if !(1..=MAX_SWISS_ROUNDS).contains(&rounds) {
                return Err(EventError::BadRounds(rounds));
            }
            t.info.kind = "Individual: Swiss-System".into();
            t.initial_colour = Some(crate::model::Color::White);
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

/// Is round `round` (1-based) paired: does it have a game or a pairing-allocated bye? (A round
/// holding only requested byes is not.)
pub fn is_paired(t: &Tournament, round: u32) -> bool {
    round
        .checked_sub(1)
        .and_then(|i| t.rounds.get(i as usize))
        .is_some_and(|r| {
            !r.games.is_empty() || r.byes.iter().any(|b| b.kind == ByeKind::PairingAllocated)
        })
}

/// The number of the last paired round (0 before round 1). A round-robin's whole schedule is
/// paired from the start.
pub fn paired_rounds(t: &Tournament) -> u32 {
    (1..=t.rounds.len() as u32)
        .rev()
        .find(|&r| is_paired(t, r))
        .unwrap_or(0)
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
        return Err(EventError::PlayersFixed("a player needs a name".into()));
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
                return Err(EventError::PlayersFixed(
                    "players cannot be added to a round-robin once results are entered".into(),
                ));
            }
            next.rounds = berger::schedule(no, cycles);
        }
        Format::Swiss { .. } => {
            for r in 1..=paired_rounds(t) {
                next.rounds[r as usize - 1].byes.push(Bye {
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
    next.players.remove(player as usize - 1);
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
                return Err(EventError::PlayersFixed(
                    "players cannot be removed from a round-robin once results are entered".into(),
                ));
            }
            next.rounds = berger::schedule(next.players.len() as u32, cycles);
        }
        Format::Swiss { .. } => {
            if paired_rounds(t) > 0 {
                return Err(EventError::PlayersFixed(
                    "players cannot be removed once round 1 is paired; withdraw them instead"
                        .into(),
                ));
            }
            for round in &mut next.rounds {
                round.byes.retain(|b| b.player != player);
                for b in &mut round.byes {
                    b.player = shift(b.player);
                }
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

fn swiss_rounds(t: &Tournament, what: &'static str) -> Result<u32, EventError> {
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
    let total = swiss_rounds(t, "requesting a bye")?;
    if t.player(player).is_none() {
        return Err(EventError::UnknownPlayer(player));
    }
    if round == 0 || round > total {
        return Err(EventError::UnknownRound(round));
    }
    if round <= paired_rounds(t) {
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
    while next.rounds.len() < round as usize {
        next.rounds.push(Round::default());
    }
    let byes = &mut next.rounds[round as usize - 1].byes;
    byes.retain(|b| b.player != player);
    if let Some(kind) = kind {
        byes.push(Bye { player, kind });
        byes.sort_by_key(|b| b.player);
    }
    trim_empty_rounds(&mut next);
    *t = next;
    Ok(())
}

/// The requests (half-point byes and absences) recorded for rounds not yet paired:
/// `(round, player, kind)`.
pub fn requested_byes(t: &Tournament) -> Vec<(u32, StartNo, ByeKind)> {
    let paired = paired_rounds(t);
    t.rounds
        .iter()
        .enumerate()
        .skip(paired as usize)
        .flat_map(|(i, r)| r.byes.iter().map(move |b| (i as u32 + 1, b.player, b.kind)))
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
    let total = swiss_rounds(t, "pairing the next round")?;
    let round = paired_rounds(t) + 1;
    if round > total {
        return Err(PairingError::AllRoundsPaired { rounds: total }.into());
    }
    // The CLI's entry with the round stated: requests entered for later rounds stay requests.
    let pairing = dutch::pair(t, RoundToPair::Stated(round), DutchRules::default())?;
    if pairing.boards.is_empty() && pairing.bye.is_none() {
        return Err(EventError::NobodyToPair(round));
    }
    let mut next = t.clone();
    while next.rounds.len() < round as usize {
        next.rounds.push(Round::default());
    }
    let r = &mut next.rounds[round as usize - 1];
    r.games = pairing
        .boards
        .iter()
        .map(|&(white, black)| Game {
            white,
            black,
            result: GameResult::Pending,
        })
        .collect();
    if let Some(player) = pairing.bye {
        r.byes.push(Bye {
            player,
            kind: ByeKind::PairingAllocated,
        });
    }
    next.validate()
        .map_err(|e| EventError::Pairing(PairingError::Invalid(e.to_string())))?;
    *t = next;
    Ok(round)
}

/// Takes back the last round's pairing of a Swiss while none of its games has a result; the
/// byes and absences requested for it stay. Returns the round.
pub fn undo_last_pairing(t: &mut Tournament) -> Result<u32, EventError> {
    swiss_rounds(t, "undoing a pairing")?;
    let round = paired_rounds(t);
    if round == 0 {
        return Err(EventError::NothingToUndo);
    }
    let r = &t.rounds[round as usize - 1];
    if r.games.iter().any(|g| g.result != GameResult::Pending) {
        return Err(EventError::RoundHasResults(round));
    }
    let r = &mut t.rounds[round as usize - 1];
    r.games.clear();
    r.byes.retain(|b| b.kind != ByeKind::PairingAllocated);
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
    let r = round
        .checked_sub(1)
        .and_then(|i| t.rounds.get_mut(i as usize))
        .ok_or(EventError::UnknownRound(round))?;
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
        if from == 0 || from > t.scheduled_rounds() {
            return Err(EventError::UnknownRound(from));
        }
        if let Format::Swiss { .. } = t.format {
            if from <= paired_rounds(t) {
                if let Some((board, game)) = t.rounds[from as usize - 1]
                    .games
                    .iter()
                    .enumerate()
                    .find(|(_, g)| g.colour_of(player).is_some())
                {
                    return Err(EventError::WithdrawFromPairedRound {
                        player,
                        round: from,
                        board: board + 1,
                        opponent: game.opponent_of(player).unwrap_or(0),
                    });
                }
                return Err(EventError::RoundAlreadyPaired(from));
            }
            for round in next.rounds.iter_mut().skip(from as usize - 1) {
                round.byes.retain(|b| b.player != player);
            }
            trim_empty_rounds(&mut next);
        }
        next.withdrawals.push(Withdrawal {
            player,
            after_round: from - 1,
        });
        next.withdrawals.sort_by_key(|w| w.player);
    }
    next.validate()
        .map_err(|e| EventError::Pairing(PairingError::Invalid(e.to_string())))?;
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
    let r = round
        .checked_sub(1)
        .and_then(|i| t.rounds.get(i as usize))
        .ok_or(EventError::UnknownRound(round))?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Color, Entry, Outcome};
    use crate::tiebreak::System;

    fn players(n: u32) -> Vec<Player> {
        (1..=n)
            .map(|i| Player {
                name: format!("P{i}"),
                rating: Some(2400 - i as u16 * 20),
                ..Player::default()
            })
            .collect()
    }

    fn swiss(n: u32, rounds: u32) -> Tournament {
        create("Open", Format::Swiss { rounds }, players(n)).unwrap()
    }

    /// White wins every board of the last paired round.
    fn white_wins_all(t: &mut Tournament) {
        let r = paired_rounds(t);
        for b in 1..=t.rounds[r as usize - 1].games.len() {
            set_result(t, r, b, GameResult::Played(Outcome::WhiteWins)).unwrap();
        }
    }

    #[test]
    fn create_checks_name_rounds_and_size() {
        assert_eq!(
            create(" ", Format::Swiss { rounds: 5 }, players(4)),
            Err(EventError::NoName)
        );
        assert_eq!(
            create("x", Format::Swiss { rounds: 0 }, players(4)),
            Err(EventError::BadRounds(0))
        );
        assert!(matches!(
            create("x", Format::RoundRobin { cycles: 1 }, players(2)),
            Err(EventError::TooFewPlayers { .. })
        ));
        let rr = create("x", Format::RoundRobin { cycles: 2 }, players(5)).unwrap();
        assert_eq!(rr.rounds.len(), 10);
        assert_eq!(paired_rounds(&rr), 10);
        let sw = swiss(7, 4);
        assert!(sw.rounds.is_empty());
        assert_eq!(sw.tiebreaks(), Tiebreak::preset(System::Swiss));
    }

    #[test]
    fn tiebreaks_round_trip_through_trf() {
        let mut t = swiss(4, 3);
        let list = parse_tiebreaks("BH, SB, WIN").unwrap();
        t.set_tiebreaks(&list);
        let back = crate::trf::parse(&crate::trf::write(&t)).unwrap();
        assert_eq!(back.tiebreaks(), list);
        assert!(parse_tiebreaks("XYZ").is_err());
    }

    #[test]
    fn pairing_round_one_and_refusing_the_next_until_results() {
        let mut t = swiss(7, 4);
        assert_eq!(pair_next_round(&mut t), Ok(1));
        let r1 = &t.rounds[0];
        assert_eq!(r1.games.len(), 3);
        // Round 1 of the Dutch system: top half against bottom half, the lowest gets the bye.
        assert_eq!(
            r1.byes,
            vec![Bye {
                player: 7,
                kind: ByeKind::PairingAllocated
            }]
        );
        let before = t.clone();
        assert_eq!(
            pair_next_round(&mut t),
            Err(EventError::Pairing(PairingError::RoundInProgress {
                round: 1
            }))
        );
        assert_eq!(t, before, "a refused pairing changes nothing");
        white_wins_all(&mut t);
        assert_eq!(pair_next_round(&mut t), Ok(2));
        // Same as the engine's own next-round pairing on the event before recording.
        let mut check = t.clone();
        undo_last_pairing(&mut check).unwrap();
        let p = dutch::pair_next_round(&check, DutchRules::default()).unwrap();
        let boards: Vec<_> = t.rounds[1]
            .games
            .iter()
            .map(|g| (g.white, g.black))
            .collect();
        assert_eq!(boards, p.boards);
    }

    #[test]
    fn requested_byes_are_left_out_and_kept_through_undo() {
        let mut t = swiss(6, 3);
        request_bye(&mut t, 2, 1, Some(ByeKind::Half)).unwrap();
        request_bye(&mut t, 5, 3, Some(ByeKind::Zero)).unwrap();
        assert_eq!(
            requested_byes(&t),
            vec![(1, 2, ByeKind::Half), (3, 5, ByeKind::Zero)]
        );
        assert_eq!(paired_rounds(&t), 0);
        assert_eq!(pair_next_round(&mut t), Ok(1));
        assert_eq!(t.entry(2, 1), Entry::Bye(ByeKind::Half));
        // 5 players: two boards and a pairing-allocated bye.
        assert_eq!(t.rounds[0].games.len(), 2);
        assert!(t.rounds[0]
            .byes
            .iter()
            .any(|b| b.kind == ByeKind::PairingAllocated));
        // A paired round takes no more requests.
        assert_eq!(
            request_bye(&mut t, 3, 1, Some(ByeKind::Half)),
            Err(EventError::RoundAlreadyPaired(1))
        );
        assert_eq!(undo_last_pairing(&mut t), Ok(1));
        assert_eq!(t.entry(2, 1), Entry::Bye(ByeKind::Half));
        assert!(t.rounds[0].games.is_empty());
        assert_eq!(
            request_bye(&mut t, 3, 1, Some(ByeKind::PairingAllocated)),
            Err(EventError::BadByeKind)
        );
        // Cancelling the last request of round 3 drops the empty round at the end.
        request_bye(&mut t, 5, 3, None).unwrap();
        assert_eq!(t.rounds.len(), 1);
    }

    #[test]
    fn a_far_future_request_does_not_skip_rounds() {
        let mut t = swiss(4, 3);
        request_bye(&mut t, 1, 3, Some(ByeKind::Half)).unwrap();
        assert_eq!(pair_next_round(&mut t), Ok(1));
        assert_eq!(t.rounds[0].games.len(), 2);
        white_wins_all(&mut t);
        assert_eq!(pair_next_round(&mut t), Ok(2));
        white_wins_all(&mut t);
        assert_eq!(pair_next_round(&mut t), Ok(3));
        assert_eq!(t.entry(1, 3), Entry::Bye(ByeKind::Half));
        white_wins_all(&mut t);
        assert_eq!(
            pair_next_round(&mut t),
            Err(EventError::Pairing(PairingError::AllRoundsPaired {
                rounds: 3
            }))
        );
    }

    #[test]
    fn undo_only_without_results() {
        let mut t = swiss(4, 3);
        assert_eq!(undo_last_pairing(&mut t), Err(EventError::NothingToUndo));
        pair_next_round(&mut t).unwrap();
        set_result(&mut t, 1, 1, GameResult::Played(Outcome::Draw)).unwrap();
        let before = t.clone();
        assert_eq!(
            undo_last_pairing(&mut t),
            Err(EventError::RoundHasResults(1))
        );
        assert_eq!(t, before);
        set_result(&mut t, 1, 1, GameResult::Pending).unwrap();
        assert_eq!(undo_last_pairing(&mut t), Ok(1));
        assert!(t.rounds.is_empty());
        assert_eq!(
            set_result(&mut t, 1, 1, GameResult::Pending),
            Err(EventError::UnknownRound(1))
        );
    }

    #[test]
    fn late_entry_is_absent_from_paired_rounds_then_paired() {
        let mut t = swiss(4, 3);
        pair_next_round(&mut t).unwrap();
        white_wins_all(&mut t);
        let no = add_player(
            &mut t,
            Player {
                name: "Late".into(),
                rating: Some(1900),
                ..Player::default()
            },
        )
        .unwrap();
        assert_eq!(no, 5);
        assert_eq!(t.entry(5, 1), Entry::Bye(ByeKind::Zero));
        assert_eq!(pair_next_round(&mut t), Ok(2));
        assert!(matches!(t.entry(5, 2), Entry::Game { .. } | Entry::Bye(_)));
        assert!(matches!(
            remove_player(&mut t, 5),
            Err(EventError::PlayersFixed(_))
        ));
    }

    #[test]
    fn removing_before_round_one_renumbers_requests() {
        let mut t = swiss(5, 3);
        request_bye(&mut t, 4, 2, Some(ByeKind::Half)).unwrap();
        remove_player(&mut t, 2).unwrap();
        assert_eq!(t.players.len(), 4);
        assert_eq!(t.players[1].name, "P3");
        assert_eq!(t.players[1].start_no, 2);
        assert_eq!(t.entry(3, 2), Entry::Bye(ByeKind::Half));
        assert!(t.validate().is_ok());
    }

    #[test]
    fn round_robin_players_change_the_schedule_until_results() {
        let mut t = create("RR", Format::RoundRobin { cycles: 1 }, players(4)).unwrap();
        add_player(
            &mut t,
            Player {
                name: "E".into(),
                ..Player::default()
            },
        )
        .unwrap();
        assert_eq!(t.rounds.len(), 5);
        remove_player(&mut t, 1).unwrap();
        assert_eq!(t.rounds.len(), 3);
        assert_eq!(t.players[0].name, "P2");
        set_result(&mut t, 1, 1, GameResult::Played(Outcome::Draw)).unwrap();
        let before = t.clone();
        assert!(add_player(&mut t, Player::default()).is_err());
        assert!(remove_player(&mut t, 1).is_err());
        assert_eq!(t, before);
        assert_eq!(
            pair_next_round(&mut t),
            Err(EventError::NotSwiss("pairing the next round"))
        );
    }

    #[test]
    fn a_withdrawn_swiss_player_is_not_paired() {
        let mut t = swiss(5, 3);
        request_bye(&mut t, 3, 2, Some(ByeKind::Half)).unwrap();
        withdraw(&mut t, 3, Some(2)).unwrap();
        assert_eq!(requested_byes(&t), vec![]);
        assert_eq!(
            t.withdrawals,
            vec![Withdrawal {
                player: 3,
                after_round: 1
            }]
        );
        pair_next_round(&mut t).unwrap();
        assert!(!matches!(t.entry(3, 1), Entry::None));
        white_wins_all(&mut t);
        pair_next_round(&mut t).unwrap();
        assert_eq!(t.entry(3, 2), Entry::None);
        assert_eq!(t.rounds[1].games.len(), 2);
        // A paired round cannot be withdrawn from; a later one can, and it can be taken back.
        assert!(matches!(
            withdraw(&mut t, 1, Some(2)),
            Err(EventError::WithdrawFromPairedRound { round: 2, .. })
        ));
        withdraw(&mut t, 3, None).unwrap();
        assert!(t.withdrawals.is_empty());
        assert_eq!(
            request_bye(&mut t, 3, 3, Some(ByeKind::Half)),
            Ok(()),
            "back in the event"
        );
    }

    #[test]
    fn a_round_robin_withdrawal_is_recorded_for_the_withdrawal_view() {
        let mut t = create("RR", Format::RoundRobin { cycles: 1 }, players(6)).unwrap();
        withdraw(&mut t, 4, Some(3)).unwrap();
        assert_eq!(
            crate::impute::effective_withdrawals(&t, &[]),
            vec![Withdrawal {
                player: 4,
                after_round: 2
            }]
        );
        // The schedule is untouched: the policies decide what the unplayed games are worth.
        assert_eq!(t.rounds, berger::schedule(6, 1));
        let before = t.clone();
        assert_eq!(
            withdraw(&mut t, 4, Some(6)),
            Err(EventError::UnknownRound(6))
        );
        assert_eq!(t, before);
    }

    #[test]
    fn impossible_pairings_change_nothing() {
        // Two players who have met cannot be paired again (C1): the round is refused.
        let mut t = swiss(2, 3);
        pair_next_round(&mut t).unwrap();
        white_wins_all(&mut t);
        let before = t.clone();
        let e = pair_next_round(&mut t).unwrap_err();
        assert!(matches!(
            e,
            EventError::Pairing(PairingError::NoLegalPairing { round: 2, .. })
        ));
        assert!(e.to_string().contains("round 2 cannot be paired"), "{e}");
        assert_eq!(t, before);
    }

    #[test]
    fn an_event_in_progress_round_trips_through_trf() {
        let mut t = swiss(7, 4);
        request_bye(&mut t, 2, 2, Some(ByeKind::Half)).unwrap();
        pair_next_round(&mut t).unwrap();
        white_wins_all(&mut t);
        set_result(&mut t, 1, 2, GameResult::Forfeit(Some(Color::Black))).unwrap();
        add_player(
            &mut t,
            Player {
                name: "Late".into(),
                rating: Some(1500),
                ..Player::default()
            },
        )
        .unwrap();
        request_bye(&mut t, 3, 4, Some(ByeKind::Zero)).unwrap();
        let back = crate::trf::parse(&crate::trf::write(&t)).unwrap();
        assert_eq!(back.rounds, t.rounds);
        assert_eq!(back.format, t.format);
        assert_eq!(requested_byes(&back), requested_byes(&t));
        let (mut a, mut b) = (t.clone(), back);
        assert_eq!(pair_next_round(&mut a), pair_next_round(&mut b));
        assert_eq!(a.rounds, b.rounds);
    }

    #[test]
    fn result_keys() {
        assert_eq!(
            result_for_key("1"),
            Some(GameResult::Played(Outcome::WhiteWins))
        );
        assert_eq!(result_for_key("="), Some(GameResult::Played(Outcome::Draw)));
        assert_eq!(
            result_for_key("−"),
            Some(GameResult::Forfeit(Some(Color::Black)))
        );
        assert_eq!(
            result_for_key("+"),
            Some(GameResult::Forfeit(Some(Color::White)))
        );
        assert_eq!(result_for_key("x"), None);
    }

    #[test]
    fn the_player_limit_depends_on_the_format() {
        let many = |n: usize| -> Vec<Player> {
            (0..n)
                .map(|i| Player {
                    name: format!("P{i}"),
                    ..Player::default()
                })
                .collect()
        };
        let rr = Format::RoundRobin { cycles: 1 };
        assert!(create("RR", rr, many(model::MAX_ROUND_ROBIN_PLAYERS)).is_ok());
        assert_eq!(
            create("RR", rr, many(model::MAX_ROUND_ROBIN_PLAYERS + 1)).unwrap_err(),
            EventError::TooManyPlayers {
                players: model::MAX_ROUND_ROBIN_PLAYERS + 1,
                max: model::MAX_ROUND_ROBIN_PLAYERS
            }
        );
        let open = Format::Swiss { rounds: 9 };
        assert!(create("Open", open, many(model::MAX_ROUND_ROBIN_PLAYERS + 1)).is_ok());
        let mut full = create("Open", open, many(model::MAX_PLAYERS)).unwrap();
        assert!(matches!(
            add_player(&mut full, many(1).remove(0)),
            Err(EventError::TooManyPlayers { .. })
        ));
    }

    #[test]
    fn ratings_outside_the_model_range_are_refused() {
        let mut ps = players(4);
        ps[2].rating = Some(*model::RATINGS.end() + 1);
        assert!(matches!(
            create("Open", Format::Swiss { rounds: 5 }, ps),
            Err(EventError::BadRating { .. })
        ));
        let mut t = swiss(4, 5);
        let low = Player {
            name: "Low".into(),
            rating: Some(*model::RATINGS.start() - 1),
            ..Player::default()
        };
        assert!(matches!(
            add_player(&mut t, low),
            Err(EventError::BadRating { .. })
        ));
        assert_eq!(t.players.len(), 4);
    }

    /// Issue 13 item 13: the app pairs through the CLI's entry ([`dutch::pair`]) with its round
    /// stated, so a bye requested two rounds ahead stays a request for that round.
    #[test]
    fn the_app_pairs_its_next_round_through_the_clis_entry() {
        let mut t = swiss(8, 5);
        pair_next_round(&mut t).unwrap();
        white_wins_all(&mut t);
        pair_next_round(&mut t).unwrap();
        white_wins_all(&mut t);
        request_bye(&mut t, 5, 4, Some(ByeKind::Half)).unwrap();
        let expected = dutch::pair(&t, RoundToPair::Stated(3), DutchRules::default()).unwrap();
        // Read as a file, the column holding only the request would be the round to pair.
        let as_file = dutch::pair(&t, RoundToPair::FromFile, DutchRules::default()).unwrap();
        assert_eq!(as_file.round, 4);
        assert_eq!(pair_next_round(&mut t), Ok(3));
        let boards: Vec<(StartNo, StartNo)> = t.rounds[2]
            .games
            .iter()
            .map(|g| (g.white, g.black))
            .collect();
        assert_eq!(boards, expected.boards);
        assert!(boards.iter().any(|&(w, b)| w == 5 || b == 5));
        assert_eq!(requested_byes(&t), vec![(4, 5, ByeKind::Half)]);
    }

    /// Issue 13 item 6: withdrawing during a paired round says what happens to the game and
    /// offers the arbiter's two choices.
    #[test]
    fn withdrawing_during_a_paired_round_offers_forfeit_or_next_round() {
        let mut t = swiss(6, 5);
        pair_next_round(&mut t).unwrap();
        let game = t.rounds[0].games[1].clone();
        let p = game.white;
        let e = withdraw(&mut t, p, Some(1)).unwrap_err();
        assert_eq!(
            e,
            EventError::WithdrawFromPairedRound {
                player: p,
                round: 1,
                board: 2,
                opponent: game.black
            }
        );
        assert!(
            e.to_string().contains("forfeit") && e.to_string().contains("round 2"),
            "{e}"
        );
        // Choice 1: forfeit that game, withdraw from the next round on.
        let mut forfeited = t.clone();
        withdraw_forfeiting(&mut forfeited, p, 1).unwrap();
        assert_eq!(
            forfeited.rounds[0].games[1].result,
            GameResult::Forfeit(Some(Color::Black))
        );
        assert_eq!(forfeited.withdrawal_of(p).map(|w| w.after_round), Some(1));
        // Choice 2: withdraw from the next round, the game stays pending.
        withdraw(&mut t, p, Some(2)).unwrap();
        assert_eq!(t.rounds[0].games[1].result, GameResult::Pending);
    }
}
