//! File bytes as text. TRF files come as UTF-8 (with or without a byte-order mark), as Latin-1
//! (ISO 8859-1, the traditional TRF encoding) and, from some Windows programs, as UTF-16; the
//! first two are told apart by UTF-8's validity, UTF-16 by its byte-order mark or, without one,
//! by the zero byte beside each ASCII character (a TRF file starts with a record code). Anything
//! else with zero bytes is not text this program reads.

use std::fmt;

/// Why file bytes are not text [`decode_text`] reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// UTF-16 (by its byte-order mark or its zero bytes) that does not decode: an odd number
    /// of bytes or a broken surrogate pair at byte `offset`.
    BadUtf16 { big_endian: bool, offset: usize },
    /// A zero byte at `offset` in a file that is not UTF-16: a binary file, or UTF-32.
    ZeroByte { offset: usize },
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::BadUtf16 { big_endian, offset } => write!(
                f,
                "the file is UTF-16 ({}) but does not decode at byte {offset}; save it again \
                 as UTF-8 (or UTF-16 from a program that writes it whole)",
                if *big_endian {
                    "big-endian"
                } else {
                    "little-endian"
                }
            ),
            DecodeError::ZeroByte { offset } => write!(
                f,
                "byte {offset} is a zero byte: this is not a text file in UTF-8, Latin-1 or \
                 UTF-16 (UTF-32 is not read); save it as UTF-8 text"
            ),
        }
    }
}

impl std::error::Error for DecodeError {}

/// Reads `bytes` as text: a UTF-8 byte-order mark is dropped; UTF-16 (little- or big-endian,
/// with a byte-order mark or recognised by a zero first or second byte) is decoded; otherwise
/// UTF-8 when valid, else Latin-1, in which every byte is one character. Refused, with the
/// encoding named: UTF-16 that does not decode, and zero bytes in anything else.
pub fn decode_text(bytes: &[u8]) -> Result<String, DecodeError> {
    if let Some(rest) = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        return single_byte(rest, 3);
    }
    let utf16 = match bytes {
        [0xFF, 0xFE, ..] => Some((false, 2)),
        [0xFE, 0xFF, ..] => Some((true, 2)),
        [a, 0, ..] if *a != 0 => Some((false, 0)),
        [0, b, ..] if *b != 0 => Some((true, 0)),
        _ => None,
    };
    match utf16 {
        Some((big_endian, skip)) => utf16_text(&bytes[skip..], big_endian, skip),
        None => single_byte(bytes, 0),
    }
}

/// UTF-8 when valid, else Latin-1; `skipped` bytes came before `bytes` (for the offset).
fn single_byte(bytes: &[u8], skipped: usize) -> Result<String, DecodeError> {
    if let Some(i) = bytes.iter().position(|&b| b == 0) {
        return Err(DecodeError::ZeroByte {
            offset: i + skipped,
        });
    }
    Ok(match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    })
}

fn utf16_text(bytes: &[u8], big_endian: bool, skipped: usize) -> Result<String, DecodeError> {
    let bad = |offset: usize| DecodeError::BadUtf16 { big_endian, offset };
    if bytes.len() % 2 == 1 {
        return Err(bad(skipped + bytes.len() - 1));
    }
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|c| {
            if big_endian {
                u16::from_be_bytes([c[0], c[1]])
            } else {
                u16::from_le_bytes([c[0], c[1]])
            }
        })
        .collect();
    let mut text = String::with_capacity(units.len());
    // Code units read so far, for the byte offset of a fault.
    let mut read = 0;
    for c in char::decode_utf16(units.iter().copied()) {
        match c {
            // A zero character is no more text in UTF-16 than in UTF-8 (UTF-32 lands here).
            Ok('\0') | Err(_) => return Err(bad(skipped + 2 * read)),
            Ok(c) => {
                read += c.len_utf16();
                text.push(c);
            }
        }
    }
    Ok(text
        .strip_prefix('\u{feff}')
        .map(str::to_owned)
        .unwrap_or(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16(text: &str, big_endian: bool, bom: bool) -> Vec<u8> {
        let mut out = Vec::new();
        let units = (if bom { "\u{feff}" } else { "" }).encode_utf16();
        for u in units.chain(text.encode_utf16()) {
            out.extend(if big_endian {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            });
        }
        out
    }

    #[test]
    fn every_encoding_a_trf_comes_in_reads_the_same() {
        let text = "012 Open de Besançon\r\n001    1 m    Müller, José";
        let mut latin1: Vec<u8> = Vec::new();
        for c in text.chars() {
            latin1.push(u8::try_from(u32::from(c)).unwrap());
        }
        let mut bom8 = vec![0xEF, 0xBB, 0xBF];
        bom8.extend(text.as_bytes());
        for (what, bytes) in [
            ("utf-8", text.as_bytes().to_vec()),
            ("utf-8 with bom", bom8),
            ("latin-1", latin1),
            ("utf-16le bom", utf16(text, false, true)),
            ("utf-16be bom", utf16(text, true, true)),
            ("utf-16le", utf16(text, false, false)),
            ("utf-16be", utf16(text, true, false)),
        ] {
            assert_eq!(decode_text(&bytes).as_deref(), Ok(text), "{what}");
        }
    }

    #[test]
    fn what_is_not_text_is_refused_naming_the_encoding() {
        let mut odd = utf16("012 x", false, true);
        odd.push(b'y');
        assert_eq!(
            decode_text(&odd),
            Err(DecodeError::BadUtf16 {
                big_endian: false,
                offset: 12
            })
        );
        let mut lone = utf16("012 ", true, true);
        lone.extend([0xD8, 0x00, 0x00, 0x41]);
        let e = decode_text(&lone).unwrap_err();
        assert!(e.to_string().contains("UTF-16 (big-endian)"), "{e}");
        let e = decode_text(b"012 a\0b").unwrap_err();
        assert_eq!(e, DecodeError::ZeroByte { offset: 5 });
        assert!(e.to_string().contains("UTF-8"), "{e}");
    }
}
