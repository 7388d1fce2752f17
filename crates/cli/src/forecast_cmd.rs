//! `crosstable forecast`: each player's chances in an ongoing round-robin (expected final
//! points, P(first), P(podium)) under a withdrawal policy, by seeded Monte Carlo
//! (`engine::forecast`).

use engine::forecast::{self, Forecast, ForecastConfig, MAX_SIMULATIONS};
use engine::impute::{Params, Policy};
use engine::simulate::DEFAULT_SEED;
use serde::Serialize;
use std::fmt::Write as _;
use std::path::PathBuf;

/// Output format of `forecast`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ForecastFormat {
    Table,
    Csv,
    Json,
}

/// The chances of every player still in the table of an ongoing round-robin.
#[derive(Clone, Debug, clap::Args)]
pub struct ForecastArgs {
    /// A TRF or Crosstable JSON file (detected by content).
    pub file: PathBuf,
    /// What happens to a withdrawn player's unplayed games: a policy's id (an unknown id lists
    /// them all).
    #[arg(long, default_value = "fide", value_name = "ID")]
    pub policy: Policy,
    /// Prior strength k ≥ 0 of the Bayesian policy.
    #[arg(long, default_value_t = Params::PAPER_K, value_name = "K")]
    pub k: f64,
    /// P(draw) between equally rated players in the game model, from 0 to 1.
    #[arg(long, default_value_t = 0.6, value_name = "D")]
    pub draw_peak: f64,
    /// Simulated finishes of the event.
    #[arg(long, default_value_t = 200_000, value_name = "N")]
    pub simulations: u64,
    /// Seed of the random draws: the same seed gives the same numbers everywhere.
    #[arg(long, default_value_t = DEFAULT_SEED, value_name = "S")]
    pub seed: u64,
    #[arg(long, value_enum, default_value_t = ForecastFormat::Table)]
    pub format: ForecastFormat,
}

/// The JSON document.
#[derive(Serialize)]
struct Report<'a> {
    event: &'a str,
    forecast: &'a Forecast,
}

/// Runs the command and returns the text to print.
pub fn run(args: &ForecastArgs) -> Result<String, String> {
    Params::check_k(args.k).map_err(|e| format!("--k: {e}"))?;
    if !(0.0..=1.0).contains(&args.draw_peak) {
        return Err(format!(
            "--draw-peak must be a number from 0 to 1, not {}",
            args.draw_peak
        ));
    }
    if !(1..=MAX_SIMULATIONS).contains(&args.simulations) {
        return Err(format!(
            "--simulations must be from 1 to {MAX_SIMULATIONS}, not {}",
            args.simulations
        ));
    }
    let t = crate::load::analysis(&args.file)?;
    let config = ForecastConfig {
        policy: args.policy,
        k: args.k,
        draw_peak: args.draw_peak,
        simulations: args.simulations,
        seed: args.seed,
        withdraw_now: Vec::new(),
    };
    let f = forecast::forecast(&t, &config).map_err(|e| format!("{}: {e}", args.file.display()))?;
    Ok(match args.format {
        ForecastFormat::Csv => f.to_csv(),
        ForecastFormat::Json => {
            let mut s = serde_json::to_string_pretty(&Report {
                event: &t.name,
                forecast: &f,
            })
            .map_err(|e| e.to_string())?;
            s.push('\n');
            s
        }
        ForecastFormat::Table => table(&t.name, &f),
    })
}

/// The plain-text table: a header naming the model, then one line per player.
fn table(event: &str, f: &Forecast) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{event}");
    let _ = writeln!(
        out,
        "Chances under policy {} (k = {}), draw peak {}: {} simulations, seed {}, {} games still to play",
        f.policy, f.k, f.draw_peak, f.simulations, f.seed, f.remaining_games
    );
    for (w, resolved) in &f.withdrawals {
        let _ = writeln!(
            out,
            "Player {} withdrew after round {}: {}",
            w.player, w.after_round, resolved
        );
    }
    let width = f
        .rows
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let _ = writeln!(
        out,
        "{:>3}  {:<width$}  {:>6}  {:>8}  {:>16}  {:>16}",
        "No", "Name", "Now", "Expected", "P(first) ± se", "P(podium) ± se"
    );
    for r in &f.rows {
        let _ = writeln!(
            out,
            "{:>3}  {:<width$}  {:>6.2}  {:>8.2}  {:>7.1}% ± {:>4.1}  {:>7.1}% ± {:>4.1}",
            r.start_no,
            r.name,
            r.points_now,
            r.expected_points,
            100.0 * r.p_first,
            100.0 * r.se_first,
            100.0 * r.p_podium,
            100.0 * r.se_podium
        );
    }
    let _ = writeln!(
        out,
        "A model, not a prediction: games drawn from the ratings (logistic expectation, draws most likely between equals); form, colours and motivation are not modelled. Standard errors in percentage points."
    );
    out
}
