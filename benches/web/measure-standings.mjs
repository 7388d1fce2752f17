#!/usr/bin/env node
// Measures how long the standings tab takes to recompute and redraw for a large event (not a
// test: it only prints numbers). It imports a TRF through the app's file input (default: the
// largest tie-break fixture), opens the Standings tab, then, inside the page, for each change:
// performance.now() when the `change` event is dispatched, (a) when a MutationObserver first
// sees the standings table's text change, (b) the next requestAnimation frame after that, and
// (c) "painted": a task queued from that frame's callback, which runs once the frame's style,
// layout and paint are done — (a) and (b) leave those out, (c) is what the eye waits for.
// Changes measured: the rule version (fide2026 ↔ fide2023: the Swiss BH/SB values change), the
// preset (Swiss ↔ round-robin: other columns), the basis (recorded ↔ Bayesian, for a
// round-robin with a withdrawal), opening a value's breakdown, and opening the tab itself.
//
//   node benches/web/measure-standings.mjs [--file PATH.trf] [--moves 10] [--warmup 2] [--trace]
//   node benches/web/measure-standings.mjs --file SWISS.trf --against DIST2 [--moves 40]
//   --trace: after the timings, four more rule (or preset) changes under a Chromium trace and CPU
//   profile, summarised as self time per trace event and per function (benches/web/trace.mjs).
//   --against DIST2: only the rule changes, of two builds open side by side (CROSSTABLE_DIST or
//   dist/ against DIST2), interleaved one change each, with the per-pair difference: this machine's
//   speed drifts by a third within minutes, so builds measured one after the other can swap places.
//   (needs dist/: ./scripts/test.sh or `trunk build --release` first; CROSSTABLE_DIST overrides)
//
// Figures (issue 15 item 4), t146 (299 players, Swiss preset, 6 tie-break columns), release builds
// of the same machine state run one after the other (`trunk build --release`, then
//   CROSSTABLE_DIST=<dist> node benches/web/measure-standings.mjs --file fixtures/dutch/t146/full.trf):
//   build                        rules change: table changed / painted    preset change   open tab
//   9a50ef9 (before), load 8.2   p50 47 ms (p95 196) / p50 89 ms           p50 109 ms      p50 362 ms
//   61dd814 (after),  load 9.1   p50 13 ms (p95 144) / p50 46 ms           p50 56 ms       p50 177 ms
// At load 3-7 (builds without wasm-opt, alternating): rules change p50 48/76 ms before, 22/15 ms
// after. "painted" still includes 15-20 ms of Chromium's layout of the 299-row table (trace).
// The engine's recomputation (standings::compute) is about 5 ms of a change in the trace.
// 2026-12-03, three rounds alternating three release builds (20 changes each, load 1.8-1.9):
//   ff0c155 (before)                               rules change, table changed: p50 13, 11, 17 ms
//   13c3760+7e4bac1 (rows and options move)                                       p50 15, 12, 16 ms
//   419ff20 (+ values moved, exact compare)                                       p50 11, 10, 11 ms
// A profile of the last (a build without wasm-opt, names kept): the engine about 3 ms of a
// change, text writes 1.5 ms, row and option moves 1.3 ms, Leptos's notifying and storing the
// settings most of the rest.
// Second session of 2026-12-03 (load 1-2), cc0ee4a (before) against 8ae2822 (after: the why-above
// selects drawn after the table's frame, the language a signal of its own instead of a memo of
// every setting, breakdowns allocated once), `--against`, 40 interleaved changes each, t146:
//   table changed p50 14 ms before, 10 ms after (per-pair difference p50 -5.0 ms); painted p50
//   69 -> 54 ms; the selects now change at p50 53 ms, right after the table's frame.
//   The after-build alone, 30 changes: table changed p50 7 ms, p95 11 ms; painted p50 34 ms.
// A profile of the change (before the selects moved): the engine ~3 ms (its old standings'
// drop ~1 ms of it), table text writes and row moves ~3 ms; the selects' 36 option moves and
// 150 labels cost more than their share (HTMLSelectElement rebuilds its list on each move).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gotoApp, openBrowser, startServer } from '../../tests/e2e/helpers.mjs';
import { summary } from './stats.mjs';
import { startTrace, summarise } from './trace.mjs';

const { values: opts } = parseArgs({
  options: {
    file: { type: 'string', default: 'fixtures/tiebreaks/swiss-t148/input.trf' },
    moves: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    trace: { type: 'boolean', default: false },
    against: { type: 'string' },
  },
});
const MOVES = Number(opts.moves);
const WARMUP = Number(opts.warmup);

const fmt = (xs) => summary(xs, 0);

