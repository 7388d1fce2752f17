//! The event's tie-break list: a FIDE preset for round-robins or Swiss, the rule version, and
//! the ordered list itself — add, remove, move up and down, all by keyboard too. Every change is
//! handed on at once (the Standings tab stores the list in the event); the order after a move
//! keeps the focus on the moved tie-break. Parts: [`PresetAndRules`], [`TiebreakItem`],
//! [`AddTiebreak`], sharing one [`Editing`].

use crate::tiebreaks::{TiebreakChoice, SUGGESTED};
use crate::words::Words;
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

/// The signals the editor's parts share: the event's choices, where changes go, and the
/// messages for the user (the last change, for screen readers; the last refusal).
#[derive(Clone, Copy)]
struct Editing {
    choice: Memo<TiebreakChoice>,
    on_change: Callback<TiebreakChoice>,
    announce: RwSignal<String>,
    error: RwSignal<Option<String>>,
}

impl Editing {
    /// Applies `f` to a copy of the choices and hands the result on.
    fn change(self, f: impl FnOnce(&mut TiebreakChoice)) {
        let mut c = self.choice.get_untracked();
        f(&mut c);
        self.on_change.run(c);
    }

    /// Moves or removes an item; says what happened and keeps the focus on the moved item.
    fn edit(self, e: Edit) {
        let mut c = self.choice.get_untracked();
        let code = |i: usize| c.tiebreaks.get(i).map(|t| t.code()).unwrap_or_default();
        let what = match e {
            Edit::Up(i) => format!("{} moved up to position {}", code(i), i),
            Edit::Down(i) => format!("{} moved down to position {}", code(i), i + 2),
            Edit::Remove(i) => format!("{} removed", code(i)),
        };
        if let Some(focus) = apply(&mut c.tiebreaks, e) {
            self.error.set(None);
            self.on_change.run(c);
            self.announce.set(what);
            focus_later(focus);
        }
    }
}

#[component]
pub fn TiebreakEditor(
    /// The event's current choices.
    choice: Memo<TiebreakChoice>,
    /// Called with the new choices after every change.
    on_change: Callback<TiebreakChoice>,
) -> impl IntoView {
    let editing = Editing {
        choice,
        on_change,
        announce: RwSignal::new(String::new()),
        error: RwSignal::new(None::<String>),
    };
    let rows = move || {
        let list = choice.with(|c| c.tiebreaks.clone());
        let last = list.len().saturating_sub(1);
        list.into_iter()
            .enumerate()
            .map(|(i, tb)| view! { <TiebreakItem editing=editing index=i tiebreak=tb last=i == last /> })
            .collect_view()
    };

    view! {
        <fieldset class="tiebreak-editor" data-testid="tiebreak-editor">
            <legend>"Tie-breaks"</legend>
            <PresetAndRules editing=editing />
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
            <AddTiebreak editing=editing />
            <Show when=move || editing.error.with(Option::is_some)>
                <p class="alert" role="alert">{move || editing.error.get().unwrap_or_default()}</p>
            </Show>
            <p class="visually-hidden" role="status" aria-live="polite">
                {move || editing.announce.get()}
            </p>
        </fieldset>
    }
}

/// The preset select (a FIDE list for round-robins or Swiss, or "custom") and the rule version.
#[component]
fn PresetAndRules(
    /// The editor's shared state.
    editing: Editing,
) -> impl IntoView {
    let choice = editing.choice;
    let preset_value = move || {
        choice.with(|c| match c.preset() {
            Some(s) => s.id().to_string(),
            None => "custom".to_string(),
        })
    };
    view! {
        <div class="tb-selects">
            <label class="inline">
                "Preset "
                <select
                    data-testid="tiebreak-preset"
                    prop:value=preset_value
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        if let Ok(system) = v.parse::<System>() {
                            editing.change(|c| c.tiebreaks = Tiebreak::preset(system));
                            editing.error.set(None);
                            editing.announce.set(format!("{} preset chosen", preset_label(system)));
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
                            editing.change(|c| c.rules = r);
                        }
                    }
                >
                    <option value="fide2026">"FIDE 2026 (in force from 1 March 2026)"</option>
                    <option value="fide2023">"FIDE 2023"</option>
                </select>
            </label>
        </div>
    }
}

/// One tie-break of the list, with its move and remove buttons.
#[component]
fn TiebreakItem(
    /// The editor's shared state.
    editing: Editing,
    /// Its position in the list (0-based).
    index: usize,
    /// The tie-break shown.
    tiebreak: Tiebreak,
    /// Is it the last of the list (nothing to move down past)?
    last: bool,
) -> impl IntoView {
    let i = index;
    let code = tiebreak.code();
    view! {
        <li class="tb-item">
            <span class="tb-pos" aria-hidden="true">{i + 1}"."</span>
            <span class="tb-code">{code.clone()}</span>
            <span class="tb-name muted">{tiebreak.name()}</span>
            <span class="tb-actions">
                <button
                    type="button"
                    id=format!("tb-{i}-up")
                    class="icon"
                    aria-label=format!("Move {code} up")
                    title="Move up"
                    disabled=i == 0
                    on:click=move |_| editing.edit(Edit::Up(i))
                >
                    "↑"
                </button>
                <button
                    type="button"
                    id=format!("tb-{i}-down")
                    class="icon"
                    aria-label=format!("Move {code} down")
                    title="Move down"
                    disabled=last
                    on:click=move |_| editing.edit(Edit::Down(i))
                >
                    "↓"
                </button>
                <button
                    type="button"
                    id=format!("tb-{i}-remove")
                    class="icon"
                    aria-label=format!("Remove {code}")
                    title="Remove"
                    on:click=move |_| editing.edit(Edit::Remove(i))
                >
                    "✕"
                </button>
            </span>
        </li>
    }
}

/// Adds a code at the end of the list (typed or picked from the suggestions; Enter adds too).
#[component]
fn AddTiebreak(
    /// The editor's shared state.
    editing: Editing,
) -> impl IntoView {
    let code_input = NodeRef::<Input>::new();
    let lang = crate::lang::use_lang();
    let add = move || {
        let Some(input) = code_input.get_untracked() else {
            return;
        };
        let text = input.value();
        if text.trim().is_empty() {
            editing.error.set(Some(
                "Type or pick a tie-break code first, e.g. BH-C1.".into(),
            ));
            return;
        }
        match text.parse::<Tiebreak>() {
            Err(e) => editing.error.set(Some(e.words(lang.get_untracked()))),
            Ok(tb) if editing.choice.with_untracked(|c| c.tiebreaks.contains(&tb)) => {
                editing
                    .error
                    .set(Some(format!("{} is already in the list.", tb.code())));
            }
            Ok(tb) => {
                editing.error.set(None);
                input.set_value("");
                editing.change(|c| c.tiebreaks.push(tb));
                editing
                    .announce
                    .set(format!("{} added at the end", tb.code()));
            }
        }
    };
    view! {
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
