//! The engine's tie-break explanations in words ([`engine::tiebreak::Explanation`],
//! [`engine::tiebreak::Decision`]). Display only: every number here was computed by the engine;
//! this module only names it.

use crate::text;
use engine::impute::Policy;
use engine::tiebreak::{
    Decision, Exclusion, How, Number, Standings, System, Tiebreak, TiebreakRules, Unplayed, What,
};
use engine::{StartNo, Tournament};

/// A value as a table cell: exact values exactly (`27.25`); values built from imputed scores to
/// two decimals (the full value is in [`value_full`]); empty when the tie-break does not apply.
pub fn value_short(v: Option<Number>) -> String {
    match v {
        None => String::new(),
        Some(n) if n.is_exact() => n.to_string(),
        Some(n) => text::two(n.to_f64()),
    }
}

/// A value with every digit the engine compares on (real values to six decimals).
pub fn value_full(v: Option<Number>) -> String {
    v.map_or_else(|| "no value".to_string(), |n| n.to_string())
}

/// Two values that differ, as briefly as still shows the difference: two decimals when they
/// differ there, every digit otherwise.
pub fn value_pair(a: Option<Number>, b: Option<Number>) -> (String, String) {
    let (sa, sb) = (value_short(a), value_short(b));
    if sa != sb && !sa.is_empty() && !sb.is_empty() {
        (sa, sb)
    } else {
        (value_full(a), value_full(b))
    }
}

/// `Sonneborn-Berger (SB)`, `Buchholz (BH-C1)`.
pub fn criterion(tb: Tiebreak) -> String {
    format!("{} ({})", tb.name(), tb.code())
}

/// `#3 Daniel Okafor`.
pub fn player(t: &Tournament, p: StartNo) -> String {
    format!("#{p} {}", text::name_of(t, p))
}

/// What a round was for the player.
pub fn unplayed(u: Unplayed) -> &'static str {
    match u {
        Unplayed::Played => "played over the board",
        Unplayed::ForfeitWin => "won by forfeit",
        Unplayed::ForfeitLoss => "lost by forfeit",
        Unplayed::DoubleForfeit => "double forfeit",
        Unplayed::PairingAllocatedBye => "pairing-allocated bye",
        Unplayed::FullPointBye => "full-point bye",
        Unplayed::HalfPointBye => "half-point bye",
        Unplayed::ZeroPointBye => "zero-point bye",
        Unplayed::Absent => "no game (absent)",
        Unplayed::Imputed => "not played: score imputed by the policy",
        Unplayed::Annulled => "annulled: the opponent is removed",
        Unplayed::Pending => "no result yet",
    }
}

/// Why a line was left out.
pub fn exclusion(e: Exclusion) -> &'static str {
    match e {
        Exclusion::CutVoluntarilyUnplayed => {
            "cut: a voluntarily unplayed round goes first (C.07 art. 16.5)"
        }
        Exclusion::CutLowest => "cut: the least significant value",
        Exclusion::CutHighest => "cut: the most significant value (median)",
        Exclusion::BelowKoyaLimit => "opponent below the Koya limit",
        Exclusion::NotCounted => "does not count for this tie-break",
        Exclusion::Unrated => "opponent without a rating",
        Exclusion::CutEarlyRound => "cut: one of the first rounds",
    }
}

/// One line's content in words (the opponent and round are shown beside it).
pub fn what(w: &What) -> String {
    match w {
        What::OpponentScore {
            points,
            adjusted,
            adjustments,
            factor,
        } => {
            let mut s = if adjusted == points {
                format!("opponent's points {points}")
            } else {
                let changes: Vec<String> = adjustments
                    .iter()
                    .map(|a| {
                        format!(
                            "round {} counts {} instead of {}",
                            a.round, a.counted, a.actual
                        )
                    })
                    .collect();
                format!(
                    "opponent's points {points}, adjusted to {adjusted} ({}; C.07 art. 16.3)",
                    changes.join(", ")
                )
            };
            if let Some(f) = factor {
                s.push_str(&format!(" × score {f}"));
            }
            s
        }
        What::DummyOpponent {
            unplayed: u,
            own_points,
            cap,
            factor,
        } => {
            let mut s = format!(
                "{}: virtual opponent with the player's own {own_points} points",
                unplayed(*u)
            );
            match cap {
                Some(c) if c < own_points => {
                    s.push_str(&format!(", capped at {c} (2026 rule)"));
                }
                Some(c) => s.push_str(&format!(" (2026 cap {c} not reached)")),
                None => {}
            }
            if let Some(f) = factor {
                s.push_str(&format!(" × score {f}"));
            }
            s
        }
        What::GameScore { score, unplayed: u } => match u {
            Some(u) => format!("scored {score} ({})", unplayed(*u)),
            None => format!("scored {score}"),
        },
        What::AveragedGames { games, score } => {
            format!("average of {games} games against this opponent: {score}")
        }
        What::RunningTotal {
            round_points,
            total,
        } => format!("{round_points} this round, running total {total}"),
        What::Round { entry } => unplayed(*entry).to_string(),
        What::Rating { rating, score } => format!("rated {rating}, scored {score}"),
        What::OpponentBuchholz { buchholz } => format!("opponent's Buchholz {buchholz}"),
    }
}

