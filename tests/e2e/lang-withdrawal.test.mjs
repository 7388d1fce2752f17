// Issue 12's "done when", on the withdrawal view: switching to French, German or Japanese leaves
// no English interface word, shows numbers in the language's convention, sets <html lang>, and
// the choice survives a reload. The same for the views around it — the sensitivity plots, the
// what-if explorer (round-robin and Swiss) — and files stay as they were: a French user's
// standings CSV still writes `0.70`.
//
// English is looked for with the catalogues themselves (lang.mjs): every fragment of two or more
// words of an English message of the area's namespaces that the other language does not also
// contain. The event header above each view belongs to the event area (converted on its own
// branch): `common` is checked on the whole page except that header, the other namespaces on the
// whole page, and the accessible names and tooltips (aria-label, title, aria-valuetext) too.
// Screenshots: tests/e2e/screenshots/lang-withdrawal-<lang>-<view>-<width>.png.
//
// data-testids used: open-example, nav-withdrawal, nav-sensitivity, nav-whatif, nav-standings,
// imputed-table, formula, standings, k-slider, plot-imputed-vs-k, plot-points-vs-k, plot-cliff,
// imputed-vs-k-table, cliff-table, crossings, whatif-unavailable, open-complete-example,
// whatif-table, whatif-rmse, whatif-all-run, whatif-summary, whatif-closest, whatif-player,
// whatif-round, import-file, swiss-whatif, swiss-whatif-player, swiss-whatif-round,
// swiss-whatif-table, export-standings-csv, lang-select.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, gotoApp, openBrowser, screenshot, startServer, watchConsole, importFile } from './helpers.mjs';
import {
  LANGS,
  assertNoEnglish,
  assertNoEnglishLabels,
  catalogue,
  englishFragments,
  htmlLang,
  namespaces,
  overflowing,
  pageOverflow,
  select,
  switchTo,
} from './lang.mjs';

const byId = (page, id) => page.getByTestId(id);
const WIDTHS = [1280, 820, 390];
/** A decimal in the language's convention, and the other one, which must not appear. */
const DECIMAL = {
  en: [/\d\.\d\d/, /\d,\d\d/],
  ja: [/\d\.\d\d/, /\d,\d\d/],
  fr: [/\d,\d\d/, /\d\.\d\d/],
  de: [/\d,\d\d/, /\d\.\d\d/],
};

/** Accessible names, tooltips and value texts inside `root`, outside `skip`. */
const attributesOf = (page, root, skip) =>
  page.evaluate(
    ([rootSel, skipSel]) =>
      [...(document.querySelector(rootSel)?.querySelectorAll('[aria-label], [title], [aria-valuetext]') ?? [])]
        .filter((e) => !e.closest(skipSel) && e.dataset.testid !== 'lang-select')
        .flatMap((e) => ['aria-label', 'title', 'aria-valuetext'].map((a) => e.getAttribute(a) ?? ''))
        .join('\n'),
    [root, skip],
  );

/**
 * What the event says of itself, not the interface: the example's note (an organiser's own words,
 * kept as written; the example's are English, like its players' names).
 */
const DATA = ['[data-testid="example-note"]'];

/**
 * No English interface word on the page in `lang` (issue 12's "Done when"): no English message of
 * any catalogue — fragments of two words or more, and one-word labels such as a tab or a column
 * header — in the page's text (the event header included), nor in what is read aloud
 * (aria-label, title, aria-valuetext).
 */
async function assertNoEnglishHere(page, lang) {
  const all = await namespaces();
  await assertNoEnglish(page, lang, all, DATA);
  await assertNoEnglishLabels(page, lang, all, DATA);
  const attributes = await attributesOf(page, 'body', ['select[data-testid="lang-select"]', ...DATA].join(', '));
  const fragments = await englishFragments(lang, all);
  const inAttributes = fragments.filter((f) => attributes.includes(f));
  assert.deepEqual(inAttributes, [], `English in the ${lang} page's aria-labels and titles`);
}

/** Numbers in `testid`'s text follow the language's convention (and never the other one). */
async function assertDecimals(page, lang, testid) {
  const text = await byId(page, testid).first().textContent();
  const [want, never] = DECIMAL[lang];
  assert.match(text, want, `${testid} in ${lang}: ${text.slice(0, 200)}`);
  assert.doesNotMatch(text, never, `${testid} in ${lang}: ${text.slice(0, 200)}`);
}

