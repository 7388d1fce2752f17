#!/usr/bin/env node
// Measures how long the sensitivity view takes to redraw its plots when k moves, in the built app
// (not a test: it only prints numbers). For each move, inside the page: performance.now() when
// the k slider's `input` event is dispatched, then (a) when both plots that mark the current k
// (imputed vs k, points vs k: their k overlay) have changed — the cliff, whose Bayesian line
// depends on k, is redrawn by plotters in the same reactive update (its SVG may come out identical
// when the totals move by less than a pixel, so it is not waited for) — and (b) the next
// requestAnimationFrame after that, i.e. the frame that shows it all.
//
//   node benches/web/measure-plots.mjs [--moves 20] [--warmup 3]
//   (needs dist/: ./scripts/test.sh or `trunk build --release` first; CROSSTABLE_DIST overrides)
import { parseArgs } from 'node:util';
import { gotoApp, openBrowser, startServer } from '../../tests/e2e/helpers.mjs';
import { summary } from './stats.mjs';

const { values: opts } = parseArgs({
  options: {
    moves: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
  },
});
const MOVES = Number(opts.moves);
const WARMUP = Number(opts.warmup);

// Runs in the page: one slider move, resolves with { dom, frame } in ms.
function moveOnce(value) {
  const ids = ['plot-imputed-vs-k', 'plot-points-vs-k'];
  const svgs = () => ids.map((id) => document.querySelector(`[data-testid="${id}"]`)?.innerHTML);
  const before = svgs();
  const slider = document.querySelector('[data-testid="k-slider"]');
  return new Promise((resolve, reject) => {
    let t0;
    const allChanged = () => svgs().every((s, i) => s !== before[i]);
    const done = () => {
      const dom = performance.now() - t0;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve({ dom, frame: performance.now() - t0 }));
    };
    const observer = new MutationObserver(() => allChanged() && done());
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`plots did not all change after k = ${value}`));
    }, 5000);
    t0 = performance.now();
    slider.value = String(value);
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    if (allChanged()) done();
  });
}

async function main() {
  const server = await startServer();
  const browser = await openBrowser();
  try {
    const { page } = browser;
    await gotoApp(page, server.url);
    await page.getByTestId('open-example').click();
    await page.getByTestId('nav-sensitivity').click();
    await page.getByTestId('plot-cliff').locator('.plot-base svg').waitFor({ state: 'visible' });
    const dom = [];
    const frame = [];
    // 0.5, 1, 1.5, … 20 and back: every move changes k.
    const values = [];
    for (let i = 0; values.length < WARMUP + MOVES; i++) values.push(((i % 40) + 1) * 0.5);
    for (const [n, value] of values.entries()) {
      const r = await page.evaluate(moveOnce, value);
      if (n >= WARMUP) {
        dom.push(r.dom);
        frame.push(r.frame);
      }
    }
    const fmt = (xs) => summary(xs, 1);
    console.log(`sensitivity plots, ${MOVES} k-slider moves (after ${WARMUP} warm-up), the example event`);
    console.log(`  input → k plots updated        : ${fmt(dom)}`);
    console.log(`  input → next frame              : ${fmt(frame)}`);
    console.log('  (headless Chromium on this machine)');
  } finally {
    await browser.dispose();
    await server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
