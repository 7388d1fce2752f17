// End-to-end flow of the standings tab through the built app, addressed by these data-testids:
//   open-example, tiebreak-standings, tiebreak-editor, tiebreak-preset, tiebreak-breakdown,
//   why-above, rating-changes, export-standings-csv.
// Open the example → Standings → change the preset → a value's breakdown → why-above → CSV.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { gotoApp, openBrowser, screenshot, startServer, waitForTextChange, watchConsole } from './helpers.mjs';

const byId = (page, id) => page.getByTestId(id);

/** The tie-break column headers (after rank, no., player, rating, points). */
async function tiebreakColumns(page) {
  const heads = await byId(page, 'tiebreak-standings').locator('thead th').allTextContents();
  return heads.slice(5).map((s) => s.trim());
}

describe('standings with tie-breaks', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  test('preset, breakdown, why-above and the CSV download', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      await gotoApp(page, server.url);
      await byId(page, 'open-example').click();
      await page.getByRole('navigation', { name: 'Event' }).getByRole('link', { name: 'Standings' }).click();
      const table = byId(page, 'tiebreak-standings');
      await table.waitFor({ state: 'visible' });
      await byId(page, 'tiebreak-editor').waitFor({ state: 'visible' });

      // The example is a round-robin: its FIDE preset is the default.
      assert.equal(await byId(page, 'tiebreak-preset').inputValue(), 'round-robin');
      const rrColumns = await tiebreakColumns(page);
      assert.ok(rrColumns.length > 0, 'tie-break columns');
      assert.equal(await table.locator('tbody tr').count(), 10);
      assert.equal(await table.locator('tbody tr.withdrawn').count(), 1, 'the withdrawn player is marked');

      // The Swiss preset: other columns, and the list says so.
      const bodyBefore = await table.locator('thead').textContent();
      await byId(page, 'tiebreak-preset').selectOption('swiss');
      await waitForTextChange(table.locator('thead'), bodyBefore);
      const swissColumns = await tiebreakColumns(page);
      assert.notDeepEqual(swissColumns, rrColumns);
      const listed = (await byId(page, 'tiebreak-editor').locator('.tb-code').allTextContents()).map((s) => s.trim());
      assert.deepEqual(swissColumns, listed, 'one column per listed tie-break, in order');

      // Keyboard: Enter on the first row's second value opens its breakdown.
      const value = table.locator('tbody tr').first().locator('button.value').nth(1);
      await value.focus();
      await page.keyboard.press('Enter');
      const breakdown = byId(page, 'tiebreak-breakdown');
      await breakdown.locator('table.breakdown-items tbody tr').first().waitFor();
      assert.match(await breakdown.locator('h4').textContent(), new RegExp(swissColumns[1]));
      const lines = await breakdown.locator('table.breakdown-items tbody tr').allTextContents();
      assert.ok(lines.length >= 5, `opponent lines: ${lines.length}`);
      assert.ok(lines.some((l) => /#\d+ \S/.test(l)), `an opponent is named: ${lines[0]}`);

      // Why is A above B: a criterion named in words.
      const why = byId(page, 'why-above');
      const headline = await why.locator('.why-headline').textContent();
      assert.match(headline, /is above|share rank/);
      await why.scrollIntoViewIfNeeded();
      await byId(page, 'rating-changes').scrollIntoViewIfNeeded();
      assert.ok((await byId(page, 'rating-changes').locator('tbody tr').count()) > 0);

      // The CSV download: the header, then one row per player.
      const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'export-standings-csv').click()]);
      assert.match(download.suggestedFilename(), /standings\.csv$/);
      const csv = await readFile(await download.path(), 'utf8');
      const rows = csv.trim().split('\n');
      assert.equal(rows[0], ['rank,start_no,name,points', ...swissColumns].join(','));
      assert.ok(csv.startsWith('rank,start_no,name,points'));
      assert.equal(rows.length, 11);

      // The choice survives a reload (stored per event).
      await page.reload();
      await byId(page, 'tiebreak-standings').waitFor({ state: 'visible' });
      assert.equal(await byId(page, 'tiebreak-preset').inputValue(), 'swiss');
      await screenshot(page, 'standings');
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await browser.dispose();
    }
  });
});
