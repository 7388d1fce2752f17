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

pub use crosstable::{Crosstable, Line, Slot, System};
pub use explain::{
    Adjustment, DirectStep, Exclusion, Explanation, How, Inapplicable, Item, Unplayed, What,
};
pub use number::Number;

use crate::model::{StartNo, Tournament};
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

/// Cut-n and Median-n (C.07 art. 14): how many of the least and most significant
/// contributions are dropped. Cut-n is `{ lowest: n, highest: 0 }`, Median-n `{ n, n }`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Modifier {
    pub lowest: u8,
    pub highest: u8,
}

impl Modifier {
    pub const NONE: Modifier = Modifier {
        lowest: 0,
        highest: 0,
    };

    pub fn cut(n: u8) -> Modifier {
        Modifier {
            lowest: n,
            highest: 0,
        }
    }

    pub fn median(n: u8) -> Modifier {
        Modifier {
            lowest: n,
            highest: n,
        }
    }

    fn suffix(self) -> String {
        match (self.lowest, self.highest) {
            (0, 0) => String::new(),
            (l, 0) => format!("-C{l}"),
            (l, h) if l == h => format!("-M{l}"),
            (l, h) => format!("-C{l}-H{h}"),
        }
    }
}

/// One tie-break of the user's list. See the module documentation for the codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(into = "String")]
pub enum Tiebreak {
    Points,
    DirectEncounter,
    Wins,
    WonGames,
    BlackGames,
    BlackWins,
    RoundsElectedToPlay,
    /// Progressive score without the first `cut` rounds' totals.
    ProgressiveScore {
        cut: u8,
    },
    Buchholz(Modifier),
    ForeBuchholz(Modifier),
    AverageOfOpponentsBuchholz,
    SonnebornBerger(Modifier),
    /// Koya with the limit (50 % of the maximum) moved by this many half-points.
    Koya {
        limit_half_points: i8,
    },
    AverageRatingOfOpponents(Modifier),
    PerformanceRating,
    PerfectPerformance,
}

impl Tiebreak {
    /// The code, as used in `--tiebreaks` and as the CSV column name (`BH-C1`, `KS-L-1`, …).
    pub fn code(self) -> String {
        match self {
            Tiebreak::Points => "PTS".into(),
            Tiebreak::DirectEncounter => "DE".into(),
            Tiebreak::Wins => "WIN".into(),
            Tiebreak::WonGames => "WON".into(),
            Tiebreak::BlackGames => "BPG".into(),
            Tiebreak::BlackWins => "BWG".into(),
            Tiebreak::RoundsElectedToPlay => "REP".into(),
            Tiebreak::ProgressiveScore { cut: 0 } => "PS".into(),
            Tiebreak::ProgressiveScore { cut } => format!("PS-C{cut}"),
            Tiebreak::Buchholz(m) => format!("BH{}", m.suffix()),
            Tiebreak::ForeBuchholz(m) => format!("FB{}", m.suffix()),
            Tiebreak::AverageOfOpponentsBuchholz => "AOB".into(),
            Tiebreak::SonnebornBerger(m) => format!("SB{}", m.suffix()),
            Tiebreak::Koya {
                limit_half_points: 0,
            } => "KS".into(),
            Tiebreak::Koya { limit_half_points } => format!("KS-L{limit_half_points:+}"),
            Tiebreak::AverageRatingOfOpponents(m) => format!("ARO{}", m.suffix()),
            Tiebreak::PerformanceRating => "TPR".into(),
            Tiebreak::PerfectPerformance => "PTP".into(),
        }
    }

