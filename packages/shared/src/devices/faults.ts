import type { MachineType } from "./machine-types.js";

/**
 * The fault codes machines report in their status (`status:fault`), grouped in families by the
 * part of the machine that reports them, so a part two machine types share (a washer's drum, a
 * note acceptor) is described once. The console shows each code's meaning and the first thing an
 * attendant should check, `faults.<family>.<code>.meaning` and `.check` in the catalogues.
 */
export const FAULT_FAMILIES = {
  washer: ["E01", "DOOR", "DRAIN", "WATER_INLET"],
  dryer: ["E05", "DOOR", "HEATER", "LINT_FILTER"],
  carWash: ["PUMP", "PRESSURE", "E10"],
  vending: ["JAM", "EMPTY", "COIN_MECH"],
  liquidDispenser: ["EMPTY", "PUMP"],
  noteAcceptor: ["NOTE_JAM"],
  receiptPrinter: ["PRINTER"],
  coinHopper: ["HOPPER_EMPTY"],
} as const satisfies Record<string, readonly string[]>;
export type FaultFamily = keyof typeof FAULT_FAMILIES;

/**
 * The families whose codes each machine type reports. A machine with two parts reports both
 * (a washer-dryer: its washing and its drying); when both know a code, the first family's
 * description answers.
 */
export const MACHINE_FAULT_FAMILIES: Record<MachineType, readonly FaultFamily[]> = {
  washer: ["washer"],
  dryer: ["dryer"],
  combo: ["washer", "dryer"],
  stacked_washer_dryer: ["washer", "dryer"],
  stack_wash_wash: ["washer"],
  stack_dry_dry: ["dryer"],
  kiosk: ["noteAcceptor", "receiptPrinter"],
  liquid_vending: ["liquidDispenser"],
  coin_exchanger: ["coinHopper", "noteAcceptor"],
  vending_machine: ["vending"],
  car_wash: ["carWash"],
};

/** The catalogue key of the text for a code the machine's type does not list (param `code`). */
export const UNKNOWN_FAULT_KEY = "faults.unknown";

/** What the catalogue says of a reported fault: where its texts are, or that it is not listed. */
export type FaultDescription =
  | { known: true; code: string; family: FaultFamily; meaningKey: string; checkKey: string }
  | { known: false; code: string; unknownKey: typeof UNKNOWN_FAULT_KEY };

const isMachineType = (type: string): type is MachineType => Object.hasOwn(MACHINE_FAULT_FAMILIES, type);

/**
 * The catalogue keys describing a fault a machine of this type reported. Machines' firmware writes
 * codes by hand, so case and surrounding spaces do not count; a type this catalogue does not know
 * knows no codes.
 */
export function describeFault(machineType: string, reported: string): FaultDescription {
  const code = reported.trim().toUpperCase();
  const families = isMachineType(machineType) ? MACHINE_FAULT_FAMILIES[machineType] : [];
  const family = families.find((f) => (FAULT_FAMILIES[f] as readonly string[]).includes(code));
  if (family === undefined) return { known: false, code: reported.trim(), unknownKey: UNKNOWN_FAULT_KEY };
  return {
    known: true,
    code,
    family,
    meaningKey: `faults.${family}.${code}.meaning`,
    checkKey: `faults.${family}.${code}.check`,
  };
}
