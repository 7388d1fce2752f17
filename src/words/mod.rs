//! Facts put into words in the reader's language (issue 12). The engine and the app's data
//! modules (persist, store, backup, files, the pairing worker) keep what went wrong as data —
//! error enums with the line, the player, the round — and this module words them from the
//! message catalogue (`locales/<lang>/errors.json`), one exhaustive `match` per type, so a new
//! variant does not compile until it has words. The engine's `Display` stays English, for the
//! CLI.
//!
//! Word a fact where it is drawn (`move || e.words(lang.get())`), so that a language switch
//! words it again.

pub mod claims;
pub mod errors;
pub mod import;
pub mod pairing;
pub mod policy;
pub mod readiness;
pub mod text;
pub mod tiebreak;

use crate::i18n::Locale;

/// Something the app says, kept as facts and put into words in the reader's language when
/// drawn.
pub trait Words {
    /// The words, as a clause: in lower case where the language has case, without a final stop
    /// (see [`sentence`] for a sentence on its own).
    fn words(&self, locale: Locale) -> String;
}

impl<T: Words + ?Sized> Words for &T {
    fn words(&self, locale: Locale) -> String {
        (**self).words(locale)
    }
}

/// `text` with a capital first character (the engine's messages start in lower case). Only the
/// first character: a message that opens with a quotation mark keeps the quoted text as typed.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// `clause` as a sentence on its own: a capital first letter and the language's full stop
/// (`.`, or `。` in Japanese), unless it already ends in one (`?`, `!`, `。`, `？`).
pub fn sentence(locale: Locale, clause: &str) -> String {
    let mut out = capitalised(clause);
    if !out.ends_with(['.', '?', '!', '。', '？', '！']) {
        out.push(if locale == Locale::ja { '。' } else { '.' });
    }
    out
}

/// [`Words::words`] of `fact` as a sentence on its own (see [`sentence`]).
pub fn sentence_of(locale: Locale, fact: &impl Words) -> String {
    sentence(locale, &fact.words(locale))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_starts_with_a_capital_and_ends_with_the_languages_stop() {
        assert_eq!(
            sentence(Locale::en, "the file is empty"),
            "The file is empty."
        );
        assert_eq!(sentence(Locale::fr, "était-ce coupé ?"), "Était-ce coupé ?");
        assert_eq!(
            sentence(Locale::ja, "ファイルが空です"),
            "ファイルが空です。"
        );
        assert_eq!(sentence(Locale::ja, "空です。"), "空です。");
    }
}
