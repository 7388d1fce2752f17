//! A PGN file's errors: where, what, and how to fix it.

use super::{at, list};
use crate::i18n::{td_string, Locale};
use crate::words::Words;
use engine::pgn::{NotRoundRobin, PairingDiff, PgnError, PgnErrorKind};

impl Words for PgnError {
    /// `line 12, column 3: what; how to fix it`.
    fn words(&self, locale: Locale) -> String {
        let what = td_string!(
            locale,
            errors.pgn.with_fix,
            what = what(locale, &self.kind),
            fix = fix(locale, &self.kind)
        )
        .to_string();
        at(locale, self.line, self.column, what)
    }
}

impl Words for PgnErrorKind {
    /// What is wrong, without the fix.
    fn words(&self, locale: Locale) -> String {
        what(locale, self)
    }
}

fn what(l: Locale, kind: &PgnErrorKind) -> String {
    match kind.clone() {
        PgnErrorKind::NoGames => td_string!(l, errors.pgn.no_games).to_string(),
        PgnErrorKind::UnterminatedComment => {
            td_string!(l, errors.pgn.unterminated_comment).to_string()
        }
        PgnErrorKind::UnterminatedTagValue => {
            td_string!(l, errors.pgn.unterminated_tag_value).to_string()
        }
        PgnErrorKind::BadTag(found) => td_string!(l, errors.pgn.bad_tag, found).to_string(),
        PgnErrorKind::UnclosedVariation => td_string!(l, errors.pgn.unclosed_variation).to_string(),
        PgnErrorKind::UnexpectedParenthesis => {
            td_string!(l, errors.pgn.unexpected_parenthesis).to_string()
        }
        PgnErrorKind::MissingTag(tag) => td_string!(l, errors.pgn.missing_tag, tag).to_string(),
        PgnErrorKind::BadResult(found) => td_string!(l, errors.pgn.bad_result, found).to_string(),
        PgnErrorKind::ResultMismatch { tag, moves } => {
            td_string!(l, errors.pgn.result_mismatch, tag, moves).to_string()
        }
        PgnErrorKind::BadRound(found) => td_string!(l, errors.pgn.bad_round, found).to_string(),
        PgnErrorKind::SamePlayer(name) => td_string!(l, errors.pgn.same_player, name).to_string(),
        PgnErrorKind::PlaysTwice {
            name,
            round,
            other_line,
        } => td_string!(l, errors.pgn.plays_twice, name, round, other_line).to_string(),
        PgnErrorKind::EmptyRound(round) => td_string!(l, errors.pgn.empty_round, round).to_string(),
        PgnErrorKind::SeveralEvents {
            first,
            first_line,
            other,
        } => td_string!(l, errors.pgn.several_events, first, first_line, other).to_string(),
        PgnErrorKind::NotRoundRobin(why) => {
            let why = match why {
                NotRoundRobin::MeetTooOften { times } => {
                    td_string!(l, errors.pgn_part.meet_too_often, times).to_string()
                }
                NotRoundRobin::TooFewPlayers => {
                    td_string!(l, errors.pgn_part.too_few_players).to_string()
                }
                NotRoundRobin::TooManyRounds {
                    players,
                    rounds,
                    found,
                } => td_string!(l, errors.pgn_part.too_many_rounds, players, rounds, found)
                    .to_string(),
            };
            td_string!(l, errors.pgn.not_round_robin, why).to_string()
        }
        PgnErrorKind::UnknownPlayer(names) => {
            let names = list(
                l,
                names.into_iter().map(|(name, line)| {
                    td_string!(l, errors.pgn.unknown_name, name, line).to_string()
                }),
            );
            td_string!(l, errors.pgn.unknown_players, names).to_string()
        }
        PgnErrorKind::RoundBeyondSchedule { round, scheduled } => {
            td_string!(l, errors.pgn.round_beyond_schedule, round, scheduled).to_string()
        }
        PgnErrorKind::PairingDiffers { round, what } => {
            let what = match what {
                PairingDiff::NoSuchBye { name } => {
                    td_string!(l, errors.pgn_part.no_such_bye, name).to_string()
                }
                PairingDiff::NotPaired {
                    white,
                    black,
                    opponent: Some(opponent),
                } => {
                    td_string!(l, errors.pgn_part.plays_someone, white, black, opponent).to_string()
                }
                PairingDiff::NotPaired {
                    white,
                    black,
                    opponent: None,
                } => td_string!(l, errors.pgn_part.has_no_game, white, black).to_string(),
                PairingDiff::Colours { white, black } => {
                    td_string!(l, errors.pgn_part.colours, white, black).to_string()
                }
            };
            td_string!(l, errors.pgn.pairing_differs, round, what).to_string()
        }
        PgnErrorKind::RoundOutOfOrder { round, next } => {
            td_string!(l, errors.pgn.round_out_of_order, round, next).to_string()
        }
        PgnErrorKind::Inconsistent(e) => e.words(l),
    }
}

