//! FIDE tie-breaks (Handbook C.07, *Tie-Break Regulations*), in the 2023/2024 text and with the
//! amendment in force from 1 March 2026, and the final order they give.
//!
//! The values are those of the FIDE TEC reference program (TieBreakServer, O. Milvang); the
//! conformance test `tests/tiebreak_fixtures.rs` checks them against its output for every case
//! in the repository's `fixtures/tiebreaks/` (whose README defines each value precisely).
//!
//! # Codes
//! Each tie-break has a code, used for the CLI's `--tiebreaks` list and as the CSV column name.
//! The first ones are the fixtures' column names; the rest follow TieBreakServer's names with
//! the modifiers written after a hyphen. The article numbers are C.07's (2024 text).
//!
//! | code | tie-break |
//! |---|---|
//! | `PTS` | points (always the first criterion; listing it adds a column) |
//! | `DE` | direct encounter (art. 6) |
//! | `WIN` | rounds worth a full point, played or not (art. 7.1) |
//! | `WON` | games won over the board (art. 7.2) |
//! | `BPG` | games played over the board with Black (art. 7.3) |
//! | `BWG` | games won over the board with Black (art. 7.4) |
//! | `PS`, `PS-C<n>` | progressive score, optionally without the first n rounds (art. 7.5) |
//! | `REP` | rounds one elected to play: games over the board, PAB, and other rounds worth a full point (art. 7.6) |
//! | `BH`, `BH-C<n>`, `BH-M<n>` | Buchholz, Cut-n, Median-n (art. 8.1, 14) |
//! | `FB`, `FB-C<n>`, `FB-M<n>` | Fore Buchholz: the last round counted as a draw for everyone who played in it (art. 8.3) |
//! | `AOB` | average of the Buchholz of the opponents met over the board, to 0.01 (art. 8.2) |
//! | `SB`, `SB-C<n>`, `SB-M<n>` | Sonneborn-Berger (art. 9.1, 14) |
//! | `KS`, `KS-L+<n>`, `KS-L-<n>` | Koya (round-robins), limit moved by n half-points (art. 9.2) |
//! | `ARO`, `ARO-C<n>`, `ARO-M<n>` | average rating of opponents met over the board (art. 10.1) |
//! | `TPR` | tournament performance rating (art. 10.2) |
//! | `PTP` | perfect tournament performance (art. 10.3) |
//!
//! So `BH-C2` is Buchholz Cut-2 and `BH-M2` Median-2 (two lowest and two highest dropped).
//!
//! # Unplayed rounds (C.07 art. 16)
//! - **Swiss.** A game over the board contributes the opponent's *adjusted score*: their points,
//!   except that each round after their last round that was not voluntarily unplayed, in which
//!   they had no opponent, counts as a draw (16.3). Every unplayed round of the player (bye,
//!   forfeit, absence) is a game against a *dummy opponent* scoring the player's own points
//!   (16.4); from 1 March 2026 that is capped at min(own points, X), X being the forfeiting
//!   opponent's adjusted score, or half the number of rounds for a bye or absence. Cut and
//!   median modifiers drop a voluntarily unplayed round before any other contribution (16.5).
//! - **Round-robin.** A forfeit, and every remaining game of a withdrawn player, counts as a game
//!   against the scheduled opponent for BH, SB, DE and KS, with the opponent's actual points; a
//!   round without a game contributes nothing. ARO, TPR, PTP, BPG, WON and BWG count only games
//!   played over the board.
//!
//! # Order
//! Points, then the list in order; players equal on every criterion share a rank (1, 2, 2, 4),
//! and rows are ordered by rank, then start number (the documented last key: never input order).
//! Larger is better for every criterion except `DE`, whose value is a place (1 = best; 0 when DE
//! does not separate the player from the others tied before it).
//!
//! # Exactness
//! Values are [`Number`]s: exact hundredths for recorded results (BH and SB in a Swiss are
//! multiples of 0.25, double-round-robin DE averages too; AOB is rounded half up to 0.01, ARO,
//! TPR and PTP are integers), so comparisons are exact; real numbers only where a withdrawal
//! policy imputed a fractional score (see [`Crosstable::under_policy`]).

