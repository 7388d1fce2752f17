//! What each withdrawn player did before leaving: the numbers the formula uses, and what the
//! FIDE rule makes of them.

use crate::analysis::LiveAnalysis;
use crate::text::{self, dec};
use engine::impute::Policy;
use leptos::prelude::*;

#[component]
pub fn WithdrawnSummary(
    /// The event and its live analysis.
    live: LiveAnalysis,
) -> impl IntoView {
    let cards = move || {
        live.with_both(|t, a| {
            a.withdrawn
                .iter()
                .map(|s| {
                    let fide = if s.fide_resolves_to == Policy::Annul {
                        "below 50 % of the scheduled games: FIDE annuls all their games"
                    } else {
                        "at least 50 % of the scheduled games: FIDE scores the unplayed games as forfeits"
                    };
                    view! {
                        <li class="card">
                            <p>
                                <strong>{text::name_rating(t, s.player)}</strong>
                                {format!(" withdrew {}.", crate::text::withdrawal_point(s.after_round))}
                            </p>
                            <p>
                                {format!(
                                    "Played n = {} of {} games, scoring {} (s̄ = {}); the opponents' expected score \
                                     against them was Ē = {}, so δ = (1 − s̄) − Ē = {}. At k = {}, w = {}.",
                                    s.played,
                                    s.scheduled,
                                    dec(s.score, 1),
                                    dec(s.mean_score, 3),
                                    dec(s.mean_expected, 3),
                                    dec(s.residual, 3),
                                    text::k_value(a.params.k()),
                                    dec(s.weight, 3)
                                )}
                            </p>
                            <p class="muted">{fide}"."</p>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! { <ul class="cards withdrawn-summary">{cards}</ul> }
}
