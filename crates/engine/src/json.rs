//! Crosstable's own file format: the whole [`Tournament`] as JSON, in a versioned envelope
//!
//! ```json
//! { "format": "crosstable", "version": 2, "tournament": { … } }
//! ```
//!
//! The tournament is the model's serde form, so nothing is lost (unlike TRF, which has no place
//! for board order or notes). `version` lets a later build read older files: [`migrate`] brings
//! an old `tournament` value up to [`VERSION`] before it is deserialised; files from a newer
//! build are refused rather than half-read.

use crate::model::{ModelError, Rules, Tournament};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// The `format` tag of the envelope.
pub const FORMAT: &str = "crosstable";

/// The newest file version this build writes and reads.
///
/// - 1: the first.
/// - 2: the event's rules (point system, `192` code and Baku, accelerations, prohibited
///   pairings, tie-break list) are the typed `rules` field; version 1 kept them as TRF record
///   text in `extra_records` (`162 …`, `192 …`, `250 …`, `260 …`, `XXT …`). Byes requested
///   ahead are the `requests` field; version 1 kept them in `rounds`, as rounds after the last
///   paired one holding only byes.
pub const VERSION: u32 = 2;

/// Why a JSON file could not be imported.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum JsonError {
    /// Not JSON at all (position from serde_json).
    Syntax {
        line: usize,
        column: usize,
        message: String,
    },
    /// JSON, but not a Crosstable file: `format` is missing or different.
    NotCrosstable { found: Option<String> },
    /// `version` missing, not a positive whole number.
    BadVersion { found: String },
    /// Written by a newer Crosstable than this one.
    NewerVersion { found: u64 },
    /// A Crosstable file whose tournament does not have the expected shape. `line`/`column` are
    /// 0 when the value came through a migration and no position in the text is known.
    Data {
        line: usize,
        column: usize,
        message: String,
    },
    /// The tournament is well-formed but inconsistent.
    Invalid(ModelError),
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JsonError::Syntax {
                line,
                column,
                message,
            } => write!(f, "line {line}, column {column}: not valid JSON: {message}"),
            JsonError::NotCrosstable { found: None } => write!(
                f,
                "this JSON file is not a Crosstable file: it has no \"format\": \"{FORMAT}\" at \
                 the top level"
            ),
            JsonError::NotCrosstable { found: Some(other) } => write!(
                f,
                "this JSON file is not a Crosstable file: its \"format\" is {other}, expected \
                 \"{FORMAT}\""
            ),
            JsonError::BadVersion { found } => write!(
                f,
                "the file's \"version\" is {found}; expected a whole number from 1 to {VERSION}"
            ),
            JsonError::NewerVersion { found } => write!(
                f,
                "this file was written by a newer Crosstable (version {found}); this build reads \
                 up to {VERSION}"
            ),
            JsonError::Data {
                line: 0, message, ..
            } => write!(f, "the tournament data is not as expected: {message}"),
            JsonError::Data {
                line,
                column,
                message,
            } => write!(
                f,
                "line {line}, column {column}: the tournament data is not as expected: {message}"
            ),
            JsonError::Invalid(e) => write!(f, "the tournament is inconsistent: {e}"),
        }
    }
}

impl std::error::Error for JsonError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            JsonError::Invalid(e) => Some(e),
            _ => None,
        }
    }
}

#[derive(Serialize)]
struct EnvelopeOut<'a> {
    format: &'static str,
    version: u32,
    tournament: &'a Tournament,
}

#[derive(Deserialize)]
struct EnvelopeIn {
    tournament: Tournament,
}

/// `t` as a pretty-printed Crosstable file.
pub fn to_string(t: &Tournament) -> String {
    let envelope = EnvelopeOut {
        format: FORMAT,
        version: VERSION,
        tournament: t,
    };
    // Serialising fails only for maps with non-string keys or failing Serialize impls; the model
    // has neither, so this is unreachable whatever the tournament holds.
    serde_json::to_string_pretty(&envelope).expect("the tournament model always serialises")
}

/// Reads a Crosstable file (any version up to [`VERSION`]) into a validated tournament.
pub fn parse(text: &str) -> Result<Tournament, JsonError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let value: Value = serde_json::from_str(text).map_err(|e| JsonError::Syntax {
        line: e.line(),
        column: e.column(),
        message: without_position(&e),
    })?;
    match value.get("format") {
        Some(Value::String(f)) if f == FORMAT => {}
        Some(other) => {
            return Err(JsonError::NotCrosstable {
                found: Some(other.to_string()),
            })
        }
        None => return Err(JsonError::NotCrosstable { found: None }),
    }
    let version = match value.get("version") {
        Some(Value::Number(n)) => n.as_u64().filter(|v| *v >= 1),
        _ => None,
    };
    let Some(version) = version else {
        return Err(JsonError::BadVersion {
            found: value
                .get("version")
                .map_or_else(|| "missing".to_owned(), Value::to_string),
        });
    };
    let version = match u32::try_from(version) {
        Ok(v) if v <= VERSION => v,
        _ => return Err(JsonError::NewerVersion { found: version }),
    };

    let mut tournament = if version == VERSION {
        // Read again straight from the text so that shape errors carry a line and column.
        serde_json::from_str::<EnvelopeIn>(text)
            .map(|e| e.tournament)
            .map_err(|e| JsonError::Data {
                line: e.line(),
                column: e.column(),
                message: without_position(&e),
            })?
    } else {
        let old = value.get("tournament").cloned().unwrap_or(Value::Null);
        serde_json::from_value::<Tournament>(migrate(old, version)?).map_err(|e| {
            JsonError::Data {
                line: 0,
                column: 0,
                message: without_position(&e),
            }
        })?
    };
    if version < 2 {
        // Version 1 → 2, the part that needs the model: requests out of the rounds.
        tournament.lift_requests();
    }
    tournament.validate().map_err(JsonError::Invalid)?;
    Ok(tournament)
}

