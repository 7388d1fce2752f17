//! Each event's standings choices: the tie-break list, the rule version and the crosstable the
//! tie-breaks are computed on (the recorded results, or a withdrawal policy's). Kept in the
//! app's settings (per event id), not in the event file, so the engine's JSON format stays as
//! it is. The rules themselves are the engine's ([`engine::tiebreak`]).

use engine::tiebreak::{Config, System, Tiebreak, TiebreakRules};
use serde::{Deserialize, Serialize};

/// Which crosstable the standings are computed on: the engine's.
pub use engine::standings::Basis;

/// The choices as stored: plain strings, so that a value this version does not know (written
/// by a newer one) is ignored instead of making the whole settings record unreadable.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct StoredChoice {
    /// `fide2026` or `fide2023`.
    pub rules: String,
    /// Tie-break codes in order (`DE`, `BH-C1`, …).
    pub tiebreaks: Vec<String>,
    /// `recorded` or a policy id.
    pub basis: String,
}

/// An event's standings choices.
#[derive(Clone, Debug, PartialEq)]
pub struct TiebreakChoice {
    pub rules: TiebreakRules,
    /// The ordered list, after points.
    pub tiebreaks: Vec<Tiebreak>,
    pub basis: Basis,
}

impl TiebreakChoice {
    /// What an event starts with: FIDE's recommended list for its system, the rules in force
    /// (2026), the recorded results.
    pub fn default_for(system: System) -> TiebreakChoice {
        TiebreakChoice {
            rules: TiebreakRules::default(),
            tiebreaks: Tiebreak::preset(system),
            basis: Basis::Recorded,
        }
    }

    /// The stored choice, read leniently: unknown codes are left out, unknown rules or basis
    /// fall back to the defaults.
    pub fn from_stored(stored: &StoredChoice) -> TiebreakChoice {
        TiebreakChoice {
            rules: stored.rules.parse().unwrap_or_default(),
            tiebreaks: stored
                .tiebreaks
                .iter()
                .filter_map(|c| c.parse().ok())
                .collect(),
            basis: stored.basis.parse().unwrap_or_default(),
        }
    }

    pub fn to_stored(&self) -> StoredChoice {
        StoredChoice {
            rules: self.rules.id().to_string(),
            tiebreaks: self.tiebreaks.iter().map(|t| t.code()).collect(),
            basis: self.basis.id().to_string(),
        }
    }

    /// The engine's configuration (the system from the event's format).
    pub fn config(&self) -> Config {
        Config {
            rules: self.rules,
            system: None,
            tiebreaks: self.tiebreaks.clone(),
            unrated_rating: None,
        }
    }

    /// The preset the list equals, if any.
    pub fn preset(&self) -> Option<System> {
        [System::RoundRobin, System::Swiss]
            .into_iter()
            .find(|&s| Tiebreak::preset(s) == self.tiebreaks)
    }
}

/// Codes offered when adding a tie-break (any other code the engine parses is accepted too,
/// e.g. `BH-C3`).
pub const SUGGESTED: &[&str] = &[
    "DE", "WIN", "WON", "BPG", "BWG", "REP", "PS", "PS-C1", "BH", "BH-C1", "BH-C2", "BH-M1",
    "BH-M2", "FB", "FB-C1", "AOB", "SB", "SB-C1", "SB-M1", "KS", "KS-L-1", "ARO", "ARO-C1", "TPR",
    "PTP", "PTS",
];

#[cfg(test)]
mod tests {
    use super::*;
    use engine::impute::Policy;

    #[test]
    fn stored_round_trip() {
        let choice = TiebreakChoice {
            rules: TiebreakRules::Fide2023,
            tiebreaks: Tiebreak::parse_list("SB,BH-M1,KS-L-1").expect("codes"),
            basis: Basis::Policy(Policy::Bayes),
        };
        assert_eq!(TiebreakChoice::from_stored(&choice.to_stored()), choice);
    }

    #[test]
    fn unknown_stored_values_are_ignored_not_fatal() {
        let stored: StoredChoice =
            serde_json::from_str(r#"{"rules":"fide2031","tiebreaks":["SB","XYZ"],"basis":"new"}"#)
                .expect("lenient");
        let c = TiebreakChoice::from_stored(&stored);
        assert_eq!(c.rules, TiebreakRules::Fide2026);
        assert_eq!(
            c.tiebreaks,
            vec![Tiebreak::parse_list("SB").expect("SB")[0]]
        );
        assert_eq!(c.basis, Basis::Recorded);
    }

    #[test]
    fn settings_written_before_the_choices_existed_still_load() {
        use crate::store::Settings;
        let old: Settings =
            serde_json::from_str(r#"{"k":2.5,"expectation":"logistic","selected":"example"}"#)
                .expect("an older settings record");
        assert!(old.tiebreaks.is_empty());
        assert_eq!(old.k, 2.5);
        let mut settings = Settings::default();
        let choice = TiebreakChoice::default_for(System::Swiss);
        settings
            .tiebreaks
            .insert("example".into(), choice.to_stored());
        let text = serde_json::to_string(&settings).expect("serialise");
        let back: Settings = serde_json::from_str(&text).expect("deserialise");
        assert_eq!(back, settings);
        assert_eq!(
            TiebreakChoice::from_stored(&back.tiebreaks["example"]),
            choice
        );
    }

    #[test]
    fn suggestions_are_codes_the_engine_knows() {
        for code in SUGGESTED {
            let tb: Tiebreak = code.parse().expect("a known code");
            assert_eq!(&tb.code(), code);
        }
    }

    #[test]
    fn presets_are_recognised() {
        let rr = TiebreakChoice::default_for(System::RoundRobin);
        assert_eq!(rr.preset(), Some(System::RoundRobin));
        let mut custom = rr.clone();
        custom.tiebreaks.reverse();
        assert_eq!(custom.preset(), None);
    }
}
