//! Reading an event file: the one loader of the CLI. TRF, Crosstable JSON or a PGN file of
//! games (which becomes an event, its system inferred), told apart by content
//! ([`engine::io::import`]); the readers' warnings (odd but readable input, e.g. a
//! points column that disagrees with the results) go to stderr as
//! `warning: FILE: line L, column C: message`, so that nothing the reader noticed is dropped.

use engine::Tournament;
use std::path::Path;

/// A file as read: the event, and the text it came from (some commands look at its records).
pub struct Loaded {
    pub tournament: Tournament,
    pub text: String,
}

/// Reads `file`, prints its warnings on stderr, and returns the event (or a message naming the
/// file and, for a parse error, the line and column).
pub fn load(file: &Path) -> Result<Loaded, String> {
    let bytes = std::fs::read(file).map_err(|e| format!("{}: cannot read: {e}", file.display()))?;
    let text = engine::trf::decode(&bytes);
    let imported = engine::io::import(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    for w in &imported.warnings {
        eprintln!("warning: {}: {w}", file.display());
    }
    Ok(Loaded {
        tournament: imported.tournament,
        text,
    })
}

/// [`load`], the event alone.
pub fn tournament(file: &Path) -> Result<Tournament, String> {
    load(file).map(|l| l.tournament)
}
