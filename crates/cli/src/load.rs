//! Reading an event file: the one loader of the CLI. TRF, Crosstable JSON or a PGN file of
//! games (which becomes an event, its system inferred), told apart by content
//! ([`engine::io::import`]); the readers' warnings (odd but readable input, e.g. a
//! points column that disagrees with the results) go to stderr as
//! `warning: FILE: line L, column C: message`, so that nothing the reader noticed is dropped;
//! then the import report ([`engine::import_report::ImportReport`]): `FILE: read TRF file
//! whole: N players, …`, each conversion and each record kept unused with its line, and for a
//! team tournament that team standings are not computed yet. A file that is not read whole is
//! refused (exit status 1) with its error alone.
//!
//! The reader takes only the withdrawals a file records. The analysis commands (`impute`,
//! `standings`, `sensitivity`, `forecast`) load through [`analysis`], which infers a withdrawal
//! for a file that records none and says so on stderr; `convert` infers only when asked
//! (`--detect-withdrawals`, through [`infer_withdrawals`]); `pair` never does.

use engine::Tournament;
use std::path::Path;

/// A file as read: the event, and the text it came from (some commands look at its records).
pub struct Loaded {
    pub tournament: Tournament,
    pub text: String,
}

/// Reads `file`, prints its warnings and its import report on stderr, and returns the event (or a message naming the
/// file and, for a parse error, the line and column; for bytes that are not text, the
/// encoding).
pub fn load(file: &Path) -> Result<Loaded, String> {
    let bytes = std::fs::read(file).map_err(|e| format!("{}: cannot read: {e}", file.display()))?;
    let text = engine::trf::decode_text(&bytes).map_err(|e| format!("{}: {e}", file.display()))?;
    let imported = engine::io::import(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    for w in &imported.warnings {
        eprintln!("warning: {}: {w}", file.display());
    }
    let report = engine::import_report::ImportReport::of(&text, &imported);
    for line in report.to_string().lines() {
        eprintln!("{}: {line}", file.display());
    }
    Ok(Loaded {
        tournament: imported.tournament,
        text,
    })
}

/// Writes `text` to `output` and returns nothing to print, or returns `text` to print when there
/// is no output file or it is `-` (the `-p`/`-o` convention of the pairing programs).
pub fn emit(output: Option<&Path>, text: String) -> Result<String, String> {
    match output {
        Some(path) if path.as_os_str() != "-" => {
            std::fs::write(path, text)
                .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
            Ok(String::new())
        }
        _ => Ok(text),
    }
}

/// [`load`], the event alone.
pub fn tournament(file: &Path) -> Result<Tournament, String> {
    load(file).map(|l| l.tournament)
}

/// [`tournament`] for the analysis commands: an event that records no withdrawal gets the ones
/// its results show ([`infer_withdrawals`]).
pub fn analysis(file: &Path) -> Result<Tournament, String> {
    let mut t = tournament(file)?;
    infer_withdrawals(file, &mut t);
    Ok(t)
}

/// When `t` records no withdrawal, records those its results show (every game from some round
/// on unplayed, with a forfeit among them: [`Tournament::detect_withdrawals`]) and says so on
/// stderr, one line per player.
pub fn infer_withdrawals(file: &Path, t: &mut Tournament) {
    if !t.withdrawals.is_empty() {
        return;
    }
    t.withdrawals = t.detect_withdrawals();
    for w in &t.withdrawals {
        eprintln!(
            "note: {}: the file records no withdrawal; player {} is taken as withdrawn after \
             round {} (no game played from then on)",
            file.display(),
            w.player,
            w.after_round
        );
    }
}
