import { randomUUID } from "node:crypto";
import {
  type CashBox,
  type CommandAck,
  type CommandKind,
  type DeviceCommand,
  openAck,
  sealFrame,
} from "@washboard/device-protocol";
import type { DevicePresenceName } from "@washboard/shared";
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import { arrayParam } from "../../../platform/db/array-param.js";
import type { Db } from "../../../platform/db/client.js";
import { AppError } from "../../../platform/http/app-error.js";
import type { LiveBus } from "../../../platform/live/bus.js";
import type { DeviceTrafficMetrics } from "../../../platform/metrics/device-traffic.js";
import type { VendorTenant } from "../../tenancy/public.js";
import { bluetoothKeyOfHash } from "../broker/device-secrets.js";
import { shopsOfDevices } from "../device-shops.js";
import { deviceCommands, devices } from "../tables.js";
import { type CommandView, commandView } from "./command-view.js";
import { isRemoteCardStart, remoteCardCredit } from "./remote-cards.js";

/** What the operator asks a device to do: a protocol command without its envelope (v, id, expiry). */
export type CommandRequest = DistributiveOmit<DeviceCommand, "v" | "id" | "sent_at" | "expires_at">;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface CommandTiming {
  /** A sent command with no answer after this long has timed out. */
  ackTimeoutMs: number;
  /** How long a Bluetooth command is valid: the phone's time to reach the machine and come back. */
  bluetoothMs: number;
  /** How long a command that may wait for an offline device waits. */
  waitMs: number;
}

/**
 * Remote start never waits for an offline machine: a machine that starts hours later, with nobody in
 * front of it, is a hazard. Everything else may wait for the device until it expires.
 */
const mayWait = (kind: CommandKind) => kind !== "remote_start";

/** The gateway's side: whether the broker can be reached now, and sending (false when it cannot). */
export interface CommandLink {
  canSend(): boolean;
  send(serial: string, command: DeviceCommand): boolean;
}
/** Tells the shadow a device answered (or did not), with the cash box an audit or reset read. */
type OnAnswered = (deviceId: number, vendorId: number, answer: { responding: boolean; cashbox?: CashBox }) => void;

/**
 * The life of every command: queued (waiting for its device) → sent → succeeded | failed (the
 * device's reason) | timed out (no answer) | expired (never delivered in time). Each change is a
 * conditional update of the command's row, so an answer, the sweeper and a second instance can
 * race without one overwriting another's outcome; each change goes to the live stream.
 */
export class DeviceCommands {
  constructor(
    private readonly db: Db,
    private readonly live: LiveBus,
    private readonly timing: CommandTiming,
    private readonly link: CommandLink,
    private readonly onAnswered: OnAnswered,
    private readonly metrics: Pick<DeviceTrafficMetrics, "commandEnded">,
  ) {}

  /** Issues one command to each of the tenant's `deviceIds`; answers each device's command. */
  async issue(
    tenant: VendorTenant,
    accountId: number | null,
    deviceIds: number[],
    request: CommandRequest,
    /** The command's id for one device, when the caller must be able to issue it twice as once (a paid start). */
    commandId?: string,
  ): Promise<CommandView[]> {
    const ids = [...new Set(deviceIds)];
    if (commandId !== undefined && ids.length !== 1) throw new Error("a given command id is for one device");
    const targets = await this.db
      .select({ id: devices.id, serial: devices.serialNumber, presence: devices.presence })
      .from(devices)
      .where(and(inArray(devices.id, ids), tenant.owns(devices)));
    if (targets.length !== ids.length) throw new AppError("NOT_FOUND", { field: "device_ids" });
    const now = new Date();
    const batchId = ids.length > 1 ? randomUUID() : null;
    const { kind, ...args } = request;
    const reachable = this.link.canSend();
    const rows = targets.map((device) => {
      const outcome = firstStep(kind, device.presence, reachable);
      const lifetime = mayWait(kind) ? this.timing.waitMs : this.timing.ackTimeoutMs;
      return {
        id: commandId ?? randomUUID(),
        deviceId: device.id,
        vendorId: tenant.vendorId,
        accountId,
        batchId,
        kind,
        args,
        state: outcome.state,
        reason: outcome.state === "failed" ? outcome.reason : null,
        sentAt: outcome.state === "sent" ? now : null,
        finishedAt: outcome.state === "failed" ? now : null,
        expiresAt: new Date(now.getTime() + lifetime),
      } as const;
    });
    const stored = await this.db.insert(deviceCommands).values(rows).onConflictDoNothing().returning();
    const serialOf = new Map(targets.map((d) => [d.id, d.serial]));
    for (const row of stored) {
      // The connection may have broken since: the command then ends as timed out, never sent later.
      if (row.state === "sent") this.link.send(serialOf.get(row.deviceId) ?? "", this.toWire(row));
      else if (row.state === "failed") this.metrics.commandEnded(row.kind, "failed");
    }
    await this.announce(stored);
    return stored.map(commandView);
  }

