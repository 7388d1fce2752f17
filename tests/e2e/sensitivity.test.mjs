// End-to-end flows of the sensitivity, what-if and Learn views and of the share link, through the
// built app, addressed by these data-testids (the contract):
//   nav-sensitivity, nav-whatif, nav-learn, plot-imputed-vs-k, plot-points-vs-k, plot-cliff
//   (each holding the drawn <svg>), crossings, cliff-player, k-slider, share-make, share-link,
//   shared-banner, save-shared-copy, whatif-player, whatif-round, whatif-table, whatif-rmse,
//   whatif-all-run, whatif-summary, open-complete-example, learn-*.
// Each test uses a fresh browser profile; the share test opens the link in a second, fresh one.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { gotoApp, openBrowser, screenshot, setRange, startServer, waitForTextChange, watchConsole } from './helpers.mjs';

const byId = (page, id) => page.getByTestId(id);
const PLOTS = ['plot-imputed-vs-k', 'plot-points-vs-k', 'plot-cliff'];

/** Home → open the example → the sensitivity view, plots drawn. */
async function openSensitivity(page, url) {
  await gotoApp(page, url);
  await byId(page, 'open-example').click();
  await byId(page, 'nav-sensitivity').click();
  for (const id of PLOTS) await byId(page, id).locator('.plot-base svg').waitFor({ state: 'visible' });
}

/** Home → the example → what-if → the complete example → player / round chosen. */
async function openWhatIf(page, url, { player = '4', round = '5' } = {}) {
  await gotoApp(page, url);
  await byId(page, 'open-example').click();
  await byId(page, 'nav-whatif').click();
  await byId(page, 'whatif-unavailable').waitFor({ state: 'visible' });
  await byId(page, 'open-complete-example').click();
  await byId(page, 'whatif-table').waitFor({ state: 'visible' });
  await byId(page, 'whatif-player').selectOption(player);
  await byId(page, 'whatif-round').selectOption(round);
  await page.waitForFunction(
    ([p, r]) =>
      document.querySelector('[data-testid=whatif-table] caption')?.textContent.includes(`after round ${r}`) &&
      document.querySelector('[data-testid=whatif-player]')?.value === p,
    [player, round],
  );
}

/** The svg inside a plot container: element count and size, to show it is not empty. */
const svgStats = (locator) =>
  locator.evaluate((el) => {
    const svg = el.querySelector('svg');
    const box = svg.getBoundingClientRect();
    return {
      lines: svg.querySelectorAll('polyline, path, line').length,
      texts: svg.querySelectorAll('text').length,
      width: box.width,
      height: box.height,
      html: el.innerHTML,
    };
  });

