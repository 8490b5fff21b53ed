import type { MachineParams } from "@washboard/device-protocol";

/** A program a customer can choose; ranges are inclusive. */
export interface ProgramProfile {
  name: string;
  minutes: readonly [number, number];
  /** Minor units of a two-decimal currency. */
  price: readonly [number, number];
}

/** How a machine type behaves over time; amounts are minor units of a two-decimal currency. */
export interface MachineProfile {
  /** The first is the standard program: the `price` and `cycle_minutes` parameters set it. */
  programs: readonly [ProgramProfile, ...ProgramProfile[]];
  payment: {
    /** What the machine takes in cash. */
    method: "coins" | "notes";
    /** Largest first; the smallest is the step every price is a multiple of. */
    denominations: readonly [number, ...number[]];
    /** Share of customers paying by card instead. */
    cardShare: number;
  };
  /** Mean simulated minutes between customers while the machine is free. */
  meanIdleMinutes: number;
  faultCodes: readonly [string, ...string[]];
  /** Parameters besides price and cycle length, so the shadow has something type-specific to show. */
  extraParams: MachineParams;
  /**
   * What a customer's money buys when it is not a cycle: a kiosk tops up the customer's card, a
   * coin exchanger gives change. Such a machine runs no cycles.
   */
  service?: "card_top_up" | "change";
}

const washPrograms = [
  { name: "normal", minutes: [30, 40], price: [400, 800] },
  { name: "hot", minutes: [40, 45], price: [600, 800] },
  { name: "quick", minutes: [25, 30], price: [400, 500] },
] as const satisfies readonly ProgramProfile[];

const dryPrograms = [
  { name: "normal", minutes: [40, 50], price: [200, 500] },
  { name: "low_heat", minutes: [50, 60], price: [300, 500] },
  { name: "short", minutes: [30, 35], price: [200, 300] },
] as const satisfies readonly ProgramProfile[];

const coins = { method: "coins", denominations: [200, 100, 50], cardShare: 0.25 } as const;

const washer: MachineProfile = {
  programs: washPrograms,
  payment: coins,
  meanIdleMinutes: 40,
  faultCodes: ["E01", "DOOR", "DRAIN", "WATER_INLET"],
  extraParams: { water_temp: 40, spin_rpm: 1200 },
};

const dryer: MachineProfile = {
  programs: dryPrograms,
  payment: { ...coins, denominations: [100, 50] },
  meanIdleMinutes: 45,
  faultCodes: ["E05", "DOOR", "HEATER", "LINT_FILTER"],
  extraParams: { heat_level: 2 },
};

const vendingFaults = ["JAM", "EMPTY", "COIN_MECH"] as const;

/**
 * Behaviour by the machine type codes of the server's `MACHINE_TYPES`; an unknown code behaves as a
 * washer, the most common machine.
 */
const PROFILES: Record<string, MachineProfile> = {
  washer,
  dryer,
  stack_wash_wash: washer,
  stack_dry_dry: dryer,
  combo: {
    programs: [
      { name: "wash_dry", minutes: [70, 90], price: [900, 1400] },
      { name: "quick_wash_dry", minutes: [60, 70], price: [800, 1000] },
    ],
    payment: coins,
    meanIdleMinutes: 60,
    faultCodes: ["E01", "DOOR", "DRAIN", "HEATER"],
    extraParams: { water_temp: 40, heat_level: 2 },
  },
  stacked_washer_dryer: {
    ...washer,
    programs: [washPrograms[0], dryPrograms[0], washPrograms[2], dryPrograms[2]],
    extraParams: { water_temp: 40, heat_level: 2 },
  },
  car_wash: {
    programs: [
      { name: "basic", minutes: [5, 10], price: [300, 600] },
      { name: "full", minutes: [10, 15], price: [600, 1000] },
    ],
    payment: { method: "coins", denominations: [200, 100], cardShare: 0.3 },
    meanIdleMinutes: 15,
    faultCodes: ["PUMP", "PRESSURE", "E10"],
    extraParams: { foam_seconds: 60 },
  },
  vending_machine: {
    programs: [
      { name: "snack", minutes: [1, 1], price: [100, 300] },
      { name: "drink", minutes: [1, 1], price: [150, 300] },
    ],
    payment: { method: "coins", denominations: [100, 50], cardShare: 0.3 },
    meanIdleMinutes: 30,
    faultCodes: vendingFaults,
    extraParams: {},
  },
  liquid_vending: {
    programs: [
      { name: "detergent", minutes: [1, 1], price: [50, 200] },
      { name: "softener", minutes: [1, 1], price: [50, 150] },
    ],
    payment: { method: "coins", denominations: [100, 50], cardShare: 0.1 },
    meanIdleMinutes: 30,
    faultCodes: ["EMPTY", "PUMP"],
    extraParams: { dose_ml: 80 },
  },
  kiosk: {
    programs: [{ name: "card_top_up", minutes: [1, 1], price: [500, 5000] }],
    payment: { method: "notes", denominations: [2000, 1000, 500], cardShare: 0 },
    meanIdleMinutes: 25,
    faultCodes: ["NOTE_JAM", "PRINTER"],
    extraParams: {},
    service: "card_top_up",
  },
  coin_exchanger: {
    programs: [{ name: "exchange", minutes: [1, 1], price: [500, 2000] }],
    payment: { method: "notes", denominations: [1000, 500], cardShare: 0 },
    meanIdleMinutes: 40,
    faultCodes: ["HOPPER_EMPTY", "NOTE_JAM"],
    extraParams: {},
    service: "change",
  },
};

export function profileFor(machineType: string): MachineProfile {
  return PROFILES[machineType] ?? washer;
}

/** The smallest amount a price can move by: the smallest coin or note. */
export function priceStep(profile: MachineProfile): number {
  return Math.min(...profile.payment.denominations);
}

/** A new machine's parameters: the middle of its standard program, plus its type's own settings. */
export function defaultParams(profile: MachineProfile): MachineParams {
  const [standard] = profile.programs;
  const step = priceStep(profile);
  const price = Math.round((standard.price[0] + standard.price[1]) / 2 / step) * step;
  const minutes = Math.round((standard.minutes[0] + standard.minutes[1]) / 2);
  return { price, cycle_minutes: minutes, ...profile.extraParams };
}
