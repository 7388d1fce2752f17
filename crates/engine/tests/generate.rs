//! The random tournament generator (FIDE C.02's checklist): seeded and reproducible, its TRF
//! re-reads to the same event and writes back byte for byte, every round it recorded is the
//! round Crosstable's Dutch engine pairs from the rounds before it (read from the file, as a
//! checker would), and over many seeds every axis of the checklist turns up.

use engine::dutch::{pair, DutchRules, RoundToPair};
use engine::generate::{generate, Config, GenerateError, Generated};
use engine::model::{ByeKind, Color, GameResult, StartNo, Tournament};
use engine::trf;

/// Seeds walked by the main test (200 events of 10 … 120 players, about 15 s); a longer walk:
/// `CROSSTABLE_GENERATE_SEEDS=2000 cargo test -p crosstable-engine --test generate`.
fn seeds() -> u64 {
    std::env::var("CROSSTABLE_GENERATE_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200)
}

fn event(seed: u64) -> Generated {
    generate(seed, &Config::default()).unwrap_or_else(|e| panic!("seed {seed}: {e}"))
}

#[test]
fn the_same_seed_gives_the_same_bytes_and_another_seed_other_bytes() {
    for seed in [0, 1, 7, u64::MAX] {
        let a = trf::write(&event(seed).tournament);
        let b = trf::write(&event(seed).tournament);
        assert_eq!(a, b, "seed {seed}");
        let other = trf::write(&event(seed ^ 1).tournament);
        assert_ne!(a, other, "seeds {seed} and {}", seed ^ 1);
    }
}

/// The first part of two events that differs, for the failure message.
fn first_difference(a: &Tournament, b: &Tournament) -> Option<String> {
    let parts = [
        ("name", a.name == b.name),
        ("info", a.info == b.info),
        ("format", a.format == b.format),
        ("initial colour", a.initial_colour == b.initial_colour),
        ("rules", a.rules == b.rules),
        ("players", a.players == b.players),
        ("withdrawals", a.withdrawals == b.withdrawals),
        ("requests", a.requests == b.requests),
        ("extra records", a.extra_records == b.extra_records),
        ("bye spellings", a.bye_spellings == b.bye_spellings),
    ];
    if let Some((name, _)) = parts.iter().find(|(_, same)| !same) {
        return Some(name.to_string());
    }
    (1..=a.rounds.len().max(b.rounds.len()))
        .find(|&r| a.rounds.get(r - 1) != b.rounds.get(r - 1))
        .map(|r| {
            format!(
                "round {r}: {:?}\nwritten from {:?}",
                a.rounds.get(r - 1),
                b.rounds.get(r - 1)
            )
        })
        .or_else(|| (a != b).then(|| "field".to_owned()))
}

/// `t` as it stood before round `round` was paired: the rounds before it, and that round's
/// requested byes and absences (everything but the pairing-allocated bye).
fn before(t: &Tournament, round: u32) -> Tournament {
    let mut b = t.clone();
    b.rounds.truncate(round as usize);
    let last = &mut b.rounds[round as usize - 1];
    last.games.clear();
    last.byes.retain(|x| x.kind != ByeKind::PairingAllocated);
    b
}

/// Pairs every round again from the file's rounds before it; the first round that differs.
fn repair_every_round(t: &Tournament) -> Result<(), String> {
    for round in 1..=t.rounds.len() as u32 {
        let recorded = &t.rounds[round as usize - 1];
        let boards: Vec<(StartNo, StartNo)> =
            recorded.games.iter().map(|g| (g.white, g.black)).collect();
        let bye = recorded
            .byes
            .iter()
            .find(|b| b.kind == ByeKind::PairingAllocated)
            .map(|b| b.player);
        let p = pair(
            &before(t, round),
            RoundToPair::Stated(round),
            DutchRules::Fide2025,
        )
        .map_err(|e| format!("round {round}: {e}"))?;
        if (p.boards.as_slice(), p.bye) != (boards.as_slice(), bye) {
            return Err(format!(
                "round {round}: paired again {:?} bye {:?}, recorded {boards:?} bye {bye:?}",
                p.boards, p.bye
            ));
        }
    }
    Ok(())
}

/// What the checklist asks the generator to cover, counted over the events.
#[derive(Default, Debug)]
struct Coverage {
    baku: u32,
    prohibited: u32,
    other_points: u32,
    half_point_bye: u32,
    zero_point_bye: u32,
    pab: u32,
    forfeit: u32,
    double_forfeit: u32,
    late_entry: u32,
    withdrawal: u32,
    white_first: u32,
    black_first: u32,
    retried: u32,
}

impl Coverage {
    fn count(&mut self, g: &Generated, t: &Tournament) {
        let byes = || t.rounds.iter().flat_map(|r| &r.byes);
        let games = || t.rounds.iter().flat_map(|r| &r.games);
        let initial = g.axes.players;
        self.baku += u32::from(t.type_code().is_some_and(|c| c.ends_with("_BAKU")));
        self.prohibited += u32::from(!t.prohibited_pairings().is_empty());
        self.other_points += u32::from(!t.point_system().is_standard());
        self.half_point_bye += u32::from(byes().any(|b| b.kind == ByeKind::Half));
        // A late entry is absent from the rounds before they joined: count the absences of
        // the players registered before round 1.
        self.zero_point_bye +=
            u32::from(byes().any(|b| b.kind == ByeKind::Zero && b.player <= initial));
        self.pab += u32::from(byes().any(|b| b.kind == ByeKind::PairingAllocated));
        self.forfeit +=
            u32::from(games().any(|g| matches!(g.result, GameResult::Forfeit(Some(_)))));
        self.double_forfeit += u32::from(games().any(|g| g.result == GameResult::Forfeit(None)));
        self.late_entry += u32::from(t.players.len() as u32 > initial);
        self.withdrawal += u32::from(!t.withdrawals.is_empty());
        self.white_first += u32::from(t.initial_colour == Some(Color::White));
        self.black_first += u32::from(t.initial_colour == Some(Color::Black));
        self.retried += u32::from(g.attempt > 0);
    }

    fn missing(&self) -> Vec<&'static str> {
        let c = self;
        [
            ("Baku", c.baku),
            ("260 prohibited pairings", c.prohibited),
            ("162 point system other than 1-½-0", c.other_points),
            ("half-point bye", c.half_point_bye),
            ("zero-point bye", c.zero_point_bye),
            ("pairing-allocated bye", c.pab),
            ("forfeit", c.forfeit),
            ("double forfeit", c.double_forfeit),
            ("late entry", c.late_entry),
            ("withdrawal", c.withdrawal),
            ("white first", c.white_first),
            ("black first", c.black_first),
        ]
        .into_iter()
        .filter(|&(_, n)| n == 0)
        .map(|(name, _)| name)
        .collect()
    }
}

