//! `crosstable why FILE [--round R] [--board B]`: why each board of a Swiss round was paired as
//! it was — the score group, the floater, what decided the opponents and the colour rule
//! ([`engine::dutch::explain`]), in words an arbiter can read out to a player.

use engine::dutch::explain::{explain_round, BoardWhy, ColourWhy, Decided, Obstacle};
use engine::dutch::DutchRules;
use engine::rules2026::show_short as show;
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct WhyArgs {
    /// The tournament: TRF16, TRF-2026 or Crosstable JSON, a Swiss with the round paired.
    pub file: PathBuf,
    /// The round (default: the last round with games).
    #[arg(long, value_name = "R")]
    pub round: Option<u32>,
    /// Only this board (1 = the first board of the round as the file lists them).
    #[arg(long, value_name = "B")]
    pub board: Option<usize>,
    /// Read the rules as bbpPairings 6.0.0 does where it departs from the Handbook's text
    /// (Baku's group A), for a file paired with it.
    #[arg(long)]
    pub as_bbppairings: bool,
}

pub fn run(args: &WhyArgs) -> Result<String, String> {
    let crate::load::Loaded { tournament: t, .. } = crate::load::load(&args.file)?;
    if t.format.system() != engine::tiebreak::System::Swiss {
        return Err(format!(
            "{}: a round-robin's pairings come from the Berger tables, not from criteria; `why` \
             explains Swiss rounds",
            args.file.display()
        ));
    }
    let last = t.rounds.iter().rposition(|r| !r.games.is_empty());
    let round = match (args.round, last) {
        (Some(r), _) => r,
        (None, Some(i)) => i as u32 + 1,
        (None, None) => {
            return Err(format!("{}: no round has been paired", args.file.display()));
        }
    };
    let games = round
        .checked_sub(1)
        .and_then(|i| t.rounds.get(i as usize))
        .map_or(0, |r| r.games.len());
    if games == 0 {
        return Err(format!(
            "{}: round {round} has no games to explain (the event has {} rounds with games)",
            args.file.display(),
            t.rounds.iter().filter(|r| !r.games.is_empty()).count()
        ));
    }
    let rules = if args.as_bbppairings {
        DutchRules::BbpPairings6
    } else {
        DutchRules::Fide2025
    };
    let why =
        explain_round(&t, round, rules).map_err(|e| format!("{}: {e}", args.file.display()))?;
    let mut out = String::new();
    for (i, b) in why.iter().enumerate() {
        if args.board.is_some_and(|want| want != i + 1) {
            continue;
        }
        let _ = write!(out, "{}", describe(round, i + 1, b));
    }
    if out.is_empty() {
        return Err(format!(
            "{}: round {round} has {games} boards; --board takes 1 to {games}",
            args.file.display()
        ));
    }
    Ok(out)
}

/// One board's explanation, three lines.
pub fn describe(round: u32, board: usize, b: &BoardWhy) -> String {
    let group = match b.floater {
        Some(p) => format!(
            "score group {}; {p} floated down from {}",
            show(b.group),
            show(b.scores[0].max(b.scores[1]))
        ),
        None => format!("score group {}, both players", show(b.group)),
    };
    let opponents = match b.decided {
        Decided::MovedDown => {
            "a player moved down is paired first, with the highest opponent the rules allow \
             (C.04.3 art. 3.3)"
                .to_owned()
        }
        Decided::Natural { position } => format!(
            "the natural pairing: S1's player {position} against S2's player {position} \
             (art. 4.2)"
        ),
        Decided::Exchange => {
            "an exchange between S1 and S2, because the natural halves could not be paired \
             (art. 4.3)"
                .to_owned()
        }
        Decided::NotNatural {
            player,
            natural,
            because,
        } => {
            let why = match because {
                Obstacle::Met { round } => format!("they met in round {round} (C1)"),
                Obstacle::Prohibited => "a prohibited pairing (C1, record 260)".to_owned(),
                Obstacle::SameAbsoluteColour => {
                    "both have the same absolute colour preference (C3)".to_owned()
                }
                Obstacle::SamePreference => {
                    "both prefer the same colour, which this board avoids (C12)".to_owned()
                }
                Obstacle::SameStrongPreference => {
                    "both strongly prefer the same colour, which this board avoids (C13)".to_owned()
                }
                Obstacle::RestOfBracket => {
                    "that pair was possible, but the rest of the bracket could then not be \
                     paired as well (a transposition, art. 4.2)"
                        .to_owned()
                }
            };
            format!("{player}'s natural opponent was {natural}: {why}")
        }
    };
    let colour = match b.colour {
        ColourWhy::BothPreferences => "both players' preferences granted (art. 5.2.1)".to_owned(),
        ColourWhy::Stronger(p) => format!("{p}'s stronger preference granted (art. 5.2.2)"),
        ColourWhy::Alternated => {
            "alternated from the last round in which they had different colours (art. 5.2.3)"
                .to_owned()
        }
        ColourWhy::HigherRanked(p) => {
            format!("the higher-ranked player {p}'s preference granted (art. 5.2.4)")
        }
        ColourWhy::InitialColour(p) => {
            format!("no preferences: by {p}'s pairing number and the initial colour (art. 5.2.5)")
        }
        ColourWhy::NotByRule => "not the colours art. 5.2 gives".to_owned(),
    };
    format!(
        "round {round}, board {board}: {}–{} ({group})\n  opponents: {opponents}\n  colours: \
         {colour}\n",
        b.white, b.black
    )
}
