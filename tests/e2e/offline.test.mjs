// Issue 11, at the venue without a network: after one visit the service worker has precached
// the whole build, so with the network off (and the server gone) the app reloads, opens an event
// and runs a small simulation in its Web Workers. A worker that cannot load is reported with a
// way out, and leaving a running study asks first.
// Test ids: open-example, nav-rounds, nav-simulation, sim-run, sim-tournaments, sim-seed,
// sim-results, sim-status, sim-cancel, pairings, update-banner (index.html's script).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DIST, gotoApp, openBrowser, screenshot, startServer, useApp, watchConsole } from './helpers.mjs';

const byId = (page, id) => page.getByTestId(id, { exact: true });

/** Waits until the page is controlled by the service worker (it claims its first client). */
async function waitForOffline(page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

async function runSmallStudy(page) {
  await byId(page, 'sim-tournaments').fill('50');
  await byId(page, 'sim-seed').fill('3');
  await byId(page, 'sim-run').click();
  await byId(page, 'sim-results').waitFor({ state: 'visible' });
}

describe('offline after one visit', () => {
  test('the build lists every file in sw.js, under a versioned cache', async () => {
    const sw = await readFile(path.join(DIST, 'sw.js'), 'utf8');
    const files = JSON.parse(sw.match(/const FILES = (\[[\s\S]*?\]);/)[1]);
    const version = sw.match(/const VERSION = '([0-9a-f]{16})'/);
    assert.ok(version, 'a 16-hex-digit version from the files');
    for (const want of ['index.html', 'worker.js', 'worker_bg.wasm', 'manifest.webmanifest', 'icons/icon-192.png', 'icons/icon-512.png']) {
      assert.ok(files.includes(want), `${want} is precached: ${files.join(', ')}`);
    }
    assert.ok(files.some((f) => /^crosstable-app-[0-9a-f]+_bg\.wasm$/.test(f)), 'the app wasm (hashed) is precached');
    assert.ok(files.some((f) => /\.css$/.test(f)), 'the stylesheet is precached');
    assert.ok(!files.some((f) => /\.(gz|br)$/.test(f)), 'no compressed copies');
    const index = await readFile(path.join(DIST, 'index.html'), 'utf8');
    assert.match(index, /<meta name="crosstable-sw" content="\/sw\.js"/);
    assert.match(index, /<link rel="manifest" href="\/manifest\.webmanifest"/);
    const manifest = JSON.parse(await readFile(path.join(DIST, 'manifest.webmanifest'), 'utf8'));
    assert.ok(manifest.icons.some((i) => i.sizes === '512x512' && i.purpose === 'maskable'));
  });

  test('reloads, opens an event and runs a simulation with no network', async () => {
    const server = await startServer();
    const browser = await openBrowser();
    try {
      const { page, context } = browser;
      const errors = watchConsole(page);
      await gotoApp(page, server.url);
      await waitForOffline(page);

      await context.setOffline(true);
      await server.close(); // and nothing left to answer, should the offline switch miss a request
      await gotoApp(page, server.url + 'simulation');
      await runSmallStudy(page);
      assert.match(await byId(page, 'sim-run-info').textContent(), /seed 3/);

      await gotoApp(page, server.url);
      await byId(page, 'open-example').click();
      await byId(page, 'nav-rounds').click();
      await byId(page, 'pairings').waitFor({ state: 'visible' });
      await screenshot(page, 'offline-rounds');
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await browser.dispose();
      await server.close();
    }
  });
});

describe('a new version', () => {
  test('a quiet banner offers Reload; only the click switches, and the old cache goes', async () => {
    // A copy of the build that can be "deployed" again: the same files under a new version.
    const root = await mkdtemp(path.join(tmpdir(), 'crosstable-deploy-'));
    await cp(DIST, root, { recursive: true });
    const server = await startServer(root);
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await gotoApp(page, server.url);
      await waitForOffline(page);
      const cachesNow = () => page.evaluate(() => caches.keys());
      const [first] = await cachesNow();
      assert.match(first, /^crosstable-[0-9a-f]{16}$/);

      const swPath = path.join(root, 'sw.js');
      const sw = await readFile(swPath, 'utf8');
      await writeFile(swPath, sw.replace(/const VERSION = '[0-9a-f]+'/, "const VERSION = '0123456789abcdef'"));
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
      const banner = page.getByTestId('update-banner');
      await banner.waitFor();
      assert.match(await banner.textContent(), /A new version of Crosstable is ready/);
      // Until the click, the page runs on the old version's files.
      assert.ok((await cachesNow()).includes(first));
      for (const [w, h] of [[1280, 900], [820, 1180], [390, 844]]) {
        await page.setViewportSize({ width: w, height: h });
        await screenshot(page, `update-banner-${w}`);
      }
      await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Reload' }).click()]);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      assert.deepEqual(await cachesNow(), ['crosstable-0123456789abcdef']);
      assert.equal(await page.getByTestId('update-banner').count(), 0);
    } finally {
      await browser.dispose();
      await server.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('the simulation when its worker cannot load', () => {
  const app = useApp();

  test('reports the failure instead of hanging, and a retry runs', async () => {
    const { page } = app.browser;
    // No service worker here (it would serve the worker from its cache): the browser must go
    // to the network for the worker, where worker.js fails.
    await page.addInitScript(() => delete Navigator.prototype.serviceWorker);
    await page.route('**/worker.js', (route) => route.abort());
    await gotoApp(page, app.server.url + 'simulation');
    await byId(page, 'sim-tournaments').fill('50');
    await byId(page, 'sim-run').click();
    const status = byId(page, 'sim-status');
    await status.waitFor({ state: 'visible' });
    assert.match(await status.textContent(), /The run stopped: the simulation's worker could not start \(worker\.js: the request failed\)/);
    assert.equal(await byId(page, 'sim-progress-bar').count(), 0, 'no progress bar left at 0 %');
    await screenshot(page, 'simulation-worker-failed');

    await page.unroute('**/worker.js');
    await runSmallStudy(page);
  });

  test('leaving a running study asks first', async () => {
    const { page } = app.browser;
    await page.unrouteAll();
    await gotoApp(page, app.server.url + 'simulation');
    await byId(page, 'sim-tournaments').fill('100000');
    await byId(page, 'sim-run').click();
    await byId(page, 'sim-cancel').waitFor({ state: 'visible' });
    const dialog = new Promise((resolve) => page.once('dialog', resolve));
    await page.close({ runBeforeUnload: true });
    const asked = await dialog;
    assert.equal(asked.type(), 'beforeunload');
    await asked.dismiss();
    assert.equal(page.isClosed(), false, 'the page stays when the user stays');
    await byId(page, 'sim-cancel').click();
  });
});
