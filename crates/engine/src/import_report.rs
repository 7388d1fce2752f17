//! What an import did with a file (issue 30): what was read (players, rounds, games), what was
//! converted (a pairing program's record written in its TRF-2026 form, a count recomputed,
//! round codes re-spelled), and what was kept but not used (another program's records, a
//! team tournament's team records), each with its line. Typed, so that the CLI prints it in
//! English ([`fmt::Display`]) and the app words it in the reader's language.
//!
//! The report describes a file that was read whole: a file that is refused has no report, only
//! its error, and nothing of it is imported.

use crate::io::{detect, FileFormat, Imported};
use crate::model::StartNo;
use crate::trf::layout::{record_code, COL_FIRST_ROUND, COL_START_NO, ROUND_WIDTH};
use std::fmt;

/// What an import read, converted and left unused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportReport {
    /// The format the file was read as.
    pub format: FileFormat,
    /// Players of the event.
    pub players: usize,
    /// Rounds the event holds (up to the last with an entry).
    pub rounds: usize,
    /// Games (played, forfeited or still to be played).
    pub games: usize,
    /// What the export writes in another form, with its line in the file.
    pub converted: Vec<Converted>,
    /// Records kept and written back on export but not used here, with their lines.
    pub unused: Vec<Unused>,
}

/// One converted record (or `001` record's round codes) of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted {
    pub line: usize,
    pub kind: Conversion,
}

/// How a record is converted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Conversion {
    /// A pairing program's extension written as TRF-2026's record: JaVaFo's `XXR` → `142`,
    /// `XXC` → `152`, `XXA` → `250`, `XXP` → `260`; bbpPairings' `BBW`…`BBU` → `162`.
    Record { from: String, to: &'static str },
    /// A count (`062` players, `072` rated players) that disagrees with the players: the
    /// export writes the count of the event.
    Recomputed {
        code: String,
        found: String,
        written: String,
    },
    /// A player's round codes in lower case or `*` (as TRF16 programs write them), written in
    /// upper case and `*` as blank.
    RoundCodes { player: StartNo },
}

/// One record kept verbatim, not used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unused {
    pub line: usize,
    /// The record code (`IND`, `172`, `310`, …).
    pub code: String,
    /// A team tournament's record: team standings are not computed yet.
    pub team: bool,
}

impl ImportReport {
    /// The report of `imported`, read from `text` (the text [`crate::io::import`] was given).
    pub fn of(text: &str, imported: &Imported) -> ImportReport {
        let t = &imported.tournament;
        let mut report = ImportReport {
            format: detect(text),
            players: t.players.len(),
            rounds: t.rounds.len(),
            games: t.rounds.iter().map(|r| r.games.len()).sum(),
            converted: Vec::new(),
            unused: Vec::new(),
        };
        if report.format == FileFormat::Trf {
            report.scan_trf(text, crate::trf::player_counts(t));
        }
        report
    }

    /// True when the file is a team tournament's (it has team records).
    pub fn is_team_event(&self) -> bool {
        self.unused.iter().any(|u| u.team)
    }

    /// Sorts every record of a TRF file into read, converted or unused.
    /// `counts`: the numbers of players and rated players the export writes (`062`, `072`).
    fn scan_trf(&mut self, text: &str, (players, rated): (usize, usize)) {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let count = |code: &str| if code == "062" { players } else { rated }.to_string();
        let team = crate::trf::read::is_team_file(crate::trf::read::lines(text));
        // bbpPairings' point records give way to a `162` (the reader warns at each).
        let has_162 = crate::trf::read::lines(text).any(|l| l.starts_with("162"));
        for (i, line) in crate::trf::read::lines(text).enumerate() {
            let line_no = i + 1;
            let chars: Vec<char> = line.chars().collect();
            // As the reader: the layout line's `DDD` is no record's code.
            let Some(code) = record_code(&chars).filter(|c| c != "DDD") else {
                continue; // blank lines and column rulers
            };
            let value = line.get(3..).unwrap_or("").trim().to_ascii_lowercase();
            match code.as_str() {
                "001" => {
                    if let Some(player) = respelled_round_codes(&chars) {
                        self.convert(line_no, Conversion::RoundCodes { player });
                    }
                }
                "062" | "072" => {
                    let (found, written) = (line[3..].trim().to_owned(), count(&code));
                    if found != written {
                        let kind = Conversion::Recomputed {
                            code,
                            found,
                            written,
                        };
                        self.convert(line_no, kind);
                    }
                }
                "XXC" => {
                    // `white1`/`black1` become `152`; other options (`rank`) are kept, unused.
                    let mut tokens = value.split_whitespace();
                    if tokens.clone().any(|t| t == "white1" || t == "black1") {
                        self.record(line_no, code.clone(), "152");
                    }
                    if tokens.any(|t| t != "white1" && t != "black1") {
                        self.unused(line_no, code, false);
                    }
                }
                "XXR" => self.record(line_no, code, "142"),
                "XXA" => self.record(line_no, code, "250"),
                "XXP" => self.record(line_no, code, "260"),
                "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" if !has_162 => {
                    self.record(line_no, code, "162")
                }
                "240" | "250" | "260" if team => self.unused(line_no, code, true),
                c if is_team_record(c) => self.unused(line_no, code, true),
                c if READ.contains(&c) || c == "###" => {}
                _ => self.unused(line_no, code, false),
            }
        }
    }

