// End-to-end: each piece of data has one owner.
//  - An event's tie-break list belongs to the event: the list typed in the new-event wizard is
//    the one the Standings tab shows (editor and columns); a change made there survives a reload
//    and goes out in the TRF export's 202 record; the settings keep no copy of it.
//  - A list an older version kept in the settings moves into its event (schema 1 -> 2).
//  - A broken-but-readable TRF is imported with its warnings listed (line, column, message).
//
// data-testids used: new-event-name, new-event-system, new-event-tiebreaks, new-event-players,
// new-event-create, tiebreak-editor, tiebreak-preset, tiebreak-standings, export-trf,
// open-example, import-file, import-warnings, import-warning, import-open, event-item.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createEvent, gotoApp, openBrowser, screenshot, startServer, watchConsole } from './helpers.mjs';

const byId = (page, id) => page.getByTestId(id);

const SETTINGS_KEY = 'crosstable.v1.settings';
const INDEX_KEY = 'crosstable.v1.index';
const EXAMPLE_KEY = 'crosstable.v1.event.example';

/** The tie-break column headers (after rank, no., player, rating, points). */
// The tie-break list a stored event record holds: its typed rules' `tiebreaks`, wherever
// the record nests the tournament.
function storedTiebreaks(raw) {
  const find = (value) => {
    if (value === null || typeof value !== 'object') return undefined;
    if (value.rules && typeof value.rules === 'object' && 'tiebreaks' in value.rules) return value.rules.tiebreaks;
    for (const inner of Object.values(value)) {
      const found = find(inner);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return find(JSON.parse(raw));
}

async function tiebreakColumns(page) {
  const heads = await byId(page, 'tiebreak-standings').locator('thead th').allTextContents();
  return heads.slice(5).map((s) => s.trim());
}

/** The codes listed in the tie-break editor, in order. */
async function editorCodes(page) {
  return (await byId(page, 'tiebreak-editor').locator('.tb-code').allTextContents()).map((s) => s.trim());
}

/** Waits until the standings table's columns are `codes` (Leptos updates asynchronously). */
async function waitForColumns(page, codes) {
  await page.waitForFunction(
    (want) =>
      JSON.stringify(
        [...document.querySelectorAll('[data-testid="tiebreak-standings"] thead th')]
          .slice(5)
          .map((th) => th.textContent.trim()),
      ) === JSON.stringify(want),
    codes,
  );
}

async function openStandings(page) {
  await page.getByRole('navigation', { name: 'Event' }).getByRole('link', { name: 'Standings' }).click();
  await byId(page, 'tiebreak-standings').waitFor({ state: 'visible' });
  await byId(page, 'tiebreak-editor').waitFor({ state: 'visible' });
}

/** Downloads the page's TRF export and returns its text. */
async function exportTrf(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'export-trf').click()]);
  return readFile(await download.path(), 'utf8');
}

// A TRF whose points column disagrees with the results for players 1 and 3 (2.5 and 0.5 where
// the results give 1.5 each): readable, so it is imported, with one warning per such line.
const ODD_TRF = [
  '012 Points Column Open',
  'XXR 3',
  '001    1      Alpha                             2400                             2.5    1     2 w 1     3 b =',
  '001    2      Beta                              2300                             0.0    3     1 b 0  0000 - Z',
  '001    3      Gamma                             2200                             0.5    2  0000 - U     1 w =',
  '',
].join('\n');

