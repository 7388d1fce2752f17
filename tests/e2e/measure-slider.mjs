#!/usr/bin/env node
// Measures the k slider's latency on the withdrawal page of the built app (not a test: it only
// prints numbers). For each move, inside the page: performance.now() when the `input` event is
// dispatched, then (a) when a MutationObserver first sees the imputed table's text change and
// (b) the next requestAnimationFrame after that, i.e. the frame that will show it.
//
//   node tests/e2e/measure-slider.mjs [--moves 20] [--warmup 3]
//   (needs dist/: ./scripts/test.sh or `trunk build --release` first; CROSSTABLE_DIST overrides)
import { parseArgs } from 'node:util';
import { gotoApp, openBrowser, startServer } from './helpers.mjs';

const { values: opts } = parseArgs({
  options: {
    moves: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
  },
});
const MOVES = Number(opts.moves);
const WARMUP = Number(opts.warmup);

/** Nearest-rank percentile of an ascending array. */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

// Runs in the page: one slider move, resolves with { dom, frame } in ms.
function moveOnce(value) {
  const slider = document.querySelector('[data-testid="k-slider"]');
  const tableText = () => document.querySelector('[data-testid="imputed-table"]')?.textContent;
  const before = tableText();
  return new Promise((resolve, reject) => {
    let t0;
    const done = () => {
      const dom = performance.now() - t0;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve({ dom, frame: performance.now() - t0 }));
    };
    // Observe the whole body: a re-render may replace the table element itself.
    const observer = new MutationObserver(() => tableText() !== before && done());
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`imputed-table did not change after k = ${value}`));
    }, 5000);
    t0 = performance.now();
    slider.value = String(value);
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    // If the app updated synchronously inside the event, no mutation callback has run yet.
    if (tableText() !== before) done();
  });
}

async function main() {
  const server = await startServer();
  const browser = await openBrowser();
  try {
    const { page } = browser;
    await gotoApp(page, server.url);
    await page.getByTestId('open-example').click();
    await page.getByTestId('nav-withdrawal').click();
    await page.getByTestId('imputed-table').waitFor({ state: 'visible' });

    // Alternate between the slider's ends and interior steps so every move changes the value.
    const { min, max, step, current } = await page.getByTestId('k-slider').evaluate((el) => ({
      min: Number(el.min || 0),
      max: Number(el.max || 100),
      step: el.step && el.step !== 'any' ? Number(el.step) : 1,
      current: Number(el.value),
    }));
    const stepsInRange = Math.max(1, Math.floor((max - min) / step));
    const valueAt = (i) => (i % 2 ? max : min + (Math.floor(i / 2) % stepsInRange) * step);

    const dom = [];
    const frame = [];
    let previous = current;
    for (let i = 0, n = 0; n < WARMUP + MOVES; i++) {
      const value = valueAt(i);
      if (Math.abs(value - previous) < step / 2) continue; // no change, nothing to measure
      previous = value;
      const r = await page.evaluate(moveOnce, value);
      if (n++ >= WARMUP) {
        dom.push(r.dom);
        frame.push(r.frame);
      }
    }
    dom.sort((a, b) => a - b);
    frame.sort((a, b) => a - b);
    const fmt = (xs) =>
      `p50 ${percentile(xs, 50).toFixed(1)} ms  p95 ${percentile(xs, 95).toFixed(1)} ms  max ${xs.at(-1).toFixed(1)} ms`;
    console.log(`k slider, ${MOVES} moves (after ${WARMUP} warm-up), range ${min}..${max} step ${step}`);
    console.log(`  input → table text changed : ${fmt(dom)}`);
    console.log(`  input → next frame         : ${fmt(frame)}`);
    console.log('  (headless Chromium on this machine; budget: one frame, 16 ms)');
  } finally {
    await browser.dispose();
    await server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
