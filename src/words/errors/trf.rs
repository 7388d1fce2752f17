//! A TRF file's errors and warnings, and the TRF-2026 records' (`162`, `240`, `250`, `260`).

use super::at;
use crate::i18n::{td_string, Locale};
use crate::words::text;
use crate::words::Words;
use engine::rules2026::{
    AccelerationField, AccelerationProblem, ProhibitedError, ProhibitedProblem, RecordError, Tenths,
};
use engine::trf::{
    ByeRecordProblem, Extension, Found, PlayerNumber, TrfError, TrfErrorKind, TrfWarning,
    TrfWarningKind,
};
use engine::Color;

/// The most rounds a TRF player record may hold (`engine::trf`'s guard).
const MAX_ROUNDS: u32 = 999;

/// Points in tenths as the reader writes them: `2.5`, `2,5`.
fn points(locale: Locale, tenths: Tenths) -> String {
    text::dec_in(locale, f64::from(tenths) / 10.0, 1)
}

impl Words for TrfError {
    fn words(&self, locale: Locale) -> String {
        at(locale, self.line, self.column, self.kind.words(locale))
    }
}

impl Words for TrfWarning {
    fn words(&self, locale: Locale) -> String {
        at(locale, self.line, self.column, self.kind.words(locale))
    }
}

impl Words for TrfErrorKind {
    fn words(&self, locale: Locale) -> String {
        use TrfErrorKind as K;
        let l = locale;
        match self.clone() {
            K::NotARecord { found } => td_string!(l, errors.trf.not_a_record, found).to_string(),
            K::SecondXxr { first_line } => {
                td_string!(l, errors.trf.second_xxr, first_line).to_string()
            }
            K::BadRoundCount { code, found } => {
                td_string!(l, errors.trf.bad_round_count, max = MAX_ROUNDS, code, found).to_string()
            }
            K::XxcContradicts => td_string!(l, errors.trf.xxc_contradicts).to_string(),
            K::KFactorTooLarge { k } => td_string!(l, errors.trf.k_factor_too_large, k).to_string(),
            K::Second142 => td_string!(l, errors.trf.second_142).to_string(),
            K::Bad152 { found } => td_string!(l, errors.trf.bad_152, found).to_string(),
            K::Second152 => td_string!(l, errors.trf.second_152).to_string(),
            K::BadPlayerValue { code, what, found } => {
                let what = match what {
                    PlayerNumber::WithdrawalRound => {
                        td_string!(l, errors.trf_part.withdrawal_round)
                    }
                    PlayerNumber::KFactor => td_string!(l, errors.trf_part.k_factor),
                    PlayerNumber::RatedGames => td_string!(l, errors.trf_part.rated_games),
                };
                let start = td_string!(l, errors.trf_part.start_number);
                td_string!(l, errors.trf.bad_player_value, code, start, what, found).to_string()
            }
            K::WithdrawalTwice { player, first_line } => {
                td_string!(l, errors.trf.withdrawal_twice, player, first_line).to_string()
            }
            K::ValueTwice {
                code,
                player,
                first_line,
            } => td_string!(l, errors.trf.value_twice, code, player, first_line).to_string(),
            K::Empty => td_string!(l, errors.trf.empty).to_string(),
            K::StartNumberTwice {
                start_no,
                other_line,
            } => td_string!(l, errors.trf.start_number_twice, start_no, other_line).to_string(),
            K::StartNumberGap {
                start_no,
                expected,
                players,
            } => {
                td_string!(l, errors.trf.start_number_gap, start_no, expected, players).to_string()
            }
            K::TooManyCycles { cycles } => {
                td_string!(l, errors.trf.too_many_cycles, cycles).to_string()
            }
            K::NoSuchPlayer {
                code,
                player,
                players,
            } => td_string!(l, errors.trf.no_such_player, code, player, players).to_string(),
            K::Inconsistent(e) => e.words(l),
            K::BadStartNumber { found } => {
                td_string!(l, errors.trf.bad_start_number, found).to_string()
            }
            K::BadRating { found } => td_string!(l, errors.trf.bad_rating, found).to_string(),
            K::BadFideId { found } => td_string!(l, errors.trf.bad_fide_id, found).to_string(),
            K::NotBlank { column, found } => {
                td_string!(l, errors.trf.not_blank, column, found).to_string()
            }
            K::TooManyRounds => {
                td_string!(l, errors.trf.too_many_rounds, max = MAX_ROUNDS).to_string()
            }
            K::BadOpponent {
                round,
                column,
                found,
            } => td_string!(
                l,
                errors.trf.bad_opponent,
                round,
                from = column,
                to = column + 3,
                found
            )
            .to_string(),
            K::BadColour {
                round,
                column,
                found,
            } => td_string!(l, errors.trf.bad_colour, round, column, found).to_string(),
            K::UnknownResult {
                round,
                column,
                found,
            } => td_string!(l, errors.trf.unknown_result, round, column, found).to_string(),
            K::GameWithoutOpponent {
                round,
                column,
                found,
            } => td_string!(
                l,
                errors.trf.game_without_opponent,
                round,
                from = column,
                to = column + 3,
                found
            )
            .to_string(),
            K::ByeWithOpponent {
                round,
                column,
                found,
            } => td_string!(
                l,
                errors.trf.bye_with_opponent,
                round,
                from = column,
                to = column + 3,
                found
            )
            .to_string(),
            other => rounds_words(l, other),
        }
    }
}

