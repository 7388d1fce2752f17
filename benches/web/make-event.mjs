// Builds Crosstable JSON events for the measurement scripts (not fixtures: generated, seeded,
// so a measurement can ask for any size without a file in the repository).
//
// roundRobin({ players: 20, cycles: 2, withdrawals: [[7, 12], [15, 25]], seed: 1 }) is a
// 20-player double round-robin (Berger-style circle schedule, colours swapped in the second
// cycle) whose games are drawn from the Elo expectation with a seeded generator; players 7 and
// 15 withdraw after rounds 12 and 25 and lose every later game by forfeit (the engine's
// convention for a withdrawal's unplayed games, as in the app's example event).

/** mulberry32: a small seeded generator, enough for made-up results. */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The pairs of each round of one cycle for an even number of players (circle method). */
function circle(n) {
  const rounds = [];
  const ring = Array.from({ length: n - 1 }, (_, i) => i + 2); // player 1 stays in place
  for (let r = 0; r < n - 1; r++) {
    const line = [1, ...ring];
    const pairs = [];
    for (let i = 0; i < n / 2; i++) {
      const [a, b] = [line[i], line[n - 1 - i]];
      // Alternate colours by round so that nobody has White in every round.
      pairs.push((r + i) % 2 === 0 ? [a, b] : [b, a]);
    }
    rounds.push(pairs);
    ring.unshift(ring.pop());
  }
  return rounds;
}

export function roundRobin({ players = 20, cycles = 2, withdrawals = [], seed = 1 } = {}) {
  if (players % 2) throw new Error('roundRobin: an even number of players');
  const random = generator(seed);
  const rating = (p) => 2700 - 12 * (p - 1);
  const left = new Map(withdrawals.map(([player, after]) => [player, after]));
  const gone = (p, round) => left.has(p) && round > left.get(p);
  const one = circle(players);
  const schedule = [...one];
  if (cycles === 2) schedule.push(...one.map((pairs) => pairs.map(([w, b]) => [b, w])));
  const rounds = schedule.map((pairs, i) => ({
    games: pairs.map(([white, black]) => {
      const round = i + 1;
      const [wOut, bOut] = [gone(white, round), gone(black, round)];
      let result;
      if (wOut && bOut) result = { kind: 'forfeit', value: null };
      else if (wOut) result = { kind: 'forfeit', value: 'black' };
      else if (bOut) result = { kind: 'forfeit', value: 'white' };
      else {
        const expected = 1 / (1 + 10 ** ((rating(black) - rating(white)) / 400));
        const x = random();
        const draw = 0.35;
        const value = x < draw ? 'draw' : x < draw + (1 - draw) * expected ? 'white_wins' : 'black_wins';
        result = { kind: 'played', value };
      }
      return { white, black, result };
    }),
    byes: [],
  }));
  return {
    format: 'crosstable',
    version: 1,
    tournament: {
      name: `Double round-robin, ${players} players, ${withdrawals.length} withdrawals (generated)`,
      info: {},
      format: { system: 'round_robin', cycles },
      initial_colour: 'white',
      players: Array.from({ length: players }, (_, i) => ({
        start_no: i + 1,
        name: `Player ${String(i + 1).padStart(2, '0')}`,
        rating: rating(i + 1),
      })),
      rounds,
      withdrawals: withdrawals.map(([player, after_round]) => ({ player, after_round })),
    },
  };
}
