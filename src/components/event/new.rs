//! The new-event wizard: name, system (round-robin single or double, or Swiss with its number
//! of rounds, point system and Baku acceleration), the tie-break list (the system's preset to
//! start with), players with ratings. The engine (`engine::event::create`) checks it and builds
//! the schedule.

use crate::i18n::{td_string, Locale};
use crate::store::use_store;
use crate::tr;
use crate::words::Words;
use engine::event::{self, EventError};
use engine::roster::RosterError;
use engine::rules2026::BakuPoints;
use engine::rules2026::PointSystem;
use engine::tiebreak::Tiebreak;
use engine::{Format, Player, Tournament};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use leptos_router::NavigateOptions;

/// Why the wizard cannot create the event, as facts: worded where it is shown, so a language
/// switch words it again.
#[derive(Clone, Debug, PartialEq)]
pub enum NewEventError {
    /// The player list has bad lines or duplicates (every one of them).
    Roster(Vec<RosterError>),
    /// Fewer than two players in a round-robin's list.
    TooFewPlayers,
    /// The number of rounds of a Swiss is not a number (as typed).
    BadRounds(String),
    /// The tie-break list, or the event as a whole, refused by the engine.
    Event(EventError),
    /// The Swiss's point system cannot be used with Baku acceleration.
    Acceleration(BakuPoints),
}

impl Words for NewEventError {
    /// A roster's problems one per line.
    fn words(&self, locale: Locale) -> String {
        match self {
            NewEventError::Roster(errors) => errors
                .iter()
                .map(|e| e.words(locale))
                .collect::<Vec<_>>()
                .join("\n"),
            NewEventError::TooFewPlayers => {
                td_string!(locale, event.new_event.too_few_players).to_string()
            }
            NewEventError::BadRounds(rounds) => {
                td_string!(locale, event.new_event.bad_rounds, rounds = rounds.as_str()).to_string()
            }
            NewEventError::Event(e) => e.words(locale),
            NewEventError::Acceleration(why) => why.words(locale),
        }
    }
}

/// Reads the player list with the engine's paste reader ([`engine::roster::parse_roster`]:
/// `Name, rating` per line, commas, semicolons or tabs). Every bad line and every duplicate is
/// reported, and nothing is created until the whole list reads.
pub fn parse_players(text: &str) -> Result<Vec<Player>, NewEventError> {
    let players = engine::roster::parse_roster(text).map_err(NewEventError::Roster)?;
    if players.len() < 2 {
        return Err(NewEventError::TooFewPlayers);
    }
    Ok(players)
}

/// The system chosen in the wizard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SystemChoice {
    SingleRoundRobin,
    DoubleRoundRobin,
    Swiss,
}

impl SystemChoice {
    pub const ALL: [SystemChoice; 3] = [
        SystemChoice::Swiss,
        SystemChoice::SingleRoundRobin,
        SystemChoice::DoubleRoundRobin,
    ];

    /// The `<option>` value.
    pub fn id(self) -> &'static str {
        match self {
            SystemChoice::SingleRoundRobin => "rr1",
            SystemChoice::DoubleRoundRobin => "rr2",
            SystemChoice::Swiss => "swiss",
        }
    }

    pub fn label(self, locale: Locale) -> &'static str {
        match self {
            SystemChoice::SingleRoundRobin => td_string!(locale, event.new_event.system_rr1),
            SystemChoice::DoubleRoundRobin => td_string!(locale, event.new_event.system_rr2),
            SystemChoice::Swiss => td_string!(locale, event.new_event.system_swiss),
        }
    }

    pub fn from_id(id: &str) -> SystemChoice {
        SystemChoice::ALL
            .into_iter()
            .find(|c| c.id() == id)
            .unwrap_or(SystemChoice::Swiss)
    }

    pub fn format(self, rounds: u32) -> Format {
        match self {
            SystemChoice::SingleRoundRobin => Format::RoundRobin { cycles: 1 },
            SystemChoice::DoubleRoundRobin => Format::RoundRobin { cycles: 2 },
            SystemChoice::Swiss => Format::Swiss { rounds },
        }
    }
}

