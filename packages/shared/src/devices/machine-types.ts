/**
 * The machine types of spec §9, as the codes stored in `devices.machine_type` and
 * `washer_models.machine_type`. The console shows each with `machineTypes.<code>`.
 */
export const MACHINE_TYPES = [
  "washer",
  "dryer",
  "combo",
  "stacked_washer_dryer",
  "stack_wash_wash",
  "stack_dry_dry",
  "kiosk",
  "liquid_vending",
  "coin_exchanger",
  "vending_machine",
  "car_wash",
] as const;
export type MachineType = (typeof MACHINE_TYPES)[number];

/** The i18n key of a machine type's label. */
export function machineTypeLabelKey(type: string): string {
  return `machineTypes.${type}`;
}
