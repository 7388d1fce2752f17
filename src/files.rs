//! Files in and out: the engine's formats (TRF, JSON) and the browser's download.
//!
//! The app never parses a format itself: [`import`] and the writers call the engine. The lowest
//! of the app's data modules: it uses none of them (persist and the store use it).

use engine::Tournament;

pub use engine::io::{FileFormat, ImportError, Imported};
pub use engine::trf::{TrfWarning, TrfWarningKind};

/// Detects TRF or JSON and reads the whole file into a validated event, with the reader's
/// warnings (what a readable TRF got wrong, e.g. a points column that disagrees with the
/// results) for the user to see.
///
/// The event holds only the withdrawals the file records (`XXW`). For a TRF without `XXW`, the
/// withdrawals its results show ([`Tournament::detect_withdrawals`]: a run of forfeit losses up
/// to the last round) are suggestions: listed as warnings, each with a button that records it
/// ([`suggested_withdrawals`]), never stored on their own — in a Swiss a withdrawn player is left
/// out of the next pairing, in a round-robin their unplayed games are scored by a policy, and
/// the file says neither (issue 30: an import changes nothing the file says).
pub fn import(text: &str) -> Result<Imported, ImportError> {
    let mut imported = engine::io::import(text)?;
    for w in suggested_withdrawals(text, &imported.tournament) {
        imported.warnings.push(TrfWarning {
            line: player_line(text, w.player).unwrap_or(1),
            column: None,
            kind: TrfWarningKind::LooksWithdrawn {
                player: w.player,
                after_round: w.after_round,
            },
        });
    }
    Ok(imported)
}

/// A TRF file that records no withdrawal (no `XXW` line).
fn trf_without_xxw(text: &str) -> bool {
    matches!(
        engine::io::detect(text),
        FileFormat::Trf | FileFormat::Trf16
    ) && !text.lines().any(|l| l.starts_with("XXW"))
}

/// The withdrawals [`import`] lists as warnings for event `t` imported from `text` (a TRF
/// without `XXW`) and not recorded since: what the import's "Record the withdrawal" buttons
/// offer.
pub fn suggested_withdrawals(text: &str, t: &Tournament) -> Vec<engine::Withdrawal> {
    if !trf_without_xxw(text) {
        return Vec::new();
    }
    t.detect_withdrawals()
        .into_iter()
        .filter(|w| t.withdrawal_of(w.player).is_none())
        .collect()
}

/// The line (from 1) of player `p`'s `001` record.
fn player_line(text: &str, p: engine::StartNo) -> Option<usize> {
    text.lines()
        .position(|l| {
            l.starts_with("001") && l.get(4..8).and_then(|n| n.trim().parse().ok()) == Some(p)
        })
        .map(|i| i + 1)
}

/// Reads the JSON file format (what storage holds).
pub fn parse_json(text: &str) -> Result<Tournament, engine::json::JsonError> {
    engine::json::parse(text)
}

/// The JSON file format.
pub fn to_json(t: &Tournament) -> String {
    engine::json::to_string(t)
}

/// The TRF file format (TRF-2026).
pub fn to_trf(t: &Tournament) -> String {
    engine::trf::write(t)
}

/// The older TRF16 edition, for pairing programs that do not read TRF-2026 yet.
pub fn to_trf16(t: &Tournament) -> String {
    engine::trf::write_trf16(t)
}

/// File bytes as text: UTF-8 (with or without a byte-order mark), UTF-16 (either byte order),
/// else Latin-1 (TRF's traditional encoding); bytes that are none of these are refused naming
/// the encoding ([`engine::trf::decode_text`]), never shown as odd characters.
pub fn decode(bytes: &[u8]) -> Result<String, engine::trf::DecodeError> {
    engine::trf::decode_text(bytes)
}

/// Why a chosen file gave no text: the browser could not read it, or its bytes are not text
/// in an encoding the app reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    Browser(BrowserError),
    NotText(engine::trf::DecodeError),
}

/// Offers `t` as a download in `format`, named after the event.
pub fn download_event(t: &Tournament, format: FileFormat) -> Result<(), BrowserError> {
    let (mime, text) = match format {
        FileFormat::Json => ("application/json", to_json(t)),
        FileFormat::Trf => ("text/plain", to_trf(t)),
        FileFormat::Trf16 => ("text/plain", to_trf16(t)),
        FileFormat::Pgn => ("application/x-chess-pgn", engine::pgn::write(t)),
    };
    let suffix = if format == FileFormat::Trf16 {
        "-trf16"
    } else {
        ""
    };
    download(
        &format!("{}{suffix}.{}", file_stem(t), format.extension()),
        mime,
        &text,
    )
}

