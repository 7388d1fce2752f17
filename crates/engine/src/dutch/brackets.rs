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
    /// `(F << below) + 1` for F = 1, 2, 3: the completion term already in the matcher's form
    /// ([`graph_weight`]'s one added here once, not per query).
    completion: [W; 3],
    /// C9 ranks in the weights set before the first bracket (zero unless they apply there).
    c9_rank: Vec<u64>,
    /// `c9_rank[v] << below_c9`, so that a pair's C9 term is a sum, not a shift per query
    /// (shifting is linear modulo 2^BITS: the sum is the shift of the sum, bit for bit).
    c9_term: Vec<W>,
    /// The first matching's weights, precomputed in the same way: `(F << (big_s + s)) + 1`
    /// for F = 1, 2, 3 (in the matcher's form too) and `shift[v] << s` per entrant.
    bye_completion: [W; 3],
    bye_shift: Vec<u64>,
    pos: Vec<usize>,
    k: usize,
    /// The window's weights as the matcher sees them ([`graph_weight`]), `win[i * k + j]`.
    win: Vec<W>,
    top: u32,
}

/// The matcher's weight of an edge of criteria weight `w`: one more, so that a compatible pair
/// never weighs zero (zero is "no edge").
fn graph_weight<W: Weight>(w: W) -> W {
    if w.is_zero() {
        w
    } else {
        w.add(W::from_u64(1))
    }
}

/// The criteria weight back from [`graph_weight`].
fn criteria_weight<W: Weight>(g: W) -> W {
    if g.is_zero() {
        g
    } else {
        g.sub(W::from_u64(1))
    }
}

impl<W: Weight> Store<'_, W> {
    /// The matcher's weight ([`graph_weight`]) of a pair not both in the window. Every term
    /// below is precomputed with its one added, so that the scans, which query this for most
    /// of the field, pay no extra wide addition and no zero test: a compatible pair's
    /// completion term is never zero, and the terms added to it stay in the fields below it.
    fn outside(&self, u: usize, v: usize) -> W {
        if !self.layout.compatible(u, v) {
            return W::zero();
        }
        match self.mode {
            Mode::Normal => {
                let f = usize::from(!self.cand[u]) + usize::from(!self.cand[v]);
                if self.c9_rank[u] == 0 && self.c9_rank[v] == 0 {
                    self.completion[f]
                } else {
                    self.completion[f].add(self.c9_term[u].add(self.c9_term[v]))
                }
            }
            Mode::ByeScore => {
                // The later-sorted player of the two is `p` in the reference's loop.
                let (o, p) = if u < v { (u, v) } else { (v, u) };
                // ((F << big_s) + shift[p] + shift[o]) << s, plus the topscore bit below.
                let f = usize::from(!self.e[p].bye_eligible) + usize::from(!self.e[o].bye_eligible);
                let low = self.bye_shift[p] + self.bye_shift[o];
                self.bye_completion[f]
                    .add(W::from_u64(low + u64::from(self.e[p].score >= self.top)))
            }
        }
    }
}

