//! The settings form's text: one string per field as typed, turned into a
//! [`StudyConfig`] and checked by [`StudyConfig::validate`]. Each problem is reported against
//! the field it concerns, so the page can show the message next to that field.

use crate::i18n::{td_string, Locale};
use engine::simulate::{ConfigError, StudyConfig};

/// The form's fields, in the order they appear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    Players,
    Cycles,
    RatingMean,
    RatingSds,
    Forms,
    WithdrawalAfter,
    K,
    DrawPeak,
    Tournaments,
    Seed,
}

impl Field {
    pub const ALL: [Field; 10] = [
        Field::Players,
        Field::Cycles,
        Field::RatingMean,
        Field::RatingSds,
        Field::Forms,
        Field::WithdrawalAfter,
        Field::K,
        Field::DrawPeak,
        Field::Tournaments,
        Field::Seed,
    ];

    /// A stable id for the input (`sim-players`, …), also its `data-testid`.
    pub fn id(self) -> &'static str {
        match self {
            Field::Players => "sim-players",
            Field::Cycles => "sim-cycles",
            Field::RatingMean => "sim-rating-mean",
            Field::RatingSds => "sim-rating-sds",
            Field::Forms => "sim-forms",
            Field::WithdrawalAfter => "sim-withdrawal-after",
            Field::K => "sim-k",
            Field::DrawPeak => "sim-draw-peak",
            Field::Tournaments => "sim-tournaments",
            Field::Seed => "sim-seed",
        }
    }

    /// The field that a [`ConfigError`] is about.
    pub fn of(error: &ConfigError) -> Field {
        match error {
            ConfigError::Players(_) => Field::Players,
            ConfigError::Cycles(_) => Field::Cycles,
            ConfigError::RatingMean(_) => Field::RatingMean,
            ConfigError::EmptyGrid("rating_sds") | ConfigError::RatingSd(_) => Field::RatingSds,
            ConfigError::EmptyGrid("forms") | ConfigError::Form(_) => Field::Forms,
            ConfigError::EmptyGrid(_) | ConfigError::WithdrawalAfter { .. } => {
                Field::WithdrawalAfter
            }
            ConfigError::K(_) => Field::K,
            ConfigError::DrawPeak(_) => Field::DrawPeak,
            ConfigError::Tournaments(_) => Field::Tournaments,
        }
    }
}

/// What a field should hold, as its messages name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    WholePlayers,
    OneOrTwo,
    Rating,
    Number,
    WholeGames,
    Whole,
    Seed,
}

/// What is wrong with a field: facts, put into words when drawn (so that they follow the
/// reader's language).
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// Nothing typed.
    Missing(Expected),
    /// `text` does not read as what the field takes.
    NotA { text: String, expected: Expected },
    /// One item of a list does not read as what the list takes.
    NotAListItem { text: String, expected: Expected },
    /// The withdrawal points below leave no game unplayed with this few players.
    TooFewPlayers { scheduled: u32 },
    /// The engine refused the settings ([`StudyConfig::validate`]).
    Config(ConfigError),
}

/// A problem with one field, ready to show next to it.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldError {
    pub field: Field,
    pub problem: Problem,
}

impl Expected {
    fn words(self, locale: Locale) -> String {
        match self {
            Expected::WholePlayers => td_string!(locale, simulation.form.whole_players).into(),
            Expected::OneOrTwo => td_string!(locale, simulation.form.cycles_value).into(),
            Expected::Rating => td_string!(locale, simulation.form.rating).into(),
            Expected::Number => td_string!(locale, simulation.form.number).into(),
            Expected::WholeGames => td_string!(locale, simulation.form.whole_games).into(),
            Expected::Whole => td_string!(locale, simulation.form.whole).into(),
            Expected::Seed => td_string!(locale, simulation.form.seed, max = u64::MAX).to_string(),
        }
    }
}

impl FieldError {
    /// The message, in `locale`.
    pub fn message(&self, locale: Locale) -> String {
        match &self.problem {
            Problem::Missing(expected) => {
                let what = expected.words(locale);
                td_string!(locale, simulation.form.missing, what).to_string()
            }
            Problem::NotA { text, expected } => {
                let (text, what) = (text.clone(), expected.words(locale));
                td_string!(locale, simulation.form.not_a, text, what).to_string()
            }
            Problem::NotAListItem { text, expected } => {
                let (text, what) = (text.clone(), expected.words(locale));
                td_string!(locale, simulation.form.not_a_list_item, text, what).to_string()
            }
            Problem::TooFewPlayers { scheduled } => {
                td_string!(locale, simulation.form.too_few_players, count = *scheduled).to_string()
            }
            Problem::Config(e) => crate::words::capitalised(&e.to_string()) + ".",
        }
    }
}

