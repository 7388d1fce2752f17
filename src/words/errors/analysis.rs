//! Why an analysis cannot be shown (the imputation, the what-ifs), a QR code cannot be drawn or
//! a share link cannot be opened.

use super::with_detail;
use crate::i18n::{td_string, Locale};
use crate::words::text;
use crate::words::Words;
use engine::impute::{ImputeError, ParamsError};
use engine::publish::QrError;
use engine::share::ShareError;
use engine::swiss_whatif::SwissWhatIfError;
use engine::whatif::WhatIfError;

/// A prior strength as the reader writes numbers (`2.5`, `2,5`; `NaN`, `-1` as they are).
fn k_value(locale: Locale, k: f64) -> String {
    text::localise(locale, k.to_string())
}

impl Words for ImputeError {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match self.clone() {
            ImputeError::NotRoundRobin => {
                td_string!(l, errors.analysis.not_round_robin).to_string()
            }
            ImputeError::BadK(k) => {
                td_string!(l, errors.analysis.bad_k, k = k_value(l, k)).to_string()
            }
            ImputeError::UnknownPlayer(player) => {
                td_string!(l, errors.analysis.unknown_player, player).to_string()
            }
            ImputeError::BadWithdrawal(w) => td_string!(
                l,
                errors.analysis.bad_withdrawal,
                player = w.player,
                round = w.after_round
            )
            .to_string(),
            ImputeError::MissingRating { player, name } => {
                td_string!(l, errors.analysis.missing_rating, player, name).to_string()
            }
        }
    }
}

impl Words for ParamsError {
    fn words(&self, locale: Locale) -> String {
        match *self {
            ParamsError::K(k) => {
                td_string!(locale, errors.analysis.bad_k, k = k_value(locale, k)).to_string()
            }
        }
    }
}

impl Words for WhatIfError {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match self.clone() {
            WhatIfError::NotRoundRobin => {
                td_string!(l, errors.analysis.whatif_not_round_robin).to_string()
            }
            WhatIfError::Incomplete {
                player,
                played,
                scheduled,
            } => td_string!(
                l,
                errors.analysis.whatif_incomplete,
                player,
                played,
                scheduled
            )
            .to_string(),
            WhatIfError::BadRound {
                after_round,
                rounds,
            } => {
                let last = rounds.saturating_sub(1);
                td_string!(
                    l,
                    errors.analysis.whatif_bad_round,
                    round = after_round,
                    rounds,
                    last
                )
                .to_string()
            }
            WhatIfError::Impute(e) => e.words(l),
        }
    }
}

impl Words for SwissWhatIfError {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match *self {
            SwissWhatIfError::NotSwiss => {
                td_string!(l, errors.analysis.swiss_not_swiss).to_string()
            }
            SwissWhatIfError::UnknownPlayer(player) => {
                td_string!(l, errors.analysis.swiss_unknown_player, player).to_string()
            }
            SwissWhatIfError::AlreadyWithdrawn {
                player,
                after_round,
            } => td_string!(
                l,
                errors.analysis.swiss_already_withdrawn,
                player,
                round = after_round
            )
            .to_string(),
            SwissWhatIfError::NothingAfter {
                after_round,
                paired,
            } => td_string!(
                l,
                errors.analysis.swiss_nothing_after,
                round = after_round,
                paired,
                last = paired.saturating_sub(1)
            )
            .to_string(),
        }
    }
}

impl Words for QrError {
    fn words(&self, locale: Locale) -> String {
        td_string!(locale, errors.analysis.qr_too_long, length = self.length).to_string()
    }
}

impl Words for ShareError {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match self {
            ShareError::Empty => td_string!(l, errors.share.empty).to_string(),
            ShareError::UnknownVersion => td_string!(
                l,
                errors.share.unknown_version,
                prefix = engine::share::PREFIX
            )
            .to_string(),
            ShareError::Base64 => td_string!(l, errors.share.base64).to_string(),
            ShareError::Inflate => td_string!(l, errors.share.inflate).to_string(),
            ShareError::Document(message) => with_detail(
                l,
                message,
                |l| td_string!(l, errors.share.document),
                |l, detail| td_string!(l, errors.share.document_detail, detail).to_string(),
            ),
            ShareError::Event(e) => {
                td_string!(l, errors.share.event, error = e.words(l)).to_string()
            }
            ShareError::Invalid(e) => {
                td_string!(l, errors.share.event, error = e.words(l)).to_string()
            }
        }
    }
}