/// [`TrfErrorKind`]'s variants about the rounds, which compare two players' lines, and the
/// TRF-2026 records.
fn rounds_words(l: Locale, kind: TrfErrorKind) -> String {
    use TrfErrorKind as K;
    match kind {
        K::OpponentNotAPlayer {
            round,
            opponent,
            players,
        } => td_string!(
            l,
            errors.trf.opponent_not_a_player,
            round,
            opponent,
            players
        )
        .to_string(),
        K::PairedWithSelf { round, player } => {
            td_string!(l, errors.trf.paired_with_self, round, player).to_string()
        }
        K::PairingDisagrees {
            round,
            line,
            player,
            opponent,
            other_line,
            other,
        } => {
            let other = match other {
                Found::Nothing => td_string!(l, errors.trf_part.found_nothing).to_string(),
                Found::Bye(kind) => {
                    let code = engine::trf::bye_code(kind);
                    td_string!(l, errors.trf_part.found_bye, code).to_string()
                }
                Found::Player(player) => {
                    td_string!(l, errors.trf_part.found_player, player).to_string()
                }
            };
            td_string!(
                l,
                errors.trf.pairing_disagrees,
                round,
                line,
                player,
                opponent,
                other_line,
                other
            )
            .to_string()
        }
        K::SameColour {
            round,
            line,
            player,
            opponent,
            other_line,
            colour,
        } => {
            let colour = match colour {
                Color::White => td_string!(l, errors.trf_part.white),
                Color::Black => td_string!(l, errors.trf_part.black),
            };
            td_string!(
                l,
                errors.trf.same_colour,
                round,
                line,
                player,
                opponent,
                other_line,
                colour
            )
            .to_string()
        }
        K::NoColour {
            round,
            line,
            player,
            opponent,
            other_line,
            column,
        } => td_string!(
            l,
            errors.trf.no_colour,
            round,
            line,
            player,
            opponent,
            other_line,
            column
        )
        .to_string(),
        K::ResultsDisagree {
            round,
            line,
            player,
            code,
            opponent,
            other_line,
            other_code,
        } => td_string!(
            l,
            errors.trf.results_disagree,
            round,
            line,
            player,
            code,
            opponent,
            other_line,
            other_code
        )
        .to_string(),
        K::Record(e) => e.words(l),
        K::BadByeRecord { problem, found } => {
            let problem = match problem {
                ByeRecordProblem::UnknownType => td_string!(l, errors.trf_part.bye_unknown_type),
                ByeRecordProblem::NoRound => td_string!(l, errors.trf_part.bye_no_round),
                ByeRecordProblem::NotWholeNumbers => td_string!(l, errors.trf_part.bye_not_whole),
                ByeRecordProblem::NoPlayers => td_string!(l, errors.trf_part.bye_no_players),
            };
            td_string!(l, errors.trf.bad_bye_record, problem, found).to_string()
        }
        K::ByeConflict { player, round } => {
            td_string!(l, errors.trf.bye_conflict, player, round).to_string()
        }
        K::BadExtension {
            record: Extension::Acceleration,
            found,
        } => td_string!(l, errors.trf.bad_xxa, found).to_string(),
        K::BadExtension {
            record: Extension::ForbiddenPairs,
            found,
        } => td_string!(l, errors.trf.bad_xxp, found).to_string(),
        K::BadExtension {
            record: record @ Extension::Points { .. },
            found,
        } => td_string!(
            l,
            errors.trf.bad_bb_points,
            code = record.to_string(),
            found
        )
        .to_string(),
        K::ForfeitLossPoints { forfeit, zero } => td_string!(
            l,
            errors.trf.forfeit_loss_points,
            forfeit = points(l, forfeit),
            zero = points(l, zero)
        )
        .to_string(),
        // Worded by `TrfErrorKind::words` before it hands the rest here.
        K::NotARecord { .. }
        | K::SecondXxr { .. }
        | K::BadRoundCount { .. }
        | K::XxcContradicts
        | K::KFactorTooLarge { .. }
        | K::Second142
        | K::Bad152 { .. }
        | K::Second152
        | K::BadPlayerValue { .. }
        | K::WithdrawalTwice { .. }
        | K::ValueTwice { .. }
        | K::Empty
        | K::StartNumberTwice { .. }
        | K::StartNumberGap { .. }
        | K::TooManyCycles { .. }
        | K::NoSuchPlayer { .. }
        | K::Inconsistent(_)
        | K::BadStartNumber { .. }
        | K::BadRating { .. }
        | K::BadFideId { .. }
        | K::NotBlank { .. }
        | K::TooManyRounds
        | K::BadOpponent { .. }
        | K::BadColour { .. }
        | K::UnknownResult { .. }
        | K::GameWithoutOpponent { .. }
        | K::ByeWithOpponent { .. } => kind.words(l),
    }
}