mod compute;
mod crosstable;
pub mod csv;
mod direct;
mod explain;
mod number;

pub use crate::model::tiebreak_list::{CodeError, Modifier, System, Tiebreak};
pub use crosstable::{Crosstable, Line, Slot};
pub use explain::{
    Adjustment, DirectStep, Exclusion, Explanation, How, Inapplicable, Item, Unplayed, What,
};
pub use number::Number;

use crate::model::{PerPlayer, StartNo, Tournament};
use serde::Serialize;
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// Which text of C.07 applies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TiebreakRules {
    /// The regulations of 2023 (as clarified in 2024): a Swiss dummy opponent scores the
    /// player's own points.
    Fide2023,
    /// The amendment in force from 1 March 2026: the dummy opponent's score is capped at
    /// min(own points, X) (art. 16.4). Only Swiss BH/FB/SB values (and AOB through them) change.
    #[default]
    Fide2026,
}

impl TiebreakRules {
    pub fn id(self) -> &'static str {
        match self {
            TiebreakRules::Fide2023 => "fide2023",
            TiebreakRules::Fide2026 => "fide2026",
        }
    }
}

impl fmt::Display for TiebreakRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for TiebreakRules {
    type Err = String;
    fn from_str(s: &str) -> Result<TiebreakRules, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "fide2023" | "2023" | "fide2024" | "2024" => Ok(TiebreakRules::Fide2023),
            "fide2026" | "2026" => Ok(TiebreakRules::Fide2026),
            other => Err(format!(
                "unknown tie-break rules `{other}`: use `fide2023` or `fide2026`"
            )),
        }
    }
}

/// What to compute.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Config {
    pub rules: TiebreakRules,
    /// `None`: the system of the event's format.
    pub system: Option<System>,
    /// The ordered list, after points.
    pub tiebreaks: Vec<Tiebreak>,
    /// Rating counted for an unrated opponent in ARO, TPR and PTP (C.07 art. 10 lets the
    /// regulations set one); `None` leaves unrated opponents out of those averages.
    pub unrated_rating: Option<u16>,
}

/// One tie-break value of one player, with its breakdown.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Value {
    /// `None` when the tie-break does not apply (KS in a Swiss, ARO without a rated game over
    /// the board): an empty cell, ranked after every value.
    pub value: Option<Number>,
    pub explanation: Explanation,
}

/// One row of the standings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// Shared by players equal on every criterion (1, 2, 2, 4).
    pub rank: u32,
    pub start_no: StartNo,
    pub points: Number,
    pub withdrawn: bool,
    /// One per tie-break of the list, in list order.
    pub values: Vec<Value>,
}

/// The final standings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standings {
    pub rules: TiebreakRules,
    pub system: System,
    /// Rounds considered.
    pub rounds: u32,
    pub tiebreaks: Vec<Tiebreak>,
    /// Ordered by rank, then start number.
    pub rows: Vec<Row>,
}

/// Why one player stands above another ([`Standings::decide`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Decision {
    /// Decided by points.
    Points { a: Number, b: Number },
    /// Decided by the tie-break at `index` of the list; values as in the table.
    Tiebreak {
        index: usize,
        code: String,
        a: Option<Number>,
        b: Option<Number>,
    },
    /// Equal on everything: they share the rank; the start number orders the rows.
    Tied,
}

impl Standings {
    pub fn row(&self, start_no: StartNo) -> Option<&Row> {
        self.rows.iter().find(|r| r.start_no == start_no)
    }

    /// The first criterion on which `a` and `b` differ, with both values; `None` if either is
    /// not in the table.
    pub fn decide(&self, a: StartNo, b: StartNo) -> Option<Decision> {
        let (ra, rb) = (self.row(a)?, self.row(b)?);
        if ra.points != rb.points {
            return Some(Decision::Points {
                a: ra.points,
                b: rb.points,
            });
        }
        for (i, tb) in self.tiebreaks.iter().enumerate() {
            let (va, vb) = (ra.values[i].value, rb.values[i].value);
            if va != vb {
                return Some(Decision::Tiebreak {
                    index: i,
                    code: tb.code(),
                    a: va,
                    b: vb,
                });
            }
        }
        Some(Decision::Tied)
    }
}

