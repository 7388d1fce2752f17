//! Swiss pairings by the FIDE (Dutch) System, FIDE Handbook C.04.3 (2025 text).
pub mod matching;
pub mod weight;
