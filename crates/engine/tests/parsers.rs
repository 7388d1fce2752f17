//! Property tests for every parser that reads outside input: TRF ([`trf::parse`], also from raw
//! bytes through [`trf::decode`]), Crosstable JSON ([`json::parse`]) and the share link
//! ([`share::decode`]).
//!
//! Each parser must (a) never panic on arbitrary input, (b) never panic on valid files with a few
//! edits (characters flipped, inserted or deleted, lines duplicated or dropped, digits changed),
//! and (c) whenever it accepts an input, give a tournament that is written and read back as
//! itself. The fuzz targets in `fuzz/` run the same checks for as long as one likes; these cases
//! keep the suite at a few seconds.

use engine::share::{self, Shared, SharedView};
use engine::{example, json, trf, Tournament};
use proptest::prelude::*;
use proptest::sample::{select, Index};
use std::path::PathBuf;

/// A few small reference files, each exercising a different part of the TRF reader: a Swiss
/// with pairing-allocated byes, a round-robin with a withdrawal, a TRF-2026 file (acceleration
/// and prohibited-pairing records) and a Latin-1 Swiss with double forfeits.
const TRF_SEEDS: [&str; 4] = [
    "dutch/t001/full.trf",
    "tiebreaks/rr-01/input.trf",
    "dutch-2026/t032/r01.trf",
    "tiebreaks/tec-exercise-swiss-de/input.trf",
];

fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    trf::decode(&bytes)
}

/// The TRF seeds plus the app's examples as TRF.
fn trf_seeds() -> Vec<String> {
    let mut seeds: Vec<String> = TRF_SEEDS.iter().map(|name| fixture(name)).collect();
    seeds.push(trf::write(&example::withdrawal()));
    seeds.push(trf::write(&example::complete()));
    seeds
}

/// The examples and two fixtures as Crosstable JSON files.
fn json_seeds() -> Vec<String> {
    let mut events = vec![example::withdrawal(), example::complete()];
    for name in &TRF_SEEDS[..2] {
        events.push(trf::parse(&fixture(name)).expect("a seed fixture imports"));
    }
    events.iter().map(json::to_string).collect()
}

fn shared_of(tournament: Tournament, view: SharedView) -> Shared {
    Shared {
        view,
        tournament,
        player: Some(2),
        round: Some(3),
        game: None,
        k: 4.5,
        expectation: engine::elo::Expectation::Fide,
    }
}

/// One edit of a text, positions taken modulo its length (in characters, so an edit never
/// splits a UTF-8 sequence).
#[derive(Clone, Debug)]
enum Edit {
    Replace(Index, char),
    Insert(Index, char),
    Delete(Index),
    /// Sets the digit at or after the position (wrapping round) to this one.
    Digit(Index, char),
    DuplicateLine(Index),
    DropLine(Index),
    SwapLines(Index, Index),
}

/// Characters that mean something to one of the parsers, and a few that mean nothing.
fn interesting_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => select(
            " 0123456789-+=.,:;\"{}[]\\/\nwbWBhHfFuUzZxXdDlL\r\t\u{0}\u{feff}é½".chars().collect::<Vec<_>>()
        ),
        1 => any::<char>(),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => (any::<Index>(), interesting_char()).prop_map(|(i, c)| Edit::Replace(i, c)),
        2 => (any::<Index>(), interesting_char()).prop_map(|(i, c)| Edit::Insert(i, c)),
        2 => any::<Index>().prop_map(Edit::Delete),
        3 => (any::<Index>(), select("0123456789".chars().collect::<Vec<_>>()))
            .prop_map(|(i, d)| Edit::Digit(i, d)),
        1 => any::<Index>().prop_map(Edit::DuplicateLine),
        1 => any::<Index>().prop_map(Edit::DropLine),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Edit::SwapLines(a, b)),
    ]
}