/// A file name for an event: its name in lower case, letters and digits joined by `-`.
pub fn file_stem(t: &Tournament) -> String {
    let mut stem = String::new();
    for c in t.name.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            stem.push(c);
        } else if !stem.is_empty() && !stem.ends_with('-') {
            stem.push('-');
        }
    }
    let stem = stem.trim_end_matches('-');
    if stem.is_empty() {
        "event".to_string()
    } else {
        stem.chars().take(60).collect()
    }
}

/// Offers `text` to the user as a file download.
pub fn download(file_name: &str, mime: &str, text: &str) -> Result<(), BrowserError> {
    let err = |e: wasm_bindgen::JsValue| BrowserError::of(&e);
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(err)?;
    download_blob(file_name, &blob)
}

/// Offers `blob` as a download named `file_name`.
pub fn download_blob(file_name: &str, blob: &web_sys::Blob) -> Result<(), BrowserError> {
    use wasm_bindgen::JsCast;
    let err = |e: wasm_bindgen::JsValue| BrowserError::of(&e);
    let url = web_sys::Url::create_object_url_with_blob(blob).map_err(err)?;
    // A page without a document is the DOM's InvalidStateError (it does not happen in a tab).
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| BrowserError {
            name: "InvalidStateError".into(),
            message: String::new(),
        })?;
    let a: web_sys::HtmlAnchorElement = document.create_element("a").map_err(err)?.unchecked_into();
    a.set_href(&url);
    a.set_download(file_name);
    a.click();
    // Revoking at once may cancel the download in some browsers; a second later is safe.
    leptos::prelude::set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(1),
    );
    Ok(())
}

/// A browser exception as facts: its name (`QuotaExceededError`, `SecurityError`, …), which
/// the app words in the reader's language (`crate::words`), and the browser's own message,
/// shown only for a name the app has no words for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrowserError {
    pub name: String,
    pub message: String,
}

impl BrowserError {
    /// The exception `e` (a `DOMException`, an `Error`, or any value).
    pub fn of(e: &wasm_bindgen::JsValue) -> BrowserError {
        use wasm_bindgen::JsCast;
        if let Some(ex) = e.dyn_ref::<web_sys::DomException>() {
            BrowserError {
                name: ex.name(),
                message: ex.message(),
            }
        } else if let Some(error) = e.dyn_ref::<js_sys::Error>() {
            BrowserError {
                name: error.name().into(),
                message: error.message().into(),
            }
        } else {
            BrowserError {
                name: String::new(),
                message: e.as_string().unwrap_or_else(|| format!("{e:?}")),
            }
        }
    }
}

/// A file the user chose that did not go in, as facts (worded where shown, `crate::words`):
/// nothing was imported or changed.
#[derive(Clone, Debug, PartialEq)]
pub enum FileProblem {
    /// The browser could not read the file, or it is not text.
    Unreadable { name: String, error: ReadError },
    /// The file does not read as an event.
    NotImported {
        name: String,
        error: Box<ImportError>,
    },
    /// The file's games cannot be merged into the event.
    NotMerged {
        name: String,
        error: Box<engine::pgn::PgnError>,
    },
}

/// As the browser says it: `QuotaExceededError: …` (the app words it in the reader's language
/// where it can, `crate::words`).
impl std::fmt::Display for BrowserError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.name.as_str() {
            "" => f.write_str(&self.message),
            name => write!(f, "{name}: {}", self.message),
        }
    }
}

/// A JS exception as text: `QuotaExceededError: …` for a DOMException.
pub fn js_error_text(e: &wasm_bindgen::JsValue) -> String {
    use wasm_bindgen::JsCast;
    if let Some(ex) = e.dyn_ref::<web_sys::DomException>() {
        format!("{}: {}", ex.name(), ex.message())
    } else {
        e.as_string().unwrap_or_else(|| format!("{e:?}"))
    }
}

