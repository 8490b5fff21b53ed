/** A source of numbers in [0, 1), like `Math.random`; injected so a seeded run can be replayed. */
export type Random = () => number;

/**
 * Mulberry32: tiny, fast and good enough for simulated customers; a fleet draws millions of numbers,
 * and every device has its own stream so one device's draws never shift another's.
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One device's seed from the run's seed and its serial (FNV-1a), so it does not depend on file order. */
export function deviceSeed(seed: number, serial: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < serial.length; i++) {
    hash ^= serial.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** An integer in [min, max], both included. */
export function integerBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pickOne<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new RangeError("pickOne needs at least one item");
  return item;
}

export function chance(random: Random, probability: number): boolean {
  return random() < probability;
}

/** Waiting time of a memoryless process (customers arriving, faults happening) with the given mean. */
export function exponential(random: Random, mean: number): number {
  return -mean * Math.log(1 - random());
}
