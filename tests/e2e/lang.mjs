// Helpers for the per-language end-to-end checks (issue 12): read a catalogue, find the English
// fragments a page in another language must not show, switch and read the language, and check
// that nothing is wider than its box. Each area's test (`languages.test.mjs`, `lang-*.test.mjs`)
// imports these.
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from './helpers.mjs';

/** Every language of the interface, English first. */
export const LANGS = ['en', 'fr', 'de', 'ja'];

/** A catalogue (`locales/<lang>/<namespace>.json`) flattened to `{ "a.b.c": message }`. */
export async function catalogue(lang, namespace) {
  const text = await readFile(path.join(ROOT, 'locales', lang, `${namespace}.json`), 'utf8');
  const flat = {};
  const walk = (value, prefix) => {
    if (typeof value === 'string') flat[prefix] = value;
    else for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  walk(JSON.parse(text), '');
  return flat;
}

/**
 * The English words a page in `lang` must not show: each English message of `areas` that the
 * language translates differently, cut at its variables and markup into the fragments of at least
 * two words that the translation does not also contain.
 */
export async function englishFragments(lang, areas) {
  const fragments = new Set();
  for (const ns of areas) {
    const [en, theirs] = [await catalogue('en', ns), await catalogue(lang, ns)];
    const theirText = Object.values(theirs).join('\n');
    for (const message of Object.values(en)) {
      for (const piece of message.split(/\{\{[^}]*\}\}|<[^>]*>/)) {
        const words = piece.trim().replace(/[.,:;!?…()“”]+$/u, '').trim();
        if (words.split(/\s+/).length >= 2 && !theirText.includes(words)) fragments.add(words);
      }
    }
  }
  return [...fragments];
}

/**
 * The page's visible text, without the language switch (whose options are each language's own
 * name) and without the elements matching the selectors of `skip` (data, such as an event's note).
 */
export async function visibleText(page, skip = []) {
  return page.evaluate((skipped) => {
    const body = document.body.cloneNode(true);
    const selector = ['select[data-testid="lang-select"]', 'script', 'noscript', ...skipped].join(', ');
    body.querySelectorAll(selector).forEach((e) => e.remove());
    return body.innerText ?? body.textContent;
  }, skip);
}

/** Every namespace of the catalogues (the files of `locales/en`). */
export async function namespaces() {
  const files = await readdir(path.join(ROOT, 'locales', 'en'));
  return files.filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort();
}

/**
 * The English one-word labels of `areas` (a tab, a column header, a button: a message of one word
 * of four letters or more) that `lang` words differently — that is, that none of its catalogues
 * contains. `englishFragments` leaves them out (two words at least).
 */
export async function englishLabels(lang, areas) {
  let theirText = '';
  for (const ns of await namespaces()) theirText += `${Object.values(await catalogue(lang, ns)).join('\n')}\n`;
  const labels = new Set();
  for (const ns of areas) {
    for (const message of Object.values(await catalogue('en', ns))) {
      const word = message.trim().replace(/[.:…]+$/u, '');
      if (/^\p{L}{4,}$/u.test(word) && !theirText.includes(word)) labels.add(word);
    }
  }
  return [...labels];
}

/**
 * No element of the page (but the language switch and the elements matching `skip`) whose whole
 * text is an English label of `areas`.
 */
export async function assertNoEnglishLabels(page, lang, areas, skip = []) {
  const labels = new Set(await englishLabels(lang, areas));
  const texts = await page.evaluate(
    (skipped) => {
      const selector = ['select[data-testid="lang-select"]', 'script', 'noscript', 'style', ...skipped].join(', ');
      return [...document.body.querySelectorAll('*')]
        .filter((e) => e.children.length === 0 && !e.closest(selector))
        .map((e) => e.textContent.trim());
    },
    skip,
  );
  const found = [...new Set(texts.filter((t) => labels.has(t)))];
  assert.deepEqual(found, [], `English labels left on the ${lang} page`);
}

export async function assertNoEnglish(page, lang, areas, skip = []) {
  const text = await visibleText(page, skip);
  const found = (await englishFragments(lang, areas)).filter((f) => text.includes(f));
  assert.deepEqual(found, [], `English left on the ${lang} page`);
}

export const select = (page) => page.getByTestId('lang-select');
export const htmlLang = (page) => page.evaluate(() => document.documentElement.lang);
export const savedLang = (page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('crosstable.v1.settings') ?? '{}').lang ?? null);

/** Switches the interface to `lang` with the header's switch and waits for `<html lang>`. */
export async function switchTo(page, lang) {
  await select(page).selectOption(lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

/**
 * Elements inside `root` (a CSS selector) whose text is cut or spills out of their own box:
 * `scrollWidth > clientWidth + 1` on headers, tabs, buttons, table headers and labels (German
 * compounds, Japanese without spaces). Returns short descriptions, empty when all fit.
 */
export async function overflowing(page, root = 'body') {
  return page.evaluate((rootSel) => {
    const out = [];
    const sel = 'h1, h2, h3, h4, button, th, label, legend, summary, [role="tab"], nav a, .tabs a';
    for (const el of document.querySelector(rootSel)?.querySelectorAll(sel) ?? []) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || el.closest('[hidden]')) continue;
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
        out.push(`${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`);
    }
    return out;
  }, root);
}

/** How much wider than the window the page is (0 or less: it fits). */
export const pageOverflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