/// How the counted lines make the value, in one or two sentences.
pub fn how(t: &Tournament, h: &How, value: Option<Number>) -> String {
    let v = value_full(value);
    match h {
        How::Sum => format!("The sum of the counted lines: {v}."),
        How::Count => format!("The number of counted lines: {v}."),
        How::Average {
            sum,
            count,
            decimals,
        } => {
            let rounding = match decimals {
                0 => "rounded half up to a whole number".to_string(),
                d => format!("rounded half up to {d} decimals"),
            };
            format!("The average of the counted lines: {sum} ÷ {count} = {v} ({rounding}).")
        }
        How::Performance {
            aro,
            score,
            games,
            p_hundredths,
            dp,
        } => format!(
            "TPR = ARO + dp(p): the opponents' average rating {aro}, p = {score} / {games} = \
             {}, dp = {dp:+} (FIDE table 8.1.1), so {v}.",
            text::two(f64::from(*p_hundredths) / 100.0)
        ),
        How::PerfectPerformance {
            score,
            expected_at_result,
        } => {
            if score.to_f64() == 0.0 {
                format!("No point scored: the lowest opponent's rating − 800 = {v}.")
            } else {
                format!(
                    "The lowest rating whose expected score against these opponents (FIDE table \
                     8.1.2, no 400-point rule) reaches the {score} points scored: {v} (expected \
                     {expected_at_result})."
                )
            }
        }
        How::Koya { limit, max_games } => format!(
            "Points scored against the opponents who reached {limit} points (50 % of {max_games} \
             games, moved by the limit modifier): {v}."
        ),
        How::DirectEncounter { group, steps } => {
            if group.len() < 2 {
                return format!(
                    "Nobody else is equal on the criteria before DE, so DE has nothing to \
                     separate: {v}."
                );
            }
            let names = |ps: &[StartNo]| {
                ps.iter()
                    .map(|&p| player(t, p))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let mut s = format!("Tied before DE: {}.", names(group));
            for step in steps {
                let max = step
                    .max
                    .filter(|m| *m != step.score)
                    .map(|m| format!(" (at most {m} counting the games they did not play)"))
                    .unwrap_or_default();
                s.push_str(&format!(
                    " Among {}: {} points{max} → place {}.",
                    names(&step.among),
                    step.score,
                    step.place
                ));
            }
            if value == Some(Number::ZERO) {
                s.push_str(" The games between them do not separate the group: DE = 0 for all.");
            } else {
                s.push_str(&format!(" DE = {v} (a place: smaller is better)."));
            }
            s
        }
        How::NotApplicable { reason } => format!("Does not apply: {reason}."),
    }
}

/// C.07 art. 16 for the event's system, as the engine's documentation states it.
pub fn unplayed_rounds_rule(system: System, rules: TiebreakRules) -> String {
    match system {
        System::Swiss => {
            let cap = match rules {
                TiebreakRules::Fide2026 => {
                    " Under the 2026 amendment (in force from 1 March 2026) that score is capped \
                     at min(own points, X), X being the forfeiting opponent's adjusted score, or \
                     half the number of rounds for a bye or absence."
                }
                TiebreakRules::Fide2023 => {
                    " (The 2026 amendment would cap it; the 2023 rules chosen here do not.)"
                }
            };
            format!(
                "Swiss, unplayed rounds (C.07 art. 16): a game over the board contributes the \
                 opponent's adjusted score — their points, except that each round after their \
                 last round that was not voluntarily unplayed, in which they had no opponent, \
                 counts as a draw. Every unplayed round of the player (bye, forfeit, absence) is \
                 a game against a virtual opponent scoring the player's own points.{cap} Cut and \
                 median modifiers drop a voluntarily unplayed round before any other \
                 contribution."
            )
        }
        System::RoundRobin => "Round-robin, unplayed rounds (C.07 art. 16): a forfeit, and every \
             remaining game of a withdrawn player, counts as a game against the scheduled \
             opponent for BH, SB, DE and KS, with the opponent's actual points; a round without a \
             game contributes nothing. ARO, TPR, PTP, BPG, WON and BWG count only games played \
             over the board."
            .to_string(),
    }
}

/// How a withdrawal policy's games enter the tie-breaks (the engine's
/// `Crosstable::under_policy` documentation).
pub fn policy_games_rule(policy: Policy) -> &'static str {
    match policy {
        Policy::Forfeit => {
            "Each unplayed game is a forfeit win for the opponent and a forfeit loss for the \
             withdrawn player, exactly as a TRF with +/− entries; two withdrawn players who never \
             met: a double forfeit."
        }
        Policy::Annul => {
            "The withdrawn player leaves the table and every game against them, played or not, \
             is removed: for the others those rounds count as rounds without a game (like the \
             free round of an odd round-robin)."
        }
        Policy::Fide => {
            "The FIDE rule resolves each withdrawal to annulment (fewer than 50 % of the \
             scheduled games played) or to forfeits. Forfeits are forfeit wins for the opponents, \
             as a TRF with +/− entries; annulment removes the player and every game against them, \
             and for the others those rounds count as rounds without a game."
        }
        Policy::Elo | Policy::Performance | Policy::Bayes => {
            "Each unplayed game becomes an imputed game against the scheduled opponent, scoring \
             the imputed fraction (and the complement for the withdrawn player). In a round-robin \
             it counts as a game for BH, SB, DE and KS — as forfeits do in C.07 art. 16 for \
             round-robins — with its fractional score; it is not a game over the board (no ARO, \
             TPR, PTP, BPG, WON, BWG) and counts for WIN and REP only if it scores a full point. \
             Values built from it are real numbers: the table shows two decimals, the order uses \
             them to 10⁻⁷."
        }
    }
}

