//! The bracket-by-bracket procedure: the whole field is one weighted matching problem, and the
//! brackets are settled from the top score down. In each bracket the matching first fixes the
//! high-order criteria (C1–C21); then, one choice at a time, small bonuses in the free low bits
//! select which moved-down players are paired (art. 3.3, highest first), their opponents, the
//! exchanges between S1 and S2 (fewest, then the smallest differences of the numbers
//! exchanged, art. 4.3) and the transposition order (art. 4.2), each choice frozen before the
//! next. The sequence of choices follows bbpPairings' Dutch implementation, which the reference
//! fixtures were checked against.

use super::criteria::{Ctx, Entrant, Layout};
use super::matching::{Graph, Matcher};
use super::weight::Weight;

const NONE: usize = usize::MAX;

/// How the weights outside the window (the bracket being paired and the next score group) look.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The first matching of an odd field, which finds the score of the bye.
    ByeScore,
    Normal,
}

/// The graph's weights: a dense matrix over the window, a formula elsewhere.
struct Store<'a, W> {
    e: &'a [Entrant],
    layout: &'a Layout,
    dummy: usize,
    mode: Mode,
    /// Bye candidate (eligible, and at most the bye score), by entrant.
    cand: Vec<bool>,
    /// `F << below` for F = 1, 2, 3.
    completion: [W; 3],
    /// C9 ranks in the weights set before the first bracket (zero unless they apply there).
    c9_rank: Vec<u64>,
    pos: Vec<usize>,
    k: usize,
    win: Vec<W>,
    top: u32,
}

impl<W: Weight> Store<'_, W> {
    fn bbp(&self, u: usize, v: usize) -> W {
        let (pu, pv) = (self.pos[u], self.pos[v]);
        if pu != NONE && pv != NONE {
            return self.win[pu * self.k + pv];
        }
        if !self.layout.compatible(self.e, u, v) {
            return W::zero();
        }
        match self.mode {
            Mode::Normal => {
                let f = usize::from(!self.cand[u]) + usize::from(!self.cand[v]);
                let c9 = self.c9_rank[u] + self.c9_rank[v];
                if c9 == 0 {
                    self.completion[f]
                } else {
                    self.completion[f].add(W::from_u64(c9).shl(self.layout.below_c9()))
                }
            }
            Mode::ByeScore => {
                // The later-sorted player of the two is `p` in the reference's loop.
                let (o, p) = if u < v { (u, v) } else { (v, u) };
                let l = self.layout;
                let f = 1 + u64::from(!self.e[p].bye_eligible) + u64::from(!self.e[o].bye_eligible);
                let w = W::from_u64(f)
                    .shl(l.big_s)
                    .add(W::from_u64(u64::from(l.shift[p]) + u64::from(l.shift[o])));
                w.shl(l.s)
                    .add(W::from_u64(u64::from(self.e[p].score >= self.top)))
            }
        }
    }
}

impl<W: Weight> Graph<W> for Store<'_, W> {
    fn weight(&self, u: usize, v: usize) -> W {
        if u == self.dummy || v == self.dummy {
            return W::from_u64(1);
        }
        let w = self.bbp(u, v);
        if w.is_zero() {
            w
        } else {
            w.add(W::from_u64(1))
        }
    }
}

/// The result: pairs of entrant indices (unordered) and the entrant with the bye.
pub struct Outcome {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

pub struct Options {
    /// C9 (2025 text): minimise the number of unplayed games of the bye assignee.
    pub c9_unplayed_games: bool,
}

struct Run<'a, W> {
    n: usize,
    odd: bool,
    store: Store<'a, W>,
    m: Matcher<W>,
    final_mate: Vec<usize>,
    pairs: Vec<(usize, usize)>,
}

impl<W: Weight> Run<'_, W> {
    /// The partner in the current optimum (itself when unpaired or given the bye).
    fn mate(&self, v: usize) -> usize {
        if self.final_mate[v] != NONE {
            return self.final_mate[v];
        }
        match self.m.mate(v) {
            Some(u) if u != self.n => u,
            _ => v,
        }
    }

    fn solve(&mut self) -> bool {
        self.m.solve(&self.store)
    }

    fn set(&mut self, a: usize, b: usize, w: W) {
        let k = self.store.k;
        self.store.win[a * k + b] = w;
        self.store.win[b * k + a] = w;
    }

    fn finalize(&mut self, u: usize, v: usize) {
        self.m.remove_pair(u, v);
        self.final_mate[u] = v;
        self.final_mate[v] = u;
        self.pairs.push((u, v));
    }
}

