import { Gauge, type Registry } from "prom-client";

/** Live streams (server-sent events, platform/http/stream.ts) open on this instance now. */
export function liveStreamsOpen(registry: Registry): Gauge {
  return new Gauge({
    name: "washboard_live_streams_open",
    help: "Live event streams (server-sent events) open on this instance",
    registers: [registry],
  });
}
