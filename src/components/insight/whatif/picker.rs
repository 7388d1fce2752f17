//! "What if [player] had withdrawn [before round 1 | after round r]": the one picker of both
//! what-if views (round-robin and Swiss).

use crate::components::common::player_select::{PlayerLabel, PlayerSelect};
use crate::i18n::{td, Locale};
use crate::tr;
use crate::words::text;
use engine::{StartNo, Tournament};
use leptos::prelude::*;

/// The player and the withdrawal round, as two inline selects in one labelled group. The
/// sentence around them comes from the catalogue with each select in its place (the order of
/// words differs between languages).
#[component]
pub fn WithdrawalPicker(
    /// The event whose players are offered.
    tournament: Memo<Tournament>,
    /// The chosen player.
    player: RwSignal<StartNo>,
    /// The chosen round: 0 is "before round 1", r is "after round r".
    round: RwSignal<u32>,
    /// How many choices of round: 0 up to `rounds - 1`.
    #[prop(into)]
    rounds: Signal<u32>,
    /// The words for round 0, in a language.
    before_first: fn(Locale) -> &'static str,
    /// The `data-testid`s of the two selects.
    player_testid: &'static str,
    round_testid: &'static str,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let round_options = move || {
        let l = lang.get();
        (0..rounds.get())
            .map(|r| {
                let label = if r == 0 {
                    before_first(l).to_string()
                } else {
                    text::withdrawal_point_in(l, r)
                };
                view! { <option value=r.to_string() selected=move || round.get() == r>{label}</option> }
            })
            .collect_view()
    };
    let player_select = move || {
        view! {
            <PlayerSelect
                tournament=tournament
                value=Signal::derive(move || Some(player.get()))
                on_pick=Callback::new(move |p: Option<StartNo>| {
                    if let Some(p) = p {
                        player.set(p);
                    }
                })
                testid=player_testid
                label=PlayerLabel::NameRating
            />
        }
    };
    let round_select = move || {
        view! {
            <select
                data-testid=round_testid
                on:change=move |ev| {
                    if let Ok(r) = event_target_value(&ev).parse::<u32>() {
                        round.set(r);
                    }
                }
            >
                {round_options}
            </select>
        }
    };
    view! {
        <div class="controls" role="group" aria-label=tr!(whatif.picker.group_aria)>
            <label class="inline">
                {move || td!(lang.get(), whatif.picker.player, <player/> = player_select)}
            </label>
            <label class="inline">
                {move || td!(lang.get(), whatif.picker.round, <round/> = round_select)}
            </label>
        </div>
    }
}
