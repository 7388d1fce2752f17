//! Work the page hands to Web Workers, so that the page never freezes and its own wasm stays
//! small. Two workers, each its own wasm built from an entry point of `crates/workers` that
//! index.html names: the simulation's (`simulation`, `worker`), which runs chunks of the study
//! and blocks of the Chances view's forecasts, and the pairing worker (`pairing`,
//! `pairing_worker`), which pairs a Swiss round (the Dutch engine lives only in its wasm). What
//! runs inside them, and their messages, is that crate's; this module is the page's side.
//!
//! On the page's side of the simulation's worker: one generic pool (`pool`), the study's
//! workers kept warm while the simulation page is open (`warm`), the bookkeeping of a study run
//! (`book`), the forecasts of the Chances view (`chances`); why a run stopped (`failure`) is the
//! workers' own type, worded in `crate::words::errors`.

pub mod book;
pub mod chances;
pub use crosstable_workers::failure;
pub mod pairing;
pub mod pool;
pub use crosstable_workers::simulation;
pub mod warm;
