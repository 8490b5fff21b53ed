import { and, eq, sql } from "drizzle-orm";
import { arrayParam } from "../../platform/db/array-param.js";
import type { AppDeps } from "../../platform/module.js";
import { commandOutcomes, type FirmwareProgressRecord, firmwareProgressAfter, machinesNow } from "../devices/public.js";
import { findVendor, tenantOfVendor } from "../tenancy/public.js";
import { notifyMachines } from "./notices.js";
import { type MachineObservation, observe } from "./observations.js";
import { decideTick, type TargetView } from "./rollout-tick.js";
import { firmwarePackages, firmwareRolloutEvents, firmwareRollouts, firmwareTargets } from "./tables.js";
import { advance, FINAL_STATES, type Target, type TargetTiming } from "./target-states.js";

type RolloutRow = typeof firmwareRollouts.$inferSelect;
type TargetRow = typeof firmwareTargets.$inferSelect;

/** How the scheduler paces rollouts, and how long each stage of a machine's update may take. */
export interface OtaTiming extends TargetTiming {
  /** A claimed rollout is another instance's to take again after this long (the claimer died). */
  leaseMs: number;
  /** How soon a worked rollout is due again. */
  stepMs: number;
  /** Most notices one step sends for one rollout (spreads a wave's downloads). */
  noticesPerStep: number;
  /** Device-log rows younger than this may still see earlier ids commit: read again next step. */
  settleMs: number;
  /** A due machine away longer than this is skipped instead of holding its wave (OTA_OFFLINE_SKIP_MS). */
  offlineSkipMs: number;
}

export const OTA_TIMING: OtaTiming = {
  leaseMs: 60_000,
  stepMs: 2_000,
  noticesPerStep: 200,
  settleMs: 10_000,
  offlineSkipMs: 24 * 3_600_000,
  downloadStallMs: 5 * 60_000,
  installMs: 15 * 60_000,
  idleWaitMs: 4 * 3_600_000,
  rebootMs: 10 * 60_000,
  firstBackoffMs: 60_000,
  backoffCapMs: 30 * 60_000,
  maxTries: 3,
};

/** Rollouts one instance takes per tick. */
const CLAIM_LIMIT = 10;

/**
 * Claims the running rollouts that are due for a lease: one instance works a rollout at a time, any
 * instance may, and no transaction stays open while it works (docs/ota-design.md "Scheduler").
 */
export async function claimDueRollouts(deps: Pick<AppDeps, "db">, now: Date, timing = OTA_TIMING): Promise<number[]> {
  const leased = new Date(now.getTime() + timing.leaseMs);
  const claimed = (await deps.db.execute(sql`
    update ${firmwareRollouts} set due_at = ${leased.toISOString()}::timestamptz
    where id in (
      select id from ${firmwareRollouts}
      where state = 'running' and due_at <= ${now.toISOString()}::timestamptz
      order by due_at limit ${CLAIM_LIMIT} for update skip locked)
    returning id`)) as unknown as { rows: { id: number }[] };
  return claimed.rows.map((row) => row.id);
}

/** Claims the due rollouts and steps each; answers how many it stepped. */
export async function otaTick(deps: AppDeps, now = new Date(), timing = OTA_TIMING): Promise<number> {
  const ids = await claimDueRollouts(deps, now, timing);
  for (const id of ids) await stepRollout(deps, id, now, timing);
  return ids.length;
}

const asTarget = (row: TargetRow, version: string): Target => ({
  state: row.state,
  version,
  fromVersion: row.fromVersion,
  percent: row.percent,
  tries: row.tries,
  reason: row.reason === "" ? null : row.reason,
  nextTryAt: row.nextTryAt?.getTime() ?? null,
  since: row.since.getTime(),
});

const progressOf = (event: FirmwareProgressRecord): MachineObservation["progress"][number] | null => {
  const { version, stage, percent, reason } = event.details as {
    version?: unknown;
    stage?: unknown;
    percent?: unknown;
    reason?: unknown;
  };
  if (typeof version !== "string" || typeof percent !== "number") return null;
  if (stage !== "downloading" && stage !== "installing" && stage !== "done" && stage !== "failed") return null;
  return {
    id: event.id,
    version,
    stage,
    percent,
    ...(typeof reason === "string" ? { reason } : {}),
    // When the server had it, not the machine's own time: that is in whole seconds, and a status the
    // machine sent just before (a customer's cycle ending, then the install starting) would seem to
    // come after it — the old version "back" after installing, a rollback that never was (1 machine
    // in 10,000 in bench/ota). The shadow's status time is the server's too, so the two compare.
    at: Math.max(event.occurredAt.getTime(), event.createdAt.getTime()),
  };
};

