//! Files from the world (issue 30): every file of `fixtures/corpus/` — published by other open
//! programs, their provenance in its README — is either read whole and converted faithfully,
//! or refused with its own message naming its line. [`CORPUS`] says which, file by file; a
//! file added to the folder without an entry here fails the test.
//!
//! * A TRF file read whole goes TRF → TRF and TRF → JSON → TRF: both routes write the same
//!   text, which equals the input modulo the writer's normalisation (`support/trf_normalise.rs`)
//!   and reads back as the same event.
//! * A PGN file read whole becomes an event of the players, rounds and games listed; its TRF
//!   reads back to an event that writes the same TRF (board order aside, which TRF does not
//!   keep), and its JSON reads back to the same event.
//!
//! Besides, every event the generator makes goes TRF → JSON → TRF unchanged (a seeded loop).

use engine::generate::{generate, Config};
use engine::io::{self, FileFormat, ImportError};
use engine::trf::TrfWarningKind;
use engine::{json, trf, Tournament};
use std::path::{Path, PathBuf};

#[path = "support/trf_normalise.rs"]
mod trf_normalise;
use trf_normalise::{first_difference, normalise};

/// What a corpus file must do.
#[derive(Clone, Copy, Debug)]
enum Expect {
    /// A TRF file read whole, converted faithfully.
    Faithful,
    /// A PGN file read whole: an event of this many players, rounds and games.
    Event {
        players: usize,
        rounds: usize,
        games: usize,
    },
    /// Refused: the error names this line and says this.
    Refused { line: usize, says: &'static str },
    /// Read whole and faithfully but for the points column (81–84) of these lines, which
    /// disagrees with the results: the reader warns at each line's column 81 and an export
    /// writes the points the results give (the points column is derived, `trf` module docs).
    PointsRecomputed { lines: &'static [usize] },
}

use Expect::{Event, Faithful, PointsRecomputed, Refused};

/// CPPDubovSystem's own TRF writer puts dashes where the FIDE id goes.
const DASHED: &str =
    "expected the FIDE id (digits, or blank) in columns 58–68, but found \"-----------\"";
const DASHED_ID: Expect = Refused {
    line: 14,
    says: DASHED,
};

/// Every file of `fixtures/corpus/` and what it must do.
const CORPUS: &[(&str, Expect)] = &[
    // bbpPairings' tests: TRF16 with JaVaFo's XXR/XXC; issue_7 has old Mac line ends (\r).
    ("bbpPairings/dutch_2025_C5.input", Faithful),
    ("bbpPairings/dutch_2025_C9.input", Faithful),
    ("bbpPairings/issue_15.input", Faithful),
    ("bbpPairings/issue_7.input", Faithful),
    // echecsjs/trf's fixtures: FIDE's TRF-2026 team sample, a JaVaFo sample, a small team file,
    // and bbpPairings' issue files as that project edited them (\n line ends, an XXR added).
    ("echecsjs-trf/grandmommyscup.trf", Faithful),
    // A small hand-made file whose player records are shifted by a column from the FIDE id on
    // (the birth date starts in column 71): the points column would read the date's last digit.
    (
        "echecsjs-trf/trf26_team.trf",
        Refused {
            line: 13,
            says: "expected a blank at column 80 but found '3'",
        },
    ),
    // JaVaFo counts player 43's half-point bye requested for round 5, not yet paired, in the
    // points column (1.0); FIDE counts a bye once its round is paired (0.5), as an export does.
    (
        "echecsjs-trf/javafo_sample2.trf",
        PointsRecomputed { lines: &[56] },
    ),
    ("echecsjs-trf/issue_15.trf", Faithful),
    ("echecsjs-trf/issue_7.trf", Faithful),
    // CPPDubovSystem's tests: the older files read; the newer ones write dashes for the id.
    (
        "CPPDubovSystem/baku_test.trf",
        Refused {
            line: 15,
            says: DASHED,
        },
    ),
    ("CPPDubovSystem/parsing_test.trf", DASHED_ID),
    ("CPPDubovSystem/random1.trf", DASHED_ID),
    ("CPPDubovSystem/random2.trf", DASHED_ID),
    ("CPPDubovSystem/test.trf", DASHED_ID),
    ("CPPDubovSystem/test2.trf", DASHED_ID),
    (
        "CPPDubovSystem/random.trf",
        Refused {
            line: 14,
            says:
                "expected the FIDE id (digits, or blank) in columns 58–68, but found \"YER 1 2402\"",
        },
    ),
    ("CPPDubovSystem/final_test.trf", Faithful),
    ("CPPDubovSystem/test2-2.trf", Faithful),
    ("CPPDubovSystem/test2-3.trf", Faithful),
    ("CPPDubovSystem/test2-4.trf", Faithful),
    ("CPPDubovSystem/test2-5.trf", Faithful),
    ("CPPDubovSystem/test3.trf", Faithful),
    ("CPPDubovSystem/test3-2.trf", Faithful),
    ("CPPDubovSystem/test3-3.trf", Faithful),
    ("CPPDubovSystem/test3-4.trf", Faithful),
    ("CPPDubovSystem/test3-5.trf", Faithful),
    ("CPPDubovSystem/test4.trf", Faithful),
    // A lichess broadcast of a 10-player round-robin: tags only, `Round` as round.board.
    (
        "scalachess/uzchesscup.pgn",
        Event {
            players: 10,
            rounds: 9,
            games: 45,
        },
    ),
    // chess.js's PGN tests: single games, none of them an event.
    (
        "chess.js/0.pgn",
        Refused {
            line: 1,
            says: "unreadable tag",
        },
    ),
    (
        "chess.js/1.pgn",
        Refused {
            line: 1,
            says: "round 1 has no game although later rounds do",
        },
    ),
    (
        "chess.js/2.pgn",
        Refused {
            line: 4,
            says: "“?” is not a round number",
        },
    ),
    (
        "chess.js/3.pgn",
        Refused {
            line: 4,
            says: "“?” is not a round number",
        },
    ),
];

fn dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/corpus");
    assert!(dir.is_dir(), "the corpus is missing: {}", dir.display());
    dir
}

/// Every file of the corpus folder but its README, as `folder/name`.
fn files_on_disk() -> Vec<String> {
    let mut files = Vec::new();
    for source in std::fs::read_dir(dir()).expect("fixtures/corpus") {
        let source = source.expect("entry").path();
        if !source.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&source).expect("source folder") {
            let f = f.expect("entry").path();
            if let Ok(name) = f.strip_prefix(dir()) {
                files.push(name.display().to_string());
            }
        }
    }
    files.sort();
    files
}

