import {
  type ListPage,
  type RolloutItem,
  type RolloutState,
  type rolloutCreateRequest,
  type rolloutListRequest,
  TARGET_STATES,
  type TargetStateName,
} from "@washboard/shared";
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isUniqueViolation } from "../../platform/db/errors.js";
import { idKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage, rowsFrom } from "../../platform/db/list-page.js";
import { qualified } from "../../platform/db/qualified.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { upgradeCandidates } from "../devices/public.js";
import { vendorTenant } from "../tenancy/public.js";
import { chooseTargets } from "./choose-targets.js";
import { assignWaves, type WavePlan } from "./rollout-rules.js";
import { firmwarePackages, firmwareRolloutEvents, firmwareRollouts, firmwareTargets } from "./tables.js";
import { FINAL_STATES } from "./target-states.js";

type RolloutRow = typeof firmwareRollouts.$inferSelect;
type CreateInput = z.output<typeof rolloutCreateRequest>;

/** Where a rollout's machines stand, counted in the rollout's own statement. */
const countsOf = sql<Record<string, number> | null>`(select json_object_agg(x.state, x.n) from (
  select ${qualified(firmwareTargets.state)} as state, count(*)::int as n from ${firmwareTargets}
  where ${qualified(firmwareTargets.rolloutId)} = ${qualified(firmwareRollouts.id)}
  group by ${qualified(firmwareTargets.state)}) x)`;

export const rolloutColumns = { ...getTableColumns(firmwareRollouts), counts: countsOf };
export type RolloutWithCounts = RolloutRow & { counts: Record<string, number> | null };

/** Where machines are on their way: every state but the final ones. */
const IN_PROGRESS: readonly TargetStateName[] = TARGET_STATES.filter((state) => !FINAL_STATES.includes(state));
export function rolloutItem(row: RolloutWithCounts): RolloutItem {
  const counts = row.counts ?? {};
  const n = (state: TargetStateName) => counts[state] ?? 0;
  return {
    id: row.id,
    package_id: row.packageId,
    version: row.version,
    state: row.state,
    reason: row.reason,
    waves: row.waves,
    waves_started: row.wavesStarted,
    counts: {
      total: Object.values(counts).reduce((sum, c) => sum + c, 0),
      same_version: n("refused_same_version"),
      not_compatible: n("not_compatible"),
      succeeded: n("succeeded"),
      failed: n("failed"),
      aborted: n("aborted"),
      offline_skipped: n("offline_skipped"),
      in_progress: IN_PROGRESS.reduce((sum, state) => sum + n(state), 0),
    },
    first_wave_count: row.firstWaveCount,
    first_wave_percent: row.firstWavePercent,
    growth_factor: row.growthFactor,
    success_threshold: row.successThreshold,
    error_threshold: row.errorThreshold,
    min_finished: row.minFinished,
    window_start: row.windowStart,
    window_end: row.windowEnd,
    max_tries: row.maxTries,
    created_at: toSeconds(row.createdAt),
    finished_at: toSeconds(row.finishedAt),
  };
}