/** A target's row after a step: what changed of it. */
interface TargetChange {
  id: number;
  target: Target;
  lastEventId: number;
  commandId: string | null;
}

/**
 * One step of a running rollout: what its machines in flight said since the last (observations.ts),
 * then the rollout's next move and the machines to notify or park (rollout-tick.ts), the notices
 * sent through the devices module's command path, and everything written back.
 */
export async function stepRollout(deps: AppDeps, id: number, now: Date, pace = OTA_TIMING): Promise<void> {
  const { db } = deps;
  const [rollout] = await db.select().from(firmwareRollouts).where(eq(firmwareRollouts.id, id));
  if (rollout?.state !== "running") return;
  // The operator's tries per machine, on the scheduler's stage times.
  const timing: OtaTiming = { ...pace, maxTries: rollout.maxTries };
  const targets = await db.select().from(firmwareTargets).where(eq(firmwareTargets.rolloutId, id));
  const live = targets.filter((t) => !FINAL_STATES.includes(t.state));
  const liveIds = live.map((t) => t.deviceId);
  const [machines, outcomes, events, vendor] = await Promise.all([
    machinesNow(db, liveIds),
    commandOutcomes(
      db,
      live.flatMap((t) => (t.state === "notified" && t.commandId ? [t.commandId] : [])),
    ),
    firmwareProgressAfter(db, rollout.vendorId, rollout.eventWatermark, liveIds),
    findVendor(db, rollout.vendorId),
  ]);
  const eventsOf = new Map<number, MachineObservation["progress"][number][]>();
  for (const event of events) {
    const progress = progressOf(event);
    if (progress) eventsOf.set(event.deviceId, [...(eventsOf.get(event.deviceId) ?? []), progress]);
  }
  const nowMs = now.getTime();
  const changes = new Map<number, TargetChange>();
  const current = new Map<number, { row: TargetRow; target: Target }>();
  for (const row of live) {
    const machine = machines.get(row.deviceId);
    const seen: MachineObservation = {
      notice: row.commandId ? (outcomes.get(row.commandId) ?? null) : null,
      progress: eventsOf.get(row.deviceId) ?? [],
      shadow: machine ? { firmware: machine.firmware, statusAt: machine.statusAt?.getTime() ?? null } : null,
    };
    const before = asTarget(row, rollout.version);
    const { target, lastEventId } = observe(before, row.lastEventId, seen, nowMs, timing);
    current.set(row.id, { row, target });
    if (target !== before || lastEventId !== row.lastEventId) {
      changes.set(row.id, { id: row.id, target, lastEventId, commandId: row.commandId });
    }
  }

  const views: TargetView[] = targets.map((row) => {
    const machine = machines.get(row.deviceId);
    const target = current.get(row.id)?.target;
    return {
      id: row.id,
      wave: row.wave,
      state: target?.state ?? row.state,
      nextTryAt: target?.nextTryAt ?? null,
      online: machine?.online ?? false,
      awaitedSince: Math.max(machine?.lastSeenAt?.getTime() ?? 0, target?.since ?? row.since.getTime()),
      busy: machine?.busy ?? false,
      timeZone: machine?.shopTimeZone ?? vendor?.timeZone ?? "UTC",
    };
  });
  const window =
    rollout.windowStart !== null && rollout.windowEnd !== null
      ? { startMinute: rollout.windowStart, endMinute: rollout.windowEnd }
      : null;
  const decision = decideTick(
    {
      thresholds: {
        successPercent: rollout.successThreshold,
        errorPercent: rollout.errorThreshold,
        minimumFinished: rollout.minFinished,
      },
      window,
      wavesStarted: rollout.wavesStarted,
      excusedWaves: rollout.excusedWaves,
      waveCount: rollout.waves,
      noticesPerTick: timing.noticesPerStep,
      offlineSkipMs: timing.offlineSkipMs,
    },
    views,
    nowMs,
  );

  const step = (targetId: number, change: (target: Target) => Target) => {
    const entry = current.get(targetId);
    if (!entry) return;
    const target = change(entry.target);
    entry.target = target;
    const earlier = changes.get(targetId);
    changes.set(targetId, {
      id: targetId,
      target,
      lastEventId: earlier?.lastEventId ?? entry.row.lastEventId,
      commandId: earlier?.commandId ?? entry.row.commandId,
    });
  };
  for (const { id: targetId, until } of decision.park)
    step(targetId, (t) => advance(t, { kind: "park", until }, nowMs, timing));
  for (const targetId of decision.skipOffline)
    step(targetId, (t) => advance(t, { kind: "offline_timeout" }, nowMs, timing));
  if (decision.notify.length > 0) {
    const [pkg] = await db.select().from(firmwarePackages).where(eq(firmwarePackages.id, rollout.packageId));
    const deviceOf = new Map(decision.notify.map((targetId) => [current.get(targetId)?.row.deviceId ?? 0, targetId]));
    const serials = new Map([...deviceOf.keys()].map((deviceId) => [deviceId, machines.get(deviceId)?.serial ?? ""]));
    const commandIds = pkg
      ? await notifyMachines(deps, tenantOfVendor(rollout.vendorId), pkg, rollout.version, serials, now)
      : new Map<number, string>();
    for (const [deviceId, commandId] of commandIds) {
      const targetId = deviceOf.get(deviceId);
      if (targetId === undefined) continue;
      step(targetId, (t) => advance(t, { kind: "notice_sent" }, nowMs, timing));
      const change = changes.get(targetId);
      if (change) change.commandId = commandId;
    }
  }

  const settled = events.filter((e) => e.createdAt.getTime() <= nowMs - timing.settleMs).map((e) => e.id);
  await writeStep(
    deps,
    rollout,
    [...changes.values()],
    decision,
    Math.max(rollout.eventWatermark, ...settled),
    now,
    timing,
  );
}