/// Edits for JSON files: mostly digits (a rating, a result, a round, a start number), since almost
/// any other edit of JSON text is a syntax error that never reaches the tournament reader.
fn json_edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        8 => (any::<Index>(), select("0123456789".chars().collect::<Vec<_>>()))
            .prop_map(|(i, d)| Edit::Digit(i, d)),
        1 => edit(),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        match e {
            Edit::Replace(i, c) if !chars.is_empty() => {
                let at = i.index(chars.len());
                chars[at] = *c;
            }
            Edit::Insert(i, c) => {
                let at = i.index(chars.len() + 1);
                chars.insert(at, *c);
            }
            Edit::Delete(i) if !chars.is_empty() => {
                chars.remove(i.index(chars.len()));
            }
            Edit::Digit(i, d) if !chars.is_empty() => {
                let start = i.index(chars.len());
                let n = chars.len();
                if let Some(at) = (0..n)
                    .map(|k| (start + k) % n)
                    .find(|&k| chars[k].is_ascii_digit())
                {
                    chars[at] = *d;
                }
            }
            Edit::DuplicateLine(_) | Edit::DropLine(_) | Edit::SwapLines(..) => {
                let joined: String = chars.iter().collect();
                let mut lines: Vec<&str> = joined.split('\n').collect();
                match e {
                    Edit::DuplicateLine(i) => {
                        let at = i.index(lines.len());
                        lines.insert(at, lines[at]);
                    }
                    Edit::DropLine(i) if lines.len() > 1 => {
                        lines.remove(i.index(lines.len()));
                    }
                    Edit::SwapLines(a, b) => {
                        let (a, b) = (a.index(lines.len()), b.index(lines.len()));
                        lines.swap(a, b);
                    }
                    _ => {}
                }
                chars = lines.join("\n").chars().collect();
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// What every accepted TRF file must satisfy: its export reads back as the same tournament, and
/// exporting that again gives the same text.
fn trf_round_trips(t: &Tournament) -> Result<(), TestCaseError> {
    let written = trf::write(t);
    let back = trf::parse(&written)
        .map_err(|e| TestCaseError::fail(format!("the export does not import: {e}\n{written}")))?;
    prop_assert_eq!(&back, t, "the export reads back differently:\n{}", written);
    prop_assert_eq!(trf::write(&back), written);
    Ok(())
}

fn json_round_trips(t: &Tournament) -> Result<(), TestCaseError> {
    let written = json::to_string(t);
    let back = json::parse(&written)
        .map_err(|e| TestCaseError::fail(format!("the export does not import: {e}")))?;
    prop_assert_eq!(&back, t);
    Ok(())
}

fn share_round_trips(s: &Shared) -> Result<(), TestCaseError> {
    let link = share::encode(s);
    let back = share::decode(&link)
        .map_err(|e| TestCaseError::fail(format!("the link does not open again: {e}")))?;
    prop_assert_eq!(&back, s);
    Ok(())
}

/// A line that looks like TRF: a known record code, then characters from the TRF alphabet.
fn trf_like_line() -> impl Strategy<Value = String> {
    let codes = vec![
        "001", "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122",
        "132", "142", "152", "162", "172", "182", "192", "202", "212", "222", "232", "242", "252",
        "260", "XXR", "XXC", "XXS", "XXT", "XXZ", "BBW", "BBD", "BBL", "BBF", "BBU", "BBX",
    ];
    (select(codes), "[ 0-9wbhfuzdlWBHFUZDL+=.-]{0,120}")
        .prop_map(|(code, rest)| format!("{code}{rest}"))
}

/// `v1.` and base64url of the raw deflate of `document`, as links are made.
fn packed_link(document: &[u8]) -> String {
    use base64::Engine as _;
    let packed = miniz_oxide::deflate::compress_to_vec(document, 6);
    format!(
        "v1.{}",
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(packed)
    )
}

/// The JSON document inside a link, as [`share::encode`] writes it.
fn link_document(s: &Shared) -> String {
    use base64::Engine as _;
    let packed = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(&share::encode(s)[3..])
        .expect("encode writes base64url");
    let json = miniz_oxide::inflate::decompress_to_vec(&packed).expect("encode deflates");
    String::from_utf8(json).expect("the document is JSON text")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn trf_arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        if let Ok(t) = trf::parse(&trf::decode(&bytes)) {
            trf_round_trips(&t)?;
        }
    }

    #[test]
    fn trf_like_lines_never_panic(lines in proptest::collection::vec(trf_like_line(), 0..24)) {
        if let Ok(t) = trf::parse(&lines.join("\n")) {
            trf_round_trips(&t)?;
        }
    }

    #[test]
    fn json_arbitrary_text_never_panics(text in any::<String>()) {
        if let Ok(t) = json::parse(&text) {
            json_round_trips(&t)?;
        }
    }

    #[test]
    fn share_arbitrary_links_never_panic(
        text in any::<String>(),
        body in "[A-Za-z0-9_-]{0,200}",
        document in proptest::collection::vec(any::<u8>(), 0..200),
    ) {
        for link in [text, format!("v1.{body}"), packed_link(&document)] {
            if let Ok(s) = share::decode(&link) {
                share_round_trips(&s)?;
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn trf_mutated_files_never_panic_and_round_trip(
        seed in any::<Index>(),
        edits in proptest::collection::vec(edit(), 1..6),
    ) {
        let seeds = trf_seeds();
        let text = apply(seeds[seed.index(seeds.len())].as_str(), &edits);
        if let Ok(t) = trf::parse(&text) {
            trf_round_trips(&t)?;
        }
        // The same file as bytes in Latin-1, as an old program would have saved it.
        if let Ok(t) = trf::parse(&trf::decode(&text.chars().map(|c| c as u8).collect::<Vec<_>>())) {
            trf_round_trips(&t)?;
        }
    }

    #[test]
    fn json_mutated_files_never_panic_and_round_trip(
        seed in any::<Index>(),
        edits in proptest::collection::vec(json_edit(), 1..4),
    ) {
        let seeds = json_seeds();
        let text = apply(seeds[seed.index(seeds.len())].as_str(), &edits);
        if let Ok(t) = json::parse(&text) {
            json_round_trips(&t)?;
        }
    }

    #[test]
    fn share_mutated_links_never_panic_and_round_trip(
        seed in any::<Index>(),
        edits in proptest::collection::vec(edit(), 1..4),
    ) {
        let views = [SharedView::Withdrawal, SharedView::Sensitivity, SharedView::Whatif];
        let view = views[seed.index(views.len())];
        let shared = shared_of(example::withdrawal(), view);
        // Edits of the link itself: almost always a damaged link, never a panic.
        if let Ok(s) = share::decode(&apply(&share::encode(&shared), &edits)) {
            share_round_trips(&s)?;
        }
        // Edits of the document inside a well-formed link reach the event reader.
        if let Ok(s) = share::decode(&packed_link(apply(&link_document(&shared), &edits).as_bytes())) {
            share_round_trips(&s)?;
        }
    }
}

#[test]
fn the_seeds_themselves_parse_and_round_trip() {
    for text in trf_seeds() {
        let t = trf::parse(&text).expect("a TRF seed imports");
        trf_round_trips(&t).expect("a TRF seed round-trips");
    }
    for text in json_seeds() {
        let t = json::parse(&text).expect("a JSON seed imports");
        json_round_trips(&t).expect("a JSON seed round-trips");
    }
    let shared = shared_of(example::withdrawal(), SharedView::Whatif);
    assert_eq!(
        share::decode(&packed_link(link_document(&shared).as_bytes())),
        Ok(shared)
    );
}

/// The round-trip properties above only bite on edited files that are still accepted: make sure
/// the edits leave many of them readable (a rating or a result changed, a line duplicated…).
#[test]
fn many_edited_files_are_still_accepted() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let trf_strategy = (any::<Index>(), proptest::collection::vec(edit(), 1..6));
    let json_strategy = (any::<Index>(), proptest::collection::vec(json_edit(), 1..4));
    let (trf_texts, json_texts) = (trf_seeds(), json_seeds());
    let (mut trf_accepted, mut json_accepted) = (0, 0);
    let tries = 200;
    for _ in 0..tries {
        let (seed, edits) = trf_strategy
            .new_tree(&mut runner)
            .expect("a case")
            .current();
        let trf_text = apply(&trf_texts[seed.index(trf_texts.len())], &edits);
        trf_accepted += usize::from(trf::parse(&trf_text).is_ok());
        let (seed, edits) = json_strategy
            .new_tree(&mut runner)
            .expect("a case")
            .current();
        let json_text = apply(&json_texts[seed.index(json_texts.len())], &edits);
        json_accepted += usize::from(json::parse(&json_text).is_ok());
    }
    eprintln!("of {tries} edited files, TRF accepted {trf_accepted}, JSON {json_accepted}");
    assert!(
        trf_accepted >= tries / 10 && json_accepted >= tries / 20,
        "of {tries} edited files, TRF accepted {trf_accepted}, JSON {json_accepted}"
    );
}
