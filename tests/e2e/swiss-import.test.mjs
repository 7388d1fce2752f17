// End-to-end: a Swiss TRF without an XXW line (t146, 299 players, cut to its first 6 rounds).
// Players 193 and 275 lost their round 6 game by forfeit; the file records no withdrawal, and
// the reference pairing (bbpPairings, fixtures/dutch/t146/r07.pairs) pairs both in round 7.
// The import must not store them as withdrawn (a withdrawn player is left out of the next
// pairing) but list them as warnings, each with a button that records the withdrawal.
//
// data-testids used: import-file, import-warnings, import-warning, record-withdrawal,
// withdrawal-recorded, import-open, crosstable, nav-rounds, withdrawal-item, pair-next.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, gotoApp, useApp, watchConsole } from './helpers.mjs';

const byId = (page, id) => page.getByTestId(id);

describe('a Swiss TRF without XXW', () => {
  const app = useApp();
  let tmp;
  let file;
  before(async () => {
    const full = await readFile(path.join(ROOT, 'fixtures/dutch/t146/full.trf'), 'utf8');
    // The 001 lines keep 6 round columns (91 characters, then 10 per round).
    const cut = full
      .split('\n')
      .map((line) => (line.startsWith('001') ? line.slice(0, 151).trimEnd() : line))
      .join('\n');
    assert.ok(!/^XXW/m.test(cut), 'the fixture has no XXW line');
    tmp = await mkdtemp(path.join(tmpdir(), 'crosstable-swiss-import-'));
    file = path.join(tmp, 't146-before-r7.trf');
    await writeFile(file, cut);
  });
  after(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  test('detected withdrawals are warnings to confirm, not withdrawals', async () => {
    const { page } = app.browser;
    const errors = watchConsole(page);
    await gotoApp(page, app.server.url);
    await byId(page, 'import-file').setInputFiles(file);
    await byId(page, 'import-warnings').waitFor({ timeout: 60_000 });

    const warnings = await byId(page, 'import-warning').allTextContents();
    for (const p of [193, 275]) {
      assert.ok(
        warnings.some((w) => w.includes(`player ${p} has taken part in no round after round 5`)),
        `a warning for player ${p}`,
      );
    }
    const buttons = byId(page, 'record-withdrawal');
    assert.deepEqual(await buttons.allTextContents(), [
      'Record the withdrawal of player 193 after round 5',
      'Record the withdrawal of player 275 after round 5',
    ]);

    // Nothing is recorded until the arbiter says so: the Rounds tab lists no withdrawal and
    // offers round 7 for everyone.
    await byId(page, 'import-open').click();
    await byId(page, 'crosstable').waitFor({ state: 'visible', timeout: 60_000 });
    const eventUrl = page.url().replace(/\?.*$/, '');
    await byId(page, 'nav-rounds').click();
    await byId(page, 'pair-next').filter({ hasText: 'Pair round 7' }).waitFor();
    assert.equal(await byId(page, 'withdrawal-item').count(), 0, 'no withdrawal stored');

    // The same file again is the event already stored; a copy, asked for, offers the
    // withdrawals again, and one click records one of them.
    await gotoApp(page, app.server.url);
    await byId(page, 'import-file').setInputFiles(file);
    await byId(page, 'import-copy').click({ timeout: 60_000 });
    await byId(page, 'import-warnings').waitFor({ timeout: 60_000 });
    await buttons.first().click();
    await byId(page, 'withdrawal-recorded').waitFor();
    assert.equal(await byId(page, 'record-withdrawal').count(), 1, 'the other one is still offered');
    await byId(page, 'import-open').click();
    await byId(page, 'crosstable').waitFor({ state: 'visible', timeout: 60_000 });
    assert.notEqual(page.url().replace(/\?.*$/, ''), eventUrl, 'the second import is a new event');
    await byId(page, 'nav-rounds').click();
    await byId(page, 'pair-next').filter({ hasText: 'Pair round 7' }).waitFor();
    const items = await byId(page, 'withdrawal-item').allTextContents();
    assert.equal(items.length, 1, items.join(' | '));
    assert.match(items[0], /\(193\) withdrew after round 5/);
    assert.deepEqual(errors, []);
  });
});
