//! The tests of `event.rs` (kept apart so that the operations fit one file).

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
    let r = t.paired_rounds();
    for b in 1..=t.round(r).expect("a paired round").games.len() {
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
    assert_eq!(rr.paired_rounds(), 10);
    let sw = swiss(7, 4);
    assert!(sw.rounds.is_empty());
    assert_eq!(sw.tiebreaks(), Tiebreak::preset(System::Swiss));
    assert_eq!(rr.type_code(), None);
}

/// Issue 29: a Swiss Crosstable creates is written with TRF-2026's code, with `_BAKU` while
/// Baku is on; turning Baku off keeps the system's code and adds none.
#[test]
fn a_new_swiss_carries_the_2026_code() {
    let mut t = swiss(7, 4);
    assert_eq!(t.type_code().as_deref(), Some("FIDE_DUTCH_2026"));
    t.set_baku(true);
    assert_eq!(t.type_code().as_deref(), Some("FIDE_DUTCH_2026_BAKU"));
    let text = crate::trf::write(&t);
    assert!(text.contains("\n192 FIDE_DUTCH_2026_BAKU\n"), "{text}");
    t.set_baku(false);
    assert_eq!(t.type_code().as_deref(), Some("FIDE_DUTCH_2026"));
    let back = crate::trf::parse(&crate::trf::write(&t)).unwrap();
    assert_eq!(back.type_code().as_deref(), Some("FIDE_DUTCH_2026"));
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
    assert_eq!(t.paired_rounds(), 0);
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
    // Unpaired again, round 1 holds nothing: the half-point bye is a request once more.
    assert!(t.rounds.is_empty());
    assert_eq!(t.request_of(2, 1), Some(ByeKind::Half));
    assert_eq!(
        request_bye(&mut t, 3, 1, Some(ByeKind::PairingAllocated)),
        Err(EventError::BadByeKind)
    );
    request_bye(&mut t, 5, 3, None).unwrap();
    assert_eq!(requested_byes(&t), vec![(1, 2, ByeKind::Half)]);
}

/// Issue 27 item 6: a bye asked for ahead counts only once its round is paired — not in the
/// points, the standings, the tie-breaks, nor the TRF's points and rank columns before.
#[test]
fn a_bye_requested_ahead_counts_only_in_its_round() {
    let mut t = swiss(6, 4);
    request_bye(&mut t, 6, 4, Some(ByeKind::Half)).unwrap();
    // Everything counted must be what the same event without the request gives.
    let unplayed = |t: &Tournament| {
        let mut plain = t.clone();
        plain.requests.clear();
        assert_eq!(t.points(6), plain.points(6));
        assert_eq!(t.scores(), plain.scores());
        let config = crate::tiebreak::Config {
            tiebreaks: t.tiebreaks(),
            ..Default::default()
        };
        assert_eq!(
            crate::tiebreak::standings(t, &config),
            crate::tiebreak::standings(&plain, &config)
        );
        let trf = crate::trf::write(t);
        let plain_trf = crate::trf::write(&plain);
        let players = |trf: &str| -> Vec<String> {
            trf.lines()
                .filter(|l| l.starts_with("001"))
                .map(|l| l[80..89].to_owned())
                .collect()
        };
        assert_eq!(
            players(&trf),
            players(&plain_trf),
            "points and rank columns"
        );
        let line = trf.lines().find(|l| l.starts_with("001    6")).unwrap();
        assert!(
            line.ends_with("0000 - H"),
            "the request in its column: {line}"
        );
        let back = crate::trf::parse(&trf).unwrap();
        assert_eq!(back.requests, t.requests);
        assert_eq!(back.scores(), t.scores());
        let json = crate::json::parse(&crate::json::to_string(t)).unwrap();
        assert_eq!(&json, t);
    };
    unplayed(&t);
    for round in 1..=3 {
        assert_eq!(pair_next_round(&mut t), Ok(round));
        unplayed(&t);
        for b in 1..=3 {
            set_result(&mut t, round, b, GameResult::Played(Outcome::Draw)).unwrap();
        }
    }
    // Round 4 paired: the bye is the round's, and counts.
    assert_eq!(pair_next_round(&mut t), Ok(4));
    assert!(t.requests.is_empty());
    assert_eq!(t.entry(6, 4), Entry::Bye(ByeKind::Half));
    assert_eq!(t.points(6), crate::model::HalfPoints(4));
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
    assert_eq!(t.request_of(3, 2), Some(ByeKind::Half));
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
        Err(EventError::NotSwiss(SwissOnly::PairNextRound))
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

#[test]
fn the_default_round_follows_rounds_played_not_the_last_result() {
    let mut rr = create("x", Format::RoundRobin { cycles: 1 }, players(6)).unwrap();
    assert_eq!(next_round_to_request(&rr), 1);
    assert!(is_ongoing(&rr));
    for b in 1..=3 {
        set_result(&mut rr, 1, b, GameResult::Played(Outcome::Draw)).unwrap();
    }
    assert_eq!(next_round_to_request(&rr), 2);
    // One early result in round 4 leaves round 2 the next (the old rule said 5).
    set_result(&mut rr, 4, 1, GameResult::Played(Outcome::WhiteWins)).unwrap();
    assert_eq!(rr.last_round_with_results(), 4);
    assert_eq!(next_round_to_request(&rr), 2);
    assert!(is_ongoing(&rr));
    // Every game played: finished, and the default stays inside the schedule.
    for r in 1..=rr.scheduled_rounds() {
        for b in 1..=3 {
            set_result(&mut rr, r, b, GameResult::Played(Outcome::Draw)).unwrap();
        }
    }
    assert!(!is_ongoing(&rr));
    assert_eq!(next_round_to_request(&rr), rr.scheduled_rounds());

    let mut sw = swiss(6, 5);
    assert_eq!(next_round_to_request(&sw), 1);
    pair_next_round(&mut sw).unwrap();
    assert_eq!(next_round_to_request(&sw), 2);
    assert!(is_ongoing(&sw));
}
