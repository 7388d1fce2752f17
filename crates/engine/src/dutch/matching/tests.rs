use super::super::weight::Wide;
use super::*;

type W = Wide<1>;

struct Dense(Vec<Vec<u64>>);
impl Graph<W> for Dense {
    fn weight(&self, u: usize, v: usize) -> W {
        W::from_u64(self.0[u][v])
    }
}

/// A small seeded pseudo-random generator (xorshift64) for the random graphs.
fn xorshift(mut s: u64) -> impl FnMut() -> u64 {
    move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    }
}

fn dense(n: usize, edges: &[(usize, usize, u64)]) -> Dense {
    let mut m = vec![vec![0; n]; n];
    for &(a, b, w) in edges {
        m[a][b] = w;
        m[b][a] = w;
    }
    Dense(m)
}

fn brute(g: &Dense, n: usize) -> Option<u64> {
    fn go(g: &Dense, used: &mut Vec<bool>, n: usize) -> Option<u64> {
        let Some(a) = (0..n).find(|&i| !used[i]) else {
            return Some(0);
        };
        used[a] = true;
        let mut best = None;
        for b in 0..n {
            if !used[b] && g.0[a][b] > 0 {
                used[b] = true;
                if let Some(r) = go(g, used, n) {
                    let t = r + g.0[a][b];
                    best = Some(best.map_or(t, |x: u64| x.max(t)));
                }
                used[b] = false;
            }
        }
        used[a] = false;
        best
    }
    go(g, &mut vec![false; n], n)
}

fn total(m: &Matcher<W>, g: &Dense, n: usize) -> u64 {
    (0..n)
        .filter_map(|v| m.mate(v).filter(|&u| u > v).map(|u| g.0[v][u]))
        .sum()
}

/// Maximum weight of a perfect matching by dynamic programming over vertex subsets.
fn best_by_subsets(g: &Dense, n: usize) -> Option<u64> {
    let full = (1usize << n) - 1;
    let mut best: Vec<Option<u64>> = vec![None; 1 << n];
    best[0] = Some(0);
    for mask in 1..=full {
        if mask.count_ones() % 2 == 1 {
            continue;
        }
        let a = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << a);
        let mut here = None;
        for b in (a + 1)..n {
            if rest & (1 << b) != 0 && g.0[a][b] > 0 {
                if let Some(r) = best[rest & !(1 << b)] {
                    let t = r + g.0[a][b];
                    here = Some(here.map_or(t, |x: u64| x.max(t)));
                }
            }
        }
        best[mask] = here;
    }
    best[full]
}

/// Larger fields with many exposed vertices at once (a cold solve, then several vertices
/// touched together): a stage then augments several disjoint paths, and the trees it
/// augmented must take no further part in it.
#[test]
fn several_augmentations_per_stage_stay_optimal() {
    let mut next = xorshift(0x2545_f491_4f6c_dd1d);
    for case in 0..60 {
        let n = 12 + 2 * (case % 4);
        let mut edges = Vec::new();
        for a in 0..n {
            for b in (a + 1)..n {
                if !next().is_multiple_of(3) {
                    // Few distinct weights: many ties and many blossoms.
                    edges.push((a, b, 1 + next() % 6));
                }
            }
        }
        let mut g = dense(n, &edges);
        let mut m = Matcher::<W>::new(n);
        let expect = best_by_subsets(&g, n);
        assert_eq!(m.solve(&g), expect.is_some(), "case {case}");
        let Some(e) = expect else { continue };
        assert_eq!(total(&m, &g, n), e, "case {case}");
        for round in 0..4 {
            for _ in 0..(2 + round) {
                let v = (next() % n as u64) as usize;
                for u in 0..n {
                    if u != v && g.0[v][u] > 0 {
                        let w = 1 + next() % 6;
                        g.0[v][u] = w;
                        g.0[u][v] = w;
                    }
                }
                m.touch(v);
            }
            assert!(m.solve(&g), "case {case} round {round}");
            assert_eq!(
                Some(total(&m, &g, n)),
                best_by_subsets(&g, n),
                "case {case} round {round}"
            );
        }
    }
}

