//! A TRF file compared with what the writer makes of it: the normalisation the `trf` module's
//! "Round trip" section lists, nothing else (shared by `trf_round_trip.rs` and `corpus.rs`).

/// What the writer normalises (the `trf` module's "Round trip" section): line ends (`\n`,
/// `\r\n` or a lone `\r`), trailing
/// blanks, blank lines and the spacing between the fields of records other than `001`; the
/// order of records (headers, rules, players by start number, our `XX` lines, then every kept
/// record in its order), so records are compared as a sorted list;
/// the `062`/`072` counts (recomputed); in each `001` record the rank (columns 86–89,
/// recomputed with the event's tie-breaks); JaVaFo's `XXR`/`XXC` written as TRF-2026's
/// `142`/`152`; a header with no value. Everything else must come back as it was.
pub fn normalise(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text
        .split(['\n', '\r'])
        .map(|l| l.trim_end().to_owned())
        .filter(|l| !l.is_empty())
        .filter(|l| !l.starts_with("062") && !l.starts_with("072"))
        // A header with no value (`022` alone) is not written.
        .filter(|l| l.len() > 3)
        .map(|l| {
            if l.starts_with("001") {
                let mut chars: Vec<char> = l.chars().collect();
                for c in chars.iter_mut().take(89).skip(85) {
                    *c = ' ';
                }
                chars.into_iter().collect::<String>().trim_end().to_owned()
            } else {
                // Spacing between the fields of a record that has no fixed columns.
                let l = l.split_whitespace().collect::<Vec<_>>().join(" ");
                // JaVaFo's rounds and initial colour in their TRF-2026 forms.
                match l.as_str() {
                    "XXC white1" => "152 W".to_owned(),
                    "XXC black1" => "152 B".to_owned(),
                    _ => match l.strip_prefix("XXR ") {
                        Some(rounds) => format!("142 {rounds}"),
                        None => l,
                    },
                }
            }
        })
        .collect();
    lines.sort();
    lines
}

/// The first difference between two normalised files, for the failure message.
pub fn first_difference(a: &[String], b: &[String]) -> String {
    let missing = a.iter().find(|l| !b.contains(l));
    let added = b.iter().find(|l| !a.contains(l));
    format!("input line {missing:?}, written line {added:?}")
}
