//! Pairs the next round of a Swiss off the main thread: the page sends the event to the pairing
//! worker (`src/bin/pairing_worker.rs`, Trunk builds it from index.html), which runs
//! `engine::event::pair_next_round` and answers with the paired event or the engine's refusal.
//!
//! Why a worker: the Dutch engine is the largest single piece of the engine (see
//! `docs/bundle.md`) and the last round of a 300-player Swiss takes long enough to freeze a
//! page. In the worker it is neither downloaded before the first page nor run on the UI thread.
//!
//! The feature `pair-on-main-thread` (on by default, so that native tests and the wasm
//! component tests, which have no worker script to load, pair synchronously as before) runs
//! the same function in place; the release page is built without it (index.html), and then
//! nothing on the page links the Dutch engine.
//!
//! The event crosses the boundary as Crosstable JSON (the file format the store persists), so
//! the worker sees exactly what the page stored.

use engine::Tournament;
use gloo_worker::{HandlerId, Spawnable, Worker, WorkerBridge, WorkerScope};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::rc::Rc;

/// Where Trunk puts the pairing worker's JavaScript (`data-type="worker"` files are not
/// hashed); its wasm is `pairing_worker_bg.wasm` next to it.
pub const PAIRING_WORKER_SCRIPT: &str = "/pairing_worker.js";

/// What the page asks: pair the next round of this event (Crosstable JSON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairRequest {
    pub event: String,
}

/// The worker's answer: the round paired and the event with it (Crosstable JSON), or why
/// nothing was paired (the engine's message).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairResponse {
    pub outcome: Result<(u32, String), String>,
}

/// A round paired: its number and the event with its pairing (games pending, the
/// pairing-allocated bye).
#[derive(Clone, Debug, PartialEq)]
pub struct Paired {
    pub round: u32,
    pub tournament: Tournament,
}

/// Pairs the next round of `t` where this code runs (the worker, or the page when built with
/// `pair-on-main-thread`): the engine's one entry for the app.
pub fn pair_here(mut t: Tournament) -> Result<Paired, String> {
    let round = engine::event::pair_next_round(&mut t).map_err(|e| e.to_string())?;
    Ok(Paired {
        round,
        tournament: t,
    })
}

/// The worker's side: one request, one answer.
pub fn respond(request: &PairRequest) -> PairResponse {
    let outcome = engine::json::parse(&request.event)
        .map_err(|e| format!("the event could not be read back: {e}"))
        .and_then(pair_here)
        .map(|p| (p.round, engine::json::to_string(&p.tournament)));
    PairResponse { outcome }
}

/// The pairing worker (registered by `src/bin/pairing_worker.rs`).
#[derive(Debug, Default)]
pub struct PairingWorker;

impl Worker for PairingWorker {
    type Message = ();
    type Input = PairRequest;
    type Output = PairResponse;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        PairingWorker
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: Self::Message) {}

    fn received(&mut self, scope: &WorkerScope<Self>, request: Self::Input, id: HandlerId) {
        scope.respond(id, respond(&request));
    }
}

/// A pairing under way in the worker. Dropping it abandons the answer (the worker closes once
/// its computation ends; gloo-worker 0.6 cannot interrupt it).
pub struct PendingPairing {
    _bridge: Rc<RefCell<Option<WorkerBridge<PairingWorker>>>>,
}

/// Pairs the next round of `t` and calls `on_done` with the result on the main thread: in the
/// pairing worker, or at once in place when built with `pair-on-main-thread` (then `None` is
/// returned). Keep the returned handle while the answer matters.
pub fn pair_next_round(
    t: Tournament,
    on_done: impl FnOnce(Result<Paired, String>) + 'static,
) -> Option<PendingPairing> {
    // A constant: the branch not taken is compiled out, and with it the Dutch engine when the
    // page pairs in the worker.
    if cfg!(feature = "pair-on-main-thread") {
        on_done(pair_here(t));
        return None;
    }
    let request = PairRequest {
        event: engine::json::to_string(&t),
    };
    let slot: Rc<RefCell<Option<WorkerBridge<PairingWorker>>>> = Rc::new(RefCell::new(None));
    let on_done = RefCell::new(Some(on_done));
    let held = Rc::downgrade(&slot);
    let bridge = PairingWorker::spawner()
        .callback(move |response: PairResponse| {
            let outcome = response.outcome.and_then(|(round, json)| {
                engine::json::parse(&json)
                    .map(|tournament| Paired { round, tournament })
                    .map_err(|e| format!("the paired event could not be read: {e}"))
            });
            if let Some(done) = on_done.borrow_mut().take() {
                done(outcome);
            }
            // One answer per worker: let it go once gloo-worker has finished dispatching.
            if let Some(bridge) = held.upgrade().and_then(|slot| slot.borrow_mut().take()) {
                wasm_bindgen_futures::spawn_local(async move { drop(bridge) });
            }
        })
        .as_module(false)
        .spawn(PAIRING_WORKER_SCRIPT);
    bridge.send(request);
    *slot.borrow_mut() = Some(bridge);
    Some(PendingPairing { _bridge: slot })
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
        let (got_round, json) = answer.outcome.expect("paired");
        assert_eq!(got_round, round);
        assert_eq!(engine::json::parse(&json).expect("json"), want);
    }

    #[test]
    fn a_refusal_is_the_engines_message() {
        let mut t = swiss();
        engine::event::pair_next_round(&mut t).expect("round 1 pairs");
        let answer = respond(&PairRequest {
            event: engine::json::to_string(&t),
        });
        let message = answer.outcome.expect_err("round 1 has no results yet");
        assert!(message.contains("round 1"), "{message}");
    }

    #[test]
    fn unreadable_json_is_reported_not_a_panic() {
        let answer = respond(&PairRequest {
            event: "{not json".into(),
        });
        assert!(answer
            .outcome
            .is_err_and(|m| m.contains("could not be read")));
    }
}
