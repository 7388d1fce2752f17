//! What goes wrong reading a TRF file: errors that stop the import and warnings that do not,
//! both with the line (and column) they point at.

use std::fmt;

/// A TRF file that cannot be imported: where, and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, when a single column is at fault.
    pub column: Option<usize>,
    /// What was expected and how to fix it.
    pub message: String,
}

impl TrfError {
    pub(super) fn at(line: usize, column: usize, message: impl Into<String>) -> TrfError {
        TrfError {
            line,
            column: Some(column),
            message: message.into(),
        }
    }

    pub(super) fn line(line: usize, message: impl Into<String>) -> TrfError {
        TrfError {
            line,
            column: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "line {}, column {c}: {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for TrfError {}

/// Something odd that does not stop the import (e.g. a points column that disagrees with the
/// results, which TRF treats as informational).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfWarning {
    pub line: usize,
    pub column: Option<usize>,
    pub message: String,
}

impl fmt::Display for TrfWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "line {}, column {c}: {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}
