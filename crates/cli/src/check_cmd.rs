//! `crosstable check FILE`: the free pairings checker of FIDE's approval procedure (also
//! `crosstable pair --dutch FILE -c`, bbpPairings' spelling). Every round of a Swiss is paired
//! again from the rounds before it and compared with the file's; the points and, when the file
//! names its tie-breaks, the ranks it declares are compared with the results
//! ([`engine::check`]).
//!
//! Exit status as `diff` and `cmp` have it: 0 everything agrees, 1 something differs (one line
//! per round, then one per player), 2 the file could not be checked (unreadable, not a Swiss,
//! nothing paired), with the reason on stderr.

use crate::Failure;
use engine::check::{check, Board, Options, PairingDifference, Report, StandingDifference};
use engine::dutch::DutchRules;
use engine::io::FileFormat;
use engine::rules2026::show;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// The tournament, every round played so far: TRF16 or TRF-2026 (or Crosstable JSON, which
    /// declares no points or ranks: its pairings alone are checked). Exit status: 0 when every
    /// round and the standings agree, 1 when something differs, 2 when the file cannot be
    /// checked.
    pub file: PathBuf,
    /// Pair as bbpPairings 6.0.0 reads the rules where it departs from the FIDE Handbook's text
    /// (Baku's group A: docs/fide-conformance.md), for a file paired with it.
    #[arg(long)]
    pub as_bbppairings: bool,
}

/// Checks `file`: the report when everything agrees, else the report of the differences
/// ([`Failure::Differs`], exit status 1) or why the file cannot be checked
/// ([`Failure::CannotCheck`], exit status 2).
pub(crate) fn run(file: &Path, as_bbppairings: bool) -> Result<String, Failure> {
    match verdict(file, as_bbppairings) {
        Ok((text, true)) => Ok(text),
        Ok((text, false)) => Err(Failure::Differs(text)),
        Err(why) => Err(Failure::CannotCheck(why)),
    }
}

/// The report's text and whether everything agrees.
fn verdict(file: &Path, as_bbppairings: bool) -> Result<(String, bool), String> {
    let crate::load::Loaded { tournament, text } = crate::load::load(file)?;
    let declared = match engine::io::detect(&text) {
        FileFormat::Trf | FileFormat::Trf16 => engine::trf::declared(&text),
        _ => Vec::new(),
    };
    let options = Options {
        dutch: if as_bbppairings {
            DutchRules::BbpPairings6
        } else {
            DutchRules::Fide2025
        },
        ..Options::default()
    };
    let report =
        check(&tournament, &declared, options).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok((describe(&report), report.agrees()))
}

/// One line per round that differs (earliest first), or `all N rounds agree`; then one line
/// per standings difference.
pub fn describe(report: &Report) -> String {
    let mut out = String::new();
    if report.pairings.is_empty() {
        let _ = writeln!(out, "all {} rounds agree", report.rounds);
    }
    for d in &report.pairings {
        let _ = writeln!(out, "{}", round_line(d));
    }
    for d in &report.standings {
        let _ = writeln!(out, "standings: {}", standing_line(d));
    }
    out
}

fn boards(list: &[Board]) -> String {
    if list.is_empty() {
        return "nothing else".to_owned();
    }
    list.iter()
        .map(Board::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// `round 3: file 5-12, 7-9; crosstable 5-9, 7-12`.
fn round_line(d: &PairingDifference) -> String {
    match &d.ours {
        Ok(ours) => format!(
            "round {}: file {}; crosstable {}",
            d.round,
            boards(&d.file),
            boards(ours)
        ),
        Err(why) => format!(
            "round {}: file {}; crosstable cannot pair it: {why}",
            d.round,
            boards(&d.file)
        ),
    }
}

/// `player 12 rank 4 in the file, 5 recomputed`.
fn standing_line(d: &StandingDifference) -> String {
    match *d {
        StandingDifference::Points {
            player,
            file,
            computed,
        } => format!(
            "player {player} points {} in the file, {} from the results",
            show(file),
            show(computed)
        ),
        StandingDifference::Rank {
            player,
            file,
            computed,
        } => format!("player {player} rank {file} in the file, {computed} recomputed"),
    }
}
