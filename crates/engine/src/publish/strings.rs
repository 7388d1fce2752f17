//! Every word the published page shows, in one place, so that a language is one more value of
//! [`Strings`]: the CLI publishes in [`ENGLISH`], the app fills one from its catalogue in the
//! reader's language.

use crate::model::Format;
use crate::tiebreak::Tiebreak;

/// A phrase of the published page that carries a value: each language words it, and puts the
/// number where its grammar wants it, with the plural it needs ("1 player", "10 players";
/// "10 joueurs"; "10人").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phrase<'t> {
    /// The system: `Round-robin`, `Swiss, 7 rounds`.
    Format(Format),
    /// `10 players`.
    Players(usize),
    /// `9 of 9 rounds played` (rounds whose games all have results: `Tournament::round_progress`).
    RoundsPlayed { complete: u32, scheduled: u32 },
    /// A round's heading: `Round 3`.
    Round(usize),
    /// The event's dates, as written in the event: `Dates: 2026/03/01 – 2026/03/09`.
    Dates(&'t str),
}

/// The words of the published page. Plain words are fields; a phrase with a value goes through
/// [`Strings::phrase`], and a tie-break's full name through [`Strings::tiebreak`].
#[derive(Clone, Copy)]
pub struct Strings<'a> {
    /// `lang` attribute of the page.
    pub lang: &'a str,
    /// Numbers with a decimal comma (`4,5`) rather than a point (`4.5`).
    pub decimal_comma: bool,
    pub standings: &'a str,
    pub crosstable: &'a str,
    pub rounds: &'a str,
    pub rank: &'a str,
    pub start_no: &'a str,
    pub name: &'a str,
    pub rating: &'a str,
    pub points: &'a str,
    pub board: &'a str,
    pub white: &'a str,
    pub black: &'a str,
    pub result: &'a str,
    /// A Swiss crosstable cell's colour letter (`12w1`): White, then Black.
    pub white_letter: &'a str,
    pub black_letter: &'a str,
    pub bye: &'a str,
    pub half_bye: &'a str,
    pub zero_bye: &'a str,
    pub not_paired: &'a str,
    pub pending: &'a str,
    /// After a withdrawn player's name, with its brackets: `(withdrawn)`.
    pub withdrawn: &'a str,
    /// Heading of the tie-break legend.
    pub legend: &'a str,
    /// Before the QR code's address, with its colon: "This page online:".
    pub online: &'a str,
    /// A Swiss crosstable cell: how to read `12w1`.
    pub swiss_key: &'a str,
    /// A round-robin crosstable: how to read the cells.
    pub round_robin_key: &'a str,
    pub made_with: &'a str,
    /// A phrase with its value, in this language.
    pub phrase: &'a dyn Fn(Phrase) -> String,
    /// A tie-break's full name (the standings' header titles and the legend).
    pub tiebreak: &'a dyn Fn(Tiebreak) -> String,
}

impl std::fmt::Debug for Strings<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Strings")
            .field("lang", &self.lang)
            .finish_non_exhaustive()
    }
}

/// English.
pub const ENGLISH: Strings<'static> = Strings {
    lang: "en",
    decimal_comma: false,
    standings: "Standings",
    crosstable: "Crosstable",
    rounds: "Pairings and results",
    rank: "Rank",
    start_no: "No.",
    name: "Name",
    rating: "Rating",
    points: "Points",
    board: "Board",
    white: "White",
    black: "Black",
    result: "Result",
    white_letter: "w",
    black_letter: "b",
    bye: "bye",
    half_bye: "half-point bye",
    zero_bye: "absent",
    not_paired: "not paired yet",
    pending: "not played yet",
    withdrawn: "(withdrawn)",
    legend: "Tie-breaks, in order",
    online: "This page online:",
    swiss_key: "Each round: the opponent's rank, the colour (w white, b black) and the result \
                (1 win, ½ draw, 0 loss, + or − by forfeit); U pairing-allocated bye, F full-point \
                bye, H half-point bye, Z absent.",
    round_robin_key: "Each cell: the row player's result against the column player (1 win, ½ \
                      draw, 0 loss, + or − by forfeit); blank: not played yet.",
    made_with: "Published with Crosstable.",
    phrase: &english_phrase,
    tiebreak: &english_tiebreak,
};

fn english_phrase(phrase: Phrase) -> String {
    let plural =
        |n: usize, one: &str, other: &str| format!("{n} {}", if n == 1 { one } else { other });
    match phrase {
        Phrase::Format(Format::RoundRobin { cycles: 2 }) => "Double round-robin".to_owned(),
        Phrase::Format(Format::RoundRobin { .. }) => "Round-robin".to_owned(),
        Phrase::Format(Format::Swiss { rounds }) => {
            format!("Swiss, {}", plural(rounds as usize, "round", "rounds"))
        }
        Phrase::Players(n) => plural(n, "player", "players"),
        Phrase::RoundsPlayed {
            complete,
            scheduled,
        } => format!(
            "{complete} of {}",
            plural(scheduled as usize, "round played", "rounds played")
        ),
        Phrase::Round(r) => format!("Round {r}"),
        Phrase::Dates(dates) => format!("Dates: {dates}"),
    }
}

fn english_tiebreak(tiebreak: Tiebreak) -> String {
    tiebreak.name().to_owned()
}
