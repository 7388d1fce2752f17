// Offline support, written into a built site (Trunk's staging folder) after the build:
//  - sw.js: the service worker (scripts/sw.template.js) with the list of every file of the build
//    (Trunk's hashed JS, wasm and CSS, the worker's script and wasm, icons, manifest, index.html)
//    and a version that is a hash of those files' names and contents;
//  - index.html: the service worker's URL in <meta name="crosstable-sw">, which the registration
//    script there reads (left empty in debug builds, so `trunk serve` registers no worker).
// Hand-generated rather than with Workbox: the list is one directory walk, the worker ~50 lines
// we can read whole, and Workbox would add a build tool and a runtime library to a site that
// precaches everything and needs no routing strategies. Called by scripts/precompress.mjs before
// it compresses (so sw.js gets its .gz and .br too); by hand: `node scripts/offline.mjs dist`.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATE = fileURLToPath(new URL('./sw.template.js', import.meta.url));
/** Never precached: compressed copies (the server picks them), source maps, the worker itself. */
const SKIP = /(\.gz|\.br|\.map)$|^sw\.js$/;

function* walk(dir, root = dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path, root);
    else {
      const rel = relative(root, path).split(sep).join('/');
      if (!SKIP.test(rel)) yield rel;
    }
  }
}

/**
 * Writes `dir`/sw.js and points `dir`/index.html at it. `publicUrl` is Trunk's public URL ("/"
 * by default), where the site's files are served from. Returns { files, version }.
 */
export function writeServiceWorker(dir, { publicUrl = '/', enabled = true } = {}) {
  const indexPath = join(dir, 'index.html');
  let html = readFileSync(indexPath, 'utf8');
  const base = publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`;
  const swUrl = enabled ? `${base}sw.js` : '';
  html = html.replace(/(<meta name="crosstable-sw" content=")[^"]*(")/, `$1${swUrl}$2`);
  html = html.replace(/(<link rel="manifest" href=")[^"]*(")/, `$1${base}manifest.webmanifest$2`);
  writeFileSync(indexPath, html);
  if (!enabled) return { files: [], version: '' };

  const files = [...walk(dir)];
  const hash = createHash('sha256');
  for (const f of files) hash.update(f).update('\0').update(readFileSync(join(dir, f))).update('\0');
  const version = hash.digest('hex').slice(0, 16);
  const sw = readFileSync(TEMPLATE, 'utf8')
    .replace('__VERSION__', version)
    .replace('__FILES__', JSON.stringify(files, null, 2));
  writeFileSync(join(dir, 'sw.js'), sw);
  return { files, version };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!dir) {
    console.error('usage: node scripts/offline.mjs DIR (or run as a Trunk hook)');
    process.exit(2);
  }
  const { files, version } = writeServiceWorker(dir, { publicUrl: process.env.TRUNK_PUBLIC_URL ?? '/' });
  console.log(`service worker ${version}: ${files.length} files precached`);
}
