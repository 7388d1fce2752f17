// Smoke test: the built app loads in headless Chromium, renders "Crosstable", and logs no errors.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { DIST, gotoApp, screenshot, startServer, useApp, watchConsole } from './helpers.mjs';

describe('static server for dist/', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  test('serves wasm as application/wasm', async () => {
    const wasm = (await readdir(DIST)).find((f) => f.endsWith('.wasm'));
    assert.ok(wasm, `no .wasm file in ${DIST}`);
    const res = await fetch(new URL(wasm, server.url));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/wasm');
  });

  test('falls back to index.html for client-side routes, 404 for missing assets', async () => {
    const route = await fetch(new URL('some/client/route', server.url));
    assert.equal(route.status, 200);
    assert.match(await route.text(), /<html/i);
    assert.equal((await fetch(new URL('missing.js', server.url))).status, 404);
  });
});

describe('app smoke', () => {
  const app = useApp();

  test('page loads and shows "Crosstable" with no console errors', async () => {
    const { page } = app.browser;
    const errors = watchConsole(page);
    await gotoApp(page, app.server.url);
    await page.getByRole('heading', { name: 'Crosstable' }).first().waitFor();
    // index.html says "Crosstable"; the home page names itself (issue 11: a title per page).
    await page.waitForFunction(() => document.title === 'Your events — Crosstable');
    await screenshot(page, 'smoke');
    assert.deepEqual(errors, [], `console errors:\n${errors.join('\n')}\nrequests:\n${app.server.requests.join('\n')}`);
  });
});