/// "Why is A above B", in words.
#[derive(Clone, Debug, PartialEq)]
pub struct WhyAbove {
    /// One sentence: who is above whom and by which criterion.
    pub headline: String,
    /// The criteria on which they are equal before the decisive one, with the values.
    pub equal_on: Vec<String>,
    /// The decisive criterion's code (`None`: points decide, or nothing does).
    pub decisive: Option<String>,
}

/// Explains the order of `a` and `b` in `s` with the engine's [`Standings::decide`].
pub fn why_above(t: &Tournament, s: &Standings, a: StartNo, b: StartNo) -> WhyAbove {
    let plain = |headline: String| WhyAbove {
        headline,
        equal_on: Vec::new(),
        decisive: None,
    };
    if a == b {
        return plain("Choose two different players.".into());
    }
    let pos = |p: StartNo| s.rows.iter().position(|r| r.start_no == p);
    let (pa, pb) = match (pos(a), pos(b)) {
        (Some(x), Some(y)) => (x, y),
        (None, _) | (_, None) => {
            let missing = if pos(a).is_none() { a } else { b };
            return plain(format!(
                "{} is not in this table: the chosen basis removes them (annulment).",
                player(t, missing)
            ));
        }
    };
    let (upper, lower) = if pa < pb { (a, b) } else { (b, a) };
    let (ru, rl) = (&s.rows[pa.min(pb)], &s.rows[pa.max(pb)]);
    let (nu, nl) = (player(t, upper), player(t, lower));
    let Some(decision) = s.decide(upper, lower) else {
        return plain("One of them is not in the table.".into());
    };
    let mut equal_on = vec![format!("points: both {}", ru.points)];
    let mut before = |k: usize| {
        for (i, tb) in s.tiebreaks.iter().enumerate().take(k) {
            equal_on.push(format!(
                "{}: both {}",
                criterion(*tb),
                value_full(ru.values[i].value)
            ));
        }
    };
    match decision {
        Decision::Points { a: pu, b: pl } => {
            let (pu, pl) = value_pair(Some(pu), Some(pl));
            WhyAbove {
                headline: format!(
                    "{nu} (rank {}) is above {nl} (rank {}) on points: {pu} against {pl}.",
                    ru.rank, rl.rank
                ),
                equal_on: Vec::new(),
                decisive: None,
            }
        }
        Decision::Tiebreak {
            index,
            code,
            a: vu,
            b: vl,
        } => {
            before(index);
            let tb = s.tiebreaks[index];
            let direction = if tb.smaller_is_better() {
                "smaller is better: it is a place"
            } else {
                "larger is better"
            };
            let values = match (vu, vl) {
                (Some(_), Some(_)) => {
                    let (x, y) = value_pair(vu, vl);
                    format!("{x} against {y} ({direction})")
                }
                (Some(x), None) => format!(
                    "{x}, while {nl} has no value (the tie-break does not apply to them), which \
                     ranks after any value"
                ),
                (None, Some(y)) => format!("no value against {y}"),
                (None, None) => "no value for either".into(),
            };
            WhyAbove {
                headline: format!(
                    "{nu} (rank {}) is above {nl} (rank {}): equal on points, decided by {}: \
                     {values}.",
                    ru.rank,
                    rl.rank,
                    criterion(tb)
                ),
                equal_on,
                decisive: Some(code),
            }
        }
        Decision::Tied => {
            before(s.tiebreaks.len());
            WhyAbove {
                headline: format!(
                    "{nu} and {nl} are equal on points and on every tie-break of the list: they \
                     share rank {}. {nu} is listed first only by start number, the documented \
                     last key.",
                    ru.rank
                ),
                equal_on,
                decisive: None,
            }
        }
    }
}

