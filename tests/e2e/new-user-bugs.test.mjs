// End-to-end flows of issue 13 ("What a new user tripped over") that cross pages: the complete
// example opened twice is one saved copy (item 9), and a Swiss has no round-robin-only tabs
// while their addresses say what it has (item 5). data-testids: open-example, nav-whatif,
// whatif-unavailable, open-complete-example, whatif-table, event-item, new-event-*, view-unavailable.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createEvent, gotoApp, openBrowser, screenshot, startServer, watchConsole } from './helpers.mjs';

const byId = (page, id) => page.getByTestId(id);

describe('new-user bugs', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  test('"Open the complete example" reuses the saved copy', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      for (let visit = 0; visit < 2; visit++) {
        await gotoApp(page, server.url);
        await byId(page, 'open-example').click();
        await byId(page, 'nav-whatif').click();
        const refusal = byId(page, 'whatif-unavailable');
        await refusal.waitFor({ state: 'visible' });
        assert.match(await refusal.textContent(), /withdrew after round \d+/);
        await byId(page, 'open-complete-example').click();
        await byId(page, 'whatif-table').waitFor({ state: 'visible' });
      }
      await gotoApp(page, server.url);
      await byId(page, 'event-item').first().waitFor({ state: 'visible' });
      const names = await byId(page, 'event-item').allTextContents();
      assert.equal(names.filter((n) => n.includes('all games played')).length, 1, names.join('\n'));
      assert.deepEqual(errors, []);
    } finally {
      await browser.dispose();
    }
  });

  test('a Swiss shows only its own tabs, and a round-robin-only address says what it has', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      await gotoApp(page, server.url);
      await createEvent(page, {
        name: 'Club Swiss',
        players: 'Name\tRating\nAnders, Ann\t2100\nBerg, Bo\t2000\nCruz, Cy\t1900\nDahl, Di\t1800',
      });
      await byId(page, 'nav-rounds').waitFor({ state: 'visible' });
      assert.equal(await byId(page, 'nav-withdrawal').count(), 0);
      assert.equal(await byId(page, 'nav-sensitivity').count(), 0);
      // The what-if has a Swiss version (issue 10 item 7), so a Swiss keeps that tab.
      assert.equal(await byId(page, 'nav-whatif').count(), 1);
      const url = new URL(page.url());
      await gotoApp(page, new URL(url.pathname + '/sensitivity', server.url).href);
      const panel = byId(page, 'view-unavailable');
      await panel.waitFor({ state: 'visible' });
      assert.match(await panel.textContent(), /round-robin/);
      await screenshot(page, 'new-user-swiss-unavailable');
      assert.deepEqual(errors, []);
    } finally {
      await browser.dispose();
    }
  });
  test('on a 1,400 px screen the sensitivity data tables show every column (item 12)', async () => {
    const browser = await openBrowser({ viewport: { width: 1400, height: 900 } });
    try {
      const { page } = browser;
      await gotoApp(page, server.url);
      await byId(page, 'open-example').click();
      await byId(page, 'nav-sensitivity').click();
      const tables = page.locator('.table-scroll table');
      await tables.first().waitFor({ state: 'attached' });
      // Open every folded data table, then measure each scroll box against its table.
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
      const boxes = await page.locator('.table-scroll').evaluateAll((els) =>
        els.map((el) => ({
          head: [...el.querySelectorAll('thead th')].map((th) => th.textContent.trim()),
          scroll: el.scrollWidth,
          client: el.clientWidth,
        })),
      );
      assert.ok(boxes.length >= 3, JSON.stringify(boxes));
      assert.ok(boxes.some((b) => b.head.some((h) => h.includes('now (k ='))), JSON.stringify(boxes));
      for (const b of boxes) assert.ok(b.scroll <= b.client + 1, `cut off: ${JSON.stringify(b)}`);
      await screenshot(page, 'new-user-sensitivity-1400');
    } finally {
      await browser.dispose();
    }
  });
});
