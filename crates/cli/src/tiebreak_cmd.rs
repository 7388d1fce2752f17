//! `crosstable standings … --tiebreaks LIST` and `crosstable ratings`: the command-line glue
//! over [`engine::tiebreak`] (FIDE C.07) and [`engine::rating`] (FIDE B.02).

use clap::{Args, ValueEnum};
use engine::csv_text::CsvWriter;
use engine::impute::Params;
use engine::rating::{self, RatingReport};
use engine::standings::{self as standings_of, Basis, Fallback};
use engine::tiebreak::{self, Config, Number, Standings, System, Tiebreak, TiebreakRules, Value};
use engine::{HalfPoints, StartNo, Tournament};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SystemArg {
    RoundRobin,
    Swiss,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    /// The 2023 regulations (as clarified in 2024).
    Fide2023,
    /// The amendment in force from 1 March 2026.
    Fide2026,
}

/// How a result is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Output {
    Table,
    Csv,
    Json,
}

/// The tie-break options of `standings`.
#[derive(Args, Clone, Debug, Default)]
pub struct TiebreakArgs {
    /// How unplayed rounds count for tie-breaks (C.07 art. 16). Default: the file's format.
    #[arg(long, value_enum)]
    pub system: Option<SystemArg>,
    /// Tie-break rules: fide2026 (default, in force from 1 March 2026) or fide2023.
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,
    /// Ordered, comma-separated tie-breaks after points, e.g. DE,BH-C1,BH,SB. Default: the
    /// event's own list (a TRF's XXT record), else FIDE's preset for its system. Codes: PTS, DE,
    /// WIN, WON, BPG, BWG, REP, PS, BH, FB, AOB, SB, KS, ARO, TPR, PTP; modifiers -C<n> (cut),
    /// -M<n> (median) for BH/FB/SB/ARO, -C<n> for PS, -L+<n>/-L-<n> for KS (half-points).
    #[arg(long, value_name = "LIST")]
    pub tiebreaks: Option<String>,
}

impl TiebreakArgs {
    /// True when any tie-break option was given (otherwise `standings` keeps its plain
    /// points-then-start-number table).
    pub fn requested(&self) -> bool {
        self.system.is_some() || self.rules.is_some() || self.tiebreaks.is_some()
    }
}

/// Everything `standings` needs.
pub struct StandingsRequest<'a> {
    /// The file the event was read from (for messages).
    pub file: &'a Path,
    pub tournament: &'a Tournament,
    pub basis: Basis,
    pub params: Params,
    pub output: Output,
    pub tiebreaks: &'a TiebreakArgs,
}

/// `crosstable ratings`.
#[derive(Args, Clone, Debug)]
pub struct RatingsArgs {
    /// A TRF or Crosstable JSON file (detected by content).
    pub file: PathBuf,
    #[arg(long, value_enum, default_value = "table")]
    pub format: Output,
}

fn name(t: &Tournament, p: StartNo) -> &str {
    t.player(p).map_or("?", |p| p.name.as_str())
}

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

fn cell(v: Option<Number>) -> String {
    v.map_or_else(String::new, |n| n.to_string())
}

/// Standings with tie-breaks on the basis requested (see [`engine::standings::compute`]: the
/// recorded results, or a policy's crosstable in a round-robin with a withdrawal). The list is
/// `--tiebreaks` as given, else the event's own ([`Tournament::tiebreaks`]).
pub fn run_standings(req: StandingsRequest<'_>) -> Result<String, String> {
    let args = req.tiebreaks;
    let t = req.tournament;
    // Column names: as listed on the command line, else the codes of the event's list.
    let listed: Vec<String> = match args.tiebreaks.as_deref() {
        Some(list) => list
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect(),
        None => t.tiebreaks().iter().map(|tb| tb.code()).collect(),
    };
    let tiebreaks: Vec<Tiebreak> = listed
        .iter()
        .map(|c| {
            c.parse()
                .map_err(|e: engine::tiebreak::CodeError| format!("--tiebreaks: {e}"))
        })
        .collect::<Result<_, _>>()?;
    let config = Config {
        rules: match args.rules {
            Some(RulesArg::Fide2023) => TiebreakRules::Fide2023,
            Some(RulesArg::Fide2026) | None => TiebreakRules::Fide2026,
        },
        system: args.system.map(|s| match s {
            SystemArg::RoundRobin => System::RoundRobin,
            SystemArg::Swiss => System::Swiss,
        }),
        tiebreaks,
        unrated_rating: None,
    };
    let computed = standings_of::compute(t, req.basis, req.params, &config);
    if let Some(Fallback::Impute(e)) = &computed.fallback {
        return Err(format!("{}: {e}", req.file.display()));
    }
    let standings = computed.standings;
    let policy = req.basis.id();
    Ok(match req.output {
        Output::Csv => tiebreak::csv::standings(t, &standings, &listed),
        Output::Table => standings_table(t, &standings, &listed, policy),
        Output::Json => standings_json(t, &standings, &listed, policy)?,
    })
}

fn standings_table(t: &Tournament, s: &Standings, columns: &[String], policy: &str) -> String {
    let mut out = format!(
        "{} — standings under policy `{}`, tie-breaks {} ({} rules)\n",
        t.name,
        policy,
        s.rules.id(),
        s.system.id()
    );
    let widths: Vec<usize> = columns.iter().map(|c| c.chars().count().max(6)).collect();
    let _ = write!(
        out,
        "{:>4} {:>4}  {:<28} {:>7}",
        "rank", "no", "name", "points"
    );
    for (c, w) in columns.iter().zip(&widths) {
        let _ = write!(out, " {c:>w$}");
    }
    out.push('\n');
    for r in &s.rows {
        let _ = write!(
            out,
            "{:>4} {:>4}  {:<28} {:>7}",
            r.rank,
            r.start_no,
            truncate(name(t, r.start_no), 28),
            r.points.to_string()
        );
        for (v, w) in r.values.iter().zip(&widths) {
            let _ = write!(out, " {:>w$}", cell(v.value));
        }
        if r.withdrawn {
            out.push_str("  (withdrew)");
        }
        out.push('\n');
    }
    out
}

