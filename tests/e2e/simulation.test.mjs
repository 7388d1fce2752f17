// The simulation page end to end: a small study runs in Web Workers with visible progress, its
// CSV is byte-for-byte the CLI's for the same seed (native vs wasm: the same numbers), also on
// a second run in the same (warm) workers; the workers stay while the page is open and close
// when it is left; cancel closes the run's workers and returns to idle without results; bad
// settings are refused next to the field, and the last settings survive a reload.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gotoApp, openBrowser, screenshot, startServer, watchConsole } from './helpers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const byId = (page, id) => page.getByTestId(id, { exact: true });

const SMALL = { tournaments: '100', seed: '7' };

/** The CLI (`crosstable`, crates/cli), built if needed (cargo is a no-op when it is fresh). */
async function cli() {
  const bin = path.join(process.env.CARGO_TARGET_DIR ?? path.join(ROOT, 'target'), 'debug', 'crosstable');
  execFileSync('cargo', ['build', '--quiet', '-p', 'crosstable-cli'], { cwd: ROOT, stdio: 'inherit' });
  await stat(bin);
  return bin;
}

/** Polls `condition` (in Node) until it holds. */
async function waitFor(condition, what, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function openSimulation(page, url) {
  await gotoApp(page, url);
  await byId(page, 'nav-simulation').click();
  await byId(page, 'sim-run').waitFor({ state: 'visible' });
}

async function fill(page, id, value) {
  await byId(page, id).fill(value);
}

describe('simulation page', () => {
  let server;
  let bin;
  before(async () => {
    bin = await cli();
    server = await startServer();
  });
  after(async () => server?.close());

  test('the worker script and wasm are served with their MIME types', async () => {
    const js = await fetch(new URL('worker.js', server.url));
    assert.equal(js.status, 200);
    assert.match(js.headers.get('content-type'), /javascript/);
    const wasm = await fetch(new URL('worker_bg.wasm', server.url));
    assert.equal(wasm.status, 200);
    assert.equal(wasm.headers.get('content-type'), 'application/wasm');
  });

  test('a small study shows progress and results; its CSV is the CLI’s for the same seed', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      let spawned = 0;
      page.on('worker', () => spawned++);
      await openSimulation(page, server.url);
      // The form starts with the paper's design.
      assert.equal(await byId(page, 'sim-players').inputValue(), '10');
      assert.equal(await byId(page, 'sim-rating-sds').inputValue(), '30, 90');
      assert.equal(await byId(page, 'sim-forms').inputValue(), '-150, 0, 150');
      assert.equal(await byId(page, 'sim-withdrawal-after').inputValue(), '2, 4, 7');
      assert.equal(await byId(page, 'sim-tournaments').inputValue(), '10000');
      await screenshot(page, 'simulation-form');

      await fill(page, 'sim-tournaments', SMALL.tournaments);
      await fill(page, 'sim-seed', SMALL.seed);
      // Record every progress value the page shows, from before the click.
      await page.evaluate(() => {
        window.__progress = [];
        new MutationObserver(() => {
          const bar = document.querySelector('[data-testid="sim-progress-bar"]');
          if (bar) window.__progress.push([Number(bar.getAttribute('value')), Number(bar.getAttribute('max'))]);
        }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      });
      await byId(page, 'sim-run').click();
      await byId(page, 'sim-results').waitFor({ state: 'visible' });
      const seen = await page.evaluate(() => window.__progress);
      assert.ok(seen.length > 0, 'the progress bar was shown');
      assert.ok(
        seen.every(([, max]) => max === 1800),
        `progress counts tournaments of the whole study: ${JSON.stringify(seen)}`,
      );
      // This run takes a few milliseconds and the page draws the progress at most ten times a
      // second (pages/simulation.rs, PROGRESS_EVERY_MS): the bar moving is seen on the big run of
      // the cancel test below.
      assert.equal(await byId(page, 'sim-progress').count(), 0, 'no progress bar once finished');
      // The run's workers stay, idle, for the next run while the page is open.
      assert.equal(page.workers().length, 2, 'the run used navigator.hardwareConcurrency (2) workers, kept warm');

      // Results: 18 rows with one highlighted best per row at least, the plot, the claims, the note.
      const rows = byId(page, 'sim-table').locator('tbody tr');
      assert.equal(await rows.count(), 18);
      for (let i = 0; i < 18; i++) {
        assert.ok((await rows.nth(i).locator('td.best').count()) >= 1, `row ${i + 1} has a best method`);
      }
      assert.equal(await byId(page, 'sim-plot').locator('svg').count(), 1);
      assert.equal(await byId(page, 'sim-claims').locator('tbody tr').count(), 5);
      assert.match(await byId(page, 'sim-claims').textContent(), /26 % lower/);
      assert.match(await byId(page, 'sim-note').textContent(), /seed 7/);
      assert.match(await byId(page, 'sim-run-info').textContent(), /1,800 tournaments .* seed 7/);

      const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'sim-csv').click()]);
      assert.equal(download.suggestedFilename(), 'simulation-seed-7-t100.csv');
      const browserCsv = await readFile(await download.path(), 'utf8');
      const cliCsv = execFileSync(bin, ['simulate', '--tournaments', SMALL.tournaments, '--seed', SMALL.seed, '--format', 'csv'], {
        encoding: 'utf8',
      });
      assert.equal(browserCsv, cliCsv, 'the browser (wasm, Web Workers) and the CLI (native) give the same table');
      assert.equal(browserCsv.trim().split('\n').length, 19);
      assert.ok(browserCsv.trim().split('\n').slice(1).every((line) => line.endsWith(',100,3,7')), browserCsv);

      // A second run takes the same workers (no new one is spawned) and gives the same table.
      await page.evaluate(() => document.querySelector('[data-testid="sim-results"]').setAttribute('data-stale', ''));
      await byId(page, 'sim-run').click();
      await page.locator('[data-testid="sim-results"]:not([data-stale])').waitFor({ state: 'visible' });
      assert.equal(spawned, 2, 'the second run reused the two warm workers');
      const [again] = await Promise.all([page.waitForEvent('download'), byId(page, 'sim-csv').click()]);
      assert.equal(await readFile(await again.path(), 'utf8'), cliCsv, 'the warm workers give the same table');

      await screenshot(page, 'simulation-results');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'simulation-results-dark');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'simulation-results-phone');

      // Leaving the page closes its idle workers.
      await byId(page, 'nav-learn').click();
      await waitFor(() => page.workers().length === 0, 'the workers close when the page is left');
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await browser.dispose();
    }
  });

  test('cancel stops a big run: back to idle, no results', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      await openSimulation(page, server.url);
      await fill(page, 'sim-tournaments', '1000000');
      await byId(page, 'sim-run').click();
      const text = byId(page, 'sim-progress-text');
      await text.waitFor({ state: 'visible' });
      await page.waitForFunction(() => {
        const bar = document.querySelector('[data-testid="sim-progress-bar"]');
        return bar && Number(bar.getAttribute('value')) > 0;
      });
      assert.match(await text.textContent(), /of 18,000,000 tournaments; .*left/);
      // It moves on: drawn again at most every 100 ms while the workers answer.
      const first = await page.evaluate(() => Number(document.querySelector('[data-testid="sim-progress-bar"]').getAttribute('value')));
      await page.waitForFunction(
        (before) => Number(document.querySelector('[data-testid="sim-progress-bar"]')?.getAttribute('value')) > before,
        first,
      );
      assert.ok(await byId(page, 'sim-run').isDisabled(), 'no second run while one is running');
      assert.equal(await byId(page, 'sim-empty').count(), 0, 'no "no results yet" hint while running');
      await screenshot(page, 'simulation-running');
      const workers = page.workers();
      assert.equal(workers.length, 2, 'the run uses navigator.hardwareConcurrency workers (2 here)');
      const closed = workers.map((w) => new Promise((resolve) => w.once('close', resolve)));
      await byId(page, 'sim-cancel').click();
      // The workers end (after their current chunk): cancel stops the computation, not just the display.
      await Promise.all(closed);
      assert.equal(page.workers().length, 0);

      await byId(page, 'sim-progress').waitFor({ state: 'detached' });
      assert.match(await byId(page, 'sim-status').textContent(), /Cancelled after [\d,]+ of 18,000,000 tournaments/);
      assert.ok(await byId(page, 'sim-run').isEnabled(), 'the run button is back');
      // Nothing arrives later either: the workers are gone, no result is ever shown.
      await page.waitForTimeout(1500);
      assert.equal(await byId(page, 'sim-results').count(), 0);
      assert.equal(await byId(page, 'sim-progress').count(), 0);
      assert.equal(page.workers().length, 0, 'no worker was started again meanwhile');
      await screenshot(page, 'simulation-cancelled');
      // Back in the form, the page warms workers for the next run again.
      await byId(page, 'sim-seed').focus();
      await waitFor(() => page.workers().length === 2, 'two warm workers once the form has the focus again');
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await browser.dispose();
    }
  });

  test('invalid settings are refused next to the field; the last valid ones survive a reload', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await openSimulation(page, server.url);
      await fill(page, 'sim-players', '6');
      const nError = byId(page, 'sim-withdrawal-after-error');
      await nError.waitFor({ state: 'visible' });
      assert.match(await nError.textContent(), /withdrawal after 7 games leaves no game unplayed/);
      assert.equal(await byId(page, 'sim-withdrawal-after').getAttribute('aria-invalid'), 'true');
      // The field just changed says so too, not only the one further down.
      const playersError = byId(page, 'sim-players-error');
      assert.match(await playersError.textContent(), /Too few players/);
      assert.ok(await byId(page, 'sim-run').isDisabled());
      await screenshot(page, 'simulation-invalid');

      await fill(page, 'sim-withdrawal-after', '1, 3');
      await nError.waitFor({ state: 'hidden' });
      await playersError.waitFor({ state: 'hidden' });
      assert.ok(await byId(page, 'sim-run').isEnabled());
      await fill(page, 'sim-seed', '12345');

      await browser.reopen();
      await openSimulation(browser.page, server.url);
      assert.equal(await byId(browser.page, 'sim-players').inputValue(), '6');
      assert.equal(await byId(browser.page, 'sim-withdrawal-after').inputValue(), '1, 3');
      assert.equal(await byId(browser.page, 'sim-seed').inputValue(), '12345');
    } finally {
      await browser.dispose();
    }
  });
});
