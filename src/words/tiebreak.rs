//! The engine's tie-break explanations in words ([`engine::tiebreak::Explanation`],
//! [`engine::tiebreak::Decision`]), in the reader's language (the `standings` catalogue).
//! Display only: every number here was computed by the engine; this module only names it, and
//! writes it in the reader's convention (`13,71` in French and German).

use crate::i18n::{td_string, Locale};
use crate::words::text;
use engine::tiebreak::{
    Decision, Exclusion, How, Inapplicable, Number, Standings, System, Tiebreak, TiebreakRules,
    Unplayed, What,
};
use engine::{StartNo, Tournament};

/// An exact or real value as the reader writes numbers (`12.5`, `12,5`).
pub fn number(locale: Locale, n: Number) -> String {
    text::localise(locale, n.to_string())
}

/// A value as a table cell: exact values exactly (`27.25`); values built from imputed scores to
/// two decimals (the full value is in [`value_full`]); empty when the tie-break does not apply.
pub fn value_short(locale: Locale, v: Option<Number>) -> String {
    match v {
        None => String::new(),
        Some(n) if n.is_exact() => number(locale, n),
        Some(n) => text::two_in(locale, n.to_f64()),
    }
}

/// A value with every digit the engine compares on (real values to six decimals).
pub fn value_full(locale: Locale, v: Option<Number>) -> String {
    v.map_or_else(
        || td_string!(locale, standings.breakdown.no_value).to_string(),
        |n| number(locale, n),
    )
}

/// Two values that differ, as briefly as still shows the difference: two decimals when they
/// differ there, every digit otherwise.
pub fn value_pair(locale: Locale, a: Option<Number>, b: Option<Number>) -> (String, String) {
    let (sa, sb) = (value_short(locale, a), value_short(locale, b));
    if sa != sb && !sa.is_empty() && !sb.is_empty() {
        (sa, sb)
    } else {
        (value_full(locale, a), value_full(locale, b))
    }
}

/// Sentences one after the other: a space between them, none in Japanese (its full stop 。
/// ends a sentence without one).
pub fn sentences(locale: Locale, parts: &[String]) -> String {
    parts.join(if locale == Locale::ja { "" } else { " " })
}

/// A tie-break's name (the engine's [`Tiebreak::name`] stays for the CLI).
pub fn tiebreak_name(locale: Locale, tb: Tiebreak) -> &'static str {
    match tb {
        Tiebreak::Points => td_string!(locale, standings.tiebreak.points),
        Tiebreak::DirectEncounter => td_string!(locale, standings.tiebreak.direct_encounter),
        Tiebreak::Wins => td_string!(locale, standings.tiebreak.wins),
        Tiebreak::WonGames => td_string!(locale, standings.tiebreak.won_games),
        Tiebreak::BlackGames => td_string!(locale, standings.tiebreak.black_games),
        Tiebreak::BlackWins => td_string!(locale, standings.tiebreak.black_wins),
        Tiebreak::RoundsElectedToPlay => td_string!(locale, standings.tiebreak.rounds_elected),
        Tiebreak::ProgressiveScore { .. } => td_string!(locale, standings.tiebreak.progressive),
        Tiebreak::Buchholz(_) => td_string!(locale, standings.tiebreak.buchholz),
        Tiebreak::ForeBuchholz(_) => td_string!(locale, standings.tiebreak.fore_buchholz),
        Tiebreak::AverageOfOpponentsBuchholz => {
            td_string!(locale, standings.tiebreak.opponents_buchholz)
        }
        Tiebreak::SonnebornBerger(_) => td_string!(locale, standings.tiebreak.sonneborn_berger),
        Tiebreak::Koya { .. } => td_string!(locale, standings.tiebreak.koya),
        Tiebreak::AverageRatingOfOpponents(_) => {
            td_string!(locale, standings.tiebreak.opponents_rating)
        }
        Tiebreak::PerformanceRating => td_string!(locale, standings.tiebreak.performance),
        Tiebreak::PerfectPerformance => {
            td_string!(locale, standings.tiebreak.perfect_performance)
        }
    }
}

/// `Sonneborn-Berger (SB)`, `Buchholz (BH-C1)`.
pub fn criterion(locale: Locale, tb: Tiebreak) -> String {
    td_string!(
        locale,
        standings.tiebreak.criterion,
        name = tiebreak_name(locale, tb),
        code = tb.code()
    )
    .to_string()
}

