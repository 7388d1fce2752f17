//! The model in plain words: what the chances assume and what they leave out.

use leptos::prelude::*;

#[component]
pub fn ModelNote() -> impl IntoView {
    view! {
        <section class="panel note chances-note" data-testid="chances-note" aria-labelledby="chances-note-title">
            <h3 id="chances-note-title">"Where these numbers come from"</h3>
            <p>
                "These are the answers of a model, not predictions. The games already played count as recorded. "
                "A withdrawn player's unplayed games get the values of the policy in each panel: the FIDE rule "
                "annuls all their games when they played fewer than half, and otherwise scores each unplayed game "
                "as a forfeit win for the opponent; the Bayesian imputation gives the opponent a fractional score "
                "from the ratings and the withdrawn player's results so far (k sets how much those results count)."
            </p>
            <p>
                "Every other game still to be played is played out many times at random: the stronger player by "
                "rating is more likely to win (the Elo expectation), and draws are most likely between equally "
                "rated players (the draw peak). The model does not know current form, colours, motivation, "
                "tiredness or the order of the rounds, and it does not use tie-breaks: players level on points "
                "share the places they occupy equally (two tied for first get half of first each)."
            </p>
            <p>
                "Expected points are exact; the probabilities are averages over the simulations, and each has "
                "a standard error (show it above, or hover a percentage). The same seed gives the same numbers "
                "here and in the command line ("<code>"crosstable forecast"</code>")."
            </p>
        </section>
    }
}
