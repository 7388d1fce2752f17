//! Every language says everything English says (issue 12 item 5, "nothing slips back").
//!
//! The catalogues are `locales/<lang>/<namespace>.json`. English is the reference. For every
//! other language this checks, namespace by namespace:
//! - the same files and the same keys (a plural counts as one key: English's `players_one` /
//!   `players_other` and Japanese's single `players` are the same message);
//! - the same variables (`{{ name }}`) and the same markup tags (`<strong>`) in each message,
//!   so a translation can move them but not lose or misspell one;
//! - no empty message, and a plural that has its `other` form.
//!
//! The build (leptos_i18n) also warns of a missing key, but only as a warning: this test is
//! what fails.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const REFERENCE: &str = "en";
const OTHERS: [&str; 3] = ["fr", "de", "ja"];
const PLURAL_SUFFIXES: [&str; 6] = ["_zero", "_one", "_two", "_few", "_many", "_other"];

fn locales_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("locales")
}

/// One message: its plural forms (suffix → text; `""` for a message without plural forms).
type Forms = BTreeMap<String, String>;

/// A namespace's messages by dotted key, plural forms grouped under their base key.
fn messages(lang: &str, namespace: &str) -> BTreeMap<String, Forms> {
    let path = locales_dir().join(lang).join(format!("{namespace}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let json: Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = BTreeMap::new();
    flatten(&json, String::new(), &path, &mut out);
    out
}

fn flatten(value: &Value, prefix: String, path: &Path, out: &mut BTreeMap<String, Forms>) {
    match value {
        Value::Object(map) => {
            for (key, value) in map {
                let dotted = if prefix.is_empty() {
                    key.clone()
                } else {
                    format!("{prefix}.{key}")
                };
                flatten(value, dotted, path, out);
            }
        }
        Value::String(text) => {
            let (base, form) = PLURAL_SUFFIXES
                .iter()
                .find_map(|s| {
                    prefix
                        .strip_suffix(s)
                        .map(|b| (b.to_string(), s.to_string()))
                })
                .unwrap_or((prefix.clone(), String::new()));
            out.entry(base).or_default().insert(form, text.clone());
        }
        other => panic!(
            "{}: `{prefix}` is {other}; a message is a string (nested objects group them)",
            path.display()
        ),
    }
}

/// The `{{ variables }}` and `<tags>` a message's forms use together.
fn placeholders(forms: &Forms) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for text in forms.values() {
        let mut rest = text.as_str();
        while let Some(start) = rest.find("{{") {
            let Some(len) = rest[start..].find("}}") else {
                break;
            };
            found.insert(format!("{{{{{}}}}}", rest[start + 2..start + len].trim()));
            rest = &rest[start + len + 2..];
        }
        let mut rest = text.as_str();
        while let Some(start) = rest.find('<') {
            let Some(len) = rest[start..].find('>') else {
                break;
            };
            found.insert(rest[start..start + len + 1].to_string());
            rest = &rest[start + len + 1..];
        }
    }
    // A plural's count may be written out in a form ("un joueur"): not required in each.
    found.remove("{{count}}");
    found
}

/// Whether a message's general form (a plural's `other`, or the only form) shows the count.
fn counts_in_general(forms: &Forms) -> bool {
    forms
        .get("_other")
        .or_else(|| forms.get(""))
        .is_some_and(|t| t.replace(' ', "").contains("{{count}}"))
}

fn namespaces(lang: &str) -> BTreeSet<String> {
    let dir = locales_dir().join(lang);
    std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".json").map(str::to_string)
        })
        .collect()
}

#[test]
fn every_language_has_every_file() {
    let reference = namespaces(REFERENCE);
    assert!(!reference.is_empty(), "no catalogue in locales/{REFERENCE}");
    for lang in OTHERS {
        assert_eq!(
            namespaces(lang),
            reference,
            "locales/{lang} against locales/{REFERENCE}"
        );
    }
}

#[test]
fn every_language_has_every_message_with_the_same_placeholders() {
    let mut problems = Vec::new();
    for namespace in namespaces(REFERENCE) {
        let english = messages(REFERENCE, &namespace);
        for lang in OTHERS {
            let theirs = messages(lang, &namespace);
            for (key, forms) in &english {
                match theirs.get(key) {
                    None => problems.push(format!("{lang}/{namespace}.json lacks `{key}`")),
                    Some(their_forms) => {
                        let (want, got) = (placeholders(forms), placeholders(their_forms));
                        if want != got {
                            problems.push(format!(
                                "{lang}/{namespace}.json `{key}` uses {got:?}, English {want:?}"
                            ));
                        }
                        if counts_in_general(forms) && !counts_in_general(their_forms) {
                            problems.push(format!(
                                "{lang}/{namespace}.json `{key}`: its general form lacks {{{{ count }}}}"
                            ));
                        }
                    }
                }
            }
            for key in theirs.keys().filter(|k| !english.contains_key(*k)) {
                problems.push(format!(
                    "{lang}/{namespace}.json has `{key}`, which English does not (renamed?)"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn no_message_is_empty_and_every_plural_has_its_other_form() {
    let mut problems = Vec::new();
    for lang in std::iter::once(REFERENCE).chain(OTHERS) {
        for namespace in namespaces(lang) {
            for (key, forms) in messages(lang, &namespace) {
                if forms.values().any(|t| t.trim().is_empty()) {
                    problems.push(format!("{lang}/{namespace}.json `{key}` is empty"));
                }
                let plural = !forms.contains_key("");
                if plural && !forms.contains_key("_other") {
                    problems.push(format!(
                        "{lang}/{namespace}.json `{key}` has no `_other` form"
                    ));
                }
                if !plural && forms.len() > 1 {
                    problems.push(format!(
                        "{lang}/{namespace}.json `{key}` is both a plain message and a plural"
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The check itself: a catalogue that lacks a key, or drops a variable, is reported.
#[test]
fn the_check_finds_a_missing_key_and_a_lost_variable() {
    let mut english = BTreeMap::new();
    flatten(
        &serde_json::json!({"a": {"b": "{{ n }} x", "c_one": "one", "c_other": "{{ count }} many"}}),
        String::new(),
        Path::new("en"),
        &mut english,
    );
    let mut other = BTreeMap::new();
    flatten(
        &serde_json::json!({"a": {"b": "sans variable", "c": "{{ count }}"}}),
        String::new(),
        Path::new("xx"),
        &mut other,
    );
    assert_eq!(english.keys().collect::<Vec<_>>(), ["a.b", "a.c"]);
    assert_eq!(other.keys().collect::<Vec<_>>(), ["a.b", "a.c"]);
    assert_ne!(placeholders(&english["a.b"]), placeholders(&other["a.b"]));
    assert_eq!(placeholders(&english["a.c"]), placeholders(&other["a.c"]));
}