describe('sensitivity view', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  test('three plots with axes and data, redrawn when k moves', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      await openSensitivity(page, server.url);
      for (const id of PLOTS) {
        const s = await svgStats(byId(page, id));
        assert.ok(s.lines >= 3, `${id}: ${s.lines} lines`);
        assert.ok(s.texts >= 5, `${id}: ${s.texts} labels`);
        assert.ok(s.width > 200 && s.height > 100, `${id}: ${s.width}×${s.height}`);
        // A text alternative for screen readers.
        assert.equal(await byId(page, id).getAttribute('role'), 'img');
        assert.ok((await byId(page, id).getAttribute('aria-label')).length > 40);
      }
      assert.match(await byId(page, 'plot-imputed-vs-k').innerHTML(), /forfeit \(1\.0\)/);
      assert.match(await byId(page, 'plot-cliff').innerHTML(), /50 % played/);
      assert.ok((await byId(page, 'crossings').locator('li').count()) >= 1);
      assert.equal(await byId(page, 'cliff-table').locator('tbody tr').count(), 6, 'r = 0..5');
      await screenshot(page, 'sensitivity');

      const before = await byId(page, 'plot-imputed-vs-k').innerHTML();
      const beforeText = await byId(page, 'plot-imputed-vs-k').textContent();
      await setRange(byId(page, 'k-slider'), '10');
      // The current k is marked over the plot (an overlay), the plot itself stays.
      const afterK = await waitForTextChange(byId(page, 'plot-imputed-vs-k'), beforeText);
      assert.match(afterK, /k = 10/);
      assert.notEqual(await byId(page, 'plot-imputed-vs-k').innerHTML(), before);

      // Another player for the cliff: the table follows.
      const cliffBefore = await byId(page, 'cliff-table').textContent();
      await byId(page, 'cliff-player').selectOption('1');
      await waitForTextChange(byId(page, 'cliff-table'), cliffBefore);
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await browser.dispose();
    }
  });

  test('each plot downloads as SVG and PNG', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await openSensitivity(page, server.url);
      const svgDownload = page.waitForEvent('download');
      await byId(page, 'plot-cliff-svg').click();
      const svg = await svgDownload;
      assert.match(svg.suggestedFilename(), /-cliff\.svg$/);
      const svgText = await readFile(await svg.path(), 'utf8');
      assert.match(svgText, /^<svg[^>]*width="720"/);
      assert.match(svgText, /<\/svg>\s*$/);

      const pngDownload = page.waitForEvent('download');
      await byId(page, 'plot-points-vs-k-png').click();
      const png = await pngDownload;
      assert.match(png.suggestedFilename(), /-points-vs-k\.png$/);
      const bytes = await readFile(await png.path());
      assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
      assert.ok(bytes.length > 5000, `${bytes.length} bytes`);
    } finally {
      await browser.dispose();
    }
  });

  test('dark scheme draws the plots in the dark palette', async () => {
    const browser = await openBrowser({ colorScheme: 'dark' });
    try {
      const { page } = browser;
      await openSensitivity(page, server.url);
      const html = await byId(page, 'plot-points-vs-k').innerHTML();
      assert.match(html, /#1B1E23/i, 'dark background');
      await screenshot(page, 'sensitivity-dark');
    } finally {
      await browser.dispose();
    }
  });
});

describe('what-if view', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  test('a player and a round: each policy against the real standings, then every player and round', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      await openWhatIf(page, server.url, { player: '4', round: '5' });
      const rmse = byId(page, 'whatif-rmse');
      assert.equal(await rmse.locator('tbody tr').count(), 6);
      assert.match(await rmse.textContent(), /4 hidden games/);
      const table = byId(page, 'whatif-table');
      assert.equal(await table.locator('tbody tr').count(), 10);
      // Annulment removes player 4: at least that place differs, and is highlighted.
      assert.ok((await table.locator('td.moved').count()) >= 1);
      assert.match(await table.textContent(), /removed/);
      await screenshot(page, 'whatif');

      await byId(page, 'whatif-all-run').click();
      const summary = byId(page, 'whatif-summary');
      await summary.waitFor({ state: 'visible' });
      assert.equal(await summary.locator('tbody tr').count(), 6);
      assert.match(await byId(page, 'whatif-closest').textContent(), /Closest on average for this event: .+\. 90 cases/);
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await browser.dispose();
    }
  });
});

describe('learn view', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  test('numbers follow the example as the reader edits it', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      await gotoApp(page, server.url);
      await byId(page, 'nav-learn').click();
      await byId(page, 'plot-shrinkage').locator('svg').first().waitFor({ state: 'visible' });
      const expected = await byId(page, 'learn-expected').textContent();
      const imputed = await byId(page, 'learn-imputed').textContent();
      await byId(page, 'learn-rating-2').fill('2700');
      await waitForTextChange(byId(page, 'learn-expected'), expected);

      const residual = await byId(page, 'learn-residual').textContent();
      await byId(page, 'learn-result-2').selectOption('2');
      await waitForTextChange(byId(page, 'learn-residual'), residual);

      const weight = await byId(page, 'learn-weight').textContent();
      await setRange(byId(page, 'learn-k'), '10');
      await waitForTextChange(byId(page, 'learn-weight'), weight);
      assert.match(await byId(page, 'learn-weight').textContent(), /\+ 10\)/);

      // Withdrawing after round 3 instead of 2 crosses 50 %: the FIDE column jumps.
      await byId(page, 'learn-after').selectOption('3');
      await waitForTextChange(byId(page, 'learn-imputed'), imputed);
      assert.match(await byId(page, 'learn-conservation').textContent(), /add up to 15\.00/);
      assert.match(await byId(page, 'learn-cliff-text').textContent(), /a cliff/);
      await screenshot(page, 'learn');
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await browser.dispose();
    }
  });
});

