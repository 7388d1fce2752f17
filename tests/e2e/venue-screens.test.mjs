// End-to-end: the app at the venue on a phone, a tablet and paper (issue 11 items 2 and 4).
// - At 390 and 820 px no page or tab scrolls sideways as a whole (wide tables scroll in their own
//   box), and each is photographed (tests/e2e/screenshots/venue-WIDTH-PAGE.png: look at them).
// - On a phone a board of the Rounds tab shows both players and the result control in view, and
//   the result control is a 44 px touch target; the standings' tie-break settings fold away.
// - Print: the standings, the crosstable (wall chart, landscape) and the result slips print
//   with no control and none of the app's chrome, each with its heading; page.pdf() renders
//   each on A4 and Letter (tests/e2e/screenshots/print-*.pdf: look at them).
//
// data-testids used: see venue-pages.mjs; open-example, nav-*, board-result, pairing-board,
// print-standings, print-crosstable, print-slips, result-slip, tiebreak-standings, crosstable.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gotoApp, openBrowser, screenshot, SCREENSHOT_DIR, startServer, watchConsole } from './helpers.mjs';
import { settle, visitEveryPage } from './venue-pages.mjs';

const byId = (page, id) => page.getByTestId(id);

/** Buttons that carry a table's content (a game, a name, a tie-break value): they print as text. */
const CONTENT_BUTTONS = 'button.cell, button.value, button.player-button';

/** Elements a person could operate that are rendered (content buttons print as text). */
const visibleControls = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('button:not(.cell):not(.value):not(.player-button), select, input, summary, textarea, nav, a.button, .skip-link')]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => el.outerHTML.slice(0, 80)),
  );

/** The page size of a PDF's first page, in points, from its MediaBox. */
async function pdfPageSize(file) {
  const text = (await readFile(file)).toString('latin1');
  const m = text.match(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/);
  assert.ok(m, `${file}: no MediaBox`);
  return { width: Number(m[1]), height: Number(m[2]) };
}

async function openExample(page, url) {
  await gotoApp(page, url);
  await byId(page, 'open-example').click();
  await page.waitForURL(/\/event\/[^/?]+$/);
}

