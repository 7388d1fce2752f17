//! `crosstable generate --seed S [-o FILE] [--players N] [--rounds R] [--config FILE]
//! [--as-bbppairings]`: a
//! random finished Swiss, every round paired by Crosstable's Dutch engine, written as TRF-2026
//! ([`engine::generate`], FIDE C.02's random tournament generator). Also the engine behind
//! `crosstable pair --dutch -g [CONFIG] -o FILE [-s SEED]`, bbpPairings' spelling, whose
//! configuration file this module reads ([`bbp_config`]).

use engine::dutch::DutchRules;
use engine::generate::{generate, Chance, Config};
use engine::rules2026::{parse_points, PointSystem};
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// Seed of every random draw: the same seed gives the same file on every machine
    /// [default: one from the clock, printed on stderr].
    #[arg(short = 's', long, value_name = "S")]
    pub seed: Option<u64>,
    /// Write the TRF-2026 file to FILE; `-o -` or no `-o` prints it.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Players registered before round 1, 2 to 1000 [default: drawn, 10 to 120].
    #[arg(long, value_name = "N")]
    pub players: Option<u32>,
    /// Rounds, 1 to players − 1 [default: drawn, 5 to 11].
    #[arg(long, value_name = "R")]
    pub rounds: Option<u32>,
    /// A configuration file in bbpPairings' generator syntax (`PlayersNumber=40`, …);
    /// `--players` and `--rounds` win over it.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Pair every round as bbpPairings 6.0.0 reads the rules where it departs from the text
    /// (Baku group A, docs/fide-conformance.md §1–§2), so that its checker must pass the file;
    /// for cross-testing, never for an event.
    #[arg(long)]
    pub as_bbppairings: bool,
}

pub fn run(args: &GenerateArgs) -> Result<String, String> {
    let mut config = match &args.config {
        Some(path) => read_config(path)?,
        None => Config::default(),
    };
    config.players = args.players.or(config.players);
    config.rounds = args.rounds.or(config.rounds);
    if args.as_bbppairings {
        config.rules = DutchRules::BbpPairings6;
    }
    write(args.seed, &config, args.output.as_deref())
}

