// End-to-end: a Swiss with TRF-2026 rules, through the built app (issue 10 items 1–4).
// The wizard sets Baku acceleration; a prohibited-pairings group (a family: players 1 and 3)
// is added on the Rounds tab, checked (a bad group is refused with the reason), persisted
// across a reload; round 1 is paired. The page's pairing must be exactly what the engine's CLI
// (`crosstable pair`) gives for the page's own TRF-2026 export — which therefore carries the
// 192 …_BAKU and 260 records — and must keep 1 and 3 apart; the virtual points are shown with
// the pairing. The TRF16 download writes the older edition.
//
// data-testids used: new-event-name, new-event-system, new-event-rounds, new-event-players,
// new-event-baku, new-event-points, new-event-create, nav-rounds, prohibited-players,
// prohibited-first, prohibited-last, prohibited-add, prohibited-item, prohibited-error,
// prohibited-remove, pair-next, pairing-board, virtual-points, export-trf, export-trf16.
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
  'Aronian, Levon, 2730',
  'Bacrot, Etienne, 2680',
  'Cheparinov, Ivan, 2655',
  'Dubov, Daniil, 2640',
  'Erigaisi, Arjun, 2620',
  'Firouzja, Alireza, 2600',
  'Giri, Anish, 2580',
  'Harikrishna, Pentala, 2560',
];

const byId = (page, id) => page.getByTestId(id);

/** Downloads the page's export from the button `testid` and returns its text. */
async function download(page, testid) {
  const [file] = await Promise.all([page.waitForEvent('download'), byId(page, testid).click()]);
  return readFile(await file.path(), 'utf8');
}

/** The CLI's pairing of the next round of `trfText`: [[white, black], …]. */
async function cliBoards(trfText, dir) {
  const file = path.join(dir, 'before-round-1.trf');
  await writeFile(file, trfText);
  const out = execFileSync(CLI, ['pair', file], { encoding: 'utf8' });
  return out
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.trim().split(/\s+/).map(Number))
    .filter(([, b]) => b !== 0);
}

describe('TRF-2026 rules in the app', () => {
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
    browser = await openBrowser({ viewport: { width: 1280, height: 1000 } });
    dir = await mkdtemp(path.join(tmpdir(), 'crosstable-rules2026-'));
  });
  after(async () => {
    await browser?.dispose();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('Baku acceleration and a prohibited pairing, paired as the CLI pairs the export', async () => {
    let { page } = browser;
    const errors = watchConsole(page);
    await gotoApp(page, server.url);

    // Baku with 3-1-0 is refused with the reason; with the standard points it is accepted.
    await fillNewEvent(page, {
      name: 'E2E Family Open',
      system: 'swiss',
      rounds: 5,
      players: PLAYERS.join('\n'),
      points: '3-1-0',
      baku: true,
    });
    await byId(page, 'new-event-create').click();
    assert.match(await byId(page, 'new-event-error').textContent(), /Baku acceleration needs/);
    await byId(page, 'new-event-points').selectOption('standard');
    await screenshot(page, 'rules2026-wizard');
    await byId(page, 'new-event-create').click();
    await byId(page, 'nav-rounds').click();

    // A group that names an unknown player is refused, with the reason.
    await byId(page, 'prohibited-players').fill('1, 99');
    await byId(page, 'prohibited-add').click();
    assert.match(await byId(page, 'prohibited-error').textContent(), /no player 99/);
    assert.equal(await byId(page, 'prohibited-item').count(), 0);
    // Players 1 and 3 (one family) never meet in rounds 1–5.
    await byId(page, 'prohibited-players').fill('1, 3');
    await byId(page, 'prohibited-first').fill('1');
    await byId(page, 'prohibited-last').fill('5');
    await byId(page, 'prohibited-add').click();
    await byId(page, 'prohibited-item').first().waitFor();
    assert.match(
      await byId(page, 'prohibited-item').first().textContent(),
      /Aronian, Levon \(1\), Cheparinov, Ivan \(3\) — not paired together in rounds 1–5/,
    );
    // Another group, then removed again: one remains.
    await byId(page, 'prohibited-players').fill('6 7');
    await byId(page, 'prohibited-add').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="prohibited-item"]').length === 2);
    await byId(page, 'prohibited-remove').nth(1).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="prohibited-item"]').length === 1);

    // Persisted with the event: still there after the browser restarts.
    ({ page } = await browser.reopen());
    const errorsAfter = watchConsole(page);
    await gotoApp(page, server.url);
    await page.getByRole('link', { name: /E2E Family Open/ }).first().click();
    await byId(page, 'nav-rounds').click();
    await byId(page, 'prohibited-item').first().waitFor();
    assert.equal(await byId(page, 'prohibited-item').count(), 1);

    // The TRF-2026 export carries the rules; the CLI pairs it.
    const trf = await download(page, 'export-trf');
    assert.match(trf, /^142 5$/m);
    assert.match(trf, /^192 FIDE_DUTCH_2026_BAKU$/m);
    assert.match(trf, /^260 +1 +5 +1 +3$/m);
    const expected = await cliBoards(trf, dir);
    const trf16 = await download(page, 'export-trf16');
    assert.match(trf16, /^XXR 5$/m);
    assert.doesNotMatch(trf16, /^142 /m);

    await byId(page, 'pair-next').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="pairing-board"]').length === 4);
    const boards = await byId(page, 'pairing-board').evaluateAll((rows) =>
      rows.map((r) => [Number(r.dataset.white), Number(r.dataset.black)]),
    );
    assert.deepEqual(boards, expected, 'the page pairs as the CLI pairs the page’s export');
    assert.ok(
      !boards.some(([w, b]) => (w === 1 && b === 3) || (w === 3 && b === 1)),
      `1 and 3 must not meet: ${JSON.stringify(boards)}`,
    );
    // Baku: players 1–4 pair with a virtual point, shown, and said not to count.
    assert.match(await byId(page, 'virtual-points').textContent(), /players 1–4 .* virtual point/);
    assert.match(await page.locator('table.pairings').textContent(), /0\s\+1/);
    for (const [width, height] of [[1280, 1000], [820, 1100], [390, 900]]) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `rules2026-rounds-${width}`);
    }
    assert.deepEqual([...errors, ...errorsAfter], []);
  });
});
