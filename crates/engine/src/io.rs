//! Tournament files of any kind: TRF ([`crate::trf`]), Crosstable JSON ([`crate::json`]) or a
//! PGN file of games ([`crate::pgn`]), told apart by their content so that a file opens
//! whatever its name.

use crate::json::{self, JsonError};
use crate::model::Tournament;
use crate::pgn::{self, PgnError};
use crate::trf::{self, TrfError, TrfWarning};
use std::fmt;

/// The file formats Crosstable reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileFormat {
    /// FIDE Tournament Report File, TRF-2026 (what is written; TRF16 and TRF-2026 are read).
    Trf,
    /// The older TRF16 edition, written on request for programs that predate TRF-2026 (read
    /// as [`FileFormat::Trf`]: one reader takes both).
    Trf16,
    /// Crosstable's own versioned JSON.
    Json,
    /// Portable Game Notation: the event's games (names, ratings, rounds, results; no moves).
    Pgn,
}

impl FileFormat {
    /// A name for messages: `TRF` or `JSON`.
    pub fn name(self) -> &'static str {
        match self {
            FileFormat::Trf => "TRF",
            FileFormat::Trf16 => "TRF16",
            FileFormat::Json => "JSON",
            FileFormat::Pgn => "PGN",
        }
    }

    /// The usual file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            FileFormat::Trf | FileFormat::Trf16 => "trf",
            FileFormat::Json => "json",
            FileFormat::Pgn => "pgn",
        }
    }

    /// The format a file name's extension stands for (`trf`, `trfx`, `txt` → TRF; `json`).
    pub fn from_extension(ext: &str) -> Option<FileFormat> {
        match ext.trim_start_matches('.').to_ascii_lowercase().as_str() {
            "trf" | "trfx" | "txt" => Some(FileFormat::Trf),
            "json" => Some(FileFormat::Json),
            "pgn" => Some(FileFormat::Pgn),
            _ => None,
        }
    }
}

impl fmt::Display for FileFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// JSON when the first non-blank character (after a byte-order mark) is `{`; PGN when it opens
/// a tag pair (`[`); TRF otherwise, since a TRF file starts with a record code.
pub fn detect(text: &str) -> FileFormat {
    if pgn::looks_like_pgn(text) {
        return FileFormat::Pgn;
    }
    let first = text
        .trim_start_matches('\u{feff}')
        .chars()
        .find(|c| !c.is_whitespace());
    if first == Some('{') {
        FileFormat::Json
    } else {
        FileFormat::Trf
    }
}

/// A file that could not be imported, with the format it was read as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    Trf(TrfError),
    Json(JsonError),
    Pgn(PgnError),
}

impl ImportError {
    pub fn format(&self) -> FileFormat {
        match self {
            ImportError::Trf(_) => FileFormat::Trf,
            ImportError::Json(_) => FileFormat::Json,
            ImportError::Pgn(_) => FileFormat::Pgn,
        }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Trf(e) => write!(f, "TRF file, {e}"),
            ImportError::Json(e) => write!(f, "JSON file, {e}"),
            ImportError::Pgn(e) => write!(f, "PGN file, {e}"),
        }
    }
}

impl std::error::Error for ImportError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ImportError::Trf(e) => Some(e),
            ImportError::Json(e) => Some(e),
            ImportError::Pgn(e) => Some(e),
        }
    }
}

impl From<TrfError> for ImportError {
    fn from(e: TrfError) -> ImportError {
        ImportError::Trf(e)
    }
}

impl From<PgnError> for ImportError {
    fn from(e: PgnError) -> ImportError {
        ImportError::Pgn(e)
    }
}

impl From<JsonError> for ImportError {
    fn from(e: JsonError) -> ImportError {
        ImportError::Json(e)
    }
}

/// A tournament read from a file, with what the reader had to guess or leave out on the way
/// (a TRF whose points column disagrees with its results, an unknown record, …). The warnings
/// are for the user: the CLI prints them on stderr, the app lists them in the import dialog.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    pub tournament: Tournament,
    pub warnings: Vec<TrfWarning>,
}

/// Reads a tournament from TRF, Crosstable JSON or PGN, whichever `text` is ([`detect`]), with
/// the reader's warnings (a JSON file, being our own full-fidelity format, has none). A PGN
/// file becomes a new event whose system is inferred ([`pgn::FormatChoice::Infer`]).
pub fn import(text: &str) -> Result<Imported, ImportError> {
    match detect(text) {
        FileFormat::Trf | FileFormat::Trf16 => {
            let (tournament, warnings) = trf::parse_with_warnings(text)?;
            Ok(Imported {
                tournament,
                warnings,
            })
        }
        FileFormat::Json => Ok(Imported {
            tournament: json::parse(text)?,
            warnings: Vec::new(),
        }),
        FileFormat::Pgn => {
            let (tournament, warnings) = pgn::to_event(text, pgn::FormatChoice::Infer)?;
            Ok(Imported {
                tournament,
                warnings,
            })
        }
    }
}

