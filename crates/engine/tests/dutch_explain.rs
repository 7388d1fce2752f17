//! "Why this pairing?" (`engine::dutch::explain`): every board of every round of the
//! reference tournaments in `fixtures/dutch/` gets an explanation consistent with the round —
//! its colours are the ones art. 5.2 gives, a floater is named exactly when the scores differ, a
//! rematch named as the obstacle is one — and small positions built here show each kind of
//! reason.

use engine::dutch::explain::{explain_round, ColourWhy, Decided, Obstacle};
use engine::dutch::{pair_round, DutchRules};
use engine::model::{Entry, Format, Game, GameResult, Outcome, Player, Round, Tournament};
use std::collections::BTreeMap;

#[path = "support/dutch_rounds.rs"]
mod dutch_rounds;

fn event(n: u32, rounds: u32) -> Tournament {
    let players = (0..n)
        .map(|i| Player {
            name: format!("P{}", i + 1),
            rating: Some(2400 - i as u16 * 10),
            ..Player::default()
        })
        .collect();
    Tournament::new("why", Format::Swiss { rounds }, players)
}

/// Plays `round` as the engine pairs it, every game with `outcome`.
fn play(t: &mut Tournament, round: u32, outcome: Outcome) {
    let p = pair_round(t, round, DutchRules::Fide2025).expect("a pairing");
    t.rounds.push(Round {
        games: p
            .boards
            .iter()
            .map(|&(white, black)| Game {
                white,
                black,
                result: GameResult::Played(outcome),
            })
            .collect(),
        ..Round::default()
    });
}

#[test]
fn round_one_is_natural_with_colours_by_pairing_number() {
    let mut t = event(8, 5);
    play(&mut t, 1, Outcome::Draw);
    let why = explain_round(&t, 1, DutchRules::Fide2025).unwrap();
    assert_eq!(why.len(), 4);
    for (i, b) in why.iter().enumerate() {
        assert_eq!(
            b.decided,
            Decided::Natural {
                position: i as u32 + 1
            },
            "{b:?}"
        );
        assert_eq!(b.floater, None);
        let higher = b.white.min(b.black);
        assert_eq!(b.colour, ColourWhy::InitialColour(higher), "{b:?}");
    }
}

#[test]
fn a_rematch_is_named_as_the_obstacle_to_the_natural_pair() {
    // Round 1 (all draws) pairs S1 1, 2, 3 against S2 4, 5, 6; everyone stays in one score
    // group, so round 2's natural pairing would repeat every game, and player 1 must take
    // another S2 player.
    let mut t = event(6, 3);
    play(&mut t, 1, Outcome::Draw);
    play(&mut t, 2, Outcome::Draw);
    let why = explain_round(&t, 2, DutchRules::Fide2025).unwrap();
    let top = why
        .iter()
        .find(|b| b.white == 1 || b.black == 1)
        .expect("player 1's board");
    let opponent = top.white.max(top.black);
    assert!(
        opponent > 3,
        "player 1 should still meet an S2 player: {top:?}"
    );
    assert_eq!(
        top.decided,
        Decided::NotNatural {
            player: 1,
            natural: 4,
            because: Obstacle::Met { round: 1 }
        }
    );
}

#[test]
fn a_player_moved_down_is_named_as_the_floater() {
    // Round 1: two draws and one win, so the winner is alone on 1 point and must float down
    // into the ½-point group in round 2.
    let mut t = event(6, 4);
    play(&mut t, 1, Outcome::WhiteWins);
    t.rounds[0].games[0].result = GameResult::Played(Outcome::Draw);
    t.rounds[0].games[1].result = GameResult::Played(Outcome::Draw);
    play(&mut t, 2, Outcome::Draw);
    let why = explain_round(&t, 2, DutchRules::Fide2025).unwrap();
    let moved: Vec<_> = why
        .iter()
        .filter(|b| b.decided == Decided::MovedDown)
        .collect();
    assert!(!moved.is_empty(), "{why:?}");
    for b in moved {
        let higher = if b.scores[0] > b.scores[1] {
            b.white
        } else {
            b.black
        };
        assert_eq!(b.floater, Some(higher));
        assert_eq!(b.group, b.scores[0].min(b.scores[1]));
    }
}

#[test]
fn every_reference_round_is_explained_consistently() {
    let mut kinds: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut boards = 0;
    for dir in dutch_rounds::tournaments() {
        let text = std::fs::read_to_string(dir.join("full.trf")).unwrap();
        let t = engine::trf::parse(&text).unwrap();
        for round in 1..=t.rounds.len() as u32 {
            let games = t.rounds[round as usize - 1].games.len();
            let why = explain_round(&t, round, DutchRules::Fide2025)
                .unwrap_or_else(|e| panic!("{} round {round}: {e}", dir.display()));
            assert_eq!(why.len(), games, "{} round {round}", dir.display());
            for b in &why {
                let at = format!(
                    "{} round {round} board {}–{}",
                    dir.display(),
                    b.white,
                    b.black
                );
                assert_ne!(b.colour, ColourWhy::NotByRule, "{at}");
                assert_eq!(b.floater.is_some(), b.scores[0] != b.scores[1], "{at}");
                assert_eq!(b.group, b.scores[0].min(b.scores[1]), "{at}");
                let kind = match b.decided {
                    Decided::MovedDown => "moved down",
                    Decided::Natural { .. } => "natural",
                    Decided::Exchange => "exchange",
                    Decided::NotNatural {
                        player,
                        natural,
                        because,
                    } => {
                        if let Obstacle::Met { round: r } = because {
                            assert!(r < round, "{at}");
                            assert!(
                                matches!(t.entry(player, r), Entry::Game { opponent, result, .. }
                                    if opponent == natural && result.is_played()),
                                "{at}: {player} and {natural} did not meet in round {r}"
                            );
                        }
                        match because {
                            Obstacle::Met { .. } => "rematch",
                            Obstacle::Prohibited => "prohibited",
                            Obstacle::SameAbsoluteColour => "C3",
                            Obstacle::SamePreference => "C12",
                            Obstacle::SameStrongPreference => "C13",
                            Obstacle::RestOfBracket => "rest of bracket",
                        }
                    }
                };
                *kinds.entry(kind).or_default() += 1;
                boards += 1;
            }
        }
    }
    eprintln!("{boards} boards explained: {kinds:?}");
    // The reference set is large enough to need every common reason; a kind that never
    // occurs would mean the explanation has stopped telling them apart.
    for kind in [
        "moved down",
        "natural",
        "exchange",
        "rematch",
        "C12",
        "rest of bracket",
    ] {
        assert!(
            kinds.get(kind).copied().unwrap_or(0) > 0,
            "no {kind} board in {kinds:?}"
        );
    }
}
