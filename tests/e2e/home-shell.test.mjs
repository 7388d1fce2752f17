// Issue 15 item 1: the first page is the home page's small shell (src/bin/home_shell.rs), not
// the whole app. "/" loads the shell's wasm only; opening an event (the list, the example, a new
// event) hands over to the full app at that address, with what the shell stored; a deep link
// loads the full app without the shell, and so does "/" in a browser whose storage does not
// work. Which wasm a page loaded is read from its own resource timing (the service worker's
// precache fetches are not the page's).
// Test ids: open-example, nav-rounds, new-event-*.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DIST, ROOT, createEvent, gotoApp, openBrowser, useApp, watchConsole, importFile } from './helpers.mjs';
import { catalogue } from './lang.mjs';

const byId = (page, id) => page.getByTestId(id, { exact: true });

/** The files of kind `ext` ('.wasm', '.css') this document fetched, by name, in fetch order. */
async function fetched(page, ext) {
  return page.evaluate(
    (ext) =>
      performance
        .getEntriesByType('resource')
        .map((r) => new URL(r.name).pathname.split('/').pop())
        .filter((f) => f.endsWith(ext)),
    ext,
  );
}

/** The wasm files this document fetched, by name: ['home_shell-…_bg.wasm'] or ['crosstable-app-…_bg.wasm']. */
const wasmFetched = (page) => fetched(page, '.wasm');

/** The stylesheets this document fetched, by area ('base', 'shell', …), sorted. */
const cssFetched = async (page) => (await fetched(page, '.css')).map((f) => f.replace(/-[0-9a-f]+\.css$/, '')).sort();

const isShell = (f) => /^home_shell-[0-9a-f]{16}_bg\.wasm$/.test(f);
const isApp = (f) => /^crosstable-app-[0-9a-f]+_bg\.wasm$/.test(f);

