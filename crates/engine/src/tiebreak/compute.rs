//! The tie-break values, one function per family. Each returns, per player (by start number,
//! `None` for a player not in the table), the value and its breakdown.

use super::crosstable::{Crosstable, Slot};
use super::explain::{Adjustment, Exclusion, Explanation, How, Inapplicable, Item, What};
use super::number::{div_round_half_up, Number};
use super::{Config, Modifier, Tiebreak, TiebreakRules, Value};
use crate::elo::{table_8_1_1_dp, table_8_1_2_hundredths};
use crate::model::System;
use crate::model::{Color, PerPlayer, StartNo};

/// The crosstable with what every tie-break needs about each player.
pub(crate) struct Ctx<'a> {
    pub ct: &'a Crosstable,
    pub system: System,
    pub rules: TiebreakRules,
    pub unrated_rating: Option<u16>,
    /// Rounds considered, R.
    pub rounds: u32,
    /// Final points, per player.
    pub points: PerPlayer<Number>,
    /// Last round that was not voluntarily unplayed (0 if none).
    last_not_vur: PerPlayer<u32>,
    /// Last round with an opponent, a game over the board or a PAB (0 if none).
    last_paired: PerPlayer<u32>,
}

/// A player's score as it enters an opponent's Buchholz (C.07 art. 16.3).
#[derive(Clone, Debug)]
pub(crate) struct Adjusted {
    pub total: Number,
    /// The player's own points as a dummy opponent scores them (Fore Buchholz: last round a
    /// draw).
    pub own: Number,
    pub adjustments: Vec<Adjustment>,
}

/// One Buchholz-family contribution before modifiers: the opponent-level score (which decides
/// what a cut removes), the value (score × round points for SB), and whether the round was
/// voluntarily unplayed.
struct Contribution {
    item: Item,
    score: Number,
    vur: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    Buchholz,
    Fore,
    SonnebornBerger,
}

fn not_applicable(reason: Inapplicable) -> Value {
    Value {
        value: None,
        explanation: Explanation::new(How::NotApplicable { reason }),
    }
}

impl<'a> Ctx<'a> {
    pub fn new(ct: &'a Crosstable, system: System, config: &Config) -> Ctx<'a> {
        let rounds = ct.rounds;
        let last = |f: &dyn Fn(&Slot) -> bool| -> PerPlayer<u32> {
            ct.lines
                .values()
                .map(|l| (1..=rounds).rev().find(|&r| f(l.slot(r))).unwrap_or(0))
                .collect()
        };
        Ctx {
            ct,
            system,
            rules: config.rules,
            unrated_rating: config.unrated_rating,
            rounds,
            points: ct.lines.values().map(|l| l.points()).collect(),
            last_not_vur: last(&|s: &Slot| !s.is_vur()),
            last_paired: last(&|s: &Slot| s.opponent.is_some() || s.took_part()),
        }
    }

    fn present(&self) -> impl Iterator<Item = StartNo> + '_ {
        self.ct
            .lines
            .iter()
            .filter(|(_, l)| l.present)
            .map(|(p, _)| p)
    }

