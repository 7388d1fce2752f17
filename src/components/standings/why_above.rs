//! "Why is A above B?": two players, and the engine's decision between them
//! ([`engine::tiebreak::Standings::decide`]) in words — the criteria on which they are equal,
//! then the decisive one with both values.

use crate::components::common::data_table::escape;
use crate::components::common::keyed;
use crate::i18n::{td_string, Locale};
use crate::lang::use_lang;
use crate::live_standings::LiveStandings;
use crate::tr;
use crate::words::tiebreak::{interesting_pair, player, why_above, WhyAbove};
use engine::StartNo;
use leptos::prelude::*;
use std::fmt::Write;

/// Brings a select's options from `old` to `new` (start number, label): with the same players,
/// each option moves where its player now stands ([`keyed::reorder`]) and only changed labels
/// are rewritten; otherwise they are drawn anew. 300 players are 600 options in the two
/// selects; as views with a reactive `selected` each, they were rebuilt on every rules change
/// (issue 15 item 4).
fn draw_options(
    select: &web_sys::Element,
    old: &mut Vec<(StartNo, String)>,
    new: &[(StartNo, String)],
) {
    let players = |options: &[(StartNo, String)]| options.iter().map(|o| o.0).collect::<Vec<_>>();
    match keyed::reorder(select, &players(old), &players(new)) {
        Some(moved) => {
            for ((option, j), (_, label)) in moved.iter().zip(new) {
                if &old[*j].1 != label {
                    option.set_text_content(Some(label));
                }
            }
        }
        None => {
            let mut h = String::with_capacity(48 * new.len());
            for (p, label) in new {
                let _ = write!(h, "<option value=\"{p}\">{}</option>", escape(label));
            }
            select.set_inner_html(&h);
        }
    }
    old.clear();
    old.extend_from_slice(new);
}

#[component]
pub fn WhyAbovePanel(
    /// The event's live standings.
    live: LiveStandings,
) -> impl IntoView {
    let lang = use_lang();
    // The user's pair; until they choose, the first pair a tie-break decides.
    let chosen = RwSignal::new(None::<(StartNo, StartNo)>);
    let pair = Memo::new(move |_| {
        chosen.get().or_else(|| {
            live.computed
                .with(|c| c.as_ref().and_then(|c| interesting_pair(&c.standings)))
        })
    });
    // The players in standings order, as the options read.
    let options = Memo::new(move |_| {
        live.with(|t, c| {
            c.standings
                .rows
                .iter()
                .map(|r| (r.start_no, format!("{}. {}", r.rank, player(t, r.start_no))))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    });
    let explanation = Memo::new(move |_| {
        let (a, b) = pair.get()?;
        let locale = lang.get();
        live.with(|t, c| why_above(locale, t, &c.standings, a, b))
    });
    let select = move |which: usize, label: fn(Locale) -> &'static str, id: &'static str| {
        let node = NodeRef::<leptos::html::Select>::new();
        let drawn = StoredValue::new(Vec::<(StartNo, String)>::new());
        Effect::new(move |_| {
            let Some(el) = node.get() else { return };
            // Followed here, drawn after the next frame: the selects sit below the table, which
            // a recomputation should show first (a rules change on 300 players moves some 36
            // options and rewrites some 150 labels, ~5 ms that delayed the table's frame).
            options.track();
            let chosen = pair.get().map(|(a, b)| if which == 0 { a } else { b });
            let value = chosen.map(|p| p.to_string()).unwrap_or_default();
            let draw = move || {
                // The panel may be gone by then: nothing to draw.
                let _ = options.try_with_untracked(|new| {
                    drawn.try_update_value(|old| draw_options(&el, old, new))
                });
                let _ = js_sys::Reflect::set(&el, &"value".into(), &value.into());
            };
            // A task queued from a frame's callback runs once that frame is painted.
            request_animation_frame(move || set_timeout(draw, std::time::Duration::ZERO));
        });
        view! {
            <label class="inline" for=id>
                {move || label(lang.get())}
            </label>
            <select
                id=id
                node_ref=node
                on:change=move |ev| {
                    if let Ok(p) = event_target_value(&ev).parse::<StartNo>() {
                        let (a, b) = pair.get_untracked().unwrap_or((p, p));
                        chosen.set(Some(if which == 0 { (p, b) } else { (a, p) }));
                    }
                }
            ></select>
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
                            <p class="muted small">{tr!(standings.why.equal_on)}</p>
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
            <h3 id="why-title">{tr!(standings.why.heading)}</h3>
            <div class="why-selects">
                {select(0, |l| td_string!(l, standings.why.player_a), "why-a")}
                {select(1, |l| td_string!(l, standings.why.player_b), "why-b")}
            </div>
            <div data-testid="why-above" role="status" aria-live="polite">
                {body}
            </div>
        </section>
    }
}
