// Every page and tab a person can reach, walked in one browser: the tour the venue tests
// (tests/e2e/venue-*.test.mjs) run their checks on — axe, sideways scroll, titles.
//
// data-testids used: open-example, import-file, new-event-name, learn-players, nav-players,
// nav-crosstable, nav-rounds, nav-standings, nav-withdrawal, nav-sensitivity, nav-whatif,
// nav-chances, nav-details, nav-publish, nav-import-results.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gotoApp, importFile } from './helpers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SWISS_PGN = path.join(ROOT, 'fixtures', 'pgn', 'swiss-7-players.pgn');

/** Two animation frames: Leptos has applied the last change and the browser has laid it out. */
export const settle = (page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** The event's tabs, as [testid, title's first part]; `rr` marks those only a round-robin has. */
export const EVENT_TABS = [
  { testid: 'nav-players', title: 'Players' },
  { testid: 'nav-crosstable', title: 'Crosstable' },
  { testid: 'nav-rounds', title: 'Rounds' },
  { testid: 'nav-standings', title: 'Standings' },
  { testid: 'nav-withdrawal', title: 'Withdrawal', rr: true },
  { testid: 'nav-sensitivity', title: 'Sensitivity', rr: true },
  { testid: 'nav-whatif', title: 'What-if' },
  { testid: 'nav-chances', title: 'Chances', rr: true },
  { testid: 'nav-details', title: 'Details' },
  { testid: 'nav-publish', title: 'Publish' },
  { testid: 'nav-import-results', title: 'Import results' },
];

/** Waits until the document's title is `title` (each page sets its own). */
export async function waitForTitle(page, title) {
  await page.waitForFunction((want) => document.title === want, title).catch(async () => {
    throw new Error(`title is ${JSON.stringify(await page.title())}, expected ${JSON.stringify(title)}`);
  });
}

/**
 * Visits every page state, calling `check(name)` on each once it has rendered and has its own
 * title: home, the new-event form, Learn, Simulation, a 404, every tab of the example
 * round-robin and of a Swiss imported from PGN.
 */
export async function visitEveryPage(page, baseUrl, check) {
  const url = (p) => new URL(p, baseUrl).href;
  await gotoApp(page, baseUrl);
  await waitForTitle(page, 'Your events — Crosstable');
  await check('home');
  await page.getByRole('button', { name: 'New event' }).click();
  await page.getByTestId('new-event-name').waitFor();
  await check('new-event');

  await gotoApp(page, url('/learn'));
  await page.getByTestId('learn-players').waitFor();
  await waitForTitle(page, 'Learn the method — Crosstable');
  await check('learn');
  await gotoApp(page, url('/simulation'));
  await waitForTitle(page, 'Simulation — Crosstable');
  await check('simulation');
  await gotoApp(page, url('/no/such/page'));
  await waitForTitle(page, 'Page not found — Crosstable');
  await check('not-found');

  await gotoApp(page, baseUrl);
  await page.getByTestId('open-example').click();
  await page.waitForURL(/\/event\/[^/?]+$/);
  await eventTabs(page, 'rr', true, check);

  await gotoApp(page, baseUrl);
  await importFile(page, SWISS_PGN);
  await eventTabs(page, 'swiss', false, check);
}

async function eventTabs(page, prefix, roundRobin, check) {
  const event = (await page.locator('.event-title').first().textContent()).trim();
  for (const tab of EVENT_TABS) {
    if (tab.rr && !roundRobin) continue;
    await page.getByTestId(tab.testid).click();
    await waitForTitle(page, `${tab.title} — ${event} — Crosstable`);
    await page.locator(`[data-testid="${tab.testid}"][aria-current="page"]`).waitFor();
    await settle(page);
    await check(`${prefix}-${tab.title.toLowerCase().replace(/[^a-z]+/g, '-')}`);
  }
}