    fn convert(&mut self, line: usize, kind: Conversion) {
        self.converted.push(Converted { line, kind });
    }

    fn record(&mut self, line: usize, from: String, to: &'static str) {
        self.convert(line, Conversion::Record { from, to });
    }

    fn unused(&mut self, line: usize, code: String, team: bool) {
        self.unused.push(Unused { line, code, team });
    }
}

/// The records the reader takes into the event (the rest are converted or kept unused).
const READ: &[&str] = &[
    "012", "022", "032", "042", "052", "082", "092", "102", "112", "122", "132", "142", "152",
    "162", "192", "202", "212", "240", "250", "260", "XXW", "XXK", "XXG", "XXN", "XXT",
];

/// A team tournament's records: team composition (`013`), the team section (`3xx`) and the
/// team round results (`801`, `802`).
fn is_team_record(code: &str) -> bool {
    code == "013"
        || code == "801"
        || code == "802"
        || (code.starts_with('3') && code.bytes().all(|b| b.is_ascii_digit()))
}

/// The start number of a `001` record whose round codes the export re-spells (a letter code
/// in lower case, or `*`), if it has any.
fn respelled_round_codes(chars: &[char]) -> Option<StartNo> {
    let respelled = (0..)
        .map(|k| COL_FIRST_ROUND - 1 + ROUND_WIDTH * k + 7)
        .take_while(|&i| i < chars.len())
        .any(|i| chars[i] == '*' || chars[i].is_ascii_lowercase());
    if !respelled {
        return None;
    }
    let start: String = chars
        .iter()
        .skip(COL_START_NO.0 - 1)
        .take(COL_START_NO.1 + 1 - COL_START_NO.0)
        .collect::<String>()
        .trim()
        .to_owned();
    start.parse().ok()
}

impl fmt::Display for Conversion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Conversion::Record { from, to } => write!(f, "{from} is written as {to}"),
            Conversion::Recomputed {
                code,
                found,
                written,
            } => write!(
                f,
                "{code} says {found:?}, the players make {written:?}: written as counted"
            ),
            Conversion::RoundCodes { player } => write!(
                f,
                "player {player}'s round codes are written in upper case, * as blank"
            ),
        }
    }
}

impl fmt::Display for Unused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.team {
            write!(
                f,
                "{}: a team record, kept and written back; team standings are not computed yet",
                self.code
            )
        } else {
            write!(f, "{}: kept and written back, not used", self.code)
        }
    }
}

