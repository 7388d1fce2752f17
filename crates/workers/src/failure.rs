//! Why a run of the simulation's workers stopped (the study or the Chances view's forecasts),
//! kept as facts; the page words them in the reader's language where it draws them (issue 12;
//! their words are in the app's `words`). The worker sends its own failures back as this type,
//! so it is serde data like the rest of the worker's messages (`simulation`).

use serde::{Deserialize, Serialize};

/// Why a run stopped.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum WorkFailure {
    /// A worker could not start: one of its files (`file`, e.g. `worker.js`) could not be
    /// fetched, or no worker answered in time.
    Startup { file: String, problem: Probe },
    /// A worker was given a study job without a study to run it with.
    NoStudy,
    /// A worker was given a forecast block without a forecast to run it with.
    NoForecast,
    /// The engine refused the settings, a job or the sums: its own message. The engine's
    /// simulation and forecast errors have no words of the app yet, so this stays as the
    /// engine says it (English, the command line's words).
    Engine(String),
}

/// What went wrong when a worker's file was fetched, or while waiting for a worker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Probe {
    /// The request failed (offline, blocked): the browser says no more.
    Network,
    /// The server answered with this HTTP status.
    Http(u16),
    /// No worker answered within this many seconds.
    Timeout(u32),
}

impl WorkFailure {
    /// The engine's error `e`, in its own words.
    pub fn engine(e: impl std::fmt::Display) -> WorkFailure {
        WorkFailure::Engine(e.to_string())
    }
}
