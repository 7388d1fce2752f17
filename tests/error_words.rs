//! The app's English words for the engine's errors are the engine's own `Display` (the CLI's
//! words), variant by variant; every other language words each variant differently, keeps its
//! numbers, and a broken file's error names its line in every language (`src/words/errors/`).

use crosstable::i18n::Locale;
use crosstable::words::errors::{json_detail, JsonDetail};
use crosstable::words::Words;
use engine::details::DetailError;
use engine::dutch::PairingError;
use engine::event::{EventError, PlayersFixed, RoundsRefused, SwissOnly};
use engine::impute::{ImputeError, ParamsError};
use engine::model::ModelError;
use engine::model::{ByeKind, Color, Withdrawal};
use engine::pgn::{NotRoundRobin, PairingDiff, PgnError, PgnErrorKind};
use engine::publish::QrError;
use engine::roster::{RosterError, RosterProblem};
use engine::rules2026::{
    AccelerationField, AccelerationProblem, BakuPoints, PointSystem, ProhibitedError,
    ProhibitedProblem, RecordError,
};
use engine::share::ShareError;
use engine::swiss_whatif::SwissWhatIfError;
use engine::tiebreak::{CodeError, System};
use engine::trf::{
    ByeRecordProblem, DecodeError, Found, PlayerNumber, TrfError, TrfErrorKind, TrfWarning,
    TrfWarningKind,
};
use engine::whatif::WhatIfError;
use engine::RatingError;
use std::fmt::Display;

const OTHERS: [Locale; 3] = [Locale::fr, Locale::de, Locale::ja];

/// One value of every variant of `TrfErrorKind`.
fn trf_kinds() -> Vec<TrfErrorKind> {
    use TrfErrorKind as K;
    let s = |t: &str| t.to_string();
    vec![
        K::NotARecord { found: s("hello") },
        K::SecondXxr { first_line: 3 },
        K::BadRoundCount {
            code: "XXR",
            found: s("x"),
        },
        K::XxcContradicts,
        K::KFactorTooLarge { k: 999 },
        K::Second142,
        K::Bad152 { found: s("Q") },
        K::Second152,
        K::BadPlayerValue {
            code: "XXW",
            what: PlayerNumber::WithdrawalRound,
            found: s("2"),
        },
        K::BadPlayerValue {
            code: "XXK",
            what: PlayerNumber::KFactor,
            found: s("x"),
        },
        K::BadPlayerValue {
            code: "XXG",
            what: PlayerNumber::RatedGames,
            found: s("x"),
        },
        K::WithdrawalTwice {
            player: 4,
            first_line: 9,
        },
        K::ValueTwice {
            code: "XXK",
            player: 4,
            first_line: 9,
        },
        K::Empty,
        K::StartNumberTwice {
            start_no: 5,
            other_line: 7,
        },
        K::StartNumberGap {
            start_no: 5,
            expected: 4,
            players: 9,
        },
        K::TooManyCycles { cycles: 3 },
        K::NoSuchPlayer {
            code: "260",
            player: 12,
            players: 10,
        },
        K::Inconsistent(ModelError::BadCycles(3)),
        K::BadStartNumber { found: s("12a") },
        K::BadRating { found: s("28x3") },
        K::BadFideId { found: s("1x") },
        K::NotBlank {
            column: 90,
            found: 'x',
        },
        K::TooManyRounds,
        K::BadOpponent {
            round: 2,
            column: 102,
            found: s("x"),
        },
        K::BadColour {
            round: 2,
            column: 107,
            found: 'q',
        },
        K::UnknownResult {
            round: 2,
            column: 109,
            found: 'x',
        },
        K::GameWithoutOpponent {
            round: 2,
            column: 102,
            found: '1',
        },
        K::ByeWithOpponent {
            round: 2,
            column: 102,
            found: 'H',
        },
        K::OpponentNotAPlayer {
            round: 1,
            opponent: 7,
            players: 6,
        },
        K::PairedWithSelf {
            round: 1,
            player: 3,
        },
        K::PairingDisagrees {
            round: 1,
            line: 4,
            player: 1,
            opponent: 2,
            other_line: 5,
            other: Found::Nothing,
        },
        K::PairingDisagrees {
            round: 1,
            line: 4,
            player: 1,
            opponent: 2,
            other_line: 5,
            other: Found::Bye(ByeKind::Half),
        },
        K::PairingDisagrees {
            round: 1,
            line: 4,
            player: 1,
            opponent: 2,
            other_line: 5,
            other: Found::Player(6),
        },
        K::SameColour {
            round: 1,
            line: 4,
            player: 1,
            opponent: 2,
            other_line: 5,
            colour: Color::White,
        },
        K::SameColour {
            round: 1,
            line: 4,
            player: 1,
            opponent: 2,
            other_line: 5,
            colour: Color::Black,
        },
        K::NoColour {
            round: 1,
            line: 4,
            player: 1,
            opponent: 2,
            other_line: 5,
            column: 97,
        },
        K::ResultsDisagree {
            round: 1,
            line: 4,
            player: 1,
            code: '1',
            opponent: 2,
            other_line: 5,
            other_code: '=',
        },
        K::Record(RecordError::PointsMissing { letter: s("W") }),
        K::BadByeRecord {
            problem: ByeRecordProblem::UnknownType,
            found: s("240 Q   1"),
        },
        K::BadByeRecord {
            problem: ByeRecordProblem::NoRound,
            found: s("240 H"),
        },
        K::BadByeRecord {
            problem: ByeRecordProblem::NotWholeNumbers,
            found: s("240 H   1    x"),
        },
        K::BadByeRecord {
            problem: ByeRecordProblem::NoPlayers,
            found: s("240 H   1"),
        },
        K::ByeConflict {
            player: 3,
            round: 2,
        },
    ]
}

