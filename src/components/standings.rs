//! Standings from the recorded results, in points order (tie-breaks come later in the engine).

use crate::text;
use engine::{Entry, Tournament};
use leptos::prelude::*;

#[component]
pub fn StandingsTable(
    /// The event.
    tournament: Memo<Option<Tournament>>,
) -> impl IntoView {
    let rows = move || {
        tournament.with(|t| {
            let Some(t) = t.as_ref() else {
                return Vec::new();
            };
            let withdrawals = engine::impute::effective_withdrawals(t, &[]);
            engine::standings::current(t)
                .into_iter()
                .map(|row| {
                    let games = (1..=t.rounds.len() as u32)
                        .filter(|&r| {
                            matches!(t.entry(row.start_no, r), Entry::Game { result, .. } if result.is_played())
                        })
                        .count();
                    let withdrew = withdrawals
                        .iter()
                        .find(|w| w.player == row.start_no)
                        .map(|w| format!("withdrew after round {}", w.after_round));
                    let is_withdrawn = withdrew.is_some();
                    view! {
                        <tr class:withdrawn=is_withdrawn>
                            <td class="num">{row.rank}</td>
                            <th scope="row">
                                {text::name_of(t, row.start_no)}
                                {withdrew.map(|w| view! { <span class="tag">{w}</span> })}
                            </th>
                            <td class="num">
                                {t.player(row.start_no).and_then(|p| p.rating).map(|r| r.to_string())}
                            </td>
                            <td class="num">{t.points(row.start_no).to_string()}</td>
                            <td class="num">{games}</td>
                        </tr>
                    }
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <h3>"Standings"</h3>
        <p class="muted">
            "Points from the recorded results, forfeits included, pending games not counted; equal \
             points share a place (tie-breaks are not applied yet). The withdrawal view compares the \
             policies for unplayed games."
        </p>
        <div class="table-scroll">
            <table class="standings-plain">
                <thead>
                    <tr>
                        <th scope="col">"Rank"</th>
                        <th scope="col">"Player"</th>
                        <th scope="col">"Rating"</th>
                        <th scope="col">"Points"</th>
                        <th scope="col">"Games played"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}
