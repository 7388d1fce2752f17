//! The six methods the study compares, in the order of every table, and one value per method.

use crate::impute::Policy;
use serde::{Deserialize, Serialize};

/// The columns of the study, in the order of the CLI, the JSON `rmse` object and the CSV.
pub const METHODS: [Policy; 6] = [
    Policy::Forfeit,
    Policy::Annul,
    Policy::Elo,
    Policy::Performance,
    Policy::Bayes,
    Policy::Fide,
];

const FORFEIT: usize = 0;
const ANNUL: usize = 1;
const ELO: usize = 2;
const PERFORMANCE: usize = 3;
const BAYES: usize = 4;
const FIDE: usize = 5;

/// One value per method, in the order of [`METHODS`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerMethod<T> {
    pub forfeit: T,
    pub annul: T,
    pub elo: T,
    pub performance: T,
    pub bayes: T,
    pub fide: T,
}

impl<T: Copy> PerMethod<T> {
    pub fn from_array(a: [T; 6]) -> PerMethod<T> {
        PerMethod {
            forfeit: a[FORFEIT],
            annul: a[ANNUL],
            elo: a[ELO],
            performance: a[PERFORMANCE],
            bayes: a[BAYES],
            fide: a[FIDE],
        }
    }

    /// The values in [`METHODS`] order.
    pub fn to_array(&self) -> [T; 6] {
        [
            self.forfeit,
            self.annul,
            self.elo,
            self.performance,
            self.bayes,
            self.fide,
        ]
    }

    pub fn get(&self, policy: Policy) -> T {
        match policy {
            Policy::Forfeit => self.forfeit,
            Policy::Annul => self.annul,
            Policy::Elo => self.elo,
            Policy::Performance => self.performance,
            Policy::Bayes => self.bayes,
            Policy::Fide => self.fide,
        }
    }

    pub fn map<U: Copy>(&self, f: impl Fn(T) -> U) -> PerMethod<U> {
        PerMethod::from_array(self.to_array().map(f))
    }
}