#[derive(Serialize)]
struct JsonStandings<'a> {
    event: &'a str,
    policy: &'a str,
    rules: TiebreakRules,
    system: System,
    rounds: u32,
    tiebreaks: &'a [String],
    rows: Vec<JsonRow<'a>>,
}

#[derive(Serialize)]
struct JsonRow<'a> {
    rank: u32,
    start_no: StartNo,
    name: &'a str,
    points: Number,
    withdrawn: bool,
    tiebreaks: Vec<JsonValue<'a>>,
}

#[derive(Serialize)]
struct JsonValue<'a> {
    code: &'a str,
    value: Option<Number>,
    explanation: &'a tiebreak::Explanation,
}

fn json<T: Serialize>(value: &T) -> Result<String, String> {
    let mut s = serde_json::to_string_pretty(value).map_err(|e| e.to_string())?;
    s.push('\n');
    Ok(s)
}

fn standings_json(
    t: &Tournament,
    s: &Standings,
    columns: &[String],
    policy: &str,
) -> Result<String, String> {
    let rows = s
        .rows
        .iter()
        .map(|r| JsonRow {
            rank: r.rank,
            start_no: r.start_no,
            name: name(t, r.start_no),
            points: r.points,
            withdrawn: r.withdrawn,
            tiebreaks: columns
                .iter()
                .zip(&r.values)
                .map(|(code, v): (&String, &Value)| JsonValue {
                    code,
                    value: v.value,
                    explanation: &v.explanation,
                })
                .collect(),
        })
        .collect();
    json(&JsonStandings {
        event: &t.name,
        policy,
        rules: s.rules,
        system: s.system,
        rounds: s.rounds,
        tiebreaks: columns,
        rows,
    })
}

fn points(h: HalfPoints) -> String {
    h.to_string()
}

/// FIDE rating changes (B.02) and initial ratings.
pub fn run_ratings(args: &RatingsArgs) -> Result<String, String> {
    let t = crate::load::tournament(&args.file)?;
    let report = rating::report(&t);
    Ok(match args.format {
        Output::Csv => ratings_csv(&report),
        Output::Table => ratings_table(&t, &report),
        Output::Json => json(&JsonRatings {
            event: &t.name,
            names: report
                .changes
                .iter()
                .map(|c| c.start_no)
                .chain(report.initial.iter().map(|i| i.start_no))
                .map(|p| (p, name(&t, p)))
                .collect(),
            report: &report,
        })?,
    })
}

#[derive(Serialize)]
struct JsonRatings<'a> {
    event: &'a str,
    /// Start number → name of every player in the report.
    names: std::collections::BTreeMap<StartNo, &'a str>,
    #[serde(flatten)]
    report: &'a RatingReport,
}

fn ratings_csv(report: &RatingReport) -> String {
    let header = [
        "start_no", "rating", "k", "games", "score", "expected", "change",
    ];
    let mut csv = CsvWriter::new(header);
    for c in &report.changes {
        csv.row([
            c.start_no.to_string(),
            c.rating.to_string(),
            c.k.to_string(),
            c.games.len().to_string(),
            points(c.score),
            rating::two_decimals(i64::from(c.expected_hundredths)),
            rating::two_decimals(c.change_hundredths),
        ]);
    }
    csv.finish()
}

fn ratings_table(t: &Tournament, r: &RatingReport) -> String {
    let mut out = format!("{} — FIDE rating changes (B.02)\n", t.name);
    if r.changes.is_empty() {
        out.push_str("No rated player has a rated game.\n");
    } else {
        let _ = writeln!(
            out,
            "{:>4}  {:<24} {:>6} {:>3} {:>5} {:>5} {:>8} {:>9} {:>7} {:>6} {:>6}  K",
            "no",
            "name",
            "rating",
            "K",
            "games",
            "score",
            "expected",
            "change",
            "rounded",
            "new",
            "perf"
        );
        for c in &r.changes {
            let _ = writeln!(
                out,
                "{:>4}  {:<24} {:>6} {:>3} {:>5} {:>5} {:>8} {:>9} {:>+7} {:>6} {:>6}  {}",
                c.start_no,
                truncate(name(t, c.start_no), 24),
                c.rating,
                c.k,
                c.games.len(),
                points(c.score),
                rating::two_decimals(i64::from(c.expected_hundredths)),
                rating::two_decimals(c.change_hundredths),
                c.change,
                c.new_rating,
                c.performance,
                c.k_note()
            );
        }
    }
    if !r.initial.is_empty() {
        out.push_str("\nUnrated players (initial rating, B.02 8.2):\n");
        for i in &r.initial {
            let rating = match i.rating {
                None => "none: no point scored, the event is disregarded".to_string(),
                Some(v) => format!(
                    "{v}{}{}",
                    if i.capped { " (capped at 2200)" } else { "" },
                    if i.publishable {
                        ""
                    } else {
                        " — not yet publishable (needs 5 games against rated opponents and ≥ 1400)"
                    }
                ),
            };
            let _ = writeln!(
                out,
                "{:>4}  {:<24} {} games, {} points: {rating}",
                i.start_no,
                truncate(name(t, i.start_no), 24),
                i.games.len(),
                points(i.score)
            );
        }
    }
    out
}
