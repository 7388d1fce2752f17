// Crosstable's service worker, written into the build by scripts/offline.mjs (do not edit the
// copy in dist/). It precaches every file of one build under a cache named after a hash of that
// build, and answers from that cache first: the page gets the files of exactly one version,
// never a mix. A new build is a new worker; it waits until the page's "Reload" asks it to take
// over (skipWaiting only then), and deletes the older caches when it does.
// Every URL is relative to this script, so the app works from any static server and sub-path.
const VERSION = '__VERSION__';
const CACHE = `crosstable-${VERSION}`;
const FILES = __FILES__;
const BASE = new URL('./', self.location.href);
const PRECACHE = FILES.map((f) => new URL(f, BASE).href);
const INDEX = new URL('index.html', BASE).href;

self.addEventListener('install', (event) => {
  // cache: 'reload' bypasses the HTTP cache, so the precache never mixes in an older file.
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('crosstable-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(BASE.href)) return;
  // The app's routes (/event/…/rounds) are one page: a navigation gets index.html.
  const isRoute = request.mode === 'navigate' && !/\.[a-z0-9]+$/i.test(url.pathname);
  const key = isRoute ? INDEX : url.href.split('#')[0];
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(key, { ignoreSearch: isRoute }))
      .then((hit) => hit ?? fetch(request)),
  );
});