/// The TRF checks on an event read from `text`; the failures, if any.
fn faithful_trf(name: &str, text: &str, t: &Tournament, failures: &mut Vec<String>) {
    let written = trf::write(t);
    match json::parse(&json::to_string(t)) {
        Ok(back) if trf::write(&back) == written => {}
        Ok(_) => failures.push(format!("{name}: TRF → JSON → TRF differs from TRF → TRF")),
        Err(e) => failures.push(format!("{name}: its JSON does not read: {e}")),
    }
    let mut output = normalise(&written);
    // A file that gives no number of rounds gets one, the rounds its players' records hold.
    let input = normalise(text);
    if !input.iter().any(|l| l.starts_with("142 ")) {
        output.retain(|l| !l.starts_with("142 "));
    }
    if input != output {
        failures.push(format!("{name}: {}", first_difference(&input, &output)));
    }
    match trf::parse(&written) {
        Ok(back) if &back == t => {}
        Ok(_) => failures.push(format!("{name}: the written file reads as another event")),
        Err(e) => failures.push(format!("{name}: the written file does not read: {e}")),
    }
}

/// `text` with the points column (81–84) of the player records on `lines` (from 1) taken from
/// the same player's record in `written`.
fn with_written_points(text: &str, lines: &[usize], written: &str) -> String {
    let start_no = |l: &str| l.get(4..8).map(str::to_owned);
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut line = line.to_owned();
        if lines.contains(&(i + 1)) {
            let own = written
                .lines()
                .find(|w| w.starts_with("001") && start_no(w) == start_no(&line))
                .unwrap_or_else(|| panic!("line {}: no written record of its player", i + 1));
            line.replace_range(80..84, &own[80..84]);
        }
        out.push(line);
    }
    out.join("\n")
}

/// The PGN checks: the event's size, and that it survives TRF and JSON.
fn pgn_event(name: &str, t: &Tournament, size: (usize, usize, usize), failures: &mut Vec<String>) {
    let games = t.rounds.iter().map(|r| r.games.len()).sum();
    let found = (t.players.len(), t.rounds.len(), games);
    if found != size {
        failures.push(format!(
            "{name}: read as (players, rounds, games) {found:?}, expected {size:?}"
        ));
    }
    // TRF keeps no board order (the `trf` module's "Round trip"): the event's TRF must read
    // back to an event that writes the same TRF.
    let written = trf::write(t);
    match trf::parse(&written) {
        Ok(back) if trf::write(&back) == written => {}
        Ok(_) => failures.push(format!("{name}: its TRF reads as another event")),
        Err(e) => failures.push(format!("{name}: its TRF does not read: {e}")),
    }
    match json::parse(&json::to_string(t)) {
        Ok(back) if &back == t => {}
        _ => failures.push(format!("{name}: its JSON does not read back the same")),
    }
}

