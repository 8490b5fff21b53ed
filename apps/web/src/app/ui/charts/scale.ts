/** A value axis: its domain, the round figures it marks, and where a value falls on it. */
export interface ValueScale {
  min: number;
  max: number;
  ticks: number[];
  /** The distance of `value` from the axis's start, for an axis `length` pixels long. */
  at(value: number, length: number): number;
}

/** The round step (1, 2, 2.5 or 5 times a power of ten) giving about `count` steps over `span`. */
function niceStep(span: number, count: number, integer: boolean): number {
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  // Counts (uses, orders) never show a half.
  return integer ? Math.max(1, Math.ceil(step)) : step;
}

/**
 * A scale from zero (or below, for negative figures) to the largest value, in round steps: about
 * `count` ticks, fewer on a short axis so their labels never overlap.
 */
export function valueScale(values: number[], count: number, integer = false): ValueScale {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low || 1;
  const step = niceStep(span, count, integer);
  const min = Math.floor(low / step) * step;
  const max = Math.max(Math.ceil(high / step) * step, min + step);
  const ticks: number[] = [];
  // Rounded to the step's precision, so 0.1 + 0.2 reads 0.3 (10 is the most a tick has: see count).
  for (let tick = min; tick <= max + step / 2; tick += step) ticks.push(Number(tick.toPrecision(12)));
  return { min, max, ticks, at: (value, length) => ((value - min) / (max - min)) * length };
}

/** Which of `count` category labels to show when each needs `needed` pixels of `band` each: every step-th. */
export function labelStep(count: number, band: number, needed: number): number {
  if (band <= 0) return count;
  return Math.max(1, Math.ceil(needed / band));
}
