// End-to-end flows of the withdrawal page and TRF import, through the built app, addressed by
// these data-testids (the contract):
//   open-example, nav-withdrawal, k-slider, imputed-table, standings,
//   import-file (<input type=file>), import-error, event-list.
// Each test uses a fresh browser profile, so none depends on another's leftovers.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  gotoApp,
  openBrowser,
  screenshot,
  setRange,
  startServer,
  waitForTextChange,
  watchConsole,
} from './helpers.mjs';

const byId = (page, id) => page.getByTestId(id);

/** Home → "open the example" → the withdrawal page; returns the imputed table's text. */
async function openExampleWithdrawal(page, url) {
  await gotoApp(page, url);
  await byId(page, 'open-example').click();
  await byId(page, 'nav-withdrawal').click();
  const table = byId(page, 'imputed-table');
  await table.waitFor({ state: 'visible' });
  return table.textContent();
}

/** A slider value different from the current one (mid-range if possible). */
async function anotherSliderValue(slider) {
  return slider.evaluate((el) => {
    const min = Number(el.min || 0);
    const max = Number(el.max || 100);
    const step = el.step && el.step !== 'any' ? Number(el.step) : 1;
    const current = Number(el.value);
    const snap = (v) => Math.min(max, Math.max(min, min + Math.round((v - min) / step) * step));
    const candidates = [snap((min + max) / 2), snap(min + step), max, min];
    return String(candidates.find((v) => Math.abs(v - current) > step / 2));
  });
}

// --- TRF files (TRF16 fixed columns) ---

/** A TRF16 player line (001): start number, name, rating, then [opponent, colour, result] per round. */
function playerLine(no, name, rating, rounds) {
  const cols = (text, width, right = false) => (right ? String(text).padStart(width) : String(text).padEnd(width));
  const points = rounds.reduce((sum, [, , r]) => sum + ({ 1: 1, '=': 0.5, 0: 0 })[r], 0);
  let line =
    '001 ' + cols(no, 4, true) + ' ' + cols('m', 1) + cols('', 3) + ' ' + cols(name, 33) + ' ' +
    cols(rating, 4, true) + ' ' + cols('NOR', 3) + ' ' + cols('', 11) + ' ' + cols('', 10) + ' ' +
    cols(points.toFixed(1), 4, true) + ' ' + cols(no, 4, true);
  for (const [opp, colour, result] of rounds) line += '  ' + cols(opp, 4, true) + ' ' + colour + ' ' + result;
  return line;
}

const IMPORTED_NAME = 'E2E Import Invitational';

// A complete 4-player single round-robin (Berger rounds 1-3).
const GOOD_TRF = [
  `012 ${IMPORTED_NAME}`,
  '022 Testville',
  '032 NOR',
  '042 2026/01/10',
  '052 2026/01/12',
  '062 4',
  '092 Individual: Round-robin',
  playerLine(1, 'Alpha, Anna', 2400, [[4, 'w', '1'], [3, 'b', '='], [2, 'w', '1']]),
  playerLine(2, 'Bravo, Bjorn', 2350, [[3, 'w', '='], [4, 'b', '1'], [1, 'b', '0']]),
  playerLine(3, 'Charlie, Cara', 2300, [[2, 'b', '='], [1, 'w', '='], [4, 'w', '0']]),
  playerLine(4, 'Delta, Dag', 2250, [[1, 'b', '0'], [2, 'w', '0'], [3, 'b', '1']]),
].join('\n') + '\n';

// Line 4 is a player line whose start number and rating are garbage.
const BROKEN_TRF_LINE = 4;
const BROKEN_TRF = [
  '012 Broken Event',
  '022 Nowhere',
  '062 2',
  '001 XXXX m    Broken, Bob                       ABCD NOR',
  playerLine(2, 'Whole, Wendy', 2200, []),
].join('\n') + '\n';

const trfFile = (name, text) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text, 'utf8') });

describe('withdrawal page', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  test('moving the k slider recomputes the imputed table', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      const before = await openExampleWithdrawal(page, server.url);
      await byId(page, 'standings').first().waitFor({ state: 'visible' });
      await screenshot(page, 'withdrawal-before');

      const slider = byId(page, 'k-slider');
      const value = await anotherSliderValue(slider);
      await setRange(slider, value);
      const afterText = await waitForTextChange(byId(page, 'imputed-table'), before);
      assert.notEqual(afterText, before);
      assert.equal(await slider.inputValue(), value);
      await screenshot(page, 'withdrawal-after-k');
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await browser.dispose();
    }
  });

  test('reload and a browser restart (same profile) keep the state', async () => {
    const browser = await openBrowser();
    try {
      let { page } = browser;
      const before = await openExampleWithdrawal(page, server.url);
      const slider = byId(page, 'k-slider');
      const value = await anotherSliderValue(slider);
      await setRange(slider, value);
      const changed = await waitForTextChange(byId(page, 'imputed-table'), before);
      const where = page.url();

      await page.reload();
      await byId(page, 'imputed-table').waitFor({ state: 'visible' });
      assert.equal(await byId(page, 'k-slider').inputValue(), value, 'k after reload');
      assert.equal(await byId(page, 'imputed-table').textContent(), changed, 'table after reload');

      ({ page } = await browser.reopen());
      await gotoApp(page, where);
      await byId(page, 'imputed-table').waitFor({ state: 'visible' });
      assert.equal(await byId(page, 'k-slider').inputValue(), value, 'k after restart');
      assert.equal(await byId(page, 'imputed-table').textContent(), changed, 'table after restart');
    } finally {
      await browser.dispose();
    }
  });
});

describe('TRF import', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  test('importing a TRF shows the imported event', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      await gotoApp(page, server.url);
      await byId(page, 'import-file').setInputFiles(trfFile('e2e.trf', GOOD_TRF));
      await page.getByText(IMPORTED_NAME).first().waitFor({ state: 'visible' });
      await gotoApp(page, server.url);
      assert.match(await byId(page, 'event-list').textContent(), new RegExp(IMPORTED_NAME));
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await browser.dispose();
    }
  });

  test('a broken TRF shows an error naming the line and changes nothing', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      await gotoApp(page, server.url);
      await byId(page, 'open-example').click();
      await gotoApp(page, server.url);
      await byId(page, 'import-file').setInputFiles(trfFile('e2e.trf', GOOD_TRF));
      await page.getByText(IMPORTED_NAME).first().waitFor({ state: 'visible' });
      await gotoApp(page, server.url);
      const list = byId(page, 'event-list');
      const listBefore = await list.textContent();
      assert.match(listBefore, new RegExp(IMPORTED_NAME));

      await byId(page, 'import-file').setInputFiles(trfFile('broken.trf', BROKEN_TRF));
      const error = byId(page, 'import-error');
      await error.waitFor({ state: 'visible' });
      assert.match(await error.textContent(), new RegExp(`line\\s*${BROKEN_TRF_LINE}\\b`, 'i'));
      await screenshot(page, 'import-error');
      assert.equal(await list.textContent(), listBefore, 'the event list must not change');

      // Nothing half-imported survives a reload either.
      await gotoApp(page, server.url);
      assert.equal(await byId(page, 'event-list').textContent(), listBefore, 'event list after reload');
      // A user's bad file is not a crash: no panic or uncaught exception.
      const crashes = errors.filter((e) => e.startsWith('uncaught') || /panicked/.test(e));
      assert.deepEqual(crashes, [], crashes.join('\n'));
    } finally {
      await browser.dispose();
    }
  });
});
