//! "Why is A above B?": two players, and the engine's decision between them
//! ([`engine::tiebreak::Standings::decide`]) in words — the criteria on which they are equal,
//! then the decisive one with both values.

use crate::live_standings::LiveStandings;
use crate::tiebreak_text::{interesting_pair, player, why_above, WhyAbove};
use engine::StartNo;
use leptos::prelude::*;

#[component]
pub fn WhyAbovePanel(
    /// The event's live standings.
    live: LiveStandings,
) -> impl IntoView {
    // The user's pair; until they choose, the first pair a tie-break decides.
    let chosen = RwSignal::new(None::<(StartNo, StartNo)>);
    let pair = Memo::new(move |_| {
        chosen.get().or_else(|| {
            live.computed
                .with(|c| c.as_ref().and_then(|c| interesting_pair(&c.standings)))
        })
    });
    let options = move || {
        live.with(|t, c| {
            c.standings
                .rows
                .iter()
                .map(|r| (r.start_no, format!("{}. {}", r.rank, player(t, r.start_no))))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    let explanation = Memo::new(move |_| {
        let (a, b) = pair.get()?;
        live.with(|t, c| why_above(t, &c.standings, a, b))
    });
    let select = move |which: usize, label: &'static str, id: &'static str| {
        view! {
            <label class="inline" for=id>
                {label}
            </label>
            <select
                id=id
                on:change=move |ev| {
                    if let Ok(p) = event_target_value(&ev).parse::<StartNo>() {
                        let (a, b) = pair.get_untracked().unwrap_or((p, p));
                        chosen.set(Some(if which == 0 { (p, b) } else { (a, p) }));
                    }
                }
            >
                {move || {
                    options()
                        .into_iter()
                        .map(|(p, text)| {
                            let is_chosen = move || {
                                pair.get().is_some_and(|(a, b)| (if which == 0 { a } else { b }) == p)
                            };
                            view! {
                                <option value=p.to_string() prop:selected=is_chosen>
                                    {text}
                                </option>
                            }
                        })
                        .collect_view()
                }}
            </select>
        }
    };
    let body = move || {
        explanation.get().map(|WhyAbove { headline, equal_on, decisive }| {
            view! {
                <p class="why-headline" data-decisive=decisive>
                    {headline}
                </p>
                {(!equal_on.is_empty())
                    .then(|| {
                        view! {
                            <p class="muted small">"Equal on:"</p>
                            <ul class="equal-on">
                                {equal_on.into_iter().map(|e| view! { <li>{e}</li> }).collect_view()}
                            </ul>
                        }
                    })}
            }
        })
    };
    view! {
        <section class="panel why-above" aria-labelledby="why-title">
            <h3 id="why-title">"Why is one player above another?"</h3>
            <div class="why-selects">
                {select(0, "Player A", "why-a")}
                {select(1, "Player B", "why-b")}
            </div>
            <div data-testid="why-above" role="status" aria-live="polite">
                {body}
            </div>
        </section>
    }
}
