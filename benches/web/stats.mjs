// The few statistics the measuring scripts (measure-*.mjs) print: nearest-rank percentiles and a
// median of timings, and the one-line summary they share.

/** Nearest-rank percentile `p` (0-100) of an ascending array. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The median of `xs` (any order): the middle value, or the mean of the two middle ones. */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** "p50 … ms  p95 … ms  max … ms" of timings in milliseconds (any order), `digits` decimals. */
export function summary(xs, digits) {
  const s = [...xs].sort((a, b) => a - b);
  const ms = (x) => `${x.toFixed(digits)} ms`;
  return `p50 ${ms(percentile(s, 50))}  p95 ${ms(percentile(s, 95))}  max ${ms(s.at(-1))}`;
}
