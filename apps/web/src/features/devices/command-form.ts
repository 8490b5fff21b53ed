import {
  type API,
  type BodyOf,
  type DeviceItem,
  formatMoney,
  machineValueField,
  paramNameField,
  parseMoney,
  priceAmount,
  remoteStartRequest,
  startMinutesField,
} from "@washboard/shared";
import { z } from "zod";

/* The command dialogs' rules and payloads: each rule is the contract's own field, with its message. */

const blank = (value: unknown) => value === undefined || value === null || value === "";

/** The remote start's start types, in the contract's order. */
export const START_TYPES = remoteStartRequest.shape.start_type.options;
export type StartType = (typeof START_TYPES)[number];

export const startFields = {
  program: remoteStartRequest.shape.program,
  /** Minor units: the price rule of the other money fields, within what the start command carries. */
  price: priceAmount.refine((minor) => remoteStartRequest.shape.price.safeParse(minor).success, {
    error: "validation.amountTooLarge",
  }),
  /** Empty is the machine's own time. */
  minutes: z.unknown().refine((value) => blank(value) || startMinutesField.safeParse(value).success, {
    error: "validation.startMinutes",
  }),
};

/** Spec §9: a machine value is a whole number below 65535; names are the protocol's. */
export const paramFields = {
  name: z
    .unknown()
    .refine((value) => !blank(value), { error: "validation.required" })
    .pipe(paramNameField),
  value: z
    .unknown()
    .refine((value) => !blank(value), { error: "validation.required" })
    .pipe(machineValueField),
};

/** Which devices a command goes to: one row, the selection, or every device of the filtered shop. */
export type CommandTarget =
  | { kind: "devices"; devices: readonly DeviceItem[] }
  | { kind: "shop"; shopId: number; shopName: string; count: number | null; devices: readonly DeviceItem[] };

export type TargetBody = { device_ids: number[] } | { shop_id: number };

export function targetBody(target: CommandTarget): TargetBody {
  return target.kind === "shop" ? { shop_id: target.shopId } : { device_ids: target.devices.map((d) => d.id) };
}

/** How many devices a target names, when known (a shop's count may still be loading). */
export function targetCount(target: CommandTarget): number | null {
  return target.kind === "shop" ? target.count : target.devices.length;
}

export function deviceLabel(device: Pick<DeviceItem, "name" | "serial_number">): string {
  return device.name ? `${device.name} (${device.serial_number})` : device.serial_number;
}

/** What a start runs (remote or over Bluetooth): the program, its price as typed, and optionally its minutes. */
export interface StartProgramForm {
  program: string;
  /** As typed, in the vendor's currency. */
  price: string;
  minutes?: number | null;
}

export interface RemoteStartForm extends StartProgramForm {
  start_type: StartType;
}

/** An empty program at no charge, with the machine's own time. */
export function startProgramDefaults(currency: string): StartProgramForm {
  return { program: "", price: formatMoney(0, currency, { hideSymbol: true }), minutes: null };
}

/** The program part of a start's payload: the program trimmed, the price in minor units, the minutes if given. */
export function startProgramBody(form: StartProgramForm, currency: string) {
  return {
    program: form.program.trim(),
    // The form's rule has checked the amount; anything unparseable is refused by the server.
    price: parseMoney(form.price, currency) ?? -1,
    ...(blank(form.minutes) ? {} : { minutes: Number(form.minutes) }),
  };
}

export function remoteStartBody(
  form: RemoteStartForm,
  currency: string,
  target: CommandTarget,
): BodyOf<typeof API.devices.remoteStart> {
  return { ...targetBody(target), start_type: form.start_type, ...startProgramBody(form, currency) };
}

export interface ParamRow {
  name: string;
  value: number | null;
}

export interface ParamsForm {
  rows: ParamRow[];
}

/**
 * The rows the parameter dialog starts from: for one device every parameter it reports or is
 * asked to have, at the desired value where one is set; for several devices one empty row.
 */
export function initialParamRows(target: CommandTarget): ParamRow[] {
  const only = target.kind === "devices" && target.devices.length === 1 ? target.devices[0] : undefined;
  if (!only) return [{ name: "", value: null }];
  const names = [...new Set([...Object.keys(only.params_reported), ...Object.keys(only.params_desired)])].sort();
  if (names.length === 0) return [{ name: "", value: null }];
  return names.map((name) => ({ name, value: only.params_desired[name] ?? only.params_reported[name] ?? null }));
}

/** The names given more than once: each must be set once. */
export function duplicateNames(rows: readonly (ParamRow | undefined)[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const row of rows) {
    if (!row?.name) continue;
    if (seen.has(row.name)) twice.add(row.name);
    seen.add(row.name);
  }
  return twice;
}

export function paramsBody(form: ParamsForm, target: CommandTarget): BodyOf<typeof API.devices.updateShadow> {
  return {
    ...targetBody(target),
    params: Object.fromEntries(form.rows.map((row) => [row.name, row.value ?? -1])),
  };
}