/// `#3 Daniel Okafor`.
pub fn player(t: &Tournament, p: StartNo) -> String {
    format!("#{p} {}", text::name_of(t, p))
}

/// Players, `#3 Daniel Okafor, #7 …`.
fn players(t: &Tournament, ps: &[StartNo]) -> String {
    ps.iter()
        .map(|&p| player(t, p))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a round was for the player.
pub fn unplayed(locale: Locale, u: Unplayed) -> &'static str {
    match u {
        Unplayed::Played => td_string!(locale, standings.unplayed.played),
        Unplayed::ForfeitWin => td_string!(locale, standings.unplayed.forfeit_win),
        Unplayed::ForfeitLoss => td_string!(locale, standings.unplayed.forfeit_loss),
        Unplayed::DoubleForfeit => td_string!(locale, standings.unplayed.double_forfeit),
        Unplayed::PairingAllocatedBye => td_string!(locale, standings.unplayed.pairing_bye),
        Unplayed::FullPointBye => td_string!(locale, standings.unplayed.full_bye),
        Unplayed::HalfPointBye => td_string!(locale, standings.unplayed.half_bye),
        Unplayed::ZeroPointBye => td_string!(locale, standings.unplayed.zero_bye),
        Unplayed::Absent => td_string!(locale, standings.unplayed.absent),
        Unplayed::Imputed => td_string!(locale, standings.unplayed.imputed),
        Unplayed::Annulled => td_string!(locale, standings.unplayed.annulled),
        Unplayed::Pending => td_string!(locale, standings.unplayed.pending),
    }
}

/// Why a line was left out.
pub fn exclusion(locale: Locale, e: Exclusion) -> &'static str {
    match e {
        Exclusion::CutVoluntarilyUnplayed => td_string!(locale, standings.exclusion.cut_unplayed),
        Exclusion::CutLowest => td_string!(locale, standings.exclusion.cut_lowest),
        Exclusion::CutHighest => td_string!(locale, standings.exclusion.cut_highest),
        Exclusion::BelowKoyaLimit => td_string!(locale, standings.exclusion.below_koya),
        Exclusion::NotCounted => td_string!(locale, standings.exclusion.not_counted),
        Exclusion::Unrated => td_string!(locale, standings.exclusion.unrated),
        Exclusion::CutEarlyRound => td_string!(locale, standings.exclusion.cut_early_round),
    }
}

/// Why a tie-break does not apply.
pub fn inapplicable(locale: Locale, reason: Inapplicable) -> &'static str {
    match reason {
        Inapplicable::NoGameOverTheBoard => {
            td_string!(locale, standings.how.no_game_over_the_board)
        }
        Inapplicable::KoyaRoundRobinOnly => td_string!(locale, standings.how.koya_round_robin_only),
        Inapplicable::NoRatedOpponent => td_string!(locale, standings.how.no_rated_opponent),
        Inapplicable::NotComputed => td_string!(locale, standings.how.not_computed),
    }
}

/// `line × score f` when a factor multiplies the line (Sonneborn-Berger).
fn times(locale: Locale, line: String, factor: Option<Number>) -> String {
    match factor {
        Some(f) => td_string!(
            locale,
            standings.line.times_score,
            line,
            factor = number(locale, f)
        )
        .to_string(),
        None => line,
    }
}

