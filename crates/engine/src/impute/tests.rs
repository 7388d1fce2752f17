use super::*;
use crate::berger;
use crate::example;
use crate::model::{Format, GameResult, Outcome, Player, Tournament};
use proptest::prelude::*;

/// Tolerance for values computed by the same closed form in two ways.
const CLOSED_FORM: f64 = 1e-12;

fn w4() -> Withdrawal {
    Withdrawal {
        player: example::WITHDRAWN,
        after_round: example::WITHDRAWN_AFTER,
    }
}

fn at_k(k: f64) -> Params {
    Params::new(k, Expectation::Logistic).expect("a valid k")
}

#[test]
fn paper_case_study_bayes_gives_055_to_070_instead_of_forfeit() {
    let t = example::withdrawal();
    let a = analyse(&t, &[w4()], at_k(3.0)).unwrap();
    let s = a.stats(4).unwrap();
    assert_eq!(s.played, 5);
    assert!((s.mean_score - 0.2).abs() < CLOSED_FORM);
    assert_eq!(
        s.fide_resolves_to,
        Policy::Forfeit,
        "5 of 9 played: forfeit"
    );
    let bayes = a.outcome(Policy::Bayes);
    assert_eq!(bayes.games.len(), 4, "four unplayed opponents");
    for g in &bayes.games {
        let v = g.score.unwrap();
        assert!(
            (0.55..=0.70).contains(&v),
            "paper: 0.55–0.70, got {v} for {}",
            g.player
        );
    }
    for g in &a.outcome(Policy::Forfeit).games {
        assert_eq!(g.score, Some(1.0));
    }
    // FIDE resolves to forfeit: the same numbers.
    assert_eq!(
        a.outcome(Policy::Fide).games,
        a.outcome(Policy::Forfeit).games
    );
}

#[test]
fn bayes_matches_the_formula_computed_by_hand() {
    let t = example::withdrawal();
    let a = analyse(&t, &[w4()], at_k(3.0)).unwrap();
    let rating = |p: u32| f64::from(t.player(p).unwrap().rating.unwrap());
    let e = |i: u32, j: u32| 1.0 / (1.0 + 10f64.powf((rating(j) - rating(i)) / 400.0));
    // W's five games, from the schedule: opponents and W's scores.
    let mut opp_e = 0.0;
    let mut w_score = 0.0;
    for r in 1..=5 {
        if let Entry::Game {
            opponent,
            colour,
            result,
        } = t.entry(4, r)
        {
            opp_e += e(opponent, 4);
            w_score += result.points_for(colour).unwrap().as_f64();
        }
    }
    let delta = (1.0 - w_score / 5.0) - opp_e / 5.0;
    for g in &a.outcome(Policy::Bayes).games {
        let want = e(g.player, 4) + 5.0 / 8.0 * delta;
        assert!((g.score.unwrap() - want).abs() < CLOSED_FORM);
        assert!((g.opponent_score.unwrap() - (1.0 - want)).abs() < CLOSED_FORM);
    }
}

#[test]
fn standings_under_forfeit_and_annul() {
    let t = example::withdrawal();
    let a = analyse(&t, &[w4()], at_k(3.0)).unwrap();
    // Forfeit: the recorded results exactly (the file holds forfeits for W's later games).
    let forfeit = a.outcome(Policy::Forfeit);
    for p in 1..=10 {
        assert!((forfeit.points[p].unwrap() - t.points(p).as_f64()).abs() < 1e-9);
    }
    // Annul: W leaves the table and everyone loses their result against W.
    let annul = a.outcome(Policy::Annul);
    assert_eq!(annul.points[4], None);
    assert_eq!(annul.standings.len(), 9);
    let vs_w = |p: u32| -> f64 {
        (1..=9)
            .filter_map(|r| match t.entry(p, r) {
                Entry::Game {
                    opponent: 4,
                    colour,
                    result,
                } => result.points_for(colour).map(|h| h.as_f64()),
                _ => None,
            })
            .sum()
    };
    for p in [1, 2, 3, 5, 6, 7, 8, 9, 10] {
        let want = t.points(p).as_f64() - vs_w(p);
        assert!((annul.points[p].unwrap() - want).abs() < 1e-9, "player {p}");
    }
}

