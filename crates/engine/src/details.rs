//! The event's and the players' descriptive details as an arbiter types them: what each field
//! accepts, and the dates in TRF's spelling.
//!
//! * Player fields ([`PlayerField`]): FIDE ID (digits, TRF columns 58–68), title (FIDE's set,
//!   TRF columns 11–13), sex (`m`, `w`; column 10), federation (three letters), birth date
//!   (`YYYY` or `YYYY/MM/DD`, columns 70–79, read by the rating's junior rule), club (Crosstable
//!   JSON only: TRF has no field for it), rating ([`crate::model::parse_rating`]).
//! * Event fields ([`InfoField`]): TRF-2026 `022` city, `032` federation, `042`/`052` dates
//!   (`YYYY/MM/DD`), `102` chief arbiter, `112` deputy arbiters (one record each), `122` time
//!   control; the organiser has no record (JSON only). Round dates are `132`'s columns: round
//!   1's date at columns 92–99 as `YY/MM/DD`, each next round 10 columns further.
//!
//! Every setter checks first and changes nothing when it refuses ([`DetailError`]).

use crate::model::{Info, Player, RatingError, Tournament};
use std::fmt;

/// FIDE's titles as TRF writes them (columns 11–13).
pub const TITLES: [&str; 8] = ["GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"];

/// Most digits of a FIDE ID: TRF's columns 58–68 (eight digits and a three-digit reserve).
pub const FIDE_ID_DIGITS: usize = 11;

use crate::trf::layout::{COL_FIRST_ROUND, ROUND_WIDTH};

/// Where round `round`'s date sits in the `132` text [`Info::round_dates`] keeps (the record
/// without its code): the round columns of every TRF round record, counted from that text.
fn round_date_span(round: u32) -> std::ops::Range<usize> {
    let start = COL_FIRST_ROUND - 5 + (round as usize - 1) * ROUND_WIDTH;
    start..start + ROUND_WIDTH
}

/// A player's field an arbiter edits ([`set_player_field`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerField {
    Name,
    Title,
    Sex,
    Federation,
    FideId,
    Birth,
    Club,
    Rating,
}

/// An event's free-text field an arbiter edits ([`set_info_field`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InfoField {
    City,
    Federation,
    StartDate,
    EndDate,
    ChiefArbiter,
    /// One name per line (one `112` record each).
    DeputyArbiters,
    TimeControl,
    Organiser,
}

/// Why a typed detail was refused; each carries the text as typed (trimmed).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum DetailError {
    /// Not one of [`TITLES`].
    Title {
        text: String,
    },
    /// Not `m` or `w`.
    Sex {
        text: String,
    },
    /// Not three letters.
    Federation {
        text: String,
    },
    /// Not digits only, or longer than [`FIDE_ID_DIGITS`].
    FideId {
        text: String,
    },
    /// Not `YYYY` or a real `YYYY/MM/DD` date.
    Birth {
        text: String,
    },
    /// Not a real date (`YYYY-MM-DD` or `YYYY/MM/DD`).
    Date {
        text: String,
    },
    /// The event would end before it starts.
    EndBeforeStart {
        start: String,
        end: String,
    },
    /// A round date for a round the event does not have.
    NoSuchRound {
        round: u32,
        rounds: u32,
    },
    Rating(RatingError),
    /// A player's name left blank.
    NoName,
    UnknownPlayer(crate::model::StartNo),
}

impl fmt::Display for DetailError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DetailError::Title { text } => write!(
                f,
                "“{text}” is not a FIDE title: use one of {}, or leave it blank",
                TITLES.join(" ")
            ),
            DetailError::Sex { text } => write!(f, "“{text}”: the sex is m, w or blank"),
            DetailError::Federation { text } => write!(
                f,
                "“{text}” is not a federation: write its three letters, e.g. FRA"
            ),
            DetailError::FideId { text } => write!(
                f,
                "“{text}” is not a FIDE ID: digits only, at most {FIDE_ID_DIGITS}"
            ),
            DetailError::Birth { text } => write!(
                f,
                "“{text}” is not a birth date: write the year (YYYY) or the date (YYYY/MM/DD)"
            ),
            DetailError::Date { text } => {
                write!(f, "“{text}” is not a date: choose one, or write YYYY/MM/DD")
            }
            DetailError::EndBeforeStart { start, end } => write!(
                f,
                "the event cannot end ({end}) before it starts ({start}): correct one of the two \
                 dates"
            ),
            DetailError::NoSuchRound { round, rounds } => {
                write!(f, "there is no round {round}: the event has {rounds}")
            }
            DetailError::Rating(e) => write!(f, "{e}"),
            DetailError::NoName => f.write_str("a player needs a name"),
            DetailError::UnknownPlayer(p) => write!(f, "there is no player {p}"),
        }
    }
}

