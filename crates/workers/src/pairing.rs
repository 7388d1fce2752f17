//! The pairing worker's side: the messages between the page and the pairing worker, and the
//! worker that pairs the next round of a Swiss off the main thread
//! (`src/bin/pairing_worker.rs`; Trunk builds it from index.html). The page's side (spawning,
//! the start-up timeout, `pair-on-main-thread`) is the app's `workers::pairing`, which says why
//! a worker.
//!
//! The event goes to the worker as Crosstable JSON (the file format the store persists), so the
//! worker sees exactly what the page stored; only the new round comes back (its boards and
//! bye), which the page applies to the event it sent ([`apply`]): reading the whole paired
//! event back was a long task on the page for a big Swiss. The page says Hello first, and the
//! worker answers at once, so that a worker whose files cannot load is told apart from a long
//! pairing.

use engine::check::{CheckError, Report};
use engine::event::EventError;
use engine::json::JsonError;
use engine::{ByeKind, StartNo, Tournament};
use gloo_worker::{HandlerId, Worker, WorkerScope};
use serde::{Deserialize, Serialize};

/// What the page asks: are you there (answered at once), pair the next round of this event,
/// or check every paired round of it against the Dutch engine (`engine::check`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PairInput {
    Hello,
    Pair(PairRequest),
    Check(PairRequest),
}

/// The event to pair (Crosstable JSON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairRequest {
    pub event: String,
}

/// The worker's answers: it has loaded, the pairing, or the check.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PairOutput {
    Ready,
    Paired(PairResponse),
    Checked(CheckResponse),
}

/// The check of every paired round, or why the event was not checked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CheckResponse {
    pub outcome: Result<Report, CheckFailure>,
}

/// Why a check did not happen, as facts (the page words them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CheckFailure {
    /// The checker refused the event (a round-robin, nothing paired, inconsistent data).
    Refused(CheckError),
    /// The worker could not read the event it was sent.
    Unreadable(JsonError),
    /// The worker did not answer within this many seconds.
    NoStart { seconds: i32 },
}

/// The round paired, or why nothing was paired.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairResponse {
    pub outcome: Result<NewRound, PairFailure>,
}

/// Why a pairing did not happen, as facts (the page words them, the app's `words`): the engine's
/// own error travels from the worker as data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PairFailure {
    /// The engine refused to pair the round.
    Refused(EventError),
    /// The worker could not read the event it was sent.
    Unreadable(JsonError),
    /// The worker's round does not fit the page's event.
    NotValid(EventError),
    /// The worker did not answer within this many seconds.
    NoStart { seconds: i32 },
}

/// A new round as the worker sends it: its number, boards (White, Black) and the
/// pairing-allocated bye.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NewRound {
    pub round: u32,
    pub boards: Vec<(StartNo, StartNo)>,
    pub bye: Option<StartNo>,
}

/// A round paired: its number and the event with its pairing (games pending, the
/// pairing-allocated bye).
#[derive(Clone, Debug, PartialEq)]
pub struct Paired {
    pub round: u32,
    pub tournament: Tournament,
}

/// The new round of a paired event (what the worker sends back).
fn new_round(p: &Paired) -> NewRound {
    let r = p.tournament.round(p.round).cloned().unwrap_or_default();
    NewRound {
        round: p.round,
        boards: r.games.iter().map(|g| (g.white, g.black)).collect(),
        bye: r
            .byes
            .iter()
            .find(|b| b.kind == ByeKind::PairingAllocated)
            .map(|b| b.player),
    }
}

/// `t` with the worker's new round, recorded as `engine::event::pair_next_round` records it
/// (`engine::event::record_pairing`).
pub fn apply(t: &Tournament, new: NewRound) -> Result<Paired, PairFailure> {
    let tournament = engine::event::record_pairing(t, new.round, &new.boards, new.bye)
        .map_err(PairFailure::NotValid)?;
    Ok(Paired {
        round: new.round,
        tournament,
    })
}

/// Pairs the next round of `t` where this code runs (the worker, or the page when built with
/// `pair-on-main-thread`): the engine's one entry for the app.
pub fn pair_here(mut t: Tournament) -> Result<Paired, PairFailure> {
    let round = engine::event::pair_next_round(&mut t).map_err(PairFailure::Refused)?;
    Ok(Paired {
        round,
        tournament: t,
    })
}

/// Checks every paired round of `t` where this code runs (the worker, or the page when built
/// with `pair-on-main-thread`), against the Handbook's text. A stored event declares no points
/// or ranks of its own (it computes them from its results), so the pairings alone are checked.
pub fn check_here(t: &Tournament) -> Result<Report, CheckFailure> {
    engine::check::check(t, &[], engine::check::Options::default()).map_err(CheckFailure::Refused)
}

/// The worker's side of a check: one request, one answer.
pub fn respond_check(request: &PairRequest) -> CheckResponse {
    let outcome = engine::json::parse(&request.event)
        .map_err(CheckFailure::Unreadable)
        .and_then(|t| check_here(&t));
    CheckResponse { outcome }
}

