//! The pairings checker (`engine::check`) on the reference fixtures: every finished Dutch
//! tournament of `fixtures/dutch/` checks clean; a round tampered in the text, a points column
//! or a rank tampered, is reported as exactly that; the TRF-2026 variants of
//! `fixtures/dutch-2026/` (Baku, prohibited pairings, other point systems) agree round by
//! round under bbpPairings' reading; and the C2 positions of `fixtures/dutch-c2/` flag an
//! illegal second bye.
//!
//! `DUTCH_ONLY=t001,t017` limits the walk over `fixtures/dutch/` (while iterating).

use engine::check::{check, round_difference, Board, Options, Report, StandingDifference};
use engine::dutch::DutchRules;
use engine::model::{Bye, ByeKind, Game, GameResult, Outcome, Round, StartNo, Tournament};
use std::path::{Path, PathBuf};
use std::time::Instant;

#[path = "support/dutch_rounds.rs"]
mod dutch_rounds;
#[path = "support/tamper.rs"]
mod tamper;

fn fixtures(folder: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(folder);
    assert!(
        dir.is_dir(),
        "fixtures/{folder} is missing: expected {}",
        dir.display()
    );
    dir
}

fn read(path: &Path) -> String {
    let bytes =
        std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    engine::trf::decode(&bytes)
}

/// Checks a TRF text as the CLI does: the event, and the points and ranks its lines declare.
fn check_text(text: &str, dutch: DutchRules) -> Report {
    let t = engine::trf::parse(text).unwrap_or_else(|e| panic!("does not parse: {e}"));
    let options = Options {
        dutch,
        ..Options::default()
    };
    check(&t, &engine::trf::declared(text), options).unwrap_or_else(|e| panic!("{e}"))
}

fn full_trf(tid: &str) -> String {
    read(&fixtures("dutch").join(tid).join("full.trf"))
}

