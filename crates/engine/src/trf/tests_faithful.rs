//! Conversion is faithful (issue 30) and the pairing programs' records are honoured (issue 29):
//! what a file says comes back out as it said it, what Crosstable does not read is kept with a
//! warning, and `XXA`/`XXP`/`BBx` mean what their `250`/`260`/`162` forms mean.

use super::*;
use crate::dutch::{pair_next_round, DutchRules};
use crate::model::{ByeKind, ByeSpelling, Color, StartNo};

/// A `001` record with a rating and round blocks (TRF16 columns).
fn player(start: StartNo, rating: u16, blocks: &[&str]) -> String {
    let name = format!("Player {start}");
    format!(
        "001 {start:>4}      {name:<33} {rating:>4}{:39}{}\n",
        "",
        blocks.join("  ")
    )
}

/// Four players, two rounds of a five-round Swiss: player 4 lost round 2 by forfeit (not a
/// withdrawal), player 2's round-2 absence is written `0000 - -`, player 3's full-point bye
/// `0000 - +`.
fn mid_swiss() -> String {
    [
        "012 Faithful\n092 Individual: Swiss-System\n142 5\n".to_owned(),
        player(1, 2400, &["   3 w 1", "   4 w +"]),
        player(2, 2300, &["   4 b 1", "0000 - -"]),
        player(3, 2200, &["   1 b 0", "0000 - +"]),
        player(4, 2100, &["   2 w 0", "   1 b -"]),
    ]
    .concat()
}

#[test]
fn a_forfeit_loss_is_not_declared_a_withdrawal() {
    let t = parse(&mid_swiss()).expect("valid");
    assert!(t.withdrawals.is_empty());
    // The results do show one, for a caller that asks.
    assert_eq!(t.detect_withdrawals().len(), 1);
    let written = write(&t);
    assert!(!written.contains("XXW"), "{written}");
    assert_eq!(parse(&written), Ok(t));
}

#[test]
fn byes_keep_the_code_the_file_wrote() {
    let t = parse(&mid_swiss()).expect("valid");
    assert_eq!(
        t.bye_spellings,
        vec![
            ByeSpelling {
                round: 2,
                player: 2,
                code: '-'
            },
            ByeSpelling {
                round: 2,
                player: 3,
                code: '+'
            },
        ]
    );
    assert_eq!(
        t.rounds[1].entry(2),
        crate::model::Entry::Bye(ByeKind::Zero)
    );
    assert_eq!(
        t.rounds[1].entry(3),
        crate::model::Entry::Bye(ByeKind::Full)
    );
    let written = write(&t);
    let line = |p: usize| written.lines().filter(|l| l.starts_with("001")).nth(p - 1);
    assert!(
        line(2).is_some_and(|l| l.ends_with("0000 - -")),
        "{written}"
    );
    assert!(
        line(3).is_some_and(|l| l.ends_with("0000 - +")),
        "{written}"
    );
    // Through JSON too.
    let back = crate::json::parse(&crate::json::to_string(&t)).expect("json");
    assert_eq!(write(&back), written);
    // A spelling whose entry changed is not written: the new entry gets its own code.
    let mut changed = t.clone();
    changed.rounds[1].byes.retain(|b| b.player != 2);
    changed.rounds[1].byes.push(crate::model::Bye {
        player: 2,
        kind: ByeKind::Half,
    });
    let l2 = write(&changed)
        .lines()
        .filter(|l| l.starts_with("001"))
        .nth(1)
        .map(str::to_owned);
    assert!(l2.is_some_and(|l| l.ends_with("0000 - H")));
}

