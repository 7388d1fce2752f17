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
//   node   — click to the results painted, seen from Node (adds the round trip to Node).
// And, before each worker count and at the end, the start-up of one worker on its own:
// `new Worker` (gloo-worker's blob that loads /worker.js) until its first message, gloo-worker's
// "loaded" (script and wasm fetched, wasm compiled and instantiated, the worker registered).
// The test server sends `cache-control: no-store`, so the browser keeps no compiled code between
// page loads: every fresh page compiles the wasm again.
//
// With --cli PATH (the native CLI, `cargo build --release -p crosstable-cli`), each run of the
// page is paired with a run of `PATH simulate --tournaments T --seed 1 --threads 1` made right
// after it, and the line ends with the page's time over the CLI's, per pair (median and range):
// the machine's speed drifts by tens of percent from minute to minute (a shared virtual machine),
// and a pair measured in the same second shares the drift. The CLI's time is the study time it
// reports itself (its last line), without its process start-up: the stricter comparison.
// With --first-after MS, the first run is clicked MS milliseconds after the page opened.
//
//   node benches/web/measure-simulation.mjs [--workers 1,2] [--runs 3] [--tournaments 10000] [--cli PATH] [--first-after MS]
//   (needs dist/: ./scripts/test.sh or `trunk build --release` first; CROSSTABLE_DIST overrides)
import { parseArgs } from 'node:util';
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { gotoApp, openBrowser, startServer } from '../../tests/e2e/helpers.mjs';
import { median } from './stats.mjs';

const { values: opts } = parseArgs({
  options: {
    workers: { type: 'string', default: '1,2' },
    runs: { type: 'string', default: '3' },
    tournaments: { type: 'string', default: '10000' },
    cli: { type: 'string' },
    'first-after': { type: 'string', default: '0' },
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
      // --first-after MS: the first click that long after the page opened (a person reading the
      // form first), instead of at once.
      await page.waitForTimeout(Number(opts['first-after']));
      const runs = [];
      for (let run = 0; run <= RUNS; run++) {
        const r = await oneRun(page, workers);
        if (opts.cli) r.cli = cliSeconds();
        runs.push(r);
      }
      const fmt = (r) => [r.page, r.shown, r.paint, r.node].map((x) => x.toFixed(3)).join(' / ');
      const again = runs.slice(1).map((r) => r.page);
      console.log(
        `  ${workers} worker(s), load ${load()}: first ${fmt(runs[0])}; again ${runs.slice(1).map(fmt).join('; ')} ` +
          `(page again: best ${Math.min(...again).toFixed(3)}, median ${median(again).toFixed(3)})`,
      );
      if (opts.cli) {
        // Per core: the page's time × its workers over the one-threaded CLI's.
        const ratio = (r) => (r.page * workers) / r.cli;
        const ratios = runs.slice(1).map(ratio);
        console.log(
          `    per core against the CLI run just after each: first ${ratio(runs[0]).toFixed(2)}×; again median ` +
            `${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}); ` +
            `CLI median ${median(runs.map((r) => r.cli)).toFixed(3)} s`,
        );
      }
    }
    startups.push(await workerStartupMs(page));
    console.log(`  one worker's start-up (spawn to loaded), in order: ${startups.map((ms) => (ms / 1000).toFixed(3)).join(', ')} s`);
  } finally {
    await browser.dispose();
    await server.close();
  }
}

const load = () => os.loadavg()[0].toFixed(2);

/** One run of the native CLI on one thread: the study time it reports, in seconds. */
function cliSeconds() {
  const out = execFileSync(
    opts.cli,
    ['simulate', '--tournaments', opts.tournaments, '--seed', '1', '--threads', '1'],
    { encoding: 'utf8' },
  );
  const m = out.match(/(\d+) ms on 1 thread/);
  if (!m) throw new Error(`no study time in the CLI's output: ${out.trim().split('\n').at(-1)}`);
  return Number(m[1]) / 1000;
}

/** One click of "Run" until its results are shown: { page, shown, paint, node } in seconds. */
async function oneRun(page, workers) {
  // Mark the previous run's results (the page replaces them) so that only this run's count, and
  // time the click and the results' arrival in the page.
  await page.evaluate(() => {
    document.querySelector('[data-testid="sim-results"]')?.setAttribute('data-stale', '');
    const t = (window.__simTimes = {});
    document.addEventListener('click', () => (t.click ??= performance.now()), { capture: true, once: true });
    t.painted = new Promise((resolve) => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid="sim-results"]:not([data-stale])')) return;
        observer.disconnect();
        t.shown = performance.now();
        requestAnimationFrame(() => setTimeout(() => resolve((t.paint = performance.now()))));
      }).observe(document.body, { subtree: true, childList: true });
    });
  });
  const t0 = Date.now();
  await page.getByTestId('sim-run').click();
  // Waited for inside the page (the observer above), not with a Playwright locator: a locator
  // polls the page's DOM every animation frame, work on the page's thread (and, on two cores,
  // CPU taken from the worker) that no user's browser does.
  await page.evaluate(() => window.__simTimes.painted);
  const node = (Date.now() - t0) / 1000;
  const t = await page.evaluate(() => ({ click: window.__simTimes.click, shown: window.__simTimes.shown, paint: window.__simTimes.paint }));
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
