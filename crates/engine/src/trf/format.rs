//! Round-robin or Swiss: what the file's `092` text or TRF-2026 `192` code declares, what the
//! pairings themselves show, and the `092` text to write so that the format reads back.

use super::error::TrfErrorKind;
use super::layout::{all_digits, clean};
use crate::model::{Format, Round, Tournament};

/// What the file's text says about the system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Declared {
    /// A round-robin, with its number of cycles when the text says it.
    RoundRobin(Option<u32>),
    Swiss,
    Silent,
}

/// Reads TRF `092` free text ("Round Robin", "Double Round-Robin", "Swiss Dutch", …).
pub(super) fn declared_by_kind(kind: &str) -> Declared {
    let k = kind.to_lowercase();
    if k.contains("round") && k.contains("robin") {
        let cycles = if k.contains("double") {
            Some(2)
        } else if k.contains("single") {
            Some(1)
        } else {
            None
        };
        Declared::RoundRobin(cycles)
    } else if [
        "swiss",
        "dutch",
        "dubov",
        "burstein",
        "schweizer",
        "suisse",
        "suizo",
    ]
    .iter()
    .any(|w| k.contains(w))
    {
        Declared::Swiss
    } else {
        Declared::Silent
    }
}

/// Reads a TRF-2026 `192` tournament-type code (FIDE's Tournament-Type Code Table):
/// `FIDE_ROUNDROBIN`, `BERGER_DOUBLEROUNDROBIN`, `BERGER_ROUNDROBIN_G2`, `FIDE_DUTCH_2026`, …
pub(super) fn declared_by_code(code: &str) -> Declared {
    let c = code.trim().to_ascii_uppercase();
    if c.contains("ROUNDROBIN") {
        let repeats = c
            .rsplit_once("_G")
            .filter(|(_, g)| all_digits(g))
            // A number too large for u32 is certainly not 1 or 2; report it as unsupported.
            .map(|(_, g)| g.parse::<u32>().unwrap_or(u32::MAX));
        let cycles = if c.contains("DOUBLEROUNDROBIN") {
            Some(2)
        } else if repeats.is_some() {
            repeats
        } else if c.starts_with("BERGER_ROUNDROBIN") || c.starts_with("FIDE_ROUNDROBIN") {
            Some(1)
        } else {
            None
        };
        Declared::RoundRobin(cycles)
    } else if ["SWISS", "DUTCH", "DUBOV", "BURSTEIN"]
        .iter()
        .any(|w| c.contains(w))
    {
        Declared::Swiss
    } else {
        Declared::Silent
    }
}

/// Rounds in one cycle of a round-robin of `n` players (an odd field adds a free round).
fn per_cycle(n: usize) -> u32 {
    let n = n as u32;
    if n.is_multiple_of(2) {
        n.saturating_sub(1)
    } else {
        n
    }
}

/// The format, given what the text declares, the player count, the rounds as read and the
/// scheduled number of rounds (XXR) if known.
pub(super) fn decide_format(
    declared: Declared,
    n: usize,
    rounds: &[Round],
    scheduled: Option<u32>,
) -> Result<Format, TrfErrorKind> {
    let total = scheduled.unwrap_or(0).max(rounds.len() as u32);
    let per = per_cycle(n);
    match declared {
        Declared::RoundRobin(Some(c)) => match u8::try_from(c) {
            Ok(c @ 1..=2) => Ok(Format::RoundRobin { cycles: c }),
            _ => Err(TrfErrorKind::TooManyCycles { cycles: c }),
        },
        Declared::RoundRobin(None) => Ok(Format::RoundRobin {
            cycles: if per > 0 && total > per { 2 } else { 1 },
        }),
        Declared::Swiss => Ok(Format::Swiss { rounds: total }),
        Declared::Silent => Ok(match complete_round_robin(n, rounds, total) {
            Some(cycles) => Format::RoundRobin { cycles },
            None => Format::Swiss { rounds: total },
        }),
    }
}

/// `Some(cycles)` when the pairings are exactly a complete single or double round-robin: every
/// pair of players meets `cycles` times, in `cycles` × (rounds per cycle) rounds.
fn complete_round_robin(n: usize, rounds: &[Round], total: u32) -> Option<u8> {
    if n < 3 {
        return None;
    }
    let per = per_cycle(n);
    let cycles = (1..=2u8).find(|&c| total == per * u32::from(c))?;
    if rounds.len() as u32 != total {
        return None;
    }
    let mut met = vec![0u8; n * n];
    for g in rounds.iter().flat_map(|r| &r.games) {
        let (a, b) = (g.white.min(g.black) as usize, g.white.max(g.black) as usize);
        if a == 0 || b > n {
            return None;
        }
        let cell = &mut met[(a - 1) * n + (b - 1)];
        *cell = cell.saturating_add(1);
    }
    let all_met = (0..n).all(|a| ((a + 1)..n).all(|b| met[a * n + b] == cycles));
    all_met.then_some(cycles)
}

/// The `092` text to export: the user's own when it already leads back to `t.format`.
pub(super) fn kind_for_export(t: &Tournament, rounds: &[Round]) -> String {
    let kind = clean(&t.info.kind);
    let kind = kind.trim();
    let code = t.type_code();
    let n = t.players.len();
    let scheduled = Some(t.scheduled_rounds());
    let leads_back = |text: &str| {
        let declared = match declared_by_kind(text) {
            Declared::Silent => code.as_deref().map_or(Declared::Silent, declared_by_code),
            d => d,
        };
        decide_format(declared, n, rounds, scheduled).ok() == Some(t.format)
    };
    let short = match t.format {
        Format::RoundRobin { cycles: 2 } => "Double Round-Robin",
        Format::RoundRobin { .. } => "Round-Robin",
        Format::Swiss { .. } => "Swiss-System",
    };
    let mut candidates = vec![kind.to_owned()];
    if !kind.is_empty() && declared_by_kind(kind) == Declared::Silent {
        candidates.push(format!("{kind} ({short})"));
    }
    candidates.push(format!("Individual: {short}"));
    candidates.push("Individual: Single Round-Robin".to_owned());
    candidates
        .into_iter()
        .find(|c| leads_back(c))
        .unwrap_or_else(|| format!("Individual: {short}"))
}
