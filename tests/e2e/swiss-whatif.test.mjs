// End-to-end: the What-if tab of a Swiss shows what a withdrawal does — the player's later
// games become forfeits won by the opponents, and points, tie-breaks and ranks are compared with
// the player staying.
//
// data-testids used: import-file, nav-whatif, swiss-whatif, swiss-whatif-player,
// swiss-whatif-round, swiss-whatif-rounds, swiss-whatif-table, swiss-whatif-summary.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gotoApp, openBrowser, screenshot, startServer, watchConsole, importFile } from './helpers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = (name) => path.join(ROOT, 'fixtures', 'pgn', name);
const byId = (page, id) => page.getByTestId(id);

describe('Swiss what-if', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  test('a withdrawal in a Swiss: forfeits for the later opponents, standings compared', async () => {
    for (const [width, height] of [[1280, 900], [820, 1100], [390, 844]]) {
      const browser = await openBrowser({ viewport: { width, height } });
      try {
        const { page } = browser;
        const errors = watchConsole(page);
        await gotoApp(page, server.url);
        await importFile(page, fixture('swiss-7-players.pgn'));
        await byId(page, 'nav-whatif').click();
        await byId(page, 'swiss-whatif').waitFor();

        // Alves (1980, start number 1) withdraws after round 1: rounds 2 and 3 become forfeits.
        await byId(page, 'swiss-whatif-player').selectOption({ label: 'Alves, Rui (1980)' });
        await byId(page, 'swiss-whatif-round').selectOption('1');
        const rounds = byId(page, 'swiss-whatif-rounds').locator('tbody tr');
        await page.waitForFunction(
          () => document.querySelectorAll('[data-testid="swiss-whatif-rounds"] tbody tr').length === 2,
        );
        assert.match(await rounds.nth(0).textContent(), /drew with Berg, Ola \(Black\).*forfeit loss to Berg, Ola \(Black\)/);
        assert.match(await rounds.nth(1).textContent(), /won against Gil, Nuno \(White\).*forfeit loss to Gil, Nuno \(White\)/);

        const table = byId(page, 'swiss-whatif-table');
        const row = (name) => table.locator('tbody tr', { has: page.getByRole('rowheader', { name }) });
        // Berg drew with Alves in round 2: now a forfeit win, 2.5 → 3 points.
        assert.match(await row('Berg, Ola').textContent(), /wins by forfeit.*2\.5 → 3/);
        // Alves keeps round 1's point only.
        assert.match(await row('Alves, Rui').textContent(), /withdraws.*2\.5 → 1/);
        // Dias met Alves in round 1: his points stay, his Buchholz reads Alves' new score.
        const dias = await row('Dias, Luís').textContent();
        assert.match(dias, /met before/);
        assert.match(dias, /→/);
        assert.match(await byId(page, 'swiss-whatif-summary').textContent(), /of 7 players' rank, points or tie-breaks change/);
        await screenshot(page, `swiss-whatif-${width}`);
        assert.deepEqual(errors, [], errors.join('\n'));
      } finally {
        await browser.dispose();
      }
    }
  });
});
