// Shared helpers for the end-to-end tests: a static server for dist/, a headless Chromium
// (Debian's, through playwright-core — no browser downloads), console-error capture, screenshots.
//
//   const server = await startServer();          // server.url, await server.close()
//   const browser = await openBrowser();         // browser.page, browser.profileDir
//   const errors = watchConsole(browser.page);   // console errors + uncaught exceptions
//   await browser.reopen();                      // same profile: tests reload persistence
//   await browser.dispose();                     // close and delete the profile
//   const app = useApp();                        // in a describe: app.server and app.browser,
//                                                // started before its tests and closed after

import { createServer } from 'node:http';
import { AxeBuilder } from '@axe-core/playwright';
import { mkdtemp, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(HERE, '../..');

/** The built app; scripts/test.sh sets CROSSTABLE_DIST, default `dist/` at the repository root. */
export const DIST = path.resolve(process.env.CROSSTABLE_DIST ?? path.join(ROOT, 'dist'));

/** Debian's Chromium; override with CHROMIUM=/path/to/chrome. */
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

export const SCREENSHOT_DIR = path.join(HERE, 'screenshots');

/** How long a single wait for the app may take (first wasm compile on a busy 2-core machine). */
export const TIMEOUT_MS = 30_000;

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  // Without application/wasm, WebAssembly.instantiateStreaming refuses the module.
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.trf': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serves `root` (default dist/) on 127.0.0.1 at a port the OS picks — never a fixed port, which
 * might silently reach another process's server. Unknown paths without a file extension get
 * index.html (the app's client-side routes); a missing asset (a path with an extension) is a 404,
 * so a broken build fails loudly instead of receiving HTML in place of wasm or JS.
 * Returns { url, port, requests, close() }; `requests` logs "STATUS /path" for debugging.
 */
export async function startServer(root = DIST) {
  await stat(path.join(root, 'index.html')).catch(() => {
    throw new Error(`${root}/index.html not found: build the app first (trunk build --release)`);
  });
  const requests = [];
  const server = createServer(async (req, res) => {
    const send = (status, body, type) => {
      requests.push(`${status} ${req.url}`);
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed', 'text/plain');
      const urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      const file = path.resolve(root, '.' + urlPath);
      if (file !== root && !file.startsWith(root + path.sep)) return send(403, 'forbidden', 'text/plain');
      const target = await resolveFile(file);
      if (target) {
        return send(200, await readFile(target), MIME[path.extname(target).toLowerCase()] ?? 'application/octet-stream');
      }
      if (path.extname(urlPath) === '') {
        return send(200, await readFile(path.join(root, 'index.html')), MIME['.html']);
      }
      return send(404, `not found: ${urlPath}`, 'text/plain');
    } catch (err) {
      return send(500, String(err), 'text/plain');
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

// A regular file, or a directory's index.html; null when neither exists.
async function resolveFile(file) {
  const s = await stat(file).catch(() => null);
  if (s?.isFile()) return file;
  if (s?.isDirectory()) {
    const index = path.join(file, 'index.html');
    if ((await stat(index).catch(() => null))?.isFile()) return index;
  }
  return null;
}

const CHROMIUM_ARGS = [
  '--no-sandbox', // CI runs as root, where Chromium's sandbox cannot start
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage', // small /dev/shm in containers
];

/**
 * Launches headless Chromium with a persistent profile: a fresh temporary one by default, or
 * `profileDir` to continue an earlier profile (its localStorage included); `locale` is the
 * browser's language (`navigator.languages`), English by default.
 * Returns { context, page, profileDir, reopen(), close(), dispose() }:
 *   reopen()  closes the browser (flushing storage) and relaunches on the same profile;
 *             `page` and `context` then refer to the new ones;
 *   close()   closes the browser, keeps the profile directory;
 *   dispose() closes and deletes the profile directory (call it in `after`/`finally`).
 */
export async function openBrowser({ profileDir, viewport = { width: 1280, height: 900 }, colorScheme = 'light', locale = 'en-GB' } = {}) {
  const ownsProfile = !profileDir;
  profileDir ??= await mkdtemp(path.join(tmpdir(), 'crosstable-e2e-'));
  const launch = async () => {
    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport,
      colorScheme,
      acceptDownloads: true,
      // Tests must not depend on the machine's locale or time zone: English unless a test asks
      // for another language (navigator.languages follows it).
      locale,
      timezoneId: 'UTC',
    });
    context.setDefaultTimeout(TIMEOUT_MS);
    const page = context.pages()[0] ?? (await context.newPage());
    return { context, page };
  };
  const browser = { profileDir, ...(await launch()) };
  browser.close = async () => {
    await browser.context?.close();
    browser.context = browser.page = undefined;
  };
  browser.reopen = async () => {
    await browser.close();
    Object.assign(browser, await launch());
    return browser;
  };
  browser.dispose = async () => {
    await browser.close();
    if (ownsProfile) await rm(profileDir, { recursive: true, force: true });
  };
  return browser;
}

/**
 * One server and one browser shared by the tests of the `describe` it is called in: started in
 * its `before`, closed in its `after`. Returns { server, browser }, filled when the tests run.
 */
export function useApp() {
  const app = { server: undefined, browser: undefined };
  before(async () => {
    app.server = await startServer();
    app.browser = await openBrowser();
  });
  after(async () => {
    await app.browser?.dispose();
    await app.server?.close();
  });
  return app;
}

/**
 * Collects the page's console errors and uncaught exceptions (a Rust panic shows up as both,
 * through console_error_panic_hook). Returns the live array of messages.
 * Ignores a failed /favicon.ico: Chromium requests it on its own, whether or not the page
 * declares an icon, so a 404 there says nothing about the app.
 */
export function watchConsole(page) {
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const where = msg.location()?.url ?? '';
    if (new URL(where, 'http://x').pathname === '/favicon.ico') return;
    errors.push(`console.error: ${msg.text()}${where ? ` (${where})` : ''}`);
  });
  page.on('pageerror', (err) => errors.push(`uncaught: ${err.message}`));
  return errors;
}

/** Saves a full-page PNG to tests/e2e/screenshots/NAME.png (gitignored) and returns its path. */
export async function screenshot(page, name) {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Loads `url` and waits until the app has mounted (the wasm ran and rendered something into
 * <body> besides Trunk's scripts), so that tests do not race the wasm download and compile.
 */
export async function gotoApp(page, url) {
  await page.goto(url, { waitUntil: 'load' });
  // Mounted: the app has added its first element after index.html's `#boot` line (what comes
  // before it — `<noscript>`, the update banner the service worker's script may insert — is not
  // the app).
  await page.waitForFunction(() => document.getElementById('boot')?.nextElementSibling != null);
}

/**
 * Opens the home page's "New event" wizard and fills the fields given, as a user types them;
 * fields left out keep the wizard's defaults. `system` is the select's value ('swiss', 'rr1',
 * 'rr2'), `players` the pasted list, `points` the point-system value, `baku` a boolean.
 * The page must show the home page. Does not press Create: see `createEvent`.
 */
export async function fillNewEvent(page, { name, system, rounds, tiebreaks, players, points, baku } = {}) {
  const byId = (id) => page.getByTestId(id);
  await page.getByRole('button', { name: 'New event' }).click();
  if (name !== undefined) await byId('new-event-name').fill(name);
  if (system !== undefined) await byId('new-event-system').selectOption(system);
  if (rounds !== undefined) await byId('new-event-rounds').fill(String(rounds));
  if (tiebreaks !== undefined) await byId('new-event-tiebreaks').fill(tiebreaks);
  if (players !== undefined) await byId('new-event-players').fill(players);
  if (points !== undefined) await byId('new-event-points').selectOption(points);
  if (baku !== undefined) await byId('new-event-baku').setChecked(baku);
}

/**
 * `fillNewEvent`, then Create, then waits for the new event's page (its URL). For a wizard
 * that should refuse, call `fillNewEvent` and press `new-event-create` yourself.
 */
export async function createEvent(page, fields) {
  await fillNewEvent(page, fields);
  await page.getByTestId('new-event-create').click();
  await page.waitForURL(/\/event\/[^/?]+/);
}

/**
 * Waits until the text of `locator` differs from `previous` and returns the new text
 * (Leptos updates the DOM asynchronously after an event). Polls through the locator rather than
 * observing one element, because a re-render may replace the element.
 */
export async function waitForTextChange(locator, previous, timeout = TIMEOUT_MS) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const text = await locator.textContent();
    if (text !== previous) return text;
    if (Date.now() > deadline) throw new Error(`text did not change within ${timeout} ms:\n${previous}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Sets a range input (or any input) to `value` the way a user drag does: assign the value and
 * dispatch a bubbling `input` event (Leptos listens to `on:input`). `locator.fill` does not
 * work on range inputs.
 */
export async function setRange(locator, value) {
  await locator.evaluate((el, v) => {
    el.value = String(v);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

/** The WCAG 2.2 AA rules axe checks. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe's violations inside `include` (a CSS selector), one line each. */
export async function axeViolations(page, include) {
  const result = await new AxeBuilder({ page }).include(include).withTags(AXE_TAGS).analyze();
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`,
  );
}

// Imports `file` (a path, or `{ name, mimeType, buffer }`) on the page holding the import
// input, waits for the import's report (what was read, converted, left unused) and opens the
// event from it. Returns the report's text, for a test that checks it.
export async function importFile(page, file, { timeout = 60_000 } = {}) {
  await page.getByTestId('import-file').setInputFiles(file);
  const report = page.getByTestId('import-report');
  await report.waitFor({ timeout });
  const text = await report.innerText();
  await page.getByTestId('import-open').click();
  await page.waitForURL(/\/event\//, { timeout });
  return text;
}