/** Nothing in `root` spills out of its box and the page is no wider than the window. */
async function assertFits(page, lang, root, width) {
  assert.deepEqual(await overflowing(page, root), [], `${lang} at ${width} px: ${root}`);
  const over = await pageOverflow(page);
  assert.ok(over <= 0, `${lang} at ${width} px: the page is ${over} px wider than the window`);
}

/** A message of the language's catalogue (`ns`, dotted key), to wait for. */
const message = async (lang, ns, key) => (await catalogue(lang, ns))[key];

/** Switches to `lang` and waits until `testid`'s text shows `ns.key` in that language. */
async function switchAndWait(page, lang, testid, ns, key) {
  if ((await htmlLang(page)) !== lang || (await select(page).inputValue()) !== lang) await switchTo(page, lang);
  const expected = await message(lang, ns, key);
  await page.waitForFunction(
    ([id, text]) => document.querySelector(`[data-testid="${id}"]`)?.textContent.includes(text),
    [testid, expected.replace(/<[^>]*>|\{\{[^}]*\}\}.*$/g, '').trim()],
  );
  assert.equal(await htmlLang(page), lang);
}

/**
 * Runs `body(page, width)` in a fresh browser at each of `widths` (one browser per width, every
 * language in it), then checks that the console stayed clean.
 */
async function inBrowsers(widths, body) {
  for (const width of widths) {
    const browser = await openBrowser({ viewport: { width, height: 900 } });
    try {
      const errors = watchConsole(browser.page);
      await body(browser.page, width);
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await browser.dispose();
    }
  }
}

/** Home → the example → the view of `tab` (a nav test id), once `ready` (a test id) shows. */
async function openExample(page, url, tab, ready) {
  await gotoApp(page, url);
  await byId(page, 'open-example').click();
  await byId(page, tab).click();
  await byId(page, ready).first().waitFor({ state: 'visible' });
}

/**
 * In each language: the view re-worded (`testid` shows `ns.key`), no English, the decimals of
 * `decimals` (test ids) in the language's convention, `root` fitting at `width`, a screenshot.
 */
async function eachLanguage(page, width, { view, testid, ns, key, decimals = [], root, also }) {
  for (const lang of LANGS) {
    await switchAndWait(page, lang, testid, ns, key);
    if (lang !== 'en') await assertNoEnglishHere(page, lang);
    for (const id of decimals) await assertDecimals(page, lang, id);
    await also?.(lang);
    await assertFits(page, lang, root, width);
    await screenshot(page, `lang-withdrawal-${lang}-${view}-${width}`);
  }
}

