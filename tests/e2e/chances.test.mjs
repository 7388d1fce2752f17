// End-to-end flows of the Chances view (issue 14) through the built app, addressed by these
// data-testids (the contract): nav-chances, chances-done, chances-error, chances-fide,
// chances-bayes, chances-annul, chances-table-<policy>, chances-plot-<policy>, chances-show-se,
// chances-policy-<policy>, chances-withdraw-now, chances-note, share-make, share-link,
// shared-banner, open-example, new-event-*.
// Screenshots of the view at 1280, 820 and 390 px wide go to tests/e2e/screenshots/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createEvent, gotoApp, openBrowser, screenshot, startServer, watchConsole } from './helpers.mjs';

const byId = (page, id) => page.getByTestId(id);

/** The rows of a policy's table as { name: [cells…] }. */
const tableRows = (page, policy) =>
  byId(page, `chances-table-${policy}`).evaluate((table) =>
    Object.fromEntries(
      [...table.querySelectorAll('tbody tr')].map((tr) => [
        tr.querySelector('th').textContent.trim(),
        [...tr.querySelectorAll('td')].map((td) => td.textContent.trim()),
      ]),
    ),
  );

const percent = (s) => Number(s.replace(/[^0-9.]/g, ''));

/** Waits until the run that `action` starts has finished (the done line is replaced). */
async function rerun(page, action) {
  const before = await byId(page, 'chances-done').elementHandle();
  await action();
  await page.waitForFunction((old) => {
    const now = document.querySelector('[data-testid=chances-done]');
    return now && now !== old;
  }, before);
}

describe('chances view', () => {
  let server;
  before(async () => (server = await startServer()));
  after(async () => server?.close());

  test('the example: FIDE and Bayesian side by side, the certainty of a final table', async () => {
    for (const [width, height] of [[1280, 900], [820, 1100], [390, 844]]) {
      const browser = await openBrowser({ viewport: { width, height } });
      try {
        const { page } = browser;
        const errors = watchConsole(page);
        await gotoApp(page, server.url);
        await byId(page, 'open-example').click();
        await byId(page, 'nav-chances').click();
        await page.waitForURL(/\/chances$/);
        await byId(page, 'chances-done').waitFor({ state: 'visible' });
        const done = await byId(page, 'chances-done').textContent();
        assert.match(done, /final table is certain/);
        assert.match(done, /200,000 simulations/);
        for (const policy of ['fide', 'bayes']) {
          await byId(page, `chances-${policy}`).waitFor({ state: 'visible' });
          const rows = await tableRows(page, policy);
          assert.equal(Object.keys(rows).length, 10, `${policy}: every player stays in the table`);
          // Chen Wei has won: P(first) 100 %, everyone else 0 %.
          const firsts = Object.entries(rows).map(([name, cells]) => [name, cells[2]]);
          for (const [name, first] of firsts) assert.equal(first, name.includes('Chen Wei') ? '100 %' : '0 %', name);
          const bars = await byId(page, `chances-plot-${policy}`).locator('svg rect').count();
          assert.ok(bars >= 20, `${policy}: the plot draws two bars per player`);
        }
        // FIDE (Reyes's games forfeited): Orlov third on 5.5, Moreau fourth on 5.
        const fide = await tableRows(page, 'fide');
        const podium = (name) => Object.entries(fide).find(([n]) => n.includes(name))[1][3];
        assert.equal(podium('Orlov'), '100 %');
        assert.equal(podium('Moreau'), '0 %');
        await byId(page, 'chances-note').waitFor({ state: 'visible' });
        assert.match(await byId(page, 'chances-note').textContent(), /not predictions/);
        await screenshot(page, `chances-example-${width}`);
        assert.deepEqual(errors, [], errors.join('\n'));
      } finally {
        await browser.dispose();
      }
    }
  });

  test('a new event: chances of every player, standard errors, another policy, a withdrawal now, the share link', async () => {
    const a = await openBrowser();
    const b = await openBrowser();
    try {
      const { page } = a;
      const errors = watchConsole(page);
      await gotoApp(page, server.url);
      await createEvent(page, {
        name: 'Chances Round-Robin',
        system: 'rr1',
        players: 'Andersen, Viktor, 2795\nMoreau, Lucas, 2780\nOkafor, Daniel, 2700\nPetrov, Ivan, 2600',
      });
      await byId(page, 'nav-chances').click();
      await byId(page, 'chances-done').waitFor({ state: 'visible' });
      assert.match(await byId(page, 'chances-done').textContent(), /6 games still to play/);
      const rows = await tableRows(page, 'fide');
      assert.equal(Object.keys(rows).length, 4);
      const firsts = Object.values(rows).map((cells) => percent(cells[2]));
      assert.ok(Math.abs(firsts.reduce((x, y) => x + y, 0) - 100) < 0.3, `P(first) adds up to 100 %: ${firsts}`);
      assert.ok(firsts[0] > firsts[3], 'the highest rated is likelier to win than the lowest');

      // Standard errors: two more columns.
      await byId(page, 'chances-show-se').check();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=chances-table-fide] td.se').length === 8);

      // Another policy on demand.
      await rerun(page, () => byId(page, 'chances-policy-annul').check());
      await byId(page, 'chances-annul').waitFor({ state: 'visible' });

      // What if the top seed withdraws now (no game played: the FIDE rule annuls)?
      await rerun(page, () => byId(page, 'chances-withdraw-now').selectOption('1'));
      const fide = await tableRows(page, 'fide');
      assert.equal(Object.keys(fide).length, 3, 'annulled: no row');
      const bayes = await tableRows(page, 'bayes');
      assert.equal(Object.keys(bayes).length, 4);
      assert.ok(Object.keys(bayes).some((n) => n.includes('(withdrawn)')));
      await screenshot(page, 'chances-new-event-withdraw-now');

      // The share link opens the same view with the same numbers in a fresh profile.
      await byId(page, 'chances-show-se').uncheck();
      await byId(page, 'share-make').click();
      const link = await byId(page, 'share-link').inputValue();
      const want = await byId(page, 'chances-table-bayes').textContent();
      await gotoApp(b.page, link);
      await byId(b.page, 'shared-banner').waitFor({ state: 'visible' });
      await byId(b.page, 'chances-table-bayes').waitFor({ state: 'visible' });
      assert.equal(await byId(b.page, 'chances-table-bayes').textContent(), want);
      assert.equal(await byId(b.page, 'chances-withdraw-now').inputValue(), '1');
      assert.deepEqual(errors, [], errors.join('\n'));
    } finally {
      await a.dispose();
      await b.dispose();
    }
  });
});
