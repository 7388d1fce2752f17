// Issue 12: the interface in English, French, German and Japanese. The first visit follows the
// browser's languages; the header's switch (`lang-select`) changes the language at once, sets
// <html lang>, is saved with the settings (it survives a reload and the hand-over from the home
// shell to the full app), and leaves no English message of a converted area on the page.
// Which areas are converted grows with the catalogues (`locales/<lang>/*.json`): this test reads
// the catalogues themselves, so a new namespace is checked as soon as it is listed in AREAS.
// Screenshots: tests/e2e/screenshots/lang-<lang>-<page>-<width>.png.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { gotoApp, openBrowser, screenshot, startServer, watchConsole } from './helpers.mjs';
import { LANGS, assertNoEnglish, catalogue, htmlLang, savedLang, select, visibleText } from './lang.mjs';

/** The namespaces the home page and the frame are made of. */
const HOME_AREAS = ['nav', 'home', 'common'];

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
