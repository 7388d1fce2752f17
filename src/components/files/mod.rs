//! Files in and out of an event: importing a TRF, JSON or PGN file (and the home shell's
//! hand-over of a chosen file to the full app), merging a PGN file's results into an event, and
//! publishing the event as one HTML page.

pub mod import_file;
pub mod import_handover;
pub mod pgn_merge;
pub mod publish;
