// End-to-end: every import ends with its report (issue 30 items 3 and 5). A TRF with a pairing
// program's extension, a wrong player count and a record nobody reads is reported line by line
// (what was read, what an export writes in another form, what is kept but not used); FIDE's
// TRF-2026 team sample says that team standings are not computed yet; the same file a second
// time adds nothing, says so and opens the stored event, or imports a copy when asked; a UTF-16
// file is decoded and read whole.
// Fixtures: fixtures/corpus/echecsjs-trf/grandmommyscup.trf (see fixtures/corpus/README.md).
// Screenshots: tests/e2e/screenshots/import-report-{1280,820,390}.png. axe: no violations.
// Test ids: import-file, import-report, import-counts, import-converted, import-unused,
// import-team, import-nothing-changed, import-open, import-copy, event-item, nav-rounds.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ROOT, axeViolations, gotoApp, importFile, screenshot, useApp, watchConsole } from './helpers.mjs';
import { pageOverflow } from './lang.mjs';

const byId = (page, id) => page.getByTestId(id, { exact: true });
const TEAM_SAMPLE = path.join(ROOT, 'fixtures', 'corpus', 'echecsjs-trf', 'grandmommyscup.trf');

// Three players, one round; line 2 says 12 players, line 4 is JaVaFo's round count, line 5 a
// record no program here reads.
const ODD_TRF = [
  '012 Report Open',
  '062 12',
  '092 Individual: Swiss-System',
  'XXR 5',
  'ZZZ a record of another program',
  '001    1      Alves, Rui                        2400                             1.0    1     2 w 1',
  '001    2      Berg, Ola                         2300                             0.0    3     1 b 0',
  '001    3      Costa, Ana                        2200                             1.0    2  0000 - U',
  '',
].join('\n');

const trf = (name, text, encoding = 'utf8') => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text, encoding) });

// The report's list items under the list with test id `id`, trimmed.
const items = async (page, id) => (await byId(page, id).locator('li').allInnerTexts()).map((s) => s.trim());

describe('the import report', () => {
  const app = useApp();

  test('what was read, converted and kept, each with its line; the team note', async () => {
    const { page } = app.browser;
    const errors = watchConsole(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoApp(page, app.server.url);
    await byId(page, 'import-file').setInputFiles(trf('odd.trf', ODD_TRF));
    const report = byId(page, 'import-report');
    await report.waitFor({ timeout: 60_000 });
    assert.match(await report.getByRole('heading').first().innerText(), /“Report Open” was read whole from “odd\.trf”/);
    const counts = (await byId(page, 'import-counts').innerText()).replace(/\s+/g, ' ');
    assert.match(counts, /Players 3 Rounds 1 Games 1/);
    assert.deepEqual(await items(page, 'import-converted'), [
      'Line 2: 062 says 12 but the event has 3: the export writes 3',
      'Line 4: XXR is written as 142',
    ]);
    assert.deepEqual(await items(page, 'import-unused'), [
      'Line 5: ZZZ is kept and written back on export, but changes nothing here',
    ]);
    // Said once: a record the report lists as not used is not a warning too.
    assert.equal(await byId(page, 'import-warnings').count(), 0);
    assert.equal(await byId(page, 'import-team').count(), 0);
    assert.equal(await byId(page, 'import-nothing-changed').count(), 0);
    for (const [w, h] of [[1280, 900], [820, 1180], [390, 844]]) {
      await page.setViewportSize({ width: w, height: h });
      assert.ok((await pageOverflow(page)) <= 0, `no sideways scroll at ${w} px`);
      await screenshot(page, `import-report-${w}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(await axeViolations(page, '[data-testid="import-report"]'), []);

    // FIDE's team sample: read for its players and games, its team records said once.
    await byId(page, 'import-file').setInputFiles(TEAM_SAMPLE);
    await report.getByRole('heading', { name: /was read whole from “grandmommyscup\.trf”/ }).waitFor({ timeout: 60_000 });
    assert.match((await byId(page, 'import-counts').innerText()).replace(/\s+/g, ' '), /Players 249 /);
    const team = await byId(page, 'import-team').innerText();
    assert.match(team, /^A team tournament: its team records \(from line \d+, \d+ in all\) are kept/);
    assert.match(team, /team standings are not computed yet/);
    assert.deepEqual(errors, [], errors.join('\n'));
  });

  test('the same file twice adds nothing and opens the stored event; a copy when asked', async () => {
    const { page } = app.browser;
    const errors = watchConsole(page);
    await gotoApp(page, app.server.url);
    const text = await importFile(page, trf('twice.trf', ODD_TRF.replace('Report Open', 'Twice Open')));
    assert.match(text, /was read whole/);
    const stored = new URL(page.url()).pathname;
    await byId(page, 'nav-rounds').waitFor();

    await gotoApp(page, app.server.url);
    const events = async () => byId(page, 'event-item').filter({ hasText: 'Twice Open' }).count();
    await byId(page, 'event-item').first().waitFor();
    assert.equal(await events(), 1);
    await byId(page, 'import-file').setInputFiles(trf('twice-again.trf', ODD_TRF.replace('Report Open', 'Twice Open')));
    const report = byId(page, 'import-report');
    await report.waitFor({ timeout: 60_000 });
    assert.match(
      await report.getByRole('heading').first().innerText(),
      /“twice-again\.trf” holds the same event as “Twice Open”, which is already stored: nothing was added\./,
    );
    assert.equal(await byId(page, 'import-open').innerText(), 'Open the stored event');
    assert.equal(await byId(page, 'import-open').getAttribute('href'), stored);
    assert.equal(await events(), 1, 'nothing added');

    await byId(page, 'import-copy').click();
    await report.getByRole('heading', { name: /was read whole from “twice-again\.trf”/ }).waitFor();
    assert.notEqual(await byId(page, 'import-open').getAttribute('href'), stored);
    assert.equal(await events(), 2, 'a copy, as asked');
    assert.deepEqual(errors, [], errors.join('\n'));
  });

  test('a UTF-16 file is decoded and read whole', async () => {
    const { page } = app.browser;
    const errors = watchConsole(page);
    await gotoApp(page, app.server.url);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(ODD_TRF.replace('Report Open', 'Åpen UTF-16'), 'utf16le')]);
    const text = await importFile(page, { name: 'utf16.trf', mimeType: 'text/plain', buffer: utf16 });
    assert.match(text, /“Åpen UTF-16” was read whole from “utf16\.trf”/);
    await page.getByRole('heading', { name: 'Åpen UTF-16' }).waitFor();
    assert.deepEqual(errors, [], errors.join('\n'));
  });
});
