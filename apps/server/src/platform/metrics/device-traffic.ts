import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import { childrenBy } from "./children.js";

/** Seconds from a command sent to its answer: a machine answers in well under a second, or times out. */
const COMMAND_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Machines by presence, as the database says, read at scrape time by the devices module. */
export type PresenceCounts = Readonly<Record<string, number>>;

/**
 * What machines send and are sent: messages received by topic kind and refused by reason (the gateway,
 * modules/devices/gateway), machines by presence, command outcomes and their round trip. Labels are
 * the protocol's bounded names, never a serial or a vendor.
 */
export class DeviceTrafficMetrics {
  private readonly received: (kind: string) => Counter.Internal;
  private readonly refused: (reason: string) => Counter.Internal;
  readonly commands: Counter<"kind" | "outcome">;
  readonly commandRoundTrip: Histogram<"kind">;
  private readPresence: (() => Promise<PresenceCounts>) | null = null;

  constructor(registry: Registry, onScrapeError: (error: unknown) => void) {
    const received = new Counter({
      name: "washboard_device_messages_total",
      help: "Messages machines sent on their topics that the gateway received, by topic kind (refused ones included)",
      labelNames: ["kind"],
      registers: [registry],
    });
    this.received = childrenBy((kind) => received.labels(kind));
    const refused = new Counter({
      name: "washboard_device_messages_refused_total",
      help: "Machine messages set aside instead of acted on, by reason (a dead letter's code, or unknown_serial)",
      labelNames: ["reason"],
      registers: [registry],
    });
    this.refused = childrenBy((reason) => refused.labels(reason));
    this.commands = new Counter({
      name: "washboard_device_commands_total",
      help: "Commands to machines that ended, by kind and outcome (succeeded, failed, timed_out, expired, answered_late)",
      labelNames: ["kind", "outcome"],
      registers: [registry],
    });
    this.commandRoundTrip = new Histogram({
      name: "washboard_device_command_round_trip_seconds",
      help: "Time from a command sent to a machine to its answer, by kind",
      labelNames: ["kind"],
      buckets: COMMAND_BUCKETS,
      registers: [registry],
    });
    const metrics = this;
    new Gauge({
      name: "washboard_devices",
      help: "Machines in the register by presence (online: connected now); the same figure on every instance",
      labelNames: ["presence"],
      registers: [registry],
      async collect() {
        const read = metrics.readPresence;
        this.reset();
        if (!read) return;
        try {
          for (const [presence, count] of Object.entries(await read())) this.set({ presence }, count);
        } catch (error) {
          onScrapeError(error);
        }
      },
    });
  }

  /** A message arrived on a machine's topic of this kind. */
  messageReceived(kind: string): void {
    this.received(kind).inc();
  }

  /** A machine's message was set aside, for this reason. */
  messageRefused(reason: string): void {
    this.refused(reason).inc();
  }

  /**
   * A command ended: succeeded or failed (the machine's answer, or failed at once: offline, broker
   * unreachable), timed_out (no answer), expired (never delivered in time), or answered_late (an
   * answer to one counted as timed out). With `sentAt` and `answeredAt`, the round trip is timed.
   */
  commandEnded(kind: string, outcome: string, sentAt?: Date | null, answeredAt?: Date | null): void {
    this.commands.labels(kind, outcome).inc();
    if (sentAt && answeredAt)
      this.commandRoundTrip.labels(kind).observe((answeredAt.getTime() - sentAt.getTime()) / 1000);
  }

  /** Where the presence gauge reads its counts at scrape time; answers the function that stops it. */
  presenceFrom(read: () => Promise<PresenceCounts>): () => void {
    this.readPresence = read;
    return () => {
      if (this.readPresence === read) this.readPresence = null;
    };
  }
}
