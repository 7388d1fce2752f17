//! Text as the lists are published: UTF-8 where valid, else Windows-1252, decided per piece
//! (a TXT line, a stretch of XML up to a `>`), so that a 200 MB list never has to be held as
//! one string to be decoded. `trf::decode_text` decides once for a whole (small) file; the
//! lists need the same rule on a stream. Windows-1252 rather than Latin-1 because the two
//! differ only in 0x80–0x9F, where Latin-1 has control characters and Windows-1252 has
//! letters names use (Š š Ž ž Œ œ Ÿ).

use std::borrow::Cow;

/// Windows-1252's characters for the bytes 0x80–0x9F (the five undefined bytes as the C1
/// controls, as browsers decode them).
const CP1252_HIGH: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž', '\u{8F}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}', 'ž', 'Ÿ',
];

/// One Windows-1252 byte as a character.
pub(super) fn cp1252_char(b: u8) -> char {
    match b {
        0x80..=0x9F => CP1252_HIGH[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

/// `bytes` as text: borrowed when valid UTF-8, else each byte as Windows-1252.
pub(super) fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| cp1252_char(b)).collect()),
    }
}

/// Appends `bytes` to `out` as UTF-8: copied when valid UTF-8, else each byte as
/// Windows-1252 (or always so when `single_byte`, for a file that declares a single-byte
/// encoding).
pub(super) fn push_utf8(out: &mut Vec<u8>, bytes: &[u8], single_byte: bool) {
    if !single_byte && std::str::from_utf8(bytes).is_ok() {
        out.extend_from_slice(bytes);
        return;
    }
    let mut tmp = [0u8; 4];
    for &b in bytes {
        if b.is_ascii() {
            out.push(b);
        } else {
            out.extend_from_slice(cp1252_char(b).encode_utf8(&mut tmp).as_bytes());
        }
    }
}