#[test]
fn matches_brute_force_and_warm_starts() {
    let mut next = xorshift(0x9e3779b97f4a7c15);
    for case in 0..300 {
        let n = 2 + 2 * (case % 5);
        let mut edges = Vec::new();
        for a in 0..n {
            for b in (a + 1)..n {
                if !next().is_multiple_of(4) {
                    edges.push((a, b, 1 + next() % 20));
                }
            }
        }
        let mut g = dense(n, &edges);
        let mut m = Matcher::<W>::new(n);
        let ok = m.solve(&g);
        let expect = brute(&g, n);
        assert_eq!(ok, expect.is_some(), "case {case}");
        if let Some(e) = expect {
            assert_eq!(total(&m, &g, n), e, "case {case}");
            // Change the edges at one vertex and re-solve warm.
            for _ in 0..3 {
                let v = (next() % n as u64) as usize;
                for u in 0..n {
                    if u != v && g.0[v][u] > 0 {
                        let w = 1 + next() % 20;
                        g.0[v][u] = w;
                        g.0[u][v] = w;
                    }
                }
                m.touch(v);
                assert!(m.solve(&g));
                assert_eq!(Some(total(&m, &g, n)), brute(&g, n), "case {case} warm");
            }
        }
    }
}

/// Removing a pair reports, until the next solve, the matching the last solve found: the
/// bracket procedure reads which players act as S1 from it right after fixing a pair, as the
/// reference reads its copy of the last matching. (Removing a pair dissolves the blossoms
/// around it, and a dissolved blossom's base may lose its edge out of the blossom: read live,
/// two players still paired in the optimum would look unpaired — issue 29's seeds 483 and
/// 13919.) Each later solve stays optimal over what is left.
#[test]
fn removing_a_pair_keeps_the_last_solved_matching_until_the_next_solve() {
    let mut next = xorshift(0x0bad_5eed_1234_5678);
    let mut disturbed = 0;
    for case in 0..200 {
        let n = 10 + 2 * (case % 3);
        let mut edges = Vec::new();
        for a in 0..n {
            for b in (a + 1)..n {
                if !next().is_multiple_of(4) {
                    edges.push((a, b, 1 + next() % 4));
                }
            }
        }
        let g = dense(n, &edges);
        let mut m = Matcher::<W>::new(n);
        if !m.solve(&g) {
            continue;
        }
        let mut left: Vec<usize> = (0..n).collect();
        while left.len() > 2 {
            let before: Vec<Option<usize>> = (0..n).map(|v| m.mate(v)).collect();
            let u = left[(next() % left.len() as u64) as usize];
            let v = before[u].expect("a perfect matching");
            m.remove_pair(u, v);
            left.retain(|&x| x != u && x != v);
            disturbed += left.iter().filter(|&&x| m.mate[x] != before[x]).count();
            for &x in &left {
                assert_eq!(
                    m.mate(x),
                    before[x],
                    "case {case}: {x} after removing {u}–{v}"
                );
            }
            assert!(m.solve(&g), "case {case}");
            let mut rest = vec![vec![0; left.len()]; left.len()];
            for (i, &a) in left.iter().enumerate() {
                for (j, &b) in left.iter().enumerate() {
                    rest[i][j] = g.0[a][b];
                }
            }
            let solved: u64 = left
                .iter()
                .filter_map(|&x| m.mate(x).filter(|&y| y > x).map(|y| g.0[x][y]))
                .sum();
            assert_eq!(
                Some(solved),
                best_by_subsets(&Dense(rest), left.len()),
                "case {case}"
            );
        }
    }
    // The walk must meet the case it guards: removals that unmatch other vertices live.
    assert!(disturbed > 0, "no removal disturbed the live matching");
}