/// Compares two values of a criterion: better first.
fn better_first(tb: Option<Tiebreak>, a: Option<Number>, b: Option<Number>) -> Ordering {
    match (a, b) {
        (Some(x), Some(y)) => {
            if tb.is_some_and(Tiebreak::smaller_is_better) {
                x.cmp(&y)
            } else {
                y.cmp(&x)
            }
        }
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// Tie-breaks and final order of a crosstable (see the module documentation).
pub fn compute(ct: &Crosstable, config: &Config) -> Standings {
    let system = config.system.unwrap_or(ct.format_system);
    let ctx = compute::Ctx::new(ct, system, config);
    let present: Vec<StartNo> = ct
        .lines
        .iter()
        .filter(|(_, l)| l.present)
        .map(|(p, _)| p)
        .collect();
    let n_tb = config.tiebreaks.len();
    let mut values: Vec<PerPlayer<Option<Value>>> = config
        .tiebreaks
        .iter()
        .map(|&tb| {
            if tb == Tiebreak::DirectEncounter {
                PerPlayer::filled(ct.lines.len(), None)
            } else {
                ctx.values(tb)
            }
        })
        .collect();

    // Refine groups of players tied so far, criterion after criterion.
    let mut groups: Vec<Vec<StartNo>> = vec![present];
    let refine = |groups: Vec<Vec<StartNo>>, key: &dyn Fn(StartNo) -> Option<Number>, tb| {
        let mut out = Vec::with_capacity(groups.len());
        for mut g in groups {
            g.sort_by(|&a, &b| better_first(tb, key(a), key(b)));
            let mut current: Vec<StartNo> = Vec::new();
            for p in g {
                if let Some(&last) = current.last() {
                    if key(last) != key(p) {
                        out.push(std::mem::take(&mut current));
                    }
                }
                current.push(p);
            }
            if !current.is_empty() {
                out.push(current);
            }
        }
        out
    };
    // Points of the event's point system when it has its own, else the standard ones.
    let ranking = ct.ranking_points.as_ref().unwrap_or(&ctx.points);
    groups = refine(groups, &|p| Some(ranking[p]), None);
    for (column, &tb) in values.iter_mut().zip(&config.tiebreaks) {
        if tb == Tiebreak::DirectEncounter {
            for g in &groups {
                for (p, v) in direct::direct_encounter(&ctx, g) {
                    column[p] = Some(v);
                }
            }
        }
        let column = &*column;
        groups = refine(
            groups,
            &|p| column[p].as_ref().and_then(|v| v.value),
            Some(tb),
        );
    }

    let mut rows = Vec::with_capacity(ct.lines.len());
    let mut position = 0u32;
    for mut g in groups {
        g.sort_by_key(|&p| ct.lines[p].start_no);
        let rank = position + 1;
        for p in g {
            position += 1;
            rows.push(Row {
                rank,
                start_no: ct.lines[p].start_no,
                points: ranking[p],
                withdrawn: ct.lines[p].withdrawn,
                // Each present player is in one group: their values move into the row.
                values: (0..n_tb)
                    .map(|k| {
                        values[k][p].take().unwrap_or_else(|| Value {
                            value: None,
                            explanation: Explanation::new(How::NotApplicable {
                                reason: Inapplicable::NotComputed,
                            }),
                        })
                    })
                    .collect(),
            });
        }
    }
    Standings {
        rules: config.rules,
        system,
        rounds: ct.rounds,
        tiebreaks: config.tiebreaks.clone(),
        rows,
    }
}

/// Standings with tie-breaks from the event's recorded results (for a withdrawal policy's
/// crosstable, or to let the event decide: [`crate::standings::compute`]).
pub fn standings(t: &Tournament, config: &Config) -> Standings {
    compute(&Crosstable::from_tournament(t, None), config)
}

#[cfg(test)]
mod tests;