#[test]
fn every_event_rereads_writes_back_and_pairs_again_the_same() {
    let start = std::time::Instant::now();
    let mut coverage = Coverage::default();
    let mut rounds = 0;
    let seeds = seeds();
    for seed in 0..seeds {
        let g = event(seed);
        let text = trf::write(&g.tournament);
        let read = trf::parse(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        if let Some(field) = first_difference(&read, &g.tournament) {
            panic!("seed {seed}: the file reads back with another {field}\n{text}");
        }
        assert_eq!(
            trf::write(&read),
            text,
            "seed {seed}: TRF → TRF changed bytes"
        );
        // The app's and the CLI's loader reads it the same, with nothing to warn about.
        let imported = engine::io::import(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(
            imported.warnings.is_empty() && imported.tournament == read,
            "seed {seed}: {:?}",
            imported.warnings
        );
        if let Err(e) = repair_every_round(&read) {
            panic!("seed {seed}: {e}\n{text}");
        }
        assert_eq!(read.rounds.len() as u32, g.axes.rounds, "seed {seed}");
        rounds += read.rounds.len();
        coverage.count(&g, &read);
    }
    eprintln!(
        "{seeds} events, {rounds} rounds paired again in {:.1} s: {coverage:?}",
        start.elapsed().as_secs_f64()
    );
    assert!(
        coverage.missing().is_empty(),
        "never generated in {seeds} seeds: {:?}",
        coverage.missing()
    );
}

/// Small fields with many rounds, absences and prohibited pairs: rounds that cannot be paired
/// are met and the generator retries, or says which round failed; it never panics, and what it
/// returns pairs again the same.
#[test]
fn tight_events_are_retried_or_refused_with_the_round() {
    let mut made = 0;
    for seed in 0..60 {
        let config = Config {
            players: Some(4 + (seed % 5) as u32),
            rounds: Some(3 + (seed % 5) as u32 / 2),
            prohibited_groups: Some(3),
            ..Config::default()
        };
        match generate(seed, &config) {
            Ok(g) => {
                made += 1;
                let read = trf::parse(&trf::write(&g.tournament)).expect("re-reads");
                if let Err(e) = repair_every_round(&read) {
                    panic!("seed {seed} {config:?}: {e}");
                }
            }
            Err(GenerateError::CannotPair { round, attempts }) => {
                assert!(round >= 1 && attempts > 1, "seed {seed}");
            }
            Err(e) => panic!("seed {seed}: {e}"),
        }
    }
    assert!(made > 30, "only {made} of 60 tight events generated");
}

#[test]
fn bad_settings_are_refused_in_words() {
    let refused = |c: Config| generate(1, &c).expect_err("refused").to_string();
    assert_eq!(
        refused(Config {
            players: Some(1001),
            ..Config::default()
        }),
        "players must be 2 to 1000, not 1001"
    );
    assert!(refused(Config {
        players: Some(8),
        rounds: Some(8),
        ..Config::default()
    })
    .contains("rounds must be 1 to 7 for 8 players"));
    assert!(refused(Config {
        lowest_rating: Some(2000),
        highest_rating: Some(1900),
        ..Config::default()
    })
    .contains("above the highest"));
}