#[test]
fn standings_are_ordered_by_points_then_start_number_with_shared_ranks() {
    let points = PerPlayer::from_vec(vec![Some(2.0), Some(3.0), Some(2.0), None, Some(1.0)]);
    let rows = rank_by_points(&points, |_| false);
    let order: Vec<_> = rows.iter().map(|r| (r.start_no, r.rank)).collect();
    assert_eq!(order, vec![(2, 1), (1, 2), (3, 2), (5, 4)]);
}

fn field(ratings: &[u16], cycles: u8) -> Tournament {
    let players = ratings
        .iter()
        .enumerate()
        .map(|(i, &r)| Player {
            name: format!("P{}", i + 1),
            rating: Some(r),
            ..Player::default()
        })
        .collect();
    let mut t = Tournament::new("t", Format::RoundRobin { cycles }, players);
    t.rounds = berger::schedule(ratings.len() as u32, cycles);
    t
}

/// Plays every game up to `upto` with results drawn from `codes` (cycled), leaves the rest
/// pending.
fn play(t: &mut Tournament, upto: u32, codes: &[u8]) {
    let mut c = codes.iter().cycle();
    for round in t.rounds.iter_mut().take(upto as usize) {
        for g in &mut round.games {
            g.result = GameResult::Played(match c.next().copied().unwrap_or(1) % 3 {
                0 => Outcome::WhiteWins,
                1 => Outcome::Draw,
                _ => Outcome::BlackWins,
            });
        }
    }
}

#[test]
fn fide_threshold_is_half_of_scheduled_games() {
    // 6 players: 5 scheduled games. After round 2, W (player 1) played 2 < 2.5: annul.
    // After round 3, 3 ≥ 2.5: forfeit.
    let mut t = field(&[2400, 2300, 2350, 2200, 2250, 2100], 1);
    play(&mut t, 5, &[0, 1, 2, 1]);
    let w = |r| Withdrawal {
        player: 1,
        after_round: r,
    };
    let a = analyse(&t, &[w(2)], at_k(3.0)).unwrap();
    assert_eq!(a.stats(1).unwrap().fide_resolves_to, Policy::Annul);
    assert_eq!(
        a.outcome(Policy::Fide).points,
        a.outcome(Policy::Annul).points
    );
    let a = analyse(&t, &[w(3)], at_k(3.0)).unwrap();
    assert_eq!(a.stats(1).unwrap().fide_resolves_to, Policy::Forfeit);
    assert_eq!(
        a.outcome(Policy::Fide).points,
        a.outcome(Policy::Forfeit).points
    );
}

#[test]
fn double_round_robin_counts_games_and_threshold_of_scheduled() {
    // 4 players, double: 6 scheduled games each; after round 3 W played 3 = 50 %: forfeit.
    let mut t = field(&[2400, 2300, 2350, 2200], 2);
    play(&mut t, 6, &[1, 0, 2]);
    let a = analyse(
        &t,
        &[Withdrawal {
            player: 2,
            after_round: 3,
        }],
        at_k(3.0),
    )
    .unwrap();
    let s = a.stats(2).unwrap();
    assert_eq!((s.played, s.scheduled), (3, 6));
    assert_eq!(s.fide_resolves_to, Policy::Forfeit);
    assert_eq!(
        a.unplayed.len(),
        3,
        "the second-cycle games against each opponent"
    );
    let a = analyse(
        &t,
        &[Withdrawal {
            player: 2,
            after_round: 2,
        }],
        at_k(3.0),
    )
    .unwrap();
    assert_eq!(a.stats(2).unwrap().fide_resolves_to, Policy::Annul);
    assert_eq!(a.unplayed.len(), 4);
}

