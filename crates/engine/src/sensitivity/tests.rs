use super::*;
use crate::berger;
use crate::example;
use crate::model::{Format, Outcome, Player};
use proptest::prelude::*;

/// Tolerance for the same closed form computed in two ways (sums in another order).
const SAME_SUM: f64 = 1e-9;

fn k_at(k: f64) -> Params {
    Params::new(k, Expectation::Logistic).expect("a valid k")
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

fn play_all(t: &mut Tournament, codes: &[u8]) {
    let mut c = codes.iter().cycle();
    for round in &mut t.rounds {
        for g in &mut round.games {
            g.result = GameResult::Played(match c.next().copied().unwrap_or(1) % 3 {
                0 => Outcome::WhiteWins,
                1 => Outcome::Draw,
                _ => Outcome::BlackWins,
            });
        }
    }
}

/// The order of the players: points, then start number when level.
fn order(m: &KModel, k: f64) -> Vec<StartNo> {
    let p = m.points_at(k);
    let mut o: Vec<StartNo> = p.start_nos().collect();
    o.sort_by(|&a, &b| {
        if listed_first(&p, a, b) == a {
            std::cmp::Ordering::Less
        } else {
            std::cmp::Ordering::Greater
        }
    });
    o
}

/// Is i listed before j at k?
fn ahead(m: &KModel, k: f64, i: StartNo, j: StartNo) -> bool {
    let p = m.points_at(k);
    listed_first(&p, i, j) == i
}

#[test]
fn sweep_at_three_equals_analyse_at_three() {
    let t = example::withdrawal();
    let s = k_sweep(&t, &[], Expectation::Logistic, 20.0, 200).unwrap();
    let i3 =
        s.ks.iter()
            .position(|&k| k == 3.0)
            .expect("k = 3 on the grid");
    let a = impute::analyse(&t, &t.withdrawals, k_at(3.0)).unwrap();
    let bayes = a.outcome(Policy::Bayes);
    assert_eq!(s.games.len(), 4);
    for (series, g) in s.games.iter().zip(&bayes.games) {
        assert_eq!((series.player, series.opponent), (g.player, g.opponent));
        assert!((series.scores[i3] - g.score.unwrap()).abs() < SAME_SUM);
        assert_eq!(series.forfeit, 1.0);
    }
    for p in s.players.values() {
        let row = bayes
            .standings
            .iter()
            .find(|r| r.start_no == p.start_no)
            .unwrap();
        assert!((p.points[i3] - row.points).abs() < SAME_SUM);
        assert_eq!(p.ranks[i3], row.rank);
    }
    assert_eq!(s.method, CrossingMethod::Exact);
}

#[test]
fn the_example_at_k_three_gives_the_papers_range() {
    // docs/DESIGN.md's sanity check: about 0.55–0.70 instead of the forfeit's 1.0.
    let s = k_sweep(&example::withdrawal(), &[], Expectation::Logistic, 20.0, 20).unwrap();
    for g in &s.games {
        assert!((0.5..0.75).contains(&g.scores[3]), "{}", g.scores[3]);
        // k = 0: performance; k large: towards Elo.
        assert!((g.scores[20] - g.elo).abs() < (g.scores[0] - g.elo).abs());
    }
}

#[test]
fn crossing_is_described_in_words() {
    let c = Crossing {
        k: 4.4987,
        passer: 1,
        passed: 2,
        points: 5.0,
        level_after: false,
    };
    let name = |p: StartNo| ["", "Anna", "Bob"][p as usize].to_string();
    assert_eq!(c.describe(name), "at k ≈ 4.5, Anna passes Bob");
    let level = Crossing {
        level_after: true,
        ..c
    };
    assert_eq!(
        level.describe(name),
        "at k ≈ 4.5, Anna draws level with Bob"
    );
    assert_eq!(short(12.0), "12");
    assert_eq!(short(0.333), "0.33");
}

/// Every crossing of the example's k sweep really flips the order of its pair.
#[test]
fn crossings_on_the_example_flip_the_pairs_order() {
    let t = example::withdrawal();
    let m = KModel::new(&t, &t.withdrawals, Expectation::Logistic).unwrap();
    for c in m.crossings(20.0) {
        assert!(c.k > 0.0 && c.k <= 20.0);
        let h = 1e-4;
        assert!(ahead(&m, c.k + h, c.passer, c.passed), "{c:?}");
        assert!(ahead(&m, c.k - h, c.passed, c.passer), "{c:?}");
    }
}

#[test]
fn exact_crossing_solves_the_linear_equation() {
    // The exact solution finds the same crossings as the grid and bisection, on every
    // withdrawal of a small complete event.
    let mut t = field(&[2600, 2500, 2400, 2300, 2200, 2100], 1);
    play_all(&mut t, &[0, 1, 2, 2, 1, 0, 1]);
    for w in 1..=6 {
        for r in 1..5 {
            let copy = hidden_after(&t, w, r);
            let m = KModel::new(&copy, &copy.withdrawals, Expectation::Logistic).unwrap();
            let exact = m.crossings(20.0);
            let by_grid = m
                .bisection_candidates(20.0)
                .into_iter()
                .filter_map(|(i, j, k)| m.confirm(i, j, k))
                .count();
            assert_eq!(exact.len(), by_grid, "W = {w}, r = {r}: {exact:?}");
        }
    }
}

#[test]
fn cliff_jumps_for_fide_and_moves_smoothly_for_bayes() {
    let t = example::complete();
    let c = cliff(&t, 4, k_at(3.0)).unwrap();
    assert_eq!(c.steps.len(), 9, "r = 0..=8");
    // 9 scheduled games: FIDE annuls up to 4 played (2n < 9), forfeits from 5.
    assert_eq!(c.fide_threshold, Some(5));
    for s in &c.steps {
        assert_eq!(s.played, s.after_round);
        assert_eq!(s.received(Policy::Annul), 0.0);
        let fide = s.received(Policy::Fide);
        if s.after_round < 5 {
            assert_eq!(fide, 0.0);
        } else {
            assert_eq!(fide, s.received(Policy::Forfeit));
        }
    }
    // The jump of FIDE at the threshold is larger than any step of the Bayesian line.
    let bayes: Vec<f64> = c.steps.iter().map(|s| s.received(Policy::Bayes)).collect();
    let fide_jump = c.steps[5].received(Policy::Fide) - c.steps[4].received(Policy::Fide);
    let max_bayes_step = bayes
        .windows(2)
        .map(|w| (w[1] - w[0]).abs())
        .fold(0.0, f64::max);
    assert!(
        fide_jump > 3.0 * max_bayes_step,
        "{fide_jump} vs {max_bayes_step}"
    );
    // Every game of P is worth one point: P's opponents get 9 − P's score under forfeit at r=0.
    assert_eq!(c.steps[0].received(Policy::Forfeit), 9.0);
    // Real: what the opponents really scored against P over the whole event.
    let real = c.real.unwrap();
    assert!((real - (9.0 - t.points(4).as_f64())).abs() < 1e-12);
}

#[test]
fn cliff_of_the_withdrawn_player_stops_at_the_withdrawal() {
    let t = example::withdrawal();
    let c = cliff(&t, 4, k_at(3.0)).unwrap();
    assert_eq!(c.steps.len(), 6, "r = 0..=5");
    assert_eq!(c.real, None);
    // At r = 5 it is the withdrawal view's situation.
    let a = impute::analyse(&t, &t.withdrawals, k_at(3.0)).unwrap();
    let imputed: f64 = a
        .outcome(Policy::Bayes)
        .games
        .iter()
        .map(|g| g.score.unwrap())
        .sum();
    let standing = 5.0 - t.points(4).as_f64();
    assert!((c.steps[5].received(Policy::Bayes) - (standing + imputed)).abs() < SAME_SUM);
}

#[test]
fn several_withdrawn_players_use_bisection() {
    let mut t = field(&[2700, 2650, 2600, 2550, 2500, 2450, 2400, 2350], 1);
    play_all(&mut t, &[0, 1, 2, 1, 1, 0, 2, 2, 1]);
    let ws = [
        Withdrawal {
            player: 2,
            after_round: 3,
        },
        Withdrawal {
            player: 7,
            after_round: 4,
        },
    ];
    let s = k_sweep(&t, &ws, Expectation::Logistic, 20.0, 100).unwrap();
    assert_eq!(s.method, CrossingMethod::Bisection);
    let m = KModel::new(&t, &ws, Expectation::Logistic).unwrap();
    for c in &s.crossings {
        assert!(ahead(&m, c.k + 1e-6, c.passer, c.passed), "{c:?}");
        assert!(ahead(&m, c.k - 1e-6, c.passed, c.passer), "{c:?}");
    }
}

/// A random single or double round-robin, every game played, and one or two withdrawals.
fn arb_event() -> impl Strategy<Value = (Tournament, Vec<Withdrawal>)> {
    (4u32..=10, 1u8..=2)
        .prop_flat_map(|(n, cycles)| {
            let rounds = if n % 2 == 0 { n - 1 } else { n } * u32::from(cycles);
            (
                prop::collection::vec(2000u16..2800, n as usize),
                Just(cycles),
                prop::collection::vec(0u8..3, 1..40),
                prop::collection::vec((1..=n, 0..rounds), 1..=2),
            )
        })
        .prop_map(|(ratings, cycles, codes, wd)| {
            let mut t = field(&ratings, cycles);
            play_all(&mut t, &codes);
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
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn sweep_equals_analyse_at_every_grid_k((t, ws) in arb_event(), steps in 1usize..40) {
        let s = k_sweep(&t, &ws, Expectation::Logistic, 20.0, steps).unwrap();
        for (idx, &k) in s.ks.iter().enumerate().step_by(7) {
            let a = impute::analyse(&t, &ws, k_at(k)).unwrap();
            let bayes = a.outcome(Policy::Bayes);
            for (series, g) in s.games.iter().zip(&bayes.games) {
                prop_assert!((series.scores[idx] - g.score.unwrap()).abs() < SAME_SUM);
            }
            for row in &bayes.standings {
                let p = &s.players[row.start_no];
                prop_assert!((p.points[idx] - row.points).abs() < SAME_SUM);
            }
        }
    }

    #[test]
    fn crossings_are_where_the_order_changes((t, ws) in arb_event()) {
        let m = KModel::new(&t, &ws, Expectation::Logistic).unwrap();
        let crossings = m.crossings(20.0);
        // Each crossing flips its pair.
        for c in &crossings {
            let h = 1e-6 * c.k.max(1.0);
            prop_assert!(ahead(&m, c.k + h, c.passer, c.passed), "{:?}", c);
            prop_assert!(ahead(&m, (c.k - h).max(0.0), c.passed, c.passer), "{:?}", c);
        }
        // Between two consecutive crossings (and before the first, after the last) the order
        // of the standings does not change.
        let mut edges = vec![0.0];
        edges.extend(crossings.iter().map(|c| c.k));
        edges.push(20.0);
        for w in edges.windows(2) {
            let (lo, hi) = (w[0], w[1]);
            if hi - lo < 1e-4 { continue; }
            let a = lo + (hi - lo) * 0.01;
            let b = lo + (hi - lo) * 0.5;
            let c = lo + (hi - lo) * 0.99;
            // Order by strict points (ties broken by start number on both sides).
            prop_assert_eq!(order(&m, a), order(&m, b), "between {} and {}", lo, hi);
            prop_assert_eq!(order(&m, b), order(&m, c), "between {} and {}", lo, hi);
        }
    }

    #[test]
    fn cliff_conserves_points_and_annul_gives_nothing((t, _) in arb_event(), who in 1u32..4, k in 0.0f64..10.0) {
        let c = cliff(&t, who, k_at(k)).unwrap();
        for s in &c.steps {
            prop_assert_eq!(s.received(Policy::Annul), 0.0);
            // Forfeit gives the opponents every point they did not lose to P: at most the
            // number of P's games.
            let games = f64::from(t.scheduled_games_per_player());
            for p in Policy::ALL {
                prop_assert!(s.received(p) <= games + 1e-9);
            }
            prop_assert!(s.received(Policy::Bayes) <= s.received(Policy::Forfeit) + 1e-9);
        }
    }
}
