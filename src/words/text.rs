//! How numbers, results and names read on screen. Display only: no rule lives here.

use crate::i18n::td_string;
use crate::i18n::Locale;
use engine::{Color, Entry, Format, GameResult, Outcome, StartNo, Tournament};
use leptos_i18n::Locale as _;

/// Whether the reader's language writes a decimal comma (`0,70`, `4,5 Pkt.`): French and German.
/// Display only — files (TRF, JSON, CSV) and the CLI always write a point.
pub fn decimal_comma(locale: Locale) -> bool {
    matches!(locale, Locale::fr | Locale::de)
}

/// A number already written with a decimal point, in the reader's convention.
pub fn localise(locale: Locale, number: String) -> String {
    if decimal_comma(locale) {
        number.replace('.', ",")
    } else {
        number
    }
}

/// [`two`] in the reader's convention: `0.70`, `0,70`.
pub fn two_in(locale: Locale, x: f64) -> String {
    localise(locale, two(x))
}

/// [`dec`] in the reader's convention: `4.5`, `4,5`.
pub fn dec_in(locale: Locale, x: f64, d: usize) -> String {
    localise(locale, dec(x, d))
}

/// What separates two sentences of a paragraph: a space, or nothing in Japanese (whose full
/// stop is a wide character of its own).
pub fn sentence_gap(locale: Locale) -> &'static str {
    match locale {
        Locale::ja => "",
        Locale::en | Locale::fr | Locale::de => " ",
    }
}

/// A count with thousands grouped as the reader writes them: `180,000` (English, Japanese),
/// `180 000` (French, with a narrow no-break space), `180.000` (German).
pub fn count_in(locale: Locale, n: u64) -> String {
    let separator = match locale {
        Locale::fr => '\u{202f}',
        Locale::de => '.',
        Locale::en | Locale::ja => ',',
    };
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 * 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(separator);
        }
        out.push(c);
    }
    out
}

/// A local date and time in the reader's language (`2 Dec 2026, 09:41`, `2 déc. 2026, 09:41`,
/// `02.12.2026, 09:41`, `2026/12/02 9:41`), from milliseconds since the epoch: the browser's
/// `Intl.DateTimeFormat`, which carries every language's conventions at no cost to the app.
pub fn date_time_in(locale: Locale, ms: f64) -> String {
    if ms <= 0.0 {
        return "—".into();
    }
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"dateStyle".into(), &"medium".into());
    let _ = js_sys::Reflect::set(&options, &"timeStyle".into(), &"short".into());
    let locales = js_sys::Array::of1(&locale.as_str().into());
    let format = js_sys::Intl::DateTimeFormat::new(&locales, &options).format();
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    format
        .call1(&wasm_bindgen::JsValue::NULL, &date)
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_else(|| date_time(ms))
}

/// Points or an imputed score to two decimals (display only; computation is never rounded).
pub fn two(x: f64) -> String {
    // Avoid "-0.00" for tiny negative rounding noise.
    let s = format!("{x:.2}");
    if s == "-0.00" {
        "0.00".into()
    } else {
        s
    }
}

/// A number to `d` decimals.
pub fn dec(x: f64, d: usize) -> String {
    let s = format!("{x:.d$}");
    if s.trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        s.trim_start_matches('-').to_string()
    } else {
        s
    }
}