    /// A human name.
    pub fn name(self) -> &'static str {
        match self {
            Tiebreak::Points => "Points",
            Tiebreak::DirectEncounter => "Direct encounter",
            Tiebreak::Wins => "Wins (rounds worth a full point)",
            Tiebreak::WonGames => "Games won over the board",
            Tiebreak::BlackGames => "Games played with Black",
            Tiebreak::BlackWins => "Games won with Black",
            Tiebreak::RoundsElectedToPlay => "Rounds elected to play",
            Tiebreak::ProgressiveScore { .. } => "Progressive score",
            Tiebreak::Buchholz(_) => "Buchholz",
            Tiebreak::ForeBuchholz(_) => "Fore Buchholz",
            Tiebreak::AverageOfOpponentsBuchholz => "Average of opponents' Buchholz",
            Tiebreak::SonnebornBerger(_) => "Sonneborn-Berger",
            Tiebreak::Koya { .. } => "Koya system",
            Tiebreak::AverageRatingOfOpponents(_) => "Average rating of opponents",
            Tiebreak::PerformanceRating => "Tournament performance rating",
            Tiebreak::PerfectPerformance => "Perfect tournament performance",
        }
    }

    /// Smaller is better (only DE, whose value is a place).
    pub fn smaller_is_better(self) -> bool {
        self == Tiebreak::DirectEncounter
    }

    /// Parses a comma-separated list (`DE,BH-C1,BH,SB`); blanks around codes are ignored.
    pub fn parse_list(list: &str) -> Result<Vec<Tiebreak>, CodeError> {
        list.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::parse)
            .collect()
    }

    /// A starting list, editable by the user: the orders of the FIDE TEC tie-break exercises
    /// (the `tec-exercise-*` fixtures) — round-robin `DE, SB, WIN, KS`; Swiss
    /// `DE, BH-C1, BH, SB, WIN, BPG`.
    pub fn preset(system: System) -> Vec<Tiebreak> {
        match system {
            System::RoundRobin => vec![
                Tiebreak::DirectEncounter,
                Tiebreak::SonnebornBerger(Modifier::NONE),
                Tiebreak::Wins,
                Tiebreak::Koya {
                    limit_half_points: 0,
                },
            ],
            System::Swiss => vec![
                Tiebreak::DirectEncounter,
                Tiebreak::Buchholz(Modifier::cut(1)),
                Tiebreak::Buchholz(Modifier::NONE),
                Tiebreak::SonnebornBerger(Modifier::NONE),
                Tiebreak::Wins,
                Tiebreak::BlackGames,
            ],
        }
    }
}

impl From<Tiebreak> for String {
    fn from(t: Tiebreak) -> String {
        t.code()
    }
}

impl fmt::Display for Tiebreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

/// Why a tie-break code does not read (`BH-X1`, `XYZ`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum CodeError {
    /// No tie-break has this code.
    Unknown { code: String },
    /// A modifier on a tie-break that takes none (`WIN-C1`).
    NoModifier { family: String, code: String },
    /// A modifier that is neither `-C<n>` nor `-M<n>`.
    BadModifier { code: String, modifier: String },
    /// Progressive score with a median (it takes only a cut).
    ProgressiveCut { code: String },
    /// A Koya modifier that is not `-L+<n>` / `-L-<n>`.
    Koya { code: String },
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Unknown { code } => write!(
                f,
                "unknown tie-break `{code}`: use one of PTS, DE, WIN, WON, BPG, BWG, REP, PS, BH, \
                 FB, AOB, SB, KS, ARO, TPR, PTP (with modifiers like BH-C1, BH-M1, KS-L-1)"
            ),
            CodeError::NoModifier { family, code } => {
                write!(f, "tie-break `{family}` takes no modifier (found `{code}`)")
            }
            CodeError::BadModifier { code, modifier } => write!(
                f,
                "unknown modifier `{modifier}` in tie-break `{code}`: use -C<n> (cut the n lowest) \
                 or -M<n> (median: cut the n lowest and n highest), e.g. BH-C1, BH-M2"
            ),
            CodeError::ProgressiveCut { code } => write!(
                f,
                "progressive score takes only a cut, e.g. PS-C1 (found `{code}`)"
            ),
            CodeError::Koya { code } => write!(
                f,
                "unknown Koya modifier in `{code}`: write KS-L+<n> or KS-L-<n> to move the limit \
                 by n half-points, e.g. KS-L-1"
            ),
        }
    }
}

impl std::error::Error for CodeError {}