/// The file chosen in an `<input type=file>`'s change event, read as text ([`decode`]) and
/// handed to `then` with its name, or with why it could not be read or is not text.
/// The input is cleared first, so that choosing the same file again fires the event again.
/// Nothing happens when no file was chosen.
pub fn read_chosen_file(
    ev: &web_sys::Event,
    then: impl FnOnce(String, Result<String, ReadError>) + 'static,
) {
    use wasm_bindgen::JsCast;
    let Some(input) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    let Some(file) = input.files().and_then(|list| list.get(0)) else {
        return;
    };
    input.set_value("");
    leptos::task::spawn_local(async move {
        let name = file.name();
        let text = match wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await {
            Ok(buffer) => {
                decode(&js_sys::Uint8Array::new(&buffer).to_vec()).map_err(ReadError::NotText)
            }
            Err(e) => Err(ReadError::Browser(BrowserError::of(&e))),
        };
        then(name, text);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// t146 (299 players, Swiss, no `XXW`) cut to its first 6 rounds: players 193 and 275
    /// lost their round 6 game by forfeit.
    fn t146_after_six_rounds() -> String {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/dutch/t146/full.trf");
        let full = std::fs::read_to_string(path).expect("the t146 fixture");
        full.lines()
            .map(|l| {
                if l.starts_with("001") {
                    l.get(..151).unwrap_or(l).trim_end()
                } else {
                    l
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn a_swiss_trf_without_xxw_stores_no_detected_withdrawal_but_warns() {
        let text = t146_after_six_rounds();
        let imported = import(&text).expect("t146 reads");
        let t = &imported.tournament;
        assert_eq!(t.rounds.len(), 6);
        assert!(t.withdrawals.is_empty(), "{:?}", t.withdrawals);
        let suggested: Vec<_> = suggested_withdrawals(&text, t)
            .iter()
            .map(|w| (w.player, w.after_round))
            .collect();
        assert_eq!(suggested, vec![(193, 5), (275, 5)]);
        for (p, r) in suggested {
            let warning = imported
                .warnings
                .iter()
                .find(|w| {
                    w.kind
                        == TrfWarningKind::LooksWithdrawn {
                            player: p,
                            after_round: r,
                        }
                })
                .expect("a warning for each");
            assert_eq!(
                text.lines().nth(warning.line - 1).map(|l| &l[..8]),
                Some(format!("001 {p:>4}").as_str())
            );
        }
        // Recorded: no longer suggested.
        let mut t = t.clone();
        t.withdrawals.push(engine::Withdrawal {
            player: 193,
            after_round: 5,
        });
        assert_eq!(suggested_withdrawals(&text, &t).len(), 1);
        // A file with XXW says what it has: nothing is suggested and its list stands.
        let with_xxw = format!("{text}\nXXW 275 5\n");
        let imported = import(&with_xxw).expect("reads");
        assert_eq!(imported.tournament.withdrawals.len(), 1);
        assert!(suggested_withdrawals(&with_xxw, &imported.tournament).is_empty());
    }

    #[test]
    fn a_round_robin_trf_without_xxw_suggests_its_withdrawals_and_stores_none() {
        let t = engine::example::withdrawal();
        let text = engine::trf::write(&t)
            .lines()
            .filter(|l| !l.starts_with("XXW"))
            .collect::<Vec<_>>()
            .join("\n");
        let imported = import(&text).expect("reads");
        assert!(imported.tournament.withdrawals.is_empty());
        let detected = t.detect_withdrawals();
        assert!(!detected.is_empty());
        assert_eq!(suggested_withdrawals(&text, &imported.tournament), detected);
        let warned = imported
            .warnings
            .iter()
            .filter(|w| matches!(w.kind, TrfWarningKind::LooksWithdrawn { .. }))
            .count();
        assert_eq!(warned, detected.len());
    }

    #[test]
    fn file_stem_is_safe() {
        let t = engine::example::withdrawal();
        assert_eq!(file_stem(&t), "elite-round-robin-illustrative-example");
    }

    #[test]
    fn latin1_fallback() {
        assert_eq!(decode(b"Jos\xe9").as_deref(), Ok("José"));
        assert_eq!(decode("José".as_bytes()).as_deref(), Ok("José"));
        // UTF-16 is decoded; a file with zero bytes that is not UTF-16 is refused, not shown as
        // odd characters.
        assert_eq!(decode(&[0xFF, 0xFE, b'0', 0, b'1', 0]).as_deref(), Ok("01"));
        assert!(decode(b"012 x\0y").is_err());
    }

    #[test]
    fn a_readable_trf_with_a_wrong_points_column_comes_with_its_warning() {
        let trf = "\
012 Small
XXR 3
001    1      Alpha                             2400                             2.5    1     2 w 1     3 b =
001    2      Beta                              2300                             0.0    3     1 b 0  0000 - Z
001    3      Gamma                             2200                             1.5    2  0000 - U     1 w =
";
        let imported = import(trf).expect("readable");
        assert_eq!(imported.tournament.players.len(), 3);
        assert_eq!(imported.warnings.len(), 1, "{:?}", imported.warnings);
        assert_eq!(imported.warnings[0].line, 3);
        assert!(imported.warnings[0]
            .message()
            .contains("points column says 2.5"));
    }

    #[test]
    fn json_round_trip() {
        let t = engine::example::withdrawal();
        let imported = import(&to_json(&t)).expect("our own JSON");
        assert_eq!(imported.tournament, t);
        assert!(imported.warnings.is_empty());
    }
}