#[test]
fn odd_field_counts_the_free_round() {
    // 5 players: 5 rounds, 4 games each. Withdrawal after round 2 of a player whose free round
    // is in rounds 1–2 leaves 3 unplayed games.
    let mut t = field(&[2400, 2300, 2350, 2200, 2250], 1);
    play(&mut t, 5, &[1]);
    let a = analyse(
        &t,
        &[Withdrawal {
            player: 5,
            after_round: 2,
        }],
        at_k(3.0),
    )
    .unwrap();
    let s = a.stats(5).unwrap();
    assert_eq!(s.scheduled, 4);
    assert_eq!(s.played as usize + a.unplayed.len(), 4);
}

#[test]
fn two_withdrawn_players_combine_both_residuals() {
    let mut t = field(&[2400, 2300, 2350, 2200, 2250, 2100], 1);
    play(&mut t, 5, &[0, 2, 1, 0]);
    let ws = [
        Withdrawal {
            player: 2,
            after_round: 2,
        },
        Withdrawal {
            player: 5,
            after_round: 3,
        },
    ];
    let a = analyse(&t, &ws, at_k(3.0)).unwrap();
    let mutual: Vec<_> = a.unplayed.iter().filter(|g| g.both_withdrawn).collect();
    assert!(mutual.len() <= 1);
    for g in mutual {
        assert_eq!((g.player, g.opponent), (2, 5));
        let sa = a.stats(2).unwrap();
        let sb = a.stats(5).unwrap();
        let want = (g.expected + sb.weight * sb.residual - sa.weight * sa.residual).clamp(0.0, 1.0);
        let got = a
            .outcome(Policy::Bayes)
            .games
            .iter()
            .find(|x| x.player == 2 && x.opponent == 5)
            .unwrap();
        assert!((got.score.unwrap() - want).abs() < CLOSED_FORM);
        // Forfeit: a double forfeit.
        let f = a
            .outcome(Policy::Forfeit)
            .games
            .iter()
            .find(|x| x.player == 2 && x.opponent == 5)
            .unwrap();
        assert_eq!((f.score, f.opponent_score), (Some(0.0), Some(0.0)));
    }
}

#[test]
fn errors_are_clear() {
    let t = example::withdrawal();
    let bad = analyse(
        &t,
        &[Withdrawal {
            player: 11,
            after_round: 2,
        }],
        at_k(3.0),
    );
    assert_eq!(bad, Err(ImputeError::UnknownPlayer(11)));
    let mut swiss = t.clone();
    swiss.format = Format::Swiss { rounds: 9 };
    assert_eq!(
        analyse(&swiss, &[w4()], at_k(3.0)),
        Err(ImputeError::NotRoundRobin)
    );
    let mut unrated = t.clone();
    unrated.players[2].rating = None;
    let e = analyse(&unrated, &[w4()], at_k(3.0)).unwrap_err();
    assert!(
        matches!(e, ImputeError::MissingRating { player: 3, .. }),
        "{e}"
    );
}

#[test]
fn params_refuse_a_k_the_formula_cannot_use() {
    for bad in [-1.0, -1e-300, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let e = Params::new(bad, Expectation::Logistic).unwrap_err();
        assert!(matches!(e, ParamsError::K(_)), "{bad}");
        assert!(e.to_string().contains("≥ 0"), "{e}");
        assert!(Params::check_k(bad).is_err(), "{bad}");
        assert!(Params::default().with_k(bad).is_err(), "{bad}");
    }
    for good in [0.0, -0.0, 0.5, 3.0, 1e9] {
        let p = Params::new(good, Expectation::Fide).expect("valid");
        assert_eq!(p.k(), good);
        assert!(p.k().is_sign_positive());
        assert_eq!(p.expectation(), Expectation::Fide);
    }
    assert_eq!(Params::default().k(), Params::PAPER_K);
    assert_eq!(
        ImputeError::from(ParamsError::K(-2.0)),
        ImputeError::BadK(-2.0)
    );
}