/// Pairs the entrants (sorted by score descending, then rank). `None` if no pairing satisfies
/// the absolute criteria.
pub fn pair<W: Weight>(e: &[Entrant], layout: &Layout, opts: &Options) -> Option<Outcome> {
    let n = e.len();
    if n == 0 {
        return Some(Outcome {
            pairs: Vec::new(),
            bye: None,
        });
    }
    let odd = n % 2 == 1;
    let below = layout.below_completion();
    let top = e[0].score;
    let store = Store {
        e,
        layout,
        dummy: n,
        mode: if odd { Mode::ByeScore } else { Mode::Normal },
        cand: e.iter().map(|p| p.bye_eligible && p.score == 0).collect(),
        completion: [1u64, 2, 3].map(|f| W::from_u64(f).shl(below)),
        c9_rank: vec![0; n],
        pos: vec![NONE; n + 1],
        k: 0,
        win: Vec::new(),
        top,
    };
    let mut m = Matcher::new(n + 1);
    if !odd {
        m.remove_vertex(n);
    }
    let mut run = Run {
        n,
        odd,
        store,
        m,
        final_mate: vec![NONE; n + 1],
        pairs: Vec::new(),
    };
    if !run.solve() {
        return None;
    }

    let mut bye_score = 0;
    let mut single = false;
    let mut played_rank = vec![0u64; n];
    if odd {
        let bye = (0..n).find(|&v| run.mate(v) == v)?;
        if !e[bye].bye_eligible {
            return None;
        }
        bye_score = e[bye].score;
        if bye_score >= top {
            single = (0..n)
                .take_while(|&v| e[v].score >= top)
                .all(|v| e[run.mate(v)].score >= top);
        }
        // C9: the more unplayed games a candidate has, the more it is worth pairing them, so
        // that the bye goes to the candidate with the fewest.
        let games = |v: usize| {
            if opts.c9_unplayed_games {
                layout.played_rounds - e[v].played_games
            } else {
                0
            }
        };
        let mut counts: Vec<u32> = (0..n)
            .filter(|&v| e[v].score == bye_score)
            .map(games)
            .collect();
        counts.sort_unstable();
        let rank_of = |g: u32| counts.iter().rposition(|&c| c == g).unwrap_or(0) as u64;
        for v in 0..n {
            if e[v].score == bye_score {
                played_rank[v] = rank_of(games(v));
            }
        }
        if single {
            for v in 0..n {
                if e[v].score == bye_score {
                    run.store.c9_rank[v] = played_rank[v];
                }
            }
        }
        run.store.mode = Mode::Normal;
        run.store.cand = e
            .iter()
            .map(|p| p.bye_eligible && p.score <= bye_score)
            .collect();
        for v in 0..n {
            run.m.touch(v);
        }
    }

    let mut matched = vec![false; n + 1];
    let mut pbi: Vec<usize> = (0..n).take_while(|&v| e[v].score >= top).collect();
    let mut next = pbi.len();
    let mut sgb = 0usize;
    let mut sgb_vertex = 0usize;
    let mut base: Vec<W> = Vec::new();

    while pbi.len() > 1 || next < n {
        let nsgb = pbi.len();
        let nsgb_vertex = sgb_vertex + (nsgb - sgb);
        let group_start = next;
        if next < n {
            let score = e[next].score;
            while next < n && e[next].score >= score {
                pbi.push(next);
                next += 1;
            }
        }
        let k = pbi.len();
        let ctx = Ctx {
            e,
            layout,
            bye_score,
            single_downfloater_is_bye: single,
            played_rank: &played_rank,
        };
        // The window: fresh weights, except between two moved-down players, which keep the
        // weight they had (they could not be paired together above).
        let old_k = run.store.k;
        let old_pos = std::mem::replace(&mut run.store.pos, vec![NONE; n + 1]);
        let old_win = std::mem::take(&mut run.store.win);
        let mut win = vec![W::zero(); k * k];
        base.clear();
        base.resize(k * k, W::zero());
        for j in 0..k {
            for i in 0..j {
                let w = if j < sgb {
                    let (oi, oj) = (old_pos[pbi[i]], old_pos[pbi[j]]);
                    old_win[oi * old_k + oj]
                } else {
                    let w = ctx.edge::<W>(pbi[i], pbi[j], j < nsgb, j >= nsgb);
                    base[j * k + i] = w;
                    w
                };
                win[i * k + j] = w;
                win[j * k + i] = w;
            }
        }
        for (p, &v) in pbi.iter().enumerate() {
            run.store.pos[v] = p;
        }
        run.store.k = k;
        run.store.win = win;
        for &v in &pbi {
            run.m.touch(v);
        }
        if !run.solve() {
            return None;
        }
        let in_cur = |x: usize| x >= sgb_vertex && x < nsgb_vertex;

        // Which moved-down players are paired in this bracket (highest scores first).
        let mut md_score = 0;
        let mut rem_md = 0usize;
        let mut rem_matched = 0usize;
        for pi in 0..sgb {
            let pv = pbi[pi];
            if pi == 0 || e[pv].score < md_score {
                md_score = e[pv].score;
                rem_md = 0;
                rem_matched = 0;
                let mut q = pi;
                while q < k && e[pbi[q]].score >= md_score {
                    rem_md += 1;
                    if in_cur(run.mate(pbi[q])) {
                        rem_matched += 1;
                    }
                    q += 1;
                }
            }
            if rem_matched == 0 {
                continue;
            }
            if rem_md <= rem_matched {
                matched[pv] = true;
                continue;
            }
            rem_md -= 1;
            if !in_cur(run.mate(pv)) {
                for oi in sgb..nsgb {
                    let w = base[oi * k + pi];
                    if !w.is_zero() {
                        run.set(pi, oi, w.add(W::from_u64(1)));
                    }
                }
                run.m.touch(pv);
                if !run.solve() {
                    return None;
                }
            }
            if in_cur(run.mate(pv)) {
                matched[pv] = true;
                rem_matched -= 1;
                for oi in sgb..nsgb {
                    let w = base[oi * k + pi];
                    if !w.is_zero() {
                        run.set(pi, oi, w.add(W::from_u64((nsgb - sgb) as u64 + 1)));
                    }
                }
                run.m.touch(pv);
            }
        }

        // Their opponents: the highest resident possible.
        for pi in 0..sgb {
            let pv = pbi[pi];
            if !matched[pv] {
                continue;
            }
            let mut addend = k as u64;
            for oi in (sgb..nsgb).rev() {
                if matched[pbi[oi]] {
                    continue;
                }
                let w = base[oi * k + pi];
                if !w.is_zero() {
                    run.set(pi, oi, w.add(W::from_u64(addend)));
                    addend += 1;
                }
            }
            run.m.touch(pv);
            if !run.solve() {
                return None;
            }
            let mv = run.mate(pv);
            matched[mv] = true;
            run.finalize(pv, mv);
        }

        // The remainder: S1 are its first `rp` players, S2 the others.
        let remainder: Vec<usize> = (sgb..nsgb)
            .filter(|&pi| run.mate(pbi[pi]) >= sgb_vertex)
            .collect();
        let rp = remainder
            .iter()
            .filter(|&&pi| run.mate(pbi[pi]) < pbi[pi])
            .count();
        let s = layout.s;
        let ewc = |base: &[W], i: usize, j: usize, idx: usize| -> W {
            let w = base[j * k + i];
            if w.is_zero() {
                return w;
            }
            let addend = W::from_u64(u64::from(idx < rp))
                .shl(2 * s)
                .sub(W::from_u64(idx as u64))
                .shl(1);
            w.add(addend)
        };
        for (b, &oj) in remainder.iter().enumerate() {
            for (a, &pi) in remainder.iter().enumerate().take(b) {
                let w = ewc(&base, pi, oj, a);
                run.set(pi, oj, w);
            }
        }
        for &pi in &remainder {
            run.m.touch(pbi[pi]);
        }
        if !run.solve() {
            return None;
        }
        let acting_higher = |run: &Run<W>, v: usize| run.mate(v) > v && run.mate(v) < nsgb_vertex;
        let exchanges = remainder[..rp]
            .iter()
            .filter(|&&pi| !acting_higher(&run, pbi[pi]))
            .count();

        // The lowest S1 players that can be exchanged.
        let mut remaining = exchanges;
        let mut idx = rp;
        while idx > 0 && remaining > 0 {
            idx -= 1;
            let pi = remainder[idx];
            let pv = pbi[pi];
            if acting_higher(&run, pv) {
                for &oj in &remainder[idx + 1..] {
                    let w = ewc(&base, pi, oj, idx);
                    if !w.is_zero() {
                        run.set(pi, oj, w.sub(W::from_u64(1)));
                    }
                }
                run.m.touch(pv);
                if !run.solve() {
                    return None;
                }
            }
            let exchange = !acting_higher(&run, pv);
            if exchange {
                remaining -= 1;
            }
            for &oj in &remainder[idx + 1..] {
                if exchange {
                    base[oj * k + pi] = W::zero();
                }
                let w = ewc(&base, pi, oj, idx);
                run.set(pi, oj, w);
            }
            run.m.touch(pv);
        }

        // The highest S2 players that can be exchanged.
        let mut remaining = exchanges;
        for idx in rp..remainder.len() {
            if remaining <= 1 {
                break;
            }
            let pi = remainder[idx];
            let pv = pbi[pi];
            let already = acting_higher(&run, pv);
            if !already {
                for &oj in &remainder[idx + 1..] {
                    let w = ewc(&base, pi, oj, idx);
                    if !w.is_zero() {
                        run.set(pi, oj, w.add(W::from_u64(1)));
                    }
                }
                run.m.touch(pv);
                if !run.solve() {
                    return None;
                }
            }
            if acting_higher(&run, pv) {
                remaining -= 1;
                for &oi in &remainder[..idx] {
                    base[pi * k + oi] = W::zero();
                    run.set(oi, pi, W::zero());
                }
                for oi in nsgb..k {
                    base[oi * k + pi] = W::zero();
                    run.set(oi, pi, W::zero());
                }
                run.m.touch(pv);
            }
            if !already {
                for &oj in &remainder[idx + 1..] {
                    let w = ewc(&base, pi, oj, idx);
                    run.set(pi, oj, w);
                }
                run.m.touch(pv);
            }
        }

        // Freeze the exchanges: only S1 players may take a later player of the remainder.
        for a in 0..remainder.len() {
            let pi = remainder[a];
            let pv = pbi[pi];
            for &oj in &remainder[a + 1..] {
                if !acting_higher(&run, pv) || acting_higher(&run, pbi[oj]) {
                    base[oj * k + pi] = W::zero();
                }
                let w = base[oj * k + pi];
                run.set(pi, oj, w);
            }
            run.m.touch(pv);
        }

        // Each S1 player, in order, takes the highest opponent it can (transpositions).
        for &pi in &remainder {
            let pv = pbi[pi];
            if !acting_higher(&run, pv) {
                continue;
            }
            let mut addend = 0u64;
            for &oi in remainder.iter().rev() {
                if oi <= pi || matched[pbi[oi]] {
                    continue;
                }
                let w = base[oi * k + pi];
                if !w.is_zero() {
                    run.set(pi, oi, w.add(W::from_u64(addend)));
                }
                addend += 1;
            }
            run.m.touch(pv);
            if !run.solve() {
                return None;
            }
            let mv = run.mate(pv);
            matched[pv] = true;
            matched[mv] = true;
            run.finalize(pv, mv);
        }

        // The next bracket: the unpaired players of this one, then the next score group.
        let mut new_pbi = Vec::new();
        let mut new_sgb = 0;
        // C9 applies in the next bracket if the bye score is at least its score and every
        // player carried into it is, for now, paired within it or above.
        single = run.odd && group_start < n && bye_score >= e[group_start].score;
        for (pi, &v) in pbi.iter().enumerate() {
            if pi < nsgb && matched[v] {
                continue;
            }
            new_pbi.push(v);
            if pi < nsgb {
                new_sgb += 1;
            }
            if single && e[run.mate(v)].score < e[group_start].score {
                single = false;
            }
        }
        if group_start == n && new_pbi.len() == pbi.len() {
            // Nothing could be paired and nothing is left to join: no complete pairing.
            return None;
        }
        pbi = new_pbi;
        sgb = new_sgb;
        sgb_vertex = nsgb_vertex;
    }
    let bye = pbi.first().copied();
    Some(Outcome {
        pairs: run.pairs,
        bye,
    })
}
