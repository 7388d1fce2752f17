//! What an event lacks before it is sent for rating (`engine::readiness`), in the reader's
//! language: each finding with the player's name, and its severity.

use crate::i18n::{td_string, Locale};
use crate::words::text;
use engine::model::RATINGS;
use engine::readiness::{EventField, Finding, PlayerField, Severity};
use engine::{StartNo, Tournament};

/// The label of an event field, as the Details tab names it, and its TRF record.
pub fn event_field(locale: Locale, field: EventField) -> (&'static str, &'static str) {
    let l = locale;
    match field {
        EventField::City => (td_string!(l, event.details.city), "022"),
        EventField::Federation => (td_string!(l, event.details.federation), "032"),
        EventField::StartDate => (td_string!(l, event.details.start_date), "042"),
        EventField::EndDate => (td_string!(l, event.details.end_date), "052"),
        EventField::ChiefArbiter => (td_string!(l, event.details.chief_arbiter), "102"),
        EventField::TimeControl => (td_string!(l, event.details.time_control), "122"),
        EventField::RoundDates => (td_string!(l, event.details.round_dates), "132"),
    }
}

/// The label of a player field, as the player's details name it.
fn player_field(locale: Locale, field: PlayerField) -> &'static str {
    match field {
        PlayerField::Federation => td_string!(locale, event.players.col_fed_full),
        PlayerField::Sex => td_string!(locale, event.players.sex),
        PlayerField::Birth => td_string!(locale, event.players.birth),
    }
}

/// `Name (3)`: a player as a finding names them.
fn player(t: &Tournament, p: StartNo) -> String {
    format!("{} ({p})", text::name_of(t, p))
}

/// A finding as one line of the list.
pub fn finding(locale: Locale, t: &Tournament, f: &Finding) -> String {
    let l = locale;
    match *f {
        Finding::EventField(field) => {
            let (field, code) = event_field(l, field);
            td_string!(l, event.readiness.event_field, field, code).to_string()
        }
        Finding::NoFideId { player: p } => {
            td_string!(l, event.readiness.no_fide_id, player = player(t, p)).to_string()
        }
        Finding::PlayerField { player: p, field } => td_string!(
            l,
            event.readiness.player_field,
            player = player(t, p),
            field = player_field(l, field)
        )
        .to_string(),
        Finding::Unrated { player: p } => {
            td_string!(l, event.readiness.unrated, player = player(t, p)).to_string()
        }
        Finding::RatingOutOfRange { player: p, rating } => td_string!(
            l,
            event.readiness.rating_out,
            player = player(t, p),
            rating,
            min = *RATINGS.start(),
            max = *RATINGS.end()
        )
        .to_string(),
        Finding::SameFideId { first, second, id } => td_string!(
            l,
            event.readiness.same_id,
            player = player(t, second),
            id,
            first = player(t, first)
        )
        .to_string(),
        Finding::NoResult {
            round,
            white,
            black,
        } => td_string!(
            l,
            event.readiness.no_result,
            round,
            white = player(t, white),
            black = player(t, black)
        )
        .to_string(),
    }
}

/// A severity's short label (`Missing`, `Check`).
pub fn severity(locale: Locale, s: Severity) -> &'static str {
    match s {
        Severity::Missing => td_string!(locale, event.readiness.missing),
        Severity::Suspicious => td_string!(locale, event.readiness.suspicious),
    }
}