impl Words for TrfWarningKind {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match self.clone() {
            TrfWarningKind::UnknownTiebreak { found } => {
                td_string!(l, errors.trf_warning.unknown_tiebreak, found).to_string()
            }
            TrfWarningKind::FewerRounds { declared, columns } => {
                td_string!(l, errors.trf_warning.fewer_rounds, declared, columns).to_string()
            }
            TrfWarningKind::ProhibitedInRoundRobin => {
                td_string!(l, errors.trf_warning.prohibited_in_round_robin).to_string()
            }
            TrfWarningKind::PointsDisagree {
                player,
                declared,
                computed,
            } => td_string!(
                l,
                errors.trf_warning.points_disagree,
                player,
                declared = points(l, declared),
                computed = points(l, computed)
            )
            .to_string(),
            TrfWarningKind::EloDiffers { name, first, other } => {
                td_string!(l, errors.trf_warning.elo_differs, name, first, other).to_string()
            }
            TrfWarningKind::BadElo { tag, found } => td_string!(
                l,
                errors.trf_warning.bad_elo,
                tag,
                found,
                min = *engine::RATINGS.start(),
                max = *engine::RATINGS.end()
            )
            .to_string(),
            TrfWarningKind::LooksWithdrawn {
                player,
                after_round: 0,
            } => td_string!(l, errors.trf_warning.looks_withdrawn_before, player).to_string(),
            TrfWarningKind::LooksWithdrawn {
                player,
                after_round,
            } => td_string!(
                l,
                errors.trf_warning.looks_withdrawn,
                player,
                round = after_round
            )
            .to_string(),
            TrfWarningKind::RecordNotUsed { code } => {
                td_string!(l, errors.trf_warning.record_not_used, code).to_string()
            }
            TrfWarningKind::RatingOutOfRange { player, rating } => td_string!(
                l,
                errors.trf_warning.rating_out_of_range,
                player,
                rating,
                min = *engine::RATINGS.start(),
                max = *engine::RATINGS.end()
            )
            .to_string(),
        }
    }
}