/// What the user typed, field by field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormText {
    pub players: String,
    /// `"1"` (single) or `"2"` (double round-robin): the select's value.
    pub cycles: String,
    pub rating_mean: String,
    /// Lists: numbers separated by commas or spaces.
    pub rating_sds: String,
    pub forms: String,
    pub withdrawal_after: String,
    pub k: String,
    pub draw_peak: String,
    pub tournaments: String,
    pub seed: String,
}

/// A number as the form shows it: `30`, `-150`, `0.6` (shortest exact form).
fn number(x: f64) -> String {
    x.to_string()
}

fn list<T: ToString>(values: &[T]) -> String {
    values
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Typed numbers may use the typographic minus and spaces as thousands separators are not
/// accepted (they separate list items).
fn normalise(text: &str) -> String {
    text.trim().replace(['−', '–'], "-")
}

fn parse_one<T: std::str::FromStr>(text: &str, expected: Expected) -> Result<T, Problem> {
    let t = normalise(text);
    if t.is_empty() {
        return Err(Problem::Missing(expected));
    }
    t.parse::<T>().map_err(|_| Problem::NotA {
        text: text.trim().to_string(),
        expected,
    })
}

fn parse_list<T: std::str::FromStr>(text: &str, expected: Expected) -> Result<Vec<T>, Problem> {
    normalise(text)
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<T>().map_err(|_| Problem::NotAListItem {
                text: s.to_string(),
                expected,
            })
        })
        .collect()
}

impl FormText {
    /// The text of every field for `config`.
    pub fn from_config(config: &StudyConfig) -> FormText {
        FormText {
            players: config.players.to_string(),
            cycles: config.cycles.to_string(),
            rating_mean: number(config.rating_mean),
            rating_sds: list(&config.rating_sds),
            forms: list(&config.forms),
            withdrawal_after: list(&config.withdrawal_after),
            k: number(config.k),
            draw_peak: number(config.draw_peak),
            tournaments: config.tournaments.to_string(),
            seed: config.seed.to_string(),
        }
    }

    pub fn get(&self, field: Field) -> &str {
        match field {
            Field::Players => &self.players,
            Field::Cycles => &self.cycles,
            Field::RatingMean => &self.rating_mean,
            Field::RatingSds => &self.rating_sds,
            Field::Forms => &self.forms,
            Field::WithdrawalAfter => &self.withdrawal_after,
            Field::K => &self.k,
            Field::DrawPeak => &self.draw_peak,
            Field::Tournaments => &self.tournaments,
            Field::Seed => &self.seed,
        }
    }

    pub fn set(&mut self, field: Field, value: String) {
        let slot = match field {
            Field::Players => &mut self.players,
            Field::Cycles => &mut self.cycles,
            Field::RatingMean => &mut self.rating_mean,
            Field::RatingSds => &mut self.rating_sds,
            Field::Forms => &mut self.forms,
            Field::WithdrawalAfter => &mut self.withdrawal_after,
            Field::K => &mut self.k,
            Field::DrawPeak => &mut self.draw_peak,
            Field::Tournaments => &mut self.tournaments,
            Field::Seed => &mut self.seed,
        };
        *slot = value;
    }

