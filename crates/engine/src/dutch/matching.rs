//! Maximum-weight perfect matching on a dense general graph (Edmonds' blossom algorithm in its
//! primal–dual form, after Galil's 1986 survey and J. van Rantwijk's well-known formulation),
//! with a *warm start*: after the weights of the edges at a few vertices change, only those
//! vertices are unmatched and re-augmented, keeping every other dual value and blossom.
//!
//! # Formula
//! With vertex duals `d(v)` and blossom duals `z(B) ≥ 0`, an edge `uv` of weight `m(u, v)` has
//! slack `d(u) + d(v) − 2·m(u, v) + 2·Σ z(B)` over the blossoms containing both ends; the dual
//! is feasible when every slack is ≥ 0, and a perfect matching of tight (zero-slack) edges whose
//! blossoms are full is then of maximum weight (LP duality). Weights of 0 mean "no edge".
//!
//! The warm start keeps those invariants: a blossom holding a changed vertex is dissolved by
//! adding `z(B)` to the duals of its vertices (internal slacks unchanged, boundary slacks grow),
//! a changed vertex gets `d(v) = max(2·m(v, x) − d(x))`, and all exposed vertices are brought
//! to even duals, so that every slack between two outer vertices stays even (`δ₃ = slack / 2`
//! is an integer).

use super::weight::Weight;

/// The graph's weights, queried on demand (the pairing keeps them compactly).
pub trait Graph<W> {
    /// Weight of edge `{u, v}` (`u ≠ v`, both active); zero when there is no edge.
    fn weight(&self, u: usize, v: usize) -> W;
}

/// An endpoint of edge `{from, to}`: the vertex `to`, seen from `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct End {
    from: usize,
    to: usize,
}

impl End {
    fn flip(self) -> End {
        End {
            from: self.to,
            to: self.from,
        }
    }
}

const FREE: u8 = 0;
const OUTER: u8 = 1;
const INNER: u8 = 2;
const BREADCRUMB: u8 = 4;

/// Matching state kept between solves.
pub struct Matcher<W> {
    n: usize,
    active: Vec<bool>,
    /// The active vertices in ascending order: the scans walk this list instead of all `n`,
    /// in the same order, so that a field shrinking bracket by bracket costs less and less.
    live: Vec<usize>,
    mate: Vec<Option<usize>>,
    dual: Vec<W>,
    label: Vec<u8>,
    label_end: Vec<Option<End>>,
    in_blossom: Vec<usize>,
    parent: Vec<Option<usize>>,
    childs: Vec<Vec<usize>>,
    base: Vec<Option<usize>>,
    endps: Vec<Vec<End>>,
    best_edge: Vec<Option<(usize, usize)>>,
    /// Slack of `best_edge`, valid while `best_epoch` equals `epoch` (the duals unchanged).
    best_slack: Vec<W>,
    best_epoch: Vec<u64>,
    epoch: u64,
    /// Scratch space of `add_blossom`, all `None` between calls.
    best_to: Vec<Option<(usize, usize, W)>>,
    blossom_best: Vec<Option<Vec<(usize, usize)>>>,
    unused: Vec<usize>,
    allowed: Vec<u32>,
    stamp: u32,
    /// The root (an exposed vertex) of the alternating tree of each labelled top-level blossom.
    tree: Vec<usize>,
    /// `dead[r] == stamp`: the tree rooted at `r` was augmented in this stage, and its
    /// vertices take no further part in it.
    dead: Vec<u32>,
    queue: std::collections::VecDeque<usize>,
    dirty: Vec<usize>,
    is_dirty: Vec<bool>,
    exposed: Vec<usize>,
    /// The matching as the last [`Matcher::solve`] left it, which [`Matcher::mate`] reports.
    /// Removing a pair may unmatch other vertices (a dissolved blossom's base loses its edge
    /// out) until the next solve re-optimises; the bracket procedure reads the optimum it last
    /// solved for, as the reference implementation reads its copy of the last matching.
    stable: Vec<Option<usize>>,
}

