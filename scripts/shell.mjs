// Gives the home shell's two files (src/bin/home_shell.rs, which Trunk builds like a worker and so
// names home_shell.js and home_shell_bg.wasm, unhashed) names with a hash of their contents, as Trunk gives
// the full app's, and writes them into index.html's <meta name="crosstable-home">, which the
// loader there reads. Without it, a plain HTTP cache could pair a new home_shell.js with an old
// home_shell_bg.wasm after a deploy. Called by scripts/precompress.mjs first (before the service
// worker lists the files); by hand: `node scripts/shell.mjs dist`.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const META = /(<meta name="crosstable-home" content=")[^"]*(")/;

/** Renames `dir`/home_shell.js and home_shell_bg.wasm to home_shell-HASH.js and home_shell-HASH_bg.wasm; returns the new names. */
export function hashShell(dir, { publicUrl = '/' } = {}) {
  const js = join(dir, 'home_shell.js');
  const wasm = join(dir, 'home_shell_bg.wasm');
  const indexPath = join(dir, 'index.html');
  const html = readFileSync(indexPath, 'utf8');
  if (!META.test(html)) throw new Error(`${indexPath} has no <meta name="crosstable-home">: is it index.html of this app?`);
  // Already done (precompress.mjs run again by hand): the meta names two files that exist.
  const named = html.match(META)?.[0].split('"')[3].split(' ') ?? [];
  if (!existsSync(js) && !existsSync(wasm) && named.length === 2 && named.every((n) => n.includes('home_shell-') && existsSync(join(dir, n.split('/').pop())))) {
    return { js: named[0], wasm: named[1] };
  }
  for (const f of [js, wasm]) {
    if (!existsSync(f)) throw new Error(`${f} is missing: index.html's data-bin="home_shell" link did not build the home shell`);
  }
  const hash = createHash('sha256').update(readFileSync(js)).update('\0').update(readFileSync(wasm)).digest('hex').slice(0, 16);
  const names = { js: `home_shell-${hash}.js`, wasm: `home_shell-${hash}_bg.wasm` };
  renameSync(js, join(dir, names.js));
  renameSync(wasm, join(dir, names.wasm));
  const base = publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`;
  writeFileSync(indexPath, html.replace(META, `$1${base}${names.js} ${base}${names.wasm}$2`));
  return names;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!dir) {
    console.error('usage: node scripts/shell.mjs DIR (or run from scripts/precompress.mjs)');
    process.exit(2);
  }
  const names = hashShell(dir, { publicUrl: process.env.TRUNK_PUBLIC_URL ?? '/' });
  console.log(`home shell: ${names.js}, ${names.wasm}`);
}
