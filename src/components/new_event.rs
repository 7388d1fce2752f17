//! A new round-robin: name, single or double, players with ratings → the FIDE Berger schedule.

use crate::store::use_store;
use engine::{berger, Format, Player, Tournament};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use leptos_router::NavigateOptions;

/// Most players a new round-robin may have (a 100-player round-robin has 99 rounds already).
pub const MAX_PLAYERS: usize = 100;

/// Reads the player list: one player per line, `Name, rating` (rating optional; a tab or `;`
/// also separates). Errors name the line.
pub fn parse_players(text: &str) -> Result<Vec<Player>, String> {
    let mut players = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        // The part after the last separator is the rating when it has a digit in it
        // ("Carlsen, Magnus" is a name, "Carlsen, Magnus, 28x3" a typo to report).
        let (name, rating) = match line.rfind([',', '\t', ';']) {
            Some(at) if line[at + 1..].chars().any(|c| c.is_ascii_digit()) => {
                (line[..at].trim(), line[at + 1..].trim())
            }
            _ => (line, ""),
        };
        let rating = if rating.is_empty() {
            None
        } else {
            match rating.parse::<u16>() {
                Ok(r) if (100..=3500).contains(&r) => Some(r),
                _ => {
                    return Err(format!(
                        "line {}: the rating “{rating}” should be a number from 100 to 3500 (or nothing)",
                        i + 1
                    ))
                }
            }
        };
        if name.is_empty() {
            return Err(format!("line {}: the name is missing", i + 1));
        }
        players.push(Player {
            name: name.to_string(),
            rating,
            ..Player::default()
        });
    }
    if players.len() < 2 {
        return Err("enter at least two players, one per line".into());
    }
    if players.len() > MAX_PLAYERS {
        return Err(format!("at most {MAX_PLAYERS} players"));
    }
    Ok(players)
}

/// The new event with its complete schedule (every game pending).
pub fn new_round_robin(name: &str, cycles: u8, players: Vec<Player>) -> Result<Tournament, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("the event needs a name".into());
    }
    let n = players.len() as u32;
    let mut t = Tournament::new(name, Format::RoundRobin { cycles }, players);
    t.info.kind = "Individual: Round-Robin".into();
    t.rounds = berger::schedule(n, cycles);
    t.validate().map_err(|e| e.to_string())?;
    Ok(t)
}

#[component]
pub fn NewEventForm(
    /// Called when the form is cancelled or the event was created.
    on_close: Callback<()>,
) -> impl IntoView {
    let store = use_store();
    let navigate = use_navigate();
    let name = RwSignal::new(String::new());
    let cycles = RwSignal::new(1u8);
    let players = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let result = parse_players(&players.get_untracked())
            .and_then(|ps| new_round_robin(&name.get_untracked(), cycles.get_untracked(), ps));
        match result {
            Ok(t) => {
                let id = store.add_event(t);
                error.set(None);
                on_close.run(());
                navigate(
                    &format!("/event/{id}?tab=crosstable"),
                    NavigateOptions::default(),
                );
            }
            Err(e) => error.set(Some(e)),
        }
    };

    view! {
        <form id="new-event" class="panel new-event" on:submit=submit aria-labelledby="new-title">
            <h3 id="new-title">"New round-robin"</h3>
            <label>
                "Name"
                <input
                    type="text"
                    required
                    maxlength="120"
                    prop:value=move || name.get()
                    on:input=move |ev| name.set(event_target_value(&ev))
                />
            </label>
            <fieldset>
                <legend>"System"</legend>
                <label class="inline">
                    <input
                        type="radio"
                        name="cycles"
                        prop:checked=move || cycles.get() == 1
                        on:change=move |_| cycles.set(1)
                    />
                    "Single round-robin"
                </label>
                <label class="inline">
                    <input
                        type="radio"
                        name="cycles"
                        prop:checked=move || cycles.get() == 2
                        on:change=move |_| cycles.set(2)
                    />
                    "Double round-robin"
                </label>
            </fieldset>
            <label>
                "Players, one per line: name, rating (in start-number order)"
                <textarea
                    rows="8"
                    placeholder="Andersen, Viktor, 2795\nMoreau, Lucas, 2780\nOkafor, Daniel, 2762"
                    aria-describedby="players-help"
                    prop:value=move || players.get()
                    on:input=move |ev| players.set(event_target_value(&ev))
                ></textarea>
            </label>
            <p id="players-help" class="muted">
                "The rating is the number after the last comma; leave it out for an unrated player. \
                 The rounds are paired from the FIDE Berger tables."
            </p>
            <Show when=move || error.with(Option::is_some)>
                <p class="alert" role="alert">
                    {move || error.get().unwrap_or_default()}
                </p>
            </Show>
            <div class="toolbar">
                <button type="submit" class="primary">
                    "Create event"
                </button>
                <button type="button" on:click=move |_| on_close.run(())>
                    "Cancel"
                </button>
            </div>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_with_and_without_ratings() {
        let ps =
            parse_players("Carlsen, Magnus, 2833\n\nAlpha\nBeta;2100\nCaruana, Fabiano").unwrap();
        assert_eq!(ps.len(), 4);
        assert_eq!(ps[3].name, "Caruana, Fabiano");
        assert_eq!(ps[0].name, "Carlsen, Magnus");
        assert_eq!(ps[0].rating, Some(2833));
        assert_eq!(ps[1].rating, None);
        assert_eq!(ps[2].rating, Some(2100));
    }

    #[test]
    fn a_bad_rating_names_its_line() {
        let e = parse_players("A, 2000\nB, 20x0").unwrap_err();
        assert!(e.starts_with("line 2:"), "{e}");
    }

    #[test]
    fn schedule_is_complete() {
        let ps = parse_players("A,2000\nB,2000\nC,2000\nD,2000\nE,2000").unwrap();
        let t = new_round_robin("Club", 2, ps).unwrap();
        assert_eq!(t.rounds.len(), 10);
    }
}