impl std::error::Error for DetailError {}

/// A title as typed: blank, or one of [`TITLES`] in any case (stored in capitals).
pub fn parse_title(text: &str) -> Result<String, DetailError> {
    let t = text.trim().to_ascii_uppercase();
    if t.is_empty() || TITLES.contains(&t.as_str()) {
        Ok(t)
    } else {
        Err(DetailError::Title {
            text: text.trim().to_owned(),
        })
    }
}

/// Sex as typed: blank, `m` or `w` (either case; TRF writes lower case).
pub fn parse_sex(text: &str) -> Result<String, DetailError> {
    let t = text.trim().to_ascii_lowercase();
    match t.as_str() {
        "" | "m" | "w" => Ok(t),
        _ => Err(DetailError::Sex {
            text: text.trim().to_owned(),
        }),
    }
}

/// A federation as typed: blank or three letters (stored in capitals).
pub fn parse_federation(text: &str) -> Result<String, DetailError> {
    let t = text.trim();
    if t.is_empty() || (t.len() == 3 && t.bytes().all(|b| b.is_ascii_alphabetic())) {
        Ok(t.to_ascii_uppercase())
    } else {
        Err(DetailError::Federation { text: t.to_owned() })
    }
}

/// A FIDE ID as typed: blank (none) or digits only, at most [`FIDE_ID_DIGITS`].
pub fn parse_fide_id(text: &str) -> Result<Option<u64>, DetailError> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let bad = || DetailError::FideId { text: t.to_owned() };
    if t.len() > FIDE_ID_DIGITS || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    t.parse().map(Some).map_err(|_| bad())
}

/// `(year, month, day)` of a date written `YYYY/MM/DD`, `YYYY-MM-DD` or `YYYY.MM.DD`, when it is
/// a day of the Gregorian calendar.
fn ymd(text: &str) -> Option<(u32, u32, u32)> {
    let parts: Vec<&str> = text.split(['/', '-', '.']).collect();
    let [y, m, d] = parts.as_slice() else {
        return None;
    };
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    if !(digits(y, 4) && digits(m, 2) && digits(d, 2)) {
        return None;
    }
    let (y, m, d): (u32, u32, u32) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    (y > 0 && (1..=days).contains(&d)).then_some((y, m, d))
}

/// A birth date as typed: blank, a year `YYYY`, or a date (`YYYY/MM/DD`, also typed with `-`),
/// stored as TRF writes it (`YYYY/MM/DD`), where the rating's junior rule reads the year.
pub fn parse_birth(text: &str) -> Result<String, DetailError> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(String::new());
    }
    if t.len() == 4 && t.bytes().all(|b| b.is_ascii_digit()) && t != "0000" {
        return Ok(t.to_owned());
    }
    ymd(t)
        .map(|(y, m, d)| format!("{y:04}/{m:02}/{d:02}"))
        .ok_or_else(|| DetailError::Birth { text: t.to_owned() })
}

/// A date as a date input gives it (`YYYY-MM-DD`) or as TRF writes it, in TRF's spelling
/// (`YYYY/MM/DD`, the `042` and `052` records); blank stays blank.
pub fn trf_date(text: &str) -> Result<String, DetailError> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(String::new());
    }
    ymd(t)
        .map(|(y, m, d)| format!("{y:04}/{m:02}/{d:02}"))
        .ok_or_else(|| DetailError::Date { text: t.to_owned() })
}

/// A TRF date (`YYYY/MM/DD`, or with `-` or `.`) as a date input shows it (`YYYY-MM-DD`);
/// `None` when the text is not a whole date (a file may write anything there).
pub fn iso_date(trf: &str) -> Option<String> {
    ymd(trf.trim()).map(|(y, m, d)| format!("{y:04}-{m:02}-{d:02}"))
}

/// The date of each of the event's `rounds` rounds from its `132` record, as a date input shows
/// it (`YYYY-MM-DD`, `YY` read as 20YY), or empty where the record has none or an unreadable one.
pub fn round_dates(info: &Info, rounds: u32) -> Vec<String> {
    (1..=rounds).map(|r| round_date(info, r)).collect()
}

