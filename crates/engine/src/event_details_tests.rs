//! The tests of the event's details in `event.rs`: renaming, changing the number of rounds, and
//! the details of the event and its players through TRF and Crosstable JSON.

use super::*;
use crate::details::{InfoField, PlayerField};
use crate::model::Outcome;

fn players(n: u32) -> Vec<Player> {
    (1..=n)
        .map(|i| Player {
            name: format!("P{i}"),
            rating: Some(2400 - i as u16 * 20),
            ..Player::default()
        })
        .collect()
}

/// The first two rounds of the fixture's Swiss as PGN, the way an arbiter imports the rounds
/// played so far.
fn two_round_pgn() -> String {
    let text = include_str!("../../../fixtures/pgn/swiss-7-players.pgn");
    text.split("\n\n[Event")
        .enumerate()
        .map(|(i, g)| {
            if i == 0 {
                g.to_owned()
            } else {
                format!("[Event{g}")
            }
        })
        .filter(|g| g.contains("[Round \"1.") || g.contains("[Round \"2."))
        .collect::<Vec<_>>()
        .join("\n\n")
}

fn third_round_pgn() -> String {
    let text = include_str!("../../../fixtures/pgn/swiss-7-players.pgn");
    text.split("\n\n[Event")
        .map(|g| format!("[Event{}", g.trim_start_matches("[Event")))
        .filter(|g| g.contains("[Round \"3."))
        .collect::<Vec<_>>()
        .join("\n\n")
}

#[test]
fn a_two_round_swiss_from_pgn_gets_more_rounds_and_takes_round_3() {
    let (mut t, _) =
        crate::pgn::to_event(&two_round_pgn(), crate::pgn::FormatChoice::Infer).expect("PGN");
    assert_eq!(t.format, Format::Swiss { rounds: 2 });
    // The reported dead end: round 3 does not fit a 2-round event.
    assert!(crate::pgn::merge(&t, &third_round_pgn()).is_err());
    set_rounds(&mut t, 5).expect("more rounds");
    assert_eq!(t.format, Format::Swiss { rounds: 5 });
    let merged = crate::pgn::merge(&t, &third_round_pgn()).expect("round 3 now fits");
    assert_eq!(merged.tournament.rounds.len(), 3);
}

#[test]
fn a_swiss_keeps_at_least_its_paired_rounds() {
    let mut t = create("Open", Format::Swiss { rounds: 5 }, players(6)).unwrap();
    pair_next_round(&mut t).unwrap();
    for b in 1..=3 {
        set_result(&mut t, 1, b, GameResult::Played(Outcome::Draw)).unwrap();
    }
    pair_next_round(&mut t).unwrap();
    let before = t.clone();
    assert_eq!(
        set_rounds(&mut t, 1),
        Err(EventError::Rounds(RoundsRefused::FewerThanPaired {
            rounds: 1,
            paired: 2
        }))
    );
    assert_eq!(set_rounds(&mut t, 0), Err(EventError::BadRounds(0)));
    assert_eq!(
        set_rounds(&mut t, MAX_SWISS_ROUNDS + 1),
        Err(EventError::BadRounds(MAX_SWISS_ROUNDS + 1))
    );
    assert_eq!(t, before, "a refusal changes nothing");
    set_rounds(&mut t, 2).expect("as many as paired");
    assert_eq!(t.scheduled_rounds(), 2);
    set_rounds(&mut t, 7).expect("more");
    assert_eq!(t.scheduled_rounds(), 7);
}

#[test]
fn a_request_or_a_withdrawal_past_the_end_stops_fewer_rounds() {
    let mut t = create("Open", Format::Swiss { rounds: 7 }, players(6)).unwrap();
    request_bye(&mut t, 3, 6, Some(ByeKind::Half)).unwrap();
    assert_eq!(
        set_rounds(&mut t, 5),
        Err(EventError::Rounds(RoundsRefused::RequestBeyond {
            rounds: 5,
            round: 6,
            player: 3
        }))
    );
    request_bye(&mut t, 3, 6, None).unwrap();
    withdraw(&mut t, 2, Some(6)).unwrap();
    assert_eq!(
        set_rounds(&mut t, 5),
        Err(EventError::Rounds(RoundsRefused::WithdrawalBeyond {
            rounds: 5,
            player: 2,
            after_round: 5
        }))
    );
    set_rounds(&mut t, 6).expect("the withdrawal still fits");
}

#[test]
fn a_round_robin_switches_cycles_only_before_results() {
    let mut t = create("RR", Format::RoundRobin { cycles: 1 }, players(4)).unwrap();
    assert_eq!(
        set_rounds(&mut t, 4),
        Err(EventError::Rounds(RoundsRefused::RoundRobin {
            rounds: 4,
            single: 3
        }))
    );
    set_rounds(&mut t, 3).expect("unchanged");
    set_rounds(&mut t, 6).expect("double");
    assert_eq!(t.format, Format::RoundRobin { cycles: 2 });
    assert_eq!(t.rounds.len(), 6);
    assert_eq!(t.info.kind, "Individual: Double Round-Robin");
    set_result(&mut t, 1, 1, GameResult::Played(Outcome::WhiteWins)).unwrap();
    assert_eq!(
        set_rounds(&mut t, 3),
        Err(EventError::Rounds(RoundsRefused::RoundRobinHasResults {
            rounds: 3
        }))
    );
    assert_eq!(t.rounds.len(), 6);
}

