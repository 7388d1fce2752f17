// End-to-end: run a small Swiss from creation to the final round, through the built app.
// 7 players, 4 rounds, a half-point bye requested in advance, a forfeit, every result typed on
// the keyboard. Each round's pairing on the page must be exactly what the engine's CLI
// (`crosstable pair`, the FIDE Dutch system) gives for the page's own TRF export truncated to
// that round — so a page that paired by anything else, or showed boards in another order, fails.
//
// data-testids used: new-event-name, new-event-system, new-event-rounds, new-event-create,
// player-name, player-rating, player-add, player-remove, nav-rounds, pair-next, pairing-board,
// board-result, pairing-bye, undo-pairing, pairing-error, print-pairings, request-player,
// request-kind, request-round, request-bye, request-item, export-trf, standings.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillNewEvent, gotoApp, openBrowser, screenshot, startServer, watchConsole } from './helpers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(process.env.CARGO_TARGET_DIR ?? path.join(ROOT, 'target'), 'debug', 'crosstable');

const PLAYERS = [
  ['Aronian, Levon', 2730],
  ['Bacrot, Etienne', 2680],
  ['Cheparinov, Ivan', 2655],
  ['Dubov, Daniil', 2640],
  ['Erigaisi, Arjun', 2620],
  ['Firouzja, Alireza', 2600],
  ['Giri, Anish', 2580],
];

// Results typed per round, board by board, from White's side ('+' is a forfeit win for White).
const KEYS = [
  ['1', '=', '0'],
  ['+', '1', '='],
  ['0', '1', '='],
  ['=', '0', '1'],
];

const byId = (page, id) => page.getByTestId(id);

/** The CLI's pairing of the next round of `trf`: { boards: [[w, b], …], bye }. */
function cliPairing(trfText, dir, round) {
  const file = path.join(dir, `before-round-${round}.trf`);
  return writeFile(file, trfText).then(() => {
    const out = execFileSync(CLI, ['pair', file], { encoding: 'utf8' });
    const lines = out.trim().split('\n');
    const count = Number(lines[0]);
    assert.equal(lines.length - 1, count, `CLI output:\n${out}`);
    const boards = [];
    let bye = null;
    for (const line of lines.slice(1)) {
      const [w, b] = line.trim().split(/\s+/).map(Number);
      if (b === 0) bye = w;
      else boards.push([w, b]);
    }
    return { boards, bye };
  });
}

/**
 * The page's TRF keeping only round columns 1..round (the round about to be paired keeps its
 * requested byes; later rounds' requests are cut off, as they would not be in a file for it).
 */
function truncateTrf(text, round) {
  return text
    .split('\n')
    .map((line) => (line.startsWith('001') ? line.slice(0, 91 + 10 * round).trimEnd() : line))
    .join('\n');
}

/** Downloads the page's TRF export and returns its text. */
async function exportTrf(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'export-trf').click()]);
  return readFile(await download.path(), 'utf8');
}

/** The boards and the pairing-allocated bye shown for the current round. */
async function pagePairing(page) {
  const boards = await byId(page, 'pairing-board').evaluateAll((rows) =>
    rows.map((r) => [Number(r.dataset.white), Number(r.dataset.black)]),
  );
  const byes = await byId(page, 'pairing-bye').evaluateAll((items) =>
    items.map((li) => ({ player: Number(li.dataset.player), kind: li.dataset.kind })),
  );
  const pab = byes.filter((b) => b.kind === 'U');
  assert.ok(pab.length <= 1, `more than one pairing-allocated bye: ${JSON.stringify(byes)}`);
  return { boards, bye: pab[0]?.player ?? null, byes };
}

/** Waits until the page shows `n` boards for the selected round. */
async function waitForBoards(page, n) {
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="pairing-board"]').length === n,
    n,
  );
}

