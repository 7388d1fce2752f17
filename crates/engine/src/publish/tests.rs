use super::*;
use crate::event;
use crate::model::{Format, GameResult, Outcome, Player};

fn swiss_with_awkward_names() -> crate::Tournament {
    let players = [
        "<script>alert(1)</script>",
        "Tom & \"Jerry\"",
        "O'Brien",
        "Dee",
        "Eve",
    ]
    .iter()
    .enumerate()
    .map(|(i, n)| Player {
        name: (*n).to_owned(),
        rating: Some(2000 - i as u16 * 50),
        ..Player::default()
    })
    .collect();
    let mut t = event::create("Open <A&B>", Format::Swiss { rounds: 3 }, players).expect("valid");
    for round in 1..=2 {
        event::pair_next_round(&mut t).expect("pairs");
        let boards = t.rounds[round - 1].games.len();
        for b in 0..boards {
            let g = &mut t.rounds[round - 1].games[b];
            g.result = GameResult::Played(if b % 2 == 0 {
                Outcome::WhiteWins
            } else {
                Outcome::Draw
            });
        }
    }
    t
}

#[test]
fn the_page_escapes_every_name_and_has_no_script() {
    let t = swiss_with_awkward_names();
    let html = publish(&t, &Options::default()).expect("page");
    assert!(!html.contains("<script"), "user text must be escaped");
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(html.contains("Tom &amp; &quot;Jerry&quot;"));
    // An apostrophe needs no escaping: every attribute value is in double quotes.
    assert!(html.contains("O'Brien"));
    assert!(html.contains("<title>Open &lt;A&amp;B&gt;</title>"));
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("@media print"));
    assert!(
        !html.contains("<link") && !html.contains("src=\""),
        "self-contained"
    );
}

/// User text full of markup, as the page must show it: `&`, `<`, `>` and `"` escaped (`'` needs
/// no escaping, every attribute value being in double quotes).
const NASTY: &str = "<script>alert('x')</script> & \"Tom\" O'Brien";
const NASTY_ESCAPED: &str = "&lt;script&gt;alert('x')&lt;/script&gt; &amp; &quot;Tom&quot; O'Brien";

/// `t` with its name, its city and its first player's name all `text`.
fn named(mut t: crate::Tournament, text: &str) -> crate::Tournament {
    t.name = text.to_owned();
    t.info.city = text.to_owned();
    t.players[0].name = text.to_owned();
    t
}

/// The escaping is by construction: in every place a name is shown (title, heading, facts,
/// standings, crosstable — a round-robin's column titles too — and every round's table), a name
/// full of markup shows escaped, as many times as a plain name shows, and no `<script` of it
/// reaches the page.
#[test]
fn markup_in_names_is_escaped_everywhere_it_is_shown() {
    let url = "https://example.org/?a=1&b=\"<script>\"";
    let options = Options {
        url: Some(url.into()),
    };
    for t in [crate::example::withdrawal(), swiss_with_awkward_names()] {
        let plain = publish(&named(t.clone(), "Zq Plain"), &options).expect("page");
        let html = publish(&named(t, NASTY), &options).expect("page");
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains(NASTY));
        let shown = plain.matches("Zq Plain").count();
        assert!(shown > 5, "{shown}");
        assert_eq!(html.matches(NASTY_ESCAPED).count(), shown, "{html}");
        for place in [
            format!("<title>{NASTY_ESCAPED}</title>"),
            format!("<h1>{NASTY_ESCAPED}</h1>"),
            format!(" · {NASTY_ESCAPED}"),
            format!("<th scope=\"row\" class=\"name\">{NASTY_ESCAPED}"),
            format!("<td class=\"name\">{NASTY_ESCAPED}</td>"),
        ] {
            assert!(html.contains(&place), "{place}");
        }
        assert!(
            html.contains(r#"href="https://example.org/?a=1&amp;b=&quot;&lt;script&gt;&quot;""#)
        );
    }
    let html = publish(&named(crate::example::withdrawal(), NASTY), &options).expect("page");
    assert!(html.contains(&format!("<abbr title=\"{NASTY_ESCAPED}\">1</abbr>")));
}

#[test]
fn the_page_has_standings_the_swiss_crosstable_and_every_round() {
    let t = swiss_with_awkward_names();
    let html = publish(&t, &Options::default()).expect("page");
    for id in ["standings", "crosstable", "rounds", "round-1", "round-2"] {
        assert!(html.contains(&format!("id=\"{id}\"")), "{id}");
    }
    // The event's own tie-break list heads the standings.
    for tb in t.tiebreaks() {
        assert!(
            html.contains(&format!(">{}</abbr>", tb.code())),
            "{}",
            tb.code()
        );
    }
    // Five players: a bye each round; the crosstable shows it as U.
    assert!(html.contains("<td>U</td>"));
    // Swiss cells: opponent's rank, colour, result — e.g. `3w1`.
    assert!(regex_like_cell(&html), "no `NwR` cell in {html}");
    assert_eq!(html.matches("<section class=\"round\"").count(), 2);
}