fn read_config(path: &Path) -> Result<Config, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    bbp_config(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Generates and writes the event; returns what to print.
fn write(seed: Option<u64>, config: &Config, output: Option<&Path>) -> Result<String, String> {
    let seed = seed.unwrap_or_else(|| {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        eprintln!("note: seed {seed} (give it with --seed to generate this event again)");
        seed
    });
    let g = generate(seed, config).map_err(|e| format!("seed {seed}: {e}"))?;
    crate::load::emit(output, engine::trf::write(&g.tournament))
}

/// Reads bbpPairings' generator configuration: `Key=value` lines, `#` comments and blank
/// lines skipped. The keys are bbpPairings' own (its `src/fileformats/generatorconfiguration.cpp`),
/// with what Crosstable makes of each:
///
/// | key | meaning here |
/// |---|---|
/// | `PlayersNumber`, `RoundsNumber` | players, rounds |
/// | `DrawPercentage` | draws between equals, 0–100 % |
/// | `ForfeitRate` (≥ 1) | one game in x forfeited |
/// | `RetiredRate` (≥ 2) | one player in x absent from some rounds (bbpPairings gives its "retired" players zero-point byes) |
/// | `HalfPointByeRate` (≥ 1; also its misspelling `HalfPointByteRate`) | one player in x requests half-point byes |
/// | `HighestRating`, `LowestRating` | the ratings' range |
/// | `PointsForWin`, `PointsForDraw`, `PointsForLoss`, `PointsForPAB` | the `162` point system (the bye follows the win unless given) |
/// | `PointsForZPB`, `PointsForForfeitLoss` | `162`'s `Z`, which is both: they must agree |
///
/// Any other key, a line without `=`, or a bad value is refused with its line number.
pub fn bbp_config(text: &str) -> Result<Config, String> {
    let mut c = Config::default();
    let mut ps = PointSystem::STANDARD;
    let mut any_points = false;
    let mut pab = None;
    let mut zero: Option<(usize, u32)> = None;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |what: String| format!("line {line_no}: {what}");
        let Some((key, value)) = line.split_once('=') else {
            return Err(at(format!("`{line}` is not `Key=value`")));
        };
        let (key, value) = (key.trim(), value.trim());
        let bad = || at(format!("`{value}` is not a valid value for {key}"));
        let whole = || value.parse::<u32>().map_err(|_| bad());
        let rating = || value.parse::<u16>().map_err(|_| bad());
        let rate = |least: f64| {
            value
                .parse::<f64>()
                .ok()
                .filter(|&x| x >= least)
                .and_then(Chance::one_in)
                .ok_or_else(|| {
                    at(format!(
                        "{key} must be a number of at least {least}, not `{value}`"
                    ))
                })
        };
        let points = || parse_points(value).ok_or_else(bad);
        match key {
            "PlayersNumber" => c.players = Some(whole()?),
            "RoundsNumber" => c.rounds = Some(whole()?),
            "DrawPercentage" => {
                c.draw_percent = Some(
                    value
                        .parse::<u8>()
                        .ok()
                        .filter(|&p| p <= 100)
                        .ok_or_else(bad)?,
                )
            }
            "ForfeitRate" => c.forfeits = Some(rate(1.0)?),
            "RetiredRate" => c.zero_point_byes = Some(rate(2.0)?),
            "HalfPointByeRate" | "HalfPointByteRate" => c.half_point_byes = Some(rate(1.0)?),
            "HighestRating" => c.highest_rating = Some(rating()?),
            "LowestRating" => c.lowest_rating = Some(rating()?),
            "PointsForWin" => ps.win = points()?,
            "PointsForDraw" => ps.draw = points()?,
            "PointsForLoss" => ps.loss = points()?,
            "PointsForPAB" => pab = Some(points()?),
            "PointsForZPB" | "PointsForForfeitLoss" => {
                let p = points()?;
                if let Some((first, q)) = zero.filter(|&(_, q)| q != p) {
                    return Err(at(format!(
                        "{key} differs from line {first}'s value ({}): a TRF-2026 point \
                         system (162) has one value, Z, for both",
                        engine::rules2026::show(q)
                    )));
                }
                zero = Some((line_no, p));
                ps.zero = p;
            }
            _ => {
                return Err(at(format!(
                    "unknown key `{key}`; known: PlayersNumber, RoundsNumber, DrawPercentage, \
                     ForfeitRate, RetiredRate, HalfPointByeRate, HighestRating, LowestRating, \
                     PointsForWin, PointsForDraw, PointsForLoss, PointsForZPB, \
                     PointsForForfeitLoss, PointsForPAB"
                )))
            }
        }
        any_points |= key.starts_with("PointsFor");
    }
    if any_points {
        ps.pab = pab.unwrap_or(ps.win);
        if ps.loss > ps.draw || ps.draw > ps.win {
            return Err(format!(
                "the points must not fall from a loss to a draw to a win (win {}, draw {}, \
                 loss {})",
                engine::rules2026::show(ps.win),
                engine::rules2026::show(ps.draw),
                engine::rules2026::show(ps.loss)
            ));
        }
        c.points = Some(ps);
    }
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bbppairings_keys_are_read() {
        let c = bbp_config(
            "# a comment\r\nPlayersNumber=40\r\nRoundsNumber=7\nDrawPercentage=30\n\
             ForfeitRate=10\nRetiredRate=4\nHalfPointByeRate=5\nHighestRating=2600\n\
             LowestRating=1800\nPointsForWin=3\nPointsForDraw=1\n\n",
        )
        .expect("valid");
        assert_eq!(
            (c.players, c.rounds, c.draw_percent),
            (Some(40), Some(7), Some(30))
        );
        assert_eq!(c.forfeits.map(|x| x.per_million), Some(100_000));
        assert_eq!(c.zero_point_byes.map(|x| x.per_million), Some(250_000));
        assert_eq!(c.half_point_byes.map(|x| x.per_million), Some(200_000));
        assert_eq!(
            (c.lowest_rating, c.highest_rating),
            (Some(1800), Some(2600))
        );
        let ps = c.points.expect("points");
        assert_eq!((ps.win, ps.draw, ps.loss, ps.pab), (30, 10, 0, 30));
    }

    #[test]
    fn bad_lines_are_named() {
        let e = |text: &str| bbp_config(text).expect_err("refused");
        assert!(e("PlayersNumber=40\nColours=2\n").starts_with("line 2: unknown key `Colours`"));
        assert!(e("RoundsNumber\n").starts_with("line 1: `RoundsNumber` is not `Key=value`"));
        assert!(e("RetiredRate=1.5\n").contains("RetiredRate must be a number of at least 2"));
        assert!(e("DrawPercentage=101\n").contains("not a valid value for DrawPercentage"));
        assert!(e("PointsForZPB=0\nPointsForForfeitLoss=0.5\n").contains("differs from line 1"));
        assert!(e("PointsForDraw=2\n").contains("must not fall"));
    }
}
