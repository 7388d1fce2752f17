// Issue 11, never lose an event: two tabs on one event keep both tabs' results (the storage
// event brings one tab's save into the other; a write from a stale copy is refused with a
// message, never a silent overwrite); "Back up everything" then "Restore" into an emptied
// browser brings back every event; a bad file changes nothing; a conflict asks.
// Test ids: open-example, nav-rounds, round-tab, board-result, storage-error, stale-event,
// backup-all, restore-file, restore-status, restore-error, restore-conflict, persistence.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gotoApp, screenshot, useApp, watchConsole, importFile } from './helpers.mjs';

const byId = (page, id) => page.getByTestId(id, { exact: true });
const EXAMPLE_KEY = 'crosstable.v1.event.example';

/** Opens the example's Rounds tab on its last round; returns the boards' result values. */
async function openRounds(page, url) {
  await gotoApp(page, url);
  await byId(page, 'open-example').click();
  await byId(page, 'nav-rounds').click();
  await byId(page, 'round-tab').last().click();
  await byId(page, 'board-result').first().waitFor();
  return results(page);
}

const results = (page) => byId(page, 'board-result').evaluateAll((els) => els.map((e) => e.value));

/** Waits until board `i` (0-based) of the page shows `value`. */
async function waitForBoard(page, i, value) {
  await page.waitForFunction(
    ([i, value]) => document.querySelectorAll('[data-testid="board-result"]')[i]?.value === value,
    [i, value],
  );
}

/** Focuses board `i` and types `key`, as an arbiter does. */
async function type(page, i, key) {
  await byId(page, 'board-result').nth(i).focus();
  await page.keyboard.press(key);
}

describe('two tabs on one event', () => {
  const app = useApp();

  test('a result typed in each tab: both are kept', async () => {
    const a = app.browser.page;
    const errors = watchConsole(a);
    const before = await openRounds(a, app.server.url);
    const b = await app.browser.context.newPage();
    const errorsB = watchConsole(b);
    assert.deepEqual(await openRounds(b, app.server.url), before, 'both tabs show the same round');
    // One board gets a draw in A, another a white win in B (boards that hold something else;
    // the boards 2 and 3 when they do).
    const two = [1, ...before.keys()].find((i) => before[i] !== 'draw');
    const three = [2, ...before.keys()].find((i) => i !== two && before[i] !== '1-0');
    assert.ok(two !== undefined && three !== undefined, JSON.stringify(before));

    await type(a, two, '=');
    await waitForBoard(a, two, 'draw');
    // B, still on its page, hears of A's save through the storage event.
    await waitForBoard(b, two, 'draw');
    await type(b, three, '1');
    await waitForBoard(b, three, '1-0');
    await waitForBoard(a, three, '1-0');

    for (const page of [a, b]) {
      await page.reload();
      await byId(page, 'round-tab').last().click();
      await waitForBoard(page, two, 'draw');
      await waitForBoard(page, three, '1-0');
    }
    const after = await results(a);
    assert.deepEqual(
      after.filter((_, i) => i !== two && i !== three),
      before.filter((_, i) => i !== two && i !== three),
      'no other board changed',
    );
    await b.close();
    assert.deepEqual([...errors, ...errorsB], [], [...errors, ...errorsB].join('\n'));
  });

  test('a write from a stale copy is refused, with a message, and the stored copy is shown', async () => {
    const page = app.browser.page;
    const before = await openRounds(page, app.server.url);
    // Another tab's save that this page has not heard of (a page gets no storage event for
    // its own writes): the event is renamed in storage behind the page's back.
    await page.evaluate((key) => {
      const event = JSON.parse(localStorage.getItem(key));
      event.tournament.name = 'Renamed in another tab';
      localStorage.setItem(key, JSON.stringify(event));
    }, EXAMPLE_KEY);
    const stored = await page.evaluate((key) => localStorage.getItem(key), EXAMPLE_KEY);
    assert.match(stored, /Renamed in another tab/);

    const board = before.findIndex((v) => v !== '0-1');
    await type(page, board, '0');
    const notice = byId(page, 'stale-event');
    await notice.waitFor();
    assert.match(await notice.textContent(), /changed in another tab — reloaded/);
    await screenshot(page, 'stale-write-refused');
    // Storage keeps the other tab's copy; the page shows it (and not its own refused change).
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), EXAMPLE_KEY), stored);
    await waitForBoard(page, board, before[board]);
    await page.getByText('Renamed in another tab').first().waitFor();
    await page.getByRole('button', { name: 'Understood' }).click();
    assert.equal(await byId(page, 'storage-error').count(), 0);
  });
});

