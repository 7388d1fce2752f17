// End-to-end: before the TRF goes for rating (issue 27 item 5). Beside the downloads, a new Swiss
// lists what a rating report would lack: the event's records 022–132, each player's FIDE ID (and
// what registering them needs), an unrated player. Each item opens the field that fixes it,
// focused (the Details tab's input, the player's details row, a board's result); the list stays
// open while it shrinks; the TRF still downloads. Filled in, the event says it is ready; a paired
// round without results is listed again, and its link focuses the board. axe on the open list;
// screenshots at 1280, 820 and 390 px.
//
// data-testids used: readiness, readiness-summary, readiness-finding, readiness-fix,
// readiness-ready, export-trf, nav-details, nav-players, nav-rounds, player-details-toggle,
// pair-next, board-result.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { axeViolations, createEvent, gotoApp, screenshot, useApp, watchConsole } from './helpers.mjs';

const byId = (page, id) => page.getByTestId(id);

/** Types into a field and leaves it, as a person does (the change is stored on leaving). */
async function enter(locator, value) {
  await locator.fill(value);
  await locator.blur();
}

/** The id of the focused element, once it is `id` (the link's target draws after the route). */
async function focused(page, id) {
  await page.waitForFunction((want) => document.activeElement?.id === want, id, { timeout: 10_000 });
  return page.evaluate(() => document.activeElement.id);
}

/** Follows the finding whose text is `text` and waits for `id` to have the focus. */
async function follow(page, text, id) {
  await byId(page, 'readiness-fix').filter({ hasText: text }).click();
  return focused(page, id);
}

async function waitForCount(page, n) {
  await page.waitForFunction(
    (want) => document.querySelectorAll('[data-testid="readiness-finding"]').length === want,
    n,
    { timeout: 10_000 },
  );
}

describe('before sending for rating', () => {
  const app = useApp();

  test('each finding opens the field that fixes it, until the event is ready', async () => {
    const { page } = app.browser;
    const errors = watchConsole(page);
    await gotoApp(page, app.server.url);
    const players = ['Alves, Rui, 1980', 'Berg, Ola, 1920', 'Costa, Ana, 1850', 'Dias, Luís'];
    await createEvent(page, { name: 'Rated Open', system: 'swiss', rounds: 5, players: players.join('\n') });
    // 7 event records; per player no FIDE ID, no federation, sex or birth date (4 × 4); one
    // unrated player.
    const summary = byId(page, 'readiness-summary');
    assert.equal(await summary.textContent(), 'Before sending for rating: 24 things to check');
    await summary.click();
    await waitForCount(page, 24);
    const items = await byId(page, 'readiness-finding').allTextContents();
    assert.deepEqual(items.slice(0, 8), [
      'Missing City (TRF 022): not filled in',
      'Missing Federation (TRF 032): not filled in',
      'Missing Start date (TRF 042): not filled in',
      'Missing End date (TRF 052): not filled in',
      'Missing Chief arbiter (TRF 102): not filled in',
      'Missing Time control (TRF 122): not filled in',
      'Missing Round dates (TRF 132): not filled in',
      'Missing Alves, Rui (1): no FIDE ID',
    ]);
    assert.equal(
      items[23],
      'Check Dias, Luís (4): unrated (allowed, the event rates them; listed in case it is a slip)',
    );
    assert.ok(items.includes('Missing Berg, Ola (2): Sex not filled in (a player without a FIDE ID is registered with it)'));

    // A warning list, not a gate: the TRF downloads.
    const [file] = await Promise.all([page.waitForEvent('download'), byId(page, 'export-trf').click()]);
    assert.match(await readFile(await file.path(), 'utf8'), /^012 Rated Open/m);

    for (const width of [1280, 820, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `readiness-${width}`);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      assert.equal(wide, false, `no sideways scroll at ${width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(await axeViolations(page, '[data-testid="readiness"]'), [], 'axe on the open list');

    // The event's city: the Details tab, its input focused; typed, the finding goes and the
    // list stays open.
    assert.equal(await follow(page, 'City (TRF 022)', 'detail-detail-city'), 'detail-detail-city');
    assert.match(page.url(), /tab=details/);
    await page.keyboard.type('Porto');
    await page.keyboard.press('Tab');
    await waitForCount(page, 23);
    assert.equal(await byId(page, 'readiness').evaluate((d) => d.open), true, 'the list stays open');

    // Player 2's FIDE ID: the Players tab with their details row open, the input focused. With
    // an ID, what registering them needs is no longer asked.
    await follow(page, 'Berg, Ola (2): no FIDE ID', 'player-fide-id-2');
    assert.match(page.url(), /tab=players/);
    await page.keyboard.type('1503014');
    await page.keyboard.press('Tab');
    await waitForCount(page, 19);

    // The unrated player: their rating.
    await follow(page, 'Dias, Luís (4): unrated', 'player-rating-detail-4');
    await page.keyboard.type('1750');
    await page.keyboard.press('Tab');
    await waitForCount(page, 18);
    await follow(page, 'Round dates (TRF 132)', 'detail-round-date-1');

    // The rest, typed where the links lead.
    await byId(page, 'nav-details').click();
    await enter(byId(page, 'detail-federation'), 'POR');
    await enter(byId(page, 'detail-start-date'), '2026-05-02');
    await enter(byId(page, 'detail-end-date'), '2026-05-04');
    await enter(byId(page, 'detail-chief-arbiter'), 'Silva, Marta');
    await enter(byId(page, 'detail-time-control'), '90 min + 30 s');
    await enter(byId(page, 'detail-round-date').nth(0), '2026-05-02');
    await byId(page, 'nav-players').click();
    for (const [p, id] of [[1, '1503015'], [3, '1503016'], [4, '1503017']]) {
      await byId(page, 'player-details-toggle').nth(p - 1).click();
      await enter(page.locator(`#player-fide-id-${p}`), id);
    }
    const ready = byId(page, 'readiness-ready');
    await ready.waitFor();
    assert.equal(await ready.textContent(), 'Ready for rating: the TRF has everything a rating report needs.');
    assert.deepEqual(await axeViolations(page, '[data-testid="readiness-ready"]'), [], 'axe on the ready line');

    // Round 1 paired: its two games have no result; the link focuses the board's result.
    await byId(page, 'nav-rounds').click();
    await byId(page, 'pair-next').click();
    await byId(page, 'board-result').nth(1).waitFor();
    await summary.waitFor();
    assert.equal(await summary.textContent(), 'Before sending for rating: 2 things to check');
    // Open, as it was left.
    if (!(await byId(page, 'readiness').evaluate((d) => d.open))) await summary.click();
    await waitForCount(page, 2);
    const second = (await byId(page, 'readiness-fix').nth(1).textContent()).trim();
    assert.match(second, /^Round 1: .+ \(\d\) – .+ \(\d\) has no result$/);
    await byId(page, 'nav-details').click();
    await follow(page, second, 'result-r1-b2');
    assert.match(page.url(), /tab=rounds&round=1/);
    assert.deepEqual(errors, []);
  });
});
