// End-to-end: "Check every round" on the Rounds tab (issue 29 item 3). A finished Swiss imported
// from its TRF (fixtures/dutch/t010) agrees in all 8 rounds; the same file with two opponents of
// round 3 swapped (as crates/engine/tests/support/tamper.rs does it) lists round 3 first, with
// exactly the two boards the file has and the two Crosstable would pair. A change after the
// check marks it stale. A round-robin and a Swiss with nothing paired get the checker's refusal
// in words, no button. A 199-player Swiss (t133, 10 rounds) is checked in the pairing worker,
// timed. axe on the report; screenshots at 1280, 820 and 390 px.
//
// data-testids used: import-file, import-open, nav-rounds, rounds-check, check-rounds,
// check-progress, check-summary, check-round, check-stale, check-refused, board-result,
// open-example.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, axeViolations, createEvent, gotoApp, screenshot, useApp, watchConsole, importFile } from './helpers.mjs';

const byId = (page, id) => page.getByTestId(id);

/**
 * `text` with the round-`round` opponents of players `a`–`b` and `c`–`d` (two games with the
 * same result) swapped on all four lines: the file then has a–d and c–b, every score unchanged.
 */
function swapOpponents(text, round, [a, b], [c, d]) {
  const at = 91 + 10 * (round - 1);
  const lines = text.split('\n');
  for (const [player, opponent] of [[a, d], [d, a], [c, b], [b, c]]) {
    const i = lines.findIndex((l) => l.startsWith('001') && Number(l.slice(4, 8)) === player);
    assert.ok(i >= 0, `a line for player ${player}`);
    lines[i] = lines[i].slice(0, at) + String(opponent).padStart(4) + lines[i].slice(at + 4);
  }
  return lines.join('\n');
}

/** Imports `file` from the home page and opens the event's Rounds tab. */
async function importAndOpenRounds(page, url, file) {
  await gotoApp(page, url);
  await importFile(page, file);
  await byId(page, 'nav-rounds').click();
  await byId(page, 'rounds-check').waitFor();
}

/** Presses "Check every round" and waits for the summary line. */
async function check(page, timeout = 30_000) {
  const summary = byId(page, 'check-summary');
  await byId(page, 'check-rounds').click();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="check-summary"]')?.textContent.trim() !== '',
    null,
    { timeout },
  );
  return (await summary.textContent()).trim();
}

/** The boards of a round's table, column by column (`data-board`: `7-2`, `bye 11`), sorted. */
async function columns(table) {
  return table.evaluate((t) => {
    const col = (i) =>
      [...t.querySelectorAll('tbody tr')]
        .map((r) => r.children[i]?.dataset.board)
        .filter(Boolean)
        .sort();
    return { event: col(0), ours: col(1) };
  });
}

