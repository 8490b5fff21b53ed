import { z } from "zod";
import { MACHINE_TYPES } from "../devices/machine-types.js";
import { endpoint } from "./contract.js";
import { machineType, recordId, requiredRecordId } from "./fields.js";
import { listRequest, listResult } from "./list.js";
import { firmwareVersion } from "./ota.js";

/**
 * Firmware rollouts (the spec's upgrade "batches", §7 "OTA": batch list, history by batch, device
 * list; `Manager/upgrade_device_firmware`): a package sent to chosen machines in waves from a canary,
 * never during a wash, in each shop's quiet hours when asked (docs/ota-design.md).
 */

/** A rollout's state: the scheduler works the running ones. */
export const ROLLOUT_STATES = ["running", "paused", "paused_by_errors", "aborted", "completed"] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];

/** One machine's way through a rollout (server: modules/ota/target-states.ts). */
export const TARGET_STATES = [
  "queued",
  "waiting_idle",
  "waiting_window",
  "notified",
  "downloading",
  "installing",
  "rebooting",
  "retrying",
  "succeeded",
  "failed",
  "refused_same_version",
  "not_compatible",
  "aborted",
  "offline_skipped",
] as const;
export type TargetStateName = (typeof TARGET_STATES)[number];

const OTA_QUERY = { kind: "session", levels: [3, 4], permission: "ota_query" } as const;
const OTA_ADD = { kind: "session", levels: [3, 4], permission: "ota_add" } as const;

const MINUTES_A_DAY = 24 * 60;
const minuteOfDay = z
  .number({ error: "validation.minuteOfDay" })
  .int({ error: "validation.minuteOfDay" })
  .min(0, { error: "validation.minuteOfDay" })
  .max(MINUTES_A_DAY - 1, { error: "validation.minuteOfDay" });
const percent = z
  .number({ error: "validation.percent" })
  .min(0, { error: "validation.percent" })
  .max(100, { error: "validation.percent" });

/** The most machines one rollout takes (a fleet of 10,000 in one go, as the benchmark runs). */
export const ROLLOUT_MAX_MACHINES = 20_000;

/** How a rollout proceeds: the waves, their thresholds, the quiet hours and the retries. */
export const rolloutPlanFields = {
  /** The first wave (the canary): this many machines, or this percent of them. */
  first_wave_count: z.number().int().min(1, { error: "validation.waveSize" }).max(ROLLOUT_MAX_MACHINES).optional(),
  first_wave_percent: percent.min(0.1, { error: "validation.percent" }).optional(),
  /** Shops whose machines go first, in this order. */
  canary_shop_ids: z.array(recordId).max(50).default([]),
  /** Each later wave is this many times the one before. */
  growth_factor: z
    .number({ error: "validation.growthFactor" })
    .min(1, { error: "validation.growthFactor" })
    .max(10, { error: "validation.growthFactor" })
    .default(2),
  /** Percent of finished machines that must succeed before the next wave. */
  success_threshold: percent.default(95),
  /** Percent of finished machines whose failure pauses the rollout. */
  error_threshold: percent.default(10),
  /** Finished machines before the error threshold is judged. */
  min_finished: z.number().int().min(1).max(1_000).default(3),
  /** Quiet hours in each shop's time zone (minutes after midnight; end before start crosses midnight); null: any time. */
  window_start: minuteOfDay.nullable().default(null),
  window_end: minuteOfDay.nullable().default(null),
  /** Tries per machine for failures worth trying again. */
  max_tries: z.number().int().min(1).max(10).default(3),
};

/** Which machines: those named, or the vendor's machines of these shops, types and current versions. */
export const rolloutSelectionFields = {
  device_ids: z.array(recordId).max(ROLLOUT_MAX_MACHINES).default([]),
  shop_ids: z.array(recordId).max(200).default([]),
  machine_types: z.array(machineType).max(MACHINE_TYPES.length).default([]),
  from_versions: z.array(firmwareVersion).max(50).default([]),
};

export const rolloutCreateRequest = z
  .object({ package_id: requiredRecordId, ...rolloutSelectionFields, ...rolloutPlanFields })
  .refine((r) => (r.first_wave_count === undefined) !== (r.first_wave_percent === undefined), {
    error: "validation.firstWave",
    path: ["first_wave_count"],
  })
  .refine((r) => (r.window_start === null) === (r.window_end === null), {
    error: "validation.windowBoth",
    path: ["window_end"],
  });

/** How many machines of a rollout stand where. */
export const rolloutCounts = z.object({
  total: z.number().int(),
  /** Refused at the start, and named in the device list: already on the version, or not fitting. */
  same_version: z.number().int(),
  not_compatible: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  aborted: z.number().int(),
  /** Away longer than the rollout waits for a machine: skipped, to be tried again with the failed. */
  offline_skipped: z.number().int(),
  /** On their way: waiting, notified, downloading, installing, rebooting, retrying. */
  in_progress: z.number().int(),
});

export const rolloutItem = z.object({
  id: z.number().int(),
  package_id: z.number().int(),
  version: z.string(),
  state: z.enum(ROLLOUT_STATES),
  /** Why it paused itself or holds (a failed share, a success rate below the threshold); "" otherwise. */
  reason: z.string(),
  waves: z.number().int(),
  waves_started: z.number().int(),
  counts: rolloutCounts,
  first_wave_count: z.number().int().nullable(),
  first_wave_percent: z.number().nullable(),
  growth_factor: z.number(),
  success_threshold: z.number(),
  error_threshold: z.number(),
  min_finished: z.number().int(),
  window_start: z.number().int().nullable(),
  window_end: z.number().int().nullable(),
  max_tries: z.number().int(),
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});
export type RolloutItem = z.infer<typeof rolloutItem>;

