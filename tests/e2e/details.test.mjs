// End-to-end: the event's and the players' details (issue 27 items 2 and 3). A Swiss made in the
// wizard gets its details on the Details tab and a player's in their details row; the TRF
// download carries the header records (012–132) and the player line's fields. A bad value is
// refused next to its field, keeps what was typed and changes nothing. A Swiss imported from PGN
// with two rounds gets more rounds, and round 3's games then merge. A birth date entered here
// reaches the rating's junior K. axe on the new view and the details row; screenshots at 1280,
// 820 and 390 px.
//
// data-testids used: new-event-*, nav-details, nav-players, nav-standings, nav-import-results,
// event-details, detail-name, detail-organiser, detail-city, detail-federation,
// detail-start-date, detail-end-date, detail-rating-type, detail-time-control,
// detail-chief-arbiter, detail-deputy-arbiters, detail-rounds, detail-round-date, detail-error,
// player-details-toggle, player-details, player-fide-id, player-title, player-sex, player-birth,
// player-federation, player-club, player-rating-detail, export-trf, export-json, import-file,
// pgn-merge-file, pgn-merge-more-rounds, pgn-merge-apply, open-example, rating-changes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { ROOT, createEvent, gotoApp, screenshot, useApp, watchConsole, importFile } from './helpers.mjs';

const byId = (page, id) => page.getByTestId(id);
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function download(page, testid) {
  const [file] = await Promise.all([page.waitForEvent('download'), byId(page, testid).click()]);
  return readFile(await file.path(), 'utf8');
}

/** Types into a field and leaves it, as a person does (the change is stored on leaving). */
async function enter(locator, value) {
  await locator.fill(value);
  await locator.blur();
}

