// Issue 12 for the Learn page, the Chances view and the simulation study: in French, German and
// Japanese no English message of their catalogues (learn, chances, simulation) nor of the frame's
// (common, nav) is left on the page, numbers follow the language (decimal comma in fr/de, point
// in ja), <html lang> is set, and nothing is wider than its box at desktop, tablet and phone
// widths. One browser per width; the languages are switched in it with the header's switch.
// Screenshots: tests/e2e/screenshots/lang-insight-<lang>-<view>-<width>.png.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createEvent, gotoApp, openBrowser, screenshot, startServer, watchConsole } from './helpers.mjs';
import { assertNoEnglish, catalogue, englishFragments, htmlLang, overflowing, pageOverflow, switchTo } from './lang.mjs';

const LANGS = ['fr', 'de', 'ja'];
const WIDTHS = [1280, 820, 390];
/** The namespaces each view draws from (the policies' names live in `simulation`). */
const LEARN = ['learn', 'simulation', 'common', 'nav'];
const CHANCES = ['chances', 'simulation', 'common', 'nav'];
const SIMULATION = ['simulation', 'common', 'nav'];
/** The Chances view's own parts (not the event's header nor the prior controls). */
const CHANCES_ROOTS = ['.chances-settings', '.chances-others', '.chances-progress', '.chances-grid', '[data-testid=chances-note]'];

const byId = (page, id) => page.getByTestId(id, { exact: true });
const textOf = (page, id) => byId(page, id).innerText();
const comma = (lang) => lang === 'fr' || lang === 'de';

/** A decimal number with `digits` decimals written the language's way: `0,70` or `0.70`. */
const decimal = (lang, digits) => new RegExp(`\\d${comma(lang) ? ',' : '\\.'}\\d{${digits}}(?!\\d)`);
/** The same written the other way (must not appear). */
const otherDecimal = (lang, digits) => new RegExp(`\\d${comma(lang) ? '\\.' : ','}\\d{${digits}}(?!\\d)`);

/**
 * Checks that the view's own parts (the selectors) fit their boxes, and the page the window.
 * Labels kept for screen readers only (`.visually-hidden`: a 1 px box by design) are not text
 * that is cut.
 */
async function fits(page, roots, what) {
  for (const root of roots) {
    const cut = (await overflowing(page, root)).filter((e) => !/>1$/.test(e));
    assert.deepEqual(cut, [], `${what}: text cut or spilling in ${root}`);
  }
  const overflow = await pageOverflow(page);
  assert.ok(overflow <= 0, `${what}: the page is ${overflow} px wider than the window`);
}

/**
 * Like `assertNoEnglish`, for the parts of a page this area draws (the selectors): the Chances
 * view sits under the event's header and beside the prior controls, which other areas word.
 */
async function assertNoEnglishIn(page, lang, areas, roots) {
  const text = await page.evaluate(
    (sels) => sels.flatMap((sel) => [...document.querySelectorAll(sel)].map((e) => e.innerText)).join('\n'),
    roots,
  );
  assert.ok(text.trim().length > 0, `nothing drawn in ${roots}`);
  const found = (await englishFragments(lang, areas)).filter((f) => text.includes(f));
  assert.deepEqual(found, [], `English left on the ${lang} page`);
}

/** Switches to `lang` and waits until `id`'s text is the language's (it changed from `before`). */
async function switchAndWait(page, lang, id) {
  const before = await byId(page, id).textContent();
  await switchTo(page, lang);
  await page.waitForFunction(
    ([sel, old]) => document.querySelector(sel)?.textContent !== old,
    [`[data-testid="${id}"]`, before],
  );
  assert.equal(await htmlLang(page), lang);
}