/// One line's content in words (the opponent and round are shown beside it).
pub fn what(locale: Locale, w: &What) -> String {
    let n = |x: Number| number(locale, x);
    match w {
        What::OpponentScore {
            points,
            adjusted,
            adjustments,
            factor,
        } => {
            let line = if adjusted == points {
                td_string!(locale, standings.line.opponent_points, points = n(*points)).to_string()
            } else {
                let changes: Vec<String> = adjustments
                    .iter()
                    .map(|a| {
                        td_string!(
                            locale,
                            standings.line.adjustment,
                            round = a.round,
                            counted = n(a.counted),
                            actual = n(a.actual)
                        )
                        .to_string()
                    })
                    .collect();
                td_string!(
                    locale,
                    standings.line.opponent_adjusted,
                    points = n(*points),
                    adjusted = n(*adjusted),
                    changes = changes.join(", ")
                )
                .to_string()
            };
            times(locale, line, *factor)
        }
        What::DummyOpponent {
            unplayed: u,
            own_points,
            cap,
            factor,
        } => {
            let mut line = td_string!(
                locale,
                standings.line.virtual_opponent,
                kind = unplayed(locale, *u),
                points = n(*own_points)
            )
            .to_string();
            match cap {
                Some(c) if c < own_points => {
                    line = td_string!(locale, standings.line.capped, line, cap = n(*c)).to_string();
                }
                Some(c) => {
                    line = td_string!(locale, standings.line.cap_not_reached, line, cap = n(*c))
                        .to_string();
                }
                None => {}
            }
            times(locale, line, *factor)
        }
        What::GameScore { score, unplayed: u } => match u {
            Some(u) => td_string!(
                locale,
                standings.line.scored_kind,
                score = n(*score),
                kind = unplayed(locale, *u)
            )
            .to_string(),
            None => td_string!(locale, standings.line.scored, score = n(*score)).to_string(),
        },
        What::AveragedGames { games, score } => td_string!(
            locale,
            standings.line.averaged,
            count = *games,
            score = n(*score)
        )
        .to_string(),
        What::RunningTotal {
            round_points,
            total,
        } => td_string!(
            locale,
            standings.line.running_total,
            round_points = n(*round_points),
            total = n(*total)
        )
        .to_string(),
        What::Round { entry } => unplayed(locale, *entry).to_string(),
        What::Rating { rating, score } => td_string!(
            locale,
            standings.line.rating,
            rating = *rating,
            score = n(*score)
        )
        .to_string(),
        What::OpponentBuchholz { buchholz } => td_string!(
            locale,
            standings.line.opponent_buchholz,
            buchholz = n(*buchholz)
        )
        .to_string(),
    }
}

/// How the counted lines make the value, in one or two sentences.
pub fn how(locale: Locale, t: &Tournament, h: &How, value: Option<Number>) -> String {
    let v = value_full(locale, value);
    let n = |x: Number| number(locale, x);
    match h {
        How::Sum => td_string!(locale, standings.how.sum, value = v).to_string(),
        How::Count => td_string!(locale, standings.how.counted, value = v).to_string(),
        How::Average {
            sum,
            count,
            decimals,
        } => {
            let rounding = match decimals {
                0 => td_string!(locale, standings.how.round_whole).to_string(),
                d => td_string!(locale, standings.how.round_decimals, count = u32::from(*d))
                    .to_string(),
            };
            td_string!(
                locale,
                standings.how.average,
                sum = n(*sum),
                lines = *count,
                value = v,
                rounding
            )
            .to_string()
        }
        How::Performance {
            aro,
            score,
            games,
            p_hundredths,
            dp,
        } => td_string!(
            locale,
            standings.how.performance,
            aro = *aro,
            score = n(*score),
            games = *games,
            p = text::two_in(locale, f64::from(*p_hundredths) / 100.0),
            dp = format!("{dp:+}"),
            value = v
        )
        .to_string(),
        How::PerfectPerformance {
            score,
            expected_at_result,
        } => {
            if score.to_f64() == 0.0 {
                td_string!(locale, standings.how.perfect_no_point, value = v).to_string()
            } else {
                td_string!(
                    locale,
                    standings.how.perfect,
                    score = n(*score),
                    value = v,
                    expected = n(*expected_at_result)
                )
                .to_string()
            }
        }
        How::Koya { limit, max_games } => td_string!(
            locale,
            standings.how.koya,
            limit = n(*limit),
            games = *max_games,
            value = v
        )
        .to_string(),
        How::DirectEncounter { group, steps } => {
            if group.len() < 2 {
                return td_string!(locale, standings.how.de_alone, value = v).to_string();
            }
            let mut parts =
                vec![
                    td_string!(locale, standings.how.de_tied, players = players(t, group))
                        .to_string(),
                ];
            for step in steps {
                let among = players(t, &step.among);
                let (score, place) = (n(step.score), step.place);
                parts.push(match step.max.filter(|m| *m != step.score) {
                    Some(max) => td_string!(
                        locale,
                        standings.how.de_step_max,
                        players = among,
                        score,
                        max = n(max),
                        place
                    )
                    .to_string(),
                    None => {
                        td_string!(locale, standings.how.de_step, players = among, score, place)
                            .to_string()
                    }
                });
            }
            parts.push(if value == Some(Number::ZERO) {
                td_string!(locale, standings.how.de_no_separation).to_string()
            } else {
                td_string!(locale, standings.how.de_value, value = v).to_string()
            });
            sentences(locale, &parts)
        }
        How::NotApplicable { reason } => td_string!(
            locale,
            standings.how.not_applicable,
            reason = inapplicable(locale, *reason)
        )
        .to_string(),
    }
}

