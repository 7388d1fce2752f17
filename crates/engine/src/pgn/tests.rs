use super::*;
use crate::model::{ByeKind, Color, Entry, Format, GameResult, Outcome};
use proptest::prelude::*;

fn game(round: &str, white: &str, black: &str, result: &str, moves: &str) -> String {
    format!(
        "[Event \"Club \\\"Open\\\" 2026\"]\n[Site \"Lisbon\"]\n[Date \"2026.03.0{}\"]\n[Round \"{round}\"]\n\
         [White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[WhiteElo \"2100\"]\n\n{moves} {result}\n\n",
        round.chars().next().unwrap_or('1')
    )
}

/// Four players, three rounds: a complete single round-robin.
fn round_robin() -> String {
    [
        game(
            "1.1",
            "Ann",
            "Bob",
            "1-0",
            "1. e4 {best by test} e5 (1... c5 2. Nf3 $1) 2. Nf3",
        ),
        game(
            "1.2",
            "Cid",
            "Dee",
            "1/2-1/2",
            "1. d4 d5 ; a comment\n2. c4",
        ),
        game("2.1", "Dee", "Ann", "0-1", ""),
        game("2.2", "Bob", "Cid", "0-1", "1. e4 $2 (1. d4 (1. c4)) e5"),
        game("3.1", "Ann", "Cid", "1/2-1/2", ""),
        game("3.2", "Dee", "Bob", "*", ""),
    ]
    .concat()
}

#[test]
fn reads_tags_through_comments_variations_nags_and_escapes() {
    let text = format!("% an escape line\n{}", round_robin());
    let games = parse(&text).expect("valid");
    assert_eq!(games.len(), 6);
    assert_eq!(games[0].value("Event"), Some("Club \"Open\" 2026"));
    assert_eq!(
        games[0].termination.as_ref().map(|t| t.0.as_str()),
        Some("1-0")
    );
    assert_eq!(games[1].line, 13);
}

#[test]
fn a_complete_round_robin_is_inferred() {
    let (t, warnings) = to_event(&round_robin(), FormatChoice::Infer).expect("valid");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(t.format, Format::RoundRobin { cycles: 1 });
    assert_eq!(t.name, "Club \"Open\" 2026");
    assert_eq!(t.info.city, "Lisbon");
    assert_eq!(t.info.start_date, "2026/03/01");
    assert_eq!(t.info.end_date, "2026/03/03");
    assert_eq!(t.rounds.len(), 3);
    // Bob, Cid and Dee are only ever Black against a rated White: unrated; Ann is 2100.
    assert_eq!(t.players[0].name, "Ann");
    assert_eq!(t.players[0].rating, Some(2100));
    let no = |n: &str| t.players.iter().find(|p| p.name == n).unwrap().start_no;
    assert_eq!(
        t.entry(no("Ann"), 2),
        Entry::Game {
            opponent: no("Dee"),
            colour: Color::Black,
            result: GameResult::Played(Outcome::BlackWins)
        }
    );
    assert_eq!(t.rounds[2].games[1].result, GameResult::Pending);
    assert_eq!(t.points(no("Ann")).0, 5);
}

#[test]
fn an_incomplete_file_is_a_swiss_unless_asked() {
    let text: String = round_robin()
        .split("\n\n[")
        .take(3)
        .collect::<Vec<_>>()
        .join("\n\n[");
    let (t, _) = to_event(&text, FormatChoice::Infer).expect("valid");
    assert_eq!(t.format, Format::Swiss { rounds: 2 });
    let (t, _) = to_event(&text, FormatChoice::RoundRobin).expect("valid");
    assert_eq!(t.format, Format::RoundRobin { cycles: 1 });
    let (t, _) = to_event(&text, FormatChoice::Swiss { rounds: Some(7) }).expect("valid");
    assert_eq!(t.format, Format::Swiss { rounds: 7 });
}

#[test]
fn byes_and_forfeits() {
    let text = [
        game("1", "Ann", "Bob", "+/-", ""),
        game("1", "Cid", "BYE", "1-0", ""),
        game("2", "bye", "Bob", "1/2-1/2", ""),
        game("2", "Cid", "Ann", "-/-", ""),
    ]
    .concat();
    let (t, _) = to_event(&text, FormatChoice::Infer).expect("valid");
    assert_eq!(t.players.len(), 3);
    let no = |n: &str| t.players.iter().find(|p| p.name == n).unwrap().start_no;
    assert_eq!(t.entry(no("Cid"), 1), Entry::Bye(ByeKind::PairingAllocated));
    assert_eq!(t.entry(no("Bob"), 2), Entry::Bye(ByeKind::Half));
    assert_eq!(
        t.rounds[0].games[0].result,
        GameResult::Forfeit(Some(Color::White))
    );
    assert_eq!(t.rounds[1].games[0].result, GameResult::Forfeit(None));
}