/// [`import`] without the warnings: for callers that re-read a file this program wrote (a
/// share link, a stored event), never for a user's file.
pub fn parse_any(text: &str) -> Result<Tournament, ImportError> {
    import(text).map(|i| i.tournament)
}

/// Writes `t` in `format`.
pub fn write_as(t: &Tournament, format: FileFormat) -> String {
    match format {
        FileFormat::Trf => trf::write(t),
        FileFormat::Trf16 => trf::write_trf16(t),
        FileFormat::Json => json::to_string(t),
        FileFormat::Pgn => pgn::write(t),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Format, Player};

    fn sample() -> Tournament {
        let players = ["A", "B", "C"]
            .iter()
            .map(|n| Player {
                name: (*n).to_owned(),
                ..Player::default()
            })
            .collect();
        let mut t = Tournament::new("Io", Format::Swiss { rounds: 3 }, players);
        t.info.kind = "Swiss".into();
        t
    }

    #[test]
    fn detects_by_content() {
        assert_eq!(detect("  \n{\"format\":1}"), FileFormat::Json);
        assert_eq!(detect("\u{feff}{}"), FileFormat::Json);
        assert_eq!(detect("012 Name\n"), FileFormat::Trf);
        assert_eq!(detect(""), FileFormat::Trf);
    }

    #[test]
    fn import_keeps_the_trf_readers_warnings() {
        let t = crate::example::complete();
        let text = trf::write(&t);
        let clean = import(&text).expect("valid");
        assert!(clean.warnings.is_empty(), "{:?}", clean.warnings);
        // A points column (columns 81-84) that disagrees with the results: read, results win,
        // and said.
        let broken: String = text
            .lines()
            .map(|l| {
                // By characters: a name may hold letters of more than one byte.
                let chars: Vec<char> = l.chars().collect();
                if l.starts_with("001") && chars.len() > 84 {
                    let (head, tail): (String, String) =
                        (chars[..80].iter().collect(), chars[84..].iter().collect());
                    format!("{head}99.0{tail}\n")
                } else {
                    format!("{l}\n")
                }
            })
            .collect();
        let read = import(&broken).expect("still readable");
        assert_eq!(read.tournament, clean.tournament);
        assert_eq!(read.warnings.len(), t.players.len(), "{:?}", read.warnings);
        assert!(read.warnings[0].to_string().contains("points column"));
        let json = import(&crate::json::to_string(&t)).expect("valid");
        assert!(json.warnings.is_empty());
    }

    #[test]
    fn both_formats_round_trip_through_parse_any() {
        let t = sample();
        for f in [FileFormat::Trf, FileFormat::Trf16, FileFormat::Json] {
            let text = write_as(&t, f);
            let read_as = if f == FileFormat::Trf16 {
                FileFormat::Trf
            } else {
                f
            };
            assert_eq!(detect(&text), read_as);
            assert_eq!(parse_any(&text).expect("valid"), t, "{f}");
        }
        assert!(write_as(&t, FileFormat::Trf).contains("\n142 3\n"));
        assert!(write_as(&t, FileFormat::Trf16).contains("\nXXR 3\n"));
    }

    #[test]
    fn errors_name_the_format() {
        let e = parse_any("hello").unwrap_err();
        assert_eq!(e.format(), FileFormat::Trf);
        assert!(
            e.to_string().starts_with("TRF file, line 1, column 1:"),
            "{e}"
        );
        let e = parse_any("{ nope").unwrap_err();
        assert_eq!(e.format(), FileFormat::Json);
        assert!(e.to_string().starts_with("JSON file, line 1"), "{e}");
    }

    #[test]
    fn extensions() {
        assert_eq!(FileFormat::from_extension("TRF"), Some(FileFormat::Trf));
        assert_eq!(FileFormat::from_extension(".json"), Some(FileFormat::Json));
        assert_eq!(FileFormat::from_extension("pgn"), Some(FileFormat::Pgn));
        assert_eq!(FileFormat::from_extension("pdf"), None);
    }

    #[test]
    fn a_pgn_file_imports_as_a_new_event() {
        let text = "[Event \"E\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n";
        assert_eq!(detect(text), FileFormat::Pgn);
        let t = import(text).expect("valid").tournament;
        assert_eq!(
            (t.name.as_str(), t.players.len(), t.rounds.len()),
            ("E", 2, 1)
        );
        let e = import("[Event \"E\"]\n1. e4 1-0\n").unwrap_err();
        assert_eq!(e.format(), FileFormat::Pgn);
        assert!(e.to_string().starts_with("PGN file, line 1:"), "{e}");
    }
}