/// Brings the `tournament` value of a file written as `from_version` up to [`VERSION`], one
/// step at a time, so that every file an older build wrote keeps opening.
pub fn migrate(mut value: Value, from_version: u32) -> Result<Value, JsonError> {
    if from_version > VERSION {
        return Err(JsonError::NewerVersion {
            found: u64::from(from_version),
        });
    }
    if from_version == 0 {
        return Err(JsonError::BadVersion {
            found: from_version.to_string(),
        });
    }
    for step in from_version..VERSION {
        value = match step {
            1 => rules_leave_the_records(value),
            _ => value,
        };
    }
    Ok(value)
}

/// Version 1 → 2: the rule records in `extra_records` become the typed `rules`, read exactly
/// as the TRF reader reads them ([`Rules::lift`]); every other record stays. A value of another
/// shape is left for the deserialiser to report.
fn rules_leave_the_records(mut value: Value) -> Value {
    let Some(tournament) = value.as_object_mut() else {
        return value;
    };
    let Some(Ok(mut records)) = tournament
        .get("extra_records")
        .map(|r| serde_json::from_value::<Vec<String>>(r.clone()))
    else {
        return value;
    };
    let rules = Rules::lift(&mut records);
    if !rules.is_standard() {
        if let Ok(rules) = serde_json::to_value(&rules) {
            tournament.insert("rules".to_owned(), rules);
        }
    }
    if records.is_empty() {
        tournament.remove("extra_records");
    } else {
        tournament.insert("extra_records".to_owned(), Value::from(records));
    }
    value
}

