//! Every word the published page shows, in one place, so that a language is one more value of
//! [`Strings`] (English for now; the app's languages arrive with their own issue).

/// The words of the published page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strings {
    /// `lang` attribute of the page.
    pub lang: &'static str,
    pub standings: &'static str,
    pub crosstable: &'static str,
    pub rounds: &'static str,
    pub round: &'static str,
    pub rank: &'static str,
    pub start_no: &'static str,
    pub name: &'static str,
    pub rating: &'static str,
    pub points: &'static str,
    pub board: &'static str,
    pub white: &'static str,
    pub black: &'static str,
    pub result: &'static str,
    pub bye: &'static str,
    pub half_bye: &'static str,
    pub zero_bye: &'static str,
    pub not_paired: &'static str,
    pub pending: &'static str,
    pub withdrawn: &'static str,
    pub round_robin: &'static str,
    pub double_round_robin: &'static str,
    pub swiss: &'static str,
    pub players: &'static str,
    pub dates: &'static str,
    pub tiebreaks: &'static str,
    /// Heading of the tie-break legend.
    pub legend: &'static str,
    /// Under the QR code: "This page online".
    pub online: &'static str,
    /// A Swiss crosstable cell: how to read `12w1`.
    pub swiss_key: &'static str,
    /// A round-robin crosstable: how to read the cells.
    pub round_robin_key: &'static str,
    pub made_with: &'static str,
    /// `rounds played` (rounds whose games all have results: `Tournament::round_progress`).
    pub rounds_played: &'static str,
    pub of: &'static str,
    /// "rounds" after a number: `Swiss, 7 rounds`.
    pub rounds_lower: &'static str,
}

/// English.
pub const ENGLISH: Strings = Strings {
    lang: "en",
    standings: "Standings",
    crosstable: "Crosstable",
    rounds: "Pairings and results",
    round: "Round",
    rank: "Rank",
    start_no: "No.",
    name: "Name",
    rating: "Rating",
    points: "Points",
    board: "Board",
    white: "White",
    black: "Black",
    result: "Result",
    bye: "bye",
    half_bye: "half-point bye",
    zero_bye: "absent",
    not_paired: "not paired yet",
    pending: "not played yet",
    withdrawn: "withdrawn",
    round_robin: "Round-robin",
    double_round_robin: "Double round-robin",
    swiss: "Swiss",
    players: "players",
    dates: "Dates",
    tiebreaks: "Tie-breaks",
    legend: "Tie-breaks, in order",
    online: "This page online",
    swiss_key: "Each round: the opponent's rank, the colour (w white, b black) and the result \
                (1 win, ½ draw, 0 loss, + or − by forfeit); U pairing-allocated bye, F full-point \
                bye, H half-point bye, Z absent.",
    round_robin_key: "Each cell: the row player's result against the column player (1 win, ½ \
                      draw, 0 loss, + or − by forfeit); blank: not played yet.",
    made_with: "Published with Crosstable.",
    rounds_played: "rounds played",
    of: "of",
    rounds_lower: "rounds",
};