  /**
   * A Bluetooth start: the command is stored as sent (by the phone that carries it) and answered
   * with its frame, signed with the device's key, for the phone to write to the machine. It never
   * goes over the broker, so it cannot start the machine later from a queue.
   */
  async issueBluetooth(
    tenant: VendorTenant,
    accountId: number | null,
    serialNumber: string,
    start: Omit<Extract<CommandRequest, { kind: "remote_start" }>, "kind" | "start_type">,
  ): Promise<{ command: CommandView; frame: string }> {
    const [device] = await this.db
      .select({ id: devices.id, secretHash: devices.secretHash })
      .from(devices)
      .where(and(eq(devices.serialNumber, serialNumber), tenant.owns(devices)));
    if (!device?.secretHash) throw new AppError("NOT_FOUND", { field: "serial_number" });
    const now = new Date();
    const [row] = await this.db
      .insert(deviceCommands)
      .values({
        id: randomUUID(),
        deviceId: device.id,
        vendorId: tenant.vendorId,
        accountId,
        kind: "remote_start",
        args: { start_type: "bluetooth_start", ...start },
        state: "sent",
        via: "bluetooth",
        sentAt: now,
        expiresAt: new Date(now.getTime() + this.timing.bluetoothMs),
      })
      .returning();
    if (!row) throw new AppError("INTERNAL_ERROR");
    const frame = await sealFrame(bluetoothKeyOfHash(device.secretHash), this.toWire(row));
    await this.announce([row]);
    return { command: commandView(row), frame };
  }

  /**
   * The phone brings back what the machine answered over Bluetooth. Only a frame the machine signed
   * for this command counts; it acknowledges the command as an MQTT answer would (first one wins).
   */
  async acceptBluetoothAnswer(tenant: VendorTenant, commandId: string, frame: string): Promise<CommandView> {
    const [found] = await this.db
      .select({ command: deviceCommands, secretHash: devices.secretHash })
      .from(deviceCommands)
      .innerJoin(devices, eq(devices.id, deviceCommands.deviceId))
      .where(and(eq(deviceCommands.id, commandId), tenant.owns(deviceCommands)));
    if (!found?.secretHash || found.command.via !== "bluetooth")
      throw new AppError("NOT_FOUND", { field: "command_id" });
    const opened = await openAck(bluetoothKeyOfHash(found.secretHash), frame);
    if (!opened.ok || opened.value.id !== commandId) {
      throw new AppError("VALIDATION_FAILED", { field: "frame", messageKey: "devices.bluetooth.badAnswer" });
    }
    await this.acknowledge(found.command.deviceId, tenant.vendorId, opened.value);
    const [row] = await this.db.select().from(deviceCommands).where(eq(deviceCommands.id, commandId));
    if (!row) throw new AppError("NOT_FOUND", { field: "command_id" });
    return commandView(row);
  }

  /**
   * A device answered: the command succeeds or fails with its reason, unless it already ended — but
   * for one declared timed out: the machine's word is the truth, and the record says it came late.
   */
  async acknowledge(deviceId: number, vendorId: number, ack: CommandAck): Promise<void> {
    if (!UUID.test(ack.id)) return;
    // Every expression of SET reads the row as it was: `late` says whether it had timed out.
    const late = sql<boolean>`${deviceCommands.state} = 'timed_out'`;
    const [row] = await this.db
      .update(deviceCommands)
      .set(
        ack.ok
          ? {
              state: "succeeded",
              finishedAt: new Date(),
              late,
              result: ack.cashbox ? { cashbox: ack.cashbox } : ack.card ? { card: ack.card } : null,
            }
          : { state: "failed", finishedAt: new Date(), late, reason: ack.reason, detail: ack.detail ?? null },
      )
      .where(
        and(
          eq(deviceCommands.id, ack.id),
          eq(deviceCommands.deviceId, deviceId),
          inArray(deviceCommands.state, ["queued", "sent", "timed_out"]),
        ),
      )
      .returning();
    if (row) {
      // A late answer (the command had timed out, and was counted so) is counted apart, not timed;
      // a Bluetooth command's time is the phone's trip, not the machine's.
      if (row.late) this.metrics.commandEnded(row.kind, "answered_late");
      else if (row.via === "broker") this.metrics.commandEnded(row.kind, row.state, row.sentAt, row.finishedAt);
      else this.metrics.commandEnded(row.kind, row.state);
    }
    // An audit's answer is the box as it is now; a reset's is the box before it was emptied, and the
    // device reports the emptied box itself.
    const audited = ack.ok && ack.cashbox && row?.kind === "cashbox_audit" ? { cashbox: ack.cashbox } : {};
    this.onAnswered(deviceId, vendorId, { responding: true, ...audited });
    if (row) await this.announce([row]);
    // A remote card issue or top-up the machine carried out: the card it names receives the price,
    // once (the command answers once: the update above matched only a command still under way).
    if (row && ack.ok && ack.card && row.kind === "remote_start" && isRemoteCardStart(row.args.start_type)) {
      await remoteCardCredit.use()(this.db, {
        vendorId,
        deviceId,
        shopId: await this.shopOf(deviceId),
        commandId: row.id,
        startType: row.args.start_type,
        price: typeof row.args.price === "number" ? row.args.price : 0,
        card: ack.card,
      });
    }
  }

