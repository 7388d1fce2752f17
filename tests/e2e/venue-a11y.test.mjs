// End-to-end: accessibility at the venue (issue 11 item 3). axe-core (WCAG 2.x A and AA) on every
// page and tab finds no serious or critical violation; every page has its own title; a skip link
// is the first tab stop; the crosstable is one tab stop with arrow keys, Enter opens the result
// chooser with focus in it and Escape brings focus back to the cell.
//
// data-testids used: see venue-pages.mjs; crosstable, open-example.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { ROOT, gotoApp, openBrowser, setRange, startServer, waitForTextChange, watchConsole, importFile } from './helpers.mjs';
import { settle, visitEveryPage, waitForTitle } from './venue-pages.mjs';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

describe('venue: accessibility', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  for (const colorScheme of ['light', 'dark']) {
    test(`axe finds no serious or critical violation on any page (${colorScheme})`, async () => {
      const browser = await openBrowser({ colorScheme });
      try {
        const { page } = browser;
        const errors = watchConsole(page);
        const found = [];
        const visited = [];
        await visitEveryPage(page, server.url, async (name) => {
          visited.push(name);
          // The publish preview's iframe is left out: axe's frame injection never returns there
          // (a srcdoc frame), and its page is the engine's published HTML, not the app.
          const result = await new AxeBuilder({ page }).options({ iframes: false }).exclude('iframe').withTags(TAGS).analyze();
          for (const v of result.violations) {
            if (v.impact !== 'serious' && v.impact !== 'critical') continue;
            const where = v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ');
            found.push(`${name}: ${v.id} (${v.impact}, ${v.nodes.length}×) ${where}`);
          }
        });
        // The tour reached every page: 5 app pages, 11 round-robin tabs, 8 Swiss tabs.
        assert.equal(visited.length, 24, visited.join(', '));
        assert.deepEqual(found, [], found.join('\n'));
        assert.deepEqual(errors, [], errors.join('\n'));
      } finally {
        await browser.dispose();
      }
    });
  }

  test('a skip link is the first tab stop and moves focus to the content', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await gotoApp(page, server.url);
      await page.getByTestId('open-example').click();
      await page.waitForURL(/\/event\/[^/?]+$/);
      // A fresh load: the first Tab starts at the top of the document (after a click it would
      // start where the clicked button was).
      await gotoApp(page, page.url());
      await page.locator('.event-title').waitFor();
      await page.keyboard.press('Tab');
      const first = await page.evaluate(() => document.activeElement?.textContent?.trim());
      assert.equal(first, 'Skip to content');
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'main');
      // The next tab stop is inside the content: the event's first tab, not the app's header.
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'nav-players');
    } finally {
      await browser.dispose();
    }
  });

  test('the crosstable is one tab stop, arrows move, Enter edits, Escape returns', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      await gotoApp(page, server.url);
      await page.getByTestId('open-example').click();
      await page.waitForURL(/\/event\/[^/?]+$/);
      await page.getByTestId('nav-crosstable').click();
      const grid = page.getByTestId('crosstable');
      await grid.waitFor();
      const event = (await page.locator('.event-title').textContent()).trim();
      await waitForTitle(page, `Crosstable — ${event} — Crosstable`);

      // Exactly one game button can be reached with Tab.
      const tabbable = await grid.locator('button.cell[tabindex="0"]').count();
      assert.equal(tabbable, 1);
      const active = () => page.evaluate(() => document.activeElement?.getAttribute('data-cell'));
      await grid.locator('button.cell[tabindex="0"]').focus();
      assert.equal(await active(), '0-1-0', 'row 1, against player 2');
      await page.keyboard.press('ArrowRight');
      assert.equal(await active(), '0-2-0');
      await page.keyboard.press('ArrowDown');
      assert.equal(await active(), '1-2-0');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await active(), '1-0-0', 'skips the diagonal');
      await page.keyboard.press('End');
      assert.equal(await active(), '1-9-0');
      await page.keyboard.press('Home');
      assert.equal(await active(), '1-0-0');
      await page.keyboard.press('ArrowDown');
      assert.equal(await active(), '2-0-0');
      await page.keyboard.press('ArrowUp');
      assert.equal(await active(), '1-0-0');
      await page.keyboard.press('ArrowUp');
      assert.equal(await active(), '1-0-0', 'nothing above but the diagonal: stays');
      // Tab leaves the grid: the roving stop moved with the arrows.
      assert.equal(await grid.locator('button.cell[tabindex="0"]').count(), 1);

      await page.keyboard.press('Enter');
      await settle(page);
      const inChooser = await page.evaluate(() => !!document.activeElement?.closest('.chooser'));
      assert.ok(inChooser, 'Enter moves focus into the result chooser');
      await page.keyboard.press('Escape');
      await settle(page);
      assert.equal(await page.locator('.chooser').count(), 0, 'Escape closes the chooser');
      assert.equal(await active(), '1-0-0', 'focus returns to the cell');
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await browser.dispose();
    }
  });

  // The example's places never move with k (`crosstable sensitivity` lists no crossing), so this
  // uses its variant with a stronger withdrawn player, whose places do (fixtures/withdrawal/).
  test('a polite live region says how the k slider changed the standings', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await gotoApp(page, server.url);
      await importFile(page, path.join(ROOT, 'fixtures', 'withdrawal', 'strong-withdrawn-player.json'));
      await page.getByTestId('nav-withdrawal').click();
      const region = page.getByTestId('standings-announcement');
      await region.waitFor({ state: 'attached' });
      assert.equal(await region.getAttribute('aria-live'), 'polite');
      assert.equal((await region.textContent()).trim(), '', 'nothing to announce before a change');
      // From k = 0 (the performance rating's imputation) to the largest k (close to Elo only):
      // this event's Bayesian places move between the two (crossings at k ≈ 5.4 and 5.6).
      const slider = page.getByTestId('k-slider');
      const before = await region.textContent();
      await setRange(slider, 0);
      await setRange(slider, await slider.getAttribute('max'));
      const said = await waitForTextChange(region, before);
      assert.match(said, /^Standings changed\. Bayesian at k = [\d.]+ against the FIDE rule: .*\.$/);
    } finally {
      await browser.dispose();
    }
  });
});
