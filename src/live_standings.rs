//! The standings tab's live computation: the event, its standings choices, the engine's
//! standings with tie-breaks (on the recorded results or a withdrawal policy's crosstable) and
//! its FIDE rating report, as memos every component of the tab reads.

use crate::event_id::EventId;
use crate::store::Store;
use crate::tiebreaks::TiebreakChoice;
use engine::rating::{self, RatingReport};
use engine::standings::{self, BasisStandings};
use engine::Tournament;
use leptos::prelude::*;

pub use engine::standings::policies_unavailable;

/// Standings as computed for the current choices: the engine's [`standings::compute`] result
/// (the basis, the fallback and its reason, the crosstable, removed and resolved players).
pub type Computed = BasisStandings;

/// The event's standings, live. Copy: pass it to each component of the tab.
#[derive(Clone, Copy)]
pub struct LiveStandings {
    pub event_id: StoredValue<EventId>,
    pub tournament: Memo<Option<Tournament>>,
    pub choice: Memo<TiebreakChoice>,
    pub computed: Memo<Option<Computed>>,
    pub ratings: Memo<Option<RatingReport>>,
}

impl LiveStandings {
    pub fn new(store: Store, id: EventId) -> LiveStandings {
        let tournament = store.tournament(id.clone());
        let params = Memo::new(move |_| store.settings.with(|s| s.params()));
        let choice = store.tiebreak_choice(id.clone());
        let computed = Memo::new(move |_| {
            let choice = choice.get();
            let params = params.get();
            tournament.with(|t| {
                t.as_ref()
                    .map(|t| standings::compute(t, choice.basis, params, &choice.config()))
            })
        });
        let ratings = Memo::new(move |_| tournament.with(|t| t.as_ref().map(rating::report)));
        LiveStandings {
            event_id: StoredValue::new(id),
            tournament,
            choice,
            computed,
            ratings,
        }
    }

    /// Runs `f` on the event and its computed standings when both exist (tracked).
    pub fn with<R>(&self, f: impl FnOnce(&Tournament, &Computed) -> R) -> Option<R> {
        self.tournament.with(|t| {
            let t = t.as_ref()?;
            self.computed.with(|c| c.as_ref().map(|c| f(t, c)))
        })
    }
}
