// Issue 12: the interface in English, French, German and Japanese. The first visit follows the
// browser's languages; the header's switch (`lang-select`) changes the language at once, sets
// <html lang>, is saved with the settings (it survives a reload and the hand-over from the home
// shell to the full app), and leaves no English message of a converted area on the page.
// Which areas are converted grows with the catalogues (`locales/<lang>/*.json`): this test reads
// the catalogues themselves, so a new namespace is checked as soon as it is listed in AREAS.
// Screenshots: tests/e2e/screenshots/lang-<lang>-<page>-<width>.png.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, gotoApp, openBrowser, screenshot, startServer, watchConsole } from './helpers.mjs';

const LANGS = ['en', 'fr', 'de', 'ja'];
/** The namespaces the home page and the frame are made of. */
const HOME_AREAS = ['nav', 'home', 'common'];

async function catalogue(lang, namespace) {
  const text = await readFile(path.join(ROOT, 'locales', lang, `${namespace}.json`), 'utf8');
  const flat = {};
  const walk = (value, prefix) => {
    if (typeof value === 'string') flat[prefix] = value;
    else for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  walk(JSON.parse(text), '');
  return flat;
}

/**
 * The English words a page in `lang` must not show: each English message of `areas` that the
 * language translates differently, cut at its variables and markup into the fragments of at least
 * two words that the translation does not also contain.
 */
async function englishFragments(lang, areas) {
  const fragments = new Set();
  for (const ns of areas) {
    const [en, theirs] = [await catalogue('en', ns), await catalogue(lang, ns)];
    const theirText = Object.values(theirs).join('\n');
    for (const message of Object.values(en)) {
      for (const piece of message.split(/\{\{[^}]*\}\}|<[^>]*>/)) {
        const words = piece.trim().replace(/[.,:;!?…()“”]+$/u, '').trim();
        if (words.split(/\s+/).length >= 2 && !theirText.includes(words)) fragments.add(words);
      }
    }
  }
  return [...fragments];
}

/** The page's visible text, without the language switch (whose options are each language's own name). */
async function visibleText(page) {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true);
    body.querySelectorAll('select[data-testid="lang-select"], script, noscript').forEach((e) => e.remove());
    return body.innerText ?? body.textContent;
  });
}

async function assertNoEnglish(page, lang, areas) {
  const text = await visibleText(page);
  const found = (await englishFragments(lang, areas)).filter((f) => text.includes(f));
  assert.deepEqual(found, [], `English left on the ${lang} page`);
}

const select = (page) => page.getByTestId('lang-select');
const htmlLang = (page) => page.evaluate(() => document.documentElement.lang);
const savedLang = (page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('crosstable.v1.settings') ?? '{}').lang ?? null);

describe('languages', () => {
  let server;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.close();
  });

  test('the first visit follows the browser; the choice is saved, survives a reload and the hand-over', async () => {
    const browser = await openBrowser({ locale: 'de-AT' });
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      await gotoApp(page, server.url);
      await page.getByTestId('open-example').waitFor();
      const de = await catalogue('de', 'home');
      assert.equal(await htmlLang(page), 'de');
      assert.equal(await select(page).inputValue(), 'de');
      assert.equal(await page.title(), `${de.title} — Crosstable`);
      await assertNoEnglish(page, 'de', HOME_AREAS);
      assert.equal(await savedLang(page), null, 'nothing is saved until the reader chooses');

      await select(page).selectOption('fr');
      const fr = await catalogue('fr', 'home');
      await page.getByRole('heading', { name: fr.title, exact: true }).waitFor();
      assert.equal(await htmlLang(page), 'fr');
      await assertNoEnglish(page, 'fr', HOME_AREAS);
      // A number in French: a decimal comma ("1,0/5").
      assert.match(await visibleText(page), /1,0\/5/);
      assert.equal(await savedLang(page), 'fr');

      await page.reload();
      await page.getByRole('heading', { name: fr.title, exact: true }).waitFor();
      assert.equal(await htmlLang(page), 'fr');
      assert.equal(await select(page).inputValue(), 'fr');

      // The hand-over: the full app starts in the saved language.
      await page.getByTestId('open-example').click();
      await page.getByTestId('nav-rounds').waitFor();
      assert.equal(await htmlLang(page), 'fr');
      assert.equal(await select(page).inputValue(), 'fr');
      const nav = await catalogue('fr', 'nav');
      await page.getByRole('link', { name: nav['main.events'], exact: true }).waitFor();

      // Switched in the full app, then back to the home page (the full app's own).
      await select(page).selectOption('ja');
      assert.equal(await htmlLang(page), 'ja');
      await page.getByRole('link', { name: (await catalogue('ja', 'nav'))['main.events'], exact: true }).click();
      await page.getByRole('heading', { name: (await catalogue('ja', 'home')).title, exact: true }).waitFor();
      await assertNoEnglish(page, 'ja', HOME_AREAS);
      assert.equal(await savedLang(page), 'ja');

      await select(page).selectOption('en');
      await page.getByRole('heading', { name: 'Your events', exact: true }).waitFor();
      assert.equal(await htmlLang(page), 'en');
      assert.deepEqual(errors, []);
    } finally {
      await browser.dispose();
    }
  });

  test('the home page in each language at desktop, tablet and phone widths', async () => {
    for (const width of [1280, 820, 390]) {
      const browser = await openBrowser({ viewport: { width, height: 900 } });
      try {
        const { page } = browser;
        const errors = watchConsole(page);
        await gotoApp(page, server.url);
        for (const lang of LANGS) {
          await select(page).selectOption(lang);
          const home = await catalogue(lang, 'home');
          await page.getByRole('heading', { name: home.title, exact: true }).waitFor();
          assert.equal(await htmlLang(page), lang);
          if (lang !== 'en') await assertNoEnglish(page, lang, HOME_AREAS);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `${lang} at ${width} px: the page is ${overflow} px wider than the window`);
          await screenshot(page, `lang-${lang}-home-${width}`);
        }
        assert.deepEqual(errors, []);
      } finally {
        await browser.dispose();
      }
    }
  });
});