/** axe's serious and critical violations on the page, one line each. */
async function axe(page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** The games of the fixture's rounds `rounds` as a PGN text. */
async function pgnRounds(rounds) {
  const text = await readFile(path.join(ROOT, 'fixtures/pgn/swiss-7-players.pgn'), 'utf8');
  return text
    .split(/\n(?=\[Event )/)
    .filter((g) => rounds.some((r) => g.includes(`[Round "${r}.`)))
    .join('\n');
}

describe('event and player details', () => {
  const app = useApp();
  let tmp;
  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'crosstable-details-'));
  });
  after(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  test('details typed in the app reach the TRF download', async () => {
    const { page } = app.browser;
    const errors = watchConsole(page);
    await gotoApp(page, app.server.url);
    await createEvent(page, {
      name: 'Spring Open',
      system: 'swiss',
      rounds: 5,
      players: 'Alves, Rui, 1980\nBerg, Ola, 1920\nCosta, Ana, 1850\nDias, Luís, 1810',
    });
    await byId(page, 'nav-details').click();
    await byId(page, 'event-details').waitFor();

    await enter(byId(page, 'detail-name'), 'Porto Spring Open');
    await page.locator('.event-title', { hasText: 'Porto Spring Open' }).waitFor();
    await enter(byId(page, 'detail-organiser'), 'Porto Chess Club');
    await enter(byId(page, 'detail-city'), 'Porto');
    await enter(byId(page, 'detail-federation'), 'por');
    await enter(byId(page, 'detail-start-date'), '2026-05-02');
    await enter(byId(page, 'detail-end-date'), '2026-05-04');
    await byId(page, 'detail-rating-type').selectOption('rapid');
    await enter(byId(page, 'detail-time-control'), '15 min + 10 s');
    await enter(byId(page, 'detail-chief-arbiter'), 'Silva, Marta');
    await enter(byId(page, 'detail-deputy-arbiters'), 'Sousa, Rui\nNeves, Ana');
    await enter(byId(page, 'detail-round-date').nth(0), '2026-05-02');
    await enter(byId(page, 'detail-round-date').nth(2), '2026-05-03');
    assert.equal(await byId(page, 'detail-federation').inputValue(), 'POR', 'stored in capitals');

    // A bad value: the reason next to the field, the typed text kept, nothing stored.
    await enter(byId(page, 'detail-end-date'), '2026-05-01');
    const refusal = byId(page, 'detail-error');
    await refusal.waitFor();
    assert.match(await refusal.textContent(), /cannot end .* before it starts .*Nothing was changed/);
    assert.equal(await byId(page, 'detail-end-date').inputValue(), '2026-05-01', 'typed text kept');
    await enter(byId(page, 'detail-end-date'), '2026-05-04');
    await refusal.waitFor({ state: 'detached' });

    for (const width of [1280, 820, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `details-event-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(await axe(page), [], 'axe on the Details tab');

    // Player 2's details.
    await byId(page, 'nav-players').click();
    await byId(page, 'player-details-toggle').nth(1).click();
    const row = byId(page, 'player-details');
    await row.waitFor();
    await enter(row.getByTestId('player-fide-id'), '12a');
    await row.getByTestId('detail-error').waitFor();
    assert.match(await row.getByTestId('detail-error').textContent(), /not a FIDE ID: digits only/);
    assert.equal(await row.getByTestId('player-fide-id').inputValue(), '12a', 'typed text kept');
    await enter(row.getByTestId('player-fide-id'), '1503014');
    await enter(row.getByTestId('player-title'), 'XM');
    await row.getByText(/not a FIDE title/).waitFor();
    await enter(row.getByTestId('player-title'), 'im');
    await row.getByTestId('player-sex').selectOption('w');
    await enter(row.getByTestId('player-birth'), '2012/13/01');
    await row.getByText(/not a birth date/).waitFor();
    await enter(row.getByTestId('player-birth'), '2012/06/30');
    await enter(row.getByTestId('player-federation'), 'nor');
    await enter(row.getByTestId('player-club'), 'Porto CC');
    await enter(row.getByTestId('player-rating-detail'), '2150');
    assert.equal(await row.getByTestId('detail-error').count(), 0, 'no refusal left');
    assert.equal(await page.getByRole('textbox', { name: 'Title of player 2' }).inputValue(), 'IM');

    for (const width of [1280, 820, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `details-player-${width}`);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      assert.equal(wide, false, `no sideways scroll at ${width} px`);
      // The table fits too (its buttons in sight), and no row grows tall from a broken word.
      const table = await page.evaluate(() => {
        const box = document.querySelector('table.players').closest('.table-scroll');
        const row = document.querySelector('table.players tbody tr');
        return { fits: box.scrollWidth <= box.clientWidth + 1, row: row.getBoundingClientRect().height };
      });
      assert.ok(table.fits, `the players table fits at ${width} px`);
      assert.ok(table.row < 100, `a player's row is ${table.row} px tall at ${width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(await axe(page), [], 'axe on the players with a details row');

    const trf = await download(page, 'export-trf');
    for (const record of [
      '012 Porto Spring Open',
      '022 Porto',
      '032 POR',
      '042 2026/05/02',
      '052 2026/05/04',
      '102 Silva, Marta',
      '112 Sousa, Rui',
      '112 Neves, Ana',
      '122 15 min + 10 s',
      '142 5',
    ]) {
      assert.ok(trf.split('\n').includes(record), `${record} in\n${trf}`);
    }
    const dates = trf.split('\n').find((l) => l.startsWith('132'));
    assert.equal(dates?.indexOf('26/05/02'), 91, `round 1's date at column 92: ${dates}`);
    assert.equal(dates?.indexOf('26/05/03'), 111, `round 3's date at column 112: ${dates}`);
    const line = trf.split('\n').find((l) => l.startsWith('001    2'));
    assert.ok(line, trf);
    assert.equal(line.slice(9, 13), 'w IM', line);
    assert.equal(line.slice(14, 47).trim(), 'Berg, Ola', line);
    assert.equal(line.slice(48, 52), '2150', line);
    assert.equal(line.slice(53, 56), 'NOR', line);
    assert.equal(line.slice(57, 68).trim(), '1503014', line);
    assert.equal(line.slice(69, 79), '2012/06/30', line);

    // What TRF cannot hold, the JSON file keeps.
    const json = JSON.parse(await download(page, 'export-json'));
    assert.equal(json.tournament.info.organiser, 'Porto Chess Club');
    assert.equal(json.tournament.info.rating_type, 'rapid');
    assert.equal(json.tournament.players[1].club, 'Porto CC');
    assert.deepEqual(errors, [], errors.join('\n'));
  });

  test('a Swiss imported from PGN with two rounds gets more rounds and takes round 3', async () => {
    const { page } = app.browser;
    const errors = watchConsole(page);
    const first = path.join(tmp, 'porto-rounds-1-2.pgn');
    const third = path.join(tmp, 'porto-round-3.pgn');
    await writeFile(first, await pgnRounds([1, 2]));
    await writeFile(third, await pgnRounds([3]));
    await gotoApp(page, app.server.url);
    await importFile(page, first);
    const eventUrl = page.url().replace(/\?.*$/, '');

    // The reported dead end: round 3 is refused while the event has 2 rounds.
    await byId(page, 'nav-import-results').click();
    await byId(page, 'pgn-merge-file').setInputFiles(third);
    await page.getByText(/round 3 is beyond the event's 2 rounds/).waitFor();
    // The refusal links to where the rounds are changed.
    await byId(page, 'pgn-merge-more-rounds').click();
    await page.waitForURL(/tab=details/);
    assert.equal(page.url().replace(/\?.*$/, ''), eventUrl);
    const rounds = byId(page, 'detail-rounds');
    await rounds.waitFor();
    assert.equal(await rounds.inputValue(), '2');
    // Fewer than paired: refused, with why and how.
    await enter(rounds, '1');
    const refusal = byId(page, 'detail-error');
    await refusal.waitFor();
    assert.match(await refusal.textContent(), /cannot have 1 rounds: 2 rounds are already paired.*undo the later pairings/);
    assert.equal(await rounds.inputValue(), '1', 'typed text kept');
    await screenshot(page, 'details-rounds-refused-1280');
    await enter(rounds, '4');
    await refusal.waitFor({ state: 'detached' });
    assert.equal(await rounds.inputValue(), '4');
    assert.equal(await byId(page, 'detail-round-date').count(), 4, 'a date field per round');

    await byId(page, 'nav-import-results').click();
    await byId(page, 'pgn-merge-file').setInputFiles(third);
    await byId(page, 'pgn-merge-apply').click();
    await page.getByText(/Applied \d+ changes? from/).waitFor();
    const trf = await download(page, 'export-trf');
    assert.ok(trf.split('\n').includes('142 4'), trf);
    assert.deepEqual(errors, [], errors.join('\n'));
  });

  test("a birth date entered here sets a junior's K in the rating changes", async () => {
    const { page } = app.browser;
    const errors = watchConsole(page);
    await gotoApp(page, app.server.url);
    await byId(page, 'open-example').click();
    await page.waitForURL(/\/event\/[^/?]+/);
    const eventUrl = page.url().replace(/\?.*$/, '');
    await page.goto(`${eventUrl}?tab=details`);
    await enter(byId(page, 'detail-start-date'), '2026-05-02');
    await page.goto(`${eventUrl}?tab=players`);
    await byId(page, 'player-details-toggle').nth(1).click();
    const row = byId(page, 'player-details');
    await enter(row.getByTestId('player-rating-detail'), '2250');
    await enter(row.getByTestId('player-birth'), '2012');
    await byId(page, 'nav-standings').click();
    const ratings = byId(page, 'rating-changes');
    await ratings.scrollIntoViewIfNeeded();
    const lucas = ratings.locator('tbody tr', { hasText: 'Lucas Moreau' });
    await lucas.getByText('14 in the start year, under 2300').waitFor();
    // Columns after the player: rating, then K with its reason.
    assert.equal((await lucas.locator('td').nth(0).textContent()).trim(), '2250');
    assert.match(await lucas.locator('td').nth(1).textContent(), /^40 \(14 in the start year/, 'K 40');
    assert.deepEqual(errors, [], errors.join('\n'));
  });
});
