//! The engine's explanation of a Swiss board ([`engine::dutch::explain::BoardWhy`]) in the
//! reader's language (the `pairing` catalogue): the score group, what decided the opponents and
//! the colour rule. Display only: the engine decided every part; this module names it.

use crate::i18n::{td_string, Locale};
use crate::words::{text, tiebreak::player};
use engine::dutch::explain::{BoardWhy, ColourWhy, Decided, Obstacle};
use engine::Tournament;

/// A pairing score (tenths of a point, virtual points included) as the reader writes numbers.
fn score(locale: Locale, tenths: u32) -> String {
    text::localise(locale, engine::rules2026::show_short(tenths))
}

/// The three sentences of a board's explanation: score group, opponents, colours.
pub fn board_why(locale: Locale, t: &Tournament, b: &BoardWhy) -> [String; 3] {
    let group = match b.floater {
        Some(p) => td_string!(
            locale,
            pairing.why.group_floater,
            score = score(locale, b.group),
            player = player(t, p),
            from = score(locale, b.scores[0].max(b.scores[1]))
        )
        .to_string(),
        None => td_string!(
            locale,
            pairing.why.group_both,
            score = score(locale, b.group)
        )
        .to_string(),
    };
    let opponents = match b.decided {
        Decided::MovedDown => td_string!(locale, pairing.why.moved_down).to_string(),
        Decided::Natural { position } => {
            td_string!(locale, pairing.why.natural, position = position).to_string()
        }
        Decided::Exchange => td_string!(locale, pairing.why.exchange).to_string(),
        Decided::NotNatural {
            player: p,
            natural,
            because,
        } => td_string!(
            locale,
            pairing.why.not_natural,
            player = player(t, p),
            natural = player(t, natural),
            reason = obstacle(locale, because)
        )
        .to_string(),
    };
    let colours = match b.colour {
        ColourWhy::BothPreferences => td_string!(locale, pairing.why.colour.both).to_string(),
        ColourWhy::Stronger(p) => {
            td_string!(locale, pairing.why.colour.stronger, player = player(t, p)).to_string()
        }
        ColourWhy::Alternated => td_string!(locale, pairing.why.colour.alternated).to_string(),
        ColourWhy::HigherRanked(p) => {
            td_string!(locale, pairing.why.colour.higher, player = player(t, p)).to_string()
        }
        ColourWhy::InitialColour(p) => {
            td_string!(locale, pairing.why.colour.initial, player = player(t, p)).to_string()
        }
        ColourWhy::NotByRule => td_string!(locale, pairing.why.colour.not_by_rule).to_string(),
    };
    [group, opponents, colours]
}

fn obstacle(locale: Locale, o: Obstacle) -> String {
    match o {
        Obstacle::Met { round } => {
            td_string!(locale, pairing.why.reason.met, round = round).to_string()
        }
        Obstacle::Prohibited => td_string!(locale, pairing.why.reason.prohibited).to_string(),
        Obstacle::SameAbsoluteColour => {
            td_string!(locale, pairing.why.reason.same_absolute).to_string()
        }
        Obstacle::SamePreference => {
            td_string!(locale, pairing.why.reason.same_preference).to_string()
        }
        Obstacle::SameStrongPreference => {
            td_string!(locale, pairing.why.reason.same_strong).to_string()
        }
        Obstacle::RestOfBracket => td_string!(locale, pairing.why.reason.rest).to_string(),
    }
}
