// Where the main thread's time goes during one interaction, for the measure-*.mjs scripts
// (`--trace`): a Chromium performance trace (CDP `Tracing`, the DevTools timeline categories) and
// a sampling CPU profile (CDP `Profiler`) around the work, summarised as self time per trace
// event (script, style, layout, paint, GC, HTML parsing) and per JavaScript/wasm function.
// Not a test: it prints what a profiler would show, so that a change is aimed at the real cost.
//
//   const trace = await startTrace(page);
//   … the interaction …
//   console.log(summarise(await trace.stop()));
//
// With TRACE_OUT=DIR set, the raw trace (DIR/trace.json, opens in DevTools' Performance panel)
// and CPU profile (DIR/profile.cpuprofile) are written too.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'toplevel',
].join(',');

/** Starts tracing `page` (and sampling its JavaScript/wasm every 100 µs). */
export async function startTrace(page) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const { profile } = await cdp.send('Profiler.stop');
      const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await done;
      await cdp.detach();
      if (process.env.TRACE_OUT) {
        await mkdir(process.env.TRACE_OUT, { recursive: true });
        await writeFile(path.join(process.env.TRACE_OUT, 'trace.json'), JSON.stringify({ traceEvents: events }));
        await writeFile(path.join(process.env.TRACE_OUT, 'profile.cpuprofile'), JSON.stringify(profile));
      }
      return { events, profile };
    },
  };
}

/** The renderer main thread's complete events, with their self time (µs) by name. */
function selfTimeByEvent(events) {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return new Map();
  const spans = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const stack = [];
  const add = (name, us) => self.set(name, (self.get(name) ?? 0) + us);
  for (const e of spans) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    // A child's time is not its parent's own time.
    if (parent) add(parent.name, -Math.min(e.dur, parent.ts + parent.dur - e.ts));
    add(e.name, e.dur);
    stack.push(e);
  }
  return self;
}

/** Self time (µs) per function of a CPU profile, keyed `name (url:line)`. */
function selfTimeByFunction(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    const f = byId.get(id).callFrame;
    const file = f.url ? f.url.split('/').at(-1).replace(/-[0-9a-f]{16}/, '') : '';
    const key = `${f.functionName || '(anonymous)'}${file ? ` (${file})` : ''}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return self;
}

/** Total time (µs) per function of a CPU profile: a sample counts for every function on its stack. */
function totalTimeByFunction(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const total = new Map();
  profile.samples.forEach((id, i) => {
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const name = byId.get(at).callFrame.functionName;
      if (name && !seen.has(name)) seen.add(name);
    }
    for (const name of seen) total.set(name, (total.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return total;
}

const top = (map, n) =>
  [...map.entries()]
    .filter(([, us]) => us > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => `    ${(us / 1000).toFixed(1).padStart(7)} ms  ${name}`)
    .join('\n');

/** The trace's and the profile's largest self times, as text. */
export function summarise({ events, profile }, n = 20) {
  const byEvent = selfTimeByEvent(events);
  const total = [...byEvent.values()].reduce((a, b) => a + b, 0);
  return [
    `  main thread, self time per trace event (total ${(total / 1000).toFixed(1)} ms):`,
    top(byEvent, n),
    '  JavaScript and wasm, self time per function (sampled):',
    top(selfTimeByFunction(profile), n),
    '  JavaScript and wasm, total time per function, callees included (sampled):',
    top(totalTimeByFunction(profile), 2 * n),
  ].join('\n');
}
