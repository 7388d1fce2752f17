//! What a tie-break value is made of, line by line, so that every number on a standings page
//! can be checked by hand: which opponents and rounds contributed what, which rounds were
//! unplayed and how C.07 art. 16 valued them, what a cut removed.

use super::number::Number;
use crate::model::StartNo;
use serde::Serialize;

/// The breakdown of one tie-break value of one player.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Explanation {
    /// One line per round (or game, or opponent) that was considered, counted or not.
    pub items: Vec<Item>,
    /// How the counted lines combine into the value.
    pub how: How,
}

impl Explanation {
    pub(crate) fn new(how: How) -> Explanation {
        Explanation {
            items: Vec::new(),
            how,
        }
    }

    /// Room for `lines` lines (one per round, usually): one allocation instead of the growth
    /// from 4 to 8 to 16 that pushing eleven rounds into an empty vector costs.
    pub(crate) fn with_lines(how: How, lines: u32) -> Explanation {
        Explanation {
            items: Vec::with_capacity(lines as usize),
            how,
        }
    }

    /// Σ of the counted lines' values.
    pub fn counted_sum(&self) -> Number {
        self.items
            .iter()
            .filter(|i| i.counted)
            .map(|i| i.value)
            .sum()
    }

    /// Number of counted lines.
    pub fn counted(&self) -> usize {
        self.items.iter().filter(|i| i.counted).count()
    }
}

/// One contributing (or excluded) line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Item {
    /// The round (1-based), when the line is about one round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// The opponent of that round, if there was one (played, forfeited or imputed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opponent: Option<StartNo>,
    /// What the line stands for.
    pub what: What,
    /// The line's contribution (after any multiplication, e.g. by the round's score for SB).
    pub value: Number,
    /// False when a modifier or a rule left it out; `excluded` says why.
    pub counted: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub excluded: Option<Exclusion>,
}

impl Item {
    pub(crate) fn new(
        round: Option<u32>,
        opponent: Option<StartNo>,
        what: What,
        value: Number,
    ) -> Item {
        Item {
            round,
            opponent,
            what,
            value,
            counted: true,
            excluded: None,
        }
    }

    pub(crate) fn exclude(&mut self, why: Exclusion) {
        self.counted = false;
        self.excluded = Some(why);
    }
}

/// A change C.07 art. 16.3 makes to an opponent's score before it enters a Buchholz: a round
/// after the opponent stopped playing, counted as a draw (Swiss) or as nothing (round-robin).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Adjustment {
    pub round: u32,
    /// The points the round really gave.
    pub actual: Number,
    /// The points it counts for.
    pub counted: Number,
}

/// What one line stands for.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum What {
    /// A game against a real opponent: the opponent's adjusted score (C.07 art. 16.3) — their
    /// points with `adjustments` applied. For SB, `factor` is the points scored in that game.
    OpponentScore {
        points: Number,
        adjusted: Number,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        adjustments: Vec<Adjustment>,
        #[serde(skip_serializing_if = "Option::is_none")]
        factor: Option<Number>,
    },
    /// A Swiss unplayed round (bye, forfeit, absence): a dummy opponent scoring the player's own
    /// points (C.07 art. 16.4), capped under the 2026 amendment at `cap` (the forfeiting
    /// opponent's adjusted score, or half the number of rounds). For SB, `factor` is the points
    /// the round gave the player.
    DummyOpponent {
        unplayed: Unplayed,
        own_points: Number,
        #[serde(skip_serializing_if = "Option::is_none")]
        cap: Option<Number>,
        #[serde(skip_serializing_if = "Option::is_none")]
        factor: Option<Number>,
    },
    /// A game's score (direct encounter, Koya): points scored in it.
    GameScore {
        score: Number,
        unplayed: Option<Unplayed>,
    },
    /// The average of the games against one opponent met twice (double round-robin DE).
    AveragedGames { games: u32, score: Number },
    /// The player's running total after the round (progressive score).
    RunningTotal { round_points: Number, total: Number },
    /// A round counted by a counting tie-break (WIN, WON, BPG, BWG, REP), with what it was.
    Round { entry: Unplayed },
    /// An opponent's rating (ARO, TPR, PTP).
    Rating { rating: u16, score: Number },
    /// An opponent's Buchholz (AOB).
    OpponentBuchholz { buchholz: Number },
}