fn fix(l: Locale, kind: &PgnErrorKind) -> String {
    match kind {
        PgnErrorKind::NoGames => td_string!(l, errors.pgn_fix.no_games).to_string(),
        PgnErrorKind::UnterminatedComment => {
            td_string!(l, errors.pgn_fix.unterminated_comment).to_string()
        }
        PgnErrorKind::UnterminatedTagValue => {
            td_string!(l, errors.pgn_fix.unterminated_tag_value).to_string()
        }
        PgnErrorKind::BadTag(_) => td_string!(l, errors.pgn_fix.bad_tag).to_string(),
        PgnErrorKind::UnclosedVariation => {
            td_string!(l, errors.pgn_fix.unclosed_variation).to_string()
        }
        PgnErrorKind::UnexpectedParenthesis => {
            td_string!(l, errors.pgn_fix.unexpected_parenthesis).to_string()
        }
        // The tag names are PGN's (`Round`, `Result`, `White`, `Black`).
        PgnErrorKind::MissingTag(tag) => match tag.to_ascii_lowercase().as_str() {
            "round" => td_string!(l, errors.pgn_fix.missing_round).to_string(),
            "result" => td_string!(l, errors.pgn_fix.missing_result).to_string(),
            _ => td_string!(l, errors.pgn_fix.missing_name, tag = *tag).to_string(),
        },
        PgnErrorKind::BadResult(_) => td_string!(l, errors.pgn_fix.bad_result).to_string(),
        PgnErrorKind::ResultMismatch { .. } => {
            td_string!(l, errors.pgn_fix.result_mismatch).to_string()
        }
        PgnErrorKind::BadRound(_) => td_string!(l, errors.pgn_fix.bad_round).to_string(),
        PgnErrorKind::SamePlayer(_) => td_string!(l, errors.pgn_fix.same_player).to_string(),
        PgnErrorKind::PlaysTwice { .. } => td_string!(l, errors.pgn_fix.plays_twice).to_string(),
        PgnErrorKind::EmptyRound(_) => td_string!(l, errors.pgn_fix.empty_round).to_string(),
        PgnErrorKind::SeveralEvents { .. } => {
            td_string!(l, errors.pgn_fix.several_events).to_string()
        }
        PgnErrorKind::NotRoundRobin(_) => td_string!(l, errors.pgn_fix.not_round_robin).to_string(),
        PgnErrorKind::UnknownPlayer(_) => td_string!(l, errors.pgn_fix.unknown_player).to_string(),
        PgnErrorKind::RoundBeyondSchedule { .. } => {
            td_string!(l, errors.pgn_fix.round_beyond_schedule).to_string()
        }
        PgnErrorKind::PairingDiffers { .. } => {
            td_string!(l, errors.pgn_fix.pairing_differs).to_string()
        }
        PgnErrorKind::RoundOutOfOrder { .. } => {
            td_string!(l, errors.pgn_fix.round_out_of_order).to_string()
        }
        PgnErrorKind::Inconsistent(_) => td_string!(l, errors.pgn_fix.inconsistent).to_string(),
    }
}
