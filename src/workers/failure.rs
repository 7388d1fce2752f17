//! Why a run of the simulation's workers stopped: the facts are the workers' own
//! ([`crosstable_workers::failure`]); the page's part is what it asks before it is left.

use crate::i18n::{td_string, Locale};
pub use crosstable_workers::failure::*;

/// What the page asks before it is left while a run is going (the `beforeunload` text).
pub fn leave_warning(locale: Locale) -> String {
    td_string!(locale, simulation.failure.leave).to_string()
}
