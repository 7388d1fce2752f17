#!/usr/bin/env node
// Writes a gzip (.gz, level 9) and a Brotli (.br, quality 11) copy beside every text and wasm
// file of a built site, for static hosts that serve precompressed files (nginx gzip_static /
// brotli_static, Caddy's precompressed, Netlify, GitHub Pages' own gzip aside). The originals
// stay: any plain file server still works. Trunk runs it as a post-build hook (Trunk.toml) on
// its staging folder; by hand: `node scripts/precompress.mjs dist`.
// First it gives the home shell's files hashed names (scripts/shell.mjs), then it writes the
// offline service worker and its file list (scripts/offline.mjs), so that
// sw.js is compressed too; a debug build (`trunk serve`) gets no service worker.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { writeServiceWorker } from './offline.mjs';
import { hashShell } from './shell.mjs';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('usage: node scripts/precompress.mjs DIR (or run as a Trunk hook)');
  process.exit(2);
}
const debug = process.env.TRUNK_PROFILE === 'debug'; // `trunk serve` without --release
const publicUrl = process.env.TRUNK_PUBLIC_URL ?? '/';
hashShell(dir, { publicUrl });
const offline = writeServiceWorker(dir, { publicUrl, enabled: !debug });
if (debug) process.exit(0);
console.log(`service worker ${offline.version}: ${offline.files.length} files precached`);
const COMPRESSIBLE = /\.(wasm|js|css|html|svg|json|txt)$/;

function* files(d) {
  for (const name of readdirSync(d)) {
    const path = join(d, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(name)) yield path;
  }
}

let raw = 0;
let gz = 0;
let br = 0;
for (const path of files(dir)) {
  const data = readFileSync(path);
  const gzipped = gzipSync(data, { level: 9 });
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  writeFileSync(`${path}.gz`, gzipped);
  writeFileSync(`${path}.br`, brotli);
  raw += data.length;
  gz += gzipped.length;
  br += brotli.length;
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`precompressed ${dir}: ${kb(raw)} raw, ${kb(gz)} gzip, ${kb(br)} brotli`);
