//! Crosstable's engine: every chess rule and every number the app shows lives here.
//! No UI, no I/O beyond parsing and writing text; compiles and tests natively and on wasm.

pub mod berger;
pub mod board_order;
pub mod check;
pub mod csv_text;
pub mod details;
pub mod dutch;
pub mod elo;
pub mod example;
pub mod forecast;
pub mod generate;
pub mod import_report;
pub mod impute;
pub mod io;
pub mod json;
pub mod model;
pub mod pgn;
pub mod publish;
pub mod rating;
pub mod rating_list;
pub mod readiness;
pub mod roster;
pub mod rules2026;
pub mod sensitivity;
pub mod share;
pub mod simulate;
pub mod standings;
pub mod swiss_whatif;
pub mod tiebreak;
pub mod trf;
pub mod whatif;

pub use model::*;
pub mod event;
