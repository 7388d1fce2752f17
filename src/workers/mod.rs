//! Work the page hands to Web Workers, so that the page never freezes and its own wasm stays
//! small. Two workers, each its own wasm built from a `src/bin/` entry point that index.html
//! names: the simulation's (`simulation`, `src/bin/worker.rs`), which runs chunks of the study
//! and blocks of the Chances view's forecasts, and the pairing worker (`pairing`,
//! `src/bin/pairing_worker.rs`), which pairs a Swiss round (the Dutch engine lives only in its
//! wasm).
//!
//! On the page's side of the simulation's worker: one generic pool (`pool`), the study's
//! workers kept warm while the simulation page is open (`warm`), the bookkeeping of a study run
//! (`book`), the forecasts of the Chances view (`chances`) and why a run stopped (`failure`).

pub mod book;
pub mod chances;
pub mod failure;
pub mod pairing;
pub mod pool;
pub mod simulation;
pub mod warm;
