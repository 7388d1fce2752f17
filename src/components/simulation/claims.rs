//! The paper's five headline claims next to ours (`Summary::compare_with_paper`), and the
//! plain-language note on where they differ and why (`simulation::note`).

use crate::simulation::note::explain;
use engine::simulate::{StudyResult, Verdict};
use leptos::prelude::*;

/// A verdict in words, and its CSS class.
pub fn verdict_words(v: Verdict) -> (&'static str, &'static str) {
    match v {
        Verdict::Holds => ("holds", "holds"),
        Verdict::DirectionOnly => ("direction only", "direction"),
        Verdict::DoesNotHold => ("does not hold", "fails"),
    }
}

#[component]
pub fn ClaimsTable(
    /// The finished study.
    result: StudyResult,
) -> impl IntoView {
    let rows = result
        .summary
        .compare_with_paper()
        .into_iter()
        .map(|c| {
            let (words, class) = verdict_words(c.verdict);
            view! {
                <tr>
                    <th scope="row">{c.claim}</th>
                    <td>{c.paper}</td>
                    <td>{c.ours}</td>
                    <td>
                        <span class=format!("verdict {class}")>{words}</span>
                    </td>
                </tr>
            }
        })
        .collect_view();
    let note = explain(&result)
        .into_iter()
        .map(|p| view! { <p>{p}</p> })
        .collect_view();
    let lowest = format!(
        "Bayesian lowest of all six methods in {} of {} scenarios.",
        result.summary.bayes_lowest_of_all, result.summary.scenarios
    );
    view! {
        <section class="sim-claims" aria-labelledby="sim-claims-title">
            <h4 id="sim-claims-title">"The paper's claims and ours"</h4>
            <div class="table-scroll">
                <table data-testid="sim-claims">
                    <caption>
                        "“x % lower” compares the mean RMSE over the scenarios concerned; “holds” = same \
                         direction and within 5 percentage points."
                    </caption>
                    <thead>
                        <tr>
                            <th scope="col">"Claim"</th>
                            <th scope="col">"Paper"</th>
                            <th scope="col">"This run"</th>
                            <th scope="col">"Verdict"</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <p class="muted">{lowest}</p>
            <div class="note sim-note" data-testid="sim-note">
                <h5>"Where we differ, and why that can happen"</h5>
                {note}
            </div>
        </section>
    }
}