#[test]
fn team_count_comments_rulers_and_blank_lines_are_kept() {
    // The three ruler lines Swiss-Manager and FIDE's samples put above the player records.
    let ruler = "         1         2         3";
    let digits = "123456789012345678901234567890";
    let layout = "DDD SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII BBBB/BB/BB \
                  PPPP RRRR  1111 1 1  2222 2 2";
    let text = format!(
        "012 Teams\r\n082 50\r\n\r\n### exported by some program\r\n{ruler}\r\n{digits}\r\n\
         {layout}\r\n{}",
        mid_swiss().replace('\n', "\r\n")
    );
    let (t, warnings) = parse_with_warnings(&text).expect("valid");
    assert!(warnings.is_empty(), "{warnings:?}");
    let written = write(&t);
    for kept in [
        "082 50",
        "### exported by some program",
        ruler,
        digits,
        layout,
    ] {
        assert!(written.lines().any(|l| l == kept), "{kept:?} in {written}");
    }
    assert_eq!(written.matches("082").count(), 1, "{written}");
    assert_eq!(parse(&written), Ok(t));
    // Text that is neither a record nor a ruler is still refused, naming its line.
    let e = parse(&format!("012 X\nhello\n{}", mid_swiss())).unwrap_err();
    assert_eq!(e.line, 2);
}

#[test]
fn records_not_read_are_kept_with_a_warning_naming_their_line() {
    let text = format!("{}XXS WW=1 BW=1\nXXC white1 rank\n", mid_swiss());
    let (t, warnings) = parse_with_warnings(&text).expect("valid");
    let lines: Vec<usize> = warnings.iter().map(|w| w.line).collect();
    assert_eq!(lines, vec![8, 9], "{warnings:?}");
    assert!(warnings[0].message().contains("XXS"), "{warnings:?}");
    assert!(warnings[1].message().contains("XXC rank"), "{warnings:?}");
    assert_eq!(t.initial_colour, Some(Color::White));
    let written = write(&t);
    assert!(written.contains("\nXXS WW=1 BW=1\n"), "{written}");
    assert!(written.contains("\nXXC rank\n"), "{written}");
    // Team records and the other TRF-2026 records kept unused are known: no warning.
    let known = format!("{}013 Team A    1    2\n310 x\n172 y\n", mid_swiss());
    let (_, warnings) = parse_with_warnings(&known).expect("valid");
    assert!(warnings.is_empty(), "{warnings:?}");
}

#[test]
fn pairing_program_extensions_become_trf_2026_rules() {
    let text = format!(
        "{}XXA    1  1.0  1.0\nXXP 2 4\nBBW  3.0\nBBD  1.0\n",
        mid_swiss()
    );
    let t = parse(&text).expect("valid");
    let a = &t.rules.accelerations;
    assert_eq!(a.len(), 1);
    assert_eq!((a[0].points, a[0].first_round, a[0].last_round), (10, 1, 2));
    assert_eq!((a[0].first_player, a[0].last_player), (1, 1));
    assert_eq!(t.rules.prohibited.len(), 1);
    assert_eq!(t.rules.prohibited[0].players, vec![2, 4]);
    assert_eq!(t.rules.prohibited[0].last_round, 5);
    assert_eq!((t.rules.points.win, t.rules.points.draw), (30, 10));
    let written = write(&t);
    for gone in ["XXA", "XXP", "BBW", "BBD"] {
        assert!(!written.contains(gone), "{gone} in {written}");
    }
    for form in ["\n250 ", "\n260 ", "\n162 "] {
        assert!(written.contains(form), "{form:?} in {written}");
    }
    assert_eq!(parse(&written), Ok(t));
    // An unreadable one stops the import at its line.
    let e = parse(&format!("{}XXP 2\n", mid_swiss())).unwrap_err();
    assert_eq!(e.line, 8);
    assert!(e.message().contains("XXP"), "{e}");
}

