//! `crosstable`: the command-line face of the engine (see docs/DESIGN.md, "The CLI contract").

use clap::{Parser, Subcommand, ValueEnum};

mod check_cmd;
mod forecast_cmd;
mod generate_cmd;
mod load;
mod pair_cmd;
mod publish_cmd;
use engine::csv_text::CsvWriter;
use engine::elo::Expectation;
use engine::impute::{self, Analysis, Params, Policy};
use engine::io::FileFormat;
use engine::standings::{self as standings_of, Basis, Fallback};
use engine::tiebreak::Config;
use engine::{StartNo, Tournament, Withdrawal};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

mod sensitivity_cmd;
mod simulate_cmd;
mod tiebreak_cmd;
mod why_cmd;

#[derive(Parser)]
#[command(
    name = "crosstable",
    version,
    about = "Chess-tournament workbench: withdrawal imputation (Varadhan 2026) next to the FIDE rules",
    long_about = None
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum OutputFormat {
    Table,
    Csv,
    Json,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ExpectationArg {
    Logistic,
    Fide,
}

impl From<ExpectationArg> for Expectation {
    fn from(e: ExpectationArg) -> Expectation {
        match e {
            ExpectationArg::Logistic => Expectation::Logistic,
            ExpectationArg::Fide => Expectation::Fide,
        }
    }
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum FileKind {
    Trf,
    Json,
}

/// What `convert --to` writes.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum ConvertTo {
    /// TRF-2026 (FIDE's current edition).
    Trf,
    /// TRF16, the edition before TRF-2026.
    Trf16,
    /// Crosstable's JSON.
    Json,
    /// PGN, a file of the event's games.
    Pgn,
}

#[derive(Subcommand)]
enum Command {
    /// Score every game a withdrawn player never played, under every policy.
    Impute {
        /// A TRF or Crosstable JSON file (detected by content).
        file: PathBuf,
        /// Start number of a withdrawn player (repeatable). Default: the withdrawals recorded in
        /// the file, else those detected (all games from some round on unplayed; said on
        /// stderr).
        #[arg(long = "withdrawn", value_name = "N")]
        withdrawn: Vec<StartNo>,
        /// Prior strength k ≥ 0 of the Bayesian imputation.
        #[arg(long, default_value_t = 3.0, value_name = "K")]
        k: f64,
        /// Expected-score model.
        #[arg(long, value_enum, default_value = "logistic")]
        expectation: ExpectationArg,
        #[arg(long, value_enum, default_value = "table")]
        format: OutputFormat,
    },
    /// Standings under a withdrawal policy (points, then start number; with --tiebreaks, FIDE
    /// tie-breaks in between).
    Standings {
        file: PathBuf,
        /// A withdrawal policy's id, or `recorded` (the file's results); an unknown id lists
        /// them all.
        #[arg(long, default_value = "fide", value_name = "ID")]
        policy: Basis,
        #[arg(long, default_value_t = 3.0, value_name = "K")]
        k: f64,
        #[arg(long, value_enum, default_value = "logistic")]
        expectation: ExpectationArg,
        #[arg(long, value_enum, default_value = "table")]
        format: OutputFormat,
        #[command(flatten)]
        tiebreaks: tiebreak_cmd::TiebreakArgs,
    },
    /// FIDE rating changes (B.02) of the rated players, and initial ratings of unrated ones.
    Ratings(tiebreak_cmd::RatingsArgs),
    /// Rerun the paper's Monte Carlo study (18 scenarios, leave-one-out RMSE), seeded.
    Simulate(simulate_cmd::SimulateArgs),
    /// Imputed scores, points and ranks as functions of k (with the k values where the order
    /// changes), and the cliff over the withdrawal round, as CSV or JSON.
    Sensitivity(sensitivity_cmd::SensitivityArgs),
    /// Convert between TRF, Crosstable JSON and PGN. The output format is `--to`, else the
    /// output file's extension (.trf: TRF-2026, .json, .pgn). TRF16 and TRF-2026 are both read;
    /// a PGN input (a file of games) becomes an event.
    Convert {
        input: PathBuf,
        output: PathBuf,
        /// trf (TRF-2026), trf16 (the older edition, for programs without TRF-2026), json or pgn.
        #[arg(long, value_enum)]
        to: Option<ConvertTo>,
        /// Record as withdrawn the players whose results show it (every game from some round on
        /// unplayed, with a forfeit among them), when the input records no withdrawal; each is
        /// named on stderr. Without it, conversion adds nothing the input does not say.
        #[arg(long)]
        detect_withdrawals: bool,
    },
    /// The event as one self-contained HTML page (standings, crosstable, every round) with a
    /// QR code for the address where it will be posted.
    Publish(publish_cmd::PublishArgs),
    /// Each player's chances in an ongoing round-robin (expected points, P(first), P(podium))
    /// under a withdrawal policy, by seeded Monte Carlo over the games still to play.
    Forecast(forecast_cmd::ForecastArgs),
    /// Pair the next round of a Swiss event (FIDE Dutch system), bbpPairings/JaVaFo format;
    /// with `-g`, bbpPairings' random tournament generator.
    Pair(pair_cmd::PairArgs),
    /// Check a Swiss's pairings and standings: every round paired again by the FIDE Dutch
    /// system from the rounds before it and compared with the file's, and the points and ranks
    /// the file declares. Exit status 0 all agree, 1 differences (listed), 2 cannot check.
    Check(check_cmd::CheckArgs),
    /// Why each board of a Swiss round was paired as it was: the score group, the floater,
    /// what decided the opponents (the natural pairing, or the criterion that ruled it out) and
    /// the colour rule (C.04.3 art. 5.2).
    Why(why_cmd::WhyArgs),
    /// A random finished Swiss, every round paired by the FIDE Dutch system, as TRF-2026
    /// (FIDE C.02's random tournament generator): byes, forfeits, late entries, withdrawals,
    /// prohibited pairings, Baku and point systems drawn from the seed.
    Generate(generate_cmd::GenerateArgs),
    /// Print the illustrative example event (10-player round-robin with a withdrawal).
    Example {
        /// Print the complete event (every game played) instead.
        #[arg(long)]
        complete: bool,
        #[arg(long, value_enum, default_value = "json")]
        format: FileKind,
    },
}

/// How a command ends when it does not simply print its output (exit status 0).
enum Failure {
    /// The message the user sees (stderr, exit status 1).
    Message(String),
    /// The checker found differences: its report (stdout, exit status 1).
    Differs(String),
    /// The checker could not check the file: why (stderr, exit status 2).
    CannotCheck(String),
}

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(e: E) -> Failure {
        Failure::Message(e.to_string())
    }
}

