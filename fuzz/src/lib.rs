//! What each fuzz target checks, shared by the targets: a parser may refuse any input, but it
//! must not panic, and whatever it accepts must be written and read back as itself (the same
//! checks as `crates/engine/tests/parsers.rs`, run for as long as one likes).

use engine::{json, share, trf};

/// TRF from raw bytes (UTF-8 or Latin-1, as a file picker hands them over).
pub fn trf(data: &[u8]) {
    let Ok(t) = trf::parse(&trf::decode(data)) else {
        return;
    };
    let written = trf::write(&t);
    let back = trf::parse(&written).expect("the TRF export of an imported file imports");
    assert_eq!(back, t, "the TRF export reads back differently:\n{written}");
    assert_eq!(trf::write(&back), written, "the second TRF export differs");
}

/// A Crosstable JSON file.
pub fn json(data: &[u8]) {
    let Ok(t) = std::str::from_utf8(data)
        .map_err(drop)
        .and_then(|s| json::parse(s).map_err(drop))
    else {
        return;
    };
    let back = json::parse(&json::to_string(&t)).expect("the JSON export imports");
    assert_eq!(back, t, "the JSON export reads back differently");
}

/// The text after `#` of a share link.
pub fn share(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(shared) = share::decode(text) else {
        return;
    };
    let back = share::decode(&share::encode(&shared)).expect("a re-encoded link opens");
    assert_eq!(back, shared, "a re-encoded link opens differently");
}

/// The JSON document inside a share link, packed as a link (deflate + base64url) first: random
/// bytes almost never inflate, so this is how the fuzzer reaches the document and event readers.
pub fn share_document(data: &[u8]) {
    use base64::Engine as _;
    let packed = miniz_oxide::deflate::compress_to_vec(data, 1);
    let link = format!(
        "v1.{}",
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(packed)
    );
    share(link.as_bytes());
}