#[test]
fn every_finished_dutch_tournament_checks_clean() {
    let started = Instant::now();
    let mut rounds = 0;
    let mut failures = Vec::new();
    let dirs = dutch_rounds::tournaments();
    assert!(!dirs.is_empty());
    for dir in &dirs {
        let tid = dir.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        let report = check_text(&read(&dir.join("full.trf")), DutchRules::Fide2025);
        rounds += report.rounds;
        if !report.agrees() {
            failures.push(format!(
                "{tid}: {:?} {:?}",
                report.pairings, report.standings
            ));
        }
    }
    eprintln!(
        "checked {} tournaments, {rounds} rounds, in {:.1} s",
        dirs.len(),
        started.elapsed().as_secs_f64()
    );
    if std::env::var_os("DUTCH_ONLY").is_none() {
        assert_eq!(rounds, 1253, "fixtures/dutch has 1,253 rounds");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_round_with_two_opponents_swapped_is_the_first_difference() {
    let k = 3;
    let (text, ((a, b), (c, d))) = tamper::swap_opponents(&full_trf("t010"), k);
    let report = check_text(&text, DutchRules::Fide2025);
    let first = report.pairings.first().expect("a difference is reported");
    assert_eq!(first.round, k);
    let sorted = |mut v: Vec<Board>| {
        v.sort();
        v
    };
    let game = |white, black| Board::Game { white, black };
    assert_eq!(
        sorted(first.file.clone()),
        sorted(vec![game(a, d), game(c, b)])
    );
    assert_eq!(
        sorted(first.ours.clone().expect("our pairing")),
        sorted(vec![game(a, b), game(c, d)])
    );
    assert!(report.standings.is_empty(), "{:?}", report.standings);
}

#[test]
fn a_tampered_points_column_is_reported_for_that_player_alone() {
    let text = full_trf("t004");
    let t = engine::trf::parse(&text).expect("parses");
    let computed = t.score(7);
    let text = tamper::set_column(
        &text,
        7,
        tamper::POINTS,
        &format!("{:.1}", f64::from(computed + 10) / 10.0),
    );
    let report = check_text(&text, DutchRules::Fide2025);
    assert!(report.pairings.is_empty(), "{:?}", report.pairings);
    assert_eq!(
        report.standings,
        [StandingDifference::Points {
            player: 7,
            file: computed + 10,
            computed,
        }]
    );
}

/// A tie-break fixture (`fixtures/tiebreaks/<case>`) as a TRF-2026-style file: its tie-break
/// order as a `202` record and the reference program's ranks (2026 rules) in the rank column.
fn ranked_case(case: &str) -> (String, Vec<(StartNo, u32)>) {
    let dir = fixtures("tiebreaks").join(case);
    let order: Vec<String> = read(&dir.join("order.txt"))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && *l != "PTS")
        .map(str::to_owned)
        .collect();
    let csv = read(&dir.join("expected-2026.csv"));
    let mut rows = csv.lines().filter(|l| !l.trim().is_empty());
    let header: Vec<&str> = rows.next().expect("header").split(',').collect();
    let rank_col = header
        .iter()
        .position(|&c| c == "rank")
        .expect("rank column");
    let ranks: Vec<(StartNo, u32)> = rows
        .map(|l| {
            let cells: Vec<&str> = l.split(',').collect();
            (
                cells[0].parse().expect("start number"),
                cells[rank_col].parse().expect("rank"),
            )
        })
        .collect();
    let mut out = Vec::new();
    for line in read(&dir.join("input.trf")).lines() {
        if line.starts_with("001") {
            let no: StartNo = line[4..8].trim().parse().expect("start number");
            let rank = ranks.iter().find(|r| r.0 == no).expect("ranked").1;
            let mut l = format!("{line:<91}");
            l.replace_range(85..89, &format!("{rank:>4}"));
            out.push(l.trim_end().to_owned());
        } else {
            out.push(line.to_owned());
        }
    }
    out.push(format!("202 {}", order.join(" ")));
    (out.join("\n") + "\n", ranks)
}

fn swiss_tiebreak_cases() -> Vec<String> {
    let mut cases: Vec<String> = std::fs::read_dir(fixtures("tiebreaks"))
        .expect("readable")
        .filter_map(|e| e.ok())
        .filter(|e| {
            std::fs::read_to_string(e.path().join("type.txt")).is_ok_and(|t| t.trim() == "swiss")
        })
        .filter_map(|e| e.file_name().to_str().map(str::to_owned))
        .collect();
    cases.sort();
    cases
}

#[test]
fn the_reference_ranks_of_every_swiss_tiebreak_case_check_clean() {
    let cases = swiss_tiebreak_cases();
    assert!(cases.len() > 40, "{cases:?}");
    let mut failures = Vec::new();
    for case in &cases {
        let (text, _) = ranked_case(case);
        let report = check_text(&text, DutchRules::Fide2025);
        assert!(report.ranks_checked, "{case}: the ranks were compared");
        // The TEC exercises were not paired by a Dutch engine: only their standings count.
        let pairings_count = case.starts_with("swiss-t");
        if !report.standings.is_empty() || (pairings_count && !report.pairings.is_empty()) {
            failures.push(format!(
                "{case}: {:?} {:?}",
                report.standings, report.pairings
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_tampered_rank_is_reported_for_the_players_concerned() {
    let (text, ranks) = ranked_case("swiss-t020");
    // Two players of different places exchange their ranks in the file.
    let (a, ra) = ranks[0];
    let &(b, rb) = ranks.iter().find(|r| r.1 != ra).expect("two places");
    let text = tamper::set_column(&text, a, tamper::RANK, &rb.to_string());
    let text = tamper::set_column(&text, b, tamper::RANK, &ra.to_string());
    let report = check_text(&text, DutchRules::Fide2025);
    let found: Vec<(StartNo, u32)> = report
        .standings
        .iter()
        .map(|d| match *d {
            StandingDifference::Rank { player, file, .. } => (player, file),
            other => panic!("only ranks were tampered: {other:?}"),
        })
        .collect();
    let mut want = vec![(a, rb), (b, ra)];
    want.sort();
    assert_eq!(found, want);
}

/// `rRR.trf` of a TRF-2026 fixture with its reference pairing `rRR.pairs` entered as round RR
/// (games without results yet, the bye as the PAB, the players left out as their requests
/// say).
fn with_reference_round(input: &str, pairs: &str) -> (Tournament, u32) {
    let mut t = engine::trf::parse(input).expect("parses");
    let round = t.rounds.len() as u32 + 1;
    let mut r = Round::default();
    for line in pairs.lines().skip(1) {
        let mut it = line
            .split_whitespace()
            .map(|x| x.parse::<StartNo>().expect("number"));
        match (it.next(), it.next()) {
            (Some(p), Some(0)) => r.byes.push(Bye {
                player: p,
                kind: ByeKind::PairingAllocated,
            }),
            (Some(white), Some(black)) => r.games.push(Game {
                white,
                black,
                result: GameResult::Pending,
            }),
            _ => {}
        }
    }
    for q in t.requests.iter().filter(|q| q.round == round) {
        r.byes.push(Bye {
            player: q.player,
            kind: q.kind,
        });
    }
    t.requests.retain(|q| q.round != round);
    t.rounds.push(r);
    (t, round)
}

#[test]
fn every_trf_2026_reference_round_checks_clean_as_bbppairings_reads_it() {
    let root = fixtures("dutch-2026");
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    for dir in dirs {
        let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("readable")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "trf"))
            .collect();
        inputs.sort();
        for input in inputs {
            let pairs = read(&input.with_extension("pairs"));
            let (t, round) = with_reference_round(&read(&input), &pairs);
            checked += 1;
            // Only round RR is the reference engine's pairing of this file (the history was
            // paired without the variant's rules), so only round RR must agree.
            if let Some(d) = round_difference(&t, round, DutchRules::BbpPairings6) {
                failures.push(format!("{}: {d:?}", input.display()));
            }
        }
    }
    assert_eq!(checked, 477, "fixtures/dutch-2026 has 477 rounds");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A C2 position (`fixtures/dutch-c2/`) with round 3 entered as `boards` and `bye`.
fn c2_with_round_three(name: &str, boards: &[(StartNo, StartNo)], bye: StartNo) -> Tournament {
    let mut t = engine::trf::parse(&read(&fixtures("dutch-c2").join(name))).expect("parses");
    assert_eq!(t.rounds.len(), 2);
    t.rounds.push(Round {
        games: boards
            .iter()
            .map(|&(white, black)| Game {
                white,
                black,
                result: GameResult::Played(Outcome::Draw),
            })
            .collect(),
        byes: vec![Bye {
            player: bye,
            kind: ByeKind::PairingAllocated,
        }],
    });
    t
}

#[test]
fn a_second_pairing_allocated_bye_is_flagged_and_the_legal_pairing_is_not() {
    // Position A: players 5 and 4 had the PAB; the legal pairing is bye 3, 1-4, 2-5
    // (fixtures/dutch-c2/README.md, worked out from the rules). Our colours for it:
    let legal = engine::dutch::pair_next_round(
        &engine::trf::parse(&read(&fixtures("dutch-c2").join("a_pab_twice_lowest.trf")))
            .expect("parses"),
        DutchRules::Fide2025,
    )
    .expect("pairs");
    assert_eq!(legal.bye, Some(3));
    // The position's first two rounds were written by hand to set up C2 (its README), not
    // paired by a Dutch engine: the checker says so for round 2 and only there.
    let hand_made = |r: &Report| r.pairings.iter().map(|d| d.round).collect::<Vec<_>>();
    let t = c2_with_round_three("a_pab_twice_lowest.trf", &legal.boards, 3);
    let report = check(&t, &[], Options::default()).expect("checks");
    assert_eq!(hand_made(&report), [2], "{report:?}");

    // The "lowest ranked gets the bye" shortcut: player 5 a second time; 2 has met 1 and 4,
    // so 2-3 and 1-4 remain.
    let shortcut = [(1, 4), (3, 2)];
    let t = c2_with_round_three("a_pab_twice_lowest.trf", &shortcut, 5);
    let report = check(&t, &[], Options::default()).expect("checks");
    assert_eq!(hand_made(&report), [2, 3], "{report:?}");
    let d = &report.pairings[1];
    let ours = d.ours.clone().expect("our pairing");
    let legal_boards: Vec<Board> = legal
        .boards
        .iter()
        .map(|&(white, black)| Board::Game { white, black })
        .chain([Board::Bye(3)])
        .collect();
    let shortcut_boards: Vec<Board> = shortcut
        .iter()
        .map(|&(white, black)| Board::Game { white, black })
        .chain([Board::Bye(5)])
        .collect();
    let only = |a: &[Board], b: &[Board]| -> Vec<Board> {
        a.iter().copied().filter(|x| !b.contains(x)).collect()
    };
    assert_eq!(d.file, only(&shortcut_boards, &legal_boards));
    assert_eq!(ours, only(&legal_boards, &shortcut_boards));
    assert!(d.file.contains(&Board::Bye(5)) && ours.contains(&Board::Bye(3)));
}
