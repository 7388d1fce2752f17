//! One module per route.

pub mod event;
pub mod home;
pub mod not_found;
pub mod withdrawal;

use std::fmt;

/// Errors a page reports through the app's error boundary.
#[derive(Clone, Debug, PartialEq)]
pub enum PageError {
    /// No stored event has this id (deleted, or a link from another browser).
    EventNotFound(String),
}

impl fmt::Display for PageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PageError::EventNotFound(id) => write!(
                f,
                "There is no event “{id}” in this browser. It may have been deleted, or the \
                 link comes from another browser (events are stored locally)."
            ),
        }
    }
}

impl std::error::Error for PageError {}