/** The vendor's rollout `id`, with its counts; NOT_FOUND when it is another vendor's. */
export async function findRollout(db: Db, scope: TenantScope, id: number): Promise<RolloutWithCounts> {
  const [row] = await db
    .select(rolloutColumns)
    .from(firmwareRollouts)
    .where(and(eq(firmwareRollouts.id, id), vendorTenant(scope).owns(firmwareRollouts)));
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** A rollout's plan as the rules take it. */
export function wavePlanOf(
  input: Pick<CreateInput, "first_wave_count" | "first_wave_percent" | "growth_factor">,
): WavePlan {
  return {
    first:
      input.first_wave_count !== undefined
        ? { count: input.first_wave_count }
        : { share: (input.first_wave_percent ?? 100) / 100 },
    factor: input.growth_factor,
  };
}

/** At most this many rows in one insert (each row's columns are parameters; PostgreSQL takes 65,535). */
const INSERT_CHUNK = 2_000;

async function insertChunked<Row>(rows: readonly Row[], insert: (chunk: Row[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insert(rows.slice(i, i + INSERT_CHUNK));
}

/**
 * Starts a rollout of a package to the chosen machines: those named, or the vendor's machines of
 * the chosen shops, types and current versions. Each chosen machine gets a target: the upgradable
 * ones in waves (the canary's shops first), those on the version already refused
 * (`refused_same_version`) and those the package does not fit (`not_compatible`), named in the
 * batch's device list. Nothing to upgrade at all is SAME_VERSION or FIRMWARE_NOT_COMPATIBLE; a
 * machine in another live rollout is DEVICE_IN_ROLLOUT (the database's partial unique index decides).
 */
export async function createRollout(
  db: Db,
  scope: TenantScope,
  accountId: number | null,
  input: CreateInput,
  now = new Date(),
): Promise<RolloutWithCounts> {
  const tenant = vendorTenant(scope);
  const [pkg] = await db
    .select()
    .from(firmwarePackages)
    .where(and(eq(firmwarePackages.id, input.package_id), tenant.owns(firmwarePackages)));
  if (!pkg) throw new AppError("NOT_FOUND", { field: "package_id" });
  const named = [...new Set(input.device_ids)];
  const candidates = (
    await upgradeCandidates(
      db,
      tenant.vendorId,
      named.length > 0
        ? { deviceIds: named, shopIds: [], machineTypes: [] }
        : { deviceIds: [], shopIds: input.shop_ids, machineTypes: input.machine_types },
    )
  ).filter((c) => named.length > 0 || input.from_versions.length === 0 || input.from_versions.includes(c.firmware));
  if (named.length > 0 && candidates.length !== named.length) throw new AppError("NOT_FOUND", { field: "device_ids" });
  if (candidates.length === 0) {
    throw new AppError("VALIDATION_FAILED", { field: "device_ids", messageKey: "validation.noDevices" });
  }
  const choice = chooseTargets(
    { version: pkg.version, machineTypes: pkg.machineTypes, models: pkg.models },
    candidates.map((c) => ({ ...c, model: null })),
    input.canary_shop_ids,
  );
  if (choice.upgradable.length === 0) {
    throw new AppError(choice.sameVersion.length > 0 ? "SAME_VERSION" : "FIRMWARE_NOT_COMPATIBLE");
  }
  const waves = assignWaves(choice.upgradable.length, wavePlanOf(input));
  try {
    const id = await db.transaction(async (tx) => {
      const [rollout] = await tx
        .insert(firmwareRollouts)
        .values({
          vendorId: tenant.vendorId,
          packageId: pkg.id,
          version: pkg.version,
          accountId,
          waves: (waves.at(-1) ?? 0) + 1,
          firstWaveCount: input.first_wave_count ?? null,
          firstWavePercent: input.first_wave_count === undefined ? (input.first_wave_percent ?? 100) : null,
          growthFactor: input.growth_factor,
          successThreshold: input.success_threshold,
          errorThreshold: input.error_threshold,
          minFinished: input.min_finished,
          windowStart: input.window_start,
          windowEnd: input.window_end,
          maxTries: input.max_tries,
          dueAt: now,
          createdAt: now,
        })
        .returning({ id: firmwareRollouts.id });
      if (!rollout) throw new AppError("INTERNAL_ERROR");
      const target = (machine: (typeof candidates)[number], state: TargetStateName, wave: number | null) => ({
        rolloutId: rollout.id,
        vendorId: tenant.vendorId,
        deviceId: machine.deviceId,
        shopId: machine.shopId,
        machineType: machine.machineType,
        wave,
        state,
        fromVersion: machine.firmware,
        since: now,
        updatedAt: now,
      });
      const rows = [
        ...choice.upgradable.map((m, i) => target(m, "queued", waves[i] ?? 0)),
        ...choice.sameVersion.map((m) => target(m, "refused_same_version", null)),
        ...choice.notCompatible.map((m) => target(m, "not_compatible", null)),
      ];
      await insertChunked(rows, (chunk) => tx.insert(firmwareTargets).values(chunk));
      await tx.insert(firmwareRolloutEvents).values({ rolloutId: rollout.id, kind: "created", at: now });
      return rollout.id;
    });
    return findRollout(db, scope, id);
  } catch (error) {
    if (isUniqueViolation(error) === "firmware_targets_live_device_uq") throw new AppError("DEVICE_IN_ROLLOUT");
    throw error;
  }
}

/** What an operator may do to a rollout, from which states, and what it becomes. */
const OPERATOR_MOVES = {
  pause: { from: ["running"], to: "paused", event: "paused" },
  resume: { from: ["paused", "paused_by_errors"], to: "running", event: "resumed" },
  abort: { from: ["running", "paused", "paused_by_errors"], to: "aborted", event: "aborted" },
} as const satisfies Record<string, { from: readonly RolloutState[]; to: RolloutState; event: string }>;

/**
 * Pauses, resumes or aborts a rollout: a conditional update of its state (a tick working it at the
 * same moment sees the new state at its next claim). Aborting leaves the machines not yet
 * installing as they are; those installing finish. ROLLOUT_STATE from another state.
 */
export async function moveRollout(
  db: Db,
  scope: TenantScope,
  id: number,
  move: keyof typeof OPERATOR_MOVES,
  now = new Date(),
): Promise<RolloutWithCounts> {
  await findRollout(db, scope, id);
  const { from, to, event } = OPERATOR_MOVES[move];
  await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(firmwareRollouts)
      .set({
        state: to,
        reason: "",
        dueAt: now,
        // Resumed past a threshold: the waves started so far no longer count for it.
        ...(move === "resume" ? { excusedWaves: sql`${firmwareRollouts.wavesStarted}` } : {}),
        ...(to === "aborted" ? { finishedAt: now } : {}),
      })
      .where(and(eq(firmwareRollouts.id, id), inArray(firmwareRollouts.state, [...from])))
      .returning({ id: firmwareRollouts.id });
    if (!moved) throw new AppError("ROLLOUT_STATE");
    if (to === "aborted") await abortTargets(tx, id, now);
    await tx.insert(firmwareRolloutEvents).values({ rolloutId: id, kind: event, at: now });
  });
  return findRollout(db, scope, id);
}

/** The targets that have not started installing stop; an install under way finishes. */
async function abortTargets(tx: Tx, rolloutId: number, now: Date) {
  await tx
    .update(firmwareTargets)
    .set({ state: "aborted", since: now, updatedAt: now, nextTryAt: null })
    .where(
      and(
        eq(firmwareTargets.rolloutId, rolloutId),
        sql`${firmwareTargets.state} not in ('installing', 'rebooting', ${sql.join(
          FINAL_STATES.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      ),
    );
}

/**
 * Tries the failed machines, and those skipped while offline, again with their tries counted
 * afresh, and resumes the rollout (a rollout that completed or paused itself runs again).
 * ROLLOUT_STATE for an aborted one, or when no machine failed or was skipped.
 */
export async function retryFailed(
  db: Db,
  scope: TenantScope,
  id: number,
  now = new Date(),
): Promise<RolloutWithCounts> {
  await findRollout(db, scope, id);
  await db.transaction(async (tx) => {
    const [rollout] = await tx
      .select({ state: firmwareRollouts.state })
      .from(firmwareRollouts)
      .where(eq(firmwareRollouts.id, id))
      .for("update");
    if (!rollout || rollout.state === "aborted") throw new AppError("ROLLOUT_STATE");
    try {
      const again = await tx
        .update(firmwareTargets)
        .set({
          state: "queued",
          tries: 0,
          reason: "",
          percent: 0,
          nextTryAt: null,
          commandId: null,
          since: now,
          updatedAt: now,
        })
        .where(and(eq(firmwareTargets.rolloutId, id), inArray(firmwareTargets.state, ["failed", "offline_skipped"])))
        .returning({ id: firmwareTargets.id });
      if (again.length === 0) throw new AppError("ROLLOUT_STATE");
      await tx
        .update(firmwareRollouts)
        .set({ state: "running", reason: "", dueAt: now, finishedAt: null })
        .where(eq(firmwareRollouts.id, id));
      await tx.insert(firmwareRolloutEvents).values({ rolloutId: id, kind: "retried", wave: again.length, at: now });
    } catch (error) {
      // A machine that failed here and was taken by another rollout since stays failed here.
      if (isUniqueViolation(error) === "firmware_targets_live_device_uq") throw new AppError("DEVICE_IN_ROLLOUT");
      throw error;
    }
  });
  return findRollout(db, scope, id);
}

/** The vendor's rollouts, newest first, filtered by state and package, each with its counts. */
export async function listRollouts(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof rolloutListRequest>,
): Promise<ListPage<RolloutItem>> {
  const conditions: (SQL | undefined)[] = [vendorTenant(scope).owns(firmwareRollouts)];
  if (input.state) conditions.push(eq(firmwareRollouts.state, input.state));
  if (input.package_id) conditions.push(eq(firmwareRollouts.packageId, input.package_id));
  const page = await listPage({
    where: and(...conditions),
    keyset: idKeyset(firmwareRollouts.id, (row: RolloutWithCounts) => row.id),
    input,
    rows: rowsFrom((total) => db.select({ ...rolloutColumns, total }).from(firmwareRollouts)),
    count: countOf(firmwareRollouts),
  });
  return { items: page.rows.map(rolloutItem), total: page.total, next_cursor: page.next_cursor };
}

/** A rollout's waves (size, started, where their machines stand) and its events, oldest first. */
export async function rolloutHistory(db: Db, rollout: RolloutWithCounts) {
  const [waves, events] = await Promise.all([
    db
      .select({
        wave: firmwareTargets.wave,
        state: firmwareTargets.state,
        n: sql<number>`count(*)::int`.mapWith(Number),
      })
      .from(firmwareTargets)
      .where(and(eq(firmwareTargets.rolloutId, rollout.id), sql`${firmwareTargets.wave} is not null`))
      .groupBy(firmwareTargets.wave, firmwareTargets.state),
    db
      .select()
      .from(firmwareRolloutEvents)
      .where(eq(firmwareRolloutEvents.rolloutId, rollout.id))
      .orderBy(asc(firmwareRolloutEvents.id)),
  ]);
  const byWave = Array.from({ length: rollout.waves }, (_, wave) => ({
    wave,
    size: 0,
    started: wave < rollout.wavesStarted,
    succeeded: 0,
    failed: 0,
    in_progress: 0,
  }));
  for (const row of waves) {
    const wave = byWave[row.wave ?? -1];
    if (!wave) continue;
    wave.size += row.n;
    if (row.state === "succeeded") wave.succeeded += row.n;
    else if (row.state === "failed") wave.failed += row.n;
    else if (IN_PROGRESS.includes(row.state)) wave.in_progress += row.n;
  }
  return {
    rollout: rolloutItem(rollout),
    waves: byWave,
    events: events.map((e) => ({
      at: toSeconds(e.at),
      kind: e.kind as "created",
      wave: e.wave,
      detail: e.detail,
    })),
  };
}
