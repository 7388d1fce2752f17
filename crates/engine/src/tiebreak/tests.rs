//! Unit tests: one small event per rule, with the numbers worked out by hand in the comments.

use super::*;
use crate::example;
use crate::impute::{analyse, Params, Policy, POINTS_TOLERANCE};
use crate::model::{Bye, ByeKind, Color, Format, Game, GameResult, Outcome, Player, Round};
use proptest::prelude::*;

fn players(ratings: &[u16]) -> Vec<Player> {
    ratings
        .iter()
        .enumerate()
        .map(|(i, &r)| Player {
            name: format!("P{}", i + 1),
            rating: (r > 0).then_some(r),
            ..Player::default()
        })
        .collect()
}

/// Result codes from White's side: `1-0`, `=`, `0-1`, `+-` / `-+` (forfeit won by White /
/// Black), `--` (double forfeit).
fn result(code: &str) -> GameResult {
    match code {
        "1-0" => GameResult::Played(Outcome::WhiteWins),
        "=" => GameResult::Played(Outcome::Draw),
        "0-1" => GameResult::Played(Outcome::BlackWins),
        "+-" => GameResult::Forfeit(Some(Color::White)),
        "-+" => GameResult::Forfeit(Some(Color::Black)),
        "--" => GameResult::Forfeit(None),
        other => panic!("bad code {other}"),
    }
}

fn round(games: &[(StartNo, StartNo, &str)], byes: &[(StartNo, ByeKind)]) -> Round {
    Round {
        games: games
            .iter()
            .map(|&(white, black, code)| Game {
                white,
                black,
                result: result(code),
            })
            .collect(),
        byes: byes
            .iter()
            .map(|&(player, kind)| Bye { player, kind })
            .collect(),
    }
}

fn event(format: Format, ratings: &[u16], rounds: Vec<Round>) -> Tournament {
    let mut t = Tournament::new("test", format, players(ratings));
    t.rounds = rounds;
    t.withdrawals = Vec::new();
    t
}

fn config(rules: TiebreakRules, list: &str) -> Config {
    Config {
        rules,
        system: None,
        tiebreaks: Tiebreak::parse_list(list).unwrap(),
        unrated_rating: None,
    }
}

/// Column `code` of player `p`.
fn value(s: &Standings, p: StartNo, code: &str) -> Option<Number> {
    let k = s.tiebreaks.iter().position(|t| t.code() == code).unwrap();
    s.row(p).unwrap().values[k].value
}

fn n(x: f64) -> Option<Number> {
    Some(Number::real(x))
}

/// Three players, three Swiss rounds, with every kind of unplayed round:
/// R1: 1–2 1-0, 3 PAB.  R2: 3–1 0-1, 2 half-point bye.  R3: 2–3 forfeit won by 2, 1 zero bye.
/// Points: P1 2, P2 1.5, P3 1.
fn swiss_with_unplayed_rounds() -> Tournament {
    event(
        Format::Swiss { rounds: 3 },
        &[2000, 1900, 1800],
        vec![
            round(&[(1, 2, "1-0")], &[(3, ByeKind::PairingAllocated)]),
            round(&[(3, 1, "0-1")], &[(2, ByeKind::Half)]),
            round(&[(2, 3, "+-")], &[(1, ByeKind::Zero)]),
        ],
    )
}

#[test]
fn counting_tie_breaks_and_progressive_score() {
    let t = swiss_with_unplayed_rounds();
    let s = standings(
        &t,
        &config(TiebreakRules::Fide2023, "WIN,WON,BPG,BWG,REP,PS,PS-C1"),
    );
    // P1: wins in R1 (White) and R2 (Black), zero bye: WIN 2, WON 2, BPG 1, BWG 1, REP 2;
    // running totals 1, 2, 2 → PS 5, without round 1: 4.
    for (code, want) in [
        ("WIN", 2.0),
        ("WON", 2.0),
        ("BPG", 1.0),
        ("BWG", 1.0),
        ("REP", 2.0),
    ] {
        assert_eq!(value(&s, 1, code), n(want), "P1 {code}");
    }
    assert_eq!(value(&s, 1, "PS"), n(5.0));
    assert_eq!(value(&s, 1, "PS-C1"), n(4.0));
    // P2: lost with Black, half-point bye, forfeit win: WIN 1 (the forfeit), WON 0, BPG 1,
    // REP 2 (the game and the forfeit win); totals 0, 0.5, 1.5 → PS 2.
    for (code, want) in [
        ("WIN", 1.0),
        ("WON", 0.0),
        ("BPG", 1.0),
        ("BWG", 0.0),
        ("REP", 2.0),
    ] {
        assert_eq!(value(&s, 2, code), n(want), "P2 {code}");
    }
    assert_eq!(value(&s, 2, "PS"), n(2.0));
    // P3: PAB, lost with White, forfeit loss: WIN 1 (the PAB), REP 2 (PAB and the game);
    // totals 1, 1, 1 → PS 3.
    assert_eq!(value(&s, 3, "WIN"), n(1.0));
    assert_eq!(value(&s, 3, "REP"), n(2.0));
    assert_eq!(value(&s, 3, "BPG"), n(0.0));
    assert_eq!(value(&s, 3, "PS"), n(3.0));
}

