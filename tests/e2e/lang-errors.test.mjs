// Issue 12, the errors area: every error and problem message in the reader's language. For
// French, German and Japanese: a broken TRF, a broken PGN and a broken JSON file are refused in
// that language, with their line, and nothing is imported; a readable TRF's warning shows its
// points with the language's decimal separator; a damaged share link says so; a stored key that
// cannot be read is set aside with its reason, and a refused save (storage full) is reported —
// all without an English message of the `errors`, `common` or `nav` catalogues, with
// `<html lang>` set, nothing wider than its box. One browser per width (1280, 820, 390 px).
// Screenshots: tests/e2e/screenshots/lang-errors-<lang>-<view>-<width>.png.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, gotoApp, openBrowser, screenshot, startServer, watchConsole } from './helpers.mjs';
import { assertNoEnglish, englishFragments, htmlLang, overflowing, pageOverflow, switchTo } from './lang.mjs';

const AREAS = ['errors', 'common', 'nav'];
const LANGS = ['fr', 'de', 'ja'];
const WIDTHS = [1280, 820, 390];

const byId = (page, id) => page.getByTestId(id);
const file = (name, text) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text, 'utf8') });

// Line 4 holds a player record whose start number is not a number.
const BROKEN_TRF = [
  '012 Broken Event',
  '022 Nowhere',
  '062 2',
  '001 XXXX m    Broken, Bob                       ABCD NOR',
].join('\n') + '\n';

// Readable, but player 1's points column says 2.5 where the results add up to 1.5 (line 3).
const WARNED_TRF = [
  '012 Small Warned',
  'XXR 3',
  '001    1      Alpha                             2400                             2.5    1     2 w 1     3 b =',
  '001    2      Beta                              2300                             0.0    3     1 b 0  0000 - Z',
  '001    3      Gamma                             2200                             1.5    2  0000 - U     1 w =',
].join('\n') + '\n';

// A Crosstable file whose tournament lacks its fields (the first missing one is `name`).
const BROKEN_JSON = JSON.stringify({ format: 'crosstable', version: 1, tournament: {} }, null, 2);

/** How each language says "line N" at the start of a file's error. */
const LINE = {
  fr: (n) => new RegExp(`ligne ${n}\\b`),
  de: (n) => new RegExp(`Zeile ${n}\\b`),
  ja: (n) => new RegExp(`${n}行目`),
};

/** The page's checks at every stop: language, no English message, nothing overflowing. */
async function looksRight(page, lang, root) {
  assert.equal(await htmlLang(page), lang);
  await assertNoEnglish(page, lang, AREAS);
  assert.deepEqual(await overflowing(page, root), [], `${lang}: something is cut in ${root}`);
  assert.ok((await pageOverflow(page)) <= 0, `${lang}: the page is wider than the window`);
}

/** No English message of `AREAS` in `text` (a part of the page). */
async function noEnglishIn(text, lang) {
  const found = (await englishFragments(lang, AREAS)).filter((f) => text.includes(f));
  assert.deepEqual(found, [], `English left in ${lang}: ${text}`);
}

/** Imports `f` from the home page and returns the error's text (the import is refused). */
async function refusedImport(page, url, f) {
  await gotoApp(page, url);
  await byId(page, 'import-file').setInputFiles(f);
  const error = byId(page, 'import-error');
  await error.waitFor({ state: 'visible' });
  return error.innerText();
}

