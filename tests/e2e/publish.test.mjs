// End-to-end: Publish. From an imported event, type the address, see its QR code, download the
// HTML page, and open that file in Chromium with JavaScript disabled: standings, crosstable,
// every round and the QR code must be there, and it must print.
//
// data-testids used: import-file, nav-publish, publish-url, publish-qr, publish-download,
// publish-status, publish-preview, publish-url-error.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, gotoApp, openBrowser, screenshot, SCREENSHOT_DIR, startServer, watchConsole, importFile } from './helpers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = (name) => path.join(ROOT, 'fixtures', 'pgn', name);
const byId = (page, id) => page.getByTestId(id);
const URL_TYPED = 'https://club.example/spring-2026?view=results&lang=en';

describe('Publish', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  test('the published page opens without JavaScript, with every part and the QR code', async () => {
    const browser = await openBrowser();
    let file;
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      await gotoApp(page, server.url);
      await importFile(page, fixture('round-robin-6.pgn'));
      await byId(page, 'nav-publish').click();
      await page.getByRole('heading', { name: 'Publish the results' }).waitFor();

      await byId(page, 'publish-url').fill('x'.repeat(3000));
      await byId(page, 'publish-url-error').waitFor();
      assert.equal(await byId(page, 'publish-download').isDisabled(), true);

      await byId(page, 'publish-url').fill(URL_TYPED);
      await byId(page, 'publish-qr').locator('svg').waitFor();
      const preview = page.frameLocator('[data-testid="publish-preview"]');
      await preview.getByRole('heading', { name: 'Standings' }).waitFor();
      await screenshot(page, 'publish-view-1280');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        byId(page, 'publish-download').click(),
      ]);
      assert.equal(download.suggestedFilename(), 'lisbon-spring-round-robin-2026-results.html');
      file = path.join(SCREENSHOT_DIR, 'published.html');
      await download.saveAs(file);
      await byId(page, 'publish-status').getByText('Downloaded').waitFor();
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await browser.dispose();
    }

    const plain = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      for (const [width, height] of [[1280, 900], [820, 1100], [390, 844]]) {
        const context = await plain.newContext({ javaScriptEnabled: false, viewport: { width, height } });
        const page = await context.newPage();
        const requests = [];
        page.on('request', (r) => requests.push(r.url()));
        await page.goto(pathToFileURL(file).href);
        assert.equal(await page.title(), 'Lisbon Spring Round-Robin 2026');
        for (const name of ['Standings', 'Crosstable', 'Pairings and results', 'Round 1', 'Round 5']) {
          assert.equal(await page.getByRole('heading', { name, exact: true }).count(), 1, name);
        }
        const standings = page.locator('section[aria-labelledby="standings"] tbody tr');
        assert.equal(await standings.count(), 6);
        assert.equal(await page.locator('section.round').count(), 5);
        assert.equal(await page.locator('svg.qr').count(), 1);
        assert.equal(await page.locator(`a[href="${URL_TYPED}"]`).count(), 1);
        // Self-contained: the file loads nothing else.
        assert.deepEqual(requests.filter((u) => !u.startsWith('file:')), []);
        assert.equal(requests.length, 1, requests.join('\n'));
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `published-${width}.png`), fullPage: true });
        if (width === 1280) {
          await page.emulateMedia({ media: 'print' });
          const pdf = await page.pdf({ format: 'A4' });
          assert.ok(pdf.length > 10_000, `a printable page (${pdf.length} bytes of PDF)`);
        }
        await context.close();
      }
    } finally {
      await plain.close();
    }
  });
});
