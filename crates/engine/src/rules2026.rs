//! What the event's rules mean for its players: scores with the event's point system, the
//! virtual points of its acceleration, the prohibited pairings and the checks before a rule is
//! changed. The rules themselves are typed fields of the event ([`crate::model::Rules`],
//! re-exported here with their records' types).

pub use crate::model::rules::*;
use crate::model::{PerPlayer, StartNo, Tournament};
use std::fmt;

impl Tournament {
    /// The event's point system (`162`; the standard one unless chosen).
    pub fn point_system(&self) -> PointSystem {
        self.rules.points
    }

    /// Sets the point system.
    pub fn set_point_system(&mut self, ps: PointSystem) {
        self.rules.points = ps;
    }

    /// A player's score with the event's point system (pending games count nothing).
    pub fn score(&self, player: StartNo) -> Tenths {
        let ps = self.point_system();
        (1..=self.rounds.len() as u32)
            .filter_map(|r| ps.points(self.entry(player, r)))
            .sum()
    }

    /// Every player's [`Tournament::score`] at once, in `players` order: the rounds walked
    /// once ([`Tournament::entries`]).
    pub fn scores(&self) -> Vec<Tenths> {
        let ps = self.point_system();
        self.entries(self.rounds.len() as u32)
            .iter()
            .map(|row| ps.total(row))
            .collect()
    }

    /// The `192` tournament-type code, if the event has one ([`Rules::type_code`]).
    pub fn type_code(&self) -> Option<String> {
        self.rules.type_code()
    }