    /// The config the form describes, or every problem: first what does not parse (each field
    /// on its own), then — once everything parses — the engine's [`StudyConfig::validate`].
    pub fn parse(&self) -> Result<StudyConfig, Vec<FieldError>> {
        let mut errors = Vec::new();
        let mut check = |field: Field, r: Result<(), Problem>| {
            if let Err(problem) = r {
                errors.push(FieldError { field, problem });
            }
        };
        let mut c = StudyConfig::default();
        check(
            Field::Players,
            parse_one(&self.players, Expected::WholePlayers).map(|v| c.players = v),
        );
        check(
            Field::Cycles,
            parse_one(&self.cycles, Expected::OneOrTwo).map(|v| c.cycles = v),
        );
        check(
            Field::RatingMean,
            parse_one(&self.rating_mean, Expected::Rating).map(|v| c.rating_mean = v),
        );
        check(
            Field::RatingSds,
            parse_list(&self.rating_sds, Expected::Number).map(|v| c.rating_sds = v),
        );
        check(
            Field::Forms,
            parse_list(&self.forms, Expected::Number).map(|v| c.forms = v),
        );
        check(
            Field::WithdrawalAfter,
            parse_list(&self.withdrawal_after, Expected::WholeGames)
                .map(|v| c.withdrawal_after = v),
        );
        check(
            Field::K,
            parse_one(&self.k, Expected::Number).map(|v| c.k = v),
        );
        check(
            Field::DrawPeak,
            parse_one(&self.draw_peak, Expected::Number).map(|v| c.draw_peak = v),
        );
        check(
            Field::Tournaments,
            parse_one(&self.tournaments, Expected::Whole).map(|v| c.tournaments = v),
        );
        check(
            Field::Seed,
            parse_one(&self.seed, Expected::Seed).map(|v| c.seed = v),
        );
        if !errors.is_empty() {
            return Err(errors);
        }
        c.validate().map(|()| c).map_err(|e| {
            let mut errors = Vec::new();
            // A withdrawal point that leaves no game unplayed is as much about the number of
            // players (above) as about n (below): say so at both, players first, so the field
            // the user just changed is not the one without a message.
            if let ConfigError::WithdrawalAfter { scheduled, .. } = e {
                errors.push(FieldError {
                    field: Field::Players,
                    problem: Problem::TooFewPlayers { scheduled },
                });
            }
            errors.push(FieldError {
                field: Field::of(&e),
                problem: Problem::Config(e),
            });
            errors
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_round_trip() {
        let text = FormText::from_config(&StudyConfig::default());
        assert_eq!(text.rating_sds, "30, 90");
        assert_eq!(text.forms, "-150, 0, 150");
        assert_eq!(text.withdrawal_after, "2, 4, 7");
        assert_eq!(text.draw_peak, "0.6");
        assert_eq!(text.parse(), Ok(StudyConfig::default()));
    }

    #[test]
    fn lists_accept_spaces_semicolons_and_the_typographic_minus() {
        let mut text = FormText::from_config(&StudyConfig::default());
        text.forms = " −100;0  +50 ".into();
        assert_eq!(text.parse().map(|c| c.forms), Ok(vec![-100.0, 0.0, 50.0]));
    }

    #[test]
    fn parse_errors_name_every_bad_field() {
        let mut text = FormText::from_config(&StudyConfig::default());
        text.players = "ten".into();
        text.forms = "-150, x".into();
        text.seed = String::new();
        let errors = text.parse().expect_err("three bad fields");
        let fields: Vec<Field> = errors.iter().map(|e| e.field).collect();
        assert_eq!(fields, [Field::Players, Field::Forms, Field::Seed]);
        assert!(
            errors[1].message(Locale::en).contains("“x”"),
            "{:?}",
            errors[1]
        );
    }

    /// The engine decides what is valid; the form only says where.
    #[test]
    fn the_engines_validation_lands_on_its_field() {
        let cases: [(Field, &str, Field); 5] = [
            (Field::Players, "1", Field::Players),
            (Field::RatingSds, "", Field::RatingSds),
            (Field::Forms, "2000", Field::Forms),
            (Field::DrawPeak, "1.5", Field::DrawPeak),
            (Field::Tournaments, "0", Field::Tournaments),
        ];
        for (field, value, want) in cases {
            let mut text = FormText::from_config(&StudyConfig::default());
            text.set(field, value.into());
            let errors = text.parse().expect_err(value);
            assert_eq!(errors.len(), 1, "{errors:?}");
            assert_eq!(errors[0].field, want, "{value}: {errors:?}");
        }
        // Fewer players makes the default withdrawal points impossible: reported at the
        // players (the field changed) and at n (issue 13 item 12: "Players = 2" showed its
        // error only on a field further down).
        for players in ["2", "6"] {
            let mut text = FormText::from_config(&StudyConfig::default());
            text.players = players.into();
            let errors = text.parse().expect_err(players);
            let fields: Vec<Field> = errors.iter().map(|e| e.field).collect();
            assert_eq!(
                fields,
                [Field::Players, Field::WithdrawalAfter],
                "{errors:?}"
            );
            assert!(
                errors[0].message(Locale::en).starts_with("Too few players"),
                "{errors:?}"
            );
            assert!(
                errors[1]
                    .message(Locale::en)
                    .starts_with("A withdrawal after"),
                "{errors:?}"
            );
        }
        // The bound on tournaments reads as a person would write it (issue 13 item 12).
        let mut text = FormText::from_config(&StudyConfig::default());
        text.set(Field::Tournaments, "0".into());
        let message = &text.parse().unwrap_err()[0].message(Locale::en);
        assert!(message.contains("2^40"), "{message}");
        assert!(!message.contains("1099511627776"), "{message}");
        // An n too large for the default players is reported at both as well.
        let mut text = FormText::from_config(&StudyConfig::default());
        text.set(Field::WithdrawalAfter, "9".into());
        let fields: Vec<Field> = text.parse().unwrap_err().iter().map(|e| e.field).collect();
        assert_eq!(fields, [Field::Players, Field::WithdrawalAfter]);
    }
}
