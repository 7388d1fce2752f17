//! The event's tie-break list: a FIDE preset for round-robins or Swiss, the rule version, and
//! the ordered list itself — add, remove, move up and down, all by keyboard too. Every change is
//! stored at once; the order after a move keeps the focus on the moved tie-break.

use crate::tiebreaks::{TiebreakChoice, SUGGESTED};
use engine::tiebreak::{System, Tiebreak, TiebreakRules};
use leptos::html::Input;
use leptos::prelude::*;

/// One edit of the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edit {
    Up(usize),
    Down(usize),
    Remove(usize),
}

/// The list after `edit`, and the index of the element to focus then (a button id suffix).
fn apply(list: &mut Vec<Tiebreak>, edit: Edit) -> Option<String> {
    match edit {
        Edit::Up(i) if i > 0 && i < list.len() => {
            list.swap(i, i - 1);
            Some(if i - 1 == 0 {
                format!("tb-{}-down", i - 1)
            } else {
                format!("tb-{}-up", i - 1)
            })
        }
        Edit::Down(i) if i + 1 < list.len() => {
            list.swap(i, i + 1);
            Some(if i + 2 == list.len() {
                format!("tb-{}-up", i + 1)
            } else {
                format!("tb-{}-down", i + 1)
            })
        }
        Edit::Remove(i) if i < list.len() => {
            list.remove(i);
            Some(if list.is_empty() {
                "tb-add-code".to_string()
            } else {
                format!("tb-{}-remove", i.min(list.len() - 1))
            })
        }
        _ => None,
    }
}

/// Focuses the element with `id` once the DOM shows the new list.
fn focus_later(id: String) {
    request_animation_frame(move || {
        use wasm_bindgen::JsCast;
        if let Some(el) = document()
            .get_element_by_id(&id)
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let _ = el.focus();
        }
    });
}

fn preset_label(system: System) -> String {
    let codes: Vec<String> = Tiebreak::preset(system).iter().map(|t| t.code()).collect();
    let name = match system {
        System::RoundRobin => "Round-robin",
        System::Swiss => "Swiss",
    };
    format!("{name} (FIDE): {}", codes.join(", "))
}