describe('venue: phones, tablets and paper', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  for (const [width, height] of [[390, 844], [820, 1180]]) {
    test(`no page scrolls sideways at ${width} px`, async () => {
      const browser = await openBrowser({ viewport: { width, height } });
      try {
        const { page } = browser;
        const errors = watchConsole(page);
        const wide = [];
        let pages = 0;
        await visitEveryPage(page, server.url, async (name) => {
          pages += 1;
          const { scroll, inner } = await page.evaluate(() => ({
            scroll: document.documentElement.scrollWidth,
            inner: window.innerWidth,
          }));
          if (scroll > inner) {
            // Name the widest elements to say where to look.
            const culprits = await page.evaluate((w) =>
              [...document.querySelectorAll('main *')]
                .filter((el) => el.getBoundingClientRect().right > w + 1)
                .slice(0, 3)
                .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
              inner,
            );
            wide.push(`${name}: ${scroll} > ${inner} (${culprits.join(', ')})`);
          }
          await screenshot(page, `venue-${width}-${name}`);
        });
        assert.equal(pages, 24);
        assert.deepEqual(wide, [], wide.join('\n'));
        assert.deepEqual(errors, [], errors.join('\n'));
      } finally {
        await browser.dispose();
      }
    });
  }

  test('on a phone a board shows both players and a 44 px result control', async () => {
    const browser = await openBrowser({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = browser;
      await openExample(page, server.url);
      await byId(page, 'nav-rounds').click();
      const board = byId(page, 'pairing-board').first();
      await board.waitFor();
      const names = board.locator('th.player-name');
      assert.equal(await names.count(), 2);
      for (const el of [names.nth(0), names.nth(1), board.getByTestId('board-result')]) {
        const box = await el.boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `in view: ${JSON.stringify(box)}`);
      }
      const select = await board.getByTestId('board-result').boundingBox();
      assert.ok(select.height >= 44, `result control ${select.height} px high`);

      // Standings: the tie-break settings are folded, the table comes first.
      await byId(page, 'nav-standings').click();
      await byId(page, 'tiebreak-standings').waitFor();
      const settings = page.locator('details.standings-settings');
      assert.equal(await settings.evaluate((d) => d.open), false);
      await settings.locator('summary').click();
      assert.equal(await settings.evaluate((d) => d.open), true);
    } finally {
      await browser.dispose();
    }
  });

  test('standings, wall chart and result slips print without controls, on A4 and Letter', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      const errors = watchConsole(page);
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      await openExample(page, server.url);
      const event = (await page.locator('.event-title').textContent()).trim();
      // The Print buttons open the browser's dialog: record the call instead.
      await page.evaluate(() => {
        window.printed = 0;
        window.print = () => (window.printed += 1);
      });

      const views = [
        { tab: 'nav-standings', button: 'print-standings', content: 'tiebreak-standings', heading: 'standings', landscape: false },
        { tab: 'nav-crosstable', button: 'print-crosstable', content: 'crosstable', heading: 'crosstable', landscape: true },
        { tab: 'nav-rounds', button: 'print-slips', content: 'result-slip', heading: null, landscape: false },
      ];
      for (const view of views) {
        await page.emulateMedia({ media: 'screen' });
        await byId(page, view.tab).click();
        await byId(page, view.button).click();
        assert.equal(await page.evaluate(() => window.printed), views.indexOf(view) + 1);
        // What the table shows on screen through buttons (names, values, games) must print too.
        const contentButtons = page.getByTestId(view.content).first().locator(CONTENT_BUTTONS);
        const rendered = (els) => els.filter((el) => el.getClientRects().length > 0).length;
        const shown = await contentButtons.evaluateAll(rendered);
        await page.emulateMedia({ media: 'print' });
        await settle(page);
        assert.deepEqual(await visibleControls(page), [], `${view.button}: controls in print`);
        const printed = await contentButtons.evaluateAll(rendered);
        assert.equal(printed, shown, `${view.button}: every name, value and game of the table prints`);
        assert.equal(await page.locator('.app-header').isVisible(), false);
        assert.equal(await page.locator('.event-header').isVisible(), false);
        assert.ok(await byId(page, view.content).first().isVisible(), `${view.button}: content printed`);
        if (view.heading) {
          const heading = await page.locator('.print-title h2').textContent();
          assert.ok(heading.includes(event) && heading.includes(view.heading), heading);
          // The date and time of printing, as the reader's language writes them.
          const printed = await page.locator('.print-title p').textContent();
          assert.ok(printed.startsWith('Printed ') && printed.includes(String(new Date().getFullYear())), printed);
        } else {
          // Slips alone: one per board of the round, the pairings table is not printed.
          const boards = await byId(page, 'pairing-board').count();
          assert.ok(boards > 0);
          assert.equal(await byId(page, 'result-slip').count(), boards);
          assert.equal(await byId(page, 'pairings').isVisible(), false);
          const slip = await byId(page, 'result-slip').first().textContent();
          assert.ok(slip.startsWith(event), slip);
          assert.match(slip, /Round \d+ · Board 1White: .+Black: .+Result:/);
        }
        for (const format of ['A4', 'Letter']) {
          const file = path.join(SCREENSHOT_DIR, `print-${view.button}-${format}.pdf`);
          await page.pdf({ path: file, format, preferCSSPageSize: true, printBackground: true });
          const size = await pdfPageSize(file);
          assert.equal(size.width > size.height, view.landscape, `${file}: ${JSON.stringify(size)}`);
        }
        // After printing the page is itself again.
        await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
        await settle(page);
        assert.equal(await page.evaluate(() => document.documentElement.dataset.print ?? null), null);
      }
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await browser.dispose();
    }
  });
});
