//! Why work handed to a Web Worker did not happen: the pairing worker's failures and the
//! simulation's (the study's and the Chances view's forecasts), which the workers keep as facts
//! (`crate::workers`).

use crate::i18n::{td_string, Locale};
use crate::words::Words;
use crosstable_workers::failure::{Probe, WorkFailure};
use crosstable_workers::pairing::{CheckFailure, PairFailure};

impl Words for PairFailure {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match self {
            PairFailure::Refused(e) => e.words(l),
            PairFailure::Unreadable(e) => {
                td_string!(l, errors.worker.unreadable, error = e.words(l)).to_string()
            }
            PairFailure::NotValid(e) => {
                td_string!(l, errors.worker.not_valid, error = e.words(l)).to_string()
            }
            PairFailure::NoStart { seconds } => {
                td_string!(l, errors.worker.no_start, seconds = *seconds).to_string()
            }
        }
    }
}

impl Words for CheckFailure {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match self {
            CheckFailure::Refused(e) => e.words(l),
            CheckFailure::Unreadable(e) => {
                td_string!(l, errors.worker.unreadable, error = e.words(l)).to_string()
            }
            CheckFailure::NoStart { seconds } => {
                td_string!(l, errors.check.no_start, seconds = *seconds).to_string()
            }
        }
    }
}

impl Words for Probe {
    fn words(&self, locale: Locale) -> String {
        match *self {
            Probe::Network => td_string!(locale, simulation.failure.network).to_string(),
            Probe::Http(status) => td_string!(locale, simulation.failure.http, status).to_string(),
            Probe::Timeout(seconds) => {
                td_string!(locale, simulation.failure.timeout, seconds).to_string()
            }
        }
    }
}

impl Words for WorkFailure {
    fn words(&self, locale: Locale) -> String {
        match self {
            WorkFailure::Startup { file, problem } => td_string!(
                locale,
                simulation.failure.startup,
                file = file.clone(),
                problem = problem.words(locale)
            )
            .to_string(),
            WorkFailure::NoStudy => td_string!(locale, simulation.failure.no_study).to_string(),
            WorkFailure::NoForecast => {
                td_string!(locale, simulation.failure.no_forecast).to_string()
            }
            WorkFailure::Engine(message) => message.clone(),
        }
    }
}

/// What the page asks before it is left while a run is going (the `beforeunload` text).
pub fn leave_warning(locale: Locale) -> String {
    td_string!(locale, simulation.failure.leave).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::ALL;

    /// One of every failure the app words itself, with the numbers it must keep.
    fn worded() -> Vec<(WorkFailure, Vec<&'static str>)> {
        let startup = |problem| WorkFailure::Startup {
            file: "worker_bg.wasm".to_string(),
            problem,
        };
        vec![
            (startup(Probe::Network), vec!["worker_bg.wasm"]),
            (startup(Probe::Http(404)), vec!["worker_bg.wasm", "404"]),
            (startup(Probe::Timeout(20)), vec!["worker_bg.wasm", "20"]),
            (WorkFailure::NoStudy, vec![]),
            (WorkFailure::NoForecast, vec![]),
        ]
    }

    #[test]
    fn every_failure_is_worded_in_every_language_with_its_numbers() {
        for (failure, numbers) in worded() {
            let english = failure.words(Locale::en);
            for locale in ALL {
                let words = failure.words(locale);
                assert!(!words.trim().is_empty(), "{locale:?}: {failure:?}");
                assert!(!words.contains("{{"), "{locale:?}: {words}");
                for n in &numbers {
                    assert!(words.contains(n), "{locale:?} lost {n}: {words}");
                }
                if locale != Locale::en {
                    assert_ne!(words, english, "{locale:?}: {failure:?} is in English");
                }
            }
        }
    }

    #[test]
    fn the_problems_of_a_start_are_worded_apart() {
        for locale in ALL {
            let words: Vec<String> = [Probe::Network, Probe::Http(503), Probe::Timeout(20)]
                .iter()
                .map(|p| p.words(locale))
                .collect();
            assert_ne!(words[0], words[1], "{locale:?}");
            assert_ne!(words[1], words[2], "{locale:?}");
            assert_ne!(words[0], words[2], "{locale:?}");
            if locale != Locale::en {
                assert_ne!(leave_warning(locale), leave_warning(Locale::en));
            }
        }
    }

    #[test]
    fn english_keeps_the_words_the_app_had() {
        let failure = WorkFailure::Startup {
            file: "worker.js".to_string(),
            problem: Probe::Network,
        };
        assert!(failure.words(Locale::en).starts_with(
            "the simulation's worker could not start (worker.js: the request failed)"
        ));
        let engine = WorkFailure::engine("players must be between 2 and 40, not 1");
        for locale in ALL {
            assert_eq!(
                engine.words(locale),
                "players must be between 2 and 40, not 1"
            );
        }
    }
}
