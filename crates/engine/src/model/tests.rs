//! The tests of the model (`model/mod.rs`).

use super::*;

#[test]
fn half_points_display_is_shortest_exact() {
    assert_eq!(HalfPoints(0).to_string(), "0");
    assert_eq!(HalfPoints(5).to_string(), "2.5");
    assert_eq!(HalfPoints(8).to_string(), "4");
}

#[test]
fn result_points_by_colour() {
    let r = GameResult::Played(Outcome::WhiteWins);
    assert_eq!(r.points_for(Color::White), Some(HalfPoints::ONE));
    assert_eq!(r.points_for(Color::Black), Some(HalfPoints::ZERO));
    let d = GameResult::Forfeit(None);
    assert_eq!(d.points_for(Color::White), Some(HalfPoints::ZERO));
    assert_eq!(d.points_for(Color::Black), Some(HalfPoints::ZERO));
    assert_eq!(GameResult::Pending.points_for(Color::White), None);
}

fn players(n: u32) -> Vec<Player> {
    (1..=n)
        .map(|i| Player {
            name: format!("P{i}"),
            rating: Some(2000),
            ..Player::default()
        })
        .collect()
}

#[test]
fn validate_rejects_double_pairing() {
    let mut t = Tournament::new("x", Format::RoundRobin { cycles: 1 }, players(4));
    t.rounds.push(Round {
        games: vec![
            Game {
                white: 1,
                black: 2,
                result: GameResult::Pending,
            },
            Game {
                white: 2,
                black: 3,
                result: GameResult::Pending,
            },
        ],
        byes: vec![],
    });
    assert_eq!(
        t.validate(),
        Err(ModelError::PlaysTwice {
            round: 1,
            player: 2
        })
    );
}

#[test]
fn scheduled_rounds_for_odd_and_double() {
    let t = Tournament::new("x", Format::RoundRobin { cycles: 2 }, players(5));
    assert_eq!(t.scheduled_rounds(), 10);
    assert_eq!(t.scheduled_games_per_player(), 8);
    let t = Tournament::new("x", Format::RoundRobin { cycles: 1 }, players(10));
    assert_eq!(t.scheduled_rounds(), 9);
}

#[test]
fn ratings_are_read_within_the_model_range() {
    assert_eq!(parse_rating("  "), Ok(None));
    assert_eq!(parse_rating(" 2750 "), Ok(Some(2750)));
    assert_eq!(
        parse_rating(&RATINGS.start().to_string()),
        Ok(Some(*RATINGS.start()))
    );
    assert_eq!(
        parse_rating(&RATINGS.end().to_string()),
        Ok(Some(*RATINGS.end()))
    );
    for bad in ["99", "3501", "28x3", "-5", "2750.5", "70000"] {
        let e = parse_rating(bad).unwrap_err();
        assert_eq!(e.text, bad);
        assert!(e.to_string().contains("from 100 to 3500"), "{e}");
    }
    assert!(check_rating(*RATINGS.end() + 1).is_err());
}

#[test]
fn the_format_gives_the_tiebreak_system_and_the_player_limit() {
    let rr = Format::RoundRobin { cycles: 2 };
    let swiss = Format::Swiss { rounds: 7 };
    assert_eq!(rr.system(), System::RoundRobin);
    assert_eq!(swiss.system(), System::Swiss);
    assert_eq!(max_players(rr), MAX_ROUND_ROBIN_PLAYERS);
    assert_eq!(max_players(swiss), MAX_PLAYERS);
}

#[test]
fn the_event_owns_its_tiebreak_list() {
    use crate::tiebreak::Tiebreak;
    let mut t = Tournament::new("E", Format::Swiss { rounds: 5 }, Vec::new());
    assert_eq!(t.chosen_tiebreaks(), None);
    assert_eq!(t.tiebreaks(), Tiebreak::preset(System::Swiss));
    let list = Tiebreak::parse_list("SB, WIN").expect("codes");
    t.set_tiebreaks(&list);
    t.set_tiebreaks(&list);
    assert_eq!(t.chosen_tiebreaks(), Some(&list[..]));
    assert_eq!(t.tiebreaks(), list);
    assert!(t.extra_records.is_empty(), "{:?}", t.extra_records);
    // An empty list is a choice (points only), and survives TRF and JSON.
    t.set_tiebreaks(&[]);
    assert_eq!(t.chosen_tiebreaks(), Some(&[][..]));
    assert_eq!(t.tiebreaks(), Vec::new());
    assert_eq!(
        crate::trf::parse(&crate::trf::write(&t))
            .expect("trf")
            .tiebreaks(),
        Vec::new()
    );
    assert_eq!(
        crate::json::parse(&crate::json::to_string(&t))
            .expect("json")
            .tiebreaks(),
        Vec::new()
    );
    t.clear_tiebreaks();
    assert_eq!(t.chosen_tiebreaks(), None);
    assert_eq!(t.tiebreaks(), Tiebreak::preset(System::Swiss));
}

/// Issue 13 item 2: right after pairing round 2 the event has one complete round, not two;
/// a half-point bye requested for round 5 is a request, not a played round.
#[test]
fn round_progress_counts_complete_paired_and_requested_rounds() {
    use crate::event;
    let players = (1..=6)
        .map(|i| Player {
            name: format!("P{i}"),
            rating: Some(2000 + i as u16),
            ..Player::default()
        })
        .collect();
    let mut t = event::create("Open", Format::Swiss { rounds: 5 }, players).unwrap();
    assert_eq!(t.round_progress(), RoundProgress::default());
    event::pair_next_round(&mut t).unwrap();
    for b in 1..=3 {
        event::set_result(&mut t, 1, b, GameResult::Played(Outcome::Draw)).unwrap();
    }
    event::pair_next_round(&mut t).unwrap();
    let expected = RoundProgress {
        complete: 1,
        paired: 2,
        requested: 0,
    };
    assert_eq!(t.round_progress(), expected);
    event::request_bye(&mut t, 1, 5, Some(ByeKind::Half)).unwrap();
    assert_eq!(
        t.round_progress(),
        RoundProgress {
            requested: 1,
            ..expected
        }
    );
    event::set_result(&mut t, 2, 1, GameResult::Played(Outcome::WhiteWins)).unwrap();
    assert_eq!(
        t.round_progress().complete,
        1,
        "a round with a pending game"
    );
}

/// Issue 13 item 3: the players a TRF export shortens are the ones the writer cuts.
#[test]
fn names_shortened_in_trf_match_the_writer() {
    let long = "W".repeat(200);
    let players = vec![
        Player {
            name: long.clone(),
            ..Player::default()
        },
        Player {
            name: "X".repeat(TRF_NAME_WIDTH),
            ..Player::default()
        },
    ];
    let t = Tournament::new("Open", Format::Swiss { rounds: 3 }, players);
    assert_eq!(names_shortened_in_trf(&t), vec![1]);
    let back = crate::trf::parse(&crate::trf::write(&t)).unwrap();
    assert_eq!(back.players[0].name, long[..TRF_NAME_WIDTH]);
    assert_eq!(back.players[1].name, t.players[1].name);
}