describe('languages on the withdrawal, sensitivity and what-if views', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  test('the withdrawal view in each language: no English, its numbers, <html lang>, and it fits', async () => {
    await inBrowsers(WIDTHS, async (page, width) => {
      await openExample(page, server.url, 'nav-withdrawal', 'imputed-table');
      await eachLanguage(page, width, {
        view: 'withdrawal',
        testid: 'formula',
        ns: 'withdrawal',
        key: 'formula.heading',
        decimals: ['imputed-table', 'formula', 'standings'],
        root: '.withdrawal-layout',
      });
    });
  });

  test('the choice survives a reload, and the k slider re-words the standings in that language', async () => {
    await inBrowsers([1280], async (page) => {
      await openExample(page, server.url, 'nav-withdrawal', 'imputed-table');
      for (const lang of ['fr', 'de', 'ja']) {
        await switchAndWait(page, lang, 'formula', 'withdrawal', 'formula.heading');
        await page.reload();
        await byId(page, 'imputed-table').waitFor({ state: 'visible' });
        assert.equal(await htmlLang(page), lang, `${lang} after a reload`);
        assert.equal(await select(page).inputValue(), lang);
        const heading = await message(lang, 'withdrawal', 'view.policies_heading');
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
        await assertNoEnglishHere(page, lang);
        await assertDecimals(page, lang, 'imputed-table');
      }
      // Moving k re-words the live summary in Japanese, with the new k.
      await byId(page, 'k-number').fill('7');
      const summary = (await message('ja', 'withdrawal', 'standings.summary')).split('{{')[0];
      await page.waitForFunction(
        (start) => document.querySelector('[data-testid=standings] .summary')?.textContent.startsWith(`${start}7`),
        summary,
      );
    });
  });

  test('the sensitivity and what-if views in each language', async () => {
    await inBrowsers(WIDTHS, async (page, width) => {
      await openExample(page, server.url, 'nav-sensitivity', 'plot-cliff');
      for (const id of ['plot-imputed-vs-k', 'plot-points-vs-k', 'plot-cliff']) {
        await byId(page, id).locator('.plot-base svg').waitFor({ state: 'visible' });
      }
      await eachLanguage(page, width, {
        view: 'sensitivity',
        testid: 'plot-cliff',
        ns: 'sensitivity',
        key: 'plot.axis_round',
        decimals: ['imputed-vs-k-table', 'cliff-table'],
        root: '.sensitivity-layout',
        // The plots' tick labels: 0.2 or 0,2 on the score axis.
        also: async (lang) => {
          const ticks = (await byId(page, 'plot-imputed-vs-k').locator('.plot-base svg text').allTextContents()).map(
            (t) => t.trim(),
          );
          const [want, never] = lang === 'fr' || lang === 'de' ? ['0,2', '0.2'] : ['0.2', '0,2'];
          assert.ok(ticks.includes(want) && !ticks.includes(never), `${lang} ticks: ${ticks.join(' ')}`);
        },
      });

      // The what-if explorer refuses the example (a withdrawal: not every game was played).
      await byId(page, 'nav-whatif').click();
      await byId(page, 'whatif-unavailable').waitFor({ state: 'visible' });
      await eachLanguage(page, width, {
        view: 'whatif-refusal',
        testid: 'whatif-unavailable',
        ns: 'whatif',
        key: 'unavailable.open_complete',
        root: '[data-testid=whatif-unavailable]',
      });
      await byId(page, 'open-complete-example').click();
      await byId(page, 'whatif-table').waitFor({ state: 'visible' });
      await byId(page, 'whatif-all-run').click();
      await byId(page, 'whatif-summary').waitFor({ state: 'visible' });
      await eachLanguage(page, width, {
        view: 'whatif',
        testid: 'whatif-closest',
        ns: 'whatif',
        key: 'every_case.closest',
        decimals: ['whatif-rmse', 'whatif-table', 'whatif-summary'],
        root: '.whatif-layout',
      });
    });
  });

  test('the Swiss what-if in each language', async () => {
    await inBrowsers(WIDTHS, async (page, width) => {
      await gotoApp(page, server.url);
      await importFile(page, path.join(ROOT, 'fixtures', 'pgn', 'swiss-7-players.pgn'));
      await byId(page, 'nav-whatif').click();
      await byId(page, 'swiss-whatif').waitFor();
      await byId(page, 'swiss-whatif-player').selectOption('1');
      await byId(page, 'swiss-whatif-round').selectOption('1');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="swiss-whatif-rounds"] tbody tr').length === 2,
      );
      await eachLanguage(page, width, {
        view: 'swiss-whatif',
        testid: 'swiss-whatif',
        ns: 'whatif',
        key: 'swiss.heading',
        root: '.whatif-layout',
        // Half points: 2.5 → 3 in English and Japanese, 2,5 → 3 in French and German.
        also: async (lang) => {
          const table = await byId(page, 'swiss-whatif-table').textContent();
          const [want, never] = lang === 'fr' || lang === 'de' ? [/\d,5/, /\d\.5/] : [/\d\.5/, /\d,5/];
          assert.match(table, want);
          assert.doesNotMatch(table, never);
        },
      });
    });
  });

  test('files are unaffected: a French user’s standings CSV writes 0.70, not 0,70', async () => {
    await inBrowsers([1280], async (page) => {
      await openExample(page, server.url, 'nav-withdrawal', 'imputed-table');
      await switchAndWait(page, 'fr', 'formula', 'withdrawal', 'formula.heading');
      await assertDecimals(page, 'fr', 'imputed-table');
      await byId(page, 'nav-standings').click();
      const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'export-standings-csv').click()]);
      const csv = await readFile(await download.path(), 'utf8');
      const rows = csv.trim().split('\n');
      assert.ok(rows[0].startsWith('rank,start_no,name,points'), `the header stays English: ${rows[0]}`);
      assert.equal(rows.length, 11);
      // Decimals with a point (points like 5.5, tie-breaks like 21.75), and no decimal comma,
      // which would have to be a quoted field in a comma-separated file.
      assert.match(csv, /,\d+\.\d+(,|$)/m);
      assert.doesNotMatch(csv, /"\d+,\d+"/);
      // Every field after the name is a number written with a point (the name, quoted when it
      // holds a comma, is dropped first).
      for (const row of rows.slice(1)) {
        const fields = row.replace(/"[^"]*"/g, 'NAME').split(',');
        for (const field of fields.slice(3)) assert.match(field, /^-?\d+(\.\d+)?$|^$/, row);
      }
    });
  });
});