// Runs in the page: sets a select and resolves with { dom, frame, painted, selects } in ms once
// the table changed; `selects`: when the "why is A above B" selects' options had changed too
// (null if they did not within the wait).
function changeOnce([testid, value]) {
  const select = document.querySelector(`[data-testid="${testid}"]`);
  const tableText = () => document.querySelector('[data-testid="tiebreak-standings"]')?.textContent;
  const selectsText = () => document.querySelector('.why-selects')?.textContent;
  const before = tableText();
  const selectsBefore = selectsText();
  let selects = null;
  const selectsObserver = new MutationObserver(() => {
    if (selects === null && selectsText() !== selectsBefore) selects = performance.now() - t0;
  });
  selectsObserver.observe(document.body, { subtree: true, childList: true, characterData: true });
  let t0;
  return new Promise((resolve, reject) => {
    const done = () => {
      const dom = performance.now() - t0;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => {
        const frame = performance.now() - t0;
        // A task queued in the frame's callback runs after that frame's style, layout and paint.
        setTimeout(() => {
          const painted = performance.now() - t0;
          selectsObserver.disconnect();
          resolve({ dom, frame, painted, selects });
        }, 0);
      });
    };
    const observer = new MutationObserver(() => tableText() !== before && done());
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`the table did not change after ${testid} = ${value}`));
    }, 20000);
    t0 = performance.now();
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    if (tableText() !== before) done();
  });
}

// Runs in the page: clicks a value in row `row` and resolves when the breakdown shows it.
function selectOnce(row) {
  const button = document.querySelectorAll(
    `[data-testid="tiebreak-standings"] tbody tr:nth-child(${row + 1}) button.value`,
  )[1];
  const heading = () => document.querySelector('[data-testid="tiebreak-breakdown"] h4')?.textContent;
  const before = heading();
  return new Promise((resolve, reject) => {
    let t0;
    const done = () => {
      const dom = performance.now() - t0;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => {
        const frame = performance.now() - t0;
        // A task queued in the frame's callback runs after that frame's style, layout and paint.
        setTimeout(() => resolve({ dom, frame, painted: performance.now() - t0 }), 0);
      });
    };
    const observer = new MutationObserver(() => heading() !== before && done());
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    const timer = setTimeout(() => reject(new Error('the breakdown did not change')), 20000);
    t0 = performance.now();
    button.click();
  });
}

// Runs in the page: clicks the Standings tab link and resolves when the table has its rows.
function openTab(rows) {
  const link = [...document.querySelectorAll('nav.tabs a')].find((a) => a.textContent.trim() === 'Standings');
  return new Promise((resolve, reject) => {
    let t0;
    const ready = () => document.querySelectorAll('[data-testid="tiebreak-standings"] tbody tr').length === rows;
    const done = () => {
      const dom = performance.now() - t0;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => {
        const frame = performance.now() - t0;
        // A task queued in the frame's callback runs after that frame's style, layout and paint.
        setTimeout(() => resolve({ dom, frame, painted: performance.now() - t0 }), 0);
      });
    };
    const observer = new MutationObserver(() => ready() && done());
    observer.observe(document.body, { subtree: true, childList: true });
    const timer = setTimeout(() => reject(new Error('the standings did not appear')), 20000);
    t0 = performance.now();
    link.click();
  });
}

// Imports opts.file into the app at `url` and waits for its crosstable.
async function openEvent(page, url) {
  await gotoApp(page, url);
  await page.getByTestId('import-file').setInputFiles(opts.file);
  // A file with warnings (t146: players who look withdrawn) stays on the home page with a link.
  await page.getByTestId('import-open').or(page.getByTestId('crosstable')).first().waitFor({ timeout: 60000 });
  if (await page.getByTestId('import-open').isVisible()) await page.getByTestId('import-open').click();
  await page.getByTestId('crosstable').waitFor({ state: 'visible', timeout: 60000 });
}