/// What a round was for the player, in the words C.07 uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Unplayed {
    /// Not unplayed: a game over the board.
    Played,
    ForfeitWin,
    ForfeitLoss,
    DoubleForfeit,
    PairingAllocatedBye,
    FullPointBye,
    HalfPointBye,
    ZeroPointBye,
    /// No entry at all (absent, or after withdrawing).
    Absent,
    /// A game never played because the opponent withdrew, scored by a withdrawal policy.
    Imputed,
    /// A game removed by annulment of a withdrawn player.
    Annulled,
    /// A game with no result yet.
    Pending,
}

/// Why a line was left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Exclusion {
    /// Cut-n / Median-n: a voluntarily unplayed round is dropped first (C.07 art. 16.5).
    CutVoluntarilyUnplayed,
    /// Cut-n / Median-n: the least significant value.
    CutLowest,
    /// Median-n: the most significant value.
    CutHighest,
    /// Koya: the opponent scored below the limit.
    BelowKoyaLimit,
    /// The round does not count for this tie-break (e.g. not a game with Black, not a win).
    NotCounted,
    /// The opponent has no rating (and no rating for unrated players was set).
    Unrated,
    /// Progressive score with a cut: the first rounds' totals are dropped.
    CutEarlyRound,
}

/// How the counted lines make the value.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum How {
    /// The value is the total of the counted lines.
    Sum,
    /// The value is the number of counted lines.
    Count,
    /// The total of the counted lines divided by their number, rounded half up to `decimals`.
    Average {
        sum: Number,
        count: u32,
        decimals: u8,
    },
    /// TPR = ARO + dp(p), p = score / games rounded half up to two decimals, dp from FIDE table
    /// 8.1.1 (C.07 art. 10; B.02 8.1.1).
    Performance {
        aro: i64,
        score: Number,
        games: u32,
        p_hundredths: u8,
        dp: i32,
    },
    /// PTP: the lowest rating R whose expected score against the counted opponents (table
    /// 8.1.2, no 400-point rule) reaches `score`; `min(opponents) − 800` for a zero score.
    PerfectPerformance {
        score: Number,
        expected_at_result: Number,
    },
    /// Koya: points against opponents whose score reached `limit` (50 % of `max_games`, moved by
    /// the limit modifier).
    Koya { limit: Number, max_games: u32 },
    /// Direct encounter inside the group of players tied before it.
    DirectEncounter {
        /// The tied group (start numbers), the player included.
        group: Vec<StartNo>,
        /// Each comparison the player took part in, first the whole group, then sub-groups
        /// still tied.
        steps: Vec<DirectStep>,
    },
    /// The tie-break does not apply (e.g. KS in a Swiss, ARO without a game over the board).
    NotApplicable { reason: Inapplicable },
}

/// Why a tie-break has no value for a player: a fact the app words in the reader's language;
/// [`Inapplicable::text`] is the English of the CLI and of the JSON output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(into = "&'static str")]
pub enum Inapplicable {
    /// AOB: no game over the board to average over.
    NoGameOverTheBoard,
    /// KS in a Swiss.
    KoyaRoundRobinOnly,
    /// ARO, TPR, PTP: no game over the board against a rated opponent.
    NoRatedOpponent,
    /// A value the computation did not produce.
    NotComputed,
}

impl Inapplicable {
    /// The reason in English.
    pub fn text(self) -> &'static str {
        match self {
            Inapplicable::NoGameOverTheBoard => "no game played over the board",
            Inapplicable::KoyaRoundRobinOnly => "Koya applies to round-robins only",
            Inapplicable::NoRatedOpponent => "no game over the board against a rated opponent",
            Inapplicable::NotComputed => "not computed",
        }
    }
}

impl From<Inapplicable> for &'static str {
    fn from(reason: Inapplicable) -> &'static str {
        reason.text()
    }
}

impl std::fmt::Display for Inapplicable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.text())
    }
}

/// One direct-encounter comparison among `among`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DirectStep {
    pub among: Vec<StartNo>,
    /// The player's points against the others of `among`.
    pub score: Number,
    /// When not everyone in `among` met (Swiss): the most the player could have, winning the
    /// games not played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<Number>,
    /// Place inside the tied group after this comparison (1 = best; equal players share it).
    pub place: u32,
}