fn error_of(text: &str) -> PgnError {
    to_event(text, FormatChoice::Infer).expect_err("invalid")
}

#[test]
fn errors_say_where_what_and_how_to_fix() {
    let e = error_of("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 {unclosed\n");
    assert_eq!(
        (e.line, e.kind.clone()),
        (5, PgnErrorKind::UnterminatedComment)
    );
    assert!(e.to_string().contains("close the comment with }"), "{e}");

    let e = error_of("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 (1. d4 1-0\n");
    assert_eq!((e.line, e.column), (5, Some(7)));
    assert_eq!(e.kind, PgnErrorKind::UnclosedVariation);

    let e = error_of("[White \"A\"]\n[Black \"B]\n");
    assert_eq!(
        (e.line, e.kind.clone()),
        (2, PgnErrorKind::UnterminatedTagValue)
    );

    let e = error_of("[White A]\n");
    assert!(matches!(e.kind, PgnErrorKind::BadTag(_)), "{e}");

    let e = error_of("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n");
    assert_eq!(e.kind, PgnErrorKind::MissingTag("Round"));
    assert!(
        e.to_string()
            .starts_with("line 1: the game has no Round tag; add"),
        "{e}"
    );

    let e = error_of(&game("1", "A", "B", "2-0", ""));
    assert_eq!(
        (e.line, e.kind.clone()),
        (7, PgnErrorKind::BadResult("2-0".into()))
    );

    let mut text = game("1", "A", "B", "1-0", "");
    text = text.replace("\n\n 1-0", "\n\n 0-1");
    let e = error_of(&text);
    assert!(matches!(e.kind, PgnErrorKind::ResultMismatch { .. }), "{e}");

    let e = error_of(&game("x", "A", "B", "1-0", ""));
    assert_eq!(e.kind, PgnErrorKind::BadRound("x".into()));

    let text = [
        game("1", "A", "B", "1-0", ""),
        game("1", "C", "a", "1-0", ""),
    ]
    .concat();
    let e = error_of(&text);
    assert_eq!(
        e.kind,
        PgnErrorKind::PlaysTwice {
            name: "a".into(),
            round: 1,
            other_line: 1
        }
    );
    assert_eq!(e.line, 12);

    let text = [
        game("1", "A", "B", "1-0", ""),
        game("3", "A", "B", "1-0", ""),
    ]
    .concat();
    assert_eq!(error_of(&text).kind, PgnErrorKind::EmptyRound(2));
    assert_eq!(error_of("").kind, PgnErrorKind::NoGames);
    assert_eq!(
        error_of("1. e4 e5 )").kind,
        PgnErrorKind::UnexpectedParenthesis
    );
}

#[test]
fn out_of_range_elo_is_a_warning() {
    let text = game("1", "A", "B", "1-0", "").replace("2100", "99999");
    let (t, w) = to_event(&text, FormatChoice::Infer).expect("valid");
    assert_eq!(t.players.iter().filter(|p| p.rating.is_some()).count(), 0);
    assert_eq!(w.len(), 1);
    assert_eq!(w[0].line, 8);
}