#[test]
fn adjusted_score_counts_rounds_after_stopping_as_draws() {
    let t = swiss_with_unplayed_rounds();
    let s = standings(&t, &config(TiebreakRules::Fide2023, "BH"));
    // P1's last round that was not voluntarily unplayed is R2; the R3 zero bye has no opponent,
    // so P1 enters opponents' Buchholz with 2 + 0.5 = 2.5 (C.07 16.3). P3's R3 forfeit loss has
    // an opponent: it keeps its 0.
    let p2 = &s.row(2).unwrap().values[0].explanation;
    let r1 = &p2.items[0];
    assert_eq!(r1.opponent, Some(1));
    match &r1.what {
        What::OpponentScore {
            points,
            adjusted,
            adjustments,
            ..
        } => {
            assert_eq!(*points, Number::int(2));
            assert_eq!(*adjusted, Number::Exact(250));
            assert_eq!(
                adjustments,
                &vec![Adjustment {
                    round: 3,
                    actual: Number::ZERO,
                    counted: Number::HALF
                }]
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn swiss_buchholz_and_sonneborn_berger_under_both_rule_versions() {
    let t = swiss_with_unplayed_rounds();
    let list = "BH,BH-C1,BH-M1,SB";
    let old = standings(&t, &config(TiebreakRules::Fide2023, list));
    // 2023: every unplayed round is a dummy opponent scoring the player's own points.
    // P1: P2 (1.5) + P3 (1) + dummy 2 = 4.5; P2: P1 (2.5) + dummy 1.5 + dummy 1.5 = 5.5;
    // P3: dummy 1 + P1 (2.5) + dummy 1 = 4.5.
    assert_eq!(value(&old, 1, "BH"), n(4.5));
    assert_eq!(value(&old, 2, "BH"), n(5.5));
    assert_eq!(value(&old, 3, "BH"), n(4.5));
    // Cut-1 drops a voluntarily unplayed round even when another value is smaller: P1 keeps
    // 1.5 + 1 (the zero bye's 2 goes); P3's R1 PAB and R3 forfeit loss both count 1, and the
    // forfeit loss (voluntary) is the one cut.
    assert_eq!(value(&old, 1, "BH-C1"), n(2.5));
    assert_eq!(value(&old, 2, "BH-C1"), n(4.0));
    assert_eq!(value(&old, 3, "BH-C1"), n(3.5));
    let p3 = &old.row(3).unwrap().values[1].explanation;
    assert_eq!(
        p3.items[2].excluded,
        Some(Exclusion::CutVoluntarilyUnplayed)
    );
    assert!(p3.items[0].counted);
    // Median-1 also drops the highest remaining.
    assert_eq!(value(&old, 1, "BH-M1"), n(1.0));
    assert_eq!(value(&old, 2, "BH-M1"), n(1.5));
    assert_eq!(value(&old, 3, "BH-M1"), n(1.0));
    // SB: each contribution times the round's points; P2's half-point bye gives
    // 1.5 × 0.5 = 0.75 — quarter-points, exact.
    assert_eq!(value(&old, 1, "SB"), n(2.5));
    assert_eq!(value(&old, 2, "SB"), Some(Number::Exact(225)));
    assert_eq!(value(&old, 3, "SB"), n(1.0));

    // 2026: the dummy scores min(own points, X): X = the forfeiting opponent's adjusted score,
    // or half the rounds (1.5) for a bye. P1's zero bye: min(2, 1.5); P2's forfeit win against
    // P3 (adjusted 1): min(1.5, 1); P3's forfeit loss against P2 (1.5): min(1, 1.5).
    let new = standings(&t, &config(TiebreakRules::Fide2026, list));
    assert_eq!(value(&new, 1, "BH"), n(4.0));
    assert_eq!(value(&new, 2, "BH"), n(5.0));
    assert_eq!(value(&new, 3, "BH"), n(4.5));
    assert_eq!(value(&new, 2, "SB"), Some(Number::Exact(175)));
    match &new.row(2).unwrap().values[0].explanation.items[2].what {
        What::DummyOpponent {
            unplayed,
            own_points,
            cap,
            ..
        } => {
            assert_eq!(*unplayed, Unplayed::ForfeitWin);
            assert_eq!(*own_points, Number::Exact(150));
            assert_eq!(*cap, Some(Number::ONE));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn sonneborn_berger_cut_removes_the_lowest_opponent_not_the_lowest_product() {
    // TieBreakServer cuts the SB contribution of the opponent with the lowest score (ties: the
    // smaller product), not the smallest product — unless a voluntarily unplayed round is there.
    // R1: 1–2 1-0, 3–4 1-0.  R2: 1–3 0-1, 2–4 =.  Points: P1 1, P2 0.5, P3 2, P4 0.5.
    let t = event(
        Format::Swiss { rounds: 2 },
        &[2000, 1900, 1800, 1700],
        vec![
            round(&[(1, 2, "1-0"), (3, 4, "1-0")], &[]),
            round(&[(1, 3, "0-1"), (2, 4, "=")], &[]),
        ],
    );
    // P1's SB lines: P2 0.5 × 1 = 0.5, P3 2 × 0 = 0. Cut-1 removes P2 (the lower opponent),
    // leaving 0 — not P3 (the smaller product), which would leave 0.5.
    let s = standings(&t, &config(TiebreakRules::Fide2026, "SB,SB-C1,BH-C1,BH-M1"));
    assert_eq!(value(&s, 1, "SB"), n(0.5));
    assert_eq!(value(&s, 1, "SB-C1"), n(0.0));
    assert_eq!(value(&s, 1, "BH-C1"), n(2.0));
    // Median-1 of two contributions leaves nothing.
    assert_eq!(value(&s, 1, "BH-M1"), n(0.0));
}

#[test]
fn fore_buchholz_counts_the_last_round_as_a_draw() {
    let t = swiss_with_unplayed_rounds();
    let s = standings(&t, &config(TiebreakRules::Fide2023, "FB"));
    // Players with an opponent in the last round (P2, P3) have that round counted as a draw:
    // P2 1.5 − 1 + 0.5 = 1, P3 1 − 0 + 0.5 = 1.5; P1 (zero bye) keeps 2.5. The last round counts
    // as a game even when forfeited. P1: 1 + 1.5 + dummy 2 = 4.5; P2: 2.5 + dummy 1 + P3 1.5 = 5;
    // P3: dummy 1.5 + 2.5 + P2 1 = 5.
    assert_eq!(value(&s, 1, "FB"), n(4.5));
    assert_eq!(value(&s, 2, "FB"), n(5.0));
    assert_eq!(value(&s, 3, "FB"), n(5.0));
}

#[test]
fn average_of_opponents_buchholz() {
    let t = swiss_with_unplayed_rounds();
    let s = standings(&t, &config(TiebreakRules::Fide2023, "AOB"));
    // P1 met P2 (BH 5.5) and P3 (BH 4.5) over the board: 5; P2 met only P1 (4.5).
    assert_eq!(value(&s, 1, "AOB"), n(5.0));
    assert_eq!(value(&s, 2, "AOB"), n(4.5));
}

/// Three players, single round-robin (each sits out one round):
/// R1: 1–2 1-0 (3 free). R2: 3–1 = (2 free). R3: 2–3 forfeit won by 2 (1 free).
/// Points: P1 1.5, P2 1, P3 0.5.
fn odd_round_robin() -> Tournament {
    event(
        Format::RoundRobin { cycles: 1 },
        &[2200, 2100, 2000],
        vec![
            round(&[(1, 2, "1-0")], &[(3, ByeKind::Zero)]),
            round(&[(3, 1, "=")], &[(2, ByeKind::Zero)]),
            round(&[(2, 3, "+-")], &[(1, ByeKind::Zero)]),
        ],
    )
}

#[test]
fn round_robin_forfeits_count_as_games_and_free_rounds_as_nothing() {
    let t = odd_round_robin();
    let s = standings(&t, &config(TiebreakRules::Fide2026, "BH,SB,BPG,WIN"));
    // BH: opponents' points, the forfeit included. P1: 1 + 0.5; P2: 1.5 + 0.5; P3: 1.5 + 1.
    assert_eq!(value(&s, 1, "BH"), n(1.5));
    assert_eq!(value(&s, 2, "BH"), n(2.0));
    assert_eq!(value(&s, 3, "BH"), n(2.5));
    // SB: P1 1 × 1 + 0.5 × 0.5; P2 (forfeit win over P3) 0.5 × 1; P3 1.5 × 0.5.
    assert_eq!(value(&s, 1, "SB"), Some(Number::Exact(125)));
    assert_eq!(value(&s, 2, "SB"), n(0.5));
    assert_eq!(value(&s, 3, "SB"), Some(Number::Exact(75)));
    // BPG: the forfeit is not a game with Black.
    assert_eq!(value(&s, 3, "BPG"), n(0.0));
    assert_eq!(value(&s, 1, "BPG"), n(1.0));
    // The round-robin rules do not change in 2026.
    let old = standings(&t, &config(TiebreakRules::Fide2023, "BH,SB,BPG,WIN"));
    assert_eq!(old.rows, s.rows);
}

#[test]
fn koya_limit_in_an_odd_round_robin_and_its_modifier() {
    let t = odd_round_robin();
    let s = standings(&t, &config(TiebreakRules::Fide2026, "KS,KS-L-1,KS-L+1"));
    // Three players: 3 rounds, each plays 2 games; limit 50 % of 2 = 1 point.
    // P1: P2 (1 ≥ 1) counts 1, P3 (0.5) does not → 1. P3: P1 0.5, P2 (forfeit loss) 0 → 0.5.
    assert_eq!(value(&s, 1, "KS"), n(1.0));
    assert_eq!(value(&s, 2, "KS"), n(0.0));
    assert_eq!(value(&s, 3, "KS"), n(0.5));
    // Limit lowered by a half-point (0.5): P3 now counts for P1 → 1.5.
    assert_eq!(value(&s, 1, "KS-L-1"), n(1.5));
    // Raised to 1.5: only P1 reaches it.
    assert_eq!(value(&s, 1, "KS-L+1"), n(0.0));
    assert_eq!(value(&s, 3, "KS-L+1"), n(0.5));
    match &s.row(1).unwrap().values[0].explanation.how {
        How::Koya { limit, max_games } => {
            assert_eq!((*limit, *max_games), (Number::ONE, 2));
        }
        other => panic!("{other:?}"),
    }
    // Not applicable in a Swiss: an empty cell.
    let swiss = standings(
        &swiss_with_unplayed_rounds(),
        &config(TiebreakRules::Fide2026, "KS"),
    );
    assert_eq!(value(&swiss, 1, "KS"), None);
    // Why, as a fact (the app words it), and in English in the JSON output.
    let how = &swiss.row(1).unwrap().values[0].explanation.how;
    assert_eq!(
        how,
        &How::NotApplicable {
            reason: Inapplicable::KoyaRoundRobinOnly
        }
    );
    assert_eq!(
        serde_json::to_value(how).unwrap(),
        serde_json::json!({"kind": "not_applicable", "reason": "Koya applies to round-robins only"})
    );
}

#[test]
fn direct_encounter_in_a_round_robin_with_double_games_averaged() {
    // Double round-robin of three; P1 and P2 tie on 2.5. Their games: 1-0 and a draw, so P1
    // scores (1 + 0.5) / 2 = 0.75 against P2 and P2 0.25: P1 first.
    let t = event(
        Format::RoundRobin { cycles: 2 },
        &[2000, 2000, 2000],
        vec![
            round(&[(1, 2, "1-0")], &[(3, ByeKind::Zero)]),
            round(&[(3, 1, "=")], &[(2, ByeKind::Zero)]),
            round(&[(2, 3, "1-0")], &[(1, ByeKind::Zero)]),
            round(&[(2, 1, "=")], &[(3, ByeKind::Zero)]),
            round(&[(1, 3, "=")], &[(2, ByeKind::Zero)]),
            round(&[(3, 2, "0-1")], &[(1, ByeKind::Zero)]),
        ],
    );
    let s = standings(&t, &config(TiebreakRules::Fide2026, "DE"));
    assert_eq!(value(&s, 1, "DE"), n(1.0));
    assert_eq!(value(&s, 2, "DE"), n(2.0));
    assert_eq!(value(&s, 3, "DE"), n(0.0), "alone on its score");
    let e = &s.row(1).unwrap().values[0].explanation;
    assert_eq!(
        e.items[0].what,
        What::AveragedGames {
            games: 2,
            score: Number::Exact(75)
        }
    );
    assert_eq!(
        s.rows.iter().map(|r| r.start_no).collect::<Vec<_>>(),
        [1, 2, 3]
    );
}

#[test]
fn direct_encounter_in_a_swiss_when_not_everyone_met() {
    // P1, P2, P3 tie on 2 points. P1 beat P2 and P3; P2 and P3 never met.
    // R1: 1–2 1-0, 4–5 1-0, 3 PAB.  R2: 1–3 1-0, 2–5 1-0, 4 PAB.  R3: 1–4 0-1, 3–5 1-0, 2 PAB.
    let t = event(
        Format::Swiss { rounds: 3 },
        &[2000, 1900, 1800, 1700, 1600],
        vec![
            round(
                &[(1, 2, "1-0"), (4, 5, "1-0")],
                &[(3, ByeKind::PairingAllocated)],
            ),
            round(
                &[(1, 3, "1-0"), (2, 5, "1-0")],
                &[(4, ByeKind::PairingAllocated)],
            ),
            round(
                &[(1, 4, "0-1"), (3, 5, "1-0")],
                &[(2, ByeKind::PairingAllocated)],
            ),
        ],
    );
    let s = standings(&t, &config(TiebreakRules::Fide2026, "DE"));
    // P1 scored 2 of 2 against the group: nobody else can reach 2 (P2 and P3 could make at
    // most 1 each by winning their unplayed game): P1 is first. P2 and P3 (0, could reach 1)
    // cannot be separated: they share place 2.
    assert_eq!(value(&s, 1, "DE"), n(1.0));
    assert_eq!(value(&s, 2, "DE"), n(2.0));
    assert_eq!(value(&s, 3, "DE"), n(2.0));
    assert_eq!(value(&s, 4, "DE"), n(0.0));
    let ranks: Vec<(StartNo, u32)> = s.rows.iter().map(|r| (r.start_no, r.rank)).collect();
    assert_eq!(ranks, [(4, 1), (1, 2), (2, 3), (3, 3), (5, 5)]);
    match &s.row(2).unwrap().values[0].explanation.how {
        How::DirectEncounter { group, steps } => {
            assert_eq!(group, &vec![1, 2, 3]);
            assert_eq!(steps[0].score, Number::ZERO);
            assert_eq!(steps[0].max, Some(Number::ONE));
            assert_eq!(steps[0].place, 2);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn ratings_based_tie_breaks() {
    // P1 meets 2000, 2100 and 2205, scores 2; then a forfeit (not counted).
    let t = event(
        Format::Swiss { rounds: 4 },
        &[2150, 2000, 2100, 2205, 2001],
        vec![
            round(&[(1, 2, "1-0"), (3, 4, "=")], &[(5, ByeKind::Half)]),
            round(&[(3, 1, "="), (2, 5, "=")], &[(4, ByeKind::Half)]),
            round(&[(1, 4, "="), (5, 3, "=")], &[(2, ByeKind::Half)]),
            round(&[(5, 1, "-+"), (2, 4, "=")], &[(3, ByeKind::Half)]),
        ],
    );
    let s = standings(&t, &config(TiebreakRules::Fide2026, "ARO,ARO-C1,TPR,PTP"));
    // ARO: 6305 / 3 = 2101.67 → 2102. Cut-1 drops 2000: 4305 / 2 = 2152.5 → 2153 (half up).
    assert_eq!(value(&s, 1, "ARO"), n(2102.0));
    assert_eq!(value(&s, 1, "ARO-C1"), n(2153.0));
    // TPR: p = 2 / 3 = 0.67 → dp 125 (table 8.1.1) → 2102 + 125.
    assert_eq!(value(&s, 1, "TPR"), n(2227.0));
    // PTP: the least R with Σ E(R − opponent) ≥ 2 (table 8.1.2).
    let ptp = value(&s, 1, "PTP").unwrap().to_f64() as i32;
    let expected = |r: i32| -> u32 {
        [2000, 2100, 2205]
            .iter()
            .map(|&o| u32::from(crate::elo::table_8_1_2_hundredths(r - o)))
            .sum()
    };
    assert!(expected(ptp) >= 200 && expected(ptp - 1) < 200, "PTP {ptp}");
}

#[test]
fn perfect_performance_at_the_extremes() {
    // P1 beats 1800 and 1900; P2 loses both.
    let t = event(
        Format::Swiss { rounds: 2 },
        &[2000, 1800, 1900, 1700],
        vec![
            round(&[(1, 2, "1-0"), (3, 4, "1-0")], &[]),
            round(&[(3, 1, "0-1"), (2, 4, "0-1")], &[]),
        ],
    );
    let s = standings(&t, &config(TiebreakRules::Fide2026, "PTP,TPR"));
    // All won: the least R expecting 1.00 against both: 1900 + 736.
    assert_eq!(value(&s, 1, "PTP"), n(2636.0));
    assert_eq!(value(&s, 1, "TPR"), n(1850.0 + 800.0));
    // Nothing scored: the lowest opponent − 800 (P2 met P1 2000 and P4 1700).
    assert_eq!(value(&s, 2, "PTP"), n(900.0));
    // Unrated opponents leave ARO unless a rating is set for them.
    let mut u = t.clone();
    u.players[1].rating = None;
    let s = standings(&u, &config(TiebreakRules::Fide2026, "ARO"));
    assert_eq!(value(&s, 1, "ARO"), n(1900.0));
    let mut c = config(TiebreakRules::Fide2026, "ARO");
    c.unrated_rating = Some(1400);
    let s = standings(&u, &c);
    assert_eq!(value(&s, 1, "ARO"), n(1650.0));
    assert_eq!(
        value(&s, 4, "ARO"),
        n(1650.0),
        "P4 met P3 (1900) and P2 (unrated: 1400)"
    );
}

#[test]
fn equal_players_share_a_rank_and_rows_follow_start_numbers() {
    // P1 beats everyone; P2 and P3 draw, both beat P4: 3, 1.5, 1.5, 0 → ranks 1, 2, 2, 4.
    let t = event(
        Format::RoundRobin { cycles: 1 },
        &[2000, 2000, 2000, 2000],
        vec![
            round(&[(1, 4, "1-0"), (2, 3, "=")], &[]),
            round(&[(4, 3, "0-1"), (1, 2, "1-0")], &[]),
            round(&[(2, 4, "1-0"), (3, 1, "0-1")], &[]),
        ],
    );
    let s = standings(&t, &config(TiebreakRules::Fide2026, "DE,SB,WIN,KS"));
    let ranks: Vec<(StartNo, u32)> = s.rows.iter().map(|r| (r.start_no, r.rank)).collect();
    assert_eq!(ranks, [(1, 1), (2, 2), (3, 2), (4, 4)]);
    assert_eq!(s.decide(2, 3), Some(Decision::Tied));
    assert_eq!(
        s.decide(1, 2),
        Some(Decision::Points {
            a: Number::int(3),
            b: Number::Exact(150)
        })
    );
}

#[test]
fn decide_names_the_first_criterion_that_differs() {
    // Points decide between P2 (1.5) and P3 (1).
    let t = swiss_with_unplayed_rounds();
    let s = standings(&t, &config(TiebreakRules::Fide2023, "BH,SB"));
    assert!(matches!(s.decide(2, 3), Some(Decision::Points { .. })));
    // Everyone on 1.5: points and BH tie; BH-C1 and then SB are looked at in turn.
    let t = event(
        Format::Swiss { rounds: 3 },
        &[2000, 1900, 1800, 1700],
        vec![
            round(&[(1, 2, "1-0"), (3, 4, "1-0")], &[]),
            round(&[(3, 1, "="), (4, 2, "=")], &[]),
            round(&[(1, 4, "0-1"), (2, 3, "1-0")], &[]),
        ],
    );
    let s = standings(&t, &config(TiebreakRules::Fide2023, "BH,SB,WIN"));
    // Everyone 1.5, BH 4.5; SB: P1 1.5 + 0.75 + 0, P2 0 + 0.75 + 1.5, P3 1.5 + 0.75 + 0,
    // P4 0 + 0.75 + 1.5: all 2.25; WIN 1 each → all tied.
    assert_eq!(s.decide(1, 4), Some(Decision::Tied));
    assert!(s.rows.iter().all(|r| r.rank == 1));
    // BPG separates them.
    let s = standings(&t, &config(TiebreakRules::Fide2023, "BH,BPG"));
    // BPG: P1 Black in R2 only → 1; P2 Black in R1 and R2 → 2.
    assert_eq!(
        s.decide(1, 2),
        Some(Decision::Tiebreak {
            index: 1,
            code: "BPG".into(),
            a: n(1.0),
            b: n(2.0)
        })
    );
}

#[test]
fn codes_parse_and_print_back() {
    for code in [
        "PTS", "DE", "WIN", "WON", "BPG", "BWG", "REP", "PS", "PS-C1", "BH", "BH-C1", "BH-C2",
        "BH-M1", "BH-M2", "FB", "FB-M1", "AOB", "SB", "SB-C1", "KS", "KS-L-1", "KS-L+2", "ARO",
        "ARO-C1", "TPR", "PTP",
    ] {
        let t: Tiebreak = code.parse().unwrap();
        assert_eq!(t.code(), code);
    }
    assert_eq!(
        "bh-c1".parse::<Tiebreak>(),
        Ok(Tiebreak::Buchholz(Modifier::cut(1)))
    );
    assert_eq!("GE".parse::<Tiebreak>(), Ok(Tiebreak::RoundsElectedToPlay));
    for bad in ["XYZ", "BH-X1", "DE-C1", "KS-L", "KS-1", "PS-M1", "BH-C"] {
        assert!(bad.parse::<Tiebreak>().is_err(), "{bad}");
    }
    assert_eq!(
        Tiebreak::parse_list(" DE , BH-C1,,SB ").unwrap(),
        vec![
            Tiebreak::DirectEncounter,
            Tiebreak::Buchholz(Modifier::cut(1)),
            Tiebreak::SonnebornBerger(Modifier::NONE)
        ]
    );
    assert_eq!("fide2023".parse(), Ok(TiebreakRules::Fide2023));
    assert_eq!(TiebreakRules::default(), TiebreakRules::Fide2026);
    assert_eq!("round-robin".parse(), Ok(System::RoundRobin));
}

#[test]
fn explanations_add_up_to_the_values() {
    let t = swiss_with_unplayed_rounds();
    let s = standings(
        &t,
        &config(TiebreakRules::Fide2026, "BH,BH-C1,BH-M1,SB,FB,PS,WIN,KS"),
    );
    for row in &s.rows {
        for (k, v) in row.values.iter().enumerate() {
            match v.explanation.how {
                How::Sum => assert_eq!(v.value, Some(v.explanation.counted_sum()), "{k}"),
                How::Count => assert_eq!(
                    v.value,
                    Some(Number::int(v.explanation.counted() as i64)),
                    "{k}"
                ),
                _ => {}
            }
        }
    }
}

#[test]
fn policy_crosstables_carry_the_policy_points() {
    let t = example::withdrawal();
    let a = analyse(&t, &t.withdrawals, Params::default()).unwrap();
    for policy in Policy::ALL {
        let ct = Crosstable::under_policy(&t, &a, policy, None);
        let outcome = a.outcome(policy);
        for (no, line) in ct.lines.iter() {
            match outcome.points[no] {
                None => assert!(!line.present, "{policy}: {} removed", line.start_no),
                Some(p) => {
                    assert!(line.present);
                    assert!(
                        (line.points().to_f64() - p).abs() < POINTS_TOLERANCE,
                        "{policy}: player {} has {} in the crosstable, {p} in the policy",
                        line.start_no,
                        line.points()
                    );
                }
            }
        }
        let s = compute(
            &Crosstable::under_policy(&t, &a, policy, None),
            &config(TiebreakRules::Fide2026, "DE,SB,WIN,KS"),
        );
        assert_eq!(s.rows.len(), outcome.standings.len(), "{policy}");
        // Points order is the policy's.
        for w in s.rows.windows(2) {
            assert!(w[0].points >= w[1].points, "{policy}");
        }
    }
    // Forfeit is what the file records: the same table as the recorded results.
    let forfeit = compute(
        &Crosstable::under_policy(&t, &a, Policy::Forfeit, None),
        &config(TiebreakRules::Fide2026, "SB"),
    );
    let recorded = standings(&t, &config(TiebreakRules::Fide2026, "SB"));
    assert_eq!(forfeit.rows, recorded.rows);
    // Bayes imputes fractions: real SB values for the withdrawn player's opponents.
    let bayes = compute(
        &Crosstable::under_policy(&t, &a, Policy::Bayes, None),
        &config(TiebreakRules::Fide2026, "SB"),
    );
    assert!(bayes
        .rows
        .iter()
        .any(|r| !r.values[0].value.unwrap().is_exact()));
}

#[test]
fn an_event_without_rounds_and_one_with_a_pending_game() {
    let all = "DE,BH,BH-M2,FB,AOB,SB-C1,KS,ARO,TPR,PTP,WIN,PS";
    let empty = event(Format::Swiss { rounds: 5 }, &[2000, 1900, 1800], Vec::new());
    for system in [System::Swiss, System::RoundRobin] {
        let mut c = config(TiebreakRules::Fide2026, all);
        c.system = Some(system);
        let s = standings(&empty, &c);
        assert!(s.rows.iter().all(|r| r.rank == 1), "{system}");
        assert_eq!(value(&s, 1, "ARO"), None);
    }
    // A board without a result yet counts as an unplayed round.
    let mut t = swiss_with_unplayed_rounds();
    t.rounds[2].games[0].result = GameResult::Pending;
    let s = standings(&t, &config(TiebreakRules::Fide2026, all));
    assert_eq!(s.row(2).unwrap().points, Number::HALF);
    assert!(matches!(
        s.row(2).unwrap().values[1].explanation.items[2].what,
        What::DummyOpponent {
            unplayed: Unplayed::Pending,
            ..
        }
    ));
}

// --- Property: the order never depends on the input order ---------------------------------

/// SplitMix64: a tiny deterministic generator for building random events from a seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            v.swap(i, j);
        }
    }
}

/// A random event of `n` players and `rounds` rounds: random pairings (repeats allowed), every
/// kind of result, bye and absence. Player i is named `P<i>` so that it can be followed.
fn random_event(seed: u64, n: u32, rounds: u32, round_robin: bool) -> Tournament {
    let mut rng = Rng(seed);
    let ratings: Vec<u16> = (0..n)
        .map(|_| {
            if rng.below(8) == 0 {
                0
            } else {
                1400 + rng.below(1400) as u16
            }
        })
        .collect();
    let codes = ["1-0", "=", "0-1", "1-0", "=", "0-1", "+-", "-+", "--"];
    let byes = [
        ByeKind::PairingAllocated,
        ByeKind::Full,
        ByeKind::Half,
        ByeKind::Zero,
    ];
    let mut rs = Vec::new();
    for _ in 0..rounds {
        let mut order: Vec<StartNo> = (1..=n).collect();
        rng.shuffle(&mut order);
        let mut r = Round::default();
        let mut i = 0;
        while i < order.len() {
            if i + 1 < order.len() && rng.below(10) != 0 {
                r.games.push(Game {
                    white: order[i],
                    black: order[i + 1],
                    result: result(codes[rng.below(codes.len() as u64) as usize]),
                });
                i += 2;
            } else {
                if rng.below(3) != 0 {
                    r.byes.push(Bye {
                        player: order[i],
                        kind: byes[rng.below(4) as usize],
                    });
                }
                i += 1;
            }
        }
        rs.push(r);
    }
    let format = if round_robin {
        Format::RoundRobin { cycles: 1 }
    } else {
        Format::Swiss { rounds }
    };
    event(format, &ratings, rs)
}

/// The same event with start numbers permuted by `perm` (old i → new perm[i − 1]), boards and
/// byes of every round shuffled.
fn relabel(t: &Tournament, perm: &PerPlayer<StartNo>, rng: &mut Rng) -> Tournament {
    let map = |p: StartNo| perm[p];
    let mut players = t.players.clone();
    players.sort_by_key(|p| map(p.start_no));
    let mut u = Tournament::new(t.name.clone(), t.format, players);
    u.rounds = t
        .rounds
        .iter()
        .map(|r| {
            let mut games: Vec<Game> = r
                .games
                .iter()
                .map(|g| Game {
                    white: map(g.white),
                    black: map(g.black),
                    result: g.result,
                })
                .collect();
            let mut byes: Vec<Bye> = r
                .byes
                .iter()
                .map(|b| Bye {
                    player: map(b.player),
                    kind: b.kind,
                })
                .collect();
            rng.shuffle(&mut games);
            rng.shuffle(&mut byes);
            Round { games, byes }
        })
        .collect();
    u.withdrawals = Vec::new();
    u
}

const ALL_CODES: &str = "DE,BH,BH-C1,BH-C2,BH-M1,BH-M2,FB,FB-C1,AOB,SB,SB-C1,KS,KS-L-1,ARO,\
                         ARO-C1,TPR,PTP,WIN,WON,BPG,BWG,REP,PS";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn order_and_values_do_not_depend_on_start_numbers_or_board_order(
        seed in any::<u64>(),
        n in 2u32..12,
        rounds in 1u32..8,
        round_robin in any::<bool>(),
        new_rules in any::<bool>(),
        rotate in 0usize..23,
    ) {
        let t = random_event(seed, n, rounds, round_robin);
        let mut rng = Rng(seed ^ 0xDEAD_BEEF);
        let mut perm: Vec<StartNo> = (1..=n).collect();
        rng.shuffle(&mut perm);
        let perm = PerPlayer::from_vec(perm);
        let u = relabel(&t, &perm, &mut rng);
        // A list in a varying order, DE included somewhere.
        let mut codes: Vec<&str> = ALL_CODES.split(',').collect();
        let len = codes.len();
        codes.rotate_left(rotate % len);
        let rules = if new_rules { TiebreakRules::Fide2026 } else { TiebreakRules::Fide2023 };
        let c = config(rules, &codes.join(","));
        let a = standings(&t, &c);
        let b = standings(&u, &c);
        for row in &a.rows {
            let other = b.row(perm[row.start_no]).unwrap();
            prop_assert_eq!(row.rank, other.rank, "player {}", row.start_no);
            prop_assert_eq!(row.points, other.points);
            for (k, (x, y)) in row.values.iter().zip(&other.values).enumerate() {
                prop_assert_eq!(x.value, y.value, "player {} {}", row.start_no, codes[k]);
            }
        }
        // Rows: by rank, then start number.
        for w in b.rows.windows(2) {
            prop_assert!((w[0].rank, w[0].start_no) < (w[1].rank, w[1].start_no));
        }
    }
}
