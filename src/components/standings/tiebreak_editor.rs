//! The event's tie-break list: a FIDE preset for round-robins or Swiss, the rule version, and
//! the ordered list itself — add, remove, move up and down, all by keyboard too. Every change is
//! handed on at once (the Standings tab stores the list in the event); the order after a move
//! keeps the focus on the moved tie-break. Parts: [`PresetAndRules`], [`TiebreakItem`],
//! [`AddTiebreak`], sharing one [`Editing`].

use crate::i18n::{td_string, Locale};
use crate::lang::use_lang;
use crate::tiebreaks::{TiebreakChoice, SUGGESTED};
use crate::tr;
use crate::words::tiebreak::tiebreak_name;
use crate::words::Words;
use engine::tiebreak::{System, Tiebreak, TiebreakRules};
use leptos::html::Input;
use leptos::prelude::*;

/// The preset select's value for a list that is no preset.
const CUSTOM: &str = "custom";

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
        crate::components::common::focus::focus_id(&id);
    });
}

fn preset_label(locale: Locale, system: System) -> String {
    let codes: Vec<String> = Tiebreak::preset(system).iter().map(|t| t.code()).collect();
    let codes = codes.join(", ");
    match system {
        System::RoundRobin => td_string!(locale, standings.editor.preset_round_robin, codes),
        System::Swiss => td_string!(locale, standings.editor.preset_swiss, codes),
    }
    .to_string()
}

/// The last change, as a fact, for screen readers (worded when drawn, in the language of the
/// moment).
#[derive(Clone, Debug, PartialEq)]
enum Said {
    Nothing,
    MovedUp { code: String, position: usize },
    MovedDown { code: String, position: usize },
    Removed(String),
    Added(String),
    Preset(System),
}

impl Said {
    fn text(&self, locale: Locale) -> String {
        match self {
            Said::Nothing => String::new(),
            Said::MovedUp { code, position } => {
                td_string!(locale, standings.editor.moved_up, code, position).to_string()
            }
            Said::MovedDown { code, position } => {
                td_string!(locale, standings.editor.moved_down, code, position).to_string()
            }
            Said::Removed(code) => td_string!(locale, standings.editor.removed, code).to_string(),
            Said::Added(code) => td_string!(locale, standings.editor.added, code).to_string(),
            Said::Preset(system) => td_string!(
                locale,
                standings.editor.preset_chosen,
                preset = preset_label(locale, *system)
            )
            .to_string(),
        }
    }
}

/// Why the last code typed was refused.
#[derive(Clone, Debug, PartialEq)]
enum Refusal {
    Empty,
    Duplicate(String),
    /// The engine's reason, worded by the `errors` catalogue.
    Unknown(engine::tiebreak::CodeError),
}

impl Refusal {
    fn text(&self, locale: Locale) -> String {
        match self {
            Refusal::Empty => td_string!(locale, standings.editor.error_empty).to_string(),
            Refusal::Duplicate(code) => {
                td_string!(locale, standings.editor.error_duplicate, code).to_string()
            }
            Refusal::Unknown(reason) => reason.words(locale),
        }
    }
}

