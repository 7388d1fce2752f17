//! The event operations' refusals (`engine::event`), the pairing's, the pairings checker's
//! (`engine::check`), a typed player list's and a typed tie-break list's.

use super::at;
use super::trf::point_system;
use crate::i18n::{td_string, Locale};
use crate::words::Words;
use engine::check::CheckError;
use engine::details::{DetailError, FIDE_ID_DIGITS, TITLES};
use engine::dutch::PairingError;
use engine::event::{EventError, PlayersFixed, RoundsRefused, SwissOnly, MAX_SWISS_ROUNDS};
use engine::roster::{RosterError, RosterProblem};
use engine::rules2026::BakuPoints;
use engine::tiebreak::{CodeError, System};
use engine::RatingError;

impl Words for EventError {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match self.clone() {
            EventError::NoName => td_string!(l, errors.event.no_name).to_string(),
            EventError::BadRounds(rounds) => {
                td_string!(l, errors.event.bad_rounds, max = MAX_SWISS_ROUNDS, rounds).to_string()
            }
            EventError::TooFewPlayers {
                system: System::RoundRobin,
                needed,
            } => td_string!(l, errors.event.too_few_round_robin, needed).to_string(),
            EventError::TooFewPlayers {
                system: System::Swiss,
                needed,
            } => td_string!(l, errors.event.too_few_swiss, needed).to_string(),
            EventError::TooManyPlayers { players, max } => {
                td_string!(l, errors.event.too_many_players, players, max).to_string()
            }
            EventError::BadRating { name, error } => {
                td_string!(l, errors.event.bad_rating, name, error = error.words(l)).to_string()
            }
            EventError::UnknownPlayer(player) => {
                td_string!(l, errors.event.unknown_player, player).to_string()
            }
            EventError::NoPlayerName => td_string!(l, errors.event.no_player_name).to_string(),
            EventError::PlayersFixed(PlayersFixed::AddToRoundRobin) => {
                td_string!(l, errors.event.fixed_add_round_robin).to_string()
            }
            EventError::PlayersFixed(PlayersFixed::RemoveFromRoundRobin) => {
                td_string!(l, errors.event.fixed_remove_round_robin).to_string()
            }
            EventError::PlayersFixed(PlayersFixed::RemoveFromSwiss) => {
                td_string!(l, errors.event.fixed_remove_swiss).to_string()
            }
            EventError::NotSwiss(SwissOnly::RequestBye) => {
                td_string!(l, errors.event.not_swiss_bye).to_string()
            }
            EventError::NotSwiss(SwissOnly::PairNextRound) => {
                td_string!(l, errors.event.not_swiss_pair).to_string()
            }
            EventError::NotSwiss(SwissOnly::UndoPairing) => {
                td_string!(l, errors.event.not_swiss_undo).to_string()
            }
            EventError::NoSuchEvent(id) => {
                td_string!(l, errors.event.no_such_event, id).to_string()
            }
            EventError::UnknownRound(round) => {
                td_string!(l, errors.event.unknown_round, round).to_string()
            }
            EventError::UnknownBoard { round, board } => {
                td_string!(l, errors.event.unknown_board, round, board).to_string()
            }
            EventError::RoundAlreadyPaired(round) => {
                td_string!(l, errors.event.round_already_paired, round).to_string()
            }
            EventError::WithdrawFromPairedRound {
                player,
                round,
                board,
                opponent,
            } => td_string!(
                l,
                errors.event.withdraw_from_paired_round,
                round,
                player,
                opponent,
                board,
                next = round + 1
            )
            .to_string(),
            EventError::NothingToUndo => td_string!(l, errors.event.nothing_to_undo).to_string(),
            EventError::RoundHasResults(round) => {
                td_string!(l, errors.event.round_has_results, round).to_string()
            }
            EventError::BadByeKind => td_string!(l, errors.event.bad_bye_kind).to_string(),
            EventError::Withdrawn {
                player,
                after_round,
            } => td_string!(l, errors.event.withdrawn, player, round = after_round).to_string(),
            EventError::Pairing(e) => e.words(l),
            EventError::NobodyToPair(round) => {
                td_string!(l, errors.event.nobody_to_pair, round).to_string()
            }
            EventError::BadTiebreaks(e) => {
                td_string!(l, errors.event.bad_tiebreaks, why = e.words(l)).to_string()
            }
            EventError::Detail(e) => e.words(l),
            EventError::Rounds(e) => e.words(l),
        }
    }
}

impl Words for RoundsRefused {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match self.clone() {
            RoundsRefused::FewerThanPaired { rounds, paired } => {
                td_string!(l, errors.rounds.fewer_than_paired, rounds, paired).to_string()
            }
            RoundsRefused::RequestBeyond {
                rounds,
                round,
                player,
            } => td_string!(l, errors.rounds.request_beyond, rounds, round, player).to_string(),
            RoundsRefused::WithdrawalBeyond {
                rounds,
                player,
                after_round,
            } => td_string!(
                l,
                errors.rounds.withdrawal_beyond,
                rounds,
                player,
                round = after_round
            )
            .to_string(),
            RoundsRefused::RoundRobin { rounds, single } => td_string!(
                l,
                errors.rounds.round_robin,
                rounds,
                single,
                double = single * 2
            )
            .to_string(),
            RoundsRefused::RoundRobinHasResults { rounds } => {
                td_string!(l, errors.rounds.round_robin_has_results, rounds).to_string()
            }
        }
    }
}

