//! The event's tie-break list as the model keeps it: the codes of FIDE C.07's tie-breaks
//! ([`Tiebreak`], with its [`Modifier`]), how a list reads and is written, and the preset of
//! each [`System`] of play. Computing the values is `crate::tiebreak`'s job; this module knows
//! only the names, so that the model can hold a typed list without depending on the
//! computation (which depends on the model).

use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// The tie-break system of play: it decides how unplayed rounds count (C.07 art. 16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum System {
    RoundRobin,
    Swiss,
}

impl System {
    pub fn id(self) -> &'static str {
        match self {
            System::RoundRobin => "round-robin",
            System::Swiss => "swiss",
        }
    }
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for System {
    type Err = String;
    fn from_str(s: &str) -> Result<System, String> {
        match s.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "round-robin" | "roundrobin" | "rr" => Ok(System::RoundRobin),
            "swiss" => Ok(System::Swiss),
            other => Err(format!(
                "unknown system `{other}`: use `round-robin` or `swiss`"
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(into = "String", try_from = "String")]
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

impl TryFrom<String> for Tiebreak {
    type Error = CodeError;
    fn try_from(code: String) -> Result<Tiebreak, CodeError> {
        code.parse()
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