impl Words for RecordError {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match self.clone() {
            RecordError::PointsMissing { letter } => {
                td_string!(l, errors.record.points_missing, letter).to_string()
            }
            RecordError::PointsNotANumber { letter, found } => {
                td_string!(l, errors.record.points_not_a_number, letter, found).to_string()
            }
            RecordError::UnknownLetter { letter } => {
                td_string!(l, errors.record.unknown_letter, letter).to_string()
            }
            RecordError::PointsOrder { win, draw, loss } => td_string!(
                l,
                errors.record.points_order,
                win = points(l, win),
                draw = points(l, draw),
                loss = points(l, loss)
            )
            .to_string(),
            RecordError::Acceleration(problem) => {
                let problem = match problem {
                    AccelerationProblem::MatchPoints => {
                        td_string!(l, errors.record_part.match_points)
                    }
                    AccelerationProblem::NoGamePoints => {
                        td_string!(l, errors.record_part.no_game_points)
                    }
                    AccelerationProblem::Missing(AccelerationField::FirstRound) => {
                        td_string!(l, errors.record_part.no_first_round)
                    }
                    AccelerationProblem::Missing(AccelerationField::LastRound) => {
                        td_string!(l, errors.record_part.no_last_round)
                    }
                    AccelerationProblem::Missing(AccelerationField::FirstPlayer) => {
                        td_string!(l, errors.record_part.no_first_player)
                    }
                    AccelerationProblem::Missing(AccelerationField::LastPlayer) => {
                        td_string!(l, errors.record_part.no_last_player)
                    }
                    AccelerationProblem::Order => td_string!(l, errors.record_part.order),
                };
                td_string!(l, errors.record.acceleration, problem).to_string()
            }
            RecordError::Prohibited(problem) => {
                let problem = match problem {
                    ProhibitedProblem::NotWholeNumbers => {
                        td_string!(l, errors.record_part.not_whole_numbers)
                    }
                    ProhibitedProblem::TooShort => td_string!(l, errors.record_part.too_short),
                    ProhibitedProblem::Rounds => td_string!(l, errors.record_part.rounds),
                    ProhibitedProblem::ZeroPlayer => td_string!(l, errors.record_part.zero_player),
                };
                td_string!(l, errors.record.prohibited, problem).to_string()
            }
        }
    }
}

impl Words for ProhibitedError {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match *self {
            ProhibitedError::RoundRobin => td_string!(l, errors.prohibited.round_robin).to_string(),
            ProhibitedError::NoSuchPlayer { player, players } => {
                td_string!(l, errors.prohibited.no_such_player, player, players).to_string()
            }
            ProhibitedError::OnePlayer => td_string!(l, errors.prohibited.one_player).to_string(),
            ProhibitedError::Rounds {
                rounds,
                first_round,
                last_round,
            } => td_string!(
                l,
                errors.prohibited.rounds,
                rounds,
                first = first_round,
                last = last_round
            )
            .to_string(),
        }
    }
}

/// Points of a point system (tenths) as the reader writes them: `3,0/1,0/0,0`.
pub(crate) fn point_system(locale: Locale, ps: &engine::rules2026::PointSystem) -> String {
    [ps.win, ps.draw, ps.loss]
        .map(|t| points(locale, t))
        .join("/")
}
