//! The example event: a 10-player elite single round-robin in which the player rated 2759
//! withdraws after round 5 with 1.0/5.
//!
//! It is *illustrative*: modelled on the case study of Varadhan (2026) (Bucharest 2026, where a
//! 2759-rated player withdrew after five rounds with 1.0/5), with invented names and invented
//! results. It is not the real event's crosstable.

use crate::berger;
use crate::model::{
    Color, Format, GameResult, Info, Outcome, PerPlayer, Player, StartNo, Tournament, Withdrawal,
};

/// Start number of the player who withdraws.
pub const WITHDRAWN: u32 = 4;
/// The round after which they withdraw.
pub const WITHDRAWN_AFTER: u32 = 5;

const PLAYERS: [(&str, &str, &str, u16); 10] = [
    ("Viktor Andersen", "GM", "NOR", 2795),
    ("Lucas Moreau", "GM", "FRA", 2780),
    ("Daniel Okafor", "GM", "NGR", 2762),
    ("Tomás Reyes", "GM", "ESP", 2759),
    ("Mikhail Orlov", "GM", "KAZ", 2748),
    ("Chen Wei", "GM", "CHN", 2742),
    ("Rafael Souza", "GM", "BRA", 2735),
    ("Anand Rao", "GM", "IND", 2729),
    ("Jonas Berg", "GM", "GER", 2722),
    ("Samuel Adeyemi", "GM", "ENG", 2716),
];

/// Results of the complete event, round by round, board by board in Berger-table order, from
/// White's side: `1`, `=` or `0`.
const RESULTS: [[char; 5]; 9] = [
    ['=', '1', '=', '0', '1'],
    ['=', '=', '=', '1', '='],
    ['1', '=', '0', '1', '1'],
    ['=', '0', '=', '=', '='],
    ['=', '0', '0', '=', '='],
    ['0', '1', '0', '=', '='],
    ['0', '=', '1', '=', '0'],
    ['=', '=', '=', '=', '='],
    ['=', '1', '1', '1', '='],
];

fn base() -> Tournament {
    let players = PLAYERS
        .iter()
        .map(|&(name, title, fed, rating)| Player {
            name: name.to_string(),
            title: title.to_string(),
            federation: fed.to_string(),
            rating: Some(rating),
            ..Player::default()
        })
        .collect();
    let mut t = Tournament::new(
        "Elite Round-Robin (illustrative example)",
        Format::RoundRobin { cycles: 1 },
        players,
    );
    t.info = Info {
        city: "Bucharest (illustrative)".into(),
        kind: "Individual: Round-Robin".into(),
        time_control: "Classical".into(),
        note: "Illustrative example modelled on the case study in Varadhan (2026), \
               Bucharest 2026: a 2759-rated player withdraws after round 5 with 1.0/5. Names \
               and results are invented; this is not the real event's crosstable."
            .into(),
        ..Info::default()
    };
    t.initial_colour = Some(Color::White);
    t.rounds = berger::schedule(10, 1);
    for (round, results) in t.rounds.iter_mut().zip(RESULTS) {
        for (game, code) in round.games.iter_mut().zip(results) {
            game.result = GameResult::Played(match code {
                '1' => Outcome::WhiteWins,
                '0' => Outcome::BlackWins,
                _ => Outcome::Draw,
            });
        }
    }
    t
}

/// The complete event with every game played (for the what-if explorer).
pub fn complete() -> Tournament {
    let mut t = base();
    t.name = "Elite Round-Robin, all games played (illustrative example)".into();
    t
}

/// The event as the organiser has it: player 4 withdrew after round 5; their later games are
/// recorded as forfeit wins for the opponents, as an arbiter would enter them.
pub fn withdrawal() -> Tournament {
    let mut t = base();
    for round in t.rounds.iter_mut().skip(WITHDRAWN_AFTER as usize) {
        for game in &mut round.games {
            if let Some(colour) = game.colour_of(WITHDRAWN) {
                game.result = GameResult::Forfeit(Some(colour.opposite()));
            }
        }
    }
    t.withdrawals.push(Withdrawal {
        player: WITHDRAWN,
        after_round: WITHDRAWN_AFTER,
    });
    t
}

/// The Learn page's small event: a 6-player single round-robin (5 rounds) in which player 1,
/// W, will withdraw. The players' ratings are `ratings` (by start number; a player it has no
/// rating for is unrated). Every game is played: W's results are `w_results` (one per round,
/// from W's side: 2 = win, 1 = draw, 0 = loss), the others' games follow a fixed pattern. The
/// page hides W's games after the chosen round with [`crate::sensitivity::hidden_after`].
pub fn lesson(ratings: &PerPlayer<u16>, w_results: [u8; 5]) -> Tournament {
    const NAMES: [&str; 6] = ["Wanda (W)", "Ana", "Ben", "Cleo", "Dev", "Eli"];
    let players = (1..)
        .zip(NAMES)
        .map(|(p, name): (StartNo, _)| Player {
            name: name.to_string(),
            rating: ratings.get(p).copied(),
            ..Player::default()
        })
        .collect();
    let mut t = Tournament::new(
        "Learn: a small round-robin",
        Format::RoundRobin { cycles: 1 },
        players,
    );
    t.rounds = berger::schedule(6, 1);
    // The other games: the lower start number wins, draws, loses in turn.
    let mut pattern = [Outcome::WhiteWins, Outcome::Draw, Outcome::BlackWins]
        .into_iter()
        .cycle();
    for (r, round) in t.rounds.iter_mut().enumerate() {
        for game in &mut round.games {
            game.result = GameResult::Played(match game.colour_of(1) {
                Some(colour) => {
                    let code = w_results[r].min(2);
                    match (code, colour) {
                        (1, _) => Outcome::Draw,
                        (2, Color::White) | (0, Color::Black) => Outcome::WhiteWins,
                        _ => Outcome::BlackWins,
                    }
                }
                None => pattern.next().unwrap_or(Outcome::Draw),
            });
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::HalfPoints;

    #[test]
    fn lesson_is_complete_with_ws_results() {
        let ratings = PerPlayer::from_vec(vec![2500, 2400, 2450, 2350, 2300, 2250]);
        let t = lesson(&ratings, [2, 1, 0, 1, 2]);
        t.validate().expect("valid");
        assert_eq!(t.points(1), HalfPoints(6), "win, draw, loss, draw, win");
        let total: HalfPoints = (1..=6).map(|p| t.points(p)).sum();
        assert_eq!(total, HalfPoints(30), "15 games, 15 points");
    }

    #[test]
    fn example_is_valid_and_complete() {
        let t = complete();
        t.validate().expect("valid");
        let total: HalfPoints = (1..=10).map(|p| t.points(p)).sum();
        assert_eq!(total, HalfPoints(90), "45 games, 45 points");
    }

    #[test]
    fn withdrawn_player_has_one_point_from_five() {
        let t = withdrawal();
        t.validate().expect("valid");
        let played = (1..=5)
            .filter(|&r| match t.entry(WITHDRAWN, r) {
                crate::model::Entry::Game { result, .. } => result.is_played(),
                _ => false,
            })
            .count();
        assert_eq!(played, 5);
        assert_eq!(t.points(WITHDRAWN), HalfPoints(2));
        assert_eq!(t.player(WITHDRAWN).and_then(|p| p.rating), Some(2759));
        assert_eq!(
            t.detect_withdrawals(),
            vec![Withdrawal {
                player: WITHDRAWN,
                after_round: WITHDRAWN_AFTER
            }]
        );
    }
}