impl<W: Weight> Matcher<W> {
    /// `n` vertices, all active and dirty (the first solve starts from scratch).
    pub fn new(n: usize) -> Matcher<W> {
        Matcher {
            n,
            active: vec![true; n],
            live: (0..n).collect(),
            mate: vec![None; n],
            dual: vec![W::zero(); 2 * n],
            label: vec![FREE; 2 * n],
            label_end: vec![None; 2 * n],
            in_blossom: (0..n).collect(),
            parent: vec![None; 2 * n],
            childs: vec![Vec::new(); 2 * n],
            base: (0..2 * n).map(|b| (b < n).then_some(b)).collect(),
            endps: vec![Vec::new(); 2 * n],
            best_edge: vec![None; 2 * n],
            best_slack: vec![W::zero(); 2 * n],
            best_epoch: vec![0; 2 * n],
            epoch: 1,
            best_to: vec![None; 2 * n],
            blossom_best: vec![None; 2 * n],
            unused: (n..2 * n).rev().collect(),
            allowed: vec![0; n * n],
            stamp: 0,
            tree: vec![0; 2 * n],
            dead: vec![0; n],
            queue: std::collections::VecDeque::new(),
            dirty: (0..n).collect(),
            is_dirty: vec![true; n],
            exposed: Vec::new(),
            stable: vec![None; n],
        }
    }

    /// `v`'s mate in the last solved matching (see `stable`).
    pub fn mate(&self, v: usize) -> Option<usize> {
        self.stable[v]
    }

    pub fn is_active(&self, v: usize) -> bool {
        self.active[v]
    }

    /// The weights of some edges at `v` changed: re-optimise around `v` at the next solve.
    pub fn touch(&mut self, v: usize) {
        if self.active[v] && !self.is_dirty[v] {
            self.is_dirty[v] = true;
            self.dirty.push(v);
        }
    }

    /// Takes the matched pair `{u, v}` out of the graph for good.
    pub fn remove_pair(&mut self, u: usize, v: usize) {
        for x in [u, v] {
            self.make_trivial(x);
        }
        for x in [u, v] {
            if let Some(m) = self.mate[x] {
                if m != u && m != v {
                    self.mate[m] = None;
                    self.exposed.push(m);
                }
            }
            self.mate[x] = None;
            self.active[x] = false;
            self.is_dirty[x] = false;
        }
        self.live.retain(|&x| x != u && x != v);
    }

    /// Removes a single (unmatched or matched) vertex, e.g. a dummy no longer needed.
    pub fn remove_vertex(&mut self, v: usize) {
        self.make_trivial(v);
        if let Some(m) = self.mate[v].take() {
            self.mate[m] = None;
            self.exposed.push(m);
        }
        self.active[v] = false;
        self.is_dirty[v] = false;
        self.live.retain(|&x| x != v);
    }

    fn slack(&self, g: &impl Graph<W>, u: usize, v: usize) -> W {
        W::slack(self.dual[u], self.dual[v], g.weight(u, v))
    }

    /// Slack of the best edge of `b` (which must have one), cached per dual epoch.
    fn best_edge_slack(&mut self, g: &impl Graph<W>, b: usize) -> W {
        if self.best_epoch[b] != self.epoch {
            let (a, c) = self.best_edge[b].expect("best edge");
            self.best_slack[b] = self.slack(g, a, c);
            self.best_epoch[b] = self.epoch;
        }
        self.best_slack[b]
    }