/// The worker's side: one request, one answer.
pub fn respond(request: &PairRequest) -> PairResponse {
    let outcome = engine::json::parse(&request.event)
        .map_err(PairFailure::Unreadable)
        .and_then(pair_here)
        .map(|p| new_round(&p));
    PairResponse { outcome }
}

/// The worker's answer to any message: Hello at once, a pairing once it is made.
pub fn answer(input: PairInput) -> PairOutput {
    match input {
        PairInput::Hello => PairOutput::Ready,
        PairInput::Pair(request) => PairOutput::Paired(respond(&request)),
        PairInput::Check(request) => PairOutput::Checked(respond_check(&request)),
    }
}

/// The pairing worker (registered by `src/bin/pairing_worker.rs`).
#[derive(Debug, Default)]
pub struct PairingWorker;

impl Worker for PairingWorker {
    type Message = ();
    type Input = PairInput;
    type Output = PairOutput;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        PairingWorker
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: Self::Message) {}

    fn received(&mut self, scope: &WorkerScope<Self>, input: Self::Input, id: HandlerId) {
        scope.respond(id, answer(input));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn swiss() -> Tournament {
        let players = [
            ("A", 2100),
            ("B", 2000),
            ("C", 1900),
            ("D", 1800),
            ("E", 1700),
        ]
        .into_iter()
        .map(|(name, rating)| engine::Player {
            name: name.into(),
            rating: Some(rating),
            ..engine::Player::default()
        })
        .collect();
        engine::event::create("Open", engine::Format::Swiss { rounds: 3 }, players)
            .expect("a Swiss")
    }

    #[test]
    fn the_worker_answers_with_the_engines_pairing() {
        let t = swiss();
        let mut want = t.clone();
        let round = engine::event::pair_next_round(&mut want).expect("round 1 pairs");
        let answer = respond(&PairRequest {
            event: engine::json::to_string(&t),
        });
        let new = answer.outcome.expect("paired");
        assert_eq!(new.round, round);
        // The page applies the new round to the event it sent: the engine's paired event.
        let paired = apply(&t, new).expect("a valid round");
        assert_eq!(paired.round, round);
        assert_eq!(paired.tournament, want);
    }

    #[test]
    fn a_refusal_is_the_engines_message() {
        let mut t = swiss();
        engine::event::pair_next_round(&mut t).expect("round 1 pairs");
        let answer = respond(&PairRequest {
            event: engine::json::to_string(&t),
        });
        let failure = answer.outcome.expect_err("round 1 has no results yet");
        assert_eq!(
            failure,
            PairFailure::Refused(EventError::Pairing(
                engine::dutch::PairingError::RoundInProgress { round: 1 }
            ))
        );
    }

    #[test]
    fn an_odd_number_keeps_the_pairing_allocated_bye_and_bad_rounds_are_refused() {
        let t = swiss();
        let mut want = t.clone();
        engine::event::pair_next_round(&mut want).expect("round 1 pairs");
        let new = respond(&PairRequest {
            event: engine::json::to_string(&t),
        })
        .outcome
        .expect("paired");
        assert!(new.bye.is_some(), "five players: one bye");
        assert_eq!(apply(&t, new.clone()).expect("valid").tournament, want);
        // A player twice on the boards is refused with a message, not stored.
        let mut twice = new.clone();
        twice.boards[0].1 = twice.boards[1].0;
        assert!(apply(&t, twice).is_err_and(|m| matches!(m, PairFailure::NotValid(_))));
        let zero = NewRound { round: 0, ..new };
        assert!(apply(&t, zero).is_err());
    }

    #[test]
    fn the_worker_answers_hello_at_once() {
        assert_eq!(answer(PairInput::Hello), PairOutput::Ready);
        let request = PairRequest {
            event: engine::json::to_string(&swiss()),
        };
        assert_eq!(
            answer(PairInput::Pair(request.clone())),
            PairOutput::Paired(respond(&request))
        );
    }

    #[test]
    fn the_worker_checks_every_round_and_says_why_not() {
        let mut t = swiss();
        engine::event::pair_next_round(&mut t).expect("round 1 pairs");
        for g in &mut t.rounds[0].games {
            g.result = engine::GameResult::Played(engine::Outcome::Draw);
        }
        let request = PairRequest {
            event: engine::json::to_string(&t),
        };
        let PairOutput::Checked(answer) = answer(PairInput::Check(request)) else {
            panic!("a check answers with a check");
        };
        let report = answer
            .outcome
            .expect("a Swiss with a paired round is checked");
        assert_eq!(report.rounds, 1);
        assert!(report.agrees(), "{report:?}");
        let refused = respond_check(&PairRequest {
            event: engine::json::to_string(&swiss()),
        });
        assert_eq!(
            refused.outcome,
            Err(CheckFailure::Refused(CheckError::NoRounds))
        );
    }

    #[test]
    fn unreadable_json_is_reported_not_a_panic() {
        let answer = respond(&PairRequest {
            event: "{not json".into(),
        });
        assert!(answer
            .outcome
            .is_err_and(|m| matches!(m, PairFailure::Unreadable(_))));
    }
}