    fn slots(&self, p: StartNo) -> impl Iterator<Item = (u32, &Slot)> + '_ {
        let line = &self.ct.lines[p];
        (1..=self.rounds).map(move |r| (r, line.slot(r)))
    }

    fn per_player(&self, f: impl Fn(StartNo) -> Value) -> PerPlayer<Option<Value>> {
        self.ct.lines.map(|p, line| line.present.then(|| f(p)))
    }

    /// Every player's value of `tb` (not DE, which depends on the ranking so far).
    pub fn values(&self, tb: Tiebreak) -> PerPlayer<Option<Value>> {
        match tb {
            Tiebreak::Points => self.per_player(|p| self.points_value(p)),
            Tiebreak::DirectEncounter => PerPlayer::filled(self.ct.lines.len(), None),
            Tiebreak::Wins => self.per_player(|p| self.count(p, |s| s.score == Number::ONE)),
            Tiebreak::WonGames => {
                self.per_player(|p| self.count(p, |s| s.over_the_board() && s.score == Number::ONE))
            }
            Tiebreak::BlackGames => self.per_player(|p| {
                self.count(p, |s| s.over_the_board() && s.colour == Some(Color::Black))
            }),
            Tiebreak::BlackWins => self.per_player(|p| {
                self.count(p, |s| {
                    s.over_the_board() && s.colour == Some(Color::Black) && s.score == Number::ONE
                })
            }),
            Tiebreak::RoundsElectedToPlay => {
                self.per_player(|p| self.count(p, |s| s.took_part() || s.score == Number::ONE))
            }
            Tiebreak::ProgressiveScore { cut } => self.per_player(|p| self.progressive(p, cut)),
            Tiebreak::Buchholz(m) => self.buchholz_family(Family::Buchholz, m),
            Tiebreak::ForeBuchholz(m) => self.buchholz_family(Family::Fore, m),
            Tiebreak::SonnebornBerger(m) => self.buchholz_family(Family::SonnebornBerger, m),
            Tiebreak::AverageOfOpponentsBuchholz => self.average_of_buchholz(),
            Tiebreak::Koya { limit_half_points } => self.koya(limit_half_points),
            Tiebreak::AverageRatingOfOpponents(m) => self.per_player(|p| self.aro(p, m)),
            Tiebreak::PerformanceRating => self.per_player(|p| self.tpr(p)),
            Tiebreak::PerfectPerformance => self.per_player(|p| self.ptp(p)),
        }
    }

    fn points_value(&self, p: StartNo) -> Value {
        let mut e = Explanation::with_lines(How::Sum, self.rounds);
        for (r, s) in self.slots(p) {
            e.items.push(Item::new(
                Some(r),
                s.opponent,
                What::Round { entry: s.kind },
                s.score,
            ));
        }
        Value {
            value: Some(self.points[p]),
            explanation: e,
        }
    }

    /// WIN, WON, BPG, BWG, REP (C.07 art. 7): the rounds for which `counts` holds.
    fn count(&self, p: StartNo, counts: impl Fn(&Slot) -> bool) -> Value {
        let mut e = Explanation::with_lines(How::Count, self.rounds);
        for (r, s) in self.slots(p) {
            let mut item = Item::new(
                Some(r),
                s.opponent,
                What::Round { entry: s.kind },
                Number::ONE,
            );
            if !counts(s) {
                item.value = Number::ZERO;
                item.exclude(Exclusion::NotCounted);
            }
            e.items.push(item);
        }
        Value {
            value: Some(Number::int(e.counted() as i64)),
            explanation: e,
        }
    }

    /// PS (C.07 art. 7.5): Σ of the running totals after each round, unplayed rounds' points
    /// included; `cut` drops the first rounds' totals.
    fn progressive(&self, p: StartNo, cut: u8) -> Value {
        let mut e = Explanation::with_lines(How::Sum, self.rounds);
        let mut total = Number::ZERO;
        for (r, s) in self.slots(p) {
            total += s.score;
            let mut item = Item::new(
                Some(r),
                s.opponent,
                What::RunningTotal {
                    round_points: s.score,
                    total,
                },
                total,
            );
            if r <= u32::from(cut) {
                item.exclude(Exclusion::CutEarlyRound);
            }
            e.items.push(item);
        }
        Value {
            value: Some(e.counted_sum()),
            explanation: e,
        }
    }

    /// The adjusted score of player `p` (C.07 art. 16.3): their points, except that each round
    /// after the last round that was not voluntarily unplayed, in which they had no opponent,
    /// counts as a draw in a Swiss and as nothing in a round-robin. With `fore` (Fore
    /// Buchholz, art. 8.3) a player who took part in the last round has every round counted as
    /// it is, and that last round, if it had an opponent, counted as a draw. (TieBreakServer
    /// lets that first change leak into tie-breaks listed after FB; here every tie-break is
    /// computed on its own, so the list order never changes a value other than DE's.)
    pub fn adjusted(&self, p: StartNo, fore: bool) -> Adjusted {
        let last_round = self.rounds;
        let fore_applies = fore && last_round > 0 && self.last_paired[p] == last_round;
        let lna = if fore_applies {
            last_round
        } else {
            self.last_not_vur[p]
        };
        let no_opponent = match self.system {
            System::Swiss => Number::HALF,
            System::RoundRobin => Number::ZERO,
        };
        let mut total = Number::ZERO;
        let mut adjustments = Vec::new();
        for (r, s) in self.slots(p) {
            let counted = if r <= lna || s.opponent.is_some() {
                s.score
            } else {
                no_opponent
            };
            if counted != s.score {
                adjustments.push(Adjustment {
                    round: r,
                    actual: s.score,
                    counted,
                });
            }
            total += counted;
        }
        let mut own = self.points[p];
        if fore_applies {
            let s = self.ct.lines[p].slot(last_round);
            if s.opponent.is_some() {
                total = total - s.score + Number::HALF;
                own = own - s.score + Number::HALF;
                if s.score != Number::HALF {
                    adjustments.push(Adjustment {
                        round: last_round,
                        actual: s.score,
                        counted: Number::HALF,
                    });
                }
            }
        }
        Adjusted {
            total,
            own,
            adjustments,
        }
    }

    /// BH, FB and SB with their cut/median modifiers (C.07 art. 8, 9.1, 14, 16).
    fn buchholz_family(&self, family: Family, m: Modifier) -> PerPlayer<Option<Value>> {
        let fore = family == Family::Fore;
        let adjusted: PerPlayer<Adjusted> = self.ct.lines.map(|p, _| self.adjusted(p, fore));
        self.per_player(|p| {
            let mut contributions = self.contributions(p, family, &adjusted);
            apply_modifier(&mut contributions, m, self.rounds);
            let e = Explanation {
                items: contributions.into_iter().map(|c| c.item).collect(),
                how: How::Sum,
            };
            Value {
                value: Some(e.counted_sum()),
                explanation: e,
            }
        })
    }

    fn contributions(
        &self,
        p: StartNo,
        family: Family,
        adjusted: &PerPlayer<Adjusted>,
    ) -> Vec<Contribution> {
        let sb = family == Family::SonnebornBerger;
        let mut out = Vec::with_capacity(self.rounds as usize);
        for (r, s) in self.slots(p) {
            let as_game = self.system == System::RoundRobin
                || s.over_the_board()
                || (family == Family::Fore && r == self.rounds);
            let factor = sb.then_some(s.score);
            let (score, vur, what) = match (as_game, s.opponent) {
                (true, Some(o)) => {
                    let score = adjusted[o].total;
                    let what = What::OpponentScore {
                        points: self.points[o],
                        adjusted: score,
                        adjustments: adjusted[o].adjustments.clone(),
                        factor,
                    };
                    (score, false, what)
                }
                _ if self.system == System::Swiss => {
                    let own = adjusted[p].own;
                    let cap = match self.rules {
                        TiebreakRules::Fide2023 => None,
                        TiebreakRules::Fide2026 => Some(match s.opponent {
                            Some(o) => adjusted[o].total,
                            None => Number::HALF * Number::int(i64::from(self.rounds)),
                        }),
                    };
                    let score = cap.map_or(own, |c| own.min(c));
                    let what = What::DummyOpponent {
                        unplayed: s.kind,
                        own_points: own,
                        cap,
                        factor,
                    };
                    (score, s.is_vur(), what)
                }
                // A round-robin round without a game contributes nothing.
                _ => continue,
            };
            let value = match factor {
                Some(f) => score * f,
                None => score,
            };
            out.push(Contribution {
                item: Item::new(Some(r), s.opponent, what, value),
                score,
                vur,
            });
        }
        out
    }

    /// AOB (C.07 art. 8.2): the average of the Buchholz of the opponents met over the board,
    /// rounded half up to two decimals.
    fn average_of_buchholz(&self) -> PerPlayer<Option<Value>> {
        let bh = self.buchholz_family(Family::Buchholz, Modifier::NONE);
        self.per_player(|p| {
            let mut items = Vec::with_capacity(self.rounds as usize);
            for (r, s) in self.slots(p) {
                if let (true, Some(o)) = (s.over_the_board(), s.opponent) {
                    if let Some(v) = bh[o].as_ref().and_then(|v| v.value) {
                        items.push(Item::new(
                            Some(r),
                            Some(o),
                            What::OpponentBuchholz { buchholz: v },
                            v,
                        ));
                    }
                }
            }
            let sum: Number = items.iter().map(|it| it.value).sum();
            let count = items.len() as u32;
            match sum.average_to_hundredths(count) {
                None => not_applicable(Inapplicable::NoGameOverTheBoard),
                Some(v) => Value {
                    value: Some(v),
                    explanation: Explanation {
                        items,
                        how: How::Average {
                            sum,
                            count,
                            decimals: 2,
                        },
                    },
                },
            }
        })
    }

    /// KS (C.07 art. 9.2, round-robins): points scored, forfeits included, against opponents
    /// whose final score reaches the limit: 50 % of the maximum obtainable, moved by
    /// `limit_half_points` half-points. The maximum is the number of games a player is
    /// scheduled to play — the rounds, less one per cycle when the number of players is odd
    /// (the free round), less one per player who never took part (TieBreakServer's rule).
    fn koya(&self, limit_half_points: i8) -> PerPlayer<Option<Value>> {
        if self.system == System::Swiss {
            return self.per_player(|_| not_applicable(Inapplicable::KoyaRoundRobinOnly));
        }
        let n = self.present().count() as u32;
        let mut max_games = self.rounds;
        if n > 0 && self.rounds.is_multiple_of(n) {
            max_games -= self.rounds / n;
        }
        let never_paired = self.present().filter(|&p| self.last_paired[p] == 0).count() as u32;
        max_games = max_games.saturating_sub(never_paired);
        let limit = Number::half_points(i64::from(max_games))
            + Number::half_points(i64::from(limit_half_points));
        self.per_player(|p| {
            let mut e = Explanation::with_lines(How::Koya { limit, max_games }, self.rounds);
            for (r, s) in self.slots(p) {
                let Some(o) = s.opponent else { continue };
                let mut item = Item::new(
                    Some(r),
                    Some(o),
                    What::GameScore {
                        score: s.score,
                        unplayed: (!s.over_the_board()).then_some(s.kind),
                    },
                    s.score,
                );
                if self.points[o] < limit {
                    item.exclude(Exclusion::BelowKoyaLimit);
                }
                e.items.push(item);
            }
            Value {
                value: Some(e.counted_sum()),
                explanation: e,
            }
        })
    }

    /// The games over the board with the opponent's rating (or the rating set for unrated
    /// players): (items, ratings of the counted ones, whether every game has a rating).
    fn rated_games(&self, p: StartNo) -> (Vec<Item>, bool) {
        let mut items = Vec::with_capacity(self.rounds as usize);
        let mut all_rated = true;
        for (r, s) in self.slots(p) {
            let (true, Some(o)) = (s.over_the_board(), s.opponent) else {
                continue;
            };
            match self.ct.lines[o].rating.or(self.unrated_rating) {
                Some(rating) => items.push(Item::new(
                    Some(r),
                    Some(o),
                    What::Rating {
                        rating,
                        score: s.score,
                    },
                    Number::int(i64::from(rating)),
                )),
                None => {
                    all_rated = false;
                    let mut item = Item::new(
                        Some(r),
                        Some(o),
                        What::GameScore {
                            score: s.score,
                            unplayed: None,
                        },
                        Number::ZERO,
                    );
                    item.exclude(Exclusion::Unrated);
                    items.push(item);
                }
            }
        }
        (items, all_rated)
    }

    /// ARO (C.07 art. 10.1): the average rating of the opponents met over the board, rounded
    /// half up; Cut/Median drop the lowest/highest ratings (only when every such opponent has a
    /// rating, as TieBreakServer does).
    fn aro(&self, p: StartNo, m: Modifier) -> Value {
        let (mut items, all_rated) = self.rated_games(p);
        if all_rated {
            for (lowest, times) in [(true, m.lowest), (false, m.highest)] {
                for _ in 0..times {
                    let pick = items
                        .iter()
                        .enumerate()
                        .filter(|(_, it)| it.counted)
                        .reduce(|a, b| {
                            let better = if lowest {
                                b.1.value < a.1.value
                            } else {
                                b.1.value >= a.1.value
                            };
                            if better {
                                b
                            } else {
                                a
                            }
                        })
                        .map(|(k, _)| k);
                    if let Some(k) = pick {
                        items[k].exclude(if lowest {
                            Exclusion::CutLowest
                        } else {
                            Exclusion::CutHighest
                        });
                    }
                }
            }
        }
        self.average_rating(items)
    }

    fn average_rating(&self, items: Vec<Item>) -> Value {
        let sum: Number = items.iter().filter(|i| i.counted).map(|i| i.value).sum();
        let count = items.iter().filter(|i| i.counted).count() as u32;
        if count == 0 {
            return not_applicable(Inapplicable::NoRatedOpponent);
        }
        let aro = div_round_half_up(sum.hundredths().unwrap_or(0), 100 * i64::from(count));
        Value {
            value: Some(Number::int(aro)),
            explanation: Explanation {
                items,
                how: How::Average {
                    sum,
                    count,
                    decimals: 0,
                },
            },
        }
    }

    /// TPR (C.07 art. 10.2): ARO + dp(p), p = points in those games / their number, rounded
    /// half up to two decimals; dp from table 8.1.1 of B.02 (dp(1.00) = +800).
    fn tpr(&self, p: StartNo) -> Value {
        let (items, _) = self.rated_games(p);
        let ratings: Vec<i64> = counted_ratings(&items);
        if ratings.is_empty() {
            return not_applicable(Inapplicable::NoRatedOpponent);
        }
        let games = ratings.len() as u32;
        let score = counted_score(&items);
        let aro = div_round_half_up(ratings.iter().sum(), i64::from(games));
        let p = div_round_half_up(score.hundredths().unwrap_or(0), i64::from(games)) as u8;
        let dp = table_8_1_1_dp(p);
        Value {
            value: Some(Number::int(aro + i64::from(dp))),
            explanation: Explanation {
                items,
                how: How::Performance {
                    aro,
                    score,
                    games,
                    p_hundredths: p,
                    dp,
                },
            },
        }
    }

    /// PTP (C.07 art. 10.3): the lowest rating R for which the expected score against the
    /// opponents met over the board, from table 8.1.2 (no 400-point rule), reaches the points
    /// scored in those games; min(opponents) − 800 for a zero score.
    fn ptp(&self, p: StartNo) -> Value {
        let (items, _) = self.rated_games(p);
        let ratings = counted_ratings(&items);
        if ratings.is_empty() {
            return not_applicable(Inapplicable::NoRatedOpponent);
        }
        let score = counted_score(&items);
        let target = score.hundredths().unwrap_or(0);
        let expected = |r: i64| -> i64 {
            ratings
                .iter()
                .map(|&o| i64::from(table_8_1_2_hundredths((r - o).clamp(-800, 800) as i32)))
                .sum()
        };
        let lo_rating = *ratings.iter().min().unwrap_or(&0);
        let hi_rating = *ratings.iter().max().unwrap_or(&0);
        let value = if target == 0 {
            lo_rating - 800
        } else {
            // expected() is non-decreasing in r and reaches 100·n at hi + 736: bisect for the
            // least r with expected(r) ≥ target on (lo − 801, hi + 800].
            let (mut lo, mut hi) = (lo_rating - 801, hi_rating + 800);
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                if expected(mid) >= target {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            hi
        };
        Value {
            value: Some(Number::int(value)),
            explanation: Explanation {
                items,
                how: How::PerfectPerformance {
                    score,
                    expected_at_result: Number::Exact(expected(value)),
                },
            },
        }
    }
}