    /// The event's acceleration: `250` records when there are any, else Baku when the `192`
    /// code says so.
    pub fn acceleration(&self) -> Acceleration<'_> {
        self.rules.acceleration()
    }

    /// Turns Baku acceleration on or off. The event's `192` code keeps its system (a file's
    /// `FIDE_DUTCH_2025` stays 2025); an event without a code writes
    /// `FIDE_DUTCH_2026_BAKU` while Baku is on ([`Rules::type_code`]) and still has no code
    /// when it is turned off: turning a rule off invents nothing. Explicit `250` records are
    /// left alone.
    pub fn set_baku(&mut self, on: bool) {
        self.rules.baku = on;
    }

    /// Virtual points of every player (by start number) in `round`: what the acceleration adds
    /// to the score for pairing that round, Baku's group A as C.04.5.1 writes it
    /// ([`BakuGroupA::HalfRoundedUpToEven`]). Never counted in standings.
    pub fn virtual_points(&self, round: u32) -> PerPlayer<Tenths> {
        self.virtual_points_as(round, BakuGroupA::default())
    }

    /// [`Tournament::virtual_points`] with Baku's group A read as `group` says.
    ///
    /// # Formula (C.04.5.1, Baku Acceleration)
    /// Group A is [`Tournament::baku_group_a`]: by the text, everyone listed up to the
    /// 2·⌈N/4⌉-th player paired in round 1 (N of them).
    /// "The 'accelerated rounds' are the ones in the first half (rounded up) of the
    /// tournament": rounds 1 … ⌈R/2⌉ of R. Group A gets a win's points before "the first half
    /// (rounded up) of the accelerated rounds", rounds 1 … ⌈⌈R/2⌉/2⌉, a draw's in the others
    /// ("reduced to 0.5"), nothing after. (With 0-based round indices: ⌊(R−1)/2⌋ is the last
    /// accelerated one, half of it rounded down the last with a win's points.)
    pub fn virtual_points_as(&self, round: u32, group: BakuGroupA) -> PerPlayer<Tenths> {
        let n = self.players.len();
        let mut out = PerPlayer::filled(n, 0);
        match self.acceleration() {
            Acceleration::None => {}
            Acceleration::Records(records) => {
                for r in records
                    .iter()
                    .filter(|r| (r.first_round..=r.last_round).contains(&round))
                {
                    for p in r.first_player..=r.last_player.min(n as u32) {
                        out[p] = r.points;
                    }
                }
            }
            Acceleration::Baku => {
                let ps = self.point_system();
                let total = self.scheduled_rounds();
                if total == 0 || round == 0 {
                    return out;
                }
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
                for (v, &in_a) in out.values_mut().zip(self.baku_group_a(group).values()) {
                    if in_a {
                        *v = points;
                    }
                }
            }
        }
        out
    }

    /// Who is in Baku's group A (by start number), read as `group` says.
    ///
    /// By the text ([`BakuGroupA::HalfRoundedUpToEven`]), N counts the players with a
    /// pairing number before round 1: FIDE's Swiss pairing commission ruled (2026-08-28) that
    /// a player who has not yet arrived has none, so a player without a round-1 pairing (a
    /// late entry, an absence or bye entered for round 1) is not counted. The last GA player
    /// is the 2·⌈N/4⌉-th of those, and stays so ("The last GA-player shall be the same as in
    /// the previous round", C.04.5.1, Late entries): group A is everyone listed up to them,
    /// so a player absent in round 1 but listed above them joins it on arrival, and a late
    /// entry listed below them never does. By bbpPairings' reading
    /// ([`BakuGroupA::HalfRoundedUp`]) it is the first ⌈N/2⌉ players of the file, N all of
    /// them.
    pub fn baku_group_a(&self, group: BakuGroupA) -> PerPlayer<bool> {
        let n = self.players.len();
        match group {
            BakuGroupA::HalfRoundedUp => {
                let size = group.size(n);
                PerPlayer::from_fn(n, |p| p as usize <= size)
            }
            BakuGroupA::HalfRoundedUpToEven => {
                let arrived = self.paired_in_round_one();
                let size = group.size(arrived.values().filter(|&&a| a).count());
                let last = arrived
                    .iter()
                    .filter(|(_, &a)| a)
                    .nth(size.saturating_sub(1))
                    .map(|(p, _)| p);
                match (size, last) {
                    (1.., Some(last)) => PerPlayer::from_fn(n, |p| p <= last),
                    _ => PerPlayer::filled(n, false),
                }
            }
        }
    }

    /// Who has a pairing number before round 1, by start number: once round 1 is paired
    /// (it holds a game or the PAB), the players paired in it, forfeits included; before,
    /// everyone without a bye or absence entered or requested for it who has not withdrawn.
    fn paired_in_round_one(&self) -> PerPlayer<bool> {
        use crate::model::{ByeKind, Entry};
        let paired = self.rounds.first().is_some_and(|r| {
            !r.games.is_empty() || r.byes.iter().any(|b| b.kind == ByeKind::PairingAllocated)
        });
        // One pass over round 1 (`entries`), not a search of it per player: a 5,000-player
        // event asks this for every round it pairs.
        self.players
            .iter()
            .zip(self.entries(1))
            .map(
                |(p, row)| match row.first().copied().unwrap_or(Entry::None) {
                    Entry::Game { .. } | Entry::Bye(ByeKind::PairingAllocated) => true,
                    Entry::Bye(_) => false,
                    Entry::None => {
                        !paired
                            && self.request_of(p.start_no, 1).is_none()
                            && self
                                .withdrawal_of(p.start_no)
                                .is_none_or(|w| w.after_round > 0)
                    }
                },
            )
            .collect()
    }

    /// Why the event's point system cannot go with its acceleration, if it cannot
    /// ([`PointSystem::allows_baku`]).
    pub fn acceleration_problem(&self) -> Option<BakuPoints> {
        let ps = self.point_system();
        (self.acceleration() == Acceleration::Baku && !ps.allows_baku())
            .then_some(BakuPoints { points: ps })
    }

    /// The prohibited pairings (`260` records), in their order.
    pub fn prohibited_pairings(&self) -> &[Prohibited] {
        &self.rules.prohibited
    }

    /// Replaces the prohibited pairings.
    pub fn set_prohibited_pairings(&mut self, groups: &[Prohibited]) {
        self.rules.prohibited = groups.to_vec();
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
        self.rules.prohibited.push(g);
        Ok(())
    }

    /// Removes the `index`-th group (in [`Tournament::prohibited_pairings`] order).
    pub fn remove_prohibited(&mut self, index: usize) {
        if index < self.rules.prohibited.len() {
            self.rules.prohibited.remove(index);
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
        self.rules
            .prohibited
            .iter()
            .any(|g| g.applies(round) && g.players.contains(&a) && g.players.contains(&b))
    }
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
        assert_eq!(t.prohibited_pairings(), [g(2, 3, &[5, 6])]);
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
        assert_eq!(t.virtual_points(1).as_slice(), [0; 9]);
        t.set_baku(true);
        assert_eq!(t.acceleration(), Acceleration::Baku);
        assert_eq!(t.type_code().as_deref(), Some("FIDE_DUTCH_2026_BAKU"));
        // 9 players: group A is 2·⌈9/4⌉ = 6 by the text (bbpPairings 6.0.0: ⌈9/2⌉ = 5).
        assert_eq!(
            t.virtual_points(1).as_slice(),
            [10, 10, 10, 10, 10, 10, 0, 0, 0]
        );
        assert_eq!(
            t.virtual_points_as(1, BakuGroupA::HalfRoundedUp).as_slice(),
            [10, 10, 10, 10, 10, 0, 0, 0, 0]
        );
        // 9 rounds: five accelerated, "one virtual point in the first three rounds, and half
        // virtual point in the" fourth and fifth (C.04.5.1's example).
        let top: Vec<u32> = (1..=9).map(|r| t.virtual_points(r)[1]).collect();
        assert_eq!(top, [10, 10, 10, 5, 5, 0, 0, 0, 0]);
        // Turning Baku off invents no code for an event that had none.
        t.set_baku(false);
        assert_eq!(t.type_code(), None);
        assert_eq!(t.acceleration(), Acceleration::None);
        assert_eq!(t.virtual_points(1).as_slice(), [0; 9]);
        // A code of the event's own (read from a file) is kept either way.
        t.rules.set_type_code("FIDE_DUTCH_2025");
        t.set_baku(true);
        assert_eq!(t.type_code().as_deref(), Some("FIDE_DUTCH_2025_BAKU"));
        t.set_baku(false);
        assert_eq!(t.type_code().as_deref(), Some("FIDE_DUTCH_2025"));
    }

    /// The ruling of FIDE's Swiss pairing commission (2026-08-28): a player who has not yet
    /// arrived has no pairing number, so does not count in Baku's N; and C.04.5.1 keeps the
    /// last GA player once set, so a late entry does not move the line.
    #[test]
    fn baku_counts_the_players_paired_in_round_one() {
        use crate::model::{Bye, ByeKind, Game, GameResult, Outcome, Round};
        let players = (0..10).map(|_| Player::default()).collect();
        let mut t = Tournament::new("t", Format::Swiss { rounds: 7 }, players);
        t.set_baku(true);
        let text = BakuGroupA::HalfRoundedUpToEven;
        let bbp = BakuGroupA::HalfRoundedUp;
        let a = |t: &Tournament, g| -> Vec<u32> {
            let v = t.baku_group_a(g);
            v.start_nos().filter(|&p| v[p]).collect()
        };
        assert_eq!(a(&t, text), [1, 2, 3, 4, 5, 6]);
        // Player 3 will not be there in round 1: nine players have a pairing number, group A
        // is 2·⌈9/4⌉ = 6 of them, the last being player 7; player 3, listed above, is in A
        // when they come. bbpPairings counts the file: ⌈10/2⌉ = 5, players 1–5.
        t.rounds.push(Round {
            games: vec![],
            byes: vec![Bye {
                player: 3,
                kind: ByeKind::Zero,
            }],
        });
        assert_eq!(a(&t, text), [1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(a(&t, bbp), [1, 2, 3, 4, 5]);
        let vp = t.virtual_points(1);
        let paired_with_points = (1..=10u32).filter(|&p| p != 3 && vp[p] > 0).count();
        assert_eq!(paired_with_points, 6, "an even group A among those paired");
        // Round 1 is played; a late entry (player 11) joins: the line stays after player 7.
        let game = |white, black| Game {
            white,
            black,
            result: GameResult::Played(Outcome::Draw),
        };
        t.rounds[0].games = vec![game(1, 5), game(6, 2), game(4, 7), game(8, 9)];
        t.rounds[0].byes.push(Bye {
            player: 10,
            kind: ByeKind::PairingAllocated,
        });
        assert_eq!(a(&t, text), [1, 2, 3, 4, 5, 6, 7]);
        t.players.push(Player {
            start_no: 11,
            ..Player::default()
        });
        t.rounds[0].byes.push(Bye {
            player: 11,
            kind: ByeKind::Zero,
        });
        assert_eq!(a(&t, text), [1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(t.virtual_points(2)[11], 0);
        assert_eq!(a(&t, bbp), [1, 2, 3, 4, 5, 6], "bbpPairings' line moves");
    }

    /// The accelerated rounds for every length: ⌈R/2⌉ of them, the first ⌈⌈R/2⌉/2⌉ with a
    /// win's points (C.04.5.1, "Virtual points"), computed here from the text's words.
    #[test]
    fn baku_accelerates_the_first_half_of_the_rounds() {
        for rounds in 1..=15u32 {
            let players = (0..4).map(|_| Player::default()).collect();
            let mut t = Tournament::new("t", Format::Swiss { rounds }, players);
            t.set_baku(true);
            let accelerated = rounds.div_ceil(2);
            let full = accelerated.div_ceil(2);
            for r in 1..=rounds {
                let want = if r <= full {
                    10
                } else if r <= accelerated {
                    5
                } else {
                    0
                };
                assert_eq!(t.virtual_points(r)[1], want, "{rounds} rounds, round {r}");
                assert_eq!(t.virtual_points(r)[4], 0, "group B gets nothing");
            }
        }
    }
}