impl<W: Weight> Graph<W> for Store<'_, W> {
    fn weight(&self, u: usize, v: usize) -> W {
        if u == self.dummy || v == self.dummy {
            return W::from_u64(1);
        }
        let (pu, pv) = (self.pos[u], self.pos[v]);
        if pu != NONE && pv != NONE {
            // The window keeps graph weights: no conversion per query.
            return self.win[pu * self.k + pv];
        }
        self.outside(u, v)
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

/// What the first matching of an odd field settles about the bye (all zero in an even field).
struct ByePlan {
    /// The score of the player who gets the bye.
    score: u32,
    /// C9 applies in the bracket being paired: the bye score is at least its score and every
    /// player carried into it is, for now, paired within it or above.
    single: bool,
    /// C9's rank of each player of the bye score: more unplayed games, higher rank.
    played_rank: Vec<u64>,
}

/// Where the bracket-by-bracket walk stands. `pbi` lists the window's players in order: the
/// players moved down from above (`..sgb`), the current score group (`sgb..nsgb`), then the
/// next score group (`nsgb..`), in the window so that the bracket is paired with it in view.
struct Walk<W> {
    pbi: Vec<usize>,
    /// The first entrant not yet in the window.
    next: usize,
    sgb: usize,
    nsgb: usize,
    /// The current score group's entrants are `sgb_vertex..nsgb_vertex`.
    sgb_vertex: usize,
    nsgb_vertex: usize,
    /// The first entrant of the next score group (`n` when there is none).
    group_start: usize,
    /// The window's size.
    k: usize,
    /// The window's weights as the criteria give them, `base[j * k + i]` for i < j, before the
    /// bonuses of the choices (an entry is zeroed when a choice rules the pair out).
    base: Vec<W>,
    /// Entrants paired, or chosen to be paired, in the current bracket or above.
    matched: Vec<bool>,
}

impl<W> Walk<W> {
    /// The current score group's entrants.
    fn in_current(&self, v: usize) -> bool {
        v >= self.sgb_vertex && v < self.nsgb_vertex
    }
}

/// The players of the bracket not paired with a moved-down player: S1 are the first `rp`,
/// S2 the others; `exchanges` is how many S1 players the optimum puts in S2's place.
struct Remainder<W> {
    list: Vec<usize>,
    rp: usize,
    exchanges: usize,
    /// The window's size, for [`Remainder::weight`].
    k: usize,
    /// The bonus of the `idx`-th player of the list, `(([idx < rp] << 2s) − idx) << 1`:
    /// computed once per player, not once per pair.
    bonus: Vec<W>,
}

impl<W: Weight> Remainder<W> {
    fn new(list: Vec<usize>, rp: usize, k: usize, s: u32) -> Remainder<W> {
        let bonus = (0..list.len())
            .map(|idx| {
                W::from_u64(u64::from(idx < rp))
                    .shl(2 * s)
                    .sub(W::from_u64(idx as u64))
                    .shl(1)
            })
            .collect();
        Remainder {
            list,
            rp,
            exchanges: 0,
            k,
            bonus,
        }
    }

    /// The weight of a pair of the remainder (window positions `i` < `j`), with the bonus that
    /// makes the `idx`-th player of the list act as an S1 player when it is in S1 (art. 4.2).
    fn weight(&self, base: &[W], i: usize, j: usize, idx: usize) -> W {
        let w = base[j * self.k + i];
        if w.is_zero() {
            return w;
        }
        w.add(self.bonus[idx])
    }
}

impl<'a, W: Weight> Run<'a, W> {
    /// The whole field in one matching problem, before any bracket is settled.
    fn new(e: &'a [Entrant], layout: &'a Layout) -> Run<'a, W> {
        let n = e.len();
        let odd = n % 2 == 1;
        let below = layout.below_completion();
        let store = Store {
            e,
            layout,
            dummy: n,
            mode: if odd { Mode::ByeScore } else { Mode::Normal },
            cand: e.iter().map(|p| p.bye_eligible && p.score == 0).collect(),
            completion: [1u64, 2, 3].map(|f| graph_weight(W::from_u64(f).shl(below))),
            c9_rank: vec![0; n],
            c9_term: vec![W::zero(); n],
            bye_completion: [1u64, 2, 3]
                .map(|f| graph_weight(W::from_u64(f).shl(layout.big_s + layout.s))),
            bye_shift: layout
                .shift
                .iter()
                .map(|&x| u64::from(x) << layout.s)
                .collect(),
            pos: vec![NONE; n + 1],
            k: 0,
            win: Vec::new(),
            top: e[0].score,
        };
        let mut m = Matcher::new(n + 1);
        if !odd {
            m.remove_vertex(n);
        }
        Run {
            n,
            odd,
            store,
            m,
            final_mate: vec![NONE; n + 1],
            pairs: Vec::new(),
        }
    }

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

    /// [`Run::solve`], `None` when no pairing satisfies the absolute criteria.
    fn resolve(&mut self) -> Option<()> {
        self.solve().then_some(())
    }

    fn set(&mut self, a: usize, b: usize, w: W) {
        let k = self.store.k;
        let g = graph_weight(w);
        self.store.win[a * k + b] = g;
        self.store.win[b * k + a] = g;
    }

    fn finalize(&mut self, u: usize, v: usize) {
        self.m.remove_pair(u, v);
        self.final_mate[u] = v;
        self.final_mate[v] = u;
        self.pairs.push((u, v));
    }

    /// Whether `v` is paired with a later player of the current bracket, i.e. acts as an S1
    /// player.
    fn acting_higher(&self, v: usize, walk: &Walk<W>) -> bool {
        self.mate(v) > v && self.mate(v) < walk.nsgb_vertex
    }

    /// An odd field: the first matching gives the score of the bye; C9 then ranks the players
    /// of that score by their unplayed games, and the weights switch to the normal mode.
    fn plan_bye(&mut self, opts: &Options) -> Option<ByePlan> {
        let (e, layout, n) = (self.store.e, self.store.layout, self.n);
        let top = e[0].score;
        let bye = (0..n).find(|&v| self.mate(v) == v)?;
        if !e[bye].bye_eligible {
            return None;
        }
        let bye_score = e[bye].score;
        let mut single = false;
        if bye_score >= top {
            single = (0..n)
                .take_while(|&v| e[v].score >= top)
                .all(|v| e[self.mate(v)].score >= top);
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
        let mut played_rank = vec![0u64; n];
        for v in 0..n {
            if e[v].score == bye_score {
                played_rank[v] = rank_of(games(v));
            }
        }
        if single {
            for v in 0..n {
                if e[v].score == bye_score {
                    self.store.c9_rank[v] = played_rank[v];
                    self.store.c9_term[v] = W::from_u64(played_rank[v]).shl(layout.below_c9());
                }
            }
        }
        self.store.mode = Mode::Normal;
        self.store.cand = e
            .iter()
            .map(|p| p.bye_eligible && p.score <= bye_score)
            .collect();
        for v in 0..n {
            self.m.touch(v);
        }
        Some(ByePlan {
            score: bye_score,
            single,
            played_rank,
        })
    }

    /// Pairs one bracket: the window, then each choice in its order, frozen before the next.
    fn pair_bracket(&mut self, walk: &mut Walk<W>, bye: &mut ByePlan) -> Option<()> {
        self.open_window(walk, bye)?;
        self.choose_moved_down(walk)?;
        self.pair_moved_down(walk)?;
        let remainder = self.remainder(walk)?;
        self.exchange_s1(walk, &remainder)?;
        self.exchange_s2(walk, &remainder)?;
        self.freeze_exchanges(walk, &remainder);
        self.transpose(walk, &remainder)?;
        self.carry_over(walk, bye)
    }

    /// Takes the next score group into the window and gives the window fresh weights, except
    /// between two moved-down players, which keep the weight they had (they could not be paired
    /// together above).
    fn open_window(&mut self, walk: &mut Walk<W>, bye: &ByePlan) -> Option<()> {
        let (e, n) = (self.store.e, self.n);
        walk.nsgb = walk.pbi.len();
        walk.nsgb_vertex = walk.sgb_vertex + (walk.nsgb - walk.sgb);
        walk.group_start = walk.next;
        if walk.next < n {
            let score = e[walk.next].score;
            while walk.next < n && e[walk.next].score >= score {
                walk.pbi.push(walk.next);
                walk.next += 1;
            }
        }
        let k = walk.pbi.len();
        walk.k = k;
        let ctx = Ctx {
            e,
            layout: self.store.layout,
            bye_score: bye.score,
            single_downfloater_is_bye: bye.single,
            played_rank: &bye.played_rank,
        };
        let (sgb, nsgb, pbi) = (walk.sgb, walk.nsgb, &walk.pbi);
        let old_k = self.store.k;
        let old_pos = std::mem::replace(&mut self.store.pos, vec![NONE; n + 1]);
        let old_win = std::mem::take(&mut self.store.win);
        let mut win = vec![W::zero(); k * k];
        walk.base.clear();
        walk.base.resize(k * k, W::zero());
        for j in 0..k {
            for i in 0..j {
                let w = if j < sgb {
                    let (oi, oj) = (old_pos[pbi[i]], old_pos[pbi[j]]);
                    criteria_weight(old_win[oi * old_k + oj])
                } else {
                    let w = ctx.edge::<W>(pbi[i], pbi[j], j < nsgb, j >= nsgb);
                    walk.base[j * k + i] = w;
                    w
                };
                let g = graph_weight(w);
                win[i * k + j] = g;
                win[j * k + i] = g;
            }
        }
        for (p, &v) in pbi.iter().enumerate() {
            self.store.pos[v] = p;
        }
        self.store.k = k;
        self.store.win = win;
        for &v in pbi {
            self.m.touch(v);
        }
        self.resolve()
    }

    /// Which moved-down players are paired in this bracket (art. 3.3): highest scores first,
    /// each kept if the matching can still pair it with a resident.
    fn choose_moved_down(&mut self, walk: &mut Walk<W>) -> Option<()> {
        let e = self.store.e;
        let (k, sgb, nsgb) = (walk.k, walk.sgb, walk.nsgb);
        let mut md_score = 0;
        let mut rem_md = 0usize;
        let mut rem_matched = 0usize;
        for pi in 0..sgb {
            let pv = walk.pbi[pi];
            if pi == 0 || e[pv].score < md_score {
                md_score = e[pv].score;
                rem_md = 0;
                rem_matched = 0;
                let mut q = pi;
                while q < k && e[walk.pbi[q]].score >= md_score {
                    rem_md += 1;
                    if walk.in_current(self.mate(walk.pbi[q])) {
                        rem_matched += 1;
                    }
                    q += 1;
                }
            }
            if rem_matched == 0 {
                continue;
            }
            if rem_md <= rem_matched {
                walk.matched[pv] = true;
                continue;
            }
            rem_md -= 1;
            if !walk.in_current(self.mate(pv)) {
                for oi in sgb..nsgb {
                    let w = walk.base[oi * k + pi];
                    if !w.is_zero() {
                        self.set(pi, oi, w.add(W::from_u64(1)));
                    }
                }
                self.m.touch(pv);
                self.resolve()?;
            }
            if walk.in_current(self.mate(pv)) {
                walk.matched[pv] = true;
                rem_matched -= 1;
                for oi in sgb..nsgb {
                    let w = walk.base[oi * k + pi];
                    if !w.is_zero() {
                        self.set(pi, oi, w.add(W::from_u64((nsgb - sgb) as u64 + 1)));
                    }
                }
                self.m.touch(pv);
            }
        }
        Some(())
    }

    /// The chosen moved-down players' opponents: each, in order, the highest resident possible.
    fn pair_moved_down(&mut self, walk: &mut Walk<W>) -> Option<()> {
        let (k, sgb, nsgb) = (walk.k, walk.sgb, walk.nsgb);
        for pi in 0..sgb {
            let pv = walk.pbi[pi];
            if !walk.matched[pv] {
                continue;
            }
            let mut addend = k as u64;
            for oi in (sgb..nsgb).rev() {
                if walk.matched[walk.pbi[oi]] {
                    continue;
                }
                let w = walk.base[oi * k + pi];
                if !w.is_zero() {
                    self.set(pi, oi, w.add(W::from_u64(addend)));
                    addend += 1;
                }
            }
            self.m.touch(pv);
            self.resolve()?;
            let mv = self.mate(pv);
            walk.matched[mv] = true;
            self.finalize(pv, mv);
        }
        Some(())
    }

    /// The rest of the bracket: S1 are its first `rp` players, S2 the others; the weights make
    /// S1 players act as such, and the optimum says how many must be exchanged.
    fn remainder(&mut self, walk: &Walk<W>) -> Option<Remainder<W>> {
        let pbi = &walk.pbi;
        let list: Vec<usize> = (walk.sgb..walk.nsgb)
            .filter(|&pi| self.mate(pbi[pi]) >= walk.sgb_vertex)
            .collect();
        let rp = list
            .iter()
            .filter(|&&pi| self.mate(pbi[pi]) < pbi[pi])
            .count();
        let mut r = Remainder::new(list, rp, walk.k, self.store.layout.s);
        for (b, &oj) in r.list.iter().enumerate() {
            for (a, &pi) in r.list.iter().enumerate().take(b) {
                let w = r.weight(&walk.base, pi, oj, a);
                self.set(pi, oj, w);
            }
        }
        for &pi in &r.list {
            self.m.touch(pbi[pi]);
        }
        self.resolve()?;
        r.exchanges = r.list[..rp]
            .iter()
            .filter(|&&pi| !self.acting_higher(pbi[pi], walk))
            .count();
        Some(r)
    }

    /// The exchanges, S1's side (art. 4.3): the lowest S1 players that can be exchanged.
    fn exchange_s1(&mut self, walk: &mut Walk<W>, r: &Remainder<W>) -> Option<()> {
        let k = walk.k;
        let mut remaining = r.exchanges;
        let mut idx = r.rp;
        while idx > 0 && remaining > 0 {
            idx -= 1;
            let pi = r.list[idx];
            let pv = walk.pbi[pi];
            if self.acting_higher(pv, walk) {
                for &oj in &r.list[idx + 1..] {
                    let w = r.weight(&walk.base, pi, oj, idx);
                    if !w.is_zero() {
                        self.set(pi, oj, w.sub(W::from_u64(1)));
                    }
                }
                self.m.touch(pv);
                self.resolve()?;
            }
            let exchange = !self.acting_higher(pv, walk);
            if exchange {
                remaining -= 1;
            }
            for &oj in &r.list[idx + 1..] {
                if exchange {
                    walk.base[oj * k + pi] = W::zero();
                }
                let w = r.weight(&walk.base, pi, oj, idx);
                self.set(pi, oj, w);
            }
            self.m.touch(pv);
        }
        Some(())
    }

    /// The exchanges, S2's side (art. 4.3): the highest S2 players that can be exchanged.
    fn exchange_s2(&mut self, walk: &mut Walk<W>, r: &Remainder<W>) -> Option<()> {
        let k = walk.k;
        let mut remaining = r.exchanges;
        for idx in r.rp..r.list.len() {
            if remaining <= 1 {
                break;
            }
            let pi = r.list[idx];
            let pv = walk.pbi[pi];
            let already = self.acting_higher(pv, walk);
            if !already {
                for &oj in &r.list[idx + 1..] {
                    let w = r.weight(&walk.base, pi, oj, idx);
                    if !w.is_zero() {
                        self.set(pi, oj, w.add(W::from_u64(1)));
                    }
                }
                self.m.touch(pv);
                self.resolve()?;
            }
            if self.acting_higher(pv, walk) {
                remaining -= 1;
                for &oi in &r.list[..idx] {
                    walk.base[pi * k + oi] = W::zero();
                    self.set(oi, pi, W::zero());
                }
                for oi in walk.nsgb..k {
                    walk.base[oi * k + pi] = W::zero();
                    self.set(oi, pi, W::zero());
                }
                self.m.touch(pv);
            }
            if !already {
                for &oj in &r.list[idx + 1..] {
                    let w = r.weight(&walk.base, pi, oj, idx);
                    self.set(pi, oj, w);
                }
                self.m.touch(pv);
            }
        }
        Some(())
    }

    /// Freezes the exchanges: only S1 players may take a later player of the remainder.
    fn freeze_exchanges(&mut self, walk: &mut Walk<W>, r: &Remainder<W>) {
        let k = walk.k;
        for a in 0..r.list.len() {
            let pi = r.list[a];
            let pv = walk.pbi[pi];
            for &oj in &r.list[a + 1..] {
                if !self.acting_higher(pv, walk) || self.acting_higher(walk.pbi[oj], walk) {
                    walk.base[oj * k + pi] = W::zero();
                }
                let w = walk.base[oj * k + pi];
                self.set(pi, oj, w);
            }
            self.m.touch(pv);
        }
    }

    /// Each S1 player, in order, takes the highest opponent it can (transpositions, art. 4.2).
    fn transpose(&mut self, walk: &mut Walk<W>, r: &Remainder<W>) -> Option<()> {
        let k = walk.k;
        for &pi in &r.list {
            let pv = walk.pbi[pi];
            if !self.acting_higher(pv, walk) {
                continue;
            }
            let mut addend = 0u64;
            for &oi in r.list.iter().rev() {
                if oi <= pi || walk.matched[walk.pbi[oi]] {
                    continue;
                }
                let w = walk.base[oi * k + pi];
                if !w.is_zero() {
                    self.set(pi, oi, w.add(W::from_u64(addend)));
                }
                addend += 1;
            }
            self.m.touch(pv);
            self.resolve()?;
            let mv = self.mate(pv);
            walk.matched[pv] = true;
            walk.matched[mv] = true;
            self.finalize(pv, mv);
        }
        Some(())
    }

    /// The next bracket: the unpaired players of this one, then the next score group. `None`
    /// when nothing could be paired and nothing is left to join: no complete pairing.
    fn carry_over(&mut self, walk: &mut Walk<W>, bye: &mut ByePlan) -> Option<()> {
        let (e, n) = (self.store.e, self.n);
        let (nsgb, group_start) = (walk.nsgb, walk.group_start);
        let mut new_pbi = Vec::new();
        let mut new_sgb = 0;
        // C9 applies in the next bracket if the bye score is at least its score and every
        // player carried into it is, for now, paired within it or above.
        let mut single = self.odd && group_start < n && bye.score >= e[group_start].score;
        for (pi, &v) in walk.pbi.iter().enumerate() {
            if pi < nsgb && walk.matched[v] {
                continue;
            }
            new_pbi.push(v);
            if pi < nsgb {
                new_sgb += 1;
            }
            if single && e[self.mate(v)].score < e[group_start].score {
                single = false;
            }
        }
        bye.single = single;
        if group_start == n && new_pbi.len() == walk.pbi.len() {
            return None;
        }
        walk.pbi = new_pbi;
        walk.sgb = new_sgb;
        walk.sgb_vertex = walk.nsgb_vertex;
        Some(())
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
    let mut run = Run::<W>::new(e, layout);
    run.resolve()?;
    let mut bye = if run.odd {
        run.plan_bye(opts)?
    } else {
        ByePlan {
            score: 0,
            single: false,
            played_rank: vec![0; n],
        }
    };
    let top = e[0].score;
    let first: Vec<usize> = (0..n).take_while(|&v| e[v].score >= top).collect();
    let mut walk = Walk {
        next: first.len(),
        pbi: first,
        sgb: 0,
        nsgb: 0,
        sgb_vertex: 0,
        nsgb_vertex: 0,
        group_start: 0,
        k: 0,
        base: Vec::new(),
        matched: vec![false; n + 1],
    };
    while walk.pbi.len() > 1 || walk.next < n {
        run.pair_bracket(&mut walk, &mut bye)?;
    }
    Some(Outcome {
        pairs: run.pairs,
        bye: walk.pbi.first().copied(),
    })
}