  private async shopOf(deviceId: number): Promise<number | null> {
    const [device] = await this.db.select({ shopId: devices.shopId }).from(devices).where(eq(devices.id, deviceId));
    return device?.shopId ?? null;
  }

  /**
   * Sends what waits for machines that are online, as the database says (not as this instance
   * remembers): the devices `deviceIds` names, or every online device. Each command is claimed by
   * one conditional update, so with several instances exactly one sends it.
   */
  async deliverWaiting(deviceIds?: readonly number[]): Promise<void> {
    if (!this.link.canSend()) return;
    const now = new Date();
    const claimed = (await this.db.execute(sql`
      update device_commands c set state = 'sent', sent_at = ${now.toISOString()}
      from devices d
      where d.id = c.device_id and d.presence = 'online' and c.state = 'queued' and c.expires_at > ${now.toISOString()}
        ${deviceIds === undefined ? sql`` : sql`and c.device_id = any(${arrayParam([...deviceIds])}::int[])`}
      returning c.id, d.serial_number`)) as unknown as { rows: { id: string; serial_number: string }[] };
    if (claimed.rows.length === 0) return;
    const serialOf = new Map(claimed.rows.map((r) => [r.id, r.serial_number]));
    const rows = await this.db
      .select()
      .from(deviceCommands)
      .where(inArray(deviceCommands.id, [...serialOf.keys()]))
      .orderBy(deviceCommands.seq);
    for (const row of rows) this.link.send(serialOf.get(row.id) ?? "", this.toWire(row));
    await this.announce(rows);
  }

  /** Ends what can no longer succeed: sent without answer past the timeout, queued past expiry. */
  async sweep(now = new Date()): Promise<void> {
    const timedOut = await this.db
      .update(deviceCommands)
      .set({ state: "timed_out", finishedAt: now })
      .where(
        and(
          eq(deviceCommands.state, "sent"),
          or(
            and(
              eq(deviceCommands.via, "broker"),
              lt(deviceCommands.sentAt, new Date(now.getTime() - this.timing.ackTimeoutMs)),
            ),
            // A phone carries a Bluetooth command and its answer: it has until the command expires.
            and(eq(deviceCommands.via, "bluetooth"), lt(deviceCommands.expiresAt, now)),
          ),
        ),
      )
      .returning();
    const expired = await this.db
      .update(deviceCommands)
      .set({ state: "expired", finishedAt: now })
      .where(and(eq(deviceCommands.state, "queued"), lt(deviceCommands.expiresAt, now)))
      .returning();
    for (const row of timedOut) this.onAnswered(row.deviceId, row.vendorId, { responding: false });
    for (const row of timedOut) this.metrics.commandEnded(row.kind, "timed_out");
    for (const row of expired) this.metrics.commandEnded(row.kind, "expired");
    await this.announce([...timedOut, ...expired]);
  }

  /**
   * The command as the machine receives it. Over the broker it must be carried out within the
   * answer window from now — the wait for an offline machine is the server's business, and a
   * command the server declares timed out must find the machine refusing it as expired. A phone
   * carries a Bluetooth start until the command expires.
   */
  private toWire(row: typeof deviceCommands.$inferSelect): DeviceCommand {
    const sentAt = row.sentAt ?? new Date();
    const expiresAt = row.via === "bluetooth" ? row.expiresAt : new Date(sentAt.getTime() + this.timing.ackTimeoutMs);
    return {
      v: 1,
      id: row.id,
      kind: row.kind,
      sent_at: Math.floor(sentAt.getTime() / 1000),
      expires_at: Math.ceil(expiresAt.getTime() / 1000),
      ...row.args,
    } as DeviceCommand;
  }

  private async announce(rows: (typeof deviceCommands.$inferSelect)[]): Promise<void> {
    if (rows.length === 0) return;
    // Each command names its machine's shop: a sub-account limited to some shops hears only of theirs.
    const shops = await shopsOfDevices(
      this.db,
      rows.map((row) => row.deviceId),
    );
    for (const row of rows) {
      await this.live.publish({
        topic: "devices.command",
        vendorId: row.vendorId,
        groupId: null,
        shopId: shops.get(row.deviceId) ?? null,
        data: commandView(row),
      });
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What happens to a new command at once: sent to a machine that is online (or whose presence is
 * unknown, for a start someone waits for), kept waiting for one that is not (restart, parameters,
 * cash box), or failed (a remote start never waits).
 */
function firstStep(
  kind: CommandKind,
  presence: DevicePresenceName,
  reachable: boolean,
): { state: "sent" | "queued" } | { state: "failed"; reason: "offline" | "broker_unreachable" } {
  const sendNow = reachable && (presence === "online" || (presence === "unknown" && !mayWait(kind)));
  if (sendNow) return { state: "sent" };
  if (mayWait(kind)) return { state: "queued" };
  return { state: "failed", reason: reachable ? "offline" : "broker_unreachable" };
}
