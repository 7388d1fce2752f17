//! `crosstable pair`: the next round of a Swiss event by the FIDE Dutch system, written in the
//! bbpPairings / JaVaFo output format, so that the command is a drop-in for them:
//! `crosstable pair --dutch FILE.trf -p OUT` (and `-p` without a file prints to stdout);
//! `-c` checks the whole file instead (main sends it to `check_cmd`).

use engine::dutch::{pair, DutchRules, RoundToPair};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct PairArgs {
    /// FIDE Dutch system (the default and only system; accepted as the reference engines
    /// spell it).
    #[arg(long)]
    pub dutch: bool,
    /// The tournament before the round: TRF (with `XXR` rounds and `XXC` initial colour) or
    /// Crosstable JSON. Players with an H, Z or F entry for the round are left out.
    ///
    /// Which round: the file convention of the pairing programs (bbpPairings, JaVaFo). The
    /// round paired is the one after the last round with games, unless the last column holds
    /// only byes or absences entered ahead (`0000 - H`, `0000 - Z`): then that round is paired,
    /// with those players left out, even if a round before it has no column yet. The app pairs
    /// through the same engine entry with its next round stated, so a request it records for a
    /// later round stays a request.
    #[arg(required_unless_present = "generate", conflicts_with = "generate")]
    pub file: Option<PathBuf>,
    /// Read the rules as bbpPairings 6.0.0 does where it departs from the FIDE Handbook's
    /// text: Baku's group A is then the first ⌈N/2⌉ players instead of C.04.5.1's "first half
    /// of the players, rounded up to the nearest even number" (2·⌈N/4⌉). For checking a file
    /// paired with it (docs/fide-conformance.md); without it the text applies.
    #[arg(long)]
    pub as_bbppairings: bool,
    /// Write the pairing to OUT; `-p` alone (or no `-p`) prints it.
    #[arg(short = 'p', value_name = "OUT", num_args = 0..=1, default_missing_value = "-")]
    pub output: Option<PathBuf>,
    /// Check the whole tournament instead of pairing (bbpPairings' `-c`): the same as
    /// `crosstable check FILE`, in our own words — every round paired again from the rounds
    /// before it and compared with the file's, then the points and ranks; exit status 0 all
    /// agree, 1 differences, 2 cannot check.
    #[arg(short = 'c', conflicts_with_all = ["output", "generate"])]
    pub check: bool,
    /// bbpPairings' random tournament generator (`-g [CONFIG] -o FILE -s SEED`): a finished
    /// Swiss paired by this engine, as TRF-2026; CONFIG in bbpPairings' syntax
    /// (`PlayersNumber=40`, …), what it leaves out drawn from the seed. As `crosstable generate`.
    #[arg(short = 'g', value_name = "CONFIG", num_args = 0..=1, conflicts_with = "output")]
    pub generate: Option<Option<PathBuf>>,
    /// With `-g`: write the generated TRF to FILE (`-` or no `-o`: print it).
    #[arg(short = 'o', value_name = "FILE", requires = "generate")]
    pub generated: Option<PathBuf>,
    /// With `-g`: the seed [default: one from the clock, printed on stderr].
    #[arg(short = 's', value_name = "SEED", requires = "generate")]
    pub seed: Option<u64>,
}

/// Pairs the next round; returns what to print (nothing when written to a file).
pub fn run(args: PairArgs) -> Result<String, String> {
    if let Some(config) = args.generate {
        // `pair --dutch -g [CONFIG] [-o FILE] [-s SEED]`: `crosstable generate` in bbpPairings'
        // spelling.
        return crate::generate_cmd::run(&crate::generate_cmd::GenerateArgs {
            seed: args.seed,
            output: args.generated,
            players: None,
            rounds: None,
            config,
            as_bbppairings: false,
        });
    }
    let file = args.file.ok_or("name the tournament file to pair")?;
    let crate::load::Loaded {
        tournament: mut t,
        text,
    } = crate::load::load(&file)?;
    // A TRF states absences through the round's own entries (H, Z); a run of forfeits is not a
    // withdrawal for pairing purposes: the reader records only the file's own (`XXW`, JSON),
    // and pairing never infers one.
    if engine::io::detect(&text) == engine::io::FileFormat::Trf {
        // Without XXR (or 142) the file does not say how many rounds the event has: take it to
        // have at least the one being paired, as the reference engines do.
        let states_rounds = text
            .lines()
            .any(|l| l.starts_with("XXR") || l.starts_with("142"));
        // (Requests in a later column name the round to pair.)
        let requested = t.last_requested_round();
        if let (false, engine::Format::Swiss { rounds }) = (states_rounds, &mut t.format) {
            *rounds = (*rounds).max(t.rounds.len() as u32 + 1).max(requested);
        }
    }
    let rules = if args.as_bbppairings {
        DutchRules::BbpPairings6
    } else {
        DutchRules::Fide2025
    };
    let pairing =
        pair(&t, RoundToPair::FromFile, rules).map_err(|e| format!("{}: {e}", file.display()))?;
    crate::load::emit(args.output.as_deref(), pairing.to_pairs_file())
}
