//! An element's children kept in step with a list of keys, one child per key: when the keys
//! are reordered, the fewest children move, and each keeps what it shows. The standings table
//! (a row per player) and the "why above" selects (an option per player) use it: a rules change
//! that moves a player up twenty places shifts twenty rows by one, and rewriting those rows in
//! place instead rewrote every cell of each.

use std::collections::HashMap;
use std::hash::Hash;

/// Which of `from` can stay where they are while the others move around them: a longest
/// increasing subsequence of `from` (distinct values), as a mask over its positions.
pub fn stays(from: &[usize]) -> Vec<bool> {
    // tails[l]: the position ending the best subsequence of length l + 1 found so far;
    // before[i]: the position before i in the subsequence that ends at i.
    let mut tails: Vec<usize> = Vec::new();
    let mut before = vec![usize::MAX; from.len()];
    for (i, &x) in from.iter().enumerate() {
        let l = tails.partition_point(|&t| from[t] < x);
        if l > 0 {
            before[i] = tails[l - 1];
        }
        if l == tails.len() {
            tails.push(i);
        } else {
            tails[l] = i;
        }
    }
    let mut keep = vec![false; from.len()];
    let mut i = tails.last().copied().unwrap_or(usize::MAX);
    while i != usize::MAX {
        keep[i] = true;
        i = before[i];
    }
    keep
}

/// For each key of `new`, its position in `old`; `None` when a key of `new` is not in `old` or
/// the two differ in length.
pub fn positions<K: Eq + Hash>(old: &[K], new: &[K]) -> Option<Vec<usize>> {
    if old.len() != new.len() {
        return None;
    }
    let index: HashMap<&K, usize> = old.iter().enumerate().map(|(i, k)| (k, i)).collect();
    new.iter().map(|k| index.get(k).copied()).collect()
}

/// Moves the children of `parent`, drawn one per key in the order of `old`, into the order of
/// `new`, and returns, for each position of `new`, its child and its position in `old`. `None`,
/// with nothing moved, when the keys are not the same ones, or the children not one per key:
/// the caller draws them anew.
pub fn reorder<K: Eq + Hash>(
    parent: &web_sys::Element,
    old: &[K],
    new: &[K],
) -> Option<Vec<(web_sys::Element, usize)>> {
    let from = positions(old, new)?;
    let children = parent.children();
    if children.length() as usize != old.len() {
        return None;
    }
    // Every child, taken before any of them moves (the collection is live).
    let drawn = (0..old.len())
        .map(|i| children.item(i as u32))
        .collect::<Option<Vec<web_sys::Element>>>()?;
    let keep = stays(&from);
    let mut next: Option<&web_sys::Element> = None;
    for i in (0..from.len()).rev() {
        let child = &drawn[from[i]];
        if !keep[i] {
            let _ = parent.insert_before(child, next.map(|e| &**e));
        }
        next = Some(child);
    }
    // `from` is a permutation: each child is handed out once, moved rather than cloned.
    let mut drawn: Vec<Option<web_sys::Element>> = drawn.into_iter().map(Some).collect();
    from.iter()
        .map(|&j| drawn[j].take().map(|child| (child, j)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The length of a longest increasing subsequence, the slow way.
    fn longest(xs: &[usize]) -> usize {
        let mut best = vec![1; xs.len()];
        for i in 0..xs.len() {
            for j in 0..i {
                if xs[j] < xs[i] {
                    best[i] = best[i].max(best[j] + 1);
                }
            }
        }
        best.into_iter().max().unwrap_or(0)
    }

    fn permutations(xs: &mut Vec<usize>, k: usize, f: &mut impl FnMut(&[usize])) {
        if k == xs.len() {
            return f(xs);
        }
        for i in k..xs.len() {
            xs.swap(k, i);
            permutations(xs, k + 1, f);
            xs.swap(k, i);
        }
    }

    #[test]
    fn children_in_order_stay_and_the_fewest_move() {
        assert_eq!(stays(&[]), Vec::<bool>::new());
        assert!(stays(&[0, 1, 2, 3]).iter().all(|&k| k));
        // Player 80 climbs to 11th: the 69 rows between shift by one, only that row moves.
        let mut from: Vec<usize> = (0..100).collect();
        let climber = from.remove(79);
        from.insert(10, climber);
        let keep = stays(&from);
        assert_eq!(keep.iter().filter(|&&k| !k).count(), 1);
        assert!(!keep[10]);
        // Every order of six: what stays is increasing, and as long as can be.
        let mut order: Vec<usize> = (0..6).collect();
        let mut seen = 0;
        permutations(&mut order, 0, &mut |xs| {
            let keep = stays(xs);
            let kept: Vec<usize> = (0..xs.len()).filter(|&i| keep[i]).map(|i| xs[i]).collect();
            assert!(kept.windows(2).all(|w| w[0] < w[1]), "{xs:?} kept {kept:?}");
            assert_eq!(kept.len(), longest(xs), "{xs:?} kept {kept:?}");
            seen += 1;
        });
        assert_eq!(seen, 720);
    }

    #[test]
    fn positions_need_the_same_keys() {
        assert_eq!(positions(&[3, 1, 2], &[1, 2, 3]), Some(vec![1, 2, 0]));
        assert_eq!(positions(&[3, 1, 2], &[1, 2, 4]), None);
        assert_eq!(positions(&[3, 1], &[1, 3, 2]), None);
    }
}
