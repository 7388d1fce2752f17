//! [`PerPlayer`]: one value per player, indexed by start number.
//!
//! Start numbers are 1-based ([`StartNo`]) and vectors are 0-based; `v[p as usize - 1]` written
//! out at every use is easy to get wrong (a start number of 0 wraps, a forgotten `- 1` reads
//! the next player). This type does the conversion once, and refuses start numbers it does not
//! hold instead of reading another player's value.

use super::StartNo;
use serde::{Deserialize, Serialize};
use std::ops::{Index, IndexMut};

/// One value per player, `v[p]` for start number `p` (1 ..= [`len`](PerPlayer::len)).
///
/// Indexing with a start number the vector does not hold (0, or past the last player) panics
/// with that start number; [`get`](PerPlayer::get) returns `None` instead. Serialized as the
/// plain list of values in start-number order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PerPlayer<T>(Vec<T>);

impl<T> Default for PerPlayer<T> {
    fn default() -> Self {
        PerPlayer(Vec::new())
    }
}

impl<T> PerPlayer<T> {
    /// No players.
    pub const fn new() -> Self {
        PerPlayer(Vec::new())
    }

    /// The values of players 1, 2, … in this order.
    pub fn from_vec(values: Vec<T>) -> Self {
        PerPlayer(values)
    }

    /// Players 1 ..= `n`, player `p` getting `f(p)`.
    pub fn from_fn(n: usize, f: impl FnMut(StartNo) -> T) -> Self {
        PerPlayer((1..=n as StartNo).map(f).collect())
    }

    /// The number of players.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The start numbers held: 1 ..= [`len`](PerPlayer::len).
    pub fn start_nos(&self) -> std::ops::RangeInclusive<StartNo> {
        1..=self.0.len() as StartNo
    }

    /// The place of `p` in the vector, when it holds `p`.
    fn slot(&self, p: StartNo) -> Option<usize> {
        let i = (p as usize).checked_sub(1)?;
        (i < self.0.len()).then_some(i)
    }

    /// Player `p`'s value; `None` for 0 or a start number past the last player.
    pub fn get(&self, p: StartNo) -> Option<&T> {
        self.slot(p).map(|i| &self.0[i])
    }

    /// Player `p`'s value, to change; `None` for 0 or a start number past the last player.
    pub fn get_mut(&mut self, p: StartNo) -> Option<&mut T> {
        self.slot(p).map(|i| &mut self.0[i])
    }

    /// `(start number, value)` in start-number order.
    pub fn iter(
        &self,
    ) -> impl DoubleEndedIterator<Item = (StartNo, &T)> + ExactSizeIterator + Clone + '_ {
        self.0
            .iter()
            .enumerate()
            .map(|(i, v)| (i as StartNo + 1, v))
    }

    /// `(start number, value)` in start-number order, the values to change.
    pub fn iter_mut(
        &mut self,
    ) -> impl DoubleEndedIterator<Item = (StartNo, &mut T)> + ExactSizeIterator + '_ {
        self.0
            .iter_mut()
            .enumerate()
            .map(|(i, v)| (i as StartNo + 1, v))
    }

    /// The values in start-number order.
    pub fn values(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    /// The values in start-number order, to change.
    pub fn values_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.0.iter_mut()
    }

    /// The values as a slice, player `p` at `p - 1`.
    pub fn as_slice(&self) -> &[T] {
        &self.0
    }

    /// The values as a vector, player `p` at `p - 1`.
    pub fn into_vec(self) -> Vec<T> {
        self.0
    }

    /// A new value for every player: `f(p, &v[p])`.
    pub fn map<U>(&self, mut f: impl FnMut(StartNo, &T) -> U) -> PerPlayer<U> {
        PerPlayer(self.iter().map(|(p, v)| f(p, v)).collect())
    }

    /// Adds a player after the last one and returns their start number.
    pub fn push(&mut self, value: T) -> StartNo {
        self.0.push(value);
        self.0.len() as StartNo
    }
}

impl<T: Clone> PerPlayer<T> {
    /// Players 1 ..= `n`, each with `value`.
    pub fn filled(n: usize, value: T) -> Self {
        PerPlayer(vec![value; n])
    }
}

#[cold]
#[track_caller]
fn no_such_player(p: StartNo, len: usize) -> ! {
    panic!("start number {p} is not one of the {len} players (1..={len})")
}

impl<T> Index<StartNo> for PerPlayer<T> {
    type Output = T;

    #[track_caller]
    fn index(&self, p: StartNo) -> &T {
        match self.slot(p) {
            Some(i) => &self.0[i],
            None => no_such_player(p, self.0.len()),
        }
    }
}

