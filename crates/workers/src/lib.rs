//! The workers' side of Crosstable's Web Workers: what runs inside the simulation's worker
//! (`simulation`: chunks of the study, blocks of a forecast) and inside the pairing worker
//! (`pairing`: the next round of a Swiss), the messages they exchange with the page, and why a
//! run stopped (`failure`). The page's side (pools, bridges, timeouts) is the app's `workers`.
//!
//! A package of its own so that the workers' wasm compiles only the engine and this crate.

pub mod failure;
pub mod pairing;
pub mod simulation;
