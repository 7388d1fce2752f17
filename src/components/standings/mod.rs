//! The standings tab: the event's tie-break list and rules, the basis (recorded results or a
//! withdrawal policy's crosstable), the standings with tie-breaks and the breakdown of every
//! value, "why is A above B", the CSV download, and the FIDE rating changes. Every number is the
//! engine's (`engine::tiebreak`, `engine::rating`).
//!
//! Its parts: the tie-break list's editor, the standings table, one value's breakdown, "why is
//! A above B" and the rating changes.

pub mod rating_changes;
pub mod tiebreak_breakdown;
pub mod tiebreak_editor;
pub mod tiebreak_table;
pub mod why_above;

use crate::components::common::layout::{print_view, PrintError, PrintTitle};
use crate::components::standings::rating_changes::RatingChanges;
use crate::components::standings::tiebreak_breakdown::TiebreakBreakdown;
use crate::components::standings::tiebreak_editor::TiebreakEditor;
use crate::components::standings::tiebreak_table::{Selection, TiebreakTable};
use crate::components::standings::why_above::WhyAbovePanel;
use crate::event_id::EventId;
use crate::files;
use crate::i18n::{td_string, Locale};
use crate::lang::use_lang;
use crate::live_standings::{policies_unavailable, LiveStandings};
use crate::store::use_store;
use crate::tiebreaks::{Basis, TiebreakChoice};
use crate::tr;
use crate::words::policy as policy_words;
use crate::words::text;
use crate::words::tiebreak::{player, sentences};
use crate::words::Words;
use engine::impute::Policy;
use engine::standings::Fallback;
use engine::Tournament;
use leptos::prelude::*;

/// The basis select's label for `b` (the Bayesian one says its k).
fn basis_label(locale: Locale, b: Basis, k: f64) -> String {
    match b {
        Basis::Recorded => td_string!(locale, standings.basis.recorded).to_string(),
        Basis::Policy(Policy::Bayes) => td_string!(
            locale,
            standings.basis.bayes_at_k,
            k = text::localise(locale, text::k_value(k))
        )
        .to_string(),
        Basis::Policy(p) => policy_words::name(locale, p).to_string(),
    }
}

/// Why the recorded results stand in for the chosen policy.
fn fallback_text(locale: Locale, why: &Fallback) -> String {
    match why {
        Fallback::Swiss => td_string!(locale, standings.basis.fallback_swiss).to_string(),
        Fallback::NoWithdrawal => {
            td_string!(locale, standings.basis.fallback_no_withdrawal).to_string()
        }
        Fallback::Impute(e) => td_string!(
            locale,
            standings.basis.fallback_impute,
            error = e.words(locale)
        )
        .to_string(),
    }
}

/// What the basis note says: how the chosen basis counts the games, and what it did here.
fn basis_note(locale: Locale, t: &Tournament, c: &crate::live_standings::Computed) -> String {
    if let Some(why) = &c.fallback {
        return fallback_text(locale, why);
    }
    match c.basis {
        Basis::Recorded => td_string!(locale, standings.basis.recorded_note).to_string(),
        Basis::Policy(p) => {
            let mut parts = vec![policy_words::games_rule(locale, p).to_string()];
            for (w, r) in &c.resolved {
                parts.push(
                    td_string!(
                        locale,
                        standings.basis.resolved,
                        player = player(t, *w),
                        policy = policy_words::name(locale, *r)
                    )
                    .to_string(),
                );
            }
            if !c.removed.is_empty() {
                let names: Vec<String> = c.removed.iter().map(|&p| player(t, p)).collect();
                parts.push(
                    td_string!(locale, standings.basis.removed, players = names.join(", "))
                        .to_string(),
                );
            }
            sentences(locale, &parts)
        }
    }
}

/// What the toolbar's status line says after a download or print that failed (the reason is
/// the browser's or the print view's), worded when drawn.
#[derive(Clone, Debug, PartialEq)]
enum Problem {
    Download(crate::files::BrowserError),
    Print(PrintError),
}

impl Problem {
    fn text(&self, locale: Locale) -> String {
        match self {
            Problem::Download(error) => td_string!(
                locale,
                standings.tab.download_failed,
                error = error.words(locale)
            )
            .to_string(),
            Problem::Print(error) => error.words(locale),
        }
    }
}

#[component]
pub fn StandingsTable(
    /// Id of the event in the store (its tie-break list is saved in the event, the rule
    /// version and basis as preferences for it).
    event_id: EventId,
) -> impl IntoView {
    let store = use_store();
    let live = LiveStandings::new(store, event_id.clone());
    let selected = RwSignal::new(None::<Selection>);
    let id = StoredValue::new(event_id);
    let on_change = Callback::new(move |c: TiebreakChoice| {
        store.set_tiebreak_choice(&id.get_value(), &c);
    });
    let k = Memo::new(move |_| store.settings.with(|s| s.k));
    let lang = use_lang();
    let status = RwSignal::new(None::<Problem>);

    let unavailable = Memo::new(move |_| {
        live.tournament
            .with(|t| t.as_ref().and_then(policies_unavailable))
    });
    let basis_note = move || {
        live.with(|t, c| basis_note(lang.get(), t, c))
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
            Some(Err(e)) => Some(Problem::Download(e)),
            _ => None,
        });
    };

    let print = move |_| {
        if let Err(e) = print_view("standings") {
            status.set(Some(Problem::Print(e)));
        }
    };
    let print_title = Signal::derive(move || {
        let locale = lang.get();
        live.tournament
            .with(|t| {
                t.as_ref().map(|t| {
                    td_string!(
                        locale,
                        standings.tab.print_title,
                        event = &t.name,
                        progress = text::round_progress_in(locale, t)
                    )
                    .to_string()
                })
            })
            .unwrap_or_default()
    });
    // On a phone the tie-break settings fold away: the standings come first.
    let narrow = web_sys::window()
        .and_then(|w| w.match_media("(max-width: 600px)").ok().flatten())
        .is_some_and(|m| m.matches());

    view! {
        <PrintTitle title=print_title />
        <h3>{tr!(standings.tab.heading)}</h3>
        <details class="standings-settings no-print" open=!narrow>
            <summary>{tr!(standings.tab.settings)}</summary>
        <div class="standings-controls">
            <TiebreakEditor choice=live.choice on_change=on_change />
            <fieldset class="basis">
                <legend>{tr!(standings.tab.computed_on)}</legend>
                <label class="inline" for="standings-basis">
                    {tr!(standings.tab.basis_label)}
                    " "
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
                        let (k, locale) = (k.get(), lang.get());
                        Basis::all()
                            .into_iter()
                            .map(|b| {
                                view! {
                                    <option value=b.id() selected=b == current>
                                        {basis_label(locale, b, k)}
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
                    <p class="muted small">{tr!(standings.tab.k_note)}</p>
                </Show>
            </fieldset>
        </div>
        </details>
        <div class="toolbar no-print">
            <button type="button" data-testid="export-standings-csv" on:click=download>
                {tr!(standings.tab.download_csv)}
            </button>
            <button type="button" data-testid="print-standings" on:click=print>
                {tr!(standings.tab.print)}
            </button>
            <p class="status" role="status">
                {move || status.with(|s| s.as_ref().map(|p| p.text(lang.get())))}
            </p>
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
