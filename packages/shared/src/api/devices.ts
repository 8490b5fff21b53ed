import {
  BLUETOOTH_FRAME_MAX,
  MACHINE_VALUE_MAX,
  PARAM_NAME_PATTERN,
  REMOTE_START_TYPES,
} from "@washboard/device-protocol";
import { z } from "zod";
import { isClaimCode, normalizeClaimCode } from "../devices/claim-code.js";
import { emptyBody, endpoint } from "./contract.js";
import { epochSeconds, machineType, recordId } from "./fields.js";
import { listRequest, listResult } from "./list.js";

export const deviceStatusCountsResult = z.object({
  total_count: z.number().int(),
  warning_count: z.number().int(),
  overdue_count: z.number().int(),
});

export const DEVICE_PRESENCE = ["online", "offline", "unknown"] as const;
export type DevicePresenceName = (typeof DEVICE_PRESENCE)[number];

/** Spec §3 Device, as the device list shows it: the register and the shadow the gateway keeps. */
export const deviceItem = z.object({
  id: z.number().int(),
  serial_number: z.string(),
  name: z.string(),
  machine_number: z.string(),
  machine_type: z.string(),
  shop_id: z.number().int().nullable(),
  shop_name: z.string().nullable(),
  price_template_id: z.number().int().nullable(),
  price_template_name: z.string().nullable(),
  /** Known to be online (`presence` is "online"). */
  online: z.boolean(),
  /**
   * What the server knows of the connection: "unknown" after the machines' broker was away, until
   * the machine speaks again (docs/device-protocol.md "Presence").
   */
  presence: z.enum(DEVICE_PRESENCE),
  busy: z.boolean(),
  fault_code: z.string().nullable(),
  firmware: z.string(),
  cashbox_current: z.number().int(),
  cashbox_cumulative: z.number().int(),
  params_reported: z.record(z.string(), z.number()),
  params_desired: z.record(z.string(), z.number()),
  responding: z.boolean(),
  last_seen_at: z.number().int().nullable(),
  subscription_expires_at: z.number().int().nullable(),
});
export type DeviceItem = z.infer<typeof deviceItem>;

export const SUBSCRIPTION_STATES = ["expiring", "expired"] as const;

export const deviceListFilters = {
  shop_id: recordId.optional(),
  machine_type: machineType.optional(),
  online: z.boolean().optional(),
  busy: z.boolean().optional(),
  fault: z.boolean().optional(),
  subscription: z.enum(SUBSCRIPTION_STATES).optional(),
  /** Part of the serial number, name or machine number. */
  search: z.string().trim().max(64, { error: "validation.tooLong" }).optional(),
};
export const deviceListRequest = listRequest(deviceListFilters);
export const deviceListResult = listResult(deviceItem);

export const COMMAND_STATES = ["queued", "sent", "succeeded", "failed", "timed_out", "expired"] as const;
export type CommandStateName = (typeof COMMAND_STATES)[number];

/** A command to a device and what became of it (also the `devices.command` live event). */
export const commandItem = z.object({
  id: z.string(),
  device_id: z.number().int(),
  batch_id: z.string().nullable(),
  kind: z.string(),
  args: z.record(z.string(), z.unknown()),
  state: z.enum(COMMAND_STATES),
  /** How it reaches the machine: the broker, or a phone over Bluetooth. */
  via: z.enum(["broker", "bluetooth"]),
  /**
   * Why it failed: `offline`, `broker_unreachable`, or the device's refusal (busy, fault, expired,
   * unsupported, invalid, not_ready).
   */
  reason: z.string().nullable(),
  detail: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  /** The machine answered after the command was declared timed out: `state` is its answer, given late. */
  late: z.boolean(),
  account_id: z.number().int().nullable(),
  created_at: z.number().int(),
  sent_at: z.number().int().nullable(),
  finished_at: z.number().int().nullable(),
  expires_at: z.number().int(),
});
export type CommandItem = z.infer<typeof commandItem>;

/** A parameter's name and value as the console and the server check them: the protocol's limits, with messages. */
export const paramNameField = z.string().regex(PARAM_NAME_PATTERN, { error: "validation.paramName" });
const machineValueRule = { error: "validation.machineValue" };
export const machineValueField = z
  .number(machineValueRule)
  .int(machineValueRule)
  .min(0, machineValueRule)
  .max(MACHINE_VALUE_MAX, machineValueRule);
export const startMinutesField = z
  .number({ error: "validation.startMinutes" })
  .int({ error: "validation.startMinutes" })
  .min(1, { error: "validation.startMinutes" })
  .max(1440, { error: "validation.startMinutes" });

