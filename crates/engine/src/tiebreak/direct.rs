//! Direct encounter (C.07 art. 6), as the FIDE TEC reference program evaluates it.
//!
//! # Formula
//! Inside a group G of players tied on every earlier criterion, each player's DE score is the
//! points scored against the other members of G: in a Swiss only games played over the board
//! count, in a round-robin forfeits (and imputed games) count too, and two games against the same
//! opponent (double round-robin) count as their average. If everyone in G met everyone (always
//! assumed in a round-robin), players are placed by DE score. Otherwise (Swiss) a player is
//! placed ahead only when nobody below could reach their DE score even by winning every game
//! they did not play against G; the first time that fails, the rest share a place. The
//! comparison is then repeated inside every sub-group still tied, until nothing changes.
//! The value is the place inside G (1 = best, equal players share it, 1, 2, 2, 4), or 0 when DE
//! does not separate anyone in G (or G has one player).

use super::compute::Ctx;
use super::explain::{DirectStep, Explanation, How, Item, What};
use super::number::Number;
use super::Value;
use crate::model::{PerPlayer, StartNo, System};

/// DE values of the members of `group` (by start number), which are tied before DE.
pub(crate) fn direct_encounter(ctx: &Ctx, group: &[StartNo]) -> Vec<(StartNo, Value)> {
    let start_no = |p: StartNo| ctx.ct.lines[p].start_no;
    let mut place: Vec<u32> = vec![1; group.len()];
    let mut steps: Vec<Vec<DirectStep>> = vec![Vec::new(); group.len()];
    let pos = |p: StartNo| group.iter().position(|&q| q == p).unwrap_or(0);
    let inside = Members::of(ctx, group);
    let mut first_items: Vec<Vec<Item>> = group
        .iter()
        .map(|&p| encounter_items(ctx, p, &inside))
        .collect();

    let mut active: Vec<Vec<StartNo>> = vec![group.to_vec()];
    // TieBreakServer stops after 30 passes; a real group settles in a few.
    for _ in 0..30 {
        let mut next = Vec::new();
        for sub in &active {
            if sub.len() < 2 {
                continue;
            }
            let changes = compare(ctx, sub, &mut place, &mut steps, &pos);
            if changes > 0 {
                let mut sorted = sub.clone();
                sorted.sort_by_key(|&p| (place[pos(p)], start_no(p)));
                for chunk in sorted.chunk_by(|&a, &b| place[pos(a)] == place[pos(b)]) {
                    next.push(chunk.to_vec());
                }
            }
        }
        if next.is_empty() {
            break;
        }
        active = next;
    }

    let separated = place.iter().any(|&x| x != place[0]);
    let mut members: Vec<_> = group.iter().map(|&p| start_no(p)).collect();
    members.sort_unstable();
    group
        .iter()
        .enumerate()
        .map(|(k, &p)| {
            let value = if separated { place[k] } else { 0 };
            (
                p,
                Value {
                    value: Some(Number::int(i64::from(value))),
                    explanation: Explanation {
                        items: std::mem::take(&mut first_items[k]),
                        how: How::DirectEncounter {
                            group: members.clone(),
                            steps: std::mem::take(&mut steps[k]),
                        },
                    },
                },
            )
        })
        .collect()
}

/// Does this round's game count for DE?
fn counts(ctx: &Ctx, slot: &super::crosstable::Slot) -> bool {
    ctx.system == System::RoundRobin || slot.over_the_board()
}

/// Who is in a group, by start number: a look-up per game instead of a search of the group.
struct Members(PerPlayer<bool>);

impl Members {
    fn of(ctx: &Ctx, group: &[StartNo]) -> Members {
        let mut inside = PerPlayer::filled(ctx.ct.lines.len(), false);
        for &p in group {
            inside[p] = true;
        }
        Members(inside)
    }

    fn contains(&self, p: StartNo) -> bool {
        self.0.get(p).copied().unwrap_or(false)
    }
}

