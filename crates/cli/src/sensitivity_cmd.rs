//! `crosstable sensitivity`: the series the app's sensitivity view plots (see
//! `engine::sensitivity`) — each unplayed game's imputed score and every player's points and
//! rank as functions of k, the k values where the order changes, and the cliff — as CSV or JSON.

use engine::csv_text::CsvWriter;
use engine::elo::Expectation;
use engine::impute::{self, Params, Policy};
use engine::sensitivity::{self, Cliff, Crossing, KSweep};
use engine::{StartNo, Tournament};
use serde::Serialize;
use std::path::PathBuf;

/// Output format of `sensitivity`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SensitivityFormat {
    Csv,
    Json,
}

/// The sensitivity of the imputation to k and to the withdrawal round.
#[derive(Clone, Debug, clap::Args)]
pub struct SensitivityArgs {
    /// A TRF or Crosstable JSON file (detected by content).
    pub file: PathBuf,
    /// Start number of a withdrawn player (repeatable). Default: the withdrawals recorded in the
    /// file. The first one is also the cliff's player unless --cliff-player names another.
    #[arg(long = "withdrawn", value_name = "N")]
    pub withdrawn: Vec<StartNo>,
    /// The player whose withdrawal round the cliff varies.
    #[arg(long, value_name = "N")]
    pub cliff_player: Option<StartNo>,
    /// The k sweep runs from 0 to this.
    #[arg(long, default_value_t = 20.0, value_name = "K")]
    pub k_max: f64,
    /// Grid steps of the sweep (crossings are found exactly, not on the grid).
    #[arg(long, default_value_t = 40, value_name = "N")]
    pub steps: usize,
    /// Prior strength k of the Bayesian policy in the cliff.
    #[arg(long, default_value_t = 3.0, value_name = "K")]
    pub k: f64,
    /// Expected-score model: logistic or fide.
    #[arg(long, default_value = "logistic")]
    pub expectation: String,
    #[arg(long, value_enum, default_value_t = SensitivityFormat::Csv)]
    pub format: SensitivityFormat,
}

/// The JSON document.
#[derive(Serialize)]
struct Report<'a> {
    event: &'a str,
    sweep: &'a KSweep,
    /// The crossings in words ("at k ≈ 4.5, A passes B"), in `sweep.crossings` order.
    crossings_in_words: Vec<String>,
    cliff: Option<&'a Cliff>,
}

/// Runs the command and returns the text to print.
pub fn run(args: &SensitivityArgs) -> Result<String, String> {
    let expectation: Expectation = args.expectation.parse()?;
    let params = Params::new(args.k, expectation).map_err(|e| format!("--k: {e}"))?;
    if !(args.k_max.is_finite() && args.k_max > 0.0) {
        return Err(format!("--k-max must be a number > 0, not {}", args.k_max));
    }
    if args.steps == 0 || args.steps > 100_000 {
        return Err("--steps must be between 1 and 100000".to_string());
    }
    let at = |e: &dyn std::fmt::Display| format!("{}: {e}", args.file.display());
    let t = crate::load::analysis(&args.file)?;
    let withdrawals = args
        .withdrawn
        .iter()
        .map(|&p| impute::withdrawal_for(&t, p).map_err(|e| at(&e)))
        .collect::<Result<Vec<_>, _>>()?;
    let sweep = sensitivity::k_sweep(&t, &withdrawals, expectation, args.k_max, args.steps)
        .map_err(|e| at(&e))?;
    let cliff_player = args
        .cliff_player
        .or_else(|| sweep.withdrawn.first().map(|w| w.player));
    let cliff = cliff_player
        .map(|p| sensitivity::cliff(&t, p, params).map_err(|e| at(&e)))
        .transpose()?;
    Ok(match args.format {
        SensitivityFormat::Csv => csv(&sweep, cliff.as_ref()),
        SensitivityFormat::Json => {
            let report = Report {
                event: &t.name,
                crossings_in_words: words(&t, &sweep.crossings),
                sweep: &sweep,
                cliff: cliff.as_ref(),
            };
            let mut s = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
            s.push('\n');
            s
        }
    })
}

fn words(t: &Tournament, crossings: &[Crossing]) -> Vec<String> {
    let name = |p: StartNo| {
        t.player(p)
            .map_or_else(|| p.to_string(), |p| p.name.clone())
    };
    crossings.iter().map(|c| c.describe(name)).collect()
}

/// One tidy table of every series: `series,x,player,opponent,round,policy,value`.
/// - `imputed`: x = k, the Bayesian score credited to `player` for the game against withdrawn
///   `opponent` (and `elo`, `forfeit` reference levels with x empty);
/// - `points`, `rank`: x = k, `player`'s points and place under `bayes`;
/// - `crossing`: x = k where `player` passes (or draws level with) `opponent`, value = points;
/// - `cliff`: x = the round after which `player` withdraws, value = what the other players
///   together get from `player`'s games under `policy`; `cliff-real` the real value.
fn csv(s: &KSweep, cliff: Option<&Cliff>) -> String {
    let header = [
        "series", "x", "player", "opponent", "round", "policy", "value",
    ];
    let mut csv = CsvWriter::new(header);
    let round = |r: Option<u32>| r.map_or(String::new(), |r| r.to_string());
    let empty = String::new;
    for g in &s.games {
        for (k, v) in s.ks.iter().zip(&g.scores) {
            csv.row([
                "imputed".to_string(),
                k.to_string(),
                g.player.to_string(),
                g.opponent.to_string(),
                round(g.round),
                "bayes".to_string(),
                v.to_string(),
            ]);
        }
        for (policy, v) in [("elo", g.elo), ("forfeit", g.forfeit)] {
            csv.row([
                "imputed".to_string(),
                empty(),
                g.player.to_string(),
                g.opponent.to_string(),
                round(g.round),
                policy.to_string(),
                v.to_string(),
            ]);
        }
    }
    let per_player = |series: &str, start_no: StartNo, k: f64, v: String| {
        [
            series.to_string(),
            k.to_string(),
            start_no.to_string(),
            empty(),
            empty(),
            "bayes".to_string(),
            v,
        ]
    };
    for p in s.players.values() {
        for (k, v) in s.ks.iter().zip(&p.points) {
            csv.row(per_player("points", p.start_no, *k, v.to_string()));
        }
    }
    for p in s.players.values() {
        for (k, v) in s.ks.iter().zip(&p.ranks) {
            csv.row(per_player("rank", p.start_no, *k, v.to_string()));
        }
    }
    for c in &s.crossings {
        csv.row([
            "crossing".to_string(),
            c.k.to_string(),
            c.passer.to_string(),
            c.passed.to_string(),
            empty(),
            "bayes".to_string(),
            c.points.to_string(),
        ]);
    }
    if let Some(c) = cliff {
        for step in &c.steps {
            for p in Policy::ALL {
                csv.row([
                    "cliff".to_string(),
                    step.after_round.to_string(),
                    c.player.to_string(),
                    empty(),
                    empty(),
                    p.id().to_string(),
                    step.received(p).to_string(),
                ]);
            }
        }
        if let Some(real) = c.real {
            csv.row([
                "cliff-real".to_string(),
                empty(),
                c.player.to_string(),
                empty(),
                empty(),
                empty(),
                real.to_string(),
            ]);
        }
    }
    csv.finish()
}