/** At most this many devices in one bulk command. */
export const MAX_COMMAND_TARGETS = 500;

/** Which devices a command goes to: a selection, or every device of one shop. */
const targets = {
  device_ids: z
    .array(recordId)
    .min(1, { error: "validation.noDevices" })
    .max(MAX_COMMAND_TARGETS, { error: "validation.invalid" })
    .optional(),
  shop_id: recordId.optional(),
};
const oneTarget = <T extends { device_ids?: number[] | undefined; shop_id?: number | undefined }>(v: T) =>
  (v.device_ids === undefined) !== (v.shop_id === undefined);
const targetRule = { error: "validation.noDevices", path: ["device_ids"] };

export const rebootRequest = z.object(targets).refine(oneTarget, targetRule);
export const remoteStartRequest = z
  .object({
    ...targets,
    start_type: z.enum(REMOTE_START_TYPES),
    program: z.string().trim().min(1, { error: "validation.required" }).max(64, { error: "validation.tooLong" }),
    /** In the vendor currency's minor unit. */
    price: z.number().int().min(0).max(2_147_483_647, { error: "validation.amountTooLarge" }),
    minutes: startMinutesField.optional(),
  })
  .refine(oneTarget, targetRule);
export const coinCollectionRequest = z
  .object({ ...targets, action: z.enum(["audit", "reset"]) })
  .refine(oneTarget, targetRule);
export const updateShadowRequest = z
  .object({ ...targets, params: z.record(paramNameField, machineValueField) })
  .refine(oneTarget, targetRule);

export const commandsResult = z.object({ commands: z.array(commandItem) });

export const commandListRequest = listRequest({
  device_id: recordId.optional(),
  batch_id: z.string().uuid().optional(),
  state: z.enum(COMMAND_STATES).optional(),
});
export const commandListResult = listResult(commandItem);

/** What a device reported (spec "device log details"), newest first. */
export const DEVICE_EVENT_TYPES = [
  "cycle_started",
  "cycle_finished",
  "coin_inserted",
  "note_inserted",
  "card_used",
  "cashbox_collected",
  "card_topped_up",
  "change_given",
  "firmware_progress",
  // Not the machine's: a message of it the server set aside (details: kind, code, reason).
  "message_refused",
] as const;

/**
 * Why the server set a machine's message aside (a dead letter, shown in the device log): not a
 * message of the protocol, an amount above the vendor's ceiling, a card credit from a machine that
 * cannot take money for cards, or data the database would not store.
 */
export const DEVICE_MESSAGE_REFUSALS = [
  "invalid",
  "cycle_ceiling",
  "top_up_ceiling",
  "card_credit_machine",
  "not_stored",
] as const;
export type DeviceMessageRefusal = (typeof DEVICE_MESSAGE_REFUSALS)[number];

export const deviceLogItem = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  device_name: z.string(),
  serial_number: z.string(),
  shop_name: z.string().nullable(),
  type: z.string(),
  /** The event's own fields (amount, program, start type, …) as the device sent them. */
  details: z.record(z.string(), z.unknown()),
  occurred_at: z.number().int(),
});
export type DeviceLogItem = z.infer<typeof deviceLogItem>;

export const deviceLogRequest = listRequest({
  device_id: recordId.optional(),
  shop_id: recordId.optional(),
  type: z.enum(DEVICE_EVENT_TYPES).optional(),
  from: epochSeconds.optional(),
  to: epochSeconds.optional(),
});
export const deviceLogResult = listResult(deviceLogItem);

/** The QR stickers of devices (a selection or a shop's): what each carries, with the names printed around it. */
export const deviceQrRequest = z.object(targets).refine(oneTarget, targetRule);
export const deviceQrItem = z.object({
  id: z.number().int(),
  serial_number: z.string(),
  name: z.string(),
  machine_number: z.string(),
  shop_name: z.string().nullable(),
  /** `<website>/pay/d/<serial>` (devicePayContent). */
  content: z.string(),
});
export type DeviceQrItem = z.infer<typeof deviceQrItem>;
export const deviceQrResult = z.object({ items: z.array(deviceQrItem) });

/** A serial number as printed on a machine. */
const serialNumberField = z
  .string()
  .trim()
  .min(1, { error: "validation.required" })
  .max(64, { error: "validation.tooLong" });

/**
 * A vendor claims a machine made for no vendor yet: its serial and the claim code printed on it.
 * The code is 10 characters; spaces and dashes typed between them do not count, case neither.
 */