async function main() {
  const server = await startServer();
  const browser = await openBrowser();
  try {
    const { page } = browser;
    await openEvent(page, server.url);
    const players = await page.getByTestId('crosstable').locator('tbody tr').count();
    const eventUrl = page.url();

    const open = [];
    for (let i = 0; i < 1 + 3; i++) {
      await page.goto(eventUrl.replace(/\?.*$/, '') + '?tab=crosstable');
      await page.getByTestId('crosstable').waitFor({ state: 'visible' });
      const r = await page.evaluate(openTab, players);
      if (i > 0) open.push(r); // the first one also compiles and warms up
    }
    const columns = await page.getByTestId('tiebreak-standings').locator('thead th').count();

    const run = async (testid, values) => {
      const runs = [];
      for (let n = 0; n < WARMUP + MOVES; n++) {
        const r = await page.evaluate(changeOnce, [testid, values[n % 2]]);
        if (n >= WARMUP) runs.push(r);
      }
      return runs;
    };
    // The rule versions differ only in Swiss BH/FB/SB values: a round-robin's table stays.
    const system = await page.getByTestId('tiebreak-preset').inputValue();
    const swiss = system === 'swiss';
    const rules = swiss ? await run('tiebreak-rules', ['fide2023', 'fide2026']) : null;
    const preset = await run('tiebreak-preset', swiss ? ['round-robin', 'swiss'] : ['swiss', 'round-robin']);
    const policies = await page.getByTestId('standings-basis').isEnabled();
    const basis = policies ? await run('standings-basis', ['bayes', 'recorded']) : null;
    const select = [];
    for (let n = 0; n < WARMUP + MOVES; n++) {
      const r = await page.evaluate(selectOnce, (n * 7) % players);
      if (n >= WARMUP) select.push(r);
    }

    console.log(`${opts.file}: ${players} players, ${columns - 5} tie-break columns (${system} preset)`);
    const show = (what, runs, changed) => {
      console.log(`  ${what.padEnd(27)}→ ${changed.padEnd(20)}: ${fmt(runs.map((r) => r.dom))}`);
      console.log(`  ${''.padEnd(27)}→ ${'next frame'.padEnd(20)}: ${fmt(runs.map((r) => r.frame))}`);
      console.log(`  ${''.padEnd(27)}→ ${'painted'.padEnd(20)}: ${fmt(runs.map((r) => r.painted))}`);
    };
    show('open the Standings tab', open, 'rows drawn');
    if (rules) show('rules fide2026 ↔ fide2023', rules, 'table changed');
    show('preset Swiss ↔ round-robin', preset, 'table changed');
    if (basis) show('recorded ↔ Bayesian basis', basis, 'table changed');
    show("a value's breakdown", select, 'panel changed');
    console.log(`  (${MOVES} changes each after ${WARMUP} warm-up; headless Chromium on this machine)`);
    if (opts.trace) {
      const [testid, values] = swiss ? ['tiebreak-rules', ['fide2023', 'fide2026']] : ['tiebreak-preset', ['swiss', 'round-robin']];
      const trace = await startTrace(page);
      for (let n = 0; n < 4; n++) await page.evaluate(changeOnce, [testid, values[n % 2]]);
      console.log(`trace of 4 changes of ${testid}:`);
      console.log(summarise(await trace.stop()));
    }
  } finally {
    await browser.dispose();
    await server.close();
  }
}

// --against DIST2: the build under CROSSTABLE_DIST (A) and DIST2 (B) open side by side in one
// browser, and their rule changes interleaved (A, B, A, B, ...), so that both see the same
// moments of a shared machine whose speed drifts by a third within minutes.
async function compare() {
  const servers = [await startServer(), await startServer(path.resolve(opts.against))];
  const browser = await openBrowser();
  try {
    const pages = [browser.page, await browser.context.newPage()];
    for (const [i, page] of pages.entries()) {
      await openEvent(page, servers[i].url);
      await page.goto(page.url().replace(/\?.*$/, '') + '?tab=standings');
      await page.getByTestId('tiebreak-standings').locator('tbody tr').first().waitFor();
      if ((await page.getByTestId('tiebreak-preset').inputValue()) !== 'swiss') {
        throw new Error(`${opts.file}: --against compares rule changes, which need a Swiss`);
      }
    }
    const runs = [[], []];
    const values = ['fide2023', 'fide2026'];
    for (let n = 0; n < WARMUP + MOVES; n++) {
      for (const [i, page] of pages.entries()) {
        await page.bringToFront();
        const r = await page.evaluate(changeOnce, ['tiebreak-rules', values[n % 2]]);
        if (n >= WARMUP) runs[i].push(r);
      }
    }
    const names = [process.env.CROSSTABLE_DIST ?? 'dist', opts.against];
    console.log(`${opts.file}: rules fide2026 ↔ fide2023, ${MOVES} changes each, interleaved`);
    for (const [i, name] of names.entries()) {
      console.log(`  ${name}`);
      console.log(`    table changed : ${fmt(runs[i].map((r) => r.dom))}`);
      console.log(`    painted       : ${fmt(runs[i].map((r) => r.painted))}`);
      const selects = runs[i].map((r) => r.selects).filter((x) => x !== null);
      console.log(`    why-above selects changed (${selects.length} of ${runs[i].length}): ${selects.length ? fmt(selects) : '-'}`);
    }
    const diff = runs[1].map((r, k) => r.dom - runs[0][k].dom);
    console.log(`  B − A per pair, table changed: ${summary(diff, 1)}`);
  } finally {
    await browser.dispose();
    for (const s of servers) await s.close();
  }
}

(opts.against ? compare() : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
