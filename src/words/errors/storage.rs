//! The app's own problems: browser storage (what was set aside, what was not saved, what
//! another tab changed), backups and files the browser could not read.

use super::json_detail;
use crate::backup::{BackupError, BACKUP_VERSION};
use crate::files::{BrowserError, FileProblem, ReadError};
use crate::i18n::{td_string, Locale};
use crate::persist::{StoredProblem, Unavailable, WriteProblem, SCHEMA_VERSION};
use crate::store::StaleNotice;
use crate::words::Words;
use engine::trf::DecodeError;

impl Words for BrowserError {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        // The DOMException names the app meets (compared in lower case); any other is shown
        // as the browser says it.
        match self.name.to_ascii_lowercase().as_str() {
            "quotaexceedederror" => td_string!(l, errors.browser.quota).to_string(),
            "securityerror" => td_string!(l, errors.browser.security).to_string(),
            "notreadableerror" => td_string!(l, errors.browser.not_readable).to_string(),
            "notfounderror" => td_string!(l, errors.browser.not_found).to_string(),
            "notallowederror" => td_string!(l, errors.browser.not_allowed).to_string(),
            "aborterror" => td_string!(l, errors.browser.aborted).to_string(),
            "invalidstateerror" => td_string!(l, errors.browser.invalid_state).to_string(),
            "" => self.message.clone(),
            _ => td_string!(
                l,
                errors.browser.other,
                name = self.name.clone(),
                message = self.message.clone()
            )
            .to_string(),
        }
    }
}

impl Words for ReadError {
    fn words(&self, l: Locale) -> String {
        match self {
            ReadError::Browser(e) => e.words(l),
            ReadError::NotText(e) => e.words(l),
        }
    }
}

impl Words for DecodeError {
    /// The encoding named, never the bytes shown as characters.
    fn words(&self, l: Locale) -> String {
        match *self {
            DecodeError::BadUtf16 {
                big_endian: false,
                offset,
            } => td_string!(l, errors.decode.bad_utf16_le, offset).to_string(),
            DecodeError::BadUtf16 {
                big_endian: true,
                offset,
            } => td_string!(l, errors.decode.bad_utf16_be, offset).to_string(),
            DecodeError::ZeroByte { offset } => {
                td_string!(l, errors.decode.zero_byte, offset).to_string()
            }
        }
    }
}

impl Words for StoredProblem {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match self {
            StoredProblem::NotJson(_) => td_string!(l, errors.storage.not_json).to_string(),
            StoredProblem::NoVersion => td_string!(l, errors.storage.no_version).to_string(),
            StoredProblem::Newer { version } => td_string!(
                l,
                errors.storage.newer,
                version = *version,
                known = SCHEMA_VERSION
            )
            .to_string(),
            StoredProblem::UnknownVersion(version) => {
                td_string!(l, errors.storage.unknown_version, version = *version).to_string()
            }
            StoredProblem::Unexpected(message) => match json_detail(message) {
                Some(detail) => td_string!(
                    l,
                    errors.storage.unexpected_detail,
                    detail = detail.words(l)
                )
                .to_string(),
                None => td_string!(l, errors.storage.unexpected).to_string(),
            },
            StoredProblem::Event(e) => e.words(l),
        }
    }
}

impl Words for Unavailable {
    fn words(&self, locale: Locale) -> String {
        match self {
            Unavailable::NoLocalStorage => {
                td_string!(locale, errors.storage.no_local_storage).to_string()
            }
            Unavailable::Refused(e) => e.words(locale),
        }
    }
}

impl Words for WriteProblem {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match self {
            WriteProblem::Event { name, error } => td_string!(
                l,
                errors.storage.not_saved_event,
                name = name.clone(),
                error = error.words(l)
            )
            .to_string(),
            WriteProblem::Index(error) => {
                td_string!(l, errors.storage.not_saved_index, error = error.words(l)).to_string()
            }
            WriteProblem::Settings(error) => {
                td_string!(l, errors.storage.not_saved_settings, error = error.words(l)).to_string()
            }
            WriteProblem::NotRemoved(error) => {
                td_string!(l, errors.storage.not_removed, error = error.words(l)).to_string()
            }
            WriteProblem::Discard { key, error } => td_string!(
                l,
                errors.storage.discard_failed,
                key = key.clone(),
                error = error.words(l)
            )
            .to_string(),
        }
    }
}

impl Words for StaleNotice {
    fn words(&self, locale: Locale) -> String {
        let name = self.name.clone();
        if self.deleted {
            td_string!(locale, errors.storage.deleted_elsewhere, name).to_string()
        } else {
            td_string!(locale, errors.storage.changed_elsewhere, name).to_string()
        }
    }
}

impl Words for BackupError {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match self.clone() {
            BackupError::NotJson(_) => td_string!(l, errors.backup.not_json).to_string(),
            BackupError::NotBackup => td_string!(l, errors.backup.not_backup).to_string(),
            BackupError::Newer { version } => {
                td_string!(l, errors.backup.newer, version, known = BACKUP_VERSION).to_string()
            }
            BackupError::NoVersion => td_string!(l, errors.backup.no_version).to_string(),
            BackupError::Unexpected(message) => match json_detail(&message) {
                Some(detail) => {
                    td_string!(l, errors.backup.unexpected_detail, detail = detail.words(l))
                        .to_string()
                }
                None => td_string!(l, errors.backup.unexpected).to_string(),
            },
            BackupError::BadId { index, id } => {
                td_string!(l, errors.backup.bad_id, index, id).to_string()
            }
            BackupError::IdTwice { id } => td_string!(l, errors.backup.id_twice, id).to_string(),
            BackupError::Event { index, id, error } => td_string!(
                l,
                errors.backup.unreadable_event,
                index,
                id,
                error = error.words(l)
            )
            .to_string(),
        }
    }
}

impl Words for FileProblem {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match self {
            FileProblem::Unreadable { name, error } => td_string!(
                l,
                errors.import.read_failed,
                name = name.clone(),
                error = error.words(l)
            )
            .to_string(),
            FileProblem::NotImported { name, error } => td_string!(
                l,
                errors.import.failed,
                name = name.clone(),
                error = error.words(l)
            )
            .to_string(),
            FileProblem::NotMerged { name, error } => td_string!(
                l,
                errors.import.merge_failed,
                name = name.clone(),
                error = error.words(l)
            )
            .to_string(),
        }
    }
}

/// Session storage (the home shell's hand-over of a chosen file) is missing.
pub fn no_session_storage(locale: Locale) -> &'static str {
    td_string!(locale, errors.storage.no_session_storage)
}
