//! `crosstable forecast` against an independent implementation of issue 14's model: exact
//! enumeration of every outcome of the games still to play, written from the text
//! alone (no engine code: its own TRF column reading, logistic expectation, policy values and
//! shared places). The CLI's Monte Carlo at 200,000 simulations must agree within 0.01.

mod common;

use std::collections::HashMap;

/// The complete example as TRF (10 players, single round-robin, 9 rounds).
fn example_trf() -> String {
    let out = common::cli()
        .args(["example", "--complete", "--format", "trf"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

/// One player as read from a TRF `001` line (fixed columns of TRF16, by character).
#[derive(Clone, Debug)]
struct P {
    no: usize,
    rating: f64,
    /// Per round: (opponent, colour char, result char).
    games: Vec<(usize, char, char)>,
}

fn cols(chars: &[char], from: usize, to: usize) -> String {
    chars[from - 1..to.min(chars.len())].iter().collect()
}

fn read_players(trf: &str) -> Vec<P> {
    trf.lines()
        .filter(|l| l.starts_with("001"))
        .map(|l| {
            let c: Vec<char> = l.chars().collect();
            let mut games = Vec::new();
            let mut at = 92;
            while at + 7 <= c.len() {
                let opp = cols(&c, at, at + 3).trim().parse().unwrap_or(0);
                games.push((opp, c[at + 4], c[at + 6]));
                at += 10;
            }
            P {
                no: cols(&c, 5, 8).trim().parse().unwrap(),
                rating: cols(&c, 49, 52).trim().parse().unwrap(),
                games,
            }
        })
        .collect()
}

/// The example cut after round `cut` (later rounds not yet played), with player `w`
/// withdrawn after round `after` (games from then on are forfeits), written as TRF.
fn ongoing(cut: usize, withdrawal: Option<(usize, usize)>) -> (String, Vec<P>) {
    let trf = example_trf();
    let mut players = read_players(&trf);
    for p in &mut players {
        p.games.truncate(cut);
    }
    if let Some((w, after)) = withdrawal {
        for r in after..cut {
            let opp = players[w - 1].games[r].0;
            players[w - 1].games[r].2 = '-';
            players[opp - 1].games[r].2 = '+';
        }
    }
    let mut out = String::new();
    for line in trf.lines() {
        if line.starts_with("XXW") {
            continue;
        }
        if line.starts_with("001") {
            let c: Vec<char> = line.chars().collect();
            let no: usize = cols(&c, 5, 8).trim().parse().unwrap();
            let mut s: String = c[..91].iter().collect();
            for (opp, colour, result) in &players[no - 1].games {
                s.push_str(&format!("{opp:>4} {colour} {result}  "));
            }
            out.push_str(s.trim_end());
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    if let Some((w, after)) = withdrawal {
        out.push_str(&format!("XXW {w} {after}\n"));
    }
    (out, players)
}

fn points(result: char) -> f64 {
    match result {
        '1' | '+' | 'W' => 1.0,
        '=' | 'D' => 0.5,
        _ => 0.0,
    }
}

fn logistic(own: f64, opp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((opp - own) / 400.0))
}

#[derive(Clone, Copy, PartialEq)]
enum Rule {
    Fide,
    Bayes(f64),
}

/// Exact P(first) and P(podium) per player in the table, and expected points.
fn exact(
    players: &[P],
    withdrawal: Option<(usize, usize)>,
    rule: Rule,
    d: f64,
) -> HashMap<usize, (f64, f64, f64)> {
    let n = players.len();
    let w = withdrawal.map(|(w, _)| w);
    let after = withdrawal.map_or(usize::MAX, |(_, a)| a);
    let mut fixed = vec![0.0; n + 1];
    let mut met = vec![vec![false; n + 1]; n + 1];
    // W's over-the-board games before the withdrawal: n_w, score, opponents.
    let (mut n_w, mut score_w, mut opps_w) = (0usize, 0.0, Vec::new());
    for p in players {
        for (r, &(opp, _, res)) in p.games.iter().enumerate() {
            if opp == 0 {
                continue;
            }
            met[p.no][opp] = true;
            let involves_w = Some(p.no) == w || Some(opp) == w;
            if involves_w && r >= after {
                continue; // an unplayed game of W: the policy's value below
            }
            fixed[p.no] += points(res);
            if Some(p.no) == w {
                n_w += 1;
                score_w += points(res);
                opps_w.push(opp);
            }
        }
    }
    let mut in_table: Vec<usize> = (1..=n).collect();
    if let Some(w) = w {
        let rw = players[w - 1].rating;
        // W's unplayed games: every opponent W did not meet over the board before withdrawing.
        let unplayed: Vec<usize> = (1..=n)
            .filter(|&i| i != w && !opps_w.contains(&i))
            .collect();
        match rule {
            Rule::Fide if 2 * n_w < n - 1 => {
                // Fewer than 50 % of the n − 1 scheduled games played: annulment: W and every game of W leave the table.
                in_table.retain(|&i| i != w);
                for p in players {
                    for (r, &(opp, _, res)) in p.games.iter().enumerate() {
                        if opp == w && r < after {
                            fixed[p.no] -= points(res);
                        }
                    }
                }
            }
            Rule::Fide => {
                for &i in &unplayed {
                    fixed[i] += 1.0;
                }
            }
            Rule::Bayes(k) => {
                let s_bar = score_w / n_w as f64;
                let e_bar = opps_w
                    .iter()
                    .map(|&j| logistic(players[j - 1].rating, rw))
                    .sum::<f64>()
                    / n_w as f64;
                let delta = (1.0 - s_bar) - e_bar;
                let weight = n_w as f64 / (n_w as f64 + k);
                for &i in &unplayed {
                    let v = (logistic(players[i - 1].rating, rw) + weight * delta).clamp(0.0, 1.0);
                    fixed[i] += v;
                    fixed[w] += 1.0 - v;
                }
            }
        }
    }
    // Games still to play: pairs of players still playing who have not met.
    let mut games = Vec::new();
    for i in 1..=n {
        for j in i + 1..=n {
            if Some(i) != w && Some(j) != w && !met[i][j] {
                games.push((i, j, logistic(players[i - 1].rating, players[j - 1].rating)));
            }
        }
    }
    let mut out: HashMap<usize, (f64, f64, f64)> = in_table
        .iter()
        .map(|&i| (i, (0.0, 0.0, fixed[i])))
        .collect();
    for &(i, j, e) in &games {
        out.get_mut(&i).unwrap().2 += e;
        out.get_mut(&j).unwrap().2 += 1.0 - e;
    }
    let total = 3usize.pow(games.len() as u32);
    for code in 0..total {
        let mut c = code;
        let mut prob = 1.0;
        let mut pts = fixed.clone();
        for &(i, j, e) in &games {
            let draw = d * (1.0 - (2.0 * e - 1.0).abs());
            let (s, p) = match c % 3 {
                0 => (1.0, e - draw / 2.0),
                1 => (0.5, draw),
                _ => (0.0, 1.0 - e - draw / 2.0),
            };
            c /= 3;
            prob *= p;
            pts[i] += s;
            pts[j] += 1.0 - s;
        }
        if prob == 0.0 {
            continue;
        }
        for &i in &in_table {
            // Places occupied by i's group: above = players with more points, g = the group.
            let above = in_table.iter().filter(|&&j| pts[j] > pts[i] + 1e-9).count();
            let g = in_table
                .iter()
                .filter(|&&j| (pts[j] - pts[i]).abs() <= 1e-9)
                .count();
            let first = if above == 0 { 1.0 / g as f64 } else { 0.0 };
            let podium = (above + g).min(3).saturating_sub(above) as f64 / g as f64;
            let e = out.get_mut(&i).unwrap();
            e.0 += prob * first;
            e.1 += prob * podium;
        }
    }
    out
}

/// (start_no → (p_first, p_podium, expected_points)) from the CLI's CSV.
fn cli(trf: &str, policy: &str) -> HashMap<usize, (f64, f64, f64)> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ongoing.trf");
    std::fs::write(&path, trf).unwrap();
    let out = common::cli()
        .args([
            "forecast",
            path.to_str().unwrap(),
            "--policy",
            policy,
            "--format",
            "csv",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let csv = String::from_utf8(out).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("start_no,name,points_now,expected_points,p_first,p_podium")
    );
    lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let num = |i: usize| f[i].parse::<f64>().unwrap();
            (f[0].parse().unwrap(), (num(4), num(5), num(3)))
        })
        .collect()
}

fn check(cut: usize, withdrawal: Option<(usize, usize)>, rule: Rule, policy: &str) {
    let (trf, players) = ongoing(cut, withdrawal);
    let want = exact(&players, withdrawal, rule, 0.6);
    let got = cli(&trf, policy);
    let mut keys: Vec<_> = want.keys().copied().collect();
    keys.sort();
    let mut got_keys: Vec<_> = got.keys().copied().collect();
    got_keys.sort();
    assert_eq!(keys, got_keys, "the players in the table");
    let mut contested = 0;
    for no in keys {
        let (w, g) = (want[&no], got[&no]);
        assert!(
            (w.0 - g.0).abs() < 0.01,
            "player {no} P(first): exact {} vs {}",
            w.0,
            g.0
        );
        assert!(
            (w.1 - g.1).abs() < 0.01,
            "player {no} P(podium): exact {} vs {}",
            w.1,
            g.1
        );
        assert!(
            (w.2 - g.2).abs() < 1e-4,
            "player {no} expected points: {} vs {}",
            w.2,
            g.2
        );
        if w.1 > 0.02 && w.1 < 0.98 {
            contested += 1;
        }
    }
    assert!(
        contested >= 2,
        "the case must leave the podium open to be a test"
    );
}

#[test]
fn ongoing_event_without_withdrawal_matches_exact_enumeration() {
    // Rounds 8 and 9 to play: 10 games.
    check(7, None, Rule::Fide, "fide");
}

#[test]
fn fide_rule_annulled_withdrawal_matches_exact_enumeration() {
    // Player 4 withdraws after round 3 (3 of 9 games < 50 %: annulled); rounds 8–9 to play.
    check(7, Some((4, 3)), Rule::Fide, "fide");
}

#[test]
fn fide_rule_forfeited_withdrawal_matches_exact_enumeration() {
    // Player 4 withdraws after round 5 (5 of 9 games ≥ 50 %: forfeits); rounds 8–9 to play.
    check(7, Some((4, 5)), Rule::Fide, "fide");
}

#[test]
fn bayesian_withdrawal_matches_exact_enumeration() {
    check(7, Some((4, 5)), Rule::Bayes(3.0), "bayes");
}

#[test]
fn annulled_player_has_no_row_and_errors_are_clear() {
    let (trf, _) = ongoing(7, Some((4, 3)));
    let got = cli(&trf, "fide");
    assert!(!got.contains_key(&4));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.trf");
    std::fs::write(&path, trf).unwrap();
    let p = path.to_str().unwrap();
    for (args, message) in [
        (vec!["--draw-peak", "1.5"], "--draw-peak"),
        (vec!["--simulations", "0"], "--simulations"),
        (vec!["--k=-1"], "--k"),
        (vec!["--policy", "nope"], "fide"),
    ] {
        common::cli()
            .arg("forecast")
            .arg(p)
            .args(&args)
            .assert()
            .failure()
            .stderr(predicates::str::contains(message));
    }
    common::cli()
        .args(["forecast", "/nonexistent/e.trf"])
        .assert()
        .failure()
        .stderr(predicates::str::contains("cannot read"));
}

#[test]
fn json_and_table_formats_name_the_model() {
    let (trf, _) = ongoing(7, None);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.trf");
    std::fs::write(&path, trf).unwrap();
    let p = path.to_str().unwrap();
    let json = common::cli()
        .args([
            "forecast",
            p,
            "--format",
            "json",
            "--simulations",
            "20000",
            "--seed",
            "7",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&json).unwrap();
    assert_eq!(v["forecast"]["simulations"], 20000);
    assert_eq!(v["forecast"]["remaining_games"], 10);
    let rows = v["forecast"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 10);
    let sum_first: f64 = rows.iter().map(|r| r["p_first"].as_f64().unwrap()).sum();
    assert!(
        (sum_first - 1.0).abs() < 1e-9,
        "first place is shared out exactly once"
    );
    assert!(rows
        .iter()
        .all(|r| r["places"].as_array().unwrap().len() == 10));
    let again = common::cli()
        .args([
            "forecast",
            p,
            "--format",
            "json",
            "--simulations",
            "20000",
            "--seed",
            "7",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(json, again, "the same seed gives the same numbers");
    common::cli()
        .args(["forecast", p])
        .assert()
        .success()
        .stdout(predicates::str::contains("200000 simulations"))
        .stdout(predicates::str::contains("not modelled"));
}
