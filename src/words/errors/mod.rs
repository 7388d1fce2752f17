//! Every error and problem the app shows, in the reader's language: the engine's error enums
//! (files read, event operations, analyses, share links) and the app's own storage and worker
//! problems.
//! One [`Words`] implementation per type, each an exhaustive `match` over its variants with the
//! variant's fields as the message's variables (`locales/<lang>/errors.json`).

mod analysis;
mod event;
mod pgn;
mod storage;
mod trf;
mod workers;

pub use storage::no_session_storage;
pub use workers::leave_warning;

use super::Words;
use crate::i18n::{td_string, Locale};
use engine::io::ImportError;
use engine::json::{JsonError, VERSION};
use engine::model::ModelError;

/// `what` at a place in a file: `line 4, column 5: …` (or just the line). German starts the
/// clause after the colon with a capital (it is a sentence of its own there).
pub(crate) fn at(locale: Locale, line: usize, column: Option<usize>, what: String) -> String {
    let what = match locale {
        Locale::de => super::capitalised(&what),
        Locale::en | Locale::fr | Locale::ja => what,
    };
    match column {
        Some(column) => td_string!(locale, errors.place.column, line, column, what).to_string(),
        None => td_string!(locale, errors.place.line, line, what).to_string(),
    }
}

/// Items of a list, as the language joins them (`, ` or `、`).
pub(crate) fn list(locale: Locale, items: impl IntoIterator<Item = String>) -> String {
    items
        .into_iter()
        .collect::<Vec<_>>()
        .join(td_string!(locale, errors.place.list_separator))
}

impl Words for ImportError {
    fn words(&self, locale: Locale) -> String {
        match self {
            ImportError::Trf(e) => {
                td_string!(locale, errors.import.trf, error = e.words(locale)).to_string()
            }
            ImportError::Json(e) => {
                td_string!(locale, errors.import.json, error = e.words(locale)).to_string()
            }
            ImportError::Pgn(e) => {
                td_string!(locale, errors.import.pgn, error = e.words(locale)).to_string()
            }
        }
    }
}

impl Words for JsonError {
    fn words(&self, locale: Locale) -> String {
        match self {
            JsonError::Syntax {
                line,
                column,
                message,
            } => {
                let what = with_detail(
                    locale,
                    message,
                    |l| td_string!(l, errors.json.syntax),
                    |l, detail| td_string!(l, errors.json.syntax_detail, detail).to_string(),
                );
                at(locale, *line, Some(*column), what)
            }
            JsonError::NotCrosstable { found: None } => {
                td_string!(locale, errors.json.no_format).to_string()
            }
            JsonError::NotCrosstable { found: Some(found) } => {
                td_string!(locale, errors.json.other_format, found = found.clone()).to_string()
            }
            JsonError::BadVersion { found } => td_string!(
                locale,
                errors.json.bad_version,
                found = found.clone(),
                max = VERSION
            )
            .to_string(),
            JsonError::NewerVersion { found } => td_string!(
                locale,
                errors.json.newer_version,
                found = *found,
                max = VERSION
            )
            .to_string(),
            JsonError::Data {
                line,
                column,
                message,
            } => {
                let what = with_detail(
                    locale,
                    message,
                    |l| td_string!(l, errors.json.data),
                    |l, detail| td_string!(l, errors.json.data_detail, detail).to_string(),
                );
                match line {
                    0 => what,
                    _ => at(locale, *line, Some(*column), what),
                }
            }
            JsonError::Invalid(e) => {
                td_string!(locale, errors.json.inconsistent, error = e.words(locale)).to_string()
            }
        }
    }
}

/// A message about a JSON text, with what serde_json's `message` says in words when the app has
/// words for it (`detailed`), else without (`plain`).
pub(crate) fn with_detail(
    locale: Locale,
    message: &str,
    plain: fn(Locale) -> &'static str,
    detailed: impl Fn(Locale, String) -> String,
) -> String {
    match json_detail(message) {
        Some(detail) => detailed(locale, detail.words(locale)),
        None => plain(locale).to_string(),
    }
}

