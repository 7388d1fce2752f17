//! Files in and out: the engine's formats (TRF, JSON) and the browser's download.
//!
//! The app never parses a format itself: [`parse_any`] and the writers call the engine.

use engine::Tournament;

pub use engine::io::{FileFormat, ImportError};

/// Detects TRF or JSON and reads the whole file into a validated event.
pub fn parse_any(text: &str) -> Result<Tournament, ImportError> {
    engine::io::parse_any(text)
}

/// Reads the JSON file format (what storage holds).
pub fn parse_json(text: &str) -> Result<Tournament, engine::json::JsonError> {
    engine::json::parse(text)
}

/// The JSON file format.
pub fn to_json(t: &Tournament) -> String {
    engine::json::to_string(t)
}

/// The TRF file format.
pub fn to_trf(t: &Tournament) -> String {
    engine::trf::write(t)
}

/// File bytes as text: UTF-8, or Latin-1 (TRF's traditional encoding) when not valid UTF-8.
pub fn decode(bytes: &[u8]) -> String {
    engine::trf::decode(bytes)
}

/// Offers `t` as a download in `format`, named after the event.
pub fn download_event(t: &Tournament, format: FileFormat) -> Result<(), String> {
    let (mime, text) = match format {
        FileFormat::Json => ("application/json", to_json(t)),
        FileFormat::Trf => ("text/plain", to_trf(t)),
    };
    download(
        &format!("{}.{}", file_stem(t), format.extension()),
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
pub fn download(file_name: &str, mime: &str, text: &str) -> Result<(), String> {
    use wasm_bindgen::JsCast;
    let err = |e: wasm_bindgen::JsValue| crate::persist::js_error_text(&e);
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(err)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(err)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_stem_is_safe() {
        let t = engine::example::withdrawal();
        assert_eq!(file_stem(&t), "elite-round-robin-illustrative-example");
    }

    #[test]
    fn latin1_fallback() {
        assert_eq!(decode(b"Jos\xe9"), "José");
        assert_eq!(decode("José".as_bytes()), "José");
    }

    #[test]
    fn json_round_trip() {
        let t = engine::example::withdrawal();
        assert_eq!(parse_any(&to_json(&t)).ok(), Some(t));
    }
}
