#!/usr/bin/env node
// Measures the wall time of a simulation study in the built app (not a test: it only prints
// numbers). For each worker count: open the simulation page, set the workers, click "Run",
// wait for the results. Two times per run:
//   page — what the page itself reports (performance.now() from the click's handler to the last
//          chunk's answer, as shown in the results line: includes spawning the workers and
//          compiling their wasm);
//   node — from the click to the results being visible, seen from Node (adds Playwright's
//          polling and the render of the table, plot and claims).
// And, before each worker count, the start-up of one worker on its own (the page's time includes
// it once per run): `new Worker` (gloo-worker's blob that loads /worker.js) until its first message, gloo-worker's "loaded"
// (script and wasm fetched, wasm compiled and instantiated, the worker registered). The first
// is cold (nothing compiled yet in this browser), later ones may use the browser's caches.
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
    await page.getByTestId('nav-simulation').click();
    await page.getByTestId('sim-run').waitFor({ state: 'visible' });
    await page.getByTestId('sim-tournaments').fill(opts.tournaments);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    console.log(
      `simulation study, ${opts.tournaments} tournaments per scenario × 18 scenarios; ` +
        `navigator.hardwareConcurrency = ${cores}, os.cpus() = ${os.cpus().length}, load ${os.loadavg()[0].toFixed(2)}`,
    );
    const startups = [];
    for (const workers of WORKERS) {
      startups.push(await workerStartupMs(page));
      await page.getByTestId('sim-workers').fill(String(workers));
      const pageSeconds = [];
      const nodeSeconds = [];
      for (let run = 0; run < RUNS; run++) {
        // Mark the previous run's results (the page replaces them) so that only this run's count.
        await page.evaluate(() => document.querySelector('[data-testid="sim-results"]')?.setAttribute('data-stale', ''));
        const t0 = Date.now();
        await page.getByTestId('sim-run').click();
        await page.locator('[data-testid="sim-results"]:not([data-stale])').waitFor({ state: 'visible', timeout: 600_000 });
        nodeSeconds.push((Date.now() - t0) / 1000);
        const info = page.getByTestId('sim-run-info');
        const m = (await info.textContent()).match(/on (\d+) Web Worker/);
        if (!m || Number(m[1]) !== workers) throw new Error(`unexpected run info: ${await info.textContent()}`);
        pageSeconds.push(Number(await info.getAttribute('data-elapsed-ms')) / 1000);
      }
      const fmt = (xs) => xs.map((x) => x.toFixed(2)).join(', ');
      const min = (xs) => Math.min(...xs).toFixed(2);
      console.log(`  ${workers} worker(s): page ${fmt(pageSeconds)} s (best ${min(pageSeconds)}); node ${fmt(nodeSeconds)} s`);
    }
    startups.push(await workerStartupMs(page));
    console.log(`  one worker's start-up (spawn to loaded), in order: ${startups.map((ms) => (ms / 1000).toFixed(3)).join(', ')} s`);
  } finally {
    await browser.dispose();
    await server.close();
  }
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