export const claimDeviceRequest = z.object({
  serial_number: serialNumberField,
  claim_code: z.string().transform(normalizeClaimCode).refine(isClaimCode, { error: "validation.claimCode" }),
});

/**
 * Bluetooth start (device-protocol bluetooth.ts): the server signs a remote start for the machine a
 * phone is next to; the phone writes it over Bluetooth and brings back the machine's signed answer.
 */
export const bluetoothTicketRequest = z.object({
  serial_number: serialNumberField,
  program: remoteStartRequest.shape.program,
  price: remoteStartRequest.shape.price,
  minutes: startMinutesField.optional(),
});
export const bluetoothTicketResult = z.object({ command: commandItem, frame: z.string() });
export const bluetoothAnswerRequest = z.object({
  command_id: z.string().uuid({ error: "validation.invalid" }),
  frame: z.string().min(1, { error: "validation.required" }).max(BLUETOOTH_FRAME_MAX, { error: "validation.tooLong" }),
});

/** Wild devices: the vendor's machines that connect but stand in no shop yet (`/ydevice/ydevice`). */
export const wildDeviceListRequest = listRequest({
  search: z.string().trim().max(64, { error: "validation.tooLong" }).optional(),
});
export const bindShopRequest = z.object({ device_id: recordId, shop_id: recordId });
export const unbindDeviceRequest = z.object({ device_id: recordId });

/**
 * The vendor's ceilings on what one machine message may be worth, in minor units of its currency
 * (`defaultMoneyLimits`): a sale or card credit above them is refused and shown in the device log.
 * Null sets a ceiling back to the default for the currency.
 */
const ceiling = z
  .number({ error: "validation.amountError" })
  .int({ error: "validation.amountError" })
  .min(1, { error: "validation.amountError" })
  .max(2_147_483_647, { error: "validation.amountTooLarge" })
  .nullable();
export const moneyLimitsRequest = z.object({ max_cycle_amount: ceiling, max_top_up_amount: ceiling });
export const moneyLimitsResult = z.object({
  /** What holds now (the vendor's own, or the default). */
  max_cycle_amount: z.number().int(),
  max_top_up_amount: z.number().int(),
  /** The defaults for the vendor's currency. */
  default_cycle_amount: z.number().int(),
  default_top_up_amount: z.number().int(),
  /** Whether each is the vendor's own or the default. */
  cycle_is_default: z.boolean(),
  top_up_is_default: z.boolean(),
});
export type MoneyLimitsResult = z.infer<typeof moneyLimitsResult>;

const VENDOR = [3, 4] as const;

