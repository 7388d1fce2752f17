// End-to-end: PGN files through the built app. A file of games becomes a new event (its system
// inferred, or chosen); a broken file is refused with its line and changes nothing; on an event,
// "Import results from PGN" previews what each game changes and applies it only when asked.
//
// Fixtures: fixtures/pgn/ (see its README). data-testids used: import-file, import-pgn-format,
// import-error, event-list, nav-import-results, pgn-merge-file, pgn-merge-summary,
// pgn-merge-preview, pgn-merge-apply, pgn-merge-applied, pgn-merge-error.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gotoApp, openBrowser, screenshot, startServer, watchConsole, importFile } from './helpers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = (name) => path.join(ROOT, 'fixtures', 'pgn', name);
const byId = (page, id) => page.getByTestId(id);
const EVENT = 'Lisbon Spring Round-Robin 2026';

/** Imports a fixture from the home page and waits for the event page. */
async function importPgn(page, url, name, format = 'infer') {
  await gotoApp(page, url);
  await byId(page, 'import-pgn-format').selectOption(format);
  await importFile(page, fixture(name));
  await page.locator('.event-title').waitFor();
}

describe('PGN import', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  test('a PGN file of a complete round-robin becomes a round-robin event', async () => {
    for (const [width, height] of [[1280, 900], [820, 1100], [390, 844]]) {
      const browser = await openBrowser({ viewport: { width, height } });
      try {
        const { page } = browser;
        const errors = watchConsole(page);
        await importPgn(page, server.url, 'round-robin-6.pgn');
        assert.equal(await page.locator('.event-title').textContent(), EVENT);
        const facts = await page.locator('.event-header .muted').first().textContent();
        assert.match(facts, /^Round-robin · 6 players · 5 of 5 rounds played/);
        assert.match(facts, /Lisbon POR/);
        // The crosstable shows every player by name, accents and commas intact.
        // (In the crosstable's table: the names also appear, hidden until opened, in the
        // "before sending for rating" list.)
        for (const name of ['Ivanova, Daria', 'Da Silva, João', 'Moreau, Élise']) {
          await page.locator('main table').getByText(name).first().waitFor();
        }
        await screenshot(page, `pgn-imported-${width}`);
        assert.deepEqual(errors, [], errors.join('\n'));
      } finally {
        await browser.dispose();
      }
    }
  });

  test('the system can be chosen instead of inferred', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await importPgn(page, server.url, 'round-robin-6.pgn', 'swiss');
      const facts = await page.locator('.event-header .muted').first().textContent();
      assert.match(facts, /^Swiss, 5 rounds · 6 players/);
    } finally {
      await browser.dispose();
    }
  });

  test('a broken PGN file is refused with its line, and nothing is imported', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      await gotoApp(page, server.url);
      await byId(page, 'open-example').click();
      await gotoApp(page, server.url);
      const before = await byId(page, 'event-list').textContent();
      await byId(page, 'import-file').setInputFiles(fixture('broken-unclosed-variation.pgn'));
      const error = byId(page, 'import-error');
      await error.waitFor({ state: 'visible' });
      const text = await error.textContent();
      assert.match(text, /PGN file, line 7, column 17: a variation opened with \( here is never closed; close the variation with \)/);
      assert.match(text, /Nothing was imported/);
      await screenshot(page, 'pgn-import-error');
      assert.equal(await byId(page, 'event-list').textContent(), before);
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await browser.dispose();
    }
  });

  test('results from a PGN file are previewed, then applied to the event', async () => {
    for (const [width, height] of [[1280, 900], [820, 1100], [390, 844]]) {
      const browser = await openBrowser({ viewport: { width, height } });
      try {
        const { page } = browser;
        const errors = watchConsole(page);
        await importPgn(page, server.url, 'round-robin-6.pgn');
        await byId(page, 'nav-import-results').click();
        await byId(page, 'pgn-merge-file').setInputFiles(fixture('unknown-player.pgn'));
        const error = byId(page, 'pgn-merge-error');
        await error.waitFor({ state: 'visible' });
        assert.match(await error.textContent(), /not players of this event: “Nobody, Known” \(line 4\)/);

        await byId(page, 'pgn-merge-file').setInputFiles(fixture('round-robin-6-round-5-corrected.pgn'));
        const summary = byId(page, 'pgn-merge-summary');
        await summary.waitFor({ state: 'visible' });
        assert.equal(await error.count(), 0);
        assert.match(await summary.textContent(), /3 games — 0 new, 1 corrected, 0 newly paired, 2 unchanged/);
        const rows = byId(page, 'pgn-merge-preview').locator('tbody tr');
        assert.equal(await rows.count(), 3);
        assert.match(await rows.first().textContent(), /corrected/);
        await screenshot(page, `pgn-merge-preview-${width}`);

        await byId(page, 'pgn-merge-apply').click();
        await page.getByText('Applied 1 change from').waitFor();
        // The same file again changes nothing: the correction was stored.
        await byId(page, 'pgn-merge-file').setInputFiles(fixture('round-robin-6-round-5-corrected.pgn'));
        await summary.waitFor({ state: 'visible' });
        assert.match(await summary.textContent(), /0 new, 0 corrected, 0 newly paired, 3 unchanged/);
        assert.deepEqual(errors, [], errors.join('\n'));
      } finally {
        await browser.dispose();
      }
    }
  });
});
