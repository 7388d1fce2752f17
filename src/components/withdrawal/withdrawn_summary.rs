//! What each withdrawn player did before leaving: the numbers the formula uses, and what the
//! FIDE rule makes of them.

use crate::analysis::LiveAnalysis;
use crate::i18n::{td, td_string};
use crate::words::text::{self, dec_in};
use engine::impute::Policy;
use leptos::prelude::*;

#[component]
pub fn WithdrawnSummary(
    /// The event and its live analysis.
    live: LiveAnalysis,
) -> impl IntoView {
    let lang = crate::lang::use_lang();
    let cards = move || {
        let l = lang.get();
        live.with_both(|t, a| {
            a.withdrawn
                .iter()
                .map(|s| {
                    let fide = if s.fide_resolves_to == Policy::Annul {
                        td_string!(l, withdrawal.summary.fide_annul)
                    } else {
                        td_string!(l, withdrawal.summary.fide_forfeit)
                    };
                    let player = text::name_rating_in(l, t, s.player);
                    let when = text::withdrawal_point_in(l, s.after_round);
                    let numbers = td_string!(
                        l,
                        withdrawal.summary.numbers,
                        n = s.played,
                        scheduled = s.scheduled,
                        score = dec_in(l, s.score, 1),
                        mean = dec_in(l, s.mean_score, 3),
                        expected = dec_in(l, s.mean_expected, 3),
                        residual = dec_in(l, s.residual, 3),
                        k = text::k_value_in(l, a.params.k()),
                        weight = dec_in(l, s.weight, 3)
                    )
                    .to_string();
                    view! {
                        <li class="card">
                            <p>
                                {td!(
                                    l,
                                    withdrawal.summary.withdrew,
                                    player,
                                    when,
                                    <strong> = |children: ChildrenFn| view! { <strong translate="no">{children()}</strong> }
                                )}
                            </p>
                            <p>{numbers}</p>
                            <p class="muted">{fide}</p>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! { <ul class="cards withdrawn-summary">{cards}</ul> }
}