fn parse_modifier(code: &str, rest: &str) -> Result<Modifier, CodeError> {
    let bad = || CodeError::BadModifier {
        code: code.to_owned(),
        modifier: rest.to_owned(),
    };
    if rest.is_empty() {
        return Ok(Modifier::NONE);
    }
    let body = rest.strip_prefix('-').ok_or_else(bad)?;
    let (kind, n) = body.split_at(1);
    let n: u8 = n.parse().map_err(|_| bad())?;
    match kind {
        "C" => Ok(Modifier::cut(n)),
        "M" => Ok(Modifier::median(n)),
        _ => Err(bad()),
    }
}

impl FromStr for Tiebreak {
    type Err = CodeError;
    fn from_str(s: &str) -> Result<Tiebreak, CodeError> {
        let code = s.trim().to_ascii_uppercase();
        let family_end = code.find('-').unwrap_or(code.len());
        let (family, rest) = code.split_at(family_end);
        let plain = |t: Tiebreak| {
            if rest.is_empty() {
                Ok(t)
            } else {
                Err(CodeError::NoModifier {
                    family: family.to_owned(),
                    code: code.clone(),
                })
            }
        };
        match family {
            "PTS" => plain(Tiebreak::Points),
            "DE" => plain(Tiebreak::DirectEncounter),
            "WIN" => plain(Tiebreak::Wins),
            "WON" => plain(Tiebreak::WonGames),
            "BPG" => plain(Tiebreak::BlackGames),
            "BWG" => plain(Tiebreak::BlackWins),
            "REP" | "GE" => plain(Tiebreak::RoundsElectedToPlay),
            "AOB" => plain(Tiebreak::AverageOfOpponentsBuchholz),
            "TPR" => plain(Tiebreak::PerformanceRating),
            "PTP" => plain(Tiebreak::PerfectPerformance),
            "BH" => Ok(Tiebreak::Buchholz(parse_modifier(&code, rest)?)),
            "FB" => Ok(Tiebreak::ForeBuchholz(parse_modifier(&code, rest)?)),
            "SB" => Ok(Tiebreak::SonnebornBerger(parse_modifier(&code, rest)?)),
            "ARO" => Ok(Tiebreak::AverageRatingOfOpponents(parse_modifier(
                &code, rest,
            )?)),
            "PS" => match parse_modifier(&code, rest)? {
                Modifier { lowest, highest: 0 } => Ok(Tiebreak::ProgressiveScore { cut: lowest }),
                _ => Err(CodeError::ProgressiveCut { code: code.clone() }),
            },
            "KS" => {
                if rest.is_empty() {
                    return Ok(Tiebreak::Koya {
                        limit_half_points: 0,
                    });
                }
                rest.strip_prefix("-L")
                    .and_then(|n| n.parse::<i8>().ok())
                    .filter(|_| rest.len() > 3 && matches!(rest.as_bytes()[2], b'+' | b'-'))
                    .map(|n| Tiebreak::Koya {
                        limit_half_points: n,
                    })
                    .ok_or_else(|| CodeError::Koya { code: code.clone() })
            }
            _ => Err(CodeError::Unknown { code: code.clone() }),
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
    let present: Vec<usize> = (0..ct.lines.len())
        .filter(|&i| ct.lines[i].present)
        .collect();
    let n_tb = config.tiebreaks.len();
    let mut values: Vec<Vec<Option<Value>>> = config
        .tiebreaks
        .iter()
        .map(|&tb| {
            if tb == Tiebreak::DirectEncounter {
                vec![None; ct.lines.len()]
            } else {
                ctx.values(tb)
            }
        })
        .collect();

    // Refine groups of players tied so far, criterion after criterion.
    let mut groups: Vec<Vec<usize>> = vec![present];
    let refine = |groups: Vec<Vec<usize>>, key: &dyn Fn(usize) -> Option<Number>, tb| {
        let mut out = Vec::with_capacity(groups.len());
        for mut g in groups {
            g.sort_by(|&a, &b| better_first(tb, key(a), key(b)));
            let mut current: Vec<usize> = Vec::new();
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
