import { constants, type PerformanceEntry, PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";
import { Gauge, type Registry } from "prom-client";

/** A "gc" entry's kind (Node puts it in `detail`, which the entry's type does not declare). */
const gcKind = (entry: PerformanceEntry): number | undefined =>
  (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;

/**
 * The heap in use just after the last full (mark-sweep) collection: what the process really holds
 * on to. Heap used moves by tens of MB between collections, so a leak shows in this figure, growing
 * from one full collection to the next, long before it shows in the sawtooth (docs/operations.md
 * "Soak"). The observer hears of a collection shortly after it ran, so the reading includes what
 * was allocated in between: a few hundred kB at most under load.
 */
export function heapAfterFullCollection(registry: Registry): Gauge {
  const gauge = new Gauge({
    name: "washboard_heap_used_after_full_gc_bytes",
    help: "V8 heap in use just after the last full (mark-sweep) garbage collection, in bytes",
    registers: [registry],
  });
  const observer = new PerformanceObserver((list) => {
    const full = list.getEntries().some((entry) => gcKind(entry) === constants.NODE_PERFORMANCE_GC_MAJOR);
    if (full) gauge.set(v8.getHeapStatistics().used_heap_size);
  });
  observer.observe({ entryTypes: ["gc"] });
  // The observer lives as long as the process, like the registry it reports to (one per process).
  return gauge;
}