fn warning_kinds() -> Vec<TrfWarningKind> {
    vec![
        TrfWarningKind::UnknownTiebreak {
            found: "BH XYZ".into(),
        },
        TrfWarningKind::FewerRounds {
            declared: 5,
            columns: 7,
        },
        TrfWarningKind::ProhibitedInRoundRobin,
        TrfWarningKind::PointsDisagree {
            player: 3,
            declared: 25,
            computed: 30,
        },
        TrfWarningKind::EloDiffers {
            name: "Carlsen, Magnus".into(),
            first: 2830,
            other: 2850,
        },
        TrfWarningKind::BadElo {
            tag: "WhiteElo",
            found: "abc".into(),
        },
        TrfWarningKind::LooksWithdrawn {
            player: 5,
            after_round: 0,
        },
        TrfWarningKind::LooksWithdrawn {
            player: 5,
            after_round: 3,
        },
        TrfWarningKind::RecordNotUsed { code: "XXY".into() },
        TrfWarningKind::RatingOutOfRange {
            player: 4,
            rating: 9999,
        },
    ]
}

fn records() -> Vec<RecordError> {
    use AccelerationField as F;
    let acc = RecordError::Acceleration;
    let pro = RecordError::Prohibited;
    vec![
        RecordError::PointsMissing { letter: "W".into() },
        RecordError::PointsNotANumber {
            letter: "W".into(),
            found: "x".into(),
        },
        RecordError::UnknownLetter { letter: "Q".into() },
        RecordError::PointsOrder {
            win: 10,
            draw: 20,
            loss: 0,
        },
        acc(AccelerationProblem::MatchPoints),
        acc(AccelerationProblem::NoGamePoints),
        acc(AccelerationProblem::Missing(F::FirstRound)),
        acc(AccelerationProblem::Missing(F::LastRound)),
        acc(AccelerationProblem::Missing(F::FirstPlayer)),
        acc(AccelerationProblem::Missing(F::LastPlayer)),
        acc(AccelerationProblem::Order),
        pro(ProhibitedProblem::NotWholeNumbers),
        pro(ProhibitedProblem::TooShort),
        pro(ProhibitedProblem::Rounds),
        pro(ProhibitedProblem::ZeroPlayer),
    ]
}