/// C.07 art. 16 for the event's system, as the engine's documentation states it.
pub fn unplayed_rounds_rule(locale: Locale, system: System, rules: TiebreakRules) -> String {
    match system {
        System::Swiss => {
            let cap = match rules {
                TiebreakRules::Fide2026 => td_string!(locale, standings.rule.swiss_cap_2026),
                TiebreakRules::Fide2023 => td_string!(locale, standings.rule.swiss_cap_2023),
            };
            sentences(
                locale,
                &[
                    td_string!(locale, standings.rule.swiss).to_string(),
                    cap.to_string(),
                    td_string!(locale, standings.rule.swiss_cut).to_string(),
                ],
            )
        }
        System::RoundRobin => td_string!(locale, standings.rule.round_robin).to_string(),
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
pub fn why_above(
    locale: Locale,
    t: &Tournament,
    s: &Standings,
    a: StartNo,
    b: StartNo,
) -> WhyAbove {
    let plain = |headline: String| WhyAbove {
        headline,
        equal_on: Vec::new(),
        decisive: None,
    };
    if a == b {
        return plain(td_string!(locale, standings.why.different).to_string());
    }
    let pos = |p: StartNo| s.rows.iter().position(|r| r.start_no == p);
    let (pa, pb) = match (pos(a), pos(b)) {
        (Some(x), Some(y)) => (x, y),
        (None, _) | (_, None) => {
            let missing = if pos(a).is_none() { a } else { b };
            return plain(
                td_string!(locale, standings.why.removed, player = player(t, missing)).to_string(),
            );
        }
    };
    let (upper, lower) = if pa < pb { (a, b) } else { (b, a) };
    let (ru, rl) = (&s.rows[pa.min(pb)], &s.rows[pa.max(pb)]);
    let (nu, nl) = (player(t, upper), player(t, lower));
    let Some(decision) = s.decide(upper, lower) else {
        return plain(td_string!(locale, standings.why.missing).to_string());
    };
    let mut equal_on = vec![td_string!(
        locale,
        standings.why.equal_points,
        value = number(locale, ru.points)
    )
    .to_string()];
    let mut before = |k: usize| {
        for (i, tb) in s.tiebreaks.iter().enumerate().take(k) {
            equal_on.push(
                td_string!(
                    locale,
                    standings.why.equal_criterion,
                    criterion = criterion(locale, *tb),
                    value = value_full(locale, ru.values[i].value)
                )
                .to_string(),
            );
        }
    };
    let (upper_rank, lower_rank) = (ru.rank, rl.rank);
    match decision {
        Decision::Points { a: pu, b: pl } => {
            let (upper_value, lower_value) = value_pair(locale, Some(pu), Some(pl));
            plain(
                td_string!(
                    locale,
                    standings.why.on_points,
                    upper = nu,
                    upper_rank,
                    lower = nl,
                    lower_rank,
                    upper_value,
                    lower_value
                )
                .to_string(),
            )
        }
        Decision::Tiebreak {
            index,
            code,
            a: vu,
            b: vl,
        } => {
            before(index);
            let tb = s.tiebreaks[index];
            let values = match (vu, vl) {
                (Some(_), Some(_)) => {
                    let (upper_value, lower_value) = value_pair(locale, vu, vl);
                    let direction = if tb.smaller_is_better() {
                        td_string!(locale, standings.why.smaller_better)
                    } else {
                        td_string!(locale, standings.why.larger_better)
                    };
                    td_string!(
                        locale,
                        standings.why.values,
                        upper_value,
                        lower_value,
                        direction
                    )
                    .to_string()
                }
                (Some(x), None) => td_string!(
                    locale,
                    standings.why.lower_has_none,
                    upper_value = number(locale, x),
                    lower = nl.clone()
                )
                .to_string(),
                (None, Some(y)) => td_string!(
                    locale,
                    standings.why.upper_has_none,
                    lower_value = number(locale, y)
                )
                .to_string(),
                (None, None) => td_string!(locale, standings.why.neither).to_string(),
            };
            WhyAbove {
                headline: td_string!(
                    locale,
                    standings.why.decided,
                    upper = nu,
                    upper_rank,
                    lower = nl,
                    lower_rank,
                    criterion = criterion(locale, tb),
                    values
                )
                .to_string(),
                equal_on,
                decisive: Some(code),
            }
        }
        Decision::Tied => {
            before(s.tiebreaks.len());
            WhyAbove {
                headline: td_string!(
                    locale,
                    standings.why.tied,
                    upper = nu,
                    lower = nl,
                    rank = upper_rank
                )
                .to_string(),
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
        let why = why_above(Locale::en, &t, &s, b, a);
        let code = why.decisive.clone().expect("a tie-break decides");
        assert!(why.headline.contains(&code), "{}", why.headline);
        assert!(why.headline.contains(&player(&t, a)), "{}", why.headline);
        // The upper player is named first, whatever the order asked.
        let first = why.headline.find(&player(&t, a)).expect("a");
        let second = why.headline.find(&player(&t, b)).expect("b");
        assert!(first < second, "{}", why.headline);
    }

    #[test]
    fn words_and_numbers_follow_the_readers_language() {
        let (t, s) = example("DE,SB,WIN,KS");
        let (a, b) = interesting_pair(&s).expect("a pair");
        let (english, fr) = (
            why_above(Locale::en, &t, &s, b, a),
            why_above(Locale::fr, &t, &s, b, a),
        );
        assert_eq!(fr.decisive, english.decisive);
        assert!(fr.headline.contains("devance"), "{}", fr.headline);
        assert!(!fr.headline.contains("is above"), "{}", fr.headline);
        // A Sonneborn-Berger value with a fraction: a comma in French and German, a point in
        // English and Japanese, in the cell and in the sentence that explains it.
        let sb = s.tiebreaks.iter().position(|tb| tb.code() == "SB");
        let value = s
            .rows
            .iter()
            .map(|r| &r.values[sb.expect("SB listed")])
            .find(|v| v.value.is_some_and(|n| n.to_string().contains('.')))
            .expect("a fractional SB");
        let dot = value.value.expect("a value").to_string();
        let comma = dot.replace('.', ",");
        for (locale, shown) in [
            (Locale::en, &dot),
            (Locale::fr, &comma),
            (Locale::de, &comma),
            (Locale::ja, &dot),
        ] {
            assert_eq!(&value_short(locale, value.value), shown);
            let how = how(locale, &t, &value.explanation.how, value.value);
            assert!(how.contains(shown.as_str()), "{locale:?}: {how}");
        }
        assert!(how(Locale::de, &t, &value.explanation.how, value.value).starts_with("Die Summe"));
        // Japanese sentences follow each other without a space.
        let joined = sentences(Locale::ja, &["一。".into(), "二。".into()]);
        assert_eq!(joined, "一。二。");
        assert_eq!(
            sentences(Locale::fr, &["Un.".into(), "Deux.".into()]),
            "Un. Deux."
        );
    }

    #[test]
    fn points_decide_between_different_scores() {
        let (t, s) = example("SB");
        let (top, last) = (s.rows[0].start_no, s.rows[s.rows.len() - 1].start_no);
        let why = why_above(Locale::en, &t, &s, last, top);
        assert!(why.headline.contains("on points"), "{}", why.headline);
        assert_eq!(why.decisive, None);
    }

    #[test]
    fn a_pair_is_shown_with_as_many_digits_as_tell_them_apart() {
        let (a, b) = (
            Some(Number::Real(13.709_171)),
            Some(Number::Real(13.190_285)),
        );
        assert_eq!(
            value_pair(Locale::en, a, b),
            ("13.71".into(), "13.19".into())
        );
        assert_eq!(
            value_pair(Locale::fr, a, b),
            ("13,71".into(), "13,19".into())
        );
        let (a, b) = (Some(Number::Real(13.701)), Some(Number::Real(13.704)));
        assert_eq!(
            value_pair(Locale::en, a, b),
            ("13.701".into(), "13.704".into())
        );
    }

    #[test]
    fn real_values_are_short_in_cells_and_full_in_words() {
        let english = Locale::en;
        assert_eq!(
            value_short(english, Some(Number::Real(27.123_456_7))),
            "27.12"
        );
        assert_eq!(
            value_full(english, Some(Number::Real(27.123_456_7))),
            "27.123457"
        );
        assert_eq!(value_short(english, Some(Number::Exact(925))), "9.25");
        assert_eq!(value_short(english, None), "");
        assert_eq!(value_short(Locale::de, Some(Number::Exact(925))), "9,25");
        assert_eq!(value_full(Locale::ja, Some(Number::Real(0.5))), "0.5");
    }
}
