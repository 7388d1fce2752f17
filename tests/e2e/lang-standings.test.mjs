// Issue 12, the standings area in French, German and Japanese: the standings with their
// tie-break editor, breakdown, "why is A above B" and FIDE rating changes, and the crosstable
// with its result chooser — on the example (a round-robin with a withdrawal, also on a
// withdrawal policy's crosstable) and on the FIDE TEC Swiss exercise (byes, forfeits, absences).
// For each language: no English message of the standings, common or nav catalogues on the page,
// <html lang>, numbers with the language's decimal sign (a comma in French and German), the
// print title in the language, no text cut that English does not cut too (on a phone the
// crosstable cuts long player names on purpose), no page wider than the window at 1280, 820 and
// 390 px. English goes first, as the control and the baseline of what is cut.
// Screenshots: tests/e2e/screenshots/lang-standings-<lang>-<view>-<width>.png.
//
// data-testids used: open-example, import-file, import-open, nav-standings, nav-crosstable,
// tiebreak-standings, tiebreak-editor, tiebreak-add, tiebreak-breakdown, standings-basis,
// why-above, rating-changes, ratings-played-only, crosstable, lang-select.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ROOT, gotoApp, openBrowser, screenshot, startServer, watchConsole, importFile } from './helpers.mjs';
import { assertNoEnglish, catalogue, englishFragments, htmlLang, overflowing, pageOverflow, switchTo } from './lang.mjs';

const AREAS = ['standings', 'common', 'nav'];
/** The whole page may still show another area's English (the event header is the `event`
 * area's); the standings and nav messages must be gone from all of it. */
const PAGE_AREAS = ['standings', 'nav'];
const LANGS = ['en', 'fr', 'de', 'ja'];
const WIDTHS = [1280, 820, 390];
const SWISS = path.join(ROOT, 'fixtures/tiebreaks/tec-exercise-swiss/input.trf');
const COMMA = new Set(['fr', 'de']);
const STANDINGS_ROOT = 'section.panel:has([data-testid="tiebreak-standings"])';
const CROSSTABLE_ROOT = 'section.panel:has([data-testid="crosstable"])';

const byId = (page, id) => page.getByTestId(id);