fn models() -> Vec<ModelError> {
    vec![
        ModelError::StartNumbers { index: 2, found: 5 },
        ModelError::UnknownPlayer {
            round: 2,
            player: 9,
        },
        ModelError::PlaysTwice {
            round: 2,
            player: 3,
        },
        ModelError::PlaysItself {
            round: 2,
            player: 3,
        },
        ModelError::BadWithdrawal {
            player: 3,
            after_round: 12,
        },
        ModelError::BadCycles(3),
    ]
}

fn events() -> Vec<EventError> {
    let rating = RatingError {
        text: "28x3".into(),
    };
    vec![
        EventError::NoName,
        EventError::BadRounds(0),
        EventError::TooFewPlayers {
            system: System::RoundRobin,
            needed: 3,
        },
        EventError::TooFewPlayers {
            system: System::Swiss,
            needed: 2,
        },
        EventError::TooManyPlayers {
            players: 30,
            max: 24,
        },
        EventError::BadRating {
            name: "Alpha".into(),
            error: rating,
        },
        EventError::UnknownPlayer(9),
        EventError::NoPlayerName,
        EventError::PlayersFixed(PlayersFixed::AddToRoundRobin),
        EventError::PlayersFixed(PlayersFixed::RemoveFromRoundRobin),
        EventError::PlayersFixed(PlayersFixed::RemoveFromSwiss),
        EventError::NotSwiss(SwissOnly::RequestBye),
        EventError::NotSwiss(SwissOnly::PairNextRound),
        EventError::NotSwiss(SwissOnly::UndoPairing),
        EventError::NoSuchEvent("e1".into()),
        EventError::UnknownRound(8),
        EventError::UnknownBoard { round: 2, board: 9 },
        EventError::RoundAlreadyPaired(3),
        EventError::WithdrawFromPairedRound {
            player: 4,
            round: 3,
            board: 2,
            opponent: 7,
        },
        EventError::NothingToUndo,
        EventError::RoundHasResults(2),
        EventError::BadByeKind,
        EventError::Withdrawn {
            player: 4,
            after_round: 3,
        },
        EventError::NobodyToPair(4),
        EventError::BadTiebreaks(CodeError::Unknown { code: "XYZ".into() }),
        EventError::Pairing(PairingError::RoundInProgress { round: 2 }),
        EventError::Pairing(PairingError::MissingResult {
            round: 1,
            white: 3,
            black: 4,
        }),
        EventError::Pairing(PairingError::AllRoundsPaired { rounds: 5 }),
        EventError::Pairing(PairingError::NoLegalPairing {
            round: 5,
            players: 6,
        }),
        EventError::Pairing(PairingError::Invalid(ModelError::BadCycles(3))),
        EventError::Pairing(PairingError::Acceleration(BakuPoints {
            points: PointSystem {
                win: 30,
                draw: 10,
                loss: 0,
                zero: 0,
                pab: 30,
            },
        })),
        EventError::Pairing(PairingError::RoundZero),
        EventError::Rounds(RoundsRefused::FewerThanPaired {
            rounds: 3,
            paired: 5,
        }),
        EventError::Rounds(RoundsRefused::RequestBeyond {
            rounds: 5,
            round: 7,
            player: 4,
        }),
        EventError::Rounds(RoundsRefused::WithdrawalBeyond {
            rounds: 5,
            player: 4,
            after_round: 6,
        }),
        EventError::Rounds(RoundsRefused::RoundRobin {
            rounds: 8,
            single: 9,
        }),
        EventError::Rounds(RoundsRefused::RoundRobinHasResults { rounds: 18 }),
        EventError::Detail(DetailError::Title { text: "XM".into() }),
        EventError::Detail(DetailError::Sex { text: "x".into() }),
        EventError::Detail(DetailError::Federation { text: "FR".into() }),
        EventError::Detail(DetailError::FideId { text: "12a".into() }),
        EventError::Detail(DetailError::Birth {
            text: "2012/13/01".into(),
        }),
        EventError::Detail(DetailError::Date {
            text: "2026-02-30".into(),
        }),
        EventError::Detail(DetailError::EndBeforeStart {
            start: "2026/05/04".into(),
            end: "2026/05/02".into(),
        }),
        EventError::Detail(DetailError::NoSuchRound {
            round: 12,
            rounds: 9,
        }),
        EventError::Detail(DetailError::Rating(RatingError {
            text: "99999".into(),
        })),
        EventError::Detail(DetailError::NoName),
        EventError::Detail(DetailError::UnknownPlayer(12)),
    ]
}

