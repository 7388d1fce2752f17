//! Tournament files of either kind: TRF ([`crate::trf`]) or Crosstable JSON ([`crate::json`]),
//! told apart by their content so that a file opens whatever its name.

use crate::json::{self, JsonError};
use crate::model::Tournament;
use crate::trf::{self, TrfError};
use std::fmt;

/// The file formats Crosstable reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileFormat {
    /// FIDE Tournament Report File (TRF16).
    Trf,
    /// Crosstable's own versioned JSON.
    Json,
}

impl FileFormat {
    /// A name for messages: `TRF` or `JSON`.
    pub fn name(self) -> &'static str {
        match self {
            FileFormat::Trf => "TRF",
            FileFormat::Json => "JSON",
        }
    }

    /// The usual file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            FileFormat::Trf => "trf",
            FileFormat::Json => "json",
        }
    }

    /// The format a file name's extension stands for (`trf`, `trfx`, `txt` → TRF; `json`).
    pub fn from_extension(ext: &str) -> Option<FileFormat> {
        match ext.trim_start_matches('.').to_ascii_lowercase().as_str() {
            "trf" | "trfx" | "txt" => Some(FileFormat::Trf),
            "json" => Some(FileFormat::Json),
            _ => None,
        }
    }
}

impl fmt::Display for FileFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// JSON when the first non-blank character (after a byte-order mark) is `{`; TRF otherwise,
/// since a TRF file starts with a record code.
pub fn detect(text: &str) -> FileFormat {
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
#[derive(Debug)]
pub enum ImportError {
    Trf(TrfError),
    Json(JsonError),
}

impl ImportError {
    pub fn format(&self) -> FileFormat {
        match self {
            ImportError::Trf(_) => FileFormat::Trf,
            ImportError::Json(_) => FileFormat::Json,
        }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Trf(e) => write!(f, "TRF file, {e}"),
            ImportError::Json(e) => write!(f, "JSON file, {e}"),
        }
    }
}

impl std::error::Error for ImportError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ImportError::Trf(e) => Some(e),
            ImportError::Json(e) => Some(e),
        }
    }
}

impl From<TrfError> for ImportError {
    fn from(e: TrfError) -> ImportError {
        ImportError::Trf(e)
    }
}

impl From<JsonError> for ImportError {
    fn from(e: JsonError) -> ImportError {
        ImportError::Json(e)
    }
}

/// Reads a tournament from TRF or Crosstable JSON, whichever `text` is ([`detect`]).
pub fn parse_any(text: &str) -> Result<Tournament, ImportError> {
    match detect(text) {
        FileFormat::Trf => Ok(trf::parse(text)?),
        FileFormat::Json => Ok(json::parse(text)?),
    }
}

/// Writes `t` in `format`.
pub fn write_as(t: &Tournament, format: FileFormat) -> String {
    match format {
        FileFormat::Trf => trf::write(t),
        FileFormat::Json => json::to_string(t),
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
    fn both_formats_round_trip_through_parse_any() {
        let t = sample();
        for f in [FileFormat::Trf, FileFormat::Json] {
            let text = write_as(&t, f);
            assert_eq!(detect(&text), f);
            assert_eq!(parse_any(&text).expect("valid"), t, "{f}");
        }
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
        assert_eq!(FileFormat::from_extension("pgn"), None);
    }
}