/// What serde_json says is wrong with a JSON text, sorted into what the app has words for
/// (serde's own messages are English and not ours to show). `None`: nothing more to say than
/// the kind of error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JsonDetail {
    MissingField(String),
    UnknownField(String),
    DuplicateField(String),
    UnknownVariant(String),
    WrongType,
    WrongValue,
    WrongLength,
    EndsEarly,
    Trailing,
}

/// Sorts one of serde_json's messages (without its position): `missing field `x``, `unknown
/// variant `y`, expected …`, `EOF while parsing a value`, … See [`JsonDetail`].
pub fn json_detail(message: &str) -> Option<JsonDetail> {
    // serde_json's messages, matched word by word (they are not shown): `missing field `x``,
    // `unknown variant `y`, expected …`, `invalid type: …`, `EOF while parsing a value`, …
    let mut words = message.splitn(3, ' ');
    let first = words.next()?.to_ascii_lowercase();
    let second = words.next().unwrap_or("").trim_end_matches(':');
    let rest = words.next().unwrap_or("");
    let quoted = || -> Option<String> {
        let rest = rest.strip_prefix('`')?;
        rest.find('`').map(|end| rest[..end].to_string())
    };
    match (first.as_str(), second) {
        ("missing", "field") => quoted().map(JsonDetail::MissingField),
        ("unknown", "field") => quoted().map(JsonDetail::UnknownField),
        ("duplicate", "field") => quoted().map(JsonDetail::DuplicateField),
        ("unknown", "variant") => quoted().map(JsonDetail::UnknownVariant),
        ("invalid", "type") => Some(JsonDetail::WrongType),
        ("invalid", "value") | ("number", "out") => Some(JsonDetail::WrongValue),
        ("invalid", "length") => Some(JsonDetail::WrongLength),
        ("eof", "while") => Some(JsonDetail::EndsEarly),
        ("trailing", "characters") => Some(JsonDetail::Trailing),
        _ => None,
    }
}

impl Words for JsonDetail {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match self.clone() {
            JsonDetail::MissingField(field) => {
                td_string!(l, errors.json_detail.missing_field, field).to_string()
            }
            JsonDetail::UnknownField(field) => {
                td_string!(l, errors.json_detail.unknown_field, field).to_string()
            }
            JsonDetail::DuplicateField(field) => {
                td_string!(l, errors.json_detail.duplicate_field, field).to_string()
            }
            JsonDetail::UnknownVariant(value) => {
                td_string!(l, errors.json_detail.unknown_variant, value).to_string()
            }
            JsonDetail::WrongType => td_string!(l, errors.json_detail.wrong_type).to_string(),
            JsonDetail::WrongValue => td_string!(l, errors.json_detail.wrong_value).to_string(),
            JsonDetail::WrongLength => td_string!(l, errors.json_detail.wrong_length).to_string(),
            JsonDetail::EndsEarly => td_string!(l, errors.json_detail.ends_early).to_string(),
            JsonDetail::Trailing => td_string!(l, errors.json_detail.trailing).to_string(),
        }
    }
}

impl Words for ModelError {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match *self {
            ModelError::StartNumbers { index, found } => {
                td_string!(l, errors.model.start_numbers, index = index + 1, found).to_string()
            }
            ModelError::UnknownPlayer { round, player } => {
                td_string!(l, errors.model.unknown_player, round, player).to_string()
            }
            ModelError::PlaysTwice { round, player } => {
                td_string!(l, errors.model.plays_twice, round, player).to_string()
            }
            ModelError::PlaysItself { round, player } => {
                td_string!(l, errors.model.plays_itself, round, player).to_string()
            }
            ModelError::BadWithdrawal {
                player,
                after_round,
            } => {
                td_string!(l, errors.model.bad_withdrawal, player, round = after_round).to_string()
            }
            ModelError::BadCycles(cycles) => {
                td_string!(l, errors.model.bad_cycles, cycles).to_string()
            }
            ModelError::BadRequest { player, round } => {
                td_string!(l, errors.model.bad_request, player, round).to_string()
            }
        }
    }
}