/// Round `round`'s date (from 1) as [`round_dates`] gives it.
pub fn round_date(info: &Info, round: u32) -> String {
    if round == 0 {
        return String::new();
    }
    let span = round_date_span(round);
    let field: String = info
        .round_dates
        .chars()
        .skip(span.start)
        .take(span.len())
        .collect();
    let field = field.trim();
    let full = if field.len() == 8 {
        format!("20{field}")
    } else {
        field.to_owned()
    };
    iso_date(&full).unwrap_or_default()
}

/// Sets round `round`'s date (a date input's `YYYY-MM-DD`, or blank to clear it) in the `132`
/// record, written `YY/MM/DD` in that round's columns; the other rounds' columns are kept as
/// they were.
pub fn set_round_date(t: &mut Tournament, round: u32, text: &str) -> Result<(), DetailError> {
    let rounds = t.scheduled_rounds().max(t.rounds.len() as u32);
    if round == 0 || round > rounds {
        return Err(DetailError::NoSuchRound { round, rounds });
    }
    let date = trf_date(text)?;
    // `YYYY/MM/DD` → `YY/MM/DD`, as TRF-2026 writes round dates.
    let short: String = date.chars().skip(2).collect();
    let span = round_date_span(round);
    let mut chars: Vec<char> = t.info.round_dates.chars().collect();
    if chars.len() < span.end {
        chars.resize(span.end, ' ');
    }
    let field: Vec<char> = format!("{short:<width$}", width = ROUND_WIDTH)
        .chars()
        .collect();
    chars[span].copy_from_slice(&field);
    let text: String = chars.into_iter().collect();
    t.info.round_dates = text.trim_end().to_owned();
    Ok(())
}

/// Sets one of player `player`'s fields from the text typed, checked as the module says;
/// refused (nothing changed) when the text does not fit the field.
pub fn set_player_field(
    t: &mut Tournament,
    player: crate::model::StartNo,
    field: PlayerField,
    text: &str,
) -> Result<(), DetailError> {
    let p: &mut Player = t
        .player_mut(player)
        .ok_or(DetailError::UnknownPlayer(player))?;
    let trimmed = text.trim();
    match field {
        PlayerField::Name if trimmed.is_empty() => return Err(DetailError::NoName),
        PlayerField::Name => p.name = trimmed.to_owned(),
        PlayerField::Title => p.title = parse_title(text)?,
        PlayerField::Sex => p.sex = parse_sex(text)?,
        PlayerField::Federation => p.federation = parse_federation(text)?,
        PlayerField::FideId => p.fide_id = parse_fide_id(text)?,
        PlayerField::Birth => p.birth = parse_birth(text)?,
        PlayerField::Club => p.club = trimmed.to_owned(),
        PlayerField::Rating => {
            p.rating = crate::model::parse_rating(text).map_err(DetailError::Rating)?
        }
    }
    Ok(())
}

