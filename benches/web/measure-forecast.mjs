#!/usr/bin/env node
// Measures the Chances view's forecasts in the built app (not a test: it only prints numbers).
// A new 12-player single round-robin without results (66 games to play) is created through the
// wizard; the view then runs 200,000 simulations for each of the FIDE rule and the Bayesian
// imputation on the Web Workers (one per logical core, at most 8). Reported: the page's own
// time (performance.now() from the start of the run to the last block merged, shown in the
// done line), for `--runs` runs (the seed changes nothing in the time; each run is started by
// changing the draw peak, which recomputes both forecasts).
//
//   node benches/web/measure-forecast.mjs [--runs 3]
//   (needs dist/: `trunk build --release` first; CROSSTABLE_DIST overrides)
import { parseArgs } from 'node:util';
import os from 'node:os';
import { createEvent, gotoApp, openBrowser, startServer } from '../../tests/e2e/helpers.mjs';

const { values: opts } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Number(opts.runs);
const PLAYERS = Array.from({ length: 12 }, (_, i) => `Player${i + 1}, P, ${2750 - 15 * i}`).join('\n');

async function main() {
  const server = await startServer();
  const browser = await openBrowser();
  try {
    const { page } = browser;
    await gotoApp(page, server.url);
    await createEvent(page, { name: 'Measure 12', system: 'rr1', players: PLAYERS });
    await page.getByTestId('nav-chances').click();
    await page.getByTestId('chances-done').waitFor({ state: 'visible', timeout: 600_000 });
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    console.log(
      `chances, 12 players, 66 games to play, 2 policies × 200,000 simulations; ` +
        `navigator.hardwareConcurrency = ${cores}, load ${os.loadavg()[0].toFixed(2)}`,
    );
    const ms = [];
    for (let run = 0; run < RUNS; run++) {
      const old = await page.getByTestId('chances-done').elementHandle();
      await page.getByTestId('chances-draw-peak').fill(run % 2 ? '0.6' : '0.55');
      await page.getByTestId('chances-draw-peak').dispatchEvent('change');
      await page.waitForFunction((o) => {
        const now = document.querySelector('[data-testid=chances-done]');
        return now && now !== o;
      }, old, { timeout: 600_000 });
      ms.push(Number(await page.getByTestId('chances-ms').textContent()));
    }
    console.log(`  page: ${ms.join(', ')} ms for 400,000 simulations (best ${Math.min(...ms)} ms)`);
  } finally {
    await browser.dispose();
    await server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