describe('errors in French, German and Japanese', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  for (const width of WIDTHS) {
    test(`files, share links and storage at ${width} px`, async () => {
      const browser = await openBrowser({ viewport: { width, height: 900 } });
      try {
        const { page } = browser;
        const crashes = watchConsole(page);
        await gotoApp(page, server.url);
        await byId(page, 'open-example').waitFor();
        const pgn = await readFile(path.join(ROOT, 'fixtures/pgn/broken-unclosed-variation.pgn'), 'utf8');
        for (const lang of LANGS) {
          await gotoApp(page, server.url);
          await switchTo(page, lang);
          const events = await byId(page, 'event-list').innerText();

          // A broken TRF: refused, its line named, nothing imported.
          let text = await refusedImport(page, server.url, file('broken.trf', BROKEN_TRF));
          assert.match(text, LINE[lang](4), `${lang}: ${text}`);
          assert.match(text, /broken\.trf/);
          await looksRight(page, lang, '[data-testid="import-error"]');
          await screenshot(page, `lang-errors-${lang}-trf-${width}`);
          await gotoApp(page, server.url);
          assert.equal(await byId(page, 'event-list').innerText(), events, `${lang}: nothing imported`);

          // A broken PGN: line and column.
          text = await refusedImport(page, server.url, file('broken.pgn', pgn));
          assert.match(text, LINE[lang](7), `${lang}: ${text}`);
          assert.match(text, /17/);
          await looksRight(page, lang, '[data-testid="import-error"]');
          await screenshot(page, `lang-errors-${lang}-pgn-${width}`);

          // A Crosstable JSON file without its players: the missing field is named.
          text = await refusedImport(page, server.url, file('broken.json', BROKEN_JSON));
          assert.match(text, /\bname\b/, `${lang}: ${text}`);
          await looksRight(page, lang, '[data-testid="import-error"]');
          await gotoApp(page, server.url);
          assert.equal(await byId(page, 'event-list').innerText(), events, `${lang}: nothing imported`);

          // A readable TRF with a warning: imported, the warning in the language, 2.5 points in
          // the language's decimal convention.
          await byId(page, 'import-file').setInputFiles(file('warned.trf', WARNED_TRF));
          const warning = byId(page, 'import-warning').first();
          await warning.waitFor({ state: 'visible' });
          const warned = await warning.innerText();
          if (lang === 'ja') assert.match(warned, /2\.5/, warned);
          else assert.match(warned, /2,5/, warned);
          assert.doesNotMatch(warned, lang === 'ja' ? /2,5/ : /2\.5/, warned);
          // The warning itself (its place, "Line 3, column 81", is the import view's own text).
          await noEnglishIn(warned, lang);
          assert.deepEqual(await overflowing(page, '[data-testid="import-warnings"]'), []);
          assert.ok((await pageOverflow(page)) <= 0);
          await screenshot(page, `lang-errors-${lang}-warning-${width}`);

          // A damaged share link.
          await gotoApp(page, new URL('shared#v1.damaged', server.url).href);
          const shared = byId(page, 'shared-error');
          await shared.waitFor({ state: 'visible' });
          await looksRight(page, lang, '[data-testid="shared-error"]');
          await screenshot(page, `lang-errors-${lang}-share-${width}`);
        }
        const panics = crashes.filter((e) => e.startsWith('uncaught') || /panicked/.test(e));
        assert.deepEqual(panics, [], panics.join('\n'));
      } finally {
        await browser.dispose();
      }
    });
  }

  test('a stored key that cannot be read is set aside, with its reason in the language', async () => {
    for (const width of WIDTHS) {
      const browser = await openBrowser({ viewport: { width, height: 900 } });
      try {
        const { page } = browser;
        await gotoApp(page, server.url);
        await byId(page, 'open-example').waitFor();
        await page.evaluate(() => {
          localStorage.setItem('crosstable.v1.event.broken', '{"format":"crosstable","version":1,"tournament":{oops');
          localStorage.setItem('crosstable.v1.event.future', '{"format":"crosstable","version":99,"tournament":{}}');
        });
        for (const lang of LANGS) {
          await switchTo(page, lang);
          await gotoApp(page, server.url);
          const banner = byId(page, 'storage-error');
          await banner.waitFor({ state: 'visible' });
          const text = await banner.innerText();
          assert.match(text, /crosstable\.v1\.event\.broken/);
          assert.match(text, /99/, `${lang}: the newer version is named: ${text}`);
          await looksRight(page, lang, '[data-testid="storage-error"]');
          await screenshot(page, `lang-errors-${lang}-storage-${width}`);
        }
        // Still there, untouched.
        const kept = await page.evaluate(() => localStorage.getItem('crosstable.v1.event.broken'));
        assert.match(kept, /oops/);
      } finally {
        await browser.dispose();
      }
    }
  });

  test('a save the browser refuses (storage full) is reported in the language', async () => {
    for (const lang of LANGS) {
      const browser = await openBrowser({ locale: lang });
      try {
        const { page } = browser;
        await gotoApp(page, server.url);
        await byId(page, 'open-example').click();
        await byId(page, 'nav-rounds').click();
        await byId(page, 'round-tab').last().click();
        const board = byId(page, 'board-result').first();
        await board.waitFor();
        // From now on every write of an event is refused, as a full storage does.
        await page.evaluate(() => {
          const setItem = Storage.prototype.setItem;
          Storage.prototype.setItem = function (key, value) {
            if (String(key).includes('.event.')) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
            return setItem.call(this, key, value);
          };
        });
        // A different result typed on the last round's first board: the event changes and its
        // save is refused.
        const before = await board.inputValue();
        await board.focus();
        await page.keyboard.press(before === '1-0' ? '0' : '1');
        const banner = byId(page, 'storage-error');
        await banner.waitFor({ state: 'visible' });
        // The banner (the rounds view around it is another area's).
        const text = await banner.innerText();
        assert.doesNotMatch(text, /quota/i, `${lang}: the browser's English is worded: ${text}`);
        await noEnglishIn(text, lang);
        assert.equal(await htmlLang(page), lang);
        assert.deepEqual(await overflowing(page, '[data-testid="storage-error"]'), []);
        await screenshot(page, `lang-errors-${lang}-quota-1280`);
      } finally {
        await browser.dispose();
      }
    }
  });
});