describe('check every round', () => {
  const app = useApp();
  let tmp;
  let clean;
  let tampered;
  let big;
  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'crosstable-check-'));
    const t010 = await readFile(path.join(ROOT, 'fixtures/dutch/t010/full.trf'), 'utf8');
    clean = path.join(tmp, 't010.trf');
    await writeFile(clean, t010);
    // Round 3 of t010: 7–1 and 5–2, both won by Black.
    tampered = path.join(tmp, 't010-round3-swapped.trf');
    await writeFile(tampered, swapOpponents(t010, 3, [7, 1], [5, 2]).replace('t010', 't010 tampered'));
    big = path.join(tmp, 't133.trf');
    await writeFile(big, await readFile(path.join(ROOT, 'fixtures/dutch/t133/full.trf'), 'utf8'));
  });
  after(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  test('a Swiss paired by the Dutch rules agrees in every round', async () => {
    const { page } = app.browser;
    const errors = watchConsole(page);
    await importAndOpenRounds(page, app.server.url, clean);
    assert.equal(await check(page), 'All 8 rounds agree with Crosstable’s pairing.');
    assert.equal(await byId(page, 'check-summary').getAttribute('data-agrees'), 'true');
    assert.equal(await byId(page, 'check-round').count(), 0, 'no round listed');
    assert.deepEqual(errors, []);
  });

  test('a round with two opponents swapped is listed with its boards side by side', async () => {
    const { page } = app.browser;
    const errors = watchConsole(page);
    await importAndOpenRounds(page, app.server.url, tampered);
    const summary = await check(page);
    assert.match(summary, /^\d+ rounds? of 8 differs? from Crosstable’s pairing\./, summary);
    assert.equal(await byId(page, 'check-summary').getAttribute('data-agrees'), 'false');
    const first = byId(page, 'check-round').first();
    assert.equal(await first.getAttribute('data-round'), '3', 'round 3 is the first difference');
    assert.equal(await first.locator('caption').textContent(), 'Round 3');
    assert.deepEqual(await first.locator('thead th').allTextContents(), ['In the event', 'Crosstable would pair']);
    assert.deepEqual(await columns(first), { event: ['5-1', '7-2'], ours: ['5-2', '7-1'] });
    // White first, with the players' names.
    assert.ok(
      (await first.locator('tbody').textContent()).includes('7 Test0007 Player0007 – 2 Test0002 Player0002'),
      'a board reads White – Black with numbers and names',
    );
    const tables = await byId(page, 'check-round').evaluateAll((ts) => ts.map((t) => t.dataset.round));
    assert.equal(summary.match(/^\d+/)[0], String(tables.length), 'the summary counts the tables');
    console.log(`tampered t010: rounds listed ${tables.join(', ')}`);

    await byId(page, 'rounds-check').scrollIntoViewIfNeeded();
    for (const width of [1280, 820, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `check-rounds-${width}`);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      assert.equal(wide, false, `no sideways scroll at ${width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(await axeViolations(page, '[data-testid="rounds-check"]'), [], 'axe on the check');

    // A change after the check (a result corrected): the report stays, marked stale.
    await byId(page, 'board-result').first().selectOption('draw');
    await byId(page, 'check-stale').waitFor();
    assert.deepEqual(errors, []);
  });

  test('a round-robin and an unpaired Swiss are told why, with no button', async () => {
    const { page } = app.browser;
    const errors = watchConsole(page);
    await gotoApp(page, app.server.url);
    await byId(page, 'open-example').click();
    await byId(page, 'nav-rounds').click();
    const refused = byId(page, 'check-refused');
    await refused.waitFor();
    assert.equal(
      await refused.textContent(),
      'Checking pairs a Swiss again by the FIDE Dutch system; this event is a round-robin, paired from the Berger tables.',
    );
    assert.equal(await byId(page, 'check-rounds').count(), 0, 'no button');

    await gotoApp(page, app.server.url);
    await createEvent(page, { name: 'Unpaired', system: 'swiss', rounds: 3, players: 'A, 2000\nB, 1900\nC, 1800\nD, 1700' });
    await byId(page, 'nav-rounds').click();
    await refused.waitFor();
    assert.equal(await refused.textContent(), 'No round is paired yet: there is nothing to check.');
    assert.equal(await byId(page, 'check-rounds').count(), 0, 'no button');
    assert.deepEqual(errors, []);
  });

  test('a 199-player Swiss is checked off the page, with progress', async () => {
    const { page } = app.browser;
    const errors = watchConsole(page);
    await importAndOpenRounds(page, app.server.url, big);
    const started = Date.now();
    await byId(page, 'check-rounds').click();
    await byId(page, 'check-progress').waitFor();
    // The page answers while the worker checks.
    const typed = await page.evaluate(() => new Promise((done) => {
      const t0 = performance.now();
      setTimeout(() => done(performance.now() - t0), 0);
    }));
    assert.ok(typed < 200, `the page stays responsive (a task ran after ${typed} ms)`);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="check-summary"]')?.textContent.trim() !== '',
      null,
      { timeout: 120_000 },
    );
    const seconds = (Date.now() - started) / 1000;
    console.log(`t133 (199 players, 10 rounds): checked in ${seconds.toFixed(1)} s`);
    assert.equal((await byId(page, 'check-summary').textContent()).trim(), 'All 10 rounds agree with Crosstable’s pairing.');
    assert.equal(await byId(page, 'check-progress').count(), 0, 'the progress is gone');
    assert.deepEqual(errors, []);
  });
});
