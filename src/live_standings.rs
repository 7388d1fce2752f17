//! The standings tab's live computation: the event, its standings choices, the engine's
//! standings with tie-breaks (on the recorded results or a withdrawal policy's crosstable) and
//! its FIDE rating report, as memos every component of the tab reads.

use crate::analysis::LiveAnalysis;
use crate::store::Store;
use crate::tiebreaks::{Basis, TiebreakChoice};
use engine::impute::{self, Policy};
use engine::rating::{self, RatingReport};
use engine::tiebreak::{self, Crosstable, Standings, System};
use engine::{StartNo, Tournament};
use leptos::prelude::*;

/// Standings as computed for the current choices.
#[derive(Clone, Debug, PartialEq)]
pub struct Computed {
    pub standings: Standings,
    /// The crosstable the standings were computed on (what each round was, for the breakdown).
    pub crosstable: Crosstable,
    /// The basis the standings were computed on.
    pub basis: Basis,
    /// Why the chosen basis could not be used, when the recorded results stand in for it.
    pub fallback: Option<String>,
    /// Players the basis leaves out of the table (annulment), by start number.
    pub removed: Vec<StartNo>,
    /// Under the FIDE rule: what it resolved to for each withdrawn player.
    pub resolved: Vec<(StartNo, Policy)>,
}

/// Why a withdrawal policy cannot change this event's standings, if it cannot.
pub fn policies_unavailable(t: &Tournament) -> Option<&'static str> {
    if engine::event::system_of(t.format) == System::Swiss {
        Some("Withdrawal policies apply to round-robins; a Swiss is computed on its recorded results.")
    } else if impute::effective_withdrawals(t, &[]).is_empty() {
        Some("Nobody has withdrawn, so every policy gives the recorded results.")
    } else {
        None
    }
}

/// The event's standings, live. Copy: pass it to each component of the tab.
#[derive(Clone, Copy)]
pub struct LiveStandings {
    pub event_id: StoredValue<String>,
    pub tournament: Memo<Option<Tournament>>,
    pub choice: Memo<TiebreakChoice>,
    pub computed: Memo<Option<Computed>>,
    pub ratings: Memo<Option<RatingReport>>,
}

impl LiveStandings {
    pub fn new(store: Store, id: String) -> LiveStandings {
        let live = LiveAnalysis::new(store, id.clone());
        let tournament = live.tournament;
        let choice = store.tiebreak_choice(id.clone());
        let computed = Memo::new(move |_| {
            let choice = choice.get();
            let config = choice.config();
            tournament.with(|t| {
                let t = t.as_ref()?;
                let recorded = |fallback: Option<String>| Computed {
                    standings: tiebreak::standings(t, &config),
                    crosstable: Crosstable::from_tournament(t, None),
                    basis: Basis::Recorded,
                    fallback,
                    removed: Vec::new(),
                    resolved: Vec::new(),
                };
                let Basis::Policy(policy) = choice.basis else {
                    return Some(recorded(None));
                };
                if let Some(why) = policies_unavailable(t) {
                    return Some(recorded(Some(why.to_string())));
                }
                live.analysis.with(|a| match a {
                    Some(Ok(a)) => {
                        let standings = tiebreak::standings_under_policy(t, a, policy, &config);
                        let removed = t
                            .players
                            .iter()
                            .map(|p| p.start_no)
                            .filter(|&p| standings.row(p).is_none())
                            .collect();
                        Some(Computed {
                            standings,
                            crosstable: Crosstable::under_policy(t, a, policy, None),
                            basis: choice.basis,
                            fallback: None,
                            removed,
                            resolved: if policy == Policy::Fide {
                                a.outcome(Policy::Fide).resolved.clone()
                            } else {
                                Vec::new()
                            },
                        })
                    }
                    Some(Err(e)) => Some(recorded(Some(format!(
                        "The policy cannot be applied ({e}); these are the recorded results."
                    )))),
                    None => None,
                })
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