#[test]
fn merge_sets_results_and_reports_changes() {
    let (mut t, _) = to_event(&round_robin(), FormatChoice::RoundRobin).expect("valid");
    // The event has round 3, board 2 pending; the file says Dee–Bob 1-0 and corrects round 1.
    let no =
        |t: &crate::Tournament, n: &str| t.players.iter().find(|p| p.name == n).unwrap().start_no;
    let text = [
        game("3", "dee", "BOB", "1-0", "1. e4"),
        game("1", "Ann", "Bob", "0-1", ""),
        game("1", "Cid", "Dee", "1/2-1/2", ""),
    ]
    .concat();
    let m = merge(&t, &text).expect("valid");
    assert_eq!(m.changed(), 2);
    let kinds: Vec<ChangeKind> = m.changes.iter().map(|c| c.kind).collect();
    assert_eq!(
        kinds,
        [ChangeKind::Corrected, ChangeKind::Same, ChangeKind::New]
    );
    assert_eq!(m.changes[0].before.as_deref(), Some("1-0"));
    assert_eq!(m.changes[0].after, "0-1");
    assert_eq!(m.tournament.points(no(&t, "Dee")).0, 3);
    // Unknown names, reversed colours, unpaired games: errors, and the event is unchanged.
    let before = t.clone();
    let e = merge(
        &t,
        &[
            game("1", "Ann", "Zed", "1-0", ""),
            game("2", "Yan", "Bob", "1-0", ""),
        ]
        .concat(),
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("“Zed” (line 6), “Yan” (line 16)"),
        "{e}"
    );
    let e = merge(&t, &game("1", "Bob", "Ann", "1-0", "")).unwrap_err();
    assert!(
        matches!(e.kind, PgnErrorKind::PairingDiffers { round: 1, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("has Black against"), "{e}");
    let e = merge(&t, &game("1", "Ann", "Cid", "1-0", "")).unwrap_err();
    assert!(
        e.to_string()
            .contains("does not pair Ann with Cid: Ann plays Bob"),
        "{e}"
    );
    let e = merge(&t, &game("4", "Ann", "Cid", "1-0", "")).unwrap_err();
    assert_eq!(
        e.kind,
        PgnErrorKind::RoundBeyondSchedule {
            round: 4,
            scheduled: 3
        }
    );
    assert_eq!(t, before);
    // A Swiss whose next round is not paired: the file's games become its pairing.
    t.format = Format::Swiss { rounds: 5 };
    t.rounds.truncate(2);
    let m = merge(&t, &game("3", "Ann", "Cid", "1/2-1/2", "")).expect("valid");
    assert_eq!(m.tournament.rounds.len(), 3);
    assert_eq!(m.changes[0].kind, ChangeKind::Paired);
    let e = merge(&t, &game("4", "Ann", "Cid", "1/2-1/2", "")).unwrap_err();
    assert_eq!(e.kind, PgnErrorKind::RoundOutOfOrder { round: 4, next: 3 });
}

#[test]
fn the_example_round_trips_through_pgn() {
    for t in [crate::example::complete(), crate::example::withdrawal()] {
        let text = write(&t);
        let (back, w) = to_event(&text, FormatChoice::Infer).expect("valid");
        assert!(w.is_empty(), "{w:?}");
        assert_same_games(&t, &back);
    }
}

/// Same players (by name and rating) and the same games and byes round by round.
fn assert_same_games(a: &crate::Tournament, b: &crate::Tournament) {
    assert_eq!(a.players.len(), b.players.len());
    let by_name =
        |t: &crate::Tournament, p: u32| t.player(p).map(|p| p.name.clone()).unwrap_or_default();
    let rating = |t: &crate::Tournament, n: &str| {
        t.players
            .iter()
            .find(|p| p.name == n)
            .and_then(|p| p.rating)
    };
    for p in &a.players {
        assert_eq!(rating(b, &p.name), p.rating, "{}", p.name);
    }
    let games = |t: &crate::Tournament| {
        let mut out: Vec<(usize, String, String, String)> = Vec::new();
        for (i, r) in t.rounds.iter().enumerate() {
            for g in &r.games {
                out.push((
                    i,
                    by_name(t, g.white),
                    by_name(t, g.black),
                    result_text(g.result).into(),
                ));
            }
            for bye in &r.byes {
                let kind = if bye.kind == ByeKind::Full {
                    ByeKind::PairingAllocated
                } else {
                    bye.kind
                };
                out.push((
                    i,
                    by_name(t, bye.player),
                    BYE_NAME.into(),
                    format!("{kind:?}"),
                ));
            }
        }
        out.sort();
        out
    };
    assert_eq!(games(a), games(b));
}

fn result_strategy() -> impl Strategy<Value = GameResult> {
    prop_oneof![
        Just(GameResult::Pending),
        Just(GameResult::Played(Outcome::WhiteWins)),
        Just(GameResult::Played(Outcome::Draw)),
        Just(GameResult::Played(Outcome::BlackWins)),
        Just(GameResult::Forfeit(Some(Color::White))),
        Just(GameResult::Forfeit(Some(Color::Black))),
        Just(GameResult::Forfeit(None)),
    ]
}

/// A Swiss-like event: `n` players with awkward names, each round pairs a shuffled order.
fn event_strategy() -> impl Strategy<Value = crate::Tournament> {
    (2usize..9, 1usize..5)
        .prop_flat_map(|(n, rounds)| {
            (
                Just(n),
                proptest::collection::vec(
                    (
                        Just(()).prop_perturb(move |_, mut rng| {
                            let mut order: Vec<u32> = (1..=n as u32).collect();
                            for i in (1..order.len()).rev() {
                                order.swap(i, rng.random_range(0..=i));
                            }
                            order
                        }),
                        proptest::collection::vec(result_strategy(), n / 2),
                    ),
                    rounds,
                ),
            )
        })
        .prop_map(|(n, rounds)| {
            let players = (0..n)
                .map(|i| crate::Player {
                    name: format!("Pl\"ay\\er {{{i}}} <&> [x]"),
                    rating: Some(2500 - i as u16 * 10),
                    ..Default::default()
                })
                .collect();
            let mut t = crate::Tournament::new(
                "E",
                Format::Swiss {
                    rounds: rounds.len() as u32,
                },
                players,
            );
            for (order, results) in rounds {
                let mut round = crate::Round::default();
                for (pair, result) in order.chunks(2).zip(results) {
                    if let [w, b] = pair {
                        round.games.push(crate::Game {
                            white: *w,
                            black: *b,
                            result,
                        });
                    }
                }
                if order.len() % 2 == 1 {
                    round.byes.push(crate::Bye {
                        player: order[order.len() - 1],
                        kind: ByeKind::PairingAllocated,
                    });
                }
                t.rounds.push(round);
            }
            t
        })
}

proptest! {
    #[test]
    fn the_parser_never_panics(text in "\\PC{0,300}") {
        let _ = parse(&text);
        let _ = to_event(&text, FormatChoice::Infer);
    }

    #[test]
    fn the_parser_never_panics_on_pgn_like_text(parts in proptest::collection::vec(
        prop_oneof![
            Just("[".to_owned()), Just("]".to_owned()), Just("\"".to_owned()), Just("{".to_owned()),
            Just("}".to_owned()), Just("(".to_owned()), Just(")".to_owned()), Just(";".to_owned()),
            Just("\n".to_owned()), Just("%".to_owned()), Just("$1".to_owned()), Just("1-0".to_owned()),
            Just("[Round \"1\"]".to_owned()), Just("[White \"A\"]".to_owned()), Just("e4".to_owned()),
        ], 0..40)) {
        let text = parts.concat();
        let _ = to_event(&text, FormatChoice::Infer);
    }

    #[test]
    fn write_then_read_gives_the_same_games(t in event_strategy()) {
        let (back, _) = to_event(&write(&t), FormatChoice::Swiss { rounds: None }).expect("valid");
        assert_same_games(&t, &back);
    }

    #[test]
    fn comments_and_variations_do_not_change_the_result(t in event_strategy(), seed in 0usize..4) {
        let noise = ["{ a comment (with [brackets]) }", "(1. d4 (1. c4 $3) d5)", "$14", "; to the end\n"][seed];
        let text = write(&t).replace("]\n\n", &format!("]\n\n1. e4 {noise} e5 "));
        let (back, _) = to_event(&text, FormatChoice::Swiss { rounds: None }).expect("valid");
        assert_same_games(&t, &back);
    }
}

const RR6: &str = include_str!("../../../../fixtures/pgn/round-robin-6.pgn");
const RR6_R5: &str = include_str!("../../../../fixtures/pgn/round-robin-6-round-5-corrected.pgn");
const SWISS7: &str = include_str!("../../../../fixtures/pgn/swiss-7-players.pgn");
const BROKEN: &str = include_str!("../../../../fixtures/pgn/broken-unclosed-variation.pgn");
const UNKNOWN: &str = include_str!("../../../../fixtures/pgn/unknown-player.pgn");

#[test]
fn fixture_round_robin() {
    let (t, w) = to_event(RR6, FormatChoice::Infer).expect("valid");
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(t.format, Format::RoundRobin { cycles: 1 });
    assert_eq!(t.players.len(), 6);
    assert_eq!(t.players[0].name, "Ivanova, Daria");
    assert_eq!(t.players[5].name, "Da Silva, João");
    assert_eq!(t.rounds.len(), 5);
    let total: u32 = (1..=6).map(|p| t.points(p).0).sum();
    assert_eq!(total, 15 * 2, "15 games, one point each");
    let m = merge(&t, RR6_R5).expect("merges");
    assert_eq!(m.changed(), 1);
    assert_eq!(
        m.changes
            .iter()
            .filter(|c| c.kind == ChangeKind::Same)
            .count(),
        2
    );
    let e = merge(&t, UNKNOWN).unwrap_err();
    assert!(e.to_string().contains("“Nobody, Known” (line 4)"), "{e}");
}

#[test]
fn fixture_swiss_with_byes_and_a_forfeit() {
    let (t, _) = to_event(SWISS7, FormatChoice::Infer).expect("valid");
    assert_eq!(t.format, Format::Swiss { rounds: 3 });
    assert_eq!(t.players.len(), 7);
    assert_eq!(t.players[6].rating, None);
    for round in &t.rounds {
        assert_eq!((round.games.len(), round.byes.len()), (3, 1));
    }
    assert!(t.rounds[1]
        .games
        .iter()
        .any(|g| g.result == GameResult::Forfeit(Some(Color::White))));
}

#[test]
fn fixture_broken_file_names_its_line() {
    let e = to_event(BROKEN, FormatChoice::Infer).unwrap_err();
    assert_eq!(
        (e.line, e.kind.clone()),
        (7, PgnErrorKind::UnclosedVariation)
    );
    assert_eq!(
        e.to_string(),
        "line 7, column 17: a variation opened with ( here is never closed; close the variation with )"
    );
}

/// A game of tags alone, as some databases publish a tournament's results: no moves, no result
/// token — its Result tag says how it ended.
fn tags_only(event: &str, round: &str, white: &str, black: &str, result: &str) -> String {
    format!(
        "[Event \"{event}\"]\n[Round \"{round}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n\
         [Result \"{result}\"]\n"
    )
}

#[test]
fn games_of_tags_alone_are_each_a_game() {
    // Without a blank line between them, as well as with one.
    let text = [
        tags_only("Open", "1.12", "Ann", "Bob", "1-0"),
        tags_only("Open", "1.2", "Cid", "Dee", "1/2-1/2"),
        "\n".to_owned(),
        tags_only("Open", "2.1", "Ann", "Cid", "0-1"),
    ]
    .concat();
    let games = parse(&text).expect("reads");
    assert_eq!(
        games.iter().map(|g| g.line).collect::<Vec<_>>(),
        vec![1, 6, 12]
    );
    assert!(games.iter().all(|g| g.termination.is_none()));
    let (t, warnings) = to_event(&text, FormatChoice::Infer).expect("all three games");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(t.players.len(), 4);
    assert_eq!(t.rounds.len(), 2);
    // `1.12` is board 12 of round 1, after board 2.
    let names = |g: &crate::model::Game| {
        (
            t.player(g.white).map(|p| p.name.clone()),
            t.player(g.black).map(|p| p.name.clone()),
        )
    };
    let round1: Vec<_> = t.rounds[0].games.iter().map(names).collect();
    assert_eq!(
        round1,
        vec![
            (Some("Cid".into()), Some("Dee".into())),
            (Some("Ann".into()), Some("Bob".into()))
        ]
    );
    assert_eq!(
        t.rounds[1].games[0].result,
        GameResult::Played(Outcome::BlackWins)
    );
}

#[test]
fn a_round_tag_with_a_board_is_round_and_board() {
    let games = parse(&tags_only("Open", "3.12", "Ann", "Bob", "1-0")).expect("reads");
    let records = super::games::records(&games, &mut Vec::new()).expect("a game");
    assert_eq!((records[0].round, records[0].board), (3, Some(12)));
}

#[test]
fn two_events_in_one_file_are_refused_naming_both() {
    // The second game's `?` names no event.
    let games = [
        ("Spring Open", "Ann", "Bob"),
        ("?", "Cid", "Dee"),
        ("Autumn Open", "Eve", "Fay"),
    ];
    let text: String = games
        .iter()
        .map(|(event, white, black)| tags_only(event, "1", white, black, "1-0"))
        .collect();
    let e = to_event(&text, FormatChoice::Infer).unwrap_err();
    assert_eq!(e.line, 11);
    assert_eq!(
        e.kind,
        PgnErrorKind::SeveralEvents {
            first: "Spring Open".into(),
            first_line: 1,
            other: "Autumn Open".into(),
        }
    );
    let message = e.to_string();
    assert!(message.contains("one file per event"), "{message}");
    // The same event spelt with other blanks or case is one event.
    let same = [
        tags_only("Spring Open", "1", "Ann", "Bob", "1-0"),
        tags_only("spring  open", "1", "Cid", "Dee", "1-0"),
    ]
    .concat();
    assert!(to_event(&same, FormatChoice::Infer).is_ok());
    // Merging into an event refuses them too.
    let (t, _) = to_event(&same, FormatChoice::Infer).expect("one event");
    assert!(matches!(
        merge(&t, &text).map_err(|e| e.kind),
        Err(PgnErrorKind::SeveralEvents { .. })
    ));
}
