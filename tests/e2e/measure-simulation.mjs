#!/usr/bin/env node
// Measures the wall time of a simulation study in the built app (not a test: it only prints
// numbers). For each worker count: open the simulation page afresh, set the workers, click "Run"
// at once ("first" run: the page's warm workers may still be starting), then run it again
// `--runs` times on the same page ("again": the workers the last run handed back, warm). Per run:
//   page   — what the page itself reports (performance.now() from the click's handler to the last
//            chunk's answer, as shown in the results line: includes spawning any worker that
//            is not warm yet and compiling its wasm). The figure;
//   shown  — click to the results in the DOM (a MutationObserver in the page): adds building the
//            table, plot and claims on the page's thread;
//   paint  — click to the first frame after that (requestAnimationFrame, then a task): adds
//            style, layout and paint;
//   node   — click to the results visible, seen from Node (adds Playwright's polling).
// And, before each worker count and at the end, the start-up of one worker on its own:
// `new Worker` (gloo-worker's blob that loads /worker.js) until its first message, gloo-worker's
// "loaded" (script and wasm fetched, wasm compiled and instantiated, the worker registered).
// The test server sends `cache-control: no-store`, so the browser keeps no compiled code between
// page loads: every fresh page compiles the wasm again.
//
//   node tests/e2e/measure-simulation.mjs [--workers 1,2] [--runs 3] [--tournaments 10000]
//   (needs dist/: ./scripts/test.sh or `trunk build --release` first; CROSSTABLE_DIST overrides)
import { parseArgs } from 'node:util';
import os from 'node:os';
import { gotoApp, openBrowser, startServer } from './helpers.mjs';

const { values: opts } = parseArgs({
  options: {
    workers: { type: 'string', default: '1,2' },
    runs: { type: 'string', default: '3' },
    tournaments: { type: 'string', default: '10000' },
  },
});
const WORKERS = opts.workers.split(',').map(Number);
const RUNS = Number(opts.runs);

async function main() {
  const server = await startServer();
  const browser = await openBrowser();
  try {
    const { page } = browser;
    await gotoApp(page, server.url);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    console.log(
      `simulation study, ${opts.tournaments} tournaments per scenario × 18 scenarios; ` +
        `navigator.hardwareConcurrency = ${cores}, os.cpus() = ${os.cpus().length}, load ${load()}`,
    );
    console.log('  seconds per run: page (the issue\'s figure) / shown / paint / node; "first" = clicked as soon as the page opened');
    const startups = [];
    for (const workers of WORKERS) {
      startups.push(await workerStartupMs(page));
      // A fresh simulation page (leaving it closes the last one's workers).
      await page.getByTestId('nav-learn').click();
      await page.getByTestId('nav-simulation').click();
      await page.getByTestId('sim-run').waitFor({ state: 'visible' });
      await page.getByTestId('sim-tournaments').fill(opts.tournaments);
      await page.getByTestId('sim-workers').fill(String(workers));
      const runs = [];
      for (let run = 0; run <= RUNS; run++) runs.push(await oneRun(page, workers));
      const fmt = (r) => [r.page, r.shown, r.paint, r.node].map((x) => x.toFixed(3)).join(' / ');
      const best = Math.min(...runs.slice(1).map((r) => r.page)).toFixed(3);
      console.log(
        `  ${workers} worker(s), load ${load()}: first ${fmt(runs[0])}; again ${runs.slice(1).map(fmt).join('; ')} ` +
          `(best page again ${best})`,
      );
    }
    startups.push(await workerStartupMs(page));
    console.log(`  one worker's start-up (spawn to loaded), in order: ${startups.map((ms) => (ms / 1000).toFixed(3)).join(', ')} s`);
  } finally {
    await browser.dispose();
    await server.close();
  }
}

const load = () => os.loadavg()[0].toFixed(2);

/** One click of "Run" until its results are shown: { page, shown, paint, node } in seconds. */
async function oneRun(page, workers) {
  // Mark the previous run's results (the page replaces them) so that only this run's count, and
  // time the click and the results' arrival in the page.
  await page.evaluate(() => {
    document.querySelector('[data-testid="sim-results"]')?.setAttribute('data-stale', '');
    const t = (window.__simTimes = {});
    document.addEventListener('click', () => (t.click ??= performance.now()), { capture: true, once: true });
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="sim-results"]:not([data-stale])')) return;
      observer.disconnect();
      t.shown = performance.now();
      requestAnimationFrame(() => setTimeout(() => (t.paint = performance.now())));
    }).observe(document.body, { subtree: true, childList: true });
  });
  const t0 = Date.now();
  await page.getByTestId('sim-run').click();
  await page.locator('[data-testid="sim-results"]:not([data-stale])').waitFor({ state: 'visible', timeout: 600_000 });
  const node = (Date.now() - t0) / 1000;
  await page.waitForFunction(() => window.__simTimes.paint !== undefined);
  const t = await page.evaluate(() => window.__simTimes);
  const info = page.getByTestId('sim-run-info');
  const m = (await info.textContent()).match(/on (\d+) Web Worker/);
  if (!m || Number(m[1]) !== workers) throw new Error(`unexpected run info: ${await info.textContent()}`);
  return {
    page: Number(await info.getAttribute('data-elapsed-ms')) / 1000,
    shown: (t.shown - t.click) / 1000,
    paint: (t.paint - t.click) / 1000,
    node,
  };
}

// Milliseconds from `new Worker` to the worker's first message (gloo-worker's "loaded"), the
// worker spawned the way the app spawns it (gloo-worker's classic blob worker), then terminated.
async function workerStartupMs(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        // As gloo-worker spawns it: a blob script that imports the wasm-bindgen shim and
        // starts the wasm.
        const js = new URL('/worker.js', location.href).href;
        const shim = `importScripts("${js}");wasm_bindgen("${js.replace('.js', '_bg.wasm')}");`;
        const url = URL.createObjectURL(new Blob([shim], { type: 'application/javascript' }));
        const t0 = performance.now();
        const worker = new Worker(url);
        const timer = setTimeout(() => reject(new Error('the worker did not load within 20 s')), 20_000);
        worker.onmessage = () => {
          const ms = performance.now() - t0;
          clearTimeout(timer);
          worker.terminate();
          URL.revokeObjectURL(url);
          resolve(ms);
        };
        worker.onerror = (e) => {
          clearTimeout(timer);
          reject(new Error(`the worker failed to load: ${e.message}`));
        };
      }),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
