//! The simulation page's pieces: the settings form, the progress bar, and the results (RMSE
//! table, plot, the paper's claims next to ours).

pub mod claims;
pub mod plot;
pub mod progress;
pub mod results;
pub mod settings;
pub mod table;