/** Writes a step: the targets that changed (one statement), and the rollout's state and next due time. */
async function writeStep(
  deps: AppDeps,
  rollout: RolloutRow,
  changes: TargetChange[],
  decision: ReturnType<typeof decideTick>,
  watermark: number,
  now: Date,
  timing: OtaTiming,
) {
  const { verdict } = decision;
  const next =
    verdict.kind === "pause_for_errors"
      ? { state: "paused_by_errors" as const, reason: "errors" }
      : verdict.kind === "hold"
        ? { state: "paused" as const, reason: "held" }
        : verdict.kind === "complete"
          ? { state: "completed" as const, reason: "", finishedAt: now }
          : {};
  await deps.db.transaction(async (tx) => {
    if (changes.length > 0) {
      const column = <T>(pick: (change: TargetChange) => T) => arrayParam(changes.map(pick));
      await tx.execute(sql`
        update ${firmwareTargets} t set state = v.state, percent = v.percent, tries = v.tries, reason = v.reason,
          next_try_at = v.next_try_at, since = v.since, command_id = v.command_id, last_event_id = v.last_event_id,
          updated_at = ${now.toISOString()}::timestamptz
        from unnest(${column((c) => c.id)}::int[], ${column((c) => c.target.state)}::varchar[],
          ${column((c) => c.target.percent)}::smallint[], ${column((c) => c.target.tries)}::smallint[],
          ${column((c) => c.target.reason ?? "")}::varchar[],
          ${column((c) => (c.target.nextTryAt === null ? null : new Date(c.target.nextTryAt).toISOString()))}::timestamptz[],
          ${column((c) => new Date(c.target.since).toISOString())}::timestamptz[],
          ${column((c) => c.commandId)}::uuid[], ${column((c) => c.lastEventId)}::bigint[])
          v(id, state, percent, tries, reason, next_try_at, since, command_id, last_event_id)
        where t.id = v.id and t.rollout_id = ${rollout.id}`);
    }
    // Only a rollout still running takes the step's move: the operator may have paused or aborted it meanwhile.
    await tx
      .update(firmwareRollouts)
      .set({
        wavesStarted: decision.wavesStarted,
        eventWatermark: watermark,
        dueAt: new Date(now.getTime() + timing.stepMs),
        ...next,
      })
      .where(and(eq(firmwareRollouts.id, rollout.id), eq(firmwareRollouts.state, "running")));
    const events = [
      ...(verdict.kind === "start_wave" ? [{ kind: "wave_started", wave: verdict.wave, detail: "" }] : []),
      ...(verdict.kind === "pause_for_errors"
        ? [{ kind: "paused_by_errors", wave: null, detail: `${Math.round(verdict.failedPercent)}` }]
        : []),
      ...(verdict.kind === "hold"
        ? [{ kind: "held", wave: null, detail: `${Math.round(verdict.succeededPercent)}` }]
        : []),
      ...(verdict.kind === "complete" ? [{ kind: "completed", wave: null, detail: "" }] : []),
    ];
    if (events.length > 0) {
      await tx.insert(firmwareRolloutEvents).values(events.map((e) => ({ rolloutId: rollout.id, at: now, ...e })));
    }
  });
}
