//! Work the page hands to Web Workers so that the page's own wasm stays small and the page
//! never freezes: pairing a Swiss round (the Dutch engine lives only in the pairing worker's
//! wasm). The simulation study and the Chances forecasts have their own worker in
//! `crate::simulation`.

pub mod pairing;