fn main() -> ExitCode {
    match run(Cli::parse().command) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(Failure::Message(msg)) => {
            eprintln!("crosstable: {msg}");
            ExitCode::FAILURE
        }
        Err(Failure::Differs(report)) => {
            print!("{report}");
            ExitCode::from(1)
        }
        Err(Failure::CannotCheck(why)) => {
            eprintln!("crosstable: {why}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command) -> Result<String, Failure> {
    match command {
        // `-c`: the checker in bbpPairings' spelling (clap requires the file unless `-g`, which
        // `-c` excludes).
        Command::Pair(pair_cmd::PairArgs {
            check: true,
            file: Some(file),
            as_bbppairings,
            ..
        }) => check_cmd::run(&file, as_bbppairings),
        Command::Check(args) => check_cmd::run(&args.file, args.as_bbppairings),
        Command::Pair(args) => pair_cmd::run(args).map_err(Failure::Message),
        Command::Generate(args) => generate_cmd::run(&args).map_err(Failure::Message),
        Command::Why(args) => why_cmd::run(&args).map_err(Failure::Message),
        Command::Publish(args) => publish_cmd::run(&args).map_err(Failure::Message),
        Command::Impute {
            file,
            withdrawn,
            k,
            expectation,
            format,
        } => {
            let t = load::analysis(&file).map_err(Failure::Message)?;
            let ws = withdrawals(&t, &withdrawn)?;
            let params = params(k, expectation)?;
            let a = impute::analyse(&t, &ws, params).map_err(|e| at(&file, e))?;
            Ok(match format {
                OutputFormat::Csv => impute_csv(&a),
                OutputFormat::Json => json(&ImputeReport {
                    event: &t.name,
                    analysis: &a,
                })?,
                OutputFormat::Table => impute_table(&t, &a),
            })
        }
        Command::Standings {
            file,
            policy,
            k,
            expectation,
            format,
            tiebreaks,
        } => {
            let params = params(k, expectation)?;
            let t = load::analysis(&file).map_err(Failure::Message)?;
            // The tie-break table when asked for (an option, or the recorded results) or when the
            // event has its own tie-break list; else the plain points table.
            if tiebreaks.requested() || policy == Basis::Recorded || t.chosen_tiebreaks().is_some()
            {
                let output = match format {
                    OutputFormat::Table => tiebreak_cmd::Output::Table,
                    OutputFormat::Csv => tiebreak_cmd::Output::Csv,
                    OutputFormat::Json => tiebreak_cmd::Output::Json,
                };
                return tiebreak_cmd::run_standings(tiebreak_cmd::StandingsRequest {
                    file: &file,
                    tournament: &t,
                    basis: policy,
                    params,
                    output,
                    tiebreaks: &tiebreaks,
                })
                .map_err(Failure::Message);
            }
            let rows = standings(&t, policy, params).map_err(|e| at(&file, e))?;
            Ok(match format {
                OutputFormat::Csv => standings_csv(&rows),
                OutputFormat::Json => json(&rows)?,
                OutputFormat::Table => standings_table(&t, policy, &rows),
            })
        }
        Command::Ratings(args) => tiebreak_cmd::run_ratings(&args).map_err(Failure::Message),
        Command::Simulate(args) => simulate_cmd::run(&args).map_err(Failure::Message),
        Command::Sensitivity(args) => sensitivity_cmd::run(&args).map_err(Failure::Message),
        Command::Forecast(args) => forecast_cmd::run(&args).map_err(Failure::Message),
        Command::Convert {
            input,
            output,
            to,
            detect_withdrawals,
        } => {
            let mut t = load(&input)?;
            if detect_withdrawals {
                load::infer_withdrawals(&input, &mut t);
            }
            let kind = match (to, output.extension().and_then(|e| e.to_str())) {
                (Some(ConvertTo::Trf), _) => FileFormat::Trf,
                (Some(ConvertTo::Trf16), _) => FileFormat::Trf16,
                (Some(ConvertTo::Json), _) => FileFormat::Json,
                (Some(ConvertTo::Pgn), _) => FileFormat::Pgn,
                (None, Some(e)) if e.eq_ignore_ascii_case("json") => FileFormat::Json,
                (None, Some(e)) if e.eq_ignore_ascii_case("pgn") => FileFormat::Pgn,
                (None, Some(e))
                    if e.eq_ignore_ascii_case("trf") || e.eq_ignore_ascii_case("txt") =>
                {
                    FileFormat::Trf
                }
                _ => {
                    return Err(Failure::Message(format!(
                        "{}: cannot tell the output format; name it .trf, .json or .pgn, or \
                         say --to trf, --to trf16, --to json or --to pgn",
                        output.display()
                    )))
                }
            };
            std::fs::write(&output, engine::io::write_as(&t, kind)).map_err(|e| {
                Failure::Message(format!("{}: cannot write: {e}", output.display()))
            })?;
            Ok(String::new())
        }
        Command::Example { complete, format } => {
            let t = if complete {
                engine::example::complete()
            } else {
                engine::example::withdrawal()
            };
            Ok(engine::io::write_as(
                &t,
                match format {
                    FileKind::Trf => FileFormat::Trf,
                    FileKind::Json => FileFormat::Json,
                },
            ))
        }
    }
}

fn at(file: &Path, e: impl std::fmt::Display) -> Failure {
    Failure::Message(format!("{}: {e}", file.display()))
}

fn load(file: &Path) -> Result<Tournament, Failure> {
    load::tournament(file).map_err(Failure::Message)
}

fn params(k: f64, expectation: ExpectationArg) -> Result<Params, Failure> {
    Params::new(k, expectation.into()).map_err(|e| Failure::Message(format!("--k: {e}")))
}

/// The withdrawals named on the command line (each with the round after which the player stopped
/// taking part), or the file's own.
fn withdrawals(t: &Tournament, named: &[StartNo]) -> Result<Vec<Withdrawal>, Failure> {
    if named.is_empty() {
        return Ok(impute::effective_withdrawals(t, &[]));
    }
    named
        .iter()
        .map(|&p| impute::withdrawal_for(t, p).map_err(Failure::from))
        .collect()
}

fn json<T: serde::Serialize>(value: &T) -> Result<String, Failure> {
    let mut s = serde_json::to_string_pretty(value)?;
    s.push('\n');
    Ok(s)
}

#[derive(serde::Serialize)]
struct ImputeReport<'a> {
    event: &'a str,
    analysis: &'a Analysis,
}

/// Policies that print rows: every policy but `annul` (which removes the games). `fide` prints
/// what it resolves to: its rows are absent for a withdrawn player it annuls.
fn impute_csv(a: &Analysis) -> String {
    let mut csv = CsvWriter::new(["policy", "player", "opponent", "score"]);
    for policy in Policy::ALL {
        if policy == Policy::Annul {
            continue;
        }
        for g in &a.outcome(policy).games {
            if let Some(score) = g.score {
                csv.row([
                    policy.id().to_string(),
                    g.player.to_string(),
                    g.opponent.to_string(),
                    score.to_string(),
                ]);
            }
        }
    }
    csv.finish()
}

fn name(t: &Tournament, p: StartNo) -> &str {
    t.player(p).map_or("?", |p| p.name.as_str())
}

fn impute_table(t: &Tournament, a: &Analysis) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", t.name);
    if a.withdrawn.is_empty() {
        out.push_str("No withdrawn player: nothing to impute. Name one with --withdrawn N.\n");
        return out;
    }
    let _ = writeln!(
        out,
        "k = {}, expectation = {}",
        a.params.k(),
        a.params.expectation()
    );
    for s in &a.withdrawn {
        let _ = writeln!(
            out,
            "\nWithdrawn: {} {} after round {}: n = {} of {} scheduled, s̄ = {:.3}, Ē = {:.3}, \
             δ = (1 − s̄) − Ē = {:+.3}, w = n/(n+k) = {:.3}; FIDE rule: {}",
            s.player,
            name(t, s.player),
            s.after_round,
            s.played,
            s.scheduled,
            s.mean_score,
            s.mean_expected,
            s.residual,
            s.weight,
            s.fide_resolves_to.id()
        );
    }
    let _ = write!(
        out,
        "\n{:>5} {:<24} {:<24} {:>6}",
        "round", "player", "withdrawn", "E"
    );
    for p in Policy::ALL {
        let _ = write!(out, " {:>11}", p.id());
    }
    out.push('\n');
    for (i, g) in a.unplayed.iter().enumerate() {
        let round = g.round.map_or("-".to_string(), |r| r.to_string());
        let _ = write!(
            out,
            "{:>5} {:<24} {:<24} {:>6.3}",
            round,
            truncate(name(t, g.player), 24),
            truncate(name(t, g.opponent), 24),
            g.expected
        );
        for p in Policy::ALL {
            let cell = &a.outcome(p).games[i];
            let text = match cell.score {
                None => "annulled".to_string(),
                Some(v) if cell.clamped => format!("{v:.3}*"),
                Some(v) => format!("{v:.3}"),
            };
            let _ = write!(out, " {text:>11}");
        }
        out.push('\n');
    }
    if a.outcomes.iter().any(|o| o.games.iter().any(|g| g.clamped)) {
        out.push_str("* clamped to [0, 1]\n");
    }
    out
}

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