describe('the home shell', () => {
  const app = useApp();

  test('the build names both apps in index.html, and the service worker precaches both', async () => {
    const index = await readFile(path.join(DIST, 'index.html'), 'utf8');
    const home = index.match(/<meta name="crosstable-home" content="\/(\S+) \/(\S+)"/);
    const app = index.match(/<meta name="crosstable-app" content="\/(\S+) \/(\S+)"/);
    assert.ok(home && isShell(home[2]), `the shell's hashed files in index.html: ${home?.[0]}`);
    assert.ok(app && isApp(app[2]), `the app's hashed files in index.html: ${app?.[0]}`);
    assert.doesNotMatch(index, /rel="(module)?preload"/, 'nothing is preloaded: "/" must not fetch the full app');
    const sw = await readFile(path.join(DIST, 'sw.js'), 'utf8');
    const files = JSON.parse(sw.match(/const FILES = (\[[\s\S]*?\]);/)[1]);
    for (const f of [home[1], home[2], app[1], app[2]]) assert.ok(files.includes(f), `${f} is precached`);
  });

  test('"/" loads the shell only; opening the example hands over to the full app', async () => {
    const { page } = app.browser;
    const errors = watchConsole(page);
    await gotoApp(page, app.server.url);
    await byId(page, 'open-example').waitFor();
    const first = await wasmFetched(page);
    assert.ok(first.some(isShell), `the shell's wasm: ${first.join(', ')}`);
    assert.ok(!first.some(isApp), `not the full app's: ${first.join(', ')}`);
    assert.equal(await page.title(), 'Your events — Crosstable');

    await byId(page, 'open-example').click();
    await byId(page, 'nav-rounds').waitFor();
    assert.match(page.url(), /\/event\/example$/);
    const then = await wasmFetched(page);
    assert.ok(then.some(isApp) && !then.some(isShell), `the event page is the full app: ${then.join(', ')}`);

    // Back to the events: the full app's own home page (client-side, no second download).
    await page.locator('a.brand').click();
    await byId(page, 'open-example').waitFor();
    assert.deepEqual(await wasmFetched(page), then);
    assert.deepEqual(errors, [], `console errors:\n${errors.join('\n')}`);
  });

  test('a new event made in the shell is stored before the hand-over', async () => {
    const { page } = app.browser;
    await gotoApp(page, app.server.url);
    await createEvent(page, { name: 'Shell Open', system: 'rr1', players: 'Ann, 2000\nBob, 1900\nCid, 1800\nDee, 1700' });
    await page.getByRole('heading', { name: 'Shell Open' }).waitFor();
    assert.ok((await wasmFetched(page)).some(isApp), 'the event page is the full app');
  });

  test('a browser whose storage does not work gets the full app on "/", and keeps a new event', async () => {
    const other = await openBrowser();
    try {
      const { page } = other;
      await page.addInitScript(() => {
        Object.defineProperty(window, 'localStorage', {
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      });
      await gotoApp(page, app.server.url);
      await page.waitForURL(/\/\?full$/);
      await byId(page, 'open-example').waitFor();
      const fetched = await wasmFetched(page);
      assert.ok(fetched.some(isApp) && !fetched.some(isShell), `the full app: ${fetched.join(', ')}`);
      // The event lives in memory: it opens without a reload.
      await createEvent(page, { name: 'No Storage Open', system: 'rr1', players: 'Ann, 2000\nBob, 1900\nCid, 1800\nDee, 1700' });
      await page.getByRole('heading', { name: 'No Storage Open' }).waitFor();
    } finally {
      await other.dispose();
    }
  });

  // "New event" and "Import" are the full app's now (they hand over before anything is
  // stored); the example is still written by the shell before it hands over.
  test('when storage refuses the example, the shell does not hand over (that would lose it)', async () => {
    const other = await openBrowser();
    try {
      const { page } = other;
      // Storage works (the shell is loaded) but is full: every write of an event is refused.
      await page.addInitScript(() => {
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
          if (String(key).includes('event')) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          return setItem.call(this, key, value);
        };
      });
      await gotoApp(page, app.server.url);
      await byId(page, 'open-example').waitFor();
      assert.ok((await wasmFetched(page)).some(isShell), 'the shell is loaded');
      await byId(page, 'open-example').click();
      const alert = byId(page, 'handover-unsaved');
      await alert.waitFor();
      // The browser's QuotaExceededError, worded by the app (errors.json "quota"), not its English.
      const quota = (await catalogue('en', 'errors'))['browser.quota'];
      assert.ok((await alert.innerText()).includes(quota), 'the storage error is shown');
      // Still the same page (no reload): back to the list, the event is there, in memory.
      assert.ok((await wasmFetched(page)).some(isShell), 'no hand-over happened');
      await alert.getByRole('link', { name: 'Back to your events' }).click();
      await byId(page, 'event-item').first().waitFor();
    } finally {
      await other.dispose();
    }
  });

  test('a file chosen in the shell is imported by the full app, once; a bad one changes nothing', async () => {
    const other = await openBrowser();
    try {
      const { page } = other;
      const errors = watchConsole(page);
      await gotoApp(page, app.server.url);
      await byId(page, 'open-example').waitFor();
      assert.ok((await wasmFetched(page)).some(isShell), 'the shell is loaded');
      await importFile(page, path.join(ROOT, 'fixtures', 'withdrawal', 'strong-withdrawn-player.json'));
      await byId(page, 'nav-rounds').waitFor();
      assert.match(page.url(), /\/event\/[^/]+$/);
      assert.ok((await wasmFetched(page)).some(isApp), 'the full app imported it');
      assert.equal(await page.evaluate(() => sessionStorage.getItem('crosstable.pending-import')), null, 'taken once');

      // A broken file from the shell: the full app says why, and the list is as it was.
      await gotoApp(page, app.server.url);
      await byId(page, 'event-item').first().waitFor();
      const before = await byId(page, 'event-item').count();
      await byId(page, 'import-file').setInputFiles({ name: 'broken.trf', mimeType: 'text/plain', buffer: Buffer.from('012 Broken\n062 2\n001 XXXX m    Broken, Bob\n') });
      await byId(page, 'import-error').waitFor();
      assert.match(await byId(page, 'import-error').innerText(), /broken\.trf/);
      assert.equal(await byId(page, 'event-item').count(), before);
      assert.deepEqual(errors, []);
    } finally {
      await other.dispose();
    }
  });

  test('"/" fetches only its own stylesheets, the full app all of them', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await gotoApp(page, app.server.url);
      await byId(page, 'open-example').waitFor();
      assert.deepEqual(await cssFetched(page), ['base', 'home', 'print', 'shell'], 'the shell page');
      await byId(page, 'open-example').click();
      await byId(page, 'nav-rounds').waitFor();
      const full = await cssFetched(page);
      assert.equal(full.length, 14, `the full app: ${full.join(', ')}`);
      assert.ok(['event', 'standings', 'simulation', 'chances'].every((a) => full.includes(a)), full.join(', '));
    } finally {
      await browser.dispose();
    }
  });

  test('a stylesheet that cannot load (a broken or partial deployment) stops neither app', async () => {
    // shell.css is fetched as the page is parsed, standings.css (the full app's) only when the
    // loader enables it. A fresh profile, so that no service worker answers in place of the
    // network; the apps' scripts arrive late, so that the failures come before and after the
    // loader starts listening.
    const broken = await openBrowser();
    try {
      const { page } = broken;
      await page.route(/\/(shell|standings)-[0-9a-f]+\.css$/, (route) => route.abort());
      await page.route(/\/(home_shell|crosstable-app)-[0-9a-f]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.continue();
      });
      await gotoApp(page, app.server.url);
      await byId(page, 'open-example').waitFor();
      await gotoApp(page, new URL('learn', app.server.url).href);
      await page.locator('main h2').first().waitFor();
    } finally {
      await broken.dispose();
    }
  });

  test('a deep link loads the full app without the shell', async () => {
    const { page } = app.browser;
    await gotoApp(page, new URL('learn', app.server.url).href);
    await page.locator('main h2').first().waitFor();
    const fetched = await wasmFetched(page);
    assert.ok(fetched.some(isApp), `the full app: ${fetched.join(', ')}`);
    assert.ok(!fetched.some(isShell), `not the shell: ${fetched.join(', ')}`);
  });
});