/// serde_json's message without its trailing " at line L column C" (we report those fields).
fn without_position(e: &serde_json::Error) -> String {
    let full = e.to_string();
    match full.rfind(" at line ") {
        Some(i) => full[..i].to_owned(),
        None => full,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Format, GameResult, Outcome, Player, Round, Withdrawal};

    fn sample() -> Tournament {
        let players = (1..=4)
            .map(|i| Player {
                name: format!("Player {i}"),
                rating: Some(2000 + i as u16),
                k_override: (i == 2).then_some(20),
                ..Player::default()
            })
            .collect();
        let mut t = Tournament::new("Sample", Format::RoundRobin { cycles: 1 }, players);
        t.info.note = "Illustrative".into();
        t.rounds = crate::berger::schedule(4, 1);
        t.rounds[0].games[0].result = GameResult::Played(Outcome::Draw);
        t.rounds[1].games[0].result = GameResult::Forfeit(None);
        t.withdrawals = vec![Withdrawal {
            player: 3,
            after_round: 1,
        }];
        t.extra_records = vec!["### kept".into()];
        t
    }

    #[test]
    fn round_trip() {
        let t = sample();
        let text = to_string(&t);
        assert!(text.contains("\"format\": \"crosstable\""));
        assert!(text.contains("\"version\": 2"));
        assert_eq!(parse(&text).expect("valid"), t);
    }

    /// The TRF-2026 rules (point system, Baku, prohibited pairings) are saved with the event
    /// and read back; a save from before them (no such records) loads with the standard rules.
    #[test]
    fn event_rules_survive_a_save() {
        let mut t = sample();
        let old = to_string(&t);
        t.set_point_system(crate::rules2026::PointSystem::parse(" W 3.0 D 1.0").unwrap());
        t.set_baku(true);
        t.set_prohibited_pairings(&[crate::rules2026::Prohibited {
            first_round: 1,
            last_round: 1,
            players: vec![1, 2],
        }]);
        let back = parse(&to_string(&t)).unwrap();
        assert_eq!(back, t);
        assert_eq!(back.point_system().win, 30);
        assert_eq!(back.acceleration(), crate::rules2026::Acceleration::Baku);
        assert_eq!(back.prohibited_pairings().len(), 1);
        let before = parse(&old).unwrap();
        assert!(before.point_system().is_standard());
        assert_eq!(before.acceleration(), crate::rules2026::Acceleration::None);
        assert!(before.prohibited_pairings().is_empty());
    }

    #[test]
    fn not_json_reports_position() {
        let e = parse("{\n  \"format\": \"crosstable\",\n  oops\n}").unwrap_err();
        match &e {
            JsonError::Syntax { line, column, .. } => assert_eq!((*line, *column), (3, 3)),
            other => panic!("{other:?}"),
        }
        assert!(
            e.to_string()
                .starts_with("line 3, column 3: not valid JSON"),
            "{e}"
        );
    }

    #[test]
    fn wrong_format() {
        let e = parse(r#"{"format": "something-else", "version": 1}"#).unwrap_err();
        assert!(matches!(e, JsonError::NotCrosstable { found: Some(_) }));
        assert!(e.to_string().contains("not a Crosstable file"), "{e}");
        let e = parse("[1, 2]").unwrap_err();
        assert!(matches!(e, JsonError::NotCrosstable { found: None }));
    }

    #[test]
    fn newer_version_is_refused() {
        let text = to_string(&sample()).replace("\"version\": 2", "\"version\": 7");
        let e = parse(&text).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "this file was written by a newer Crosstable (version 7); this build reads up to \
                 {VERSION}"
            )
        );
    }

    #[test]
    fn bad_version() {
        for v in ["0", "\"1\"", "1.5", "-2"] {
            let text = to_string(&sample()).replace("\"version\": 2", &format!("\"version\": {v}"));
            assert!(
                matches!(parse(&text), Err(JsonError::BadVersion { .. })),
                "version {v}"
            );
        }
    }

    #[test]
    fn shape_error_has_position() {
        let text = to_string(&sample()).replace("\"rating\": 2001", "\"rating\": \"high\"");
        match parse(&text).unwrap_err() {
            JsonError::Data { line, column, .. } => assert!(line > 1 && column > 0),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn inconsistent_tournament_is_refused() {
        let mut t = sample();
        t.rounds.push(Round::default());
        t.rounds[3].games.push(crate::model::Game {
            white: 1,
            black: 9,
            result: GameResult::Pending,
        });
        let e = parse(&to_string(&t)).unwrap_err();
        assert!(matches!(e, JsonError::Invalid(_)), "{e:?}");
        assert!(e.to_string().contains("player 9"), "{e}");
    }

    /// A save the previous build wrote (version 1: rules as record text, the bye requested for
    /// round 2 as a round of its own) opens with typed rules and the request as a request, and
    /// means the same: the same TRF records, the same pairing of round 2, the points without
    /// the request (which version 1 counted: the old build's TRF gave player 3 4.0).
    #[test]
    fn a_version_1_save_opens_with_typed_rules_and_requests() {
        use crate::model::{ByeKind, ByeRequest};
        use crate::rules2026::{Acceleration, Prohibited};
        let text = include_str!("../../../fixtures/json/v1-rules-and-request.json");
        assert!(text.contains("\"version\": 1"));
        let t = parse(text).expect("a version-1 save opens");
        assert_eq!(t.point_system().win, 30);
        assert_eq!(t.type_code().as_deref(), Some("FIDE_DUTCH_2025_BAKU"));
        assert_eq!(t.acceleration(), Acceleration::Baku);
        assert_eq!(
            t.prohibited_pairings(),
            [Prohibited {
                first_round: 1,
                last_round: 5,
                players: vec![1, 2]
            }]
        );
        assert_eq!(
            t.chosen_tiebreaks(),
            Some(&crate::tiebreak::Tiebreak::parse_list("DE, BH-C1, SB").unwrap()[..])
        );
        assert_eq!(
            t.extra_records,
            ["172 FIDE", "222 5400+30", "299 something abnormal"]
        );
        assert_eq!(t.rounds.len(), 1);
        assert_eq!(
            t.requests,
            [ByeRequest {
                round: 2,
                player: 3,
                kind: ByeKind::Half
            }]
        );
        assert_eq!(t.scores(), vec![30, 0, 30]);
        // The same event as its source TRF read today, and saved again as version 2.
        let source = include_str!("../../../fixtures/json/v1-rules-and-request.source.trf");
        let from_trf = crate::trf::parse(source).expect("the source TRF");
        assert_eq!(crate::trf::write(&t), crate::trf::write(&from_trf));
        assert_eq!(t.rules, from_trf.rules);
        assert_eq!(t.requests, from_trf.requests);
        let again = to_string(&t);
        assert!(again.contains(&format!("\"version\": {VERSION}")));
        assert_eq!(parse(&again).expect("version 2"), t);
        // Pairing answers the same either way (here a refusal: Baku cannot go with 3-1-0).
        let pair =
            |t: &Tournament| format!("{:?}", crate::dutch::pair_next_round(t, Default::default()));
        assert_eq!(pair(&t), pair(&from_trf));
    }

    #[test]
    fn migrate_is_identity_for_current_version() {
        let v = serde_json::json!({"name": "x"});
        assert_eq!(migrate(v.clone(), VERSION).expect("current"), v);
        assert!(matches!(
            migrate(v, VERSION + 1),
            Err(JsonError::NewerVersion { .. })
        ));
    }
}