/// Sets one of the event's descriptive fields from the text typed; dates are checked (and the
/// end may not come before the start), the federation is three letters, the rest is free text.
pub fn set_info_field(t: &mut Tournament, field: InfoField, text: &str) -> Result<(), DetailError> {
    let trimmed = text.trim().to_owned();
    let info = &mut t.info;
    let check_order = |start: &str, end: &str| -> Result<(), DetailError> {
        // Both in `YYYY/MM/DD`, so text order is date order.
        match (iso_date(start), iso_date(end)) {
            (Some(s), Some(e)) if e < s => Err(DetailError::EndBeforeStart {
                start: start.to_owned(),
                end: end.to_owned(),
            }),
            _ => Ok(()),
        }
    };
    match field {
        InfoField::City => info.city = trimmed,
        InfoField::Federation => info.federation = parse_federation(text)?,
        InfoField::StartDate => {
            let date = trf_date(text)?;
            check_order(&date, &info.end_date)?;
            info.start_date = date;
        }
        InfoField::EndDate => {
            let date = trf_date(text)?;
            check_order(&info.start_date, &date)?;
            info.end_date = date;
        }
        InfoField::ChiefArbiter => info.chief_arbiter = trimmed,
        InfoField::DeputyArbiters => {
            info.deputy_arbiters = text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(str::to_owned)
                .collect();
        }
        InfoField::TimeControl => info.time_control = trimmed,
        InfoField::Organiser => info.organiser = trimmed,
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::create;
    use crate::model::{Format, Player};

    fn swiss() -> Tournament {
        let players = (1..=4)
            .map(|i| Player {
                name: format!("P{i}"),
                ..Player::default()
            })
            .collect();
        create("Open", Format::Swiss { rounds: 3 }, players).expect("valid")
    }

    #[test]
    fn titles_are_fides_set_in_any_case() {
        assert_eq!(parse_title(" wgm "), Ok("WGM".into()));
        assert_eq!(parse_title(""), Ok(String::new()));
        assert!(matches!(parse_title("GMX"), Err(DetailError::Title { .. })));
        assert!(matches!(parse_title("AGM"), Err(DetailError::Title { .. })));
    }

    #[test]
    fn federation_fide_id_and_sex() {
        assert_eq!(parse_federation("fra"), Ok("FRA".into()));
        assert!(parse_federation("FR").is_err());
        assert!(parse_federation("F1A").is_err());
        assert_eq!(parse_fide_id(" 1503014 "), Ok(Some(1_503_014)));
        assert_eq!(parse_fide_id(""), Ok(None));
        assert!(parse_fide_id("15-03").is_err());
        assert!(parse_fide_id("123456789012").is_err());
        assert!(parse_fide_id("-5").is_err());
        assert_eq!(parse_sex("W"), Ok("w".into()));
        assert!(parse_sex("x").is_err());
    }

    #[test]
    fn birth_is_a_year_or_a_real_date() {
        assert_eq!(parse_birth("2010"), Ok("2010".into()));
        assert_eq!(parse_birth("2010-02-28"), Ok("2010/02/28".into()));
        assert_eq!(parse_birth("2012/02/29"), Ok("2012/02/29".into()));
        for bad in [
            "2011/02/29",
            "2010/13/01",
            "10/02/03",
            "abcd",
            "0000",
            "2010/2/3",
        ] {
            assert!(parse_birth(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn dates_convert_between_inputs_and_trf() {
        assert_eq!(trf_date("2026-03-01"), Ok("2026/03/01".into()));
        assert_eq!(iso_date("2026/03/01"), Some("2026-03-01".into()));
        assert_eq!(iso_date("2026.03.01"), Some("2026-03-01".into()));
        assert_eq!(iso_date("March 2026"), None);
        assert!(trf_date("2026-02-30").is_err());
    }

    #[test]
    fn round_dates_go_in_their_132_columns() {
        let mut t = swiss();
        set_round_date(&mut t, 2, "2026-03-02").expect("round 2 exists");
        set_round_date(&mut t, 1, "2026-03-01").expect("round 1 exists");
        let record = format!("132 {}", t.info.round_dates);
        assert_eq!(record.find("26/03/01"), Some(91), "{record}");
        assert_eq!(record.find("26/03/02"), Some(101), "{record}");
        assert_eq!(
            round_dates(&t.info, 3),
            vec!["2026-03-01".to_owned(), "2026-03-02".into(), String::new()]
        );
        set_round_date(&mut t, 2, "").expect("cleared");
        assert_eq!(round_dates(&t.info, 3)[1], "");
        assert_eq!(
            set_round_date(&mut t, 4, "2026-03-04"),
            Err(DetailError::NoSuchRound {
                round: 4,
                rounds: 3
            })
        );
    }

    #[test]
    fn a_refused_field_changes_nothing() {
        let mut t = swiss();
        let before = t.clone();
        assert!(set_player_field(&mut t, 1, PlayerField::FideId, "12a").is_err());
        assert!(set_player_field(&mut t, 1, PlayerField::Rating, "99999").is_err());
        assert!(set_player_field(&mut t, 1, PlayerField::Name, "  ").is_err());
        assert!(set_player_field(&mut t, 9, PlayerField::Club, "x").is_err());
        set_info_field(&mut t, InfoField::StartDate, "2026-03-05").expect("a date");
        let started = t.clone();
        assert!(matches!(
            set_info_field(&mut t, InfoField::EndDate, "2026-03-01"),
            Err(DetailError::EndBeforeStart { .. })
        ));
        assert_eq!(t, started);
        t.info.start_date.clear();
        assert_eq!(t, before);
    }

    #[test]
    fn deputy_arbiters_one_per_line() {
        let mut t = swiss();
        set_info_field(&mut t, InfoField::DeputyArbiters, " A \n\n B\r\n").expect("text");
        assert_eq!(t.info.deputy_arbiters, vec!["A".to_owned(), "B".into()]);
    }
}
