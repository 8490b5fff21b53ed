import type { RolloutState, TargetStateName } from "@washboard/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { devices } from "../devices/tables.js";
import { vendors } from "../tenancy/tables.js";

/**
 * A firmware file a vendor uploaded: stored once under its SHA-256 (the upload store), and named
 * here per vendor, so a package may only use a file its own vendor uploaded.
 */
export const firmwareFiles = pgTable(
  "firmware_files",
  {
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    fileKey: varchar("file_key", { length: 80 }).notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: varchar("sha256", { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.fileKey] })],
);

/**
 * A firmware package (spec §3 "OTA package"): a version of a vendor's machines' firmware and where
 * machines fetch it, with the file's size and SHA-256 when known (sent with the upgrade notice, so a
 * machine checks what it downloaded), and the machine types (and models, none: all) it fits.
 */
export const firmwarePackages = pgTable(
  "firmware_packages",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    version: varchar("version", { length: 32 }).notNull(),
    /** The vendor's own link; "" when the file was uploaded (`fileKey`). */
    downloadUrl: varchar("download_url", { length: 512 }).notNull(),
    /** An uploaded file (firmware_files), served by this install to the machines of a live rollout. */
    fileKey: varchar("file_key", { length: 80 }),
    /** Bytes; 0 when the operator did not give it. */
    size: bigint("size", { mode: "number" }).notNull().default(0),
    /** Lower-case hex; "" when the operator did not give it. */
    sha256: varchar("sha256", { length: 64 }).notNull().default(""),
    machineTypes: text("machine_types").array().notNull(),
    models: text("models").array().notNull().default(sql`'{}'::text[]`),
    note: varchar("note", { length: 255 }).notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    // One build per version per vendor: a rollout names a version, and so do the machines.
    uniqueIndex("firmware_packages_vendor_version_uq").on(t.vendorId, t.version),
    index("firmware_packages_vendor_idx").on(t.vendorId, t.id),
  ],
);

/**
 * A rollout (the spec's upgrade "batch"): a package sent to chosen machines in waves, with the
 * plan it keeps to (docs/ota-design.md "Rules"). The scheduler works the running ones, one
 * instance at a time per rollout (`for update skip locked`).
 */
export const firmwareRollouts = pgTable(
  "firmware_rollouts",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    packageId: integer("package_id")
      .notNull()
      .references(() => firmwarePackages.id),
    /** The package's version when the rollout was made: what success means for its machines. */
    version: varchar("version", { length: 32 }).notNull(),
    accountId: integer("account_id"),
    state: varchar("state", { length: 20 }).$type<RolloutState>().notNull().default("running"),
    reason: varchar("reason", { length: 200 }).notNull().default(""),
    waves: integer("waves").notNull(),
    wavesStarted: integer("waves_started").notNull().default(0),
    /** Waves the operator let go on past their thresholds (a resume): they no longer count for them. */
    excusedWaves: integer("excused_waves").notNull().default(0),
    firstWaveCount: integer("first_wave_count"),
    firstWavePercent: doublePrecision("first_wave_percent"),
    growthFactor: doublePrecision("growth_factor").notNull(),
    successThreshold: doublePrecision("success_threshold").notNull(),
    errorThreshold: doublePrecision("error_threshold").notNull(),
    minFinished: integer("min_finished").notNull(),
    windowStart: smallint("window_start"),
    windowEnd: smallint("window_end"),
    maxTries: smallint("max_tries").notNull(),
    /**
     * When a scheduler tick may take it next: a tick claims it for a lease by moving this forward,
     * and sets it again when done.
     */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The device-log id up to which the machines' progress events are taken (settled ones only: a
     * later tick reads again what may still have had earlier ids committing).
     */
    eventWatermark: bigint("event_watermark", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("firmware_rollouts_vendor_idx").on(t.vendorId, t.id),
    // The scheduler's question: which running rollouts are due.
    index("firmware_rollouts_due_idx").on(t.dueAt).where(sql`state = 'running'`),
    check(
      "firmware_rollouts_state_check",
      sql`${t.state} in ('running', 'paused', 'paused_by_errors', 'aborted', 'completed')`,
    ),
  ],
);

/** One machine of a rollout and where it stands (modules/ota/target-states.ts). */
export const firmwareTargets = pgTable(
  "firmware_targets",
  {
    id: serial("id").primaryKey(),
    rolloutId: integer("rollout_id")
      .notNull()
      .references(() => firmwareRollouts.id, { onDelete: "cascade" }),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    /** Its shop and type when the rollout chose it (what the batch's device list shows beside it). */
    shopId: integer("shop_id"),
    machineType: varchar("machine_type", { length: 32 }).notNull(),
    /** Null for a machine refused at the start (same version, not compatible): in no wave. */
    wave: integer("wave"),
    state: varchar("state", { length: 24 }).$type<TargetStateName>().notNull(),
    fromVersion: varchar("from_version", { length: 32 }).notNull(),
    percent: smallint("percent").notNull().default(0),
    tries: smallint("tries").notNull().default(0),
    reason: varchar("reason", { length: 32 }).notNull().default(""),
    nextTryAt: timestamp("next_try_at", { withTimezone: true }),
    /** The firmware_notice command of the current try (the devices module's command id). */
    commandId: uuid("command_id"),
    /** The last firmware_progress event of the machine's device log this target has taken. */
    lastEventId: bigint("last_event_id", { mode: "number" }).notNull().default(0),
    since: timestamp("since", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("firmware_targets_rollout_device_uq").on(t.rolloutId, t.deviceId),
    // A machine is in at most one live rollout: the database refuses the second (no check-then-act).
    uniqueIndex("firmware_targets_live_device_uq")
      .on(t.deviceId)
      .where(sql`state not in ('succeeded', 'failed', 'refused_same_version', 'not_compatible', 'aborted')`),
    index("firmware_targets_rollout_state_idx").on(t.rolloutId, t.state, t.id),
  ],
);

/** What happened to a rollout, for its history: made, waves started, paused and why, resumed, … */
export const firmwareRolloutEvents = pgTable(
  "firmware_rollout_events",
  {
    id: serial("id").primaryKey(),
    rolloutId: integer("rollout_id")
      .notNull()
      .references(() => firmwareRollouts.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 20 }).notNull(),
    wave: integer("wave"),
    detail: varchar("detail", { length: 200 }).notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("firmware_rollout_events_rollout_idx").on(t.rolloutId, t.id)],
);