impl<T> IndexMut<StartNo> for PerPlayer<T> {
    #[track_caller]
    fn index_mut(&mut self, p: StartNo) -> &mut T {
        match self.slot(p) {
            Some(i) => &mut self.0[i],
            None => no_such_player(p, self.0.len()),
        }
    }
}

impl<T> From<Vec<T>> for PerPlayer<T> {
    fn from(values: Vec<T>) -> Self {
        PerPlayer(values)
    }
}

/// The values of players 1, 2, … in this order.
impl<T> FromIterator<T> for PerPlayer<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        PerPlayer(iter.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn abc() -> PerPlayer<char> {
        PerPlayer::from_vec(vec!['a', 'b', 'c'])
    }

    #[test]
    fn indexes_by_start_number() {
        let mut v = abc();
        assert_eq!((v[1], v[2], v[3]), ('a', 'b', 'c'));
        v[2] = 'B';
        assert_eq!(v.as_slice(), &['a', 'B', 'c']);
        assert_eq!(v.get(3), Some(&'c'));
        *v.get_mut(1).unwrap() = 'A';
        assert_eq!(v.into_vec(), vec!['A', 'B', 'c']);
    }

    #[test]
    fn zero_and_past_the_end_are_nobody() {
        let mut v = abc();
        assert_eq!(v.get(0), None);
        assert_eq!(v.get(4), None);
        assert_eq!(v.get(StartNo::MAX), None);
        assert_eq!(v.get_mut(0), None);
        assert_eq!(v.get_mut(4), None);
        assert_eq!(PerPlayer::<u8>::new().get(1), None);
    }

    fn panic_message(f: impl FnOnce() + std::panic::UnwindSafe) -> String {
        let e = std::panic::catch_unwind(f).expect_err("should panic");
        e.downcast_ref::<String>().cloned().unwrap_or_default()
    }

    #[test]
    fn indexing_with_zero_panics_naming_it() {
        let msg = panic_message(|| {
            let _ = abc()[0];
        });
        assert_eq!(msg, "start number 0 is not one of the 3 players (1..=3)");
    }

    #[test]
    fn indexing_past_the_end_panics_naming_it() {
        let msg = panic_message(|| {
            let _ = abc()[4];
        });
        assert_eq!(msg, "start number 4 is not one of the 3 players (1..=3)");
        let msg = panic_message(|| {
            let mut v = abc();
            v[7] = 'x';
        });
        assert_eq!(msg, "start number 7 is not one of the 3 players (1..=3)");
    }

    #[test]
    fn iterates_with_start_numbers() {
        let v = abc();
        let pairs: Vec<(StartNo, char)> = v.iter().map(|(p, &c)| (p, c)).collect();
        assert_eq!(pairs, vec![(1, 'a'), (2, 'b'), (3, 'c')]);
        assert_eq!(v.iter().next_back(), Some((3, &'c')));
        assert_eq!(v.iter().len(), 3);
        assert_eq!(v.values().copied().collect::<String>(), "abc");
        assert_eq!(v.start_nos().collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_eq!(PerPlayer::<u8>::new().start_nos().count(), 0);
        let mut w = abc();
        for (p, c) in w.iter_mut() {
            if p == 2 {
                *c = 'x';
            }
        }
        for c in w.values_mut() {
            *c = c.to_ascii_uppercase();
        }
        assert_eq!(w.as_slice(), &['A', 'X', 'C']);
    }

    #[test]
    fn builds_from_start_numbers() {
        let v = PerPlayer::from_fn(3, |p| p * 10);
        assert_eq!(v.as_slice(), &[10, 20, 30]);
        assert_eq!(PerPlayer::filled(2, 'z').as_slice(), &['z', 'z']);
        assert_eq!(v.map(|p, &x| x + p).as_slice(), &[11, 22, 33]);
        let collected: PerPlayer<u32> = [5, 6].into_iter().collect();
        assert_eq!(collected[2], 6);
        assert_eq!(PerPlayer::from(vec![1]).len(), 1);
        let mut grown = PerPlayer::new();
        assert!(grown.is_empty());
        assert_eq!(grown.push('a'), 1);
        assert_eq!(grown.push('b'), 2);
        assert_eq!(grown[2], 'b');
        assert_eq!(PerPlayer::<u8>::default(), PerPlayer::new());
    }

    #[test]
    fn serializes_as_the_plain_list() {
        let v = PerPlayer::from_vec(vec![Some(1.5), None]);
        let json = serde_json::to_string(&v).unwrap();
        assert_eq!(json, serde_json::to_string(&vec![Some(1.5), None]).unwrap());
        assert_eq!(json, "[1.5,null]");
        let back: PerPlayer<Option<f64>> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, v);
    }
}