describe('back up everything, restore', () => {
  const app = useApp();

  test('backup → clear storage → restore brings back every event', async () => {
    const { page } = app.browser;
    const errors = watchConsole(page);
    await gotoApp(page, app.server.url);
    await byId(page, 'open-example').click();
    await byId(page, 'nav-rounds').click();
    await gotoApp(page, app.server.url);
    // A second event: the new-event form would do; a copy of the example under another name
    // through "Import" is the shortest.
    const example = await page.evaluate((key) => localStorage.getItem(key), EXAMPLE_KEY);
    const second = path.join(tmpdir(), `crosstable-second-${process.pid}.json`);
    const copy = JSON.parse(example);
    copy.tournament.name = 'Second event';
    await writeFile(second, JSON.stringify(copy));
    // On "/" the home shell hands the file over to the full app, which reports the import;
    // opening the event from the report must finish before the next navigation.
    await importFile(page, second);
    await byId(page, 'nav-rounds').waitFor();
    await gotoApp(page, app.server.url);
    const names = async () => (await page.locator('.event-list .event-name').allTextContents()).sort();
    const before = await names();
    assert.equal(before.length, 2, before.join(', '));
    assert.ok(before.includes('Second event'));
    await byId(page, 'persistence').waitFor();
    assert.doesNotMatch(await byId(page, 'persistence').textContent(), /Asking/);
    for (const [w, h] of [[1280, 900], [820, 1180], [390, 844]]) {
      await page.setViewportSize({ width: w, height: h });
      await screenshot(page, `home-backup-${w}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'backup-all').click()]);
    assert.match(download.suggestedFilename(), /^crosstable-backup-\d{4}-\d{2}-\d{2}\.json$/);
    const backupPath = await download.path();
    const backup = JSON.parse(await readFile(backupPath, 'utf8'));
    assert.equal(backup.format, 'crosstable-backup');
    assert.equal(backup.version, 1);
    assert.equal(backup.events.length, 2);
    assert.ok('k' in backup.settings);

    // The browser clears site data.
    await page.evaluate(() => localStorage.clear());
    await gotoApp(page, app.server.url);
    assert.equal((await names()).length, 1, 'an emptied browser starts with the example only');

    // A bad file first: a clear error, nothing changes.
    const bad = path.join(tmpdir(), `crosstable-bad-${process.pid}.json`);
    await writeFile(
      bad,
      '{"format":"crosstable-backup","version":1,"created":0,"events":[{"id":"x","updated":0,"event":{"nope":1}}],"settings":{}}',
    );
    const listBefore = await names();
    await byId(page, 'restore-file').setInputFiles(bad);
    await byId(page, 'restore-error').waitFor();
    assert.match(await byId(page, 'restore-error').textContent(), /Could not restore .*event 1 \(“x”\) cannot be read.*Nothing was changed/);
    assert.deepEqual(await names(), listBefore);

    await byId(page, 'restore-file').setInputFiles(backupPath);
    await byId(page, 'restore-status').waitFor();
    assert.deepEqual(await names(), before);
    await page.reload();
    await page.locator('.event-list .event-name').first().waitFor();
    assert.deepEqual(await names(), before, 'the restored events are stored');
    assert.deepEqual(errors, [], errors.join('\n'));
  });

  test('a restore that meets a changed copy asks, and each choice does what it says', async () => {
    const { page } = app.browser;
    await gotoApp(page, app.server.url);
    const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'backup-all').click()]);
    const backupPath = await download.path();
    const saved = JSON.parse(await readFile(backupPath, 'utf8'));
    assert.equal(saved.events.length, 2, saved.events.map((e) => e.id).join(', '));
    // Change the second event here after the backup.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage).filter((k) => k.startsWith('crosstable.v1.event.'))) {
        const text = localStorage.getItem(key);
        if (text.includes('Second event')) localStorage.setItem(key, text.replace('Second event', 'Second event, changed'));
      }
    });
    await gotoApp(page, app.server.url);
    await byId(page, 'restore-file').setInputFiles(backupPath);
    await byId(page, 'restore-status').waitFor();
    assert.match(await byId(page, 'restore-status').textContent(), /0 events added\. 1 was already here\. 1 differs from the copy here/);
    const conflict = byId(page, 'restore-conflict');
    assert.equal(await conflict.count(), 1);
    assert.match(await conflict.textContent(), /Second event, changed/);
    await screenshot(page, 'home-restore-conflict');
    await conflict.getByRole('button', { name: 'Keep both' }).click();
    assert.equal(await conflict.count(), 0);
    const names = (await page.locator('.event-list .event-name').allTextContents()).sort();
    assert.ok(names.includes('Second event, changed'), names.join(', '));
    assert.ok(names.includes('Second event (from the backup)'), names.join(', '));
  });
});
