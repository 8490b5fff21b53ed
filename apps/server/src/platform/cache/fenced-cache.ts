import type { Versions } from "./version-fence.js";

interface Entry<V> {
  value: V;
  /** The versions of the value's keys read before the value was. */
  stamps: Versions;
}

/**
 * Values computed from the database, each kept with the versions of the keys it depends on and
 * served only while a fence read (version-fence.ts) finds every one of them unchanged. At most
 * `capacity` values are kept; the oldest stored goes first.
 */
export class FencedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(private readonly capacity: number) {}

  /** The keys `id`'s value depends on, to fence before `get`; undefined when nothing is kept. */
  keysOf(id: string): readonly string[] | undefined {
    const entry = this.entries.get(id);
    return entry ? [...entry.stamps.keys()] : undefined;
  }

  /** The value kept for `id`, fresh or not: for what its keys do not cover. */
  peek(id: string): V | undefined {
    return this.entries.get(id)?.value;
  }

  /** The value kept for `id` if `current` finds all its keys unchanged; a stale one is dropped. */
  get(id: string, current: Versions): V | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    for (const [key, version] of entry.stamps) {
      if ((current.get(key) ?? 0) !== version) {
        this.entries.delete(id);
        return undefined;
      }
    }
    return entry.value;
  }

  /** Keeps `value` for `id`; `stamps` must have been read before the value was. */
  set(id: string, value: V, stamps: Versions): void {
    this.entries.delete(id);
    this.entries.set(id, { value, stamps });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  delete(id: string): void {
    this.entries.delete(id);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Only `keys`' versions out of a fence read, to stamp a value that depends on them alone. */
export function stampsOf(keys: readonly string[], read: Versions): Versions {
  return new Map(keys.map((key) => [key, read.get(key) ?? 0]));
}

/** Cache keys: a vendor's, a group's, an account's, a role's (the triggers of cache-versions.sql raise them). */
export const cacheKey = {
  vendor: (id: number) => `v:${id}`,
  group: (id: number) => `g:${id}`,
  account: (id: number) => `a:${id}`,
  role: (id: number) => `r:${id}`,
};
