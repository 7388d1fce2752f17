//! Each event's standings choices. The tie-break list belongs to the event: it is stored in the
//! event itself (the `XXT` record the new-event wizard writes), so the Standings tab, the
//! autosave, the TRF and JSON exports and `crosstable standings` all see the same list. Two
//! interface preferences go with it, kept per event in the app's settings ([`StandingsView`]):
//! the rule version the list is computed by and the basis it is computed on (the recorded
//! results, or a withdrawal policy's crosstable). The rules themselves are the engine's
//! ([`engine::tiebreak`]).

use engine::tiebreak::{Config, Modifier, System, Tiebreak, TiebreakRules};
use engine::Tournament;
use serde::{Deserialize, Serialize};

/// Which crosstable the standings are computed on: the engine's.
pub use engine::standings::Basis;

/// Codes as stored by an older version, read leniently: unknown codes are left out.
pub fn parse_codes(codes: &[String]) -> Vec<Tiebreak> {
    codes.iter().filter_map(|c| c.parse().ok()).collect()
}

/// The interface preferences of an event's Standings tab, as stored in the settings: plain
/// strings, so that a value this version does not know (written by a newer one) is ignored
/// instead of making the whole settings record unreadable.
///
/// The rule version is a view preference, not event data: the model and TRF have no place for
/// it (`XXT` holds the codes only), the CLI takes it as `--rules`, and the same list is the
/// organiser's decision under either text — the tab offers both to compare.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct StandingsView {
    /// `fide2026` or `fide2023`.
    pub rules: String,
    /// `recorded` or a policy id.
    pub basis: String,
}