/// `XXP` forbids the pair the unforbidden round 1 would make (1–3, 2–4), exactly as the same
/// group written as a `260` does.
#[test]
fn a_forbidden_pair_is_not_paired() {
    let players: String = (1..=4)
        .map(|p| player(p, 2500 - 100 * p as u16, &[]))
        .collect();
    let base = format!("012 Round one\n092 Individual: Swiss-System\n142 5\n{players}");
    let pairs = |text: &str| {
        let t = parse(text).expect("valid");
        let p = pair_next_round(&t, DutchRules::Fide2025).expect("pairs");
        p.boards
    };
    let free = pairs(&base);
    assert!(free.contains(&(1, 3)) || free.contains(&(3, 1)), "{free:?}");
    let xxp = pairs(&format!("{base}XXP 1 3\n"));
    assert!(!xxp.contains(&(1, 3)) && !xxp.contains(&(3, 1)), "{xxp:?}");
    assert_eq!(xxp, pairs(&format!("{base}260   1   5    1    3\n")));
}

/// Issue 27 item 5: a rating such as 9999 is reported with its line, not taken silently, and
/// the file still reads and writes back as it was.
#[test]
fn a_rating_outside_fides_range_is_reported_and_kept() {
    let text = [
        "012 Placeholder ratings\n092 Individual: Swiss-System\n142 3\n".to_owned(),
        player(1, 2400, &["   2 w 1"]),
        player(2, 9999, &["   1 b 0"]),
    ]
    .concat();
    let (t, warnings) = parse_with_warnings(&text).expect("reads");
    let out_of_range: Vec<_> = warnings
        .iter()
        .filter(|w| matches!(w.kind, TrfWarningKind::RatingOutOfRange { .. }))
        .collect();
    assert_eq!(out_of_range.len(), 1, "{warnings:?}");
    assert_eq!(out_of_range[0].line, 5);
    assert_eq!(
        out_of_range[0].kind,
        TrfWarningKind::RatingOutOfRange {
            player: 2,
            rating: 9999
        }
    );
    assert!(out_of_range[0].to_string().contains("9999"));
    assert_eq!(t.player(2).and_then(|p| p.rating), Some(9999));
    let (_, again) = parse_with_warnings(&write(&t)).expect("reads back");
    assert!(again
        .iter()
        .any(|w| matches!(w.kind, TrfWarningKind::RatingOutOfRange { player: 2, .. })));
}

#[test]
fn an_unrated_player_comes_back_as_the_file_wrote_the_rating() {
    let text = [
        "012 Unrated\n092 Individual: Swiss-System\n142 3\n".to_owned(),
        player(1, 2400, &["   2 w 1"]),
        // Written `0` here, blank below: two writers' ways of saying "unrated".
        player(2, 0, &["   1 b 0"]),
        player(3, 2100, &[]).replace("2100", "    "),
    ]
    .concat();
    let t = parse(&text).expect("valid");
    assert_eq!(
        t.player(2).map(|p| (p.rating, p.unrated_as_zero)),
        Some((None, true))
    );
    assert_eq!(
        t.player(3).map(|p| (p.rating, p.unrated_as_zero)),
        Some((None, false))
    );
    let written = write(&t);
    let rating_of = |start: &str| {
        written
            .lines()
            .find(|l| l.starts_with("001") && &l[4..8] == start)
            .map(|l| l[48..52].to_owned())
    };
    assert_eq!(rating_of("   2").as_deref(), Some("   0"), "{written}");
    assert_eq!(rating_of("   3").as_deref(), Some("    "), "{written}");
    assert_eq!(parse(&written), Ok(t));
}

#[test]
fn a_record_shifted_past_the_birth_date_is_refused_at_the_column() {
    let mut line = player(1, 2400, &[]);
    // The birth date one column late: its last digit lands in column 80, before the points.
    line.replace_range(69..80, " 1963/04/13");
    let text = format!("012 Shifted\n092 Individual: Swiss-System\n142 3\n{line}");
    let e = parse(&text).expect_err("shifted");
    assert_eq!((e.line, e.column), (4, Some(80)), "{e}");
    assert!(e.to_string().contains("the birth date in 70–79"), "{e}");
}