/// Player `p`'s counted games against the members of `among`, one line per opponent (the
/// average when they met twice). Returns the lines.
fn encounter_items(ctx: &Ctx, p: StartNo, among: &Members) -> Vec<Item> {
    let line = &ctx.ct.lines[p];
    // (opponent, first round, sum, games)
    let mut per_opponent: Vec<(StartNo, u32, Number, u32, Option<super::explain::Unplayed>)> =
        Vec::new();
    for r in 1..=ctx.rounds {
        let s = line.slot(r);
        let Some(o) = s.opponent else { continue };
        if !counts(ctx, s) || !among.contains(o) {
            continue;
        }
        match per_opponent.iter_mut().find(|e| e.0 == o) {
            Some(e) => {
                e.2 += s.score;
                e.3 += 1;
            }
            None => per_opponent.push((o, r, s.score, 1, (!s.over_the_board()).then_some(s.kind))),
        }
    }
    per_opponent
        .into_iter()
        .map(|(o, r, sum, games, unplayed)| {
            let opponent = Some(ctx.ct.lines[o].start_no);
            if games == 1 {
                Item::new(
                    Some(r),
                    opponent,
                    What::GameScore {
                        score: sum,
                        unplayed,
                    },
                    sum,
                )
            } else {
                let avg = average(sum, games);
                Item::new(
                    None,
                    opponent,
                    What::AveragedGames { games, score: avg },
                    avg,
                )
            }
        })
        .collect()
}

fn average(sum: Number, games: u32) -> Number {
    match sum {
        Number::Exact(h) if h % i64::from(games) == 0 => Number::Exact(h / i64::from(games)),
        _ => Number::Real(sum.to_f64() / f64::from(games)),
    }
}

/// One comparison inside `sub` (players sharing a place); updates their places and returns
/// how many new places it made.
fn compare(
    ctx: &Ctx,
    sub: &[StartNo],
    place: &mut [u32],
    steps: &mut [Vec<DirectStep>],
    pos: &dyn Fn(StartNo) -> usize,
) -> u32 {
    let v = place[pos(sub[0])];
    let others = sub.len() as u32 - 1;
    let mut score = Vec::with_capacity(sub.len());
    let mut max = Vec::with_capacity(sub.len());
    let mut met_all = true;
    let inside = Members::of(ctx, sub);
    for &p in sub {
        let items = encounter_items(ctx, p, &inside);
        let s: Number = items.iter().map(|i| i.value).sum();
        let met = items.len() as u32;
        if ctx.system == System::Swiss && met < others {
            met_all = false;
            max.push(s + Number::int(i64::from(others - met)));
        } else {
            max.push(s);
        }
        score.push(s);
    }
    let start_no = |k: usize| ctx.ct.lines[sub[k]].start_no;
    let mut order: Vec<usize> = (0..sub.len()).collect();
    if met_all {
        order.sort_by(|&a, &b| score[b].cmp(&score[a]).then(start_no(a).cmp(&start_no(b))));
    } else {
        order.sort_by(|&a, &b| {
            score[b]
                .cmp(&score[a])
                .then(max[b].cmp(&max[a]))
                .then(start_no(a).cmp(&start_no(b)))
        });
    }
    let mut changes = 0;
    let mut current = v;
    let mut unique = true;
    for i in 1..order.len() {
        let (prev, this) = (order[i - 1], order[i]);
        let rank = v + i as u32;
        let ahead = if met_all {
            score[this] != score[prev]
        } else {
            let best_below = order[i..]
                .iter()
                .map(|&k| max[k])
                .max()
                .unwrap_or(Number::ZERO);
            let separates = unique && score[prev] > best_below;
            if !separates {
                unique = false;
            }
            separates
        };
        if ahead {
            current = rank;
            changes += 1;
        }
        place[pos(sub[this])] = current;
    }
    let mut among: Vec<_> = sub.iter().map(|&p| ctx.ct.lines[p].start_no).collect();
    among.sort_unstable();
    for (k, &p) in sub.iter().enumerate() {
        steps[pos(p)].push(DirectStep {
            among: among.clone(),
            score: score[k],
            max: (!met_all).then_some(max[k]),
            place: place[pos(p)],
        });
    }
    changes
}