/// An event's standings choices: its own list with the tab's preferences.
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

    /// The choices of event `t` with its stored preferences (none: the defaults), read
    /// leniently: unknown rules or basis fall back to the defaults.
    pub fn of(t: &Tournament, view: Option<&StandingsView>) -> TiebreakChoice {
        let view = view.cloned().unwrap_or_default();
        TiebreakChoice {
            rules: view.rules.parse().unwrap_or_default(),
            tiebreaks: t.tiebreaks(),
            basis: view.basis.parse().unwrap_or_default(),
        }
    }

    /// The preferences to store (the list goes into the event).
    pub fn view(&self) -> StandingsView {
        StandingsView {
            rules: self.rules.id().to_string(),
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

/// Tie-breaks offered when adding one (any other code the engine parses is accepted too, e.g.
/// `BH-C3`): the families of C.07 with their usual cuts, medians and the Koya limit.
pub const SUGGESTED: &[Tiebreak] = &[
    Tiebreak::DirectEncounter,
    Tiebreak::Wins,
    Tiebreak::WonGames,
    Tiebreak::BlackGames,
    Tiebreak::BlackWins,
    Tiebreak::RoundsElectedToPlay,
    Tiebreak::ProgressiveScore { cut: 0 },
    Tiebreak::ProgressiveScore { cut: 1 },
    Tiebreak::Buchholz(Modifier::NONE),
    Tiebreak::Buchholz(CUT_1),
    Tiebreak::Buchholz(Modifier {
        lowest: 2,
        highest: 0,
    }),
    Tiebreak::Buchholz(MEDIAN_1),
    Tiebreak::Buchholz(Modifier {
        lowest: 2,
        highest: 2,
    }),
    Tiebreak::ForeBuchholz(Modifier::NONE),
    Tiebreak::ForeBuchholz(CUT_1),
    Tiebreak::AverageOfOpponentsBuchholz,
    Tiebreak::SonnebornBerger(Modifier::NONE),
    Tiebreak::SonnebornBerger(CUT_1),
    Tiebreak::SonnebornBerger(MEDIAN_1),
    Tiebreak::Koya {
        limit_half_points: 0,
    },
    Tiebreak::Koya {
        limit_half_points: -1,
    },
    Tiebreak::AverageRatingOfOpponents(Modifier::NONE),
    Tiebreak::AverageRatingOfOpponents(CUT_1),
    Tiebreak::PerformanceRating,
    Tiebreak::PerfectPerformance,
    Tiebreak::Points,
];

/// Cut-1: the least significant value dropped.
const CUT_1: Modifier = Modifier {
    lowest: 1,
    highest: 0,
};
/// Median-1: the least and the most significant values dropped.
const MEDIAN_1: Modifier = Modifier {
    lowest: 1,
    highest: 1,
};

#[cfg(test)]
mod tests {
    use super::*;
    use engine::impute::Policy;

    fn list(codes: &str) -> Vec<Tiebreak> {
        Tiebreak::parse_list(codes).expect("codes")
    }

    #[test]
    fn the_list_is_the_events_and_the_preferences_round_trip() {
        let mut t = engine::example::withdrawal();
        t.set_tiebreaks(&list("SB,BH-M1,KS-L-1"));
        let choice = TiebreakChoice {
            rules: TiebreakRules::Fide2023,
            tiebreaks: list("SB,BH-M1,KS-L-1"),
            basis: Basis::Policy(Policy::Bayes),
        };
        assert_eq!(TiebreakChoice::of(&t, Some(&choice.view())), choice);
    }

    #[test]
    fn an_event_without_a_list_has_its_systems_preset() {
        let t = engine::example::withdrawal();
        assert_eq!(
            TiebreakChoice::of(&t, None),
            TiebreakChoice::default_for(System::RoundRobin)
        );
    }

    #[test]
    fn the_list_goes_out_and_back_in_through_trf_and_json() {
        for codes in ["DE,BH-C1,WIN", ""] {
            let mut t = engine::example::withdrawal();
            t.set_tiebreaks(&list(codes));
            assert_eq!(t.tiebreaks(), list(codes), "{codes:?}");
            let trf = engine::trf::parse(&engine::trf::write(&t)).expect("our TRF");
            assert_eq!(trf.tiebreaks(), list(codes), "TRF, {codes:?}");
            let json = engine::json::parse(&engine::json::to_string(&t)).expect("our JSON");
            assert_eq!(json.tiebreaks(), list(codes), "JSON, {codes:?}");
        }
        // An empty list stays empty (no tie-break), not the preset; a new list replaces it.
        let mut t = engine::example::withdrawal();
        t.set_tiebreaks(&[]);
        t.set_tiebreaks(&[]);
        t.set_tiebreaks(&list("SB"));
        assert_eq!(t.tiebreaks(), list("SB"));
        assert_eq!(t.chosen_tiebreaks(), Some(&list("SB")[..]));
        assert!(t.extra_records.iter().all(|r| !r.starts_with("XXT")));
    }

    #[test]
    fn unknown_stored_values_are_ignored_not_fatal() {
        let view: StandingsView =
            serde_json::from_str(r#"{"rules":"fide2031","basis":"new"}"#).expect("lenient");
        let c = TiebreakChoice::of(&engine::example::withdrawal(), Some(&view));
        assert_eq!(c.rules, TiebreakRules::Fide2026);
        assert_eq!(c.basis, Basis::Recorded);
        assert_eq!(
            parse_codes(&["SB".into(), "XYZ".into()]),
            list("SB"),
            "unknown codes are left out"
        );
    }

    #[test]
    fn suggestions_read_back_from_their_codes_and_are_distinct() {
        let codes: Vec<String> = SUGGESTED.iter().map(|tb| tb.code()).collect();
        for (tb, code) in SUGGESTED.iter().zip(&codes) {
            assert_eq!(code.parse::<Tiebreak>().as_ref(), Ok(tb), "{code}");
        }
        let distinct: std::collections::BTreeSet<&String> = codes.iter().collect();
        assert_eq!(distinct.len(), codes.len(), "{codes:?}");
        assert_eq!(
            codes.join(","),
            "DE,WIN,WON,BPG,BWG,REP,PS,PS-C1,BH,BH-C1,BH-C2,BH-M1,BH-M2,FB,FB-C1,AOB,SB,SB-C1,\
             SB-M1,KS,KS-L-1,ARO,ARO-C1,TPR,PTP,PTS"
        );
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