impl Words for DetailError {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match self.clone() {
            DetailError::Title { text } => {
                td_string!(l, errors.detail.title, text, titles = TITLES.join(" ")).to_string()
            }
            DetailError::Sex { text } => td_string!(l, errors.detail.sex, text).to_string(),
            DetailError::Federation { text } => {
                td_string!(l, errors.detail.federation, text).to_string()
            }
            DetailError::FideId { text } => {
                td_string!(l, errors.detail.fide_id, text, max = FIDE_ID_DIGITS).to_string()
            }
            DetailError::Birth { text } => td_string!(l, errors.detail.birth, text).to_string(),
            DetailError::Date { text } => td_string!(l, errors.detail.date, text).to_string(),
            DetailError::EndBeforeStart { start, end } => {
                td_string!(l, errors.detail.end_before_start, start, end).to_string()
            }
            DetailError::NoSuchRound { round, rounds } => {
                td_string!(l, errors.detail.no_such_round, round, rounds).to_string()
            }
            DetailError::Rating(e) => e.words(l),
            DetailError::NoName => td_string!(l, errors.event.no_player_name).to_string(),
            DetailError::UnknownPlayer(player) => {
                td_string!(l, errors.event.unknown_player, player).to_string()
            }
        }
    }
}

impl Words for PairingError {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match self.clone() {
            PairingError::RoundInProgress { round } => {
                td_string!(l, errors.pairing.round_in_progress, round).to_string()
            }
            PairingError::MissingResult {
                round,
                white,
                black,
            } => td_string!(l, errors.pairing.missing_result, round, white, black).to_string(),
            PairingError::AllRoundsPaired { rounds } => {
                td_string!(l, errors.pairing.all_rounds_paired, rounds).to_string()
            }
            PairingError::NoLegalPairing { round, players } => {
                td_string!(l, errors.pairing.no_legal_pairing, round, players).to_string()
            }
            PairingError::Invalid(e) => {
                td_string!(l, errors.pairing.inconsistent, why = e.words(l)).to_string()
            }
            PairingError::Acceleration(e) => {
                td_string!(l, errors.pairing.inconsistent, why = e.words(l)).to_string()
            }
            PairingError::RoundZero => td_string!(l, errors.pairing.zero_round).to_string(),
        }
    }
}

impl Words for CheckError {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match self {
            CheckError::RoundRobin => td_string!(l, errors.check.round_robin).to_string(),
            CheckError::NoRounds => td_string!(l, errors.check.no_rounds).to_string(),
            // The pairing's own words: the checker refuses what the pairing would.
            CheckError::Invalid(e) => PairingError::Invalid(e.clone()).words(l),
            CheckError::Acceleration(e) => PairingError::Acceleration(*e).words(l),
        }
    }
}

impl Words for BakuPoints {
    fn words(&self, locale: Locale) -> String {
        td_string!(
            locale,
            errors.event.baku_points,
            points = point_system(locale, &self.points)
        )
        .to_string()
    }
}

impl Words for RatingError {
    fn words(&self, locale: Locale) -> String {
        td_string!(
            locale,
            errors.event.bad_rating_value,
            text = self.text.clone(),
            min = *engine::RATINGS.start(),
            max = *engine::RATINGS.end()
        )
        .to_string()
    }
}

impl Words for RosterError {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        let what = match self.problem.clone() {
            RosterProblem::BadRating(e) => {
                td_string!(l, errors.roster.bad_rating, error = e.words(l)).to_string()
            }
            RosterProblem::RatingInName { name, rating } => {
                td_string!(l, errors.roster.rating_in_name, name, rating).to_string()
            }
            RosterProblem::MissingName => td_string!(l, errors.roster.missing_name).to_string(),
            RosterProblem::Duplicate { name, first_line } => {
                td_string!(l, errors.roster.duplicate, name, first_line).to_string()
            }
            RosterProblem::NoNameColumn { header } => {
                td_string!(l, errors.roster.no_name_column, header).to_string()
            }
            RosterProblem::TooManyFields { fields, columns } => {
                td_string!(l, errors.roster.too_many_fields, fields, columns).to_string()
            }
            RosterProblem::BlankName { .. } => td_string!(l, errors.roster.blank_name).to_string(),
            RosterProblem::BadField { error, .. } => error.words(l),
            RosterProblem::DuplicateFideId {
                fide_id,
                first_line,
                ..
            } => td_string!(l, errors.roster.duplicate_fide_id, fide_id, first_line).to_string(),
        };
        match self.problem.column() {
            // A table's column is named by its header, as written, not counted.
            Some(column) => {
                let what = match l {
                    Locale::de => crate::words::capitalised(&what),
                    Locale::en | Locale::fr | Locale::ja => what,
                };
                let (line, column) = (self.line, column.to_string());
                td_string!(l, errors.roster.at_column, line, column, what).to_string()
            }
            None => at(l, self.line, None, what),
        }
    }
}

impl Words for CodeError {
    fn words(&self, locale: Locale) -> String {
        let l = locale;
        match self.clone() {
            CodeError::Unknown { code } => {
                td_string!(l, errors.tiebreak_code.unknown, code).to_string()
            }
            CodeError::NoModifier { family, code } => {
                td_string!(l, errors.tiebreak_code.no_modifier, family, code).to_string()
            }
            CodeError::BadModifier { code, modifier } => {
                td_string!(l, errors.tiebreak_code.bad_modifier, code, modifier).to_string()
            }
            CodeError::ProgressiveCut { code } => {
                td_string!(l, errors.tiebreak_code.progressive_cut, code).to_string()
            }
            CodeError::Koya { code } => td_string!(l, errors.tiebreak_code.koya, code).to_string(),
        }
    }
}