/// The first two adjacent players whose order a tie-break decides (to start "why is A above
/// B" on an interesting pair); else the first two rows.
pub fn interesting_pair(s: &Standings) -> Option<(StartNo, StartNo)> {
    let pairs = s.rows.windows(2).map(|w| (w[0].start_no, w[1].start_no));
    pairs
        .clone()
        .find(|&(a, b)| matches!(s.decide(a, b), Some(Decision::Tiebreak { .. })))
        .or_else(|| pairs.clone().next())
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::tiebreak::{self, Config};

    fn example(list: &str) -> (Tournament, Standings) {
        let t = engine::example::withdrawal();
        let config = Config {
            tiebreaks: Tiebreak::parse_list(list).expect("codes"),
            ..Config::default()
        };
        let s = tiebreak::standings(&t, &config);
        (t, s)
    }

    #[test]
    fn the_interesting_pair_is_decided_by_a_tiebreak_named_in_words() {
        let (t, s) = example("DE,SB,WIN,KS");
        let (a, b) = interesting_pair(&s).expect("a pair");
        let why = why_above(&t, &s, b, a);
        let code = why.decisive.clone().expect("a tie-break decides");
        assert!(why.headline.contains(&code), "{}", why.headline);
        assert!(why.headline.contains(&player(&t, a)), "{}", why.headline);
        // The upper player is named first, whatever the order asked.
        let first = why.headline.find(&player(&t, a)).expect("a");
        let second = why.headline.find(&player(&t, b)).expect("b");
        assert!(first < second, "{}", why.headline);
    }

    #[test]
    fn points_decide_between_different_scores() {
        let (t, s) = example("SB");
        let (top, last) = (s.rows[0].start_no, s.rows[s.rows.len() - 1].start_no);
        let why = why_above(&t, &s, last, top);
        assert!(why.headline.contains("on points"), "{}", why.headline);
        assert_eq!(why.decisive, None);
    }

    #[test]
    fn a_pair_is_shown_with_as_many_digits_as_tell_them_apart() {
        let (a, b) = (
            Some(Number::Real(13.709_171)),
            Some(Number::Real(13.190_285)),
        );
        assert_eq!(value_pair(a, b), ("13.71".into(), "13.19".into()));
        let (a, b) = (Some(Number::Real(13.701)), Some(Number::Real(13.704)));
        assert_eq!(value_pair(a, b), ("13.701".into(), "13.704".into()));
    }

    #[test]
    fn real_values_are_short_in_cells_and_full_in_words() {
        assert_eq!(value_short(Some(Number::Real(27.123_456_7))), "27.12");
        assert_eq!(value_full(Some(Number::Real(27.123_456_7))), "27.123457");
        assert_eq!(value_short(Some(Number::Exact(925))), "9.25");
        assert_eq!(value_short(None), "");
    }
}