fn codes() -> Vec<CodeError> {
    vec![
        CodeError::Unknown { code: "XYZ".into() },
        CodeError::NoModifier {
            family: "WIN".into(),
            code: "WIN-C1".into(),
        },
        CodeError::BadModifier {
            code: "BH-X1".into(),
            modifier: "-X1".into(),
        },
        CodeError::ProgressiveCut {
            code: "PS-M1".into(),
        },
        CodeError::Koya {
            code: "KS-X".into(),
        },
    ]
}

fn pgn_kinds() -> Vec<PgnErrorKind> {
    let s = |t: &str| t.to_string();
    vec![
        PgnErrorKind::NoGames,
        PgnErrorKind::UnterminatedComment,
        PgnErrorKind::UnterminatedTagValue,
        PgnErrorKind::BadTag(s("[White")),
        PgnErrorKind::UnclosedVariation,
        PgnErrorKind::UnexpectedParenthesis,
        PgnErrorKind::MissingTag("Round"),
        PgnErrorKind::MissingTag("Result"),
        PgnErrorKind::MissingTag("White"),
        PgnErrorKind::BadResult(s("2-0")),
        PgnErrorKind::ResultMismatch {
            tag: s("1-0"),
            moves: s("0-1"),
        },
        PgnErrorKind::BadRound(s("x")),
        PgnErrorKind::SamePlayer(s("Alpha")),
        PgnErrorKind::PlaysTwice {
            name: s("Alpha"),
            round: 2,
            other_line: 14,
        },
        PgnErrorKind::EmptyRound(2),
        PgnErrorKind::SeveralEvents {
            first: s("Spring Open"),
            first_line: 1,
            other: s("Autumn Open"),
        },
        PgnErrorKind::NotRoundRobin(NotRoundRobin::MeetTooOften { times: 3 }),
        PgnErrorKind::NotRoundRobin(NotRoundRobin::TooFewPlayers),
        PgnErrorKind::NotRoundRobin(NotRoundRobin::TooManyRounds {
            players: 4,
            rounds: 3,
            found: 5,
        }),
        PgnErrorKind::UnknownPlayer(vec![(s("Nobody, Known"), 4), (s("Other"), 9)]),
        PgnErrorKind::RoundBeyondSchedule {
            round: 8,
            scheduled: 7,
        },
        PgnErrorKind::PairingDiffers {
            round: 2,
            what: PairingDiff::NoSuchBye { name: s("Alpha") },
        },
        PgnErrorKind::PairingDiffers {
            round: 2,
            what: PairingDiff::NotPaired {
                white: s("Alpha"),
                black: s("Beta"),
                opponent: Some(s("Gamma")),
            },
        },
        PgnErrorKind::PairingDiffers {
            round: 2,
            what: PairingDiff::NotPaired {
                white: s("Alpha"),
                black: s("Beta"),
                opponent: None,
            },
        },
        PgnErrorKind::PairingDiffers {
            round: 2,
            what: PairingDiff::Colours {
                white: s("Alpha"),
                black: s("Beta"),
            },
        },
        PgnErrorKind::RoundOutOfOrder { round: 4, next: 3 },
        PgnErrorKind::Inconsistent(ModelError::PlaysTwice {
            round: 2,
            player: 3,
        }),
    ]
}