describe('running a Swiss', () => {
  let server;
  let browser;
  let dir;
  before(async () => {
    if (!existsSync(CLI)) {
      execFileSync('cargo', ['build', '-q', '-p', 'crosstable-cli', '--bin', 'crosstable'], {
        cwd: ROOT,
        stdio: 'inherit',
      });
    }
    server = await startServer();
    browser = await openBrowser({ viewport: { width: 820, height: 1100 } });
    dir = await mkdtemp(path.join(tmpdir(), 'crosstable-swiss-'));
  });
  after(async () => {
    await browser?.dispose();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('7 players, 4 rounds: wizard, players, bye, forfeit, keyboard results, undo, standings', async () => {
    const { page } = browser;
    const errors = watchConsole(page);
    await gotoApp(page, server.url);

    // The wizard: a Swiss with 4 rounds, players added afterwards.
    await fillNewEvent(page, { name: 'E2E Swiss Open', system: 'swiss', rounds: 4 });
    await screenshot(page, 'swiss-wizard');
    await byId(page, 'new-event-create').click();

    // Players: add 8, remove the mistaken one (a start number in the middle).
    const add = async (name, rating) => {
      await byId(page, 'player-name').fill(name);
      await byId(page, 'player-rating').fill(String(rating));
      await byId(page, 'player-add').click();
    };
    await add(PLAYERS[0][0], PLAYERS[0][1]);
    await add('Mistake, Entered', 2000);
    for (const [name, rating] of PLAYERS.slice(1)) await add(name, rating);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="player-remove"]').length === 8);
    await byId(page, 'player-remove').nth(1).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="player-remove"]').length === 7);
    const names = await page.locator('table.players input.name').evaluateAll((els) => els.map((e) => e.value));
    assert.deepEqual(names, PLAYERS.map(([n]) => n));
    await screenshot(page, 'swiss-players');

    await byId(page, 'nav-rounds').click();
    // A half-point bye for player 3 in round 2, requested before round 1 is even paired.
    await byId(page, 'request-player').selectOption('3');
    await byId(page, 'request-kind').selectOption('H');
    await byId(page, 'request-round').fill('2');
    await byId(page, 'request-bye').click();
    await byId(page, 'request-item').first().waitFor();
    assert.match(await byId(page, 'request-item').first().textContent(), /Round 2: Cheparinov, Ivan \(3\) — half-point bye/);

    for (let round = 1; round <= 4; round++) {
      const expected = await cliPairing(truncateTrf(await exportTrf(page), round), dir, round);
      await byId(page, 'pair-next').click();
      await waitForBoards(page, expected.boards.length);
      await page.getByTestId('pairings-title').filter({ hasText: `round ${round}` }).waitFor();
      let shown = await pagePairing(page);
      assert.deepEqual(shown.boards, expected.boards, `round ${round}: boards differ from the CLI`);
      assert.equal(shown.bye, expected.bye, `round ${round}: the pairing-allocated bye differs`);

      if (round === 2) {
        // The requested bye is honoured: player 3 has no board and a half-point bye.
        assert.ok(!shown.boards.flat().includes(3), 'player 3 asked for a bye in round 2');
        assert.deepEqual(shown.byes, [{ player: 3, kind: 'H' }]);
      } else {
        assert.equal(shown.boards.length, 3);
        assert.notEqual(shown.bye, null, `round ${round}: 7 players, someone gets the bye`);
      }

      if (round === 3) {
        // Undo while no result is entered, then pair again: the same pairing comes back.
        await byId(page, 'undo-pairing').click();
        await byId(page, 'pair-next').filter({ hasText: 'Pair round 3' }).waitFor();
        await page.getByTestId('pairings-title').filter({ hasText: 'round 2' }).waitFor();
        await byId(page, 'pair-next').click();
        await waitForBoards(page, 3);
        await page.getByTestId('pairings-title').filter({ hasText: 'round 3' }).waitFor();
        shown = await pagePairing(page);
        assert.deepEqual(shown.boards, expected.boards, 'round 3 paired again after undo');
      }

      // Pairing again before the results are in is refused, with the reason, and changes nothing.
      if (round < 4) {
        await byId(page, 'pair-next').click();
        await byId(page, 'pairing-error').waitFor();
        assert.match(await byId(page, 'pairing-error').textContent(), new RegExp(`round ${round} still has games without a result`));
        await waitForBoards(page, expected.boards.length);
      } else {
        assert.equal(await byId(page, 'pair-next').isDisabled(), true, 'all 4 rounds are paired');
      }

      // Results by keyboard: focus board 1 and type; the focus moves on by itself.
      await byId(page, 'board-result').first().focus();
      for (const key of KEYS[round - 1]) await page.keyboard.press(key);
      await page.waitForFunction(
        () => [...document.querySelectorAll('[data-testid="board-result"]')].every((s) => s.value !== 'pending'),
      );
      const values = await byId(page, 'board-result').evaluateAll((els) => els.map((e) => e.value));
      const want = { 1: '1-0', '=': 'draw', 0: '0-1', '+': '+-' };
      assert.deepEqual(values, KEYS[round - 1].map((k) => want[k]), `round ${round}: typed results`);
      if (round === 2) await screenshot(page, 'swiss-round-2');
    }

    // The undo refuses once results exist, naming the round; nothing changes.
    await byId(page, 'undo-pairing').click();
    await byId(page, 'pairing-error').filter({ hasText: 'round 4 already has results' }).waitFor();
    assert.equal(await byId(page, 'pair-next').isDisabled(), true, 'all 4 rounds are paired');

    // The forfeit and the bye are in the exported file (TRF codes + and H).
    const finalTrf = await exportTrf(page);
    const line3 = finalTrf.split('\n').find((l) => l.startsWith('001    3'));
    assert.match(line3.slice(101, 111).trim(), /^(0000)?\s*- H$/, `player 3's round 2 in the TRF:\n${line3}`);
    assert.match(finalTrf, /\s\d+ w \+/, 'a forfeit win is exported');

    // Print view: the chrome is hidden, the pairings stay.
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.locator('.app-header').isVisible(), false);
    assert.equal(await byId(page, 'pair-next').isVisible(), false);
    assert.equal(await byId(page, 'pairing-board').first().isVisible(), true);
    await screenshot(page, 'swiss-print');
    await page.emulateMedia({ media: 'screen' });

    // Final standings: every player, points summing to the 4 rounds' total (3 boards + 1 bye
    // per round worth 1 point each, except round 2: 3 boards + a half-point bye).
    await page.getByRole('link', { name: 'Standings' }).click();
    const table = byId(page, 'tiebreak-standings');
    const rows = table.locator('tbody tr');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 7);
    // The points column, found by its header.
    const column = await table.locator('thead th').evaluateAll((ths) => ths.findIndex((th) => th.textContent.trim() === 'Pts'));
    assert.ok(column >= 0, 'a Pts column');
    const points = await rows.evaluateAll(
      (trs, i) => trs.map((tr) => Number(tr.querySelectorAll('th, td')[i].textContent.trim())),
      column,
    );
    assert.equal(points.reduce((a, b) => a + b, 0), 4 * 3 + 3 * 1 + 0.5);
    await screenshot(page, 'swiss-standings');
    assert.deepEqual(errors, [], `console errors:\n${errors.join('\n')}`);
  });
});