/** The event's address without its query (`…/event/<id>`). */
const eventUrl = (page) => page.url().replace(/[?#].*$/, '');

/** Imports `file` on the home page and returns the new event's address. */
async function importEvent(page, url, file) {
  await gotoApp(page, url);
  await importFile(page, file);
  await byId(page, 'crosstable').or(byId(page, 'nav-standings')).first().waitFor();
  return eventUrl(page);
}

/** Asserts the numbers of `locator`'s text use the language's decimal sign, and only it. */
async function assertDecimals(locator, lang, what) {
  const text = await locator.innerText();
  const [right, wrong] = COMMA.has(lang) ? [/\d,\d/, /\d\.\d/] : [/\d\.\d/, /\d,\d/];
  assert.match(text, right, `${lang}: ${what} shows a decimal`);
  assert.doesNotMatch(text, wrong, `${lang}: ${what} uses the other decimal sign`);
}

/** No English message of `AREAS` inside `root` (the view this area draws). */
async function assertNoEnglishIn(page, lang, root) {
  const text = await page.locator(root).innerText();
  const found = (await englishFragments(lang, AREAS)).filter((f) => text.includes(f));
  assert.deepEqual(found, [], `English left in ${root} on the ${lang} page`);
}

/** What is cut in `root`, without the sizes (`th "Viktor Andersen"`). */
const cut = async (page, root) => (await overflowing(page, root)).map((o) => o.replace(/ \d+>\d+$/, ''));

/**
 * The checks every view gets: the language, no English, nothing cut that English does not cut
 * (`baseline`: view → what English cuts, filled by the English pass), no page overflow.
 */
async function assertTranslatedView(page, lang, root, view, width, baseline) {
  assert.equal(await htmlLang(page), lang);
  if (lang === 'en') {
    baseline.set(view, new Set(await cut(page, root)));
  } else {
    await assertNoEnglish(page, lang, PAGE_AREAS);
    await assertNoEnglishIn(page, lang, root);
    const more = (await cut(page, root)).filter((c) => !baseline.get(view).has(c));
    assert.deepEqual(more, [], `${lang} ${view} at ${width} px: text cut`);
  }
  const over = await pageOverflow(page);
  assert.ok(over <= 0, `${lang} ${view} at ${width} px: the page is ${over} px wider than the window`);
  await screenshot(page, `lang-standings-${lang}-${view}-${width}`);
}

/** Opens the standings tab of the event at `url`, waits for the table, and unfolds the
 * tie-break settings (folded on a phone). */
async function openStandings(page, url) {
  await page.goto(`${url}?tab=standings`);
  await byId(page, 'tiebreak-standings').locator('tbody tr').first().waitFor();
  const settings = page.locator('details.standings-settings');
  if ((await settings.getAttribute('open')) === null) await settings.locator('summary').click();
}

/** Opens the breakdown of a row's second value (`row`: a CSS selector in the body); waits for it. */
async function openBreakdown(page, row) {
  await byId(page, 'tiebreak-standings').locator(`tbody ${row}`).first().locator('button.value').nth(1).click();
  await byId(page, 'tiebreak-breakdown').locator('p.how').waitFor();
  // The rule for unplayed rounds, folded by default.
  const rule = byId(page, 'tiebreak-breakdown').locator('details.rule');
  if ((await rule.getAttribute('open')) === null) await rule.locator('summary').click();
}

/** Opens the crosstable tab and the result chooser of its first game. */
async function openCrosstable(page) {
  await byId(page, 'nav-crosstable').click();
  const table = byId(page, 'crosstable');
  await table.waitFor();
  await table.locator('button.cell').first().click();
  await page.locator('.chooser').waitFor();
}

describe('the standings area in French, German and Japanese', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  for (const width of WIDTHS) {
    test(`standings, tie-breaks, why-above, ratings and crosstable at ${width} px`, async () => {
      const browser = await openBrowser({ viewport: { width, height: 900 } });
      try {
        const { page } = browser;
        const errors = watchConsole(page);
        await gotoApp(page, server.url);
        await byId(page, 'open-example').click();
        await page.waitForURL(/\/event\/[^/?]+/);
        const example = eventUrl(page);
        const swiss = await importEvent(page, server.url, SWISS);
        const baseline = new Map();

        for (const lang of LANGS) {
          await switchTo(page, lang);
          const words = await catalogue(lang, 'standings');

          // The example's standings on the Bayesian policy's crosstable: real values (two
          // decimals), the policy's note and the ratings' "played games only" note; the
          // breakdown, why-above and the editor's refusal of an empty code.
          await openStandings(page, example);
          await byId(page, 'standings-basis').selectOption('bayes');
          await byId(page, 'ratings-played-only').waitFor();
          await byId(page, 'why-above').locator('.why-headline').waitFor();
          await openBreakdown(page, 'tr');
          await byId(page, 'tiebreak-add').click();
          await byId(page, 'tiebreak-editor').getByRole('alert').waitFor();
          assert.equal(
            (await byId(page, 'tiebreak-editor').getByRole('alert').innerText()).trim(),
            words['editor.error_empty'],
          );
          await assertDecimals(byId(page, 'tiebreak-standings').locator('tbody'), lang, 'the standings');
          await assertDecimals(byId(page, 'rating-changes').locator('tbody'), lang, 'the rating changes');
          if (width === WIDTHS[0]) {
            await page.emulateMedia({ media: 'print' });
            const title = await page.locator('header.print-title h2').innerText();
            const word = { en: 'standings', fr: 'classement', de: 'Rangliste', ja: '順位表' }[lang];
            assert.ok(title.includes(word), `${lang}: the print title "${title}"`);
            await page.emulateMedia({ media: 'screen' });
          }
          await assertTranslatedView(page, lang, STANDINGS_ROOT, 'example-standings', width, baseline);
          await byId(page, 'standings-basis').selectOption('recorded');

          // The example's crosstable with the result chooser open.
          await openCrosstable(page);
          await assertTranslatedView(page, lang, CROSSTABLE_ROOT, 'example-crosstable', width, baseline);

          // The Swiss: a half-point bye in the breakdown (a virtual opponent) of player 4's
          // Buchholz, values with halves.
          await openStandings(page, swiss);
          await openBreakdown(page, 'tr[data-p="4"]');
          await assertDecimals(byId(page, 'tiebreak-standings').locator('tbody'), lang, 'the Swiss standings');
          const how = await byId(page, 'tiebreak-breakdown').innerText();
          assert.ok(how.includes(words['breakdown.heading']), `${lang}: the breakdown's heading`);
          await assertTranslatedView(page, lang, STANDINGS_ROOT, 'swiss-standings', width, baseline);

          await openCrosstable(page);
          await assertTranslatedView(page, lang, CROSSTABLE_ROOT, 'swiss-crosstable', width, baseline);
        }
        assert.deepEqual(errors, [], errors.join('\n'));
      } finally {
        await browser.dispose();
      }
    });
  }
});