fn analyses() -> Vec<Box<dyn Sample>> {
    vec![
        Box::new(ImputeError::NotRoundRobin),
        Box::new(ImputeError::BadK(-1.0)),
        Box::new(ImputeError::UnknownPlayer(11)),
        Box::new(ImputeError::BadWithdrawal(Withdrawal {
            player: 3,
            after_round: 12,
        })),
        Box::new(ImputeError::MissingRating {
            player: 3,
            name: "Alpha".into(),
        }),
        Box::new(ParamsError::K(f64::NAN)),
        Box::new(WhatIfError::NotRoundRobin),
        Box::new(WhatIfError::Incomplete {
            player: 3,
            played: 5,
            scheduled: 9,
        }),
        Box::new(WhatIfError::BadRound {
            after_round: 9,
            rounds: 9,
        }),
        Box::new(WhatIfError::Impute(ImputeError::NotRoundRobin)),
        Box::new(SwissWhatIfError::NotSwiss),
        Box::new(SwissWhatIfError::UnknownPlayer(11)),
        Box::new(SwissWhatIfError::AlreadyWithdrawn {
            player: 3,
            after_round: 2,
        }),
        Box::new(SwissWhatIfError::NothingAfter {
            after_round: 5,
            paired: 5,
        }),
        Box::new(QrError { length: 5000 }),
        Box::new(DecodeError::BadUtf16 {
            big_endian: false,
            offset: 12,
        }),
        Box::new(DecodeError::BadUtf16 {
            big_endian: true,
            offset: 31,
        }),
        Box::new(DecodeError::ZeroByte { offset: 5 }),
        Box::new(ShareError::Empty),
        Box::new(ShareError::UnknownVersion),
        Box::new(ShareError::Base64),
        Box::new(ShareError::Inflate),
        Box::new(ShareError::Invalid(ModelError::BadCycles(3))),
        Box::new(RosterError {
            line: 2,
            problem: RosterProblem::BadRating(RatingError {
                text: "20x0".into(),
            }),
        }),
        Box::new(RosterError {
            line: 2,
            problem: RosterProblem::RatingInName {
                name: "Smith John".into(),
                rating: "2100".into(),
            },
        }),
        Box::new(RosterError {
            line: 2,
            problem: RosterProblem::MissingName,
        }),
        Box::new(RosterError {
            line: 4,
            problem: RosterProblem::Duplicate {
                name: "A".into(),
                first_line: 3,
            },
        }),
    ]
}

/// An error the app words and the engine displays.
trait Sample: Words + Display {}
impl<T: Words + Display> Sample for T {}

/// Every sample of every error type, boxed.
fn all() -> Vec<Box<dyn Sample>> {
    let mut out: Vec<Box<dyn Sample>> = Vec::new();
    for (i, kind) in trf_kinds().into_iter().enumerate() {
        out.push(Box::new(TrfError {
            line: 3 + i,
            column: (i % 2 == 0).then_some(5),
            kind,
        }));
    }
    for kind in warning_kinds() {
        out.push(Box::new(TrfWarning {
            line: 8,
            column: Some(81),
            kind,
        }));
    }
    out.extend(
        records()
            .into_iter()
            .map(|e| Box::new(e) as Box<dyn Sample>),
    );
    out.extend(models().into_iter().map(|e| Box::new(e) as Box<dyn Sample>));
    out.extend(events().into_iter().map(|e| Box::new(e) as Box<dyn Sample>));
    out.extend(codes().into_iter().map(|e| Box::new(e) as Box<dyn Sample>));
    for (i, kind) in pgn_kinds().into_iter().enumerate() {
        out.push(Box::new(PgnError {
            line: 12 + i,
            column: (i % 2 == 0).then_some(3),
            kind,
        }));
    }
    for e in [
        ProhibitedError::RoundRobin,
        ProhibitedError::NoSuchPlayer {
            player: 7,
            players: 6,
        },
        ProhibitedError::OnePlayer,
        ProhibitedError::Rounds {
            rounds: 5,
            first_round: 2,
            last_round: 6,
        },
    ] {
        out.push(Box::new(e));
    }
    out.extend(analyses());
    out
}

