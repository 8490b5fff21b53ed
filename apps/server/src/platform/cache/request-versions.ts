import type { VersionFence, Versions } from "./version-fence.js";

/**
 * One request's reads of the fence. Versions read for a request after it arrived serve the rest of
 * that request too, so its session and its kept answer share one read when the first asked for both.
 * Never carried past the request: a stream's later session checks read afresh.
 */
export class RequestVersions {
  private known: Versions | undefined;

  constructor(private readonly fence: VersionFence) {}

  async read(keys: readonly string[]): Promise<Versions> {
    const known = this.known;
    if (known && keys.every((key) => known.has(key))) return known;
    const read = await this.fence.read(keys);
    this.known = known ? new Map([...known, ...read]) : read;
    return this.known;
  }
}