/// The line an import error names (0 for a JSON error: the corpus has no JSON file).
fn error_line(e: &ImportError) -> usize {
    match e {
        ImportError::Trf(e) => e.line,
        ImportError::Pgn(e) => e.line,
        ImportError::Json(_) => 0,
    }
}

#[test]
fn every_corpus_file_is_read_whole_and_faithfully_or_refused_with_its_message() {
    let listed: Vec<String> = CORPUS.iter().map(|(f, _)| (*f).to_owned()).collect();
    let mut sorted = listed.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        files_on_disk(),
        "fixtures/corpus and the list CORPUS must name the same files"
    );
    assert!(CORPUS.len() >= 30, "the corpus keeps at least 30 files");
    let readme = std::fs::read_to_string(dir().join("README.md")).expect("corpus README");
    let mut failures = Vec::new();
    for (name, expect) in CORPUS {
        if !readme.contains(name) {
            failures.push(format!(
                "{name}: no provenance in fixtures/corpus/README.md"
            ));
        }
        let bytes = std::fs::read(dir().join(name)).expect("read");
        let text = match trf::decode_text(&bytes) {
            Ok(text) => text,
            Err(e) => {
                failures.push(format!("{name}: not text: {e}"));
                continue;
            }
        };
        match (io::import(&text), expect) {
            (Ok(read), Faithful) if io::detect(&text) == FileFormat::Trf => {
                faithful_trf(name, &text, &read.tournament, &mut failures)
            }
            (Ok(read), PointsRecomputed { lines }) => {
                let warned: Vec<usize> = read
                    .warnings
                    .iter()
                    .filter(|w| matches!(w.kind, TrfWarningKind::PointsDisagree { .. }))
                    .map(|w| w.line)
                    .collect();
                if warned != *lines {
                    failures.push(format!(
                        "{name}: points warned on lines {warned:?}, expected {lines:?}"
                    ));
                }
                let text = with_written_points(&text, lines, &trf::write(&read.tournament));
                faithful_trf(name, &text, &read.tournament, &mut failures)
            }
            (
                Ok(read),
                Event {
                    players,
                    rounds,
                    games,
                },
            ) if io::detect(&text) == FileFormat::Pgn => pgn_event(
                name,
                &read.tournament,
                (*players, *rounds, *games),
                &mut failures,
            ),
            (Err(e), Refused { line, says }) => {
                let message = e.to_string();
                if error_line(&e) != *line || !message.contains(says) {
                    failures.push(format!(
                        "{name}: refused with \"{message}\", expected line {line} and \"{says}\""
                    ));
                }
            }
            (Ok(_), expect) => failures.push(format!("{name}: read, expected {expect:?}")),
            (Err(e), expect) => {
                failures.push(format!("{name}: refused ({e}), expected {expect:?}"))
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} corpus files:\n{}",
        failures.len(),
        CORPUS.len(),
        failures.join("\n")
    );
}

/// The team sample is read for its players and games, and its team records come back as
/// they were, none of them applied to the players.
#[test]
fn fides_team_sample_keeps_its_team_records() {
    let text =
        std::fs::read_to_string(dir().join("echecsjs-trf/grandmommyscup.trf")).expect("read");
    let t = trf::parse(&text).expect("reads whole");
    assert_eq!(t.players.len(), 249);
    assert!(t.rules.accelerations.is_empty() && t.rules.prohibited.is_empty());
    assert!(t.requests.is_empty(), "team byes are no player's byes");
    let written = trf::write(&t);
    for code in [
        "013", "240", "250", "260", "300", "310", "320", "330", "801", "802", "082",
    ] {
        let lines = |s: &str| -> Vec<String> {
            s.lines()
                .filter(|l| l.starts_with(code))
                .map(|l| l.trim_end().to_owned())
                .collect()
        };
        assert_eq!(lines(&text), lines(&written), "the {code} records");
    }
}

/// Seeds walked by the generator property (each event a few milliseconds to write and read).
const GENERATED_SEEDS: u64 = 300;

#[test]
fn every_generated_event_goes_trf_json_trf_unchanged() {
    for seed in 0..GENERATED_SEEDS {
        let g = generate(seed, &Config::default()).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let text = trf::write(&g.tournament);
        let read = trf::parse(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let via_json = json::parse(&json::to_string(&read))
            .unwrap_or_else(|e| panic!("seed {seed}: its JSON does not read: {e}"));
        assert_eq!(trf::write(&via_json), text, "seed {seed}: TRF → JSON → TRF");
    }
}