#[test]
fn english_words_are_the_engines_own() {
    let samples = all();
    assert!(samples.len() > 150, "{} samples", samples.len());
    for e in samples {
        assert_eq!(e.words(Locale::en), e.to_string());
    }
}

#[test]
fn every_language_words_every_error_in_its_own_words_with_its_numbers() {
    for e in all() {
        let english = e.words(Locale::en);
        // The numbers of the message (lines, rounds, players), in order of size: each language
        // says them all (they may move within the sentence).
        let mut numbers: Vec<&str> = english
            .split(|c: char| !c.is_ascii_digit())
            .filter(|n| n.len() >= 2 || n.parse::<u32>().is_ok_and(|n| n > 1))
            .collect();
        numbers.sort_unstable();
        numbers.dedup();
        for locale in OTHERS {
            let words = e.words(locale);
            assert_ne!(words, english, "{locale:?} keeps the English: {english}");
            for n in &numbers {
                assert!(
                    words.contains(n),
                    "{locale:?} lost {n}: {english} → {words}"
                );
            }
        }
    }
}

#[test]
fn a_broken_trf_names_its_line_in_every_language() {
    let trf =
        "012 Broken\n001    1      Alpha                             2400\n001   x2      Beta\n";
    let e = engine::io::import(trf).expect_err("a broken start number");
    assert_eq!(e.words(Locale::en), e.to_string());
    let fr = e.words(Locale::fr);
    assert!(
        fr.starts_with("fichier TRF, ligne 3, colonne 5\u{a0}:"),
        "{fr}"
    );
    let de = e.words(Locale::de);
    assert!(
        de.starts_with("TRF-Datei, Zeile 3, Spalte 5: Erwartet"),
        "{de}"
    );
    assert!(e
        .words(Locale::ja)
        .starts_with("TRFファイル、3行目、5列目："));
}

#[test]
fn points_and_k_use_the_readers_decimal_separator() {
    let w = TrfWarningKind::PointsDisagree {
        player: 3,
        declared: 25,
        computed: 30,
    };
    assert!(w
        .words(Locale::en)
        .contains("says 2.5 but the results add up to 3.0"));
    assert!(w.words(Locale::fr).contains("2,5") && w.words(Locale::fr).contains("3,0"));
    assert!(w.words(Locale::de).contains("2,5"));
    assert!(w.words(Locale::ja).contains("2.5"));
    assert!(ImputeError::BadK(-0.5).words(Locale::de).contains("-0,5"));
}

#[test]
fn serdes_messages_are_sorted_into_words() {
    assert_eq!(
        json_detail("missing field `players`"),
        Some(JsonDetail::MissingField("players".into()))
    );
    assert_eq!(
        json_detail("unknown variant `wins`, expected one of `a`, `b`"),
        Some(JsonDetail::UnknownVariant("wins".into()))
    );
    assert_eq!(
        json_detail("invalid type: string \"x\", expected u32"),
        Some(JsonDetail::WrongType)
    );
    assert_eq!(
        json_detail("EOF while parsing an object"),
        Some(JsonDetail::EndsEarly)
    );
    assert_eq!(json_detail("expected value"), None);
    let e = engine::json::parse("{\"format\": \"crosstable\", \"version\": 1, \"tournament\": {}}")
        .expect_err("no players");
    let fr = e.words(Locale::fr);
    assert!(
        fr.contains("les données du tournoi") && fr.contains("manque"),
        "{fr}"
    );
}
