//! What can go wrong reading a rating list, and where.

use std::fmt;

/// Where in the file a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The file as a whole (not a list, unreadable, an archive without a list).
    File,
    /// A TXT line, 1-based, the header included.
    Line(u64),
    /// An XML `<player>` record, 1-based, and the byte its start tag is at (in the text as
    /// decoded to UTF-8, which is the file's own offset when the file is UTF-8).
    Record { number: u64, byte: u64 },
    /// An XML error outside a record, at a byte of the decoded text.
    Byte(u64),
}

/// What is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The file is not a FIDE players list; `found` says what it starts with instead.
    NotAList { found: String },
    /// Reading failed (the file, the archive's stream).
    Unreadable(String),
    /// A ZIP archive that could not be opened, or held no `.txt` or `.xml` file.
    Archive(String),
    /// XML that is not well-formed.
    Xml(String),
    /// A line shorter than its name column.
    TooShort,
    /// A record without a FIDE ID or without a name.
    Missing { field: &'static str },
    /// A field whose text is not what its column holds.
    BadField {
        /// The column's title in the header (TXT) or the tag (XML).
        field: String,
        text: String,
        expected: &'static str,
    },
}

/// A problem reading a rating list, with its place. Fatal ones ([`ListError::is_fatal`]) end
/// the reading; the others cost one line or record, which is skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListError {
    pub place: Place,
    pub problem: Problem,
}

impl ListError {
    pub(crate) fn file(problem: Problem) -> ListError {
        ListError {
            place: Place::File,
            problem,
        }
    }

    /// True when the reading stops here: the file is not a list, cannot be read, or (XML) is
    /// broken at this point. False for a bad line or record, which is skipped.
    pub fn is_fatal(&self) -> bool {
        matches!(
            self.problem,
            Problem::NotAList { .. }
                | Problem::Unreadable(_)
                | Problem::Archive(_)
                | Problem::Xml(_)
        )
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::File => f.write_str("the file"),
            Place::Line(n) => write!(f, "line {n}"),
            Place::Record { number, byte } => write!(f, "player record {number} (byte {byte})"),
            Place::Byte(b) => write!(f, "byte {b}"),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::NotAList { found } => write!(
                f,
                "this is not a FIDE players list (expected a TXT list starting with the column \
                 titles “ID Number Name … SRtng …”, an XML <playerslist>, or a ZIP of either); \
                 it starts with “{found}”"
            ),
            Problem::Unreadable(e) => write!(f, "cannot be read: {e}"),
            Problem::Archive(e) => write!(f, "the ZIP archive: {e}"),
            Problem::Xml(e) => write!(f, "the XML is broken: {e}"),
            Problem::TooShort => f.write_str("the line ends before the name column"),
            Problem::Missing { field } => write!(f, "no {field}"),
            Problem::BadField {
                field,
                text,
                expected,
            } => write!(f, "{field} is “{text}”, expected {expected}"),
        }
    }
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place {
            Place::File => write!(f, "{}", self.problem),
            place => write!(f, "{place}: {}", self.problem),
        }
    }
}

impl std::error::Error for ListError {}