/// The signals the editor's parts share: the event's choices, where changes go, and the
/// messages for the user (the last change, for screen readers; the last refusal).
#[derive(Clone, Copy)]
struct Editing {
    choice: Memo<TiebreakChoice>,
    on_change: Callback<TiebreakChoice>,
    announce: RwSignal<Said>,
    error: RwSignal<Option<Refusal>>,
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
            Edit::Up(i) => Said::MovedUp {
                code: code(i),
                position: i,
            },
            Edit::Down(i) => Said::MovedDown {
                code: code(i),
                position: i + 2,
            },
            Edit::Remove(i) => Said::Removed(code(i)),
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
        announce: RwSignal::new(Said::Nothing),
        error: RwSignal::new(None::<Refusal>),
    };
    let lang = use_lang();
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
            <legend>{tr!(standings.editor.legend)}</legend>
            <PresetAndRules editing=editing />
            <p class="muted small" id="tb-list-help">
                {tr!(standings.editor.list_help)}
            </p>
            <Show
                when=move || choice.with(|c| !c.tiebreaks.is_empty())
                fallback=|| view! { <p class="muted">{tr!(standings.editor.empty)}</p> }
            >
                <ol
                    class="tb-list"
                    aria-label=tr!(standings.editor.list_aria)
                    aria-describedby="tb-list-help"
                >
                    {rows}
                </ol>
            </Show>
            <AddTiebreak editing=editing />
            <Show when=move || editing.error.with(Option::is_some)>
                <p class="alert" role="alert">
                    {move || {
                        editing.error.with(|e| e.as_ref().map(|e| e.text(lang.get())))
                    }}
                </p>
            </Show>
            <p class="visually-hidden" role="status" aria-live="polite">
                {move || editing.announce.with(|a| a.text(lang.get()))}
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
    let lang = use_lang();
    let preset_value = move || {
        choice.with(|c| match c.preset() {
            Some(s) => s.id().to_string(),
            None => CUSTOM.to_string(),
        })
    };
    let preset_option = move |system: System| {
        view! {
            <option value=system.id()>{move || preset_label(lang.get(), system)}</option>
        }
    };
    let rules_option = move |rules: TiebreakRules, label: fn(Locale) -> &'static str| {
        view! { <option value=rules.id()>{move || label(lang.get())}</option> }
    };
    view! {
        <div class="tb-selects">
            <label class="inline">
                {tr!(standings.editor.preset_label)}
                " "
                <select
                    data-testid="tiebreak-preset"
                    prop:value=preset_value
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        if let Ok(system) = v.parse::<System>() {
                            editing.change(|c| c.tiebreaks = Tiebreak::preset(system));
                            editing.error.set(None);
                            editing.announce.set(Said::Preset(system));
                        }
                    }
                >
                    {preset_option(System::RoundRobin)}
                    {preset_option(System::Swiss)}
                    <option value=CUSTOM disabled=true>
                        {tr!(standings.editor.custom)}
                    </option>
                </select>
            </label>
            <label class="inline">
                {tr!(standings.editor.rules_label)}
                " "
                <select
                    data-testid="tiebreak-rules"
                    prop:value=move || choice.with(|c| c.rules.id())
                    on:change=move |ev| {
                        if let Ok(r) = event_target_value(&ev).parse::<TiebreakRules>() {
                            editing.change(|c| c.rules = r);
                        }
                    }
                >
                    {rules_option(
                        TiebreakRules::Fide2026,
                        |l| td_string!(l, standings.editor.rules_2026),
                    )}
                    {rules_option(
                        TiebreakRules::Fide2023,
                        |l| td_string!(l, standings.editor.rules_2023),
                    )}
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
    let lang = use_lang();
    view! {
        <li class="tb-item">
            <span class="tb-pos" aria-hidden="true">{i + 1}"."</span>
            <span class="tb-code">{code.clone()}</span>
            <span class="tb-name muted">{move || tiebreak_name(lang.get(), tiebreak)}</span>
            <span class="tb-actions">
                <button
                    type="button"
                    id=format!("tb-{i}-up")
                    class="icon"
                    aria-label=tr!(standings.editor.move_up_aria, code = code.clone())
                    title=tr!(standings.editor.move_up)
                    disabled=i == 0
                    on:click=move |_| editing.edit(Edit::Up(i))
                >
                    "↑"
                </button>
                <button
                    type="button"
                    id=format!("tb-{i}-down")
                    class="icon"
                    aria-label=tr!(standings.editor.move_down_aria, code = code.clone())
                    title=tr!(standings.editor.move_down)
                    disabled=last
                    on:click=move |_| editing.edit(Edit::Down(i))
                >
                    "↓"
                </button>
                <button
                    type="button"
                    id=format!("tb-{i}-remove")
                    class="icon"
                    aria-label=tr!(standings.editor.remove_aria, code = code.clone())
                    title=tr!(standings.editor.remove)
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
    let add = move || {
        let Some(input) = code_input.get_untracked() else {
            return;
        };
        let text = input.value();
        if text.trim().is_empty() {
            editing.error.set(Some(Refusal::Empty));
            return;
        }
        match text.parse::<Tiebreak>() {
            Err(e) => editing.error.set(Some(Refusal::Unknown(e))),
            Ok(tb) if editing.choice.with_untracked(|c| c.tiebreaks.contains(&tb)) => {
                editing.error.set(Some(Refusal::Duplicate(tb.code())));
            }
            Ok(tb) => {
                editing.error.set(None);
                input.set_value("");
                editing.change(|c| c.tiebreaks.push(tb));
                editing.announce.set(Said::Added(tb.code()));
            }
        }
    };
    let lang = use_lang();
    view! {
        <div class="tb-add">
            <label for="tb-add-code">{tr!(standings.editor.add_label)}</label>
            <input
                id="tb-add-code"
                type="text"
                list="tb-codes"
                size="8"
                autocomplete="off"
                spellcheck="false"
                placeholder=tr!(standings.editor.add_placeholder)
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
                    .map(|&tb| {
                        view! {
                            <option value=tb.code()>{move || tiebreak_name(lang.get(), tb)}</option>
                        }
                    })
                    .collect_view()}
            </datalist>
            <button type="button" data-testid="tiebreak-add" on:click=move |_| add()>
                {tr!(standings.editor.add)}
            </button>
            <p id="tb-add-help" class="muted small">
                {tr!(standings.editor.add_help)}
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