    fn set_best(&mut self, b: usize, e: (usize, usize), slack: W) {
        self.best_edge[b] = Some(e);
        self.best_slack[b] = slack;
        self.best_epoch[b] = self.epoch;
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &c in &self.childs[b] {
                self.leaves(c, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn top(&self, v: usize) -> usize {
        let mut b = v;
        while let Some(p) = self.parent[b] {
            b = p;
        }
        b
    }

    /// Dissolves every blossom containing `v`, keeping the dual feasible.
    fn make_trivial(&mut self, v: usize) {
        loop {
            let b = self.top(v);
            if b == v {
                return;
            }
            self.dissolve(b);
        }
    }

    /// Dissolves top-level blossom `b` into its children; its dual goes to its vertices.
    fn dissolve(&mut self, b: usize) {
        let z = self.dual[b];
        let leaves = self.leaves_of(b);
        for &x in &leaves {
            self.dual[x] = self.dual[x].add(z);
        }
        let children = std::mem::take(&mut self.childs[b]);
        for &c in &children {
            self.parent[c] = None;
            let sub = self.leaves_of(c);
            for x in sub {
                self.in_blossom[x] = c;
            }
        }
        if let Some(base) = self.base[b] {
            if !z.is_zero() {
                if let Some(m) = self.mate[base] {
                    // The base's matched edge leaves the blossom and is no longer tight.
                    self.mate[base] = None;
                    self.mate[m] = None;
                    self.exposed.push(base);
                    self.exposed.push(m);
                }
            }
        }
        self.endps[b].clear();
        self.base[b] = None;
        self.dual[b] = W::zero();
        self.blossom_best[b] = None;
        self.best_edge[b] = None;
        self.label[b] = FREE;
        self.label_end[b] = None;
        self.unused.push(b);
    }

    /// Makes the dual of exposed vertex `v` (and its blossom) even without breaking anything.
    fn make_even(&mut self, v: usize) {
        loop {
            let b = self.top(v);
            if !self.dual[self.base[b].unwrap_or(v)].is_odd() {
                return;
            }
            if b == v {
                self.dual[v] = self.dual[v].add(W::from_u64(1));
                return;
            }
            if self.dual[b].is_zero() {
                self.dissolve(b);
                continue;
            }
            self.dual[b] = self.dual[b].sub(W::from_u64(1));
            for x in self.leaves_of(b) {
                self.dual[x] = self.dual[x].add(W::from_u64(1));
            }
            return;
        }
    }

    /// Re-optimises after the changes announced by [`touch`](Self::touch) and removals.
    /// Returns false if no perfect matching of the active vertices exists.
    pub fn solve(&mut self, g: &impl Graph<W>) -> bool {
        self.epoch += 1;
        let dirty = std::mem::take(&mut self.dirty);
        for &v in &dirty {
            self.make_trivial(v);
        }
        for &v in &dirty {
            self.is_dirty[v] = false;
            if let Some(m) = self.mate[v].take() {
                self.mate[m] = None;
                self.exposed.push(m);
            }
        }
        for &v in &dirty {
            let mut best: Option<W> = None;
            for &x in &self.live {
                if x == v {
                    continue;
                }
                let w = g.weight(v, x);
                if w.is_zero() {
                    continue;
                }
                let need = w.add(w).sub(self.dual[x]);
                if best.is_none_or(|b| b.lt(&need)) {
                    best = Some(need);
                }
            }
            let mut d = best.unwrap_or(W::zero());
            if d.is_odd() {
                d = d.add(W::from_u64(1));
            }
            self.dual[v] = d;
        }
        let exposed = std::mem::take(&mut self.exposed);
        for v in exposed {
            if self.active[v] && self.mate[v].is_none() {
                self.make_even(v);
            }
        }
        self.run(g);
        for &v in &self.live {
            self.stable[v] = self.mate[v];
        }
        self.live.iter().all(|&v| self.mate[v].is_some())
    }

    fn allow(&mut self, u: usize, v: usize) {
        self.allowed[u * self.n + v] = self.stamp;
        self.allowed[v * self.n + u] = self.stamp;
    }

    fn is_allowed(&self, u: usize, v: usize) -> bool {
        self.allowed[u * self.n + v] == self.stamp
    }

    /// `v` is labelled, in a tree augmented in this stage.
    fn in_dead_tree(&self, v: usize) -> bool {
        let b = self.in_blossom[v];
        self.label[b] != FREE && self.dead[self.tree[b]] == self.stamp
    }

    fn assign_label(&mut self, w: usize, t: u8, p: Option<End>) {
        let b = self.in_blossom[w];
        self.tree[b] = match p {
            None => w,
            Some(p) => self.tree[self.in_blossom[p.to]],
        };
        self.label[w] = t;
        self.label[b] = t;
        self.label_end[w] = p;
        self.label_end[b] = p;
        self.best_edge[w] = None;
        self.best_edge[b] = None;
        if t == OUTER {
            let mut l = Vec::new();
            self.leaves(b, &mut l);
            self.queue.extend(l);
        } else {
            let base = self.base[b].expect("blossom base");
            let m = self.mate[base].expect("inner blossom base is matched");
            self.assign_label(m, OUTER, Some(End { from: m, to: base }));
        }
    }

    fn scan_blossom(&mut self, v: usize, w: usize) -> Option<usize> {
        let mut path = Vec::new();
        let mut found = None;
        let (mut v, mut w) = (Some(v), Some(w));
        while let Some(cv) = v {
            let b = self.in_blossom[cv];
            if self.label[b] & BREADCRUMB != 0 {
                found = self.base[b];
                break;
            }
            path.push(b);
            self.label[b] = OUTER | BREADCRUMB;
            match self.label_end[b] {
                None => v = None,
                Some(p) => {
                    let t = p.to;
                    let bt = self.in_blossom[t];
                    v = Some(self.label_end[bt].expect("inner label").to);
                }
            }
            if w.is_some() {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = OUTER;
        }
        found
    }

    fn add_blossom(&mut self, g: &impl Graph<W>, base: usize, v: usize, w: usize) {
        let bb = self.in_blossom[base];
        let mut bv = self.in_blossom[v];
        let mut bw = self.in_blossom[w];
        let b = self.unused.pop().expect("blossom slot");
        self.base[b] = Some(base);
        self.parent[b] = None;
        self.parent[bb] = Some(b);
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.parent[bv] = Some(b);
            path.push(bv);
            let le = self.label_end[bv].expect("label end");
            endps.push(le);
            bv = self.in_blossom[le.to];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        // van Rantwijk's endpoint 2k of edge (v, w): the vertex v.
        endps.push(End { from: w, to: v });
        while bw != bb {
            self.parent[bw] = Some(b);
            path.push(bw);
            let le = self.label_end[bw].expect("label end");
            endps.push(le.flip());
            bw = self.in_blossom[le.to];
        }
        self.label[b] = OUTER;
        self.label_end[b] = self.label_end[bb];
        self.tree[b] = self.tree[bb];
        self.dual[b] = W::zero();
        self.childs[b] = path.clone();
        self.endps[b] = endps;
        for x in self.leaves_of(b) {
            if self.label[self.in_blossom[x]] == INNER {
                self.queue.push_back(x);
            }
            self.in_blossom[x] = b;
        }
        // For every outer blossom next to the new one, its least-slack edge to it.
        let mut best_to = std::mem::take(&mut self.best_to);
        let mut touched: Vec<usize> = Vec::new();
        let mut offer =
            |best_to: &mut Vec<Option<(usize, usize, W)>>, bj: usize, e: (usize, usize), sl: W| {
                match best_to[bj] {
                    None => {
                        touched.push(bj);
                        best_to[bj] = Some((e.0, e.1, sl));
                    }
                    Some((_, _, old)) if sl.lt(&old) => best_to[bj] = Some((e.0, e.1, sl)),
                    Some(_) => {}
                }
            };
        for &sub in &path {
            match self.blossom_best[sub].take() {
                Some(list) => {
                    for (i, j) in list {
                        let (i, j) = if self.in_blossom[j] == b {
                            (j, i)
                        } else {
                            (i, j)
                        };
                        let bj = self.in_blossom[j];
                        if bj != b && self.label[bj] == OUTER {
                            offer(&mut best_to, bj, (i, j), self.slack(g, i, j));
                        }
                    }
                }
                None => {
                    for x in self.leaves_of(sub) {
                        for &y in &self.live {
                            if y == x {
                                continue;
                            }
                            let by = self.in_blossom[y];
                            if by == b || self.label[by] != OUTER {
                                continue;
                            }
                            let w = g.weight(x, y);
                            if w.is_zero() {
                                continue;
                            }
                            let sl = W::slack(self.dual[x], self.dual[y], w);
                            offer(&mut best_to, by, (x, y), sl);
                        }
                    }
                }
            }
            self.best_edge[sub] = None;
        }
        let mut list = Vec::with_capacity(touched.len());
        let mut best: Option<(usize, usize, W)> = None;
        for &t in &touched {
            if let Some((i, j, sl)) = best_to[t].take() {
                list.push((i, j));
                if best.is_none_or(|(_, _, x)| sl.lt(&x)) {
                    best = Some((i, j, sl));
                }
            }
        }
        self.best_to = best_to;
        self.blossom_best[b] = Some(list);
        match best {
            Some((i, j, sl)) => self.set_best(b, (i, j), sl),
            None => self.best_edge[b] = None,
        }
    }

    fn expand_blossom(&mut self, b: usize, end_stage: bool) {
        let children = self.childs[b].clone();
        for &s in &children {
            self.parent[s] = None;
            self.tree[s] = self.tree[b];
            if s < self.n {
                self.in_blossom[s] = s;
            } else if end_stage && self.dual[s].is_zero() {
                self.expand_blossom(s, end_stage);
            } else {
                for x in self.leaves_of(s) {
                    self.in_blossom[x] = s;
                }
            }
        }
        if !end_stage && self.label[b] == INNER {
            let len = children.len() as isize;
            let at = |j: isize| children[j.rem_euclid(len) as usize];
            let endps = self.endps[b].clone();
            let ep = |j: isize| endps[j.rem_euclid(len) as usize];
            let le = self.label_end[b].expect("inner blossom label");
            let entry = self.in_blossom[le.flip().to];
            let mut j = children.iter().position(|&c| c == entry).expect("entry") as isize;
            let (jstep, trick) = if j & 1 == 1 {
                j -= len;
                (1, false)
            } else {
                (-1, true)
            };
            let tr = |p: End, t: bool| if t { p.flip() } else { p };
            let mut p = le;
            while j != 0 {
                let q = p.flip().to;
                self.label[q] = FREE;
                let e = tr(ep(j - isize::from(trick)), trick).flip();
                self.label[e.to] = FREE;
                self.assign_label(q, INNER, Some(p));
                let e2 = ep(j - isize::from(trick));
                self.allow(e2.from, e2.to);
                j += jstep;
                p = tr(ep(j - isize::from(trick)), trick);
                self.allow(p.from, p.to);
                j += jstep;
            }
            let bv = at(j);
            let q = p.flip().to;
            self.label[q] = INNER;
            self.label[bv] = INNER;
            self.label_end[q] = Some(p);
            self.label_end[bv] = Some(p);
            self.best_edge[bv] = None;
            j += jstep;
            while at(j) != entry {
                let bv = at(j);
                if self.label[bv] == OUTER {
                    j += jstep;
                    continue;
                }
                let leaves = self.leaves_of(bv);
                let mut hit = None;
                for &x in &leaves {
                    if self.label[x] != FREE {
                        hit = Some(x);
                        break;
                    }
                }
                if let Some(x) = hit {
                    self.label[x] = FREE;
                    let base = self.base[bv].expect("base");
                    let m = self.mate[base].expect("mate");
                    self.label[m] = FREE;
                    let le = self.label_end[x];
                    self.assign_label(x, INNER, le);
                }
                j += jstep;
            }
        }
        self.label[b] = FREE;
        self.label_end[b] = None;
        self.childs[b].clear();
        self.endps[b].clear();
        self.base[b] = None;
        self.blossom_best[b] = None;
        self.best_edge[b] = None;
        self.dual[b] = W::zero();
        self.unused.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != Some(b) {
            t = self.parent[t].expect("parent");
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.childs[b].len() as isize;
        let i = self.childs[b].iter().position(|&c| c == t).expect("child") as isize;
        let mut j = i;
        let (jstep, trick) = if i & 1 == 1 {
            j -= len;
            (1, true)
        } else {
            (-1, false)
        };
        // van Rantwijk: odd index → jstep 1, endptrick 0; even → jstep -1, endptrick 1.
        let endptrick = !trick;
        while j != 0 {
            j += jstep;
            let t1 = self.childs[b][j.rem_euclid(len) as usize];
            let raw = self.endps[b][(j - isize::from(endptrick)).rem_euclid(len) as usize];
            let p = if endptrick { raw.flip() } else { raw };
            if t1 >= self.n {
                self.augment_blossom(t1, p.to);
            }
            j += jstep;
            let t2 = self.childs[b][j.rem_euclid(len) as usize];
            if t2 >= self.n {
                self.augment_blossom(t2, p.flip().to);
            }
            self.mate[p.to] = Some(p.from);
            self.mate[p.from] = Some(p.to);
        }
        let iu = i as usize;
        self.childs[b].rotate_left(iu);
        self.endps[b].rotate_left(iu);
        self.base[b] = self.base[self.childs[b][0]];
    }

    fn augment_matching(&mut self, v: usize, w: usize) {
        for (s0, p0) in [(v, End { from: v, to: w }), (w, End { from: w, to: v })] {
            let mut s = s0;
            let mut p = p0;
            loop {
                let bs = self.in_blossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = Some(p.to);
                let Some(le) = self.label_end[bs] else {
                    break;
                };
                let t = le.to;
                let bt = self.in_blossom[t];
                let lt = self.label_end[bt].expect("inner label");
                s = lt.to;
                let j = lt.flip().to;
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = Some(lt.to);
                p = lt.flip();
            }
        }
    }

    /// Starts a stage: new stamps, every label and best edge cleared, every exposed vertex
    /// the outer root of its own tree.
    fn start_stage(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.allowed.iter_mut().for_each(|a| *a = u32::MAX);
            self.dead.iter_mut().for_each(|a| *a = u32::MAX);
            self.stamp = 1;
        }
        self.label.iter_mut().for_each(|l| *l = FREE);
        self.best_edge.iter_mut().for_each(|e| *e = None);
        for b in self.n..2 * self.n {
            self.blossom_best[b] = None;
        }
        self.queue.clear();
        for i in 0..self.live.len() {
            let v = self.live[i];
            if self.mate[v].is_none() && self.label[self.in_blossom[v]] == FREE {
                self.assign_label(v, OUTER, None);
            }
        }
        #[cfg(test)]
        for &v in &self.live {
            {
                let b = self.in_blossom[v];
                assert_eq!(self.top(v), b, "in_blossom stale for {v}");
                let base = self.base[b].unwrap();
                assert!(
                    self.mate[base].is_some() || self.label[b] == OUTER,
                    "unlabelled exposed {v} base {base} b {b}"
                );
                if b >= self.n && base != v {
                    assert!(self.mate[v].is_some(), "non-base {v} exposed in {b}");
                }
            }
        }
    }

    /// A stage without augmentation: the dual adjustment (the smallest δ of the four kinds), and
    /// what it makes tight or expands. `false` when no δ exists: no augmenting path is left, the
    /// matching is of maximum cardinality.
    fn adjust_duals(&mut self, g: &impl Graph<W>) -> bool {
        let mut delta: Option<W> = None;
        let mut kind = 0u8;
        let mut dedge = None;
        let mut dblossom = None;
        for i in 0..self.live.len() {
            let v = self.live[i];
            if self.label[self.in_blossom[v]] == FREE {
                if let Some((a, c)) = self.best_edge[v] {
                    let d = self.best_edge_slack(g, v);
                    if delta.is_none_or(|x| d.lt(&x)) {
                        delta = Some(d);
                        kind = 2;
                        dedge = Some((a, c));
                    }
                }
            }
        }
        for b in 0..2 * self.n {
            let live = if b < self.n {
                self.active[b]
            } else {
                self.base[b].is_some()
            };
            if live && self.parent[b].is_none() && self.label[b] == OUTER {
                if let Some((a, c)) = self.best_edge[b] {
                    let d = self.best_edge_slack(g, b).half();
                    if delta.is_none_or(|x| d.lt(&x)) {
                        delta = Some(d);
                        kind = 3;
                        dedge = Some((a, c));
                    }
                }
            }
        }
        for b in self.n..2 * self.n {
            if self.base[b].is_some()
                && self.parent[b].is_none()
                && self.label[b] == INNER
                && delta.is_none_or(|x| self.dual[b].lt(&x))
            {
                delta = Some(self.dual[b]);
                kind = 4;
                dblossom = Some(b);
            }
        }
        let Some(delta) = delta else {
            // No augmenting path: the matching is of maximum cardinality.
            return false;
        };
        self.epoch += 1;
        for i in 0..self.live.len() {
            let v = self.live[i];
            match self.label[self.in_blossom[v]] {
                OUTER => self.dual[v] = self.dual[v].sub(delta),
                INNER => self.dual[v] = self.dual[v].add(delta),
                _ => {}
            }
        }
        for b in self.n..2 * self.n {
            if self.base[b].is_some() && self.parent[b].is_none() {
                match self.label[b] {
                    OUTER => self.dual[b] = self.dual[b].add(delta),
                    INNER => self.dual[b] = self.dual[b].sub(delta),
                    _ => {}
                }
            }
        }
        match kind {
            2 => {
                let (mut i, mut j) = dedge.expect("edge");
                self.allow(i, j);
                if self.label[self.in_blossom[i]] == FREE {
                    std::mem::swap(&mut i, &mut j);
                }
                let _ = j;
                self.queue.push_back(i);
            }
            3 => {
                let (i, j) = dedge.expect("edge");
                self.allow(i, j);
                self.queue.push_back(i);
            }
            _ => {
                self.expand_blossom(dblossom.expect("blossom"), false);
            }
        }
        true
    }

    fn run(&mut self, g: &impl Graph<W>) {
        loop {
            if self.live.iter().all(|&v| self.mate[v].is_some()) {
                return;
            }
            self.start_stage();
            // Several vertex-disjoint augmenting paths may be found in one stage: once a path
            // is augmented, its two trees are dead (their labels stale) and ignored, and the
            // other trees keep growing on the same duals. The duals are only adjusted in a stage
            // without augmentation, where every label and best edge is still valid.
            let mut augmented = false;
            loop {
                while let Some(v) = self.queue.pop_front() {
                    if augmented && self.in_dead_tree(v) {
                        continue;
                    }
                    for i in 0..self.live.len() {
                        let w = self.live[i];
                        // Same blossom (or w = v): nothing to learn, and no weight to compute.
                        if self.in_blossom[v] == self.in_blossom[w] {
                            continue;
                        }
                        if augmented && self.in_dead_tree(w) {
                            continue;
                        }
                        // An edge already found tight in this stage (from its other end) needs
                        // neither its weight nor its slack: only real edges are ever allowed,
                        // and the weights do not change within a stage.
                        let kslack = if self.is_allowed(v, w) {
                            W::zero()
                        } else {
                            let wt = g.weight(v, w);
                            if wt.is_zero() {
                                continue;
                            }
                            let kslack = W::slack(self.dual[v], self.dual[w], wt);
                            if !kslack.is_positive() {
                                self.allow(v, w);
                            }
                            kslack
                        };
                        let bw = self.in_blossom[w];
                        if self.is_allowed(v, w) {
                            if self.label[bw] == FREE {
                                self.assign_label(w, INNER, Some(End { from: w, to: v }));
                            } else if self.label[bw] == OUTER {
                                match self.scan_blossom(v, w) {
                                    Some(base) => self.add_blossom(g, base, v, w),
                                    None => {
                                        let rv = self.tree[self.in_blossom[v]];
                                        let rw = self.tree[self.in_blossom[w]];
                                        self.augment_matching(v, w);
                                        self.dead[rv] = self.stamp;
                                        self.dead[rw] = self.stamp;
                                        augmented = true;
                                        break;
                                    }
                                }
                            } else if self.label[w] == FREE {
                                self.label[w] = INNER;
                                self.label_end[w] = Some(End { from: w, to: v });
                            }
                        } else if self.label[bw] == OUTER {
                            let b = self.in_blossom[v];
                            let better = self.best_edge[b].is_none()
                                || kslack.lt(&self.best_edge_slack(g, b));
                            if better {
                                self.set_best(b, (v, w), kslack);
                            }
                        } else if self.label[w] == FREE {
                            let better = self.best_edge[w].is_none()
                                || kslack.lt(&self.best_edge_slack(g, w));
                            if better {
                                self.set_best(w, (v, w), kslack);
                            }
                        }
                    }
                }
                if augmented {
                    break;
                }
                if !self.adjust_duals(g) {
                    return;
                }
            }
            // Unlike the textbook stage end, outer blossoms with a zero dual are kept: they are
            // still valid (full, tight inside), an inner one is expanded at once (δ₄ = 0), and
            // the warm starts reuse them instead of rebuilding them stage after stage.
        }
    }
}

#[cfg(test)]
mod tests;
