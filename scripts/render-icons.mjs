#!/usr/bin/env node
// Renders the app's icons (assets/icons/icon-192.png, icon-512.png) from assets/icons/icon.svg
// with the Chromium the tests use, so the PNGs can be made again after the SVG changes:
// `node scripts/render-icons.mjs`. The SVG is full-bleed with its mark inside the central 56 %,
// so the same files serve as "any" and "maskable" icons (the maskable safe zone is 80 %).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets/icons');
const svg = readFileSync(path.join(DIR, 'icon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
for (const size of [192, 512]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
  );
  await page.screenshot({ path: path.join(DIR, `icon-${size}.png`), omitBackground: true });
  await page.close();
}
await browser.close();
console.log(`icons written to ${DIR}`);