describe('share link', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  /** Makes the share link on the current page and returns it. */
  async function makeLink(page) {
    await byId(page, 'share-make').click();
    const link = byId(page, 'share-link');
    await link.waitFor({ state: 'visible' });
    return link.inputValue();
  }

  test('a sensitivity link reopened in a fresh profile shows the same numbers', async () => {
    const a = await openBrowser();
    const b = await openBrowser();
    try {
      await openSensitivity(a.page, server.url);
      await setRange(byId(a.page, 'k-slider'), '7.5');
      await a.page.waitForFunction(() => document.querySelector('[data-testid=plot-imputed-vs-k]')?.textContent.includes('k = 7.5'));
      const link = await makeLink(a.page);
      assert.match(link, /\/shared#v1\.[A-Za-z0-9_-]+$/);
      const want = {};
      for (const id of ['imputed-vs-k-table', 'points-vs-k-table', 'cliff-table', 'crossings']) {
        want[id] = await byId(a.page, id).textContent();
      }

      const errors = watchConsole(b.page);
      await gotoApp(b.page, link);
      await byId(b.page, 'shared-banner').waitFor({ state: 'visible' });
      for (const [id, text] of Object.entries(want)) {
        await byId(b.page, id).waitFor({ state: 'visible' });
        assert.equal(await byId(b.page, id).textContent(), text, id);
      }
      assert.equal(await byId(b.page, 'k-slider').inputValue(), '7.5');
      assert.equal(await byId(b.page, 'nav-sensitivity').count(), 0, 'no tabs to events this browser does not have');
      await screenshot(b.page, 'shared-sensitivity');
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await a.dispose();
      await b.dispose();
    }
  });

  test('a what-if link stores nothing until "Save a copy"', async () => {
    const a = await openBrowser();
    const b = await openBrowser();
    try {
      await openWhatIf(a.page, server.url, { player: '2', round: '3' });
      const link = await makeLink(a.page);
      const rmse = await byId(a.page, 'whatif-rmse').textContent();
      const table = await byId(a.page, 'whatif-table').textContent();

      await gotoApp(b.page, link);
      await byId(b.page, 'shared-banner').waitFor({ state: 'visible' });
      await byId(b.page, 'whatif-table').waitFor({ state: 'visible' });
      assert.equal(await byId(b.page, 'whatif-rmse').textContent(), rmse);
      assert.equal(await byId(b.page, 'whatif-table').textContent(), table);
      const stored = () =>
        b.page.evaluate(() =>
          Object.keys(localStorage)
            .filter((k) => k.startsWith('crosstable.v1.event.'))
            .map((k) => JSON.parse(localStorage.getItem(k)).name),
        );
      assert.ok(!(await stored()).some((n) => /all games played/.test(n)), 'nothing stored from the link');

      await byId(b.page, 'save-shared-copy').click();
      await b.page.waitForURL(/\/event\/[^/]+\/whatif$/);
      await byId(b.page, 'whatif-table').waitFor({ state: 'visible' });
      await b.page.waitForFunction(() =>
        Object.keys(localStorage).some((k) => k.startsWith('crosstable.v1.event.') && /all games played/.test(localStorage.getItem(k))),
      );
    } finally {
      await a.dispose();
      await b.dispose();
    }
  });

  test('a damaged link says so', async () => {
    const b = await openBrowser();
    try {
      await gotoApp(b.page, new URL('shared#v1.damaged', server.url).href);
      await byId(b.page, 'shared-error').waitFor({ state: 'visible' });
      assert.match(await byId(b.page, 'shared-error').textContent(), /damaged/);
    } finally {
      await b.dispose();
    }
  });
});