describe('one owner for each piece of data', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  test("the wizard's tie-break list is the Standings tab's, kept in the event and its TRF", async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      await gotoApp(page, server.url);

      // The wizard: a round-robin with a list that is no preset (the default would be
      // DE, SB, WIN, KS).
      await createEvent(page, {
        name: 'Ownership Round-Robin',
        system: 'rr1',
        tiebreaks: 'SB, WIN, DE',
        players: 'Andersen, Viktor, 2795\nMoreau, Lucas, 2780\nOkafor, Daniel, 2762\nPetrov, Ivan, 2700',
      });
      const eventUrl = page.url();

      // The Standings tab shows exactly that list, in the editor and as the table's columns.
      await openStandings(page);
      await waitForColumns(page, ['SB', 'WIN', 'DE']);
      assert.deepEqual(await editorCodes(page), ['SB', 'WIN', 'DE']);
      assert.equal(await byId(page, 'tiebreak-preset').inputValue(), 'custom');

      // Change it there: remove WIN, move DE up.
      const editor = byId(page, 'tiebreak-editor');
      await editor.getByRole('button', { name: 'Remove WIN' }).click();
      await waitForColumns(page, ['SB', 'DE']);
      await editor.getByRole('button', { name: 'Move DE up' }).click();
      await waitForColumns(page, ['DE', 'SB']);

      // Kept after a reload, and in the TRF export's 202 record (TRF-2026; TRF16 would say XXT).
      await page.reload();
      await byId(page, 'tiebreak-standings').waitFor({ state: 'visible' });
      await waitForColumns(page, ['DE', 'SB']);
      assert.deepEqual(await editorCodes(page), ['DE', 'SB']);
      const trf = await exportTrf(page);
      const lists = trf.split(/\r?\n/).filter((line) => /^(XXT|202)/.test(line));
      assert.deepEqual(lists, ['202 DE SB'], `the TRF's tie-break lists:\n${trf}`);

      // One owner: the settings hold no copy of the list, the event does.
      const stored = await page.evaluate(() =>
        Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])),
      );
      const id = new URL(eventUrl).pathname.split('/')[2];
      assert.deepEqual(storedTiebreaks(stored[`crosstable.v1.event.${id}`]), ['DE', 'SB']);
      assert.doesNotMatch(stored[SETTINGS_KEY] ?? '', /"SB"|"DE"/, stored[SETTINGS_KEY]);
      await screenshot(page, 'ownership-standings');
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await browser.dispose();
    }
  });

  test('a list an older version kept in the settings moves into its event', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      // First visit: the example is created and saved.
      await gotoApp(page, server.url);
      await page.waitForFunction((key) => localStorage.getItem(key) !== null, EXAMPLE_KEY);

      // Storage as version 1 of the app left it: the example's list in the settings.
      await page.evaluate(
        ({ settingsKey, indexKey }) => {
          localStorage.setItem(
            settingsKey,
            JSON.stringify({
              version: 1,
              k: 3,
              expectation: 'logistic',
              selected: null,
              tiebreaks: { example: { rules: 'fide2023', tiebreaks: ['SB', 'WIN'], basis: 'recorded' } },
            }),
          );
          const index = JSON.parse(localStorage.getItem(indexKey));
          localStorage.setItem(indexKey, JSON.stringify({ ...index, version: 1 }));
        },
        { settingsKey: SETTINGS_KEY, indexKey: INDEX_KEY },
      );
      await gotoApp(page, server.url);
      await byId(page, 'open-example').click();
      await openStandings(page);
      await waitForColumns(page, ['SB', 'WIN']);
      assert.equal(await byId(page, 'tiebreak-rules').inputValue(), 'fide2023', 'the rule version is kept');

      // Moved once: the event holds the list, the settings (now version 2) only the preferences.
      // (The stored record is pretty-printed JSON.)
      await page.waitForFunction(
        (key) => /"tiebreaks":\s*\[\s*"SB",\s*"WIN"\s*\]/.test(localStorage.getItem(key)),
        EXAMPLE_KEY,
      );
      assert.deepEqual(storedTiebreaks(await page.evaluate((key) => localStorage.getItem(key), EXAMPLE_KEY)), ['SB', 'WIN']);
      await page.waitForFunction((key) => JSON.parse(localStorage.getItem(key)).version === 2, SETTINGS_KEY);
      const settings = JSON.parse(await page.evaluate((key) => localStorage.getItem(key), SETTINGS_KEY));
      assert.equal(settings.tiebreaks, undefined, JSON.stringify(settings));
      assert.deepEqual(settings.standings.example, { rules: 'fide2023', basis: 'recorded' });
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await browser.dispose();
    }
  });

  test("a broken-but-readable TRF is imported with its warnings listed", async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      await gotoApp(page, server.url);
      await byId(page, 'import-file').setInputFiles({
        name: 'points-column.trf',
        mimeType: 'text/plain',
        buffer: Buffer.from(ODD_TRF, 'utf8'),
      });

      // The warnings, under a heading naming the event and the file, one item per warning.
      const panel = byId(page, 'import-warnings');
      await panel.waitFor({ state: 'visible' });
      const heading = await panel.getByRole('heading').textContent();
      assert.match(heading, /“Points Column Open” was imported from “points-column\.trf” with 2 warnings/);
      const items = (await byId(page, 'import-warning').allTextContents()).map((s) => s.trim());
      assert.equal(items.length, 2, items.join('\n'));
      assert.match(items[0], /^Line 3, column \d+: player 1's points column says 2\.5 but the results add up to 1\.5/);
      assert.match(items[1], /^Line 5, column \d+: player 3's points column says 0\.5 but the results add up to 1\.5/);
      assert.match(await page.getByRole('status').filter({ hasText: 'was imported' }).textContent(), /2 warnings/);
      await screenshot(page, 'ownership-import-warnings');

      // The event is imported (nothing was refused), and the list can be dismissed.
      assert.equal(await byId(page, 'event-item').filter({ hasText: 'Points Column Open' }).count(), 1);
      const href = await byId(page, 'import-open').getAttribute('href');
      assert.match(href, /^\/event\/[^/]+$/);
      await byId(page, 'import-report').getByRole('button', { name: 'Dismiss' }).click();
      await panel.waitFor({ state: 'detached' });

      // The event opens with the results the file's rounds give (points from the results).
      await page.goto(new URL(href, server.url).href);
      await page.getByRole('heading', { name: 'Points Column Open' }).waitFor();
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await browser.dispose();
    }
  });
});