/// The report in English, a line each: what was read, then each conversion and each unused
/// record with its line, then a team tournament's team records in one line.
impl fmt::Display for ImportReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "read {} file whole: {} players, {} rounds, {} games; {} converted, {} kept unused",
            self.format,
            self.players,
            self.rounds,
            self.games,
            self.converted.len(),
            self.unused.len()
        )?;
        for c in &self.converted {
            write!(f, "\nconverted: line {}: {}", c.line, c.kind)?;
        }
        for u in self.unused.iter().filter(|u| !u.team) {
            write!(f, "\nnot used: line {}: {u}", u.line)?;
        }
        // A team event has hundreds of team records: said once, from its first line.
        let team: Vec<&Unused> = self.unused.iter().filter(|u| u.team).collect();
        if let Some(first) = team.first() {
            write!(
                f,
                "\nteam tournament: {} team records from line {} are kept and written back; its \
                 players and games are read, team standings are not computed yet",
                team.len(),
                first.line
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::import;

    fn report(text: &str) -> ImportReport {
        ImportReport::of(text, &import(text).expect("reads"))
    }

    const PLAYERS: &str = "\
001    1      A                                 2000                             1.0    1     2 w 1
001    2      B                                 1900                             0.0    2     1 b 0
";

    #[test]
    fn counts_what_was_read() {
        let r = report(&format!("012 E\nXXR 3\n{PLAYERS}"));
        assert_eq!((r.players, r.rounds, r.games), (2, 1, 1));
        assert_eq!(r.format, FileFormat::Trf);
        let first = r.to_string();
        assert!(
            first.starts_with("read TRF file whole: 2 players, 1 rounds, 1 games"),
            "{first}"
        );
    }

    #[test]
    fn lists_conversions_with_their_lines() {
        let text = format!("012 E\n062 12\n072 2\nXXR 3\nXXC white1\n{PLAYERS}");
        let r = report(&text.replace("2 w 1", "2 w W").replace("1 b 0", "1 b l"));
        assert_eq!(
            r.converted,
            vec![
                Converted {
                    line: 2,
                    kind: Conversion::Recomputed {
                        code: "062".into(),
                        found: "12".into(),
                        written: "2".into()
                    }
                },
                Converted {
                    line: 4,
                    kind: Conversion::Record {
                        from: "XXR".into(),
                        to: "142"
                    }
                },
                Converted {
                    line: 5,
                    kind: Conversion::Record {
                        from: "XXC".into(),
                        to: "152"
                    }
                },
                Converted {
                    line: 7,
                    kind: Conversion::RoundCodes { player: 2 }
                },
            ]
        );
        assert!(r.unused.is_empty());
        assert!(r
            .to_string()
            .contains("\nconverted: line 4: XXR is written as 142"));
    }

    /// What the reader does with a line, the report says: the layout line is no record, a
    /// `BB` point record beside a `162` is not used, and `XXC white1 rank` is half converted,
    /// half kept.
    #[test]
    fn says_what_the_reader_did_with_each_line() {
        let text = format!(
            "012 E\nDDD SSSS sTTT NNNN\n162  W 3.0    D 1.0    L 0.0    Z 0.0    P 3.0\nBBW  3.0\nXXC white1 rank\n{PLAYERS}"
        );
        let imported = import(&text).expect("reads");
        let r = ImportReport::of(&text, &imported);
        let unused: Vec<(usize, &str)> =
            r.unused.iter().map(|u| (u.line, u.code.as_str())).collect();
        assert_eq!(unused, vec![(4, "BBW"), (5, "XXC")]);
        assert_eq!(
            r.converted,
            vec![Converted {
                line: 5,
                kind: Conversion::Record {
                    from: "XXC".into(),
                    to: "152"
                }
            }]
        );
        // Each line the report calls unused, the reader warned about.
        let mut warned: Vec<usize> = imported
            .warnings
            .iter()
            .filter(|w| matches!(w.kind, crate::trf::TrfWarningKind::RecordNotUsed { .. }))
            .map(|w| w.line)
            .collect();
        warned.sort_unstable();
        assert_eq!(warned, vec![4, 5]);
    }

    #[test]
    fn team_records_are_kept_and_said() {
        let text = format!(
            "012 E\n{PLAYERS}310   1 Team                             XXX   2000      1.0    1.0   1     1    2\n240 H   1    1\nIND    1\n"
        );
        let r = report(&text);
        let unused: Vec<(usize, &str, bool)> = r
            .unused
            .iter()
            .map(|u| (u.line, u.code.as_str(), u.team))
            .collect();
        assert_eq!(
            unused,
            vec![(4, "310", true), (5, "240", true), (6, "IND", false)]
        );
        assert!(r.is_team_event());
        assert!(r.to_string().ends_with(
            "team tournament: 2 team records from line 4 are kept and written back; its players \
             and games are read, team standings are not computed yet"
        ));
        // Without the team record, the same 240 is the player's bye, read.
        let r = report(&format!("012 E\nXXR 2\n{PLAYERS}240 H   2    1\n"));
        assert!(r.unused.is_empty() && !r.is_team_event(), "{r:?}");
    }

    #[test]
    fn a_pgn_file_has_counts_only() {
        let text =
            "[Event \"E\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1-0\n";
        let r = report(text);
        assert_eq!(
            (r.format, r.players, r.rounds, r.games),
            (FileFormat::Pgn, 2, 1, 1)
        );
        assert!(r.converted.is_empty() && r.unused.is_empty());
    }
}