#[component]
pub fn TiebreakEditor(
    /// The event's current choices.
    choice: Memo<TiebreakChoice>,
    /// Called with the new choices after every change.
    on_change: Callback<TiebreakChoice>,
) -> impl IntoView {
    let announce = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let code_input = NodeRef::<Input>::new();

    let change = move |f: &dyn Fn(&mut TiebreakChoice)| {
        let mut c = choice.get_untracked();
        f(&mut c);
        on_change.run(c);
    };
    let edit = move |e: Edit| {
        let mut c = choice.get_untracked();
        let code = |i: usize| c.tiebreaks.get(i).map(|t| t.code()).unwrap_or_default();
        let what = match e {
            Edit::Up(i) => format!("{} moved up to position {}", code(i), i),
            Edit::Down(i) => format!("{} moved down to position {}", code(i), i + 2),
            Edit::Remove(i) => format!("{} removed", code(i)),
        };
        if let Some(focus) = apply(&mut c.tiebreaks, e) {
            error.set(None);
            on_change.run(c);
            announce.set(what);
            focus_later(focus);
        }
    };
    let add = move || {
        let Some(input) = code_input.get_untracked() else {
            return;
        };
        let text = input.value();
        if text.trim().is_empty() {
            error.set(Some(
                "Type or pick a tie-break code first, e.g. BH-C1.".into(),
            ));
            return;
        }
        match text.parse::<Tiebreak>() {
            Err(e) => error.set(Some(e)),
            Ok(tb) if choice.with_untracked(|c| c.tiebreaks.contains(&tb)) => {
                error.set(Some(format!("{} is already in the list.", tb.code())));
            }
            Ok(tb) => {
                error.set(None);
                input.set_value("");
                change(&|c| c.tiebreaks.push(tb));
                announce.set(format!("{} added at the end", tb.code()));
            }
        }
    };

    let preset_value = move || {
        choice.with(|c| match c.preset() {
            Some(s) => s.id().to_string(),
            None => "custom".to_string(),
        })
    };
    let rows = move || {
        let list = choice.with(|c| c.tiebreaks.clone());
        let n = list.len();
        list.into_iter()
            .enumerate()
            .map(|(i, tb)| {
                let code = tb.code();
                view! {
                    <li class="tb-item">
                        <span class="tb-pos" aria-hidden="true">{i + 1}"."</span>
                        <span class="tb-code">{code.clone()}</span>
                        <span class="tb-name muted">{tb.name()}</span>
                        <span class="tb-actions">
                            <button
                                type="button"
                                id=format!("tb-{i}-up")
                                class="icon"
                                aria-label=format!("Move {code} up")
                                title="Move up"
                                disabled=i == 0
                                on:click=move |_| edit(Edit::Up(i))
                            >
                                "↑"
                            </button>
                            <button
                                type="button"
                                id=format!("tb-{i}-down")
                                class="icon"
                                aria-label=format!("Move {code} down")
                                title="Move down"
                                disabled=i + 1 == n
                                on:click=move |_| edit(Edit::Down(i))
                            >
                                "↓"
                            </button>
                            <button
                                type="button"
                                id=format!("tb-{i}-remove")
                                class="icon"
                                aria-label=format!("Remove {code}")
                                title="Remove"
                                on:click=move |_| edit(Edit::Remove(i))
                            >
                                "✕"
                            </button>
                        </span>
                    </li>
                }
            })
            .collect_view()
    };

    view! {
        <fieldset class="tiebreak-editor" data-testid="tiebreak-editor">
            <legend>"Tie-breaks"</legend>
            <div class="tb-selects">
                <label class="inline">
                    "Preset "
                    <select
                        data-testid="tiebreak-preset"
                        prop:value=preset_value
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            if let Ok(system) = v.parse::<System>() {
                                change(&|c| c.tiebreaks = Tiebreak::preset(system));
                                error.set(None);
                                announce.set(format!("{} preset chosen", preset_label(system)));
                            }
                        }
                    >
                        <option value="round-robin">{preset_label(System::RoundRobin)}</option>
                        <option value="swiss">{preset_label(System::Swiss)}</option>
                        <option value="custom" disabled=true>"Custom list"</option>
                    </select>
                </label>
                <label class="inline">
                    "Rules "
                    <select
                        data-testid="tiebreak-rules"
                        prop:value=move || choice.with(|c| c.rules.id())
                        on:change=move |ev| {
                            if let Ok(r) = event_target_value(&ev).parse::<TiebreakRules>() {
                                change(&|c| c.rules = r);
                            }
                        }
                    >
                        <option value="fide2026">"FIDE 2026 (in force from 1 March 2026)"</option>
                        <option value="fide2023">"FIDE 2023"</option>
                    </select>
                </label>
            </div>
            <p class="muted small" id="tb-list-help">
                "Points come first; then the list, in order. The presets are the orders of the FIDE TEC \
                 tie-break exercises."
            </p>
            <Show
                when=move || choice.with(|c| !c.tiebreaks.is_empty())
                fallback=|| view! { <p class="muted">"No tie-break: equal points share a rank."</p> }
            >
                <ol class="tb-list" aria-label="Tie-breaks in order" aria-describedby="tb-list-help">
                    {rows}
                </ol>
            </Show>
            <div class="tb-add">
                <label for="tb-add-code">"Add a tie-break"</label>
                <input
                    id="tb-add-code"
                    type="text"
                    list="tb-codes"
                    size="8"
                    autocomplete="off"
                    spellcheck="false"
                    placeholder="e.g. BH-C1"
                    aria-describedby="tb-add-help"
                    node_ref=code_input
                    on:keydown=move |ev| {
                        if ev.key() == "Enter" {
                            ev.prevent_default();
                            add();
                        }
                    }
                />
                <datalist id="tb-codes">
                    {SUGGESTED
                        .iter()
                        .filter_map(|c| c.parse::<Tiebreak>().ok())
                        .map(|tb| view! { <option value=tb.code()>{tb.name()}</option> })
                        .collect_view()}
                </datalist>
                <button type="button" data-testid="tiebreak-add" on:click=move |_| add()>
                    "Add"
                </button>
                <p id="tb-add-help" class="muted small">
                    "Codes: DE, WIN, WON, BPG, BWG, REP, PS, BH, FB, AOB, SB, KS, ARO, TPR, PTP; \
                     cut and median as BH-C1, BH-M1; Koya limit as KS-L-1."
                </p>
            </div>
            <Show when=move || error.with(Option::is_some)>
                <p class="alert" role="alert">{move || error.get().unwrap_or_default()}</p>
            </Show>
            <p class="visually-hidden" role="status" aria-live="polite">{move || announce.get()}</p>
        </fieldset>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(codes: &str) -> Vec<Tiebreak> {
        Tiebreak::parse_list(codes).expect("codes")
    }

    #[test]
    fn moves_keep_focus_on_the_moved_item() {
        let mut l = list("DE,SB,WIN");
        assert_eq!(apply(&mut l, Edit::Up(1)).as_deref(), Some("tb-0-down"));
        assert_eq!(l, list("SB,DE,WIN"));
        assert_eq!(apply(&mut l, Edit::Down(0)).as_deref(), Some("tb-1-down"));
        assert_eq!(l, list("DE,SB,WIN"));
        assert_eq!(apply(&mut l, Edit::Down(1)).as_deref(), Some("tb-2-up"));
        assert_eq!(l, list("DE,WIN,SB"));
        assert_eq!(apply(&mut l, Edit::Up(0)), None, "nothing above the first");
        assert_eq!(
            apply(&mut l, Edit::Remove(2)).as_deref(),
            Some("tb-1-remove")
        );
        assert_eq!(l, list("DE,WIN"));
        apply(&mut l, Edit::Remove(0));
        assert_eq!(
            apply(&mut l, Edit::Remove(0)).as_deref(),
            Some("tb-add-code")
        );
        assert!(l.is_empty());
    }
}