export const devicesEndpoints = {
  statusCounts: endpoint({
    method: "POST",
    path: "/api/Device/check_device_status",
    summary: "Counts of the vendor's devices whose subscription is expiring soon or expired",
    access: { kind: "session", levels: VENDOR },
    body: emptyBody,
    result: deviceStatusCountsResult,
    mutates: false,
  }),
  list: endpoint({
    method: "POST",
    path: "/api/Vendor/get_devicelist",
    summary:
      "The vendor's devices with their live state (online, busy, fault, cash box, firmware, parameters), filtered and paged by cursor",
    access: { kind: "session", levels: VENDOR, permission: "dev_query" },
    body: deviceListRequest,
    result: deviceListResult,
    mutates: false,
  }),
  reboot: endpoint({
    method: "POST",
    path: "/api/Manager/reboot_device",
    summary: "Restarts devices (a selection or a shop's); an offline device's restart waits for it until it expires",
    access: { kind: "session", levels: VENDOR, permission: "dev_control" },
    body: rebootRequest,
    result: commandsResult,
    mutates: true,
    log: "devices.reboot",
  }),
  remoteStart: endpoint({
    method: "POST",
    path: "/api/Manager/remote_start_device",
    summary: "Starts a program remotely (spec §4 start types); never waits: an offline device fails at once",
    access: { kind: "session", levels: VENDOR, permission: "dev_control" },
    body: remoteStartRequest,
    result: commandsResult,
    mutates: true,
    log: "devices.remoteStart",
  }),
  coinCollection: endpoint({
    method: "POST",
    path: "/api/Manager/coin_collection_device",
    summary: "Audits the cash box (reads current and cumulative) or resets it to zero",
    access: { kind: "session", levels: VENDOR, permission: "dev_control" },
    body: coinCollectionRequest,
    result: commandsResult,
    mutates: true,
    log: "devices.coinCollection",
  }),
  updateShadow: endpoint({
    method: "POST",
    path: "/api/Manager/update_device_shadow",
    summary:
      "Sets machine parameters (desired shadow, values below 65535); waits for an offline device until it expires",
    access: { kind: "session", levels: VENDOR, permission: "dev_control" },
    body: updateShadowRequest,
    result: commandsResult,
    mutates: true,
    log: "devices.updateShadow",
  }),
  qrCodes: endpoint({
    method: "POST",
    path: "/api/Device/get_device_qrcodes",
    summary: "What the QR stickers of devices carry (a selection or a shop's), to print as PNG or a zip of them",
    access: { kind: "session", levels: VENDOR, permission: "dev_query" },
    body: deviceQrRequest,
    result: deviceQrResult,
    mutates: false,
  }),
  commands: endpoint({
    method: "POST",
    path: "/api/Manager/get_device_commands",
    summary: "Command history, newest first: per device, per bulk batch or by state",
    access: { kind: "session", levels: VENDOR, permission: "dev_query" },
    body: commandListRequest,
    result: commandListResult,
    mutates: false,
  }),
  wildList: endpoint({
    method: "POST",
    path: "/api/Device/get_wild_devices",
    summary: "The vendor's wild devices: machines that connect with valid credentials but stand in no shop",
    access: { kind: "session", levels: VENDOR, permission: "wd_query" },
    body: wildDeviceListRequest,
    result: deviceListResult,
    mutates: false,
  }),
  bindShop: endpoint({
    method: "POST",
    path: "/api/Device/bind_device_shop",
    summary: "Places a wild device (or moves a device) into one of the vendor's shops",
    access: { kind: "session", levels: VENDOR, permission: "dev_control" },
    body: bindShopRequest,
    result: deviceItem,
    mutates: true,
    log: "devices.bindShop",
  }),
  claim: endpoint({
    method: "POST",
    path: "/api/Device/claim_device",
    summary:
      "Takes a machine made for no vendor yet, by its serial and the claim code printed on it; it becomes a wild device of the vendor",
    access: { kind: "session", levels: VENDOR, permission: "dev_control" },
    body: claimDeviceRequest,
    result: z.object({ id: z.number().int(), serial_number: z.string() }),
    mutates: true,
    log: "devices.claim",
  }),
  bluetoothTicket: endpoint({
    method: "POST",
    path: "/api/Device/bluetooth_start_ticket",
    summary:
      "Signs a Bluetooth start for a machine of the vendor, for a phone to write to it over Bluetooth (valid two minutes)",
    access: { kind: "session", levels: VENDOR, permission: "dev_control" },
    body: bluetoothTicketRequest,
    result: bluetoothTicketResult,
    mutates: true,
    log: "devices.bluetoothTicket",
  }),
  bluetoothAnswer: endpoint({
    method: "POST",
    path: "/api/Device/bluetooth_start_result",
    summary: "The machine's signed answer to a Bluetooth start, brought back by the phone: the command's outcome",
    access: { kind: "session", levels: VENDOR, permission: "dev_control" },
    body: bluetoothAnswerRequest,
    result: commandItem,
    mutates: true,
    log: "devices.bluetoothAnswer",
  }),
  unbind: endpoint({
    method: "POST",
    path: "/api/Group/unbind_device",
    summary: "Takes a device of one of the group's vendors out of its shop: it becomes a wild device again",
    access: { kind: "session", levels: [6, 7] },
    body: unbindDeviceRequest,
    result: z.object({ id: z.number().int() }),
    mutates: true,
    log: "devices.unbind",
  }),
  moneyLimits: endpoint({
    method: "POST",
    path: "/api/Device/get_money_limits",
    summary:
      "The most one machine message may be worth: a cycle's price or card tap, and a kiosk's card credit (minor units)",
    access: { kind: "session", levels: VENDOR, permission: "dev_query" },
    body: emptyBody,
    result: moneyLimitsResult,
    mutates: false,
  }),
  setMoneyLimits: endpoint({
    method: "POST",
    path: "/api/Device/set_money_limits",
    summary:
      "Sets the vendor's ceilings on machine messages (null: the default for its currency); a message above them is refused",
    access: { kind: "session", levels: [3] },
    body: moneyLimitsRequest,
    result: moneyLimitsResult,
    mutates: true,
    log: "devices.setMoneyLimits",
  }),
  log: endpoint({
    method: "POST",
    path: "/api/Log/get_device_log_details",
    summary: "The device log: every event the vendor's machines reported, newest first, by device, shop, type and date",
    access: { kind: "session", levels: VENDOR, permission: "log_dev" },
    body: deviceLogRequest,
    result: deviceLogResult,
    mutates: false,
  }),
} as const;
