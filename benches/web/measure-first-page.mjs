#!/usr/bin/env node
// Measures the first page (not a test: it only prints numbers). For each run, a fresh browser
// profile (cold cache, no service worker yet) loads the home page ("/") from a loopback server
// and reports, from the page's own Performance entries:
//   first paint — first-contentful-paint (the "Loading Crosstable…" line of index.html counts);
//   usable — when the home page's own controls were drawn by the wasm ("Open the example" is
//            in the page: the app has loaded, mounted and attached its handlers), polled every
//            animation frame. (Watching #boot's style fired too early: the parser had not yet
//            reached what follows it.)
//   bytes — every file the page requested before it was usable, by file, raw and as gzip and
//           brotli (dist/'s precompressed copies, i.e. what a host serving them sends).
//
//   node benches/web/measure-first-page.mjs [--runs 7]
//   (needs dist/: ./scripts/test.sh or `trunk build --release` first; CROSSTABLE_DIST overrides)
import { parseArgs } from 'node:util';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST, openBrowser, startServer } from '../../tests/e2e/helpers.mjs';

const { values: opts } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const RUNS = Number(opts.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`--runs must be a whole number of at least 1 (got "${opts.runs}")`);
  process.exit(2);
}
/** Drawn by the home page once the wasm runs (pages/home.rs), in the full app and the shell. */
const USABLE = '[data-testid="open-example"]';
const p50 = (xs) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

function sizes(urlPath) {
  const file = path.join(DIST, decodeURIComponent(urlPath));
  if (!existsSync(file) || statSync(file).isDirectory()) return null;
  const raw = statSync(file).size;
  const gz = existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file), { level: 9 }).length;
  const br = existsSync(`${file}.br`) ? statSync(`${file}.br`).size : null;
  return { raw, gz, br };
}

async function main() {
  const server = await startServer();
  const paints = [];
  const mounts = [];
  let files = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const browser = await openBrowser();
      try {
        const { page } = browser;
        await page.goto(server.url, { waitUntil: 'commit' });
        await page.waitForFunction(
          (selector) => {
            if (!window.__usable && document.querySelector(selector)) window.__usable = performance.now();
            return window.__usable;
          },
          USABLE,
          { polling: 'raf', timeout: 60_000 },
        );
        // The first paint may be reported a frame after it happened.
        await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
          timeout: 10_000,
        });
        const m = await page.evaluate(() => ({
          fcp: performance.getEntriesByName('first-contentful-paint')[0].startTime,
          mounted: window.__usable,
          resources: performance
            .getEntriesByType('resource')
            .filter((r) => r.startTime < window.__usable)
            .map((r) => new URL(r.name).pathname),
        }));
        paints.push(m.fcp);
        mounts.push(m.mounted);
        files = ['/index.html', ...new Set(m.resources)];
      } finally {
        await browser.dispose();
      }
    }
  } finally {
    await server.close();
  }
  let raw = 0;
  let gz = 0;
  let br = 0;
  console.log(`first page, ${RUNS} cold loads from ${server.url} (loopback):`);
  for (const f of files) {
    const s = sizes(f === '/index.html' ? 'index.html' : f);
    if (!s) continue;
    raw += s.raw;
    gz += s.gz;
    br += s.br ?? s.gz;
    console.log(`  ${f}: ${(s.raw / 1024).toFixed(1)} KB raw, ${(s.gz / 1024).toFixed(1)} KB gzip${s.br ? `, ${(s.br / 1024).toFixed(1)} KB brotli` : ''}`);
  }
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`  total before the home page was usable: ${kb(raw)} raw, ${kb(gz)} gzip, ${kb(br)} brotli`);
  const fmt = (xs) => xs.map((x) => x.toFixed(0)).join(', ');
  console.log(`  first contentful paint: p50 ${p50(paints).toFixed(0)} ms (${fmt(paints)})`);
  console.log(`  home page usable:        p50 ${p50(mounts).toFixed(0)} ms (${fmt(mounts)})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