#[test]
fn params_deserialise_through_the_same_check() {
    let ok: Params = serde_json::from_str(r#"{"k":2.5,"expectation":"fide"}"#).expect("valid");
    assert_eq!(ok, Params::new(2.5, Expectation::Fide).expect("valid"));
    let text = serde_json::to_string(&ok).expect("serialise");
    assert_eq!(
        serde_json::from_str::<Params>(&text).expect("round trip"),
        ok
    );
    let bad = serde_json::from_str::<Params>(r#"{"k":-1,"expectation":"logistic"}"#);
    assert!(bad.unwrap_err().to_string().contains("≥ 0"));
}

#[test]
fn policy_ids_round_trip() {
    for p in Policy::ALL {
        assert_eq!(p.id().parse::<Policy>(), Ok(p));
    }
    let e = "bayesian".parse::<Policy>().unwrap_err();
    for p in Policy::ALL {
        assert!(e.contains(p.id()), "{e} lists {p}");
        assert_eq!(
            format!(" {} ", p.id().to_uppercase()).parse::<Policy>(),
            Ok(p)
        );
    }
}

/// A random single or double round-robin with results up to some round and one or two
/// withdrawals.
fn arb_event() -> impl Strategy<Value = (Tournament, Vec<Withdrawal>)> {
    (4u32..=12, 1u8..=2)
        .prop_flat_map(|(n, cycles)| {
            let rounds = if n % 2 == 0 { n - 1 } else { n } * u32::from(cycles);
            (
                prop::collection::vec(1800u16..2850, n as usize),
                Just(cycles),
                prop::collection::vec(0u8..3, 1..40),
                prop::collection::vec((1..=n, 0..rounds), 1..=2),
            )
        })
        .prop_map(|(ratings, cycles, codes, wd)| {
            let mut t = field(&ratings, cycles);
            let rounds = t.scheduled_rounds();
            play(&mut t, rounds, &codes);
            let mut ws: Vec<Withdrawal> = Vec::new();
            for (player, after_round) in wd {
                if ws.iter().all(|w| w.player != player) {
                    ws.push(Withdrawal {
                        player,
                        after_round,
                    });
                }
            }
            (t, ws)
        })
}

proptest! {
    #[test]
    fn conservation_and_clamping((t, ws) in arb_event(), k in 0.0f64..40.0) {
        let a = analyse(&t, &ws, at_k(k)).unwrap();
        for o in &a.outcomes {
            for g in &o.games {
                if let (Some(s), Some(r)) = (g.score, g.opponent_score) {
                    prop_assert!((0.0..=1.0).contains(&s) && (0.0..=1.0).contains(&r));
                    let double_forfeit = s == 0.0 && r == 0.0 && matches!(o.policy, Policy::Forfeit | Policy::Fide);
                    if !double_forfeit {
                        prop_assert!((s + r - 1.0).abs() < CLOSED_FORM, "{:?}", g);
                    }
                    prop_assert_eq!(g.clamped, g.unclamped.is_some_and(|u| !(0.0..=1.0).contains(&u)));
                }
            }
            // Total points: every game that stands is worth 1 (double forfeits 0).
            let total: f64 = o.points.values().flatten().sum();
            prop_assert!(total.is_finite());
        }
    }

    #[test]
    fn k_zero_is_performance_and_large_k_is_elo((t, ws) in arb_event()) {
        let zero = analyse(&t, &ws, at_k(0.0)).unwrap();
        let huge = analyse(&t, &ws, at_k(1e12)).unwrap();
        prop_assert_eq!(&zero.outcome(Policy::Bayes).games, &zero.outcome(Policy::Performance).games);
        for (b, e) in huge.outcome(Policy::Bayes).games.iter().zip(&huge.outcome(Policy::Elo).games) {
            prop_assert!((b.score.unwrap() - e.score.unwrap()).abs() < 1e-9);
        }
    }

    #[test]
    fn no_games_played_means_elo((t, _) in arb_event(), k in 0.0f64..40.0, who in 1u32..4) {
        let w = Withdrawal { player: who, after_round: 0 };
        let a = analyse(&t, &[w], at_k(k)).unwrap();
        prop_assert_eq!(a.stats(who).unwrap().played, 0);
        for (g, u) in a.outcome(Policy::Bayes).games.iter().zip(&a.unplayed) {
            prop_assert!((g.score.unwrap() - u.expected).abs() < CLOSED_FORM);
        }
    }

    #[test]
    fn bayes_moves_monotonically_towards_elo_as_k_grows((t, ws) in arb_event(), k1 in 0.0f64..30.0, dk in 0.0f64..30.0) {
        let a = analyse(&t, &ws, at_k(k1)).unwrap();
        let b = analyse(&t, &ws, at_k(k1 + dk)).unwrap();
        for ((x, y), u) in a.outcome(Policy::Bayes).games.iter().zip(&b.outcome(Policy::Bayes).games).zip(&a.unplayed) {
            if u.both_withdrawn { continue; } // two residuals can pull in opposite directions
            let (x, y) = (x.score.unwrap(), y.score.unwrap());
            let e = u.expected;
            prop_assert!((y - e).abs() <= (x - e).abs() + CLOSED_FORM);
            prop_assert!((x - e) * (y - e) >= -CLOSED_FORM, "stays on the same side of E");
        }
    }

    #[test]
    fn order_is_deterministic_and_complete((t, ws) in arb_event(), k in 0.0f64..20.0) {
        let a = analyse(&t, &ws, at_k(k)).unwrap();
        for o in &a.outcomes {
            let listed = o.points.values().filter(|p| p.is_some()).count();
            prop_assert_eq!(o.standings.len(), listed);
            for pair in o.standings.windows(2) {
                prop_assert!(pair[0].points + POINTS_TOLERANCE >= pair[1].points);
                prop_assert!(pair[0].rank <= pair[1].rank);
            }
        }
    }
}

#[test]
fn a_game_between_two_withdrawals_belongs_to_the_one_who_left_first() {
    // 6 players (Berger: players 2 and 3 meet in round 4). Player 2 leaves after round 1,
    // player 3 after round 4: their meeting is an unplayed game of player 2 only, since
    // player 3 was still there. With player 3 leaving after round 3 instead, both had gone.
    let mut t = field(&[2400, 2300, 2350, 2200, 2250, 2100], 1);
    play(&mut t, 5, &[0, 2, 1]);
    assert!(matches!(t.entry(2, 4), Entry::Game { opponent: 3, .. }));
    let early = Withdrawal {
        player: 2,
        after_round: 1,
    };
    let a = analyse(
        &t,
        &[
            early,
            Withdrawal {
                player: 3,
                after_round: 4,
            },
        ],
        at_k(3.0),
    )
    .unwrap();
    let g = a
        .unplayed
        .iter()
        .find(|g| g.round == Some(4) && g.opponent == 2)
        .unwrap();
    assert_eq!((g.player, g.both_withdrawn), (3, false));
    let f = a
        .outcome(Policy::Forfeit)
        .games
        .iter()
        .find(|x| x.round == Some(4) && x.opponent == 2)
        .unwrap();
    assert_eq!(
        (f.player, f.score),
        (3, Some(1.0)),
        "player 3 was present: a forfeit win"
    );

    let a = analyse(
        &t,
        &[
            early,
            Withdrawal {
                player: 3,
                after_round: 3,
            },
        ],
        at_k(3.0),
    )
    .unwrap();
    let g = a
        .unplayed
        .iter()
        .find(|g| g.round == Some(4) && g.both_withdrawn)
        .unwrap();
    assert_eq!((g.player, g.opponent), (2, 3));
    let f = a
        .outcome(Policy::Forfeit)
        .games
        .iter()
        .find(|x| x.round == Some(4))
        .unwrap();
    assert_eq!(
        (f.score, f.opponent_score),
        (Some(0.0), Some(0.0)),
        "a double forfeit"
    );
}