fn counted_ratings(items: &[Item]) -> Vec<i64> {
    items
        .iter()
        .filter(|i| i.counted)
        .filter_map(|i| i.value.hundredths().map(|h| h / 100))
        .collect()
}

fn counted_score(items: &[Item]) -> Number {
    items
        .iter()
        .filter(|i| i.counted)
        .map(|i| match i.what {
            What::Rating { score, .. } => score,
            _ => Number::ZERO,
        })
        .sum()
}

/// Cut-n and Median-n (C.07 art. 14, 16.5), as TieBreakServer applies them: n times, drop the
/// least significant contribution — a voluntarily unplayed round first, unless the contribution
/// with the lowest opponent score is worth more than the lowest such round (possible for SB
/// only) — then, for a median, n times the most significant. The number cut is at most the
/// number of rounds.
fn apply_modifier(cs: &mut [Contribution], m: Modifier, rounds: u32) {
    let lowest = u32::from(m.lowest).min(rounds);
    let highest = u32::from(m.highest).min(rounds - lowest);
    for _ in 0..lowest {
        let live = |c: &&Contribution| c.item.counted;
        let by_score = |a: &Contribution, b: &Contribution| {
            a.score.cmp(&b.score).then(a.item.value.cmp(&b.item.value))
        };
        let lowest_all = cs
            .iter()
            .enumerate()
            .filter(|(_, c)| live(c))
            .min_by(|a, b| by_score(a.1, b.1).then(a.0.cmp(&b.0)))
            .map(|(k, _)| k);
        let lowest_vur_first = cs
            .iter()
            .enumerate()
            .filter(|(_, c)| live(c))
            .min_by(|a, b| {
                b.1.vur
                    .cmp(&a.1.vur)
                    .then(by_score(a.1, b.1))
                    .then(a.0.cmp(&b.0))
            })
            .map(|(k, _)| k);
        let (Some(all), Some(first)) = (lowest_all, lowest_vur_first) else {
            break;
        };
        let (k, why) = if cs[all].item.value > cs[first].item.value {
            (all, Exclusion::CutLowest)
        } else if cs[first].vur {
            (first, Exclusion::CutVoluntarilyUnplayed)
        } else {
            (first, Exclusion::CutLowest)
        };
        cs[k].item.exclude(why);
    }
    for _ in 0..highest {
        let pick = cs
            .iter()
            .enumerate()
            .filter(|(_, c)| c.item.counted)
            .max_by(|a, b| {
                a.1.score
                    .cmp(&b.1.score)
                    .then(a.1.item.value.cmp(&b.1.item.value))
                    .then(b.0.cmp(&a.0))
            })
            .map(|(k, _)| k);
        match pick {
            Some(k) => cs[k].item.exclude(Exclusion::CutHighest),
            None => break,
        }
    }
}
