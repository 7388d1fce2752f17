//! The withdrawal view's live computation: the event and its analysis under every policy, as
//! memos. The analysis is recomputed from (event, withdrawals, k, expectation) — microseconds —
//! and every table cell reads from it, so moving the slider updates text, not structure.

use crate::store::Store;
use engine::impute::{self, Analysis, ImputeError};
use engine::{StartNo, Tournament};
use leptos::prelude::*;

/// An unplayed game, by identity rather than position (positions move when withdrawals change).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameKey {
    pub player: StartNo,
    pub opponent: StartNo,
    pub round: Option<u32>,
    /// Which of several meetings with the same (player, opponent, round) — double round-robins
    /// with unscheduled games.
    pub nth: usize,
}

/// The event and its analysis, tracked. Copy: pass it to each component of the view.
#[derive(Clone, Copy)]
pub struct LiveAnalysis {
    pub tournament: Memo<Option<Tournament>>,
    pub analysis: Memo<Option<Result<Analysis, ImputeError>>>,
}

impl LiveAnalysis {
    /// The analysis of an event a page has already resolved (see `components::common::layout`).
    pub fn resolved(store: Store, tournament: Memo<Tournament>) -> LiveAnalysis {
        LiveAnalysis::of(store, Memo::new(move |_| Some(tournament.get())))
    }

    fn of(store: Store, tournament: Memo<Option<Tournament>>) -> LiveAnalysis {
        let params = Memo::new(move |_| store.settings.with(|s| s.params()));
        let analysis = Memo::new(move |_| {
            let params = params.get();
            tournament.with(|t| {
                t.as_ref().map(|t| {
                    let withdrawals = impute::effective_withdrawals(t, &[]);
                    impute::analyse(t, &withdrawals, params)
                })
            })
        });
        LiveAnalysis {
            tournament,
            analysis,
        }
    }

    /// Runs `f` on the analysis when there is one (tracked).
    pub fn with<R>(&self, f: impl FnOnce(&Analysis) -> R) -> Option<R> {
        self.analysis
            .with(|a| a.as_ref().and_then(|r| r.as_ref().ok()).map(f))
    }

    /// Runs `f` on the event and its analysis when both exist (tracked).
    pub fn with_both<R>(&self, f: impl FnOnce(&Tournament, &Analysis) -> R) -> Option<R> {
        self.tournament.with(|t| {
            let t = t.as_ref()?;
            self.with(|a| f(t, a))
        })
    }
}

/// The keys of an analysis' unplayed games, in its order.
pub fn game_keys(a: &Analysis) -> Vec<GameKey> {
    let mut keys: Vec<GameKey> = Vec::with_capacity(a.unplayed.len());
    for g in &a.unplayed {
        let nth = keys
            .iter()
            .filter(|k| k.player == g.player && k.opponent == g.opponent && k.round == g.round)
            .count();
        keys.push(GameKey {
            player: g.player,
            opponent: g.opponent,
            round: g.round,
            nth,
        });
    }
    keys
}

/// Position of `key` among the analysis' unplayed games.
pub fn position(a: &Analysis, key: GameKey) -> Option<usize> {
    game_keys(a).iter().position(|k| *k == key)
}
