//! An import's report (`engine::import_report`, issue 30) in the reader's language: what each
//! converted line becomes on export, and each record kept but not used.

use crate::i18n::{td_string, Locale};
use crate::words::Words;
use engine::import_report::{Conversion, Unused};

impl Words for Conversion {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match self {
            Conversion::Record { from, to } => {
                td_string!(l, event.import.conversion_record, from, to).to_string()
            }
            Conversion::Recomputed {
                code,
                found,
                written,
            } => {
                td_string!(l, event.import.conversion_recomputed, code, found, written).to_string()
            }
            Conversion::RoundCodes { player } => {
                td_string!(l, event.import.conversion_round_codes, no = player).to_string()
            }
        }
    }
}

/// A record kept and not used (a team record is said once for all, by the caller).
impl Words for Unused {
    fn words(&self, locale: Locale) -> String {
        td_string!(locale, event.import.unused_record, code = self.code.clone()).to_string()
    }
}