/// k as typed: `3`, `2.5` — what the slider's `value` holds.
pub fn k_value(k: f64) -> String {
    if k.fract() == 0.0 {
        format!("{k:.0}")
    } else {
        let s = format!("{k:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// [`k_value`] in the reader's convention, for text (`2.5`, `2,5`); the slider keeps the dot.
pub fn k_value_in(locale: Locale, k: f64) -> String {
    localise(locale, k_value(k))
}

/// The crosstable symbol of a game from one player's side: `1 ½ 0`, `+ −` for forfeits,
/// `·` while pending.
pub fn result_symbol(result: GameResult, colour: Color) -> &'static str {
    match result {
        GameResult::Pending => "·",
        GameResult::Played(o) | GameResult::PlayedUnrated(o) => match (o, colour) {
            (Outcome::Draw, _) => "½",
            (Outcome::WhiteWins, Color::White) | (Outcome::BlackWins, Color::Black) => "1",
            _ => "0",
        },
        GameResult::Forfeit(Some(w)) if w == colour => "+",
        GameResult::Forfeit(_) => "−",
    }
}

/// A result in words, from White's side, in the reader's language: `1–0`, `½–½ (unrated)`,
/// `+/− (White wins by forfeit)`.
pub fn result_words_in(locale: Locale, result: GameResult) -> String {
    let score = |o: Outcome| match o {
        Outcome::WhiteWins => "1–0",
        Outcome::Draw => "½–½",
        Outcome::BlackWins => "0–1",
    };
    match result {
        GameResult::Pending => td_string!(locale, common.result.pending).into(),
        GameResult::Played(o) => score(o).into(),
        GameResult::PlayedUnrated(o) => {
            td_string!(locale, common.result.unrated, result = score(o)).to_string()
        }
        GameResult::Forfeit(Some(Color::White)) => {
            td_string!(locale, common.result.forfeit_white).into()
        }
        GameResult::Forfeit(Some(Color::Black)) => {
            td_string!(locale, common.result.forfeit_black).into()
        }
        GameResult::Forfeit(None) => td_string!(locale, common.result.forfeit_double).into(),
    }
}

/// A player's entry in a round, short (Swiss crosstable cells): opponent, colour letter and
/// result (`12w1`, `3b½`; `12b1`/`3n½` in French), or the kind of bye.
pub fn entry_short_in(locale: Locale, entry: Entry) -> String {
    match entry {
        Entry::Game {
            opponent,
            colour,
            result,
        } => format!(
            "{opponent}{}{}",
            if colour == Color::White {
                td_string!(locale, common.colour.white_letter)
            } else {
                td_string!(locale, common.colour.black_letter)
            },
            result_symbol(result, colour)
        ),
        Entry::Bye(kind) => match kind {
            engine::ByeKind::PairingAllocated => td_string!(locale, common.bye.pairing).into(),
            engine::ByeKind::Full => td_string!(locale, common.bye.full).into(),
            engine::ByeKind::Half => td_string!(locale, common.bye.half).into(),
            engine::ByeKind::Zero => "–".into(),
        },
        Entry::None => String::new(),
    }
}

/// The event's format in words (a round-robin's cycles, a Swiss's rounds), in the reader's language.
pub fn format_label_in(locale: Locale, format: Format) -> String {
    match format {
        Format::RoundRobin { cycles: 1 } => td_string!(locale, common.format.round_robin).into(),
        Format::RoundRobin { cycles: 2 } => {
            td_string!(locale, common.format.double_round_robin).into()
        }
        Format::RoundRobin { cycles } => {
            td_string!(locale, common.format.round_robin_cycles, cycles).to_string()
        }
        Format::Swiss { rounds } => {
            td_string!(locale, common.format.swiss, count = rounds).to_string()
        }
    }
}

/// `Name` or `#n` when the player is unknown.
pub fn name_of(t: &Tournament, p: StartNo) -> String {
    t.player(p)
        .map_or_else(|| format!("#{p}"), |pl| pl.name.clone())
}

/// `Name (2759)`, or `Name (unrated)` in the reader's language; `#n` for an unknown player.
pub fn name_rating_in(locale: Locale, t: &Tournament, p: StartNo) -> String {
    match t.player(p) {
        Some(pl) => match pl.rating {
            Some(r) => format!("{} ({r})", pl.name),
            None => td_string!(locale, common.name_unrated, name = &pl.name).to_string(),
        },
        None => format!("#{p}"),
    }
}

/// A player's rating as a table shows it: `2759`, empty when unrated (or no such player).
pub fn rating_of(t: &Tournament, p: StartNo) -> String {
    t.player(p)
        .and_then(|pl| pl.rating)
        .map(|r| r.to_string())
        .unwrap_or_default()
}

/// A local date and time, `2026-11-30 12:09`, from milliseconds since the epoch.
pub fn date_time(ms: f64) -> String {
    if ms <= 0.0 {
        return td_string!(Locale::en, common.unknown).into();
    }
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date(),
        d.get_hours(),
        d.get_minutes()
    )
}

/// A rank as an ordinal in the reader's language: `1st`/`2nd`, `1er`/`2e`, `1.`/`2.`, `1位`.
/// Grammar, not vocabulary: the catalogue's plural rules cover cardinal numbers only, so each
/// language's ordinal is formed here (CLDR's ordinal rules for these four languages).
pub fn ordinal_in(locale: Locale, n: u32) -> String {
    match locale {
        Locale::en => {
            let suffix = match (n % 10, n % 100) {
                (_, 11..=13) => "th",
                (1, _) => "st",
                (2, _) => "nd",
                (3, _) => "rd",
                _ => "th",
            };
            format!("{n}{suffix}")
        }
        Locale::fr if n == 1 => "1er".into(),
        Locale::fr => format!("{n}e"),
        Locale::de => format!("{n}."),
        Locale::ja => format!("{n}位"),
    }
}

/// `text` ending in a full stop, unless it already ends in `.`, `?` or `!` (no "cut short?.").
pub fn full_stop(text: &str) -> String {
    if text.ends_with(['.', '?', '!']) {
        text.to_string()
    } else {
        format!("{text}.")
    }
}

/// The warning a TRF export gives when it shortens names (empty when it does not): which
/// players, and that the JSON file keeps them whole.
pub fn trf_shortened_in(locale: Locale, t: &Tournament) -> String {
    let shortened = engine::names_shortened_in_trf(t);
    if shortened.is_empty() {
        return String::new();
    }
    let who = shortened
        .iter()
        .map(|&p| td_string!(locale, common.player_no, n = p).to_string())
        .collect::<Vec<_>>()
        .join(", ");
    td_string!(
        locale,
        common.trf_shortened,
        width = engine::TRF_NAME_WIDTH,
        count = shortened.len(),
        who
    )
    .to_string()
}

/// When a withdrawal happened, as read: "before round 1" for a player who played no round,
/// else "after round N" (never "after round 0").
pub fn withdrawal_point_in(locale: Locale, after_round: u32) -> String {
    if after_round == 0 {
        td_string!(locale, common.withdrawal_point.before_first).into()
    } else {
        td_string!(locale, common.withdrawal_point.after, round = after_round).to_string()
    }
}

/// How far an event has got, from the engine's one count ([`Tournament::round_progress`]):
/// "1 of 5 rounds played · round 2 paired, results pending · byes requested for 1 later round".
pub fn round_progress_in(locale: Locale, t: &Tournament) -> String {
    let p = t.round_progress();
    let mut parts = vec![td_string!(
        locale,
        common.progress.played,
        complete = p.complete,
        count = t.scheduled_rounds()
    )
    .to_string()];
    // A round-robin's whole schedule is paired from the start: only a Swiss says which round waits.
    if !t.format.is_round_robin() && p.paired > p.complete {
        parts.push(if p.paired == p.complete + 1 {
            td_string!(locale, common.progress.paired, round = p.paired).to_string()
        } else {
            td_string!(
                locale,
                common.progress.pending,
                count = p.paired - p.complete
            )
            .to_string()
        });
    }
    if p.requested > 0 {
        parts.push(
            td_string!(locale, common.progress.byes_requested, count = p.requested).to_string(),
        );
    }
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_decimals_without_negative_zero() {
        assert_eq!(two(0.695_43), "0.70");
        assert_eq!(two(-0.000_01), "0.00");
        assert_eq!(two(5.5), "5.50");
    }

    #[test]
    fn decimals_follow_the_readers_language() {
        assert_eq!(two_in(Locale::en, 0.695_43), "0.70");
        assert_eq!(two_in(Locale::ja, 0.695_43), "0.70");
        assert_eq!(two_in(Locale::fr, 0.695_43), "0,70");
        assert_eq!(two_in(Locale::de, -0.000_01), "0,00");
        assert_eq!(dec_in(Locale::de, 4.5, 1), "4,5");
        assert_eq!(dec_in(Locale::fr, -1.25, 2), "-1,25");
        assert_eq!(dec_in(Locale::en, 4.5, 1), "4.5");
    }

    #[test]
    fn counts_group_thousands_as_each_language_does() {
        assert_eq!(count_in(Locale::en, 180_000), "180,000");
        assert_eq!(count_in(Locale::ja, 1_234_567), "1,234,567");
        assert_eq!(count_in(Locale::fr, 180_000), "180\u{202f}000");
        assert_eq!(count_in(Locale::de, 180_000), "180.000");
        assert_eq!(count_in(Locale::de, 999), "999");
        assert_eq!(count_in(Locale::en, 1000), "1,000");
        assert_eq!(count_in(Locale::en, 0), "0");
    }

    #[test]
    fn k_reads_like_the_slider() {
        assert_eq!(k_value(3.0), "3");
        assert_eq!(k_value(2.5), "2.5");
        assert_eq!(k_value(0.0), "0");
        // In text, the reader's decimal sign; the slider's value keeps the dot.
        assert_eq!(k_value_in(Locale::fr, 2.5), "2,5");
        assert_eq!(k_value_in(Locale::ja, 2.5), "2.5");
    }

    #[test]
    fn symbols_from_each_side() {
        let r = GameResult::Played(Outcome::WhiteWins);
        assert_eq!(result_symbol(r, Color::White), "1");
        assert_eq!(result_symbol(r, Color::Black), "0");
        let f = GameResult::Forfeit(Some(Color::Black));
        assert_eq!(result_symbol(f, Color::Black), "+");
        assert_eq!(result_symbol(f, Color::White), "−");
    }

    #[test]
    fn ordinals() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101]
            .map(|n| ordinal_in(Locale::en, n))
            .to_vec();
        assert_eq!(
            got,
            ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]
        );
    }

    /// Issue 13 item 2: after pairing round 2 with no result, and a bye requested for round 5,
    /// the header says one round played, not "2 of 5" or "5 of 5".
    #[test]
    fn round_progress_reads_played_paired_and_requested() {
        use engine::{event, ByeKind, Player};
        let players = (1..=4)
            .map(|i| Player {
                name: format!("P{i}"),
                ..Player::default()
            })
            .collect();
        let mut t = event::create("Open", Format::Swiss { rounds: 5 }, players).unwrap();
        event::pair_next_round(&mut t).unwrap();
        for b in 1..=2 {
            event::set_result(&mut t, 1, b, GameResult::Played(Outcome::Draw)).unwrap();
        }
        event::pair_next_round(&mut t).unwrap();
        event::request_bye(&mut t, 1, 5, Some(ByeKind::Half)).unwrap();
        assert_eq!(
            round_progress_in(Locale::en, &t),
            "1 of 5 rounds played · round 2 paired, results pending · byes requested for 1 later round"
        );
    }

    /// Issue 13 item 12: the damaged-link message ends "cut short?", not "cut short?.".
    #[test]
    fn a_sentence_gets_one_full_stop() {
        let damaged = engine::share::decode("v1.***").unwrap_err().to_string();
        assert!(full_stop(&crate::words::capitalised(&damaged)).ends_with("cut short?"));
        assert_eq!(full_stop("Done"), "Done.");
    }

    /// Issue 13 item 12: a withdrawal before any round reads "before round 1".
    #[test]
    fn a_withdrawal_before_any_round_reads_before_round_1() {
        assert_eq!(withdrawal_point_in(Locale::en, 0), "before round 1");
        assert_eq!(withdrawal_point_in(Locale::en, 5), "after round 5");
    }

    /// Issue 13 item 3: the TRF download says which names it shortens, and nothing otherwise.
    #[test]
    fn the_trf_warning_names_the_shortened_players() {
        let mut t = engine::example::withdrawal();
        assert_eq!(trf_shortened_in(Locale::en, &t), "");
        t.players[2].name = "N".repeat(200);
        let warning = trf_shortened_in(Locale::en, &t);
        assert!(
            warning.contains("no. 3") && warning.contains(&engine::TRF_NAME_WIDTH.to_string()),
            "{warning}"
        );
    }
}