/// The preset tie-break list of a format, as codes (`DE, BH-C1, …`).
pub fn preset_codes(format: Format) -> String {
    Tiebreak::preset(format.system())
        .into_iter()
        .map(Tiebreak::code)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The wizard's whole input → the new event (the engine checks it), or what is wrong.
pub fn build_event(
    name: &str,
    system: SystemChoice,
    rounds: &str,
    tiebreaks: &str,
    players: &str,
) -> Result<Tournament, NewEventError> {
    let rounds = match system {
        SystemChoice::Swiss => rounds
            .trim()
            .parse::<u32>()
            .map_err(|_| NewEventError::BadRounds(rounds.trim().to_string()))?,
        _ => 0,
    };
    let players = if players.trim().is_empty() && system == SystemChoice::Swiss {
        Vec::new()
    } else {
        parse_players(players)?
    };
    let tiebreaks = if tiebreaks.trim().is_empty() {
        Vec::new()
    } else {
        event::parse_tiebreaks(tiebreaks).map_err(NewEventError::Event)?
    };
    let mut t =
        event::create(name, system.format(rounds), players).map_err(NewEventError::Event)?;
    if !tiebreaks.is_empty() {
        t.set_tiebreaks(&tiebreaks);
    }
    Ok(t)
}

/// The point systems offered for a Swiss (TRF-2026 `162`): `id`, label (`None`: the standard
/// one, whose label is words), the system.
pub const POINT_SYSTEMS: [(&str, Option<&str>, PointSystem); 3] = [
    ("standard", None, PointSystem::STANDARD),
    (
        "3-1-0",
        Some("3 – 1 – 0"),
        PointSystem {
            win: 30,
            draw: 10,
            loss: 0,
            zero: 0,
            pab: 30,
        },
    ),
    (
        "2-1-0",
        Some("2 – 1 – 0"),
        PointSystem {
            win: 20,
            draw: 10,
            loss: 0,
            zero: 0,
            pab: 20,
        },
    ),
];

/// A Swiss's pairing options from the wizard: Baku acceleration (FIDE C.04.7) and the point
/// system (by [`POINT_SYSTEMS`] id). Refuses a combination the pairing cannot use (Baku's
/// virtual points are a win and a draw, so it needs a draw worth half a win and a loss 0).
pub fn apply_swiss_options(
    t: &mut Tournament,
    baku: bool,
    points: &str,
) -> Result<(), NewEventError> {
    if t.format.is_round_robin() {
        return Ok(());
    }
    let ps = POINT_SYSTEMS
        .iter()
        .find(|(id, _, _)| *id == points)
        .map_or(PointSystem::STANDARD, |(_, _, ps)| *ps);
    t.set_point_system(ps);
    t.set_baku(baku);
    match t.acceleration_problem() {
        Some(why) => Err(NewEventError::Acceleration(why)),
        None => Ok(()),
    }
}

#[component]
pub fn NewEventForm(
    /// Called when the form is cancelled or the event was created.
    on_close: Callback<()>,
) -> impl IntoView {
    let store = use_store();
    let navigate = use_navigate();
    let name = RwSignal::new(String::new());
    let system = RwSignal::new(SystemChoice::Swiss);
    let rounds = RwSignal::new("5".to_string());
    let tiebreaks = RwSignal::new(preset_codes(Format::Swiss { rounds: 5 }));
    let players = RwSignal::new(String::new());
    let baku = RwSignal::new(false);
    let points = RwSignal::new("standard".to_string());
    let error = RwSignal::new(None::<NewEventError>);
    let lang = crate::lang::use_lang();
    let is_swiss = move || system.get() == SystemChoice::Swiss;

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let result = build_event(
            &name.get_untracked(),
            system.get_untracked(),
            &rounds.get_untracked(),
            &tiebreaks.get_untracked(),
            &players.get_untracked(),
        )
        .and_then(|mut t| {
            apply_swiss_options(&mut t, baku.get_untracked(), &points.get_untracked())?;
            Ok(t)
        });
        match result {
            Ok(t) => {
                let tab = if t.format.is_round_robin() {
                    "crosstable"
                } else if t.players.is_empty() {
                    "players"
                } else {
                    "rounds"
                };
                let id = store.add_event(t);
                error.set(None);
                on_close.run(());
                navigate(
                    &format!("/event/{id}?tab={tab}"),
                    NavigateOptions::default(),
                );
            }
            Err(e) => error.set(Some(e)),
        }
    };

    view! {
        <form id="new-event" class="panel new-event" on:submit=submit aria-labelledby="new-title">
            <h3 id="new-title">{tr!(event.new_event.heading)}</h3>
            <label>
                {tr!(event.new_event.name)}
                <input
                    type="text"
                    required
                    maxlength="120"
                    data-testid="new-event-name"
                    prop:value=move || name.get()
                    on:input=move |ev| name.set(event_target_value(&ev))
                />
            </label>
            <div class="wizard-row">
                <label>
                    {tr!(event.new_event.system)}
                    <select
                        data-testid="new-event-system"
                        on:change=move |ev| {
                            let choice = SystemChoice::from_id(&event_target_value(&ev));
                            system.set(choice);
                            let r = rounds.get_untracked().trim().parse().unwrap_or(5);
                            tiebreaks.set(preset_codes(choice.format(r)));
                        }
                    >
                        {SystemChoice::ALL
                            .into_iter()
                            .map(|c| {
                                view! {
                                    <option value=c.id() selected=move || system.get() == c>
                                        {move || c.label(lang.get())}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </label>
                <Show when=is_swiss>
                    <label>
                        {tr!(event.new_event.rounds)}
                        <input
                            type="number"
                            min="1"
                            max=event::MAX_SWISS_ROUNDS.to_string()
                            class="rating"
                            data-testid="new-event-rounds"
                            prop:value=move || rounds.get()
                            on:input=move |ev| rounds.set(event_target_value(&ev))
                        />
                    </label>
                </Show>
            </div>
            <Show when=is_swiss>
                <div class="wizard-row">
                    <label>
                        {tr!(event.new_event.points)}
                        <select
                            data-testid="new-event-points"
                            on:change=move |ev| points.set(event_target_value(&ev))
                        >
                            {POINT_SYSTEMS
                                .into_iter()
                                .map(|(id, label, _)| {
                                    view! {
                                        <option value=id selected=move || points.get() == id>
                                            {move || {
                                                label
                                                    .unwrap_or_else(|| {
                                                        td_string!(lang.get(), event.new_event.points_standard)
                                                    })
                                            }}
                                        </option>
                                    }
                                })
                                .collect_view()}
                        </select>
                    </label>
                    <label class="check">
                        <input
                            type="checkbox"
                            data-testid="new-event-baku"
                            aria-describedby="baku-help"
                            prop:checked=move || baku.get()
                            on:change=move |ev| baku.set(event_target_checked(&ev))
                        />
                        {tr!(event.new_event.baku)}
                    </label>
                </div>
                <p id="baku-help" class="muted">{tr!(event.new_event.baku_help)}</p>
            </Show>
            <label>
                {tr!(event.new_event.tiebreaks)}
                <input
                    type="text"
                    data-testid="new-event-tiebreaks"
                    aria-describedby="tiebreaks-help"
                    prop:value=move || tiebreaks.get()
                    on:input=move |ev| tiebreaks.set(event_target_value(&ev))
                />
            </label>
            <p id="tiebreaks-help" class="muted">{tr!(event.new_event.tiebreaks_help)}</p>
            <label>
                {tr!(event.new_event.players)}
                <textarea
                    rows="8"
                    data-testid="new-event-players"
                    placeholder="Andersen, Viktor, 2795\nMoreau, Lucas, 2780\nOkafor, Daniel, 2762"
                    aria-describedby="players-help"
                    prop:value=move || players.get()
                    on:input=move |ev| players.set(event_target_value(&ev))
                ></textarea>
            </label>
            <p id="players-help" class="muted">
                {move || {
                    if is_swiss() {
                        td_string!(lang.get(), event.new_event.players_help_swiss)
                    } else {
                        td_string!(lang.get(), event.new_event.players_help_rr)
                    }
                }}
            </p>
            <Show when=move || error.with(Option::is_some)>
                <p class="alert multiline" role="alert" data-testid="new-event-error">
                    {move || error.with(|e| e.as_ref().map(|e| e.words(lang.get())))}
                </p>
            </Show>
            <div class="toolbar">
                <button type="submit" class="primary" data-testid="new-event-create">
                    {tr!(event.new_event.create)}
                </button>
                <button type="button" on:click=move |_| on_close.run(())>
                    {tr!(event.new_event.cancel)}
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
        let e = parse_players("A, 2000\nB, 20x0")
            .unwrap_err()
            .words(Locale::en);
        assert!(e.starts_with("line 2:"), "{e}");
    }

    #[test]
    fn schedule_is_complete() {
        let ps = "A,2000\nB,2000\nC,2000\nD,2000\nE,2000";
        let t = build_event("Club", SystemChoice::DoubleRoundRobin, "", "", ps).unwrap();
        assert_eq!(t.rounds.len(), 10);
    }

    #[test]
    fn the_engine_sets_the_limits() {
        let e = parse_players("A, 3501\nB").unwrap_err().words(Locale::en);
        assert!(e.starts_with("line 1:") && e.contains("3500"), "{e}");
        let many: String = (0..=engine::MAX_ROUND_ROBIN_PLAYERS)
            .map(|i| format!("P{i}\n"))
            .collect();
        let e = build_event("Big", SystemChoice::SingleRoundRobin, "", "", &many)
            .unwrap_err()
            .words(Locale::en);
        assert!(e.contains("more than the"), "{e}");
        assert!(build_event("Big", SystemChoice::Swiss, "9", "", &many).is_ok());
    }

    #[test]
    fn wizard_builds_a_swiss_with_its_tiebreaks() {
        let t = build_event("Open", SystemChoice::Swiss, "7", "BH, SB", "A, 2000\nB").unwrap();
        assert_eq!(t.format, Format::Swiss { rounds: 7 });
        assert!(t.rounds.is_empty());
        assert_eq!(t.tiebreaks().len(), 2);
        let e = build_event("Open", SystemChoice::Swiss, "x", "", "")
            .unwrap_err()
            .words(Locale::en);
        assert!(e.contains("rounds"), "{e}");
        let e = build_event("Open", SystemChoice::Swiss, "5", "NOPE", "")
            .unwrap_err()
            .words(Locale::en);
        assert!(e.contains("tie-breaks"), "{e}");
        let t = build_event("RR", SystemChoice::DoubleRoundRobin, "", "", "A\nB\nC").unwrap();
        assert_eq!(t.rounds.len(), 6);
    }

    #[test]
    fn swiss_options_set_baku_and_the_point_system() {
        let mut t = build_event("Open", SystemChoice::Swiss, "7", "", "A, 2000\nB").unwrap();
        apply_swiss_options(&mut t, true, "standard").unwrap();
        assert_eq!(t.acceleration(), engine::rules2026::Acceleration::Baku);
        assert!(t.point_system().is_standard());
        apply_swiss_options(&mut t, false, "3-1-0").unwrap();
        assert_eq!(t.acceleration(), engine::rules2026::Acceleration::None);
        assert_eq!(t.point_system().win, 30);
        let e = apply_swiss_options(&mut t, true, "3-1-0")
            .unwrap_err()
            .words(Locale::en);
        assert!(e.contains("Baku"), "{e}");
    }

    /// Issue 13 item 4: a spreadsheet paste just works; every bad line and duplicate is named,
    /// and nothing is created.
    #[test]
    fn the_wizard_reports_every_bad_line_and_creates_nothing() {
        let ps = parse_players("Name\tRating\nSmith, John\t2100\nDoe, Jane\t1900").unwrap();
        assert_eq!(ps[0].name, "Smith, John");
        assert_eq!(ps[1].rating, Some(1900));
        let e = build_event(
            "Open",
            SystemChoice::Swiss,
            "5",
            "",
            "Text, Rating, abc\nSmith John 2100\nA, 2000\nA",
        )
        .unwrap_err()
        .words(Locale::en);
        let lines: Vec<&str> = e.lines().collect();
        assert_eq!(lines.len(), 3, "{e}");
        assert!(lines[0].starts_with("line 1:"), "{e}");
        assert!(
            lines[1].starts_with("line 2:") && lines[1].contains("comma"),
            "{e}"
        );
        assert!(
            lines[2].starts_with("line 4:") && lines[2].contains("line 3"),
            "{e}"
        );
    }

    /// Issue 27 item 4: a table with every player field reads, and its bad rows are worded in
    /// each language with their line and their column's header.
    #[test]
    fn a_table_of_players_reads_and_its_errors_name_line_and_column() {
        let ps = parse_players("Name;Elo;Fed;Sex\nA;2000;FRA;f\nB;;;m").unwrap();
        assert_eq!(
            (ps[0].federation.as_str(), ps[0].sex.as_str()),
            ("FRA", "w")
        );
        let bad = "Joueur,Elo,FIDE ID\nA,abc,1\nB,,1\n,,\n,2000,\n";
        let e = |l| parse_players(bad).unwrap_err().words(l);
        let en = e(Locale::en);
        let lines: Vec<&str> = en.lines().collect();
        assert_eq!(lines.len(), 3, "{en}");
        assert!(lines[0].starts_with("line 2, column “Elo”: ") && lines[0].contains("abc"));
        assert!(lines[1].starts_with("line 3, column “FIDE ID”: ") && lines[1].contains("line 2"));
        assert!(lines[2].starts_with("line 5, column “Joueur”: the name is missing"));
        let fr = e(Locale::fr);
        assert!(
            fr.starts_with("ligne 2, colonne «\u{a0}Elo\u{a0}»\u{a0}: "),
            "{fr}"
        );
        let de = e(Locale::de);
        // German capitalises the clause after the colon, as `at` does.
        assert!(de.starts_with("Zeile 2, Spalte „Elo“: Die "), "{de}");
        assert!(
            de.contains("Zeile 5, Spalte „Joueur“: Der Name fehlt"),
            "{de}"
        );
        let ja = e(Locale::ja);
        assert!(ja.starts_with("2行目、「Elo」列："), "{ja}");
        let e = parse_players("Rating,Club\nA,B")
            .unwrap_err()
            .words(Locale::en);
        assert!(
            e.starts_with("line 1: the header “Rating,Club” has no column"),
            "{e}"
        );
    }

    /// Issue 12: the wizard's own messages are in the reader's language.
    #[test]
    fn the_wizard_speaks_the_readers_language() {
        let e = build_event("Open", SystemChoice::Swiss, "x", "", "").unwrap_err();
        // A fact, worded when shown: the same error in each language.
        assert_eq!(e, NewEventError::BadRounds("x".into()));
        let e = e.words(Locale::fr);
        assert!(e.contains("rondes") && e.contains("«\u{a0}x\u{a0}»"), "{e}");
        let e = parse_players("A").unwrap_err().words(Locale::de);
        assert!(e.contains("mindestens zwei Spieler"), "{e}");
        assert_eq!(
            SystemChoice::Swiss.label(Locale::ja),
            "スイス式（FIDEダッチ・システム）"
        );
    }
}