#[derive(serde::Serialize)]
struct Row {
    rank: u32,
    start_no: StartNo,
    name: String,
    points: f64,
    withdrawn: bool,
}

/// The plain table: points, then start number (no tie-break), on `basis`.
fn standings(
    t: &Tournament,
    basis: Basis,
    params: Params,
) -> Result<Vec<Row>, impute::ImputeError> {
    let s = standings_of::compute(t, basis, params, &Config::default());
    if let Some(Fallback::Impute(e)) = s.fallback {
        return Err(e);
    }
    Ok(s.standings
        .rows
        .iter()
        .map(|r| Row {
            rank: r.rank,
            start_no: r.start_no,
            name: name(t, r.start_no).to_string(),
            points: s.points[r.start_no].unwrap_or_else(|| r.points.to_f64()),
            withdrawn: r.withdrawn,
        })
        .collect())
}

fn standings_csv(rows: &[Row]) -> String {
    let mut csv = CsvWriter::new(["rank", "start_no", "name", "points"]);
    for r in rows {
        csv.row([
            r.rank.to_string(),
            r.start_no.to_string(),
            r.name.clone(),
            r.points.to_string(),
        ]);
    }
    csv.finish()
}

fn standings_table(t: &Tournament, basis: Basis, rows: &[Row]) -> String {
    let mut out = format!("{} — standings under policy `{}`\n", t.name, basis.id());
    let _ = writeln!(
        out,
        "{:>4} {:>4}  {:<28} {:>7}",
        "rank", "no", "name", "points"
    );
    for r in rows {
        let _ = writeln!(
            out,
            "{:>4} {:>4}  {:<28} {:>7}{}",
            r.rank,
            r.start_no,
            truncate(&r.name, 28),
            format_points(r.points),
            if r.withdrawn { "  (withdrew)" } else { "" }
        );
    }
    out
}

/// Exact half-points as written by arbiters (`4.5`); imputed totals to two decimals.
fn format_points(p: f64) -> String {
    if (p * 2.0 - (p * 2.0).round()).abs() < 1e-9 {
        format!("{}", (p * 2.0).round() / 2.0)
    } else {
        format!("{p:.2}")
    }
}