#[test]
fn rename_trims_and_refuses_blank() {
    let mut t = create("Open", Format::Swiss { rounds: 5 }, players(4)).unwrap();
    assert_eq!(rename(&mut t, "   "), Err(EventError::NoName));
    assert_eq!(t.name, "Open");
    rename(&mut t, "  Spring Open 2026 ").unwrap();
    assert_eq!(t.name, "Spring Open 2026");
}

/// An event with every detail the app edits, entered as the app enters them.
fn detailed() -> Tournament {
    let mut t = create("Open", Format::Swiss { rounds: 3 }, players(4)).unwrap();
    for (field, text) in [
        (InfoField::City, "Porto"),
        (InfoField::Federation, "por"),
        (InfoField::StartDate, "2026-05-02"),
        (InfoField::EndDate, "2026-05-04"),
        (InfoField::ChiefArbiter, "Arbiter, Chief"),
        (InfoField::DeputyArbiters, "Deputy, One\nDeputy, Two"),
        (InfoField::TimeControl, "90'+30\""),
        (InfoField::Organiser, "Porto Chess Club"),
    ] {
        set_info_field(&mut t, field, text).expect(text);
    }
    set_round_date(&mut t, 1, "2026-05-02").unwrap();
    set_round_date(&mut t, 3, "2026-05-04").unwrap();
    set_rating_type(&mut t, Some(RatingType::Rapid));
    for (field, text) in [
        (PlayerField::FideId, "1503014"),
        (PlayerField::Title, "im"),
        (PlayerField::Sex, "w"),
        (PlayerField::Birth, "2012-06-30"),
        (PlayerField::Federation, "nor"),
        (PlayerField::Club, "Porto CC"),
        (PlayerField::Rating, "2150"),
    ] {
        set_player_field(&mut t, 2, field, text).expect(text);
    }
    t
}

#[test]
fn details_reach_the_trf_records_and_player_line() {
    let t = detailed();
    let text = crate::trf::write(&t);
    for line in [
        "012 Open",
        "022 Porto",
        "032 POR",
        "042 2026/05/02",
        "052 2026/05/04",
        "102 Arbiter, Chief",
        "112 Deputy, One",
        "112 Deputy, Two",
        "122 90'+30\"",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
    }
    let dates = text.lines().find(|l| l.starts_with("132")).expect("132");
    assert_eq!(dates.find("26/05/02"), Some(91), "{dates}");
    assert_eq!(dates.find("26/05/04"), Some(111), "{dates}");
    let line = text
        .lines()
        .find(|l| l.starts_with("001    2"))
        .expect("player 2");
    assert_eq!(&line[9..13], "w IM", "{line}");
    assert_eq!(&line[48..52], "2150", "{line}");
    assert_eq!(&line[53..56], "NOR", "{line}");
    assert_eq!(line[57..68].trim(), "1503014", "{line}");
    assert_eq!(&line[69..79], "2012/06/30", "{line}");

    let back = crate::trf::parse(&text).expect("reads back");
    assert_eq!(back.info.city, "Porto");
    assert_eq!(back.info.deputy_arbiters, t.info.deputy_arbiters);
    assert_eq!(back.info.round_dates, t.info.round_dates);
    let (p, q) = (&t.players[1], &back.players[1]);
    assert_eq!(
        (
            &q.title,
            &q.sex,
            &q.federation,
            q.fide_id,
            &q.birth,
            q.rating
        ),
        (
            &p.title,
            &p.sex,
            &p.federation,
            p.fide_id,
            &p.birth,
            p.rating
        )
    );
    // No TRF record holds these: Crosstable JSON keeps them.
    assert!(back.info.organiser.is_empty() && back.info.rating_type.is_none());
    assert!(back.players[1].club.is_empty());
}

#[test]
fn details_round_trip_through_json() {
    let t = detailed();
    let back = crate::json::parse(&crate::json::to_string(&t)).expect("reads back");
    assert_eq!(back, t);
    assert_eq!(back.info.organiser, "Porto Chess Club");
    assert_eq!(back.info.rating_type, Some(RatingType::Rapid));
    assert_eq!(back.players[1].club, "Porto CC");
}

#[test]
fn an_old_json_without_the_new_fields_still_opens() {
    let text = include_str!("../../../fixtures/json/v1-rules-and-request.json");
    assert!(!text.contains("organiser") && !text.contains("club"));
    let t = crate::json::parse(text).expect("an old file opens");
    assert!(t.info.organiser.is_empty() && t.info.rating_type.is_none());
    assert!(t.players.iter().all(|p| p.club.is_empty()));
    // And a version-2 file written before these fields.
    let mut v2 = create("Open", Format::Swiss { rounds: 3 }, players(4)).unwrap();
    v2.info.city = "Porto".into();
    let written = crate::json::to_string(&v2);
    assert!(!written.contains("rating_type"));
    assert_eq!(crate::json::parse(&written), Ok(v2));
}

#[test]
fn a_birth_date_entered_here_reaches_the_junior_k() {
    let mut t = detailed();
    // Player 2: born 2012, rated 2150, the event starts in 2026: 14, so K 40 (B.02 8.3.3).
    let p = t.player(2).unwrap().clone();
    let (k, reason) = crate::rating::base_k(&p, crate::rating::year_of(&t.info.start_date));
    assert_eq!(
        (k, reason),
        (40, crate::rating::KReason::Junior { age: 14 })
    );
    set_player_field(&mut t, 2, PlayerField::Birth, "1990").unwrap();
    let p = t.player(2).unwrap().clone();
    assert_eq!(
        crate::rating::base_k(&p, crate::rating::year_of(&t.info.start_date)),
        (20, crate::rating::KReason::Under2400)
    );
}
