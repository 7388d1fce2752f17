//! The standings tab: the event's tie-break list and rules, the basis (recorded results or a
//! withdrawal policy's crosstable), the standings with tie-breaks and the breakdown of every
//! value, "why is A above B", the CSV download, and the FIDE rating changes. Every number is the
//! engine's (`engine::tiebreak`, `engine::rating`).

use crate::components::layout::{print_view, PrintTitle};
use crate::components::rating_changes::RatingChanges;
use crate::components::tiebreak_breakdown::TiebreakBreakdown;
use crate::components::tiebreak_editor::TiebreakEditor;
use crate::components::tiebreak_table::{Selection, TiebreakTable};
use crate::components::why_above::WhyAbovePanel;
use crate::files;
use crate::live_standings::{policies_unavailable, LiveStandings};
use crate::store::use_store;
use crate::text;
use crate::tiebreak_text::{player, policy_games_rule};
use crate::tiebreaks::{Basis, TiebreakChoice};
use engine::impute::Policy;
use leptos::prelude::*;

/// The basis select's label for `b` (the Bayesian one says its k).
fn basis_label(b: Basis, k: f64) -> String {
    match b {
        Basis::Recorded => "Recorded results".to_string(),
        Basis::Policy(Policy::Bayes) => {
            format!("{} at k = {}", Policy::Bayes.label(), text::k_value(k))
        }
        Basis::Policy(p) => p.label().to_string(),
    }
}

#[component]
pub fn StandingsTable(
    /// Id of the event in the store (its tie-break list is saved in the event, the rule
    /// version and basis as preferences for it).
    event_id: String,
) -> impl IntoView {
    let store = use_store();
    let live = LiveStandings::new(store, event_id.clone());
    let selected = RwSignal::new(None::<Selection>);
    let id = StoredValue::new(event_id);
    let on_change = Callback::new(move |c: TiebreakChoice| {
        store.set_tiebreak_choice(&id.get_value(), &c);
    });
    let k = Memo::new(move |_| store.settings.with(|s| s.k));
    let status = RwSignal::new(String::new());

    let unavailable = Memo::new(move |_| {
        live.tournament
            .with(|t| t.as_ref().and_then(policies_unavailable))
    });
    let basis_note = move || {
        live.with(|t, c| {
            if let Some(why) = &c.fallback {
                return why.to_string();
            }
            match c.basis {
                Basis::Recorded => {
                    "The results as recorded: what FIDE's tie-break rules (C.07) compute on.".into()
                }
                Basis::Policy(p) => {
                    let mut s = policy_games_rule(p).to_string();
                    for (w, r) in &c.resolved {
                        s.push_str(&format!(
                            " Here: {} → {}.",
                            player(t, *w),
                            r.label().to_lowercase()
                        ));
                    }
                    if !c.removed.is_empty() {
                        let names: Vec<String> = c.removed.iter().map(|&p| player(t, p)).collect();
                        s.push_str(&format!(" Not in the table: {}.", names.join(", ")));
                    }
                    s
                }
            }
        })
        .unwrap_or_default()
    };
    let download = move |_| {
        let result = live.with(|t, c| {
            let csv = engine::tiebreak::csv::standings(
                t,
                &c.standings,
                &engine::tiebreak::csv::codes(&c.standings),
            );
            let name = format!("{}-standings.csv", files::file_stem(t));
            files::download(&name, "text/csv", &csv)
        });
        status.set(match result {
            Some(Err(e)) => format!("Download failed: {e}"),
            _ => String::new(),
        });
    };

    let print = move |_| {
        if let Err(e) = print_view("standings") {
            status.set(e);
        }
    };
    let print_title = Signal::derive(move || {
        live.tournament
            .with(|t| {
                t.as_ref()
                    .map(|t| format!("{} — standings, {}", t.name, text::round_progress(t)))
            })
            .unwrap_or_default()
    });
    // On a phone the tie-break settings fold away: the standings come first.
    let narrow = web_sys::window()
        .and_then(|w| w.match_media("(max-width: 600px)").ok().flatten())
        .is_some_and(|m| m.matches());

    view! {
        <PrintTitle title=print_title />
        <h3>"Standings"</h3>
        <details class="standings-settings no-print" open=!narrow>
            <summary>"Tie-breaks and what they are computed on"</summary>
        <div class="standings-controls">
            <TiebreakEditor choice=live.choice on_change=on_change />
            <fieldset class="basis">
                <legend>"Computed on"</legend>
                <label class="inline" for="standings-basis">
                    "Results "
                </label>
                <select
                    id="standings-basis"
                    data-testid="standings-basis"
                    aria-describedby="basis-note"
                    disabled=move || unavailable.get().is_some()
                    on:change=move |ev| {
                        if let Ok(b) = event_target_value(&ev).parse::<Basis>() {
                            let mut c = live.choice.get_untracked();
                            c.basis = b;
                            on_change.run(c);
                        }
                    }
                >
                    {move || {
                        let current = live.choice.with(|c| c.basis);
                        let k = k.get();
                        Basis::all()
                            .into_iter()
                            .map(|b| {
                                view! {
                                    <option value=b.id() selected=b == current>
                                        {basis_label(b, k)}
                                    </option>
                                }
                            })
                            .collect_view()
                    }}
                </select>
                <p id="basis-note" class="muted small">
                    {basis_note}
                </p>
                <Show when=move || unavailable.get().is_none()>
                    <p class="muted small">
                        "k is the withdrawal view's prior strength; change it there."
                    </p>
                </Show>
            </fieldset>
        </div>
        </details>
        <div class="toolbar no-print">
            <button type="button" data-testid="export-standings-csv" on:click=download>
                "Download CSV"
            </button>
            <button type="button" data-testid="print-standings" on:click=print>
                "Print standings"
            </button>
            <p class="status" role="status">{move || status.get()}</p>
        </div>
        <div class="standings-layout">
            <TiebreakTable live=live selected=selected />
            <TiebreakBreakdown live=live selected=selected />
        </div>
        <div class="no-print">
            <WhyAbovePanel live=live />
            <RatingChanges live=live />
        </div>
    }
}
