//! Pairs the next round of a Swiss off the main thread: the page sends the event to the pairing
//! worker (`crates/workers`, Trunk builds it from index.html), which runs
//! `engine::event::pair_next_round` and answers with the paired event or the engine's refusal.
//! The pairings checker (`engine::check`, "Check every round") pairs every round again, so it
//! runs there too.
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
//! The event goes to the worker as Crosstable JSON (the file format the store persists), so the
//! worker sees exactly what the page stored; only the new round comes back (its boards and
//! bye), which the page applies to the event it sent ([`apply`]): reading the whole paired
//! event back was a long task on the page for a big Swiss. The page says Hello first: a worker
//! that does not answer within [`STARTUP_TIMEOUT_MS`] (its files blocked or missing) ends the
//! pairing with a message instead of leaving the button busy for ever.

pub use crosstable_workers::pairing::*;
use engine::check::Report;
use engine::Tournament;
use gloo_worker::{Spawnable, WorkerBridge};
use std::cell::RefCell;
use std::rc::Rc;

/// Where Trunk puts the pairing worker's JavaScript (`data-type="worker"` files are not
/// hashed); its wasm is `pairing_worker_bg.wasm` next to it.
pub const PAIRING_WORKER_SCRIPT: &str = "/pairing_worker.js";

/// How long the worker may take to answer Hello (load its wasm) before the pairing fails.
pub const STARTUP_TIMEOUT_MS: i32 = 20_000;

/// What the page does with the worker's answer.
type OnDone<T> = Box<dyn FnOnce(T)>;

/// A question to the pairing worker under way. Dropping it abandons the answer (the worker
/// closes once its computation ends; gloo-worker 0.6 cannot interrupt it).
pub struct PendingPairing {
    _bridge: Rc<RefCell<Option<WorkerBridge<PairingWorker>>>>,
}

/// Pairs the next round of `t` and calls `on_done` with the result on the main thread: in the
/// pairing worker, or at once in place when built with `pair-on-main-thread` (then `None` is
/// returned). Keep the returned handle while the answer matters.
pub fn pair_next_round(
    t: Tournament,
    on_done: impl FnOnce(Result<Paired, PairFailure>) + 'static,
) -> Option<PendingPairing> {
    // A constant: the branch not taken is compiled out, and with it the Dutch engine when the
    // page pairs in the worker.
    if cfg!(feature = "pair-on-main-thread") {
        on_done(pair_here(t));
        return None;
    }
    let input = PairInput::Pair(PairRequest {
        event: engine::json::to_string(&t),
    });
    let no_start = |seconds| Err(PairFailure::NoStart { seconds });
    Some(ask(input, no_start, on_done, move |output| match output {
        PairOutput::Paired(response) => Some(response.outcome.and_then(|new| apply(&t, new))),
        _ => None,
    }))
}

/// Checks every paired round of `t` against the Dutch engine (`engine::check`) and calls
/// `on_done` with the report on the main thread: in the pairing worker, where the Dutch engine
/// is, or at once in place when built with `pair-on-main-thread` (then `None` is returned).
pub fn check_rounds(
    t: &Tournament,
    on_done: impl FnOnce(Result<Report, CheckFailure>) + 'static,
) -> Option<PendingPairing> {
    if cfg!(feature = "pair-on-main-thread") {
        on_done(check_here(t));
        return None;
    }
    let input = PairInput::Check(PairRequest {
        event: engine::json::to_string(t),
    });
    let no_start = |seconds| Err(CheckFailure::NoStart { seconds });
    Some(ask(input, no_start, on_done, |output| match output {
        PairOutput::Checked(response) => Some(response.outcome),
        _ => None,
    }))
}

/// Sends `input` to a new pairing worker after a Hello, and calls `on_done` once: with what
/// `read` makes of the worker's answer, or with `no_start(seconds)` when the worker has not
/// answered Hello within [`STARTUP_TIMEOUT_MS`].
fn ask<T: 'static>(
    input: PairInput,
    no_start: impl FnOnce(i32) -> T + 'static,
    on_done: impl FnOnce(T) + 'static,
    read: impl Fn(PairOutput) -> Option<T> + 'static,
) -> PendingPairing {
    let slot: Rc<RefCell<Option<WorkerBridge<PairingWorker>>>> = Rc::new(RefCell::new(None));
    // The first answer of the two (the worker's, or the start-up timeout's) is the outcome.
    let on_done: Rc<RefCell<Option<OnDone<T>>>> = Rc::new(RefCell::new(Some(Box::new(on_done))));
    let ready = Rc::new(std::cell::Cell::new(false));
    let finish = {
        let held = Rc::downgrade(&slot);
        move |outcome: T| {
            if let Some(done) = on_done.borrow_mut().take() {
                done(outcome);
            }
            // One answer per worker: let it go once gloo-worker has finished dispatching.
            if let Some(bridge) = held.upgrade().and_then(|slot| slot.borrow_mut().take()) {
                wasm_bindgen_futures::spawn_local(async move { drop(bridge) });
            }
        }
    };
    let finish = Rc::new(finish);
    let bridge = PairingWorker::spawner()
        .callback({
            let (finish, ready) = (finish.clone(), ready.clone());
            move |output: PairOutput| match output {
                PairOutput::Ready => ready.set(true),
                other => {
                    if let Some(outcome) = read(other) {
                        finish(outcome);
                    }
                }
            }
        })
        .as_module(false)
        .spawn(PAIRING_WORKER_SCRIPT);
    bridge.send(PairInput::Hello);
    bridge.send(input);
    *slot.borrow_mut() = Some(bridge);
    leptos::prelude::set_timeout(
        move || {
            if !ready.get() {
                finish(no_start(STARTUP_TIMEOUT_MS / 1000));
            }
        },
        std::time::Duration::from_millis(STARTUP_TIMEOUT_MS as u64),
    );
    PendingPairing { _bridge: slot }
}