/** One machine of a rollout (the device list of a batch). */
export const rolloutTargetItem = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  device_name: z.string(),
  serial_number: z.string(),
  shop_name: z.string().nullable(),
  machine_type: z.enum(MACHINE_TYPES),
  /** Null for a machine refused at the start: in no wave. */
  wave: z.number().int().nullable(),
  state: z.enum(TARGET_STATES),
  from_version: z.string(),
  percent: z.number().int(),
  tries: z.number().int(),
  /** The last failure's or refusal's reason, as the machine gave it; "" when none. */
  reason: z.string(),
  next_try_at: z.number().int().nullable(),
  updated_at: z.number().int(),
});
export type RolloutTargetItem = z.infer<typeof rolloutTargetItem>;

/** One wave of a rollout, as its history shows it. */
export const rolloutWave = z.object({
  wave: z.number().int(),
  size: z.number().int(),
  started: z.boolean(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  in_progress: z.number().int(),
});

/** What happened to a rollout, oldest first: made, each wave started, paused (and why), resumed, … */
export const rolloutEvent = z.object({
  at: z.number().int(),
  kind: z.enum([
    "created",
    "wave_started",
    "paused",
    "paused_by_errors",
    "held",
    "resumed",
    "retried",
    "aborted",
    "completed",
  ]),
  /** The wave it names, or how many machines a retry took up; null otherwise. */
  wave: z.number().int().nullable(),
  detail: z.string(),
});

const rolloutId = z.object({ id: requiredRecordId });

export const rolloutListRequest = listRequest({
  state: z.enum(ROLLOUT_STATES).optional(),
  package_id: recordId.optional(),
});

export const rolloutTargetListRequest = listRequest({
  rollout_id: requiredRecordId,
  state: z.enum(TARGET_STATES).optional(),
});

export const otaRolloutEndpoints = {
  createRollout: endpoint({
    method: "POST",
    path: "/api/Ota/create_upgrade_batch",
    summary:
      "Starts a rollout of a package to the chosen machines in waves; machines on the version already are refused (same-version upgrade refused) and listed, as are those the package does not fit",
    access: OTA_ADD,
    body: rolloutCreateRequest,
    result: rolloutItem,
    mutates: true,
    log: "ota.createRollout",
  }),
  rollouts: endpoint({
    method: "POST",
    path: "/api/Ota/get_upgrade_batch_list",
    summary: "The vendor's rollouts (batches), newest first, with where their machines stand",
    access: OTA_QUERY,
    body: rolloutListRequest,
    result: listResult(rolloutItem),
    mutates: false,
  }),
  rolloutHistory: endpoint({
    method: "POST",
    path: "/api/Ota/get_upgrade_history",
    summary: "One rollout (batch): its plan and counts, its waves, and what happened to it in order",
    access: OTA_QUERY,
    body: rolloutId,
    result: z.object({ rollout: rolloutItem, waves: z.array(rolloutWave), events: z.array(rolloutEvent) }),
    mutates: false,
  }),
  rolloutDevices: endpoint({
    method: "POST",
    path: "/api/Ota/get_upgrade_device_list",
    summary: "The machines of one rollout (batch) and where each stands, filtered by state, paged by cursor",
    access: OTA_QUERY,
    body: rolloutTargetListRequest,
    result: listResult(rolloutTargetItem),
    mutates: false,
  }),
  pauseRollout: endpoint({
    method: "POST",
    path: "/api/Ota/pause_upgrade_batch",
    summary: "Pauses a running rollout: no machine is notified until it resumes; those installing finish",
    access: OTA_ADD,
    body: rolloutId,
    result: rolloutItem,
    mutates: true,
    log: "ota.pauseRollout",
  }),
  resumeRollout: endpoint({
    method: "POST",
    path: "/api/Ota/resume_upgrade_batch",
    summary: "Resumes a paused or held rollout (past its thresholds, on the operator's word)",
    access: OTA_ADD,
    body: rolloutId,
    result: rolloutItem,
    mutates: true,
    log: "ota.resumeRollout",
  }),
  abortRollout: endpoint({
    method: "POST",
    path: "/api/Ota/abort_upgrade_batch",
    summary: "Aborts a rollout: machines not yet installing are left as they are; those installing finish",
    access: OTA_ADD,
    body: rolloutId,
    result: rolloutItem,
    mutates: true,
    log: "ota.abortRollout",
  }),
  upgradeDevice: endpoint({
    method: "POST",
    path: "/api/Manager/upgrade_device_firmware",
    summary:
      "Upgrades one machine to a package's version: a rollout of one, under the same rules (SAME_VERSION when it runs the version already, FIRMWARE_NOT_COMPATIBLE when the package does not fit it)",
    access: OTA_ADD,
    body: z.object({ device_id: requiredRecordId, package_id: requiredRecordId }),
    result: rolloutItem,
    mutates: true,
    log: "ota.upgradeDevice",
  }),
  retryFailed: endpoint({
    method: "POST",
    path: "/api/Ota/retry_upgrade_batch",
    summary: "Tries the rollout's failed machines again, their tries counted afresh, and resumes it",
    access: OTA_ADD,
    body: rolloutId,
    result: rolloutItem,
    mutates: true,
    log: "ota.retryFailed",
  }),
} as const;
