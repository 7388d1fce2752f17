//! The Dutch fixtures' per-round inputs, rebuilt from each tournament's `full.trf`.
//!
//! `fixtures/dutch/` keeps, per tournament, `full.trf` and the reference pairing of every round
//! (`rRR.pairs`), but not the 1,253 per-round inputs `rRR.trf` of the original set: each one is
//! `full.trf` truncated before round RR, exactly as `fixtures/dutch/README.md` describes (rounds
//! 1 … RR−1 with their results, round RR's pre-entered `H`/`Z` absences, the points after round
//! RR−1 and the informational rank by points then pairing number). [`round_input`] rebuilds it,
//! and every rebuilt file is checked against the SHA-256 of the original
//! (`fixtures/dutch/inputs.sha256`, `sha256sum` format), so a test can neither pass on a wrong
//! reconstruction nor without its data.
//!
//! Shared by the engine's and the CLI's tests through `#[path]`.

#![allow(dead_code)] // Each test binary uses part of it.

use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// `fixtures/dutch` at the repository root.
pub fn dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/dutch");
    assert!(
        dir.is_dir(),
        "the Dutch reference fixtures are missing: expected {} (fixtures/dutch in the repository)",
        dir.display()
    );
    dir
}

/// One round of one fixture tournament.
pub struct Round {
    /// `t001` …
    pub tid: String,
    pub round: u32,
    /// The pairing input, rebuilt (and checked against the original's checksum).
    pub input: String,
    /// The reference pairing of this round.
    pub pairs: PathBuf,
}

/// The tournaments' folders, sorted (`DUTCH_ONLY=t001,t017` limits them while iterating).
pub fn tournaments() -> Vec<PathBuf> {
    let only: Option<Vec<String>> = std::env::var("DUTCH_ONLY")
        .ok()
        .map(|s| s.split(',').map(str::to_owned).collect());
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("fixtures/dutch is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            only.as_ref().is_none_or(|o| o.iter().any(|x| x == name))
        })
        .collect();
    dirs.sort();
    dirs
}

/// `t001/r01.trf` → hex SHA-256 of the original file.
fn checksums() -> BTreeMap<String, String> {
    let path = dir().join("inputs.sha256");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (sum, name) = l
                .split_once("  ")
                .unwrap_or_else(|| panic!("{}: bad line {l:?}", path.display()));
            (name.to_owned(), sum.to_owned())
        })
        .collect()
}

fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Every round of `tournament` (a folder from [`tournaments`]), in order, with its rebuilt input.
/// Panics, naming the file, when a rebuilt input differs from the original.
pub fn rounds_of(tournament: &Path) -> Vec<Round> {
    let sums = checksums();
    let tid = tournament
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("")
        .to_owned();
    let full_path = tournament.join("full.trf");
    let full = std::fs::read_to_string(&full_path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", full_path.display()));
    let mut pairs: Vec<PathBuf> = std::fs::read_dir(tournament)
        .expect("tournament folder is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pairs"))
        .collect();
    pairs.sort();
    pairs
        .into_iter()
        .map(|pairs| {
            let stem = pairs.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            let round: u32 = stem
                .trim_start_matches('r')
                .parse()
                .unwrap_or_else(|_| panic!("{}: not a round file", pairs.display()));
            let input = round_input(&full, round);
            let name = format!("{tid}/{stem}.trf");
            let want = sums
                .get(&name)
                .unwrap_or_else(|| panic!("inputs.sha256 has no entry for {name}"));
            assert_eq!(
                &sha256_hex(&input),
                want,
                "{name}: the input rebuilt from full.trf differs from the original reference file"
            );
            Round {
                tid: tid.clone(),
                round,
                input,
                pairs,
            }
        })
        .collect()
}

/// Points of a TRF16 result code, in half-points.
fn half_points(code: u8) -> u32 {
    match code {
        b'1' | b'+' | b'U' | b'F' | b'W' => 2,
        b'=' | b'H' | b'D' => 1,
        _ => 0,
    }
}

/// The input for pairing `round`, from the finished tournament `full` (see the module doc).
pub fn round_input(full: &str, round: u32) -> String {
    struct Line<'a> {
        head: &'a str,
        blocks: Vec<&'a str>,
        score: u32,
        start_no: u32,
    }
    let keep = round.saturating_sub(1) as usize;
    let mut lines: Vec<Result<Line, &str>> = Vec::new();
    for line in full.split('\n') {
        if !line.starts_with("001") {
            lines.push(Err(line));
            continue;
        }
        let head = &line[..line.len().min(91)];
        let mut blocks: Vec<&str> = Vec::new();
        let mut at = 91;
        while at < line.len() {
            blocks.push(&line[at..line.len().min(at + 8)]);
            at += 10;
        }
        let mut kept: Vec<&str> = blocks.iter().take(keep).copied().collect();
        let score = kept
            .iter()
            .map(|b| b.as_bytes().get(7).copied().map_or(0, half_points))
            .sum();
        // A known absence in the round being paired is pre-entered (not counted in the score).
        if let Some(next) = blocks.get(keep) {
            if next.starts_with("0000 -") && matches!(next.as_bytes().get(7), Some(b'H' | b'Z')) {
                kept.push(next);
            }
        }
        let start_no = line[4..8].trim().parse().expect("pairing number");
        lines.push(Ok(Line {
            head,
            blocks: kept,
            score,
            start_no,
        }));
    }
    let mut order: Vec<(u32, u32)> = lines
        .iter()
        .filter_map(|l| l.as_ref().ok().map(|p| (p.score, p.start_no)))
        .collect();
    order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let rank: BTreeMap<u32, usize> = order
        .iter()
        .enumerate()
        .map(|(i, &(_, s))| (s, i + 1))
        .collect();
    let out: Vec<String> = lines
        .into_iter()
        .map(|l| match l {
            Err(other) => other.to_owned(),
            Ok(p) => {
                let points = format!("{:>4}", format!("{}.{}", p.score / 2, 5 * (p.score % 2)));
                let front = format!("{}{points} {:>4}", &p.head[..80], rank[&p.start_no]);
                if p.blocks.is_empty() {
                    front
                } else {
                    format!("{front}{}{}", &p.head[89..], p.blocks.join("  "))
                }
            }
        })
        .collect();
    out.join("\n")
}
