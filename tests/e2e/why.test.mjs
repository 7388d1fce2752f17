// End-to-end: "Why this pairing?" on a Swiss board (issue 29 item 6). Six players draw every
// game of round 1, so round 2's score group holds all six and its natural pairing would repeat
// round 1: player 1's board must name the rematch with its natural opponent as the reason (C1),
// as the engine's test `a_rematch_is_named_as_the_obstacle_to_the_natural_pair` does. The
// explanation is worded again on a language switch, closes again, and the example (a
// round-robin, paired by the Berger tables) offers no such button.
// Screenshots: tests/e2e/screenshots/why-{1280,820,390}.png. axe: no serious violations.
// Test ids: new-event-*, nav-rounds, pair-next, pairing-board, board-result, pairings-title,
// why-button, why-row, why-group, why-opponents, why-colours, open-example, round-tab.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { createEvent, gotoApp, screenshot, useApp, watchConsole } from './helpers.mjs';
import { pageOverflow, switchTo } from './lang.mjs';

const byId = (page, id) => page.getByTestId(id, { exact: true });
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PLAYERS = ['Alves, Rui, 2400', 'Berg, Ola, 2390', 'Costa, Ana, 2380', 'Dias, Luís, 2370', 'Eker, Sun, 2360', 'Faro, Ida, 2350'];

async function waitForRound(page, round, boards) {
  await page.getByTestId('pairings-title').filter({ hasText: `round ${round}` }).waitFor();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="pairing-board"]').length === n, boards);
}

describe('why this pairing', () => {
  const app = useApp();

  test('a rematch is named as the reason, in words that follow the language', async () => {
    const { page } = app.browser;
    const errors = watchConsole(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoApp(page, app.server.url);
    await createEvent(page, { name: 'Why Open', system: 'swiss', rounds: 3, players: PLAYERS.join('\n') });
    await byId(page, 'nav-rounds').click();
    await byId(page, 'pair-next').click();
    await waitForRound(page, 1, 3);
    await byId(page, 'board-result').first().focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('=');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="board-result"]')].every((s) => s.value === 'draw'),
    );
    // Round 1 paired S1 1, 2, 3 against S2 4, 5, 6.
    const round1 = await byId(page, 'pairing-board').evaluateAll((rows) =>
      rows.map((r) => [Number(r.dataset.white), Number(r.dataset.black)].sort((a, b) => a - b)),
    );
    assert.deepEqual(round1.map((p) => p.join('-')).sort(), ['1-4', '2-5', '3-6']);

    await byId(page, 'pair-next').click();
    await waitForRound(page, 2, 3);
    const rows = byId(page, 'pairing-board');
    const index = (await rows.evaluateAll((rs) => rs.map((r) => [r.dataset.white, r.dataset.black]))).findIndex(
      ([w, b]) => w === '1' || b === '1',
    );
    assert.ok(index >= 0, 'player 1 has a board in round 2');
    const button = rows.nth(index).getByTestId('why-button');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.match(await button.getAttribute('aria-label'), /Why this pairing\? Board \d, /);
    await button.click();
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    const row = byId(page, 'why-row');
    await row.waitFor();
    assert.equal(await button.getAttribute('aria-controls'), await row.getAttribute('id'));
    assert.match(await byId(page, 'why-group').textContent(), /^0\.5 — both players are in it\.$/);
    assert.match(
      await byId(page, 'why-opponents').textContent(),
      /^#1 Alves, Rui's natural opponent was #4 Dias, Luís: they already played each other in round 1 \(C1\)\.$/,
    );
    assert.match(await byId(page, 'why-colours').textContent(), /\(art\. 5\.2\.\d\)\.$/);

    for (const width of [1280, 820, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `why-${width}`);
      assert.ok((await pageOverflow(page)) <= 0, `the page scrolls sideways at ${width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const axe = await new AxeBuilder({ page }).include('[data-testid="pairings"]').withTags(TAGS).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(serious.map((v) => v.id), [], JSON.stringify(serious.map((v) => v.nodes.map((n) => n.target))));

    // Another language words it again, numbers in its convention.
    await switchTo(page, 'fr');
    await page.waitForFunction(() => /adversaire naturel/.test(document.querySelector('[data-testid="why-opponents"]')?.textContent ?? ''));
    assert.match(await byId(page, 'why-opponents').textContent(), /ronde 1 \(C1\)/);
    assert.match(await byId(page, 'why-group').textContent(), /^0,5 — les deux joueurs en font partie\.$/);
    await switchTo(page, 'en');

    // Closed again.
    await button.click();
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    await row.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
  });

  test('a round-robin has no "why" button: its boards come from the Berger tables', async () => {
    const { page } = app.browser;
    await gotoApp(page, app.server.url);
    await byId(page, 'open-example').click();
    await byId(page, 'nav-rounds').click();
    await byId(page, 'round-tab').last().click();
    await byId(page, 'board-result').first().waitFor();
    assert.ok((await byId(page, 'pairing-board').count()) > 0);
    assert.equal(await byId(page, 'why-button').count(), 0);
  });
});