/// Some cell `<td>{rank}{w|b}{1|½|0}</td>`.
fn regex_like_cell(html: &str) -> bool {
    html.split("<td>").any(|cell| {
        let cell = cell.split("</td>").next().unwrap_or("");
        let digits: String = cell.chars().take_while(char::is_ascii_digit).collect();
        let rest = &cell[digits.len()..];
        !digits.is_empty() && ["w1", "b1", "w½", "b½", "w0", "b0"].contains(&rest)
    })
}

#[test]
fn a_round_robin_gets_its_grid() {
    let t = crate::example::withdrawal();
    let html = publish(&t, &Options::default()).expect("page");
    assert!(html.contains("class=\"self\""));
    assert_eq!(html.matches("class=\"self\"").count(), t.players.len());
    assert_eq!(
        html.matches("<section class=\"round\"").count(),
        t.rounds.len()
    );
    assert!(html.contains("(withdrawn)"));
}

#[test]
fn the_qr_code_is_inline_svg_with_the_address() {
    let t = crate::example::complete();
    let url = "https://example.org/results?a=1&b=2";
    let html = publish(
        &t,
        &Options {
            url: Some(url.into()),
        },
    )
    .expect("page");
    assert!(html.contains("<svg aria-hidden=\"true\""));
    assert!(html.contains("href=\"https://example.org/results?a=1&amp;b=2\""));
    assert!(!html.contains("<?xml"));
    let long = "x".repeat(5000);
    let e = publish(&t, &Options { url: Some(long) }).unwrap_err();
    assert_eq!(e.length, 5000);
    assert!(e.to_string().contains("too long"));
    // A blank address is no address.
    let html = publish(
        &t,
        &Options {
            url: Some("  ".into()),
        },
    )
    .expect("page");
    assert!(!html.contains("<svg"));
}

#[test]
fn every_word_comes_from_the_strings() {
    let html = publish(&crate::example::complete(), &Options::default()).expect("page");
    for word in [
        ENGLISH.standings,
        ENGLISH.crosstable,
        ENGLISH.rounds,
        ENGLISH.made_with,
    ] {
        assert!(html.contains(word), "{word}");
    }
    assert!(html.contains("lang=\"en\""));
}

/// The page counts rounds as the app does (issue 13 item 2): a half-point bye requested for a
/// later round does not make that round played.
#[test]
fn the_page_counts_finished_rounds_only() {
    let mut t = swiss_with_awkward_names();
    event::request_bye(&mut t, 4, 3, Some(crate::model::ByeKind::Half)).expect("a bye for round 3");
    let html = publish(&t, &Options::default()).expect("page");
    assert!(html.contains("2 of 3 rounds played"), "{html}");
}

/// Another language is one more `Strings` (the app fills one from its catalogue): its words,
/// its phrases with their numbers, its tie-break names and its decimal comma, and none of
/// English's.
#[test]
fn another_language_brings_its_words_phrases_and_decimal_comma() {
    let phrase = |p: Phrase| match p {
        Phrase::Format(_) => "Système suisse".to_owned(),
        Phrase::Players(n) => format!("{n} joueurs"),
        Phrase::RoundsPlayed {
            complete,
            scheduled,
        } => format!("{complete} rondes jouées sur {scheduled}"),
        Phrase::Round(r) => format!("Ronde {r}"),
        Phrase::Dates(d) => format!("Dates : {d}"),
    };
    let tiebreak = |tb: crate::tiebreak::Tiebreak| format!("départage {}", tb.code());
    let french = Strings {
        lang: "fr",
        decimal_comma: true,
        standings: "Classement",
        white_letter: "b",
        black_letter: "n",
        withdrawn: "(retiré)",
        phrase: &phrase,
        tiebreak: &tiebreak,
        ..ENGLISH
    };
    let t = swiss_with_awkward_names();
    let html = publish_in(&t, &Options::default(), &french).expect("page");
    assert!(html.contains("lang=\"fr\""));
    assert!(html.contains(">Classement</h2>"));
    assert!(html.contains("5 joueurs") && html.contains("2 rondes jouées sur 3"));
    assert!(html.contains(">Ronde 2</h3>"));
    let first = t.tiebreaks()[0];
    assert!(html.contains(&format!("<dd>départage {}</dd>", first.code())));
    assert!(!html.contains(first.name()), "the English name stays out");
    // A half point with a comma (every player has one after a draw or the bye), none with a point.
    assert!(html.contains(",5</td>"), "{html}");
    assert!(!html.contains(".5</td>"), "{html}");
    // Swiss cells with the language's colour letters: `3b1`, `2n½`.
    assert!(html.split("<td>").any(|cell| {
        let rest = cell.trim_start_matches(|c: char| c.is_ascii_digit());
        rest.len() < cell.len()
            && (rest.starts_with("b1")
                || rest.starts_with("n1")
                || rest.starts_with("b½")
                || rest.starts_with("n½"))
    }));
    for english in ["players", "rounds played", "Round 1", "w1<", "Standings<"] {
        assert!(!html.contains(english), "{english}");
    }
}