describe('Learn, Chances and the simulation in French, German and Japanese', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  for (const width of WIDTHS) {
    test(`every view at ${width} px`, async () => {
      const browser = await openBrowser({ viewport: { width, height: 900 } });
      try {
        const { page } = browser;
        const errors = watchConsole(page);
        await gotoApp(page, server.url);

        // Learn: the worked example, its numbers and its table.
        await byId(page, 'nav-learn').click();
        await byId(page, 'learn-expected').waitFor();
        for (const lang of LANGS) {
          await switchAndWait(page, lang, 'learn-residual');
          const learn = await catalogue(lang, 'learn');
          await page.getByRole('heading', { name: learn.heading, exact: true }).waitFor();
          await assertNoEnglish(page, lang, LEARN);
          for (const id of ['learn-expected', 'learn-residual', 'learn-weight', 'learn-imputed']) {
            const text = await textOf(page, id);
            assert.match(text, decimal(lang, 3), `${lang} ${id}: ${text}`);
            assert.doesNotMatch(text, otherDecimal(lang, 3), `${lang} ${id}: ${text}`);
          }
          assert.match(await textOf(page, 'learn-cliff'), decimal(lang, 2));
          assert.match(await textOf(page, 'learn-conservation'), comma(lang) ? /15,00/ : /15\.00/);
          await fits(page, ['article.learn'], `learn ${lang} ${width}`);
          await screenshot(page, `lang-insight-${lang}-learn-${width}`);

          // A rating the engine refuses is said in this language, the engine's reason included
          // (it once showed the engine's English inside the translated sentence).
          const rating = byId(page, 'learn-rating-1');
          const kept = await rating.inputValue();
          await rating.fill('99999');
          const refused = await textOf(page, 'learn-rating-error-1');
          const [reason] = (await catalogue(lang, 'errors'))['event.bad_rating_value'].split('{{ text }}');
          const uncapitalised = refused.charAt(0).toLowerCase() + refused.slice(1);
          assert.ok(uncapitalised.startsWith(reason.trim()) && refused.includes('99999'), `${lang}: ${refused}`);
          await assertNoEnglish(page, lang, ['errors', ...LEARN]);
          await rating.fill(kept);
          await byId(page, 'learn-rating-error-1').waitFor({ state: 'detached' });
        }

        // Chances on the example (a finished round-robin): the two panels, their tables and plots.
        await switchTo(page, 'en');
        await page.getByRole('link', { name: 'Events', exact: true }).click();
        await byId(page, 'open-example').click();
        await byId(page, 'nav-chances').click();
        await byId(page, 'chances-done').waitFor();
        for (const lang of LANGS) {
          await switchAndWait(page, lang, 'chances-done');
          await byId(page, 'chances-table-fide').waitFor();
          const chances = await catalogue(lang, 'chances');
          await page.getByRole('heading', { name: chances['note.heading'], exact: true }).waitFor();
          await assertNoEnglishIn(page, lang, CHANCES, CHANCES_ROOTS);
          const table = await textOf(page, 'chances-table-bayes');
          assert.match(table, decimal(lang, 2), `${lang}: ${table}`);
          assert.doesNotMatch(table, otherDecimal(lang, 2), `${lang}: ${table}`);
          const done = await textOf(page, 'chances-done');
          // 200,000 grouped as the language groups thousands.
          assert.match(done, { fr: /200\u202f000/, de: /200\.000/, ja: /200,000/ }[lang], done);
          const legend = await byId(page, 'chances-plot-bayes').locator('svg text').first().textContent();
          assert.equal(legend, chances['plot.podium']);
          await fits(page, CHANCES_ROOTS, `chances ${lang} ${width}`);
          await screenshot(page, `lang-insight-${lang}-chances-${width}`);
        }

        // The simulation study: the form, a short run, its table, plot, claims and note.
        await switchTo(page, 'en');
        await byId(page, 'nav-simulation').click();
        await byId(page, 'sim-tournaments').fill('100');
        await byId(page, 'sim-seed').fill('7');
        await byId(page, 'sim-run').click();
        await byId(page, 'sim-results').waitFor();
        for (const lang of LANGS) {
          await switchAndWait(page, lang, 'sim-note');
          const sim = await catalogue(lang, 'simulation');
          await page.getByRole('heading', { name: sim['settings.heading'], exact: true }).waitFor();
          await page.getByRole('heading', { name: sim['claims.heading'], exact: true }).waitFor();
          await assertNoEnglish(page, lang, SIMULATION);
          const table = await textOf(page, 'sim-table');
          assert.match(table, decimal(lang, 4), `${lang}: ${table.slice(0, 200)}`);
          assert.doesNotMatch(table, otherDecimal(lang, 4), `${lang}: ${table.slice(0, 200)}`);
          const claims = await textOf(page, 'sim-claims');
          assert.ok(claims.includes(sim['claims.bayes_vs_fide']), claims);
          const note = await textOf(page, 'sim-note');
          assert.match(note, { fr: /graine\s7/, de: /Startwert\s7/, ja: /シード\s?7/ }[lang], note);
          // The plot's axis: its title and its tick numbers in the language.
          const svg = await byId(page, 'sim-plot').locator('svg').evaluate((s) => s.textContent);
          assert.ok(svg.includes(sim['plot.axis_y']), svg.slice(0, 300));
          assert.match(svg, decimal(lang, 2));
          await fits(page, ['article.simulation'], `simulation ${lang} ${width}`);
          await screenshot(page, `lang-insight-${lang}-simulation-${width}`);
        }
        await switchTo(page, 'en');
        assert.deepEqual(errors, [], errors.join('\n'));
      } finally {
        await browser.dispose();
      }
    });
  }

  test('the form’s messages, the progress and a cancelled run follow the language', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      await gotoApp(page, server.url);
      await byId(page, 'nav-simulation').click();
      await byId(page, 'sim-run').waitFor();

      await switchTo(page, 'fr');
      await byId(page, 'sim-seed').fill('dix');
      assert.equal(
        await textOf(page, 'sim-seed-error'),
        '«\u00a0dix\u00a0» n’est pas un nombre entier de 0 à 18446744073709551615.',
      );
      // The message follows a change of language without retyping.
      await switchTo(page, 'ja');
      assert.equal(await textOf(page, 'sim-seed-error'), '「dix」は0から18446744073709551615までの整数ではありません。');
      await byId(page, 'sim-seed').fill('7');
      await byId(page, 'sim-players').fill('6');
      assert.match(await textOf(page, 'sim-players-error'), /プレーヤーが少なすぎます/);
      await byId(page, 'sim-players').fill('10');
      await page.waitForFunction(() => document.querySelector('[data-testid="sim-players-error"]')?.textContent === '');

      await switchTo(page, 'de');
      await byId(page, 'sim-tournaments').fill('1000000');
      await byId(page, 'sim-run').click();
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="sim-progress-bar"]')?.getAttribute('value')) > 0);
      const progress = await textOf(page, 'sim-progress-text');
      assert.match(progress, /von 18\.000\.000 Turnieren; noch /, progress);
      await assertNoEnglish(page, 'de', SIMULATION);
      await screenshot(page, 'lang-insight-de-simulation-running-1280');
      await byId(page, 'sim-cancel').click();
      await byId(page, 'sim-status').waitFor();
      assert.match(await textOf(page, 'sim-status'), /^Abgebrochen nach [\d.]+ von 18\.000\.000 Turnieren\./);
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await browser.dispose();
    }
  });

  test('Chances on a Swiss say why there are none, in Japanese', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      await gotoApp(page, server.url);
      await createEvent(page, {
        name: 'Swiss Chances',
        system: 'swiss',
        rounds: 3,
        players: 'Andersen, Viktor, 2795\nMoreau, Lucas, 2780\nOkafor, Daniel, 2700\nPetrov, Ivan, 2600',
      });
      const id = new URL(page.url()).pathname.split('/')[2];
      await gotoApp(page, new URL(`/event/${id}/chances`, server.url).href);
      await switchTo(page, 'ja');
      const ja = await catalogue('ja', 'chances');
      await page.getByRole('heading', { name: ja['swiss.heading'], exact: true }).waitFor();
      assert.ok((await page.locator('body').innerText()).includes(ja['swiss.text']));
      // The event's header (another area's words) is not checked here.
      await assertNoEnglishIn(page, 'ja', CHANCES, ['article.event > section.panel']);
      await screenshot(page, 'lang-insight-ja-chances-swiss-1280');
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await browser.dispose();
    }
  });
});
