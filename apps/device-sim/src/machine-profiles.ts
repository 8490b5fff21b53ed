import type { MachineParams } from "@washboard/device-protocol";

/** A program a customer can choose when the machine runs no price template; ranges are inclusive. */
export interface ProgramProfile {
  name: string;
  minutes: readonly [number, number];
  /** In coins of the vendor (`MachineMoney.coin`): a coin-operated machine is set in coins per cycle. */
  price: readonly [number, number];
}

/**
 * How a machine type behaves over time. Its own prices are counted in the vendor's coins, so they
 * are amounts of the vendor's currency whatever it is; a machine that runs a price template charges
 * the template's prices instead (purchase.ts).
 */
export interface MachineProfile {
  /**
   * The first is the standard program; without a price template a customer chooses among them all,
   * with one a customer buys the template's program or one of its options.
   */
  programs: readonly [ProgramProfile, ...ProgramProfile[]];
  payment: {
    /** What the machine takes in cash. */
    method: "coins" | "notes";
    /** In coins of the vendor, largest first; the smallest is the step every price of its own is a multiple of. */
    denominations: readonly [number, ...number[]];
    /** Share of customers paying by card instead. */
    cardShare: number;
  };
  /**
   * Paid uses a day, on the wall clock: customers come at this pace whatever the time scale, which
   * speeds only the machines (their cycles, faults and drops). See USES_PER_DAY.
   */
  usesPerDay: number;
  faultCodes: readonly [string, ...string[]];
  /** Parameters besides a price template's, so the shadow has something type-specific to show. */
  extraParams: MachineParams;
  /**
   * What a customer's money buys when it is not a cycle: a kiosk tops up the customer's card, a
   * coin exchanger gives change. Such a machine runs no cycles.
   */
  service?: "card_top_up" | "change";
}

/**
 * How often a machine is paid for, in uses a real day (customers keep the wall clock whatever the
 * time scale): what a real shop sees, so a demo day's takings are a normal day's. The figure: the
 * Bangkok demo shop (three washers at ฿50, two dryers at ฿40 and a combo at ฿90, each on its type's
 * template) takes about ฿2,000 on a normal day, some 40 cycles — a washer 8, a dryer 6, a combo 4:
 * one use every two to four hours, far below what a machine could run (a 35-minute cycle fits 40
 * times in a day), and of the order of the seeded history's 2 to 7 sales a machine a day. At RM 7.00
 * to 9.00 a wash, RM 5.00 a dry and RM 12.00 both, a Kuala Lumpur shop of nine to sixteen machines
 * comes to RM 350 to RM 650 a day. Arrivals are spread over the whole day (a memoryless process), so a couple of live
 * minutes add a few baht, not hundreds. The other types are as busy as such machines are in a shop.
 */
export const USES_PER_DAY = {
  washer: 8,
  dryer: 6,
  combo: 4,
  carWash: 20,
  vending: 10,
  liquidVending: 6,
  kiosk: 3,
  coinExchanger: 4,
} as const;

const washPrograms = [
  { name: "normal", minutes: [30, 40], price: [4, 8] },
  { name: "hot", minutes: [40, 45], price: [6, 8] },
  { name: "quick", minutes: [25, 30], price: [4, 5] },
] as const satisfies readonly ProgramProfile[];

const dryPrograms = [
  { name: "normal", minutes: [40, 50], price: [2, 5] },
  { name: "low_heat", minutes: [50, 60], price: [3, 5] },
  { name: "short", minutes: [30, 35], price: [2, 3] },
] as const satisfies readonly ProgramProfile[];

/** Coin machines take the vendor's coin (RM 1 in Kuala Lumpur, ฿10 in Bangkok). */
const coins = { method: "coins", denominations: [1], cardShare: 0.25 } as const;
/** Kiosks and exchangers take notes of 5 and 10 coins (RM 5 and RM 10, ฿50 and ฿100). */
const notes = { method: "notes", denominations: [10, 5], cardShare: 0 } as const;

const washer: MachineProfile = {
  programs: washPrograms,
  payment: coins,
  usesPerDay: USES_PER_DAY.washer,
  faultCodes: ["E01", "DOOR", "DRAIN", "WATER_INLET"],
  extraParams: { water_temp: 40, spin_rpm: 1200 },
};

const dryer: MachineProfile = {
  programs: dryPrograms,
  payment: coins,
  usesPerDay: USES_PER_DAY.dryer,
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
      { name: "wash_dry", minutes: [70, 90], price: [9, 14] },
      { name: "quick_wash_dry", minutes: [60, 70], price: [8, 10] },
    ],
    payment: coins,
    usesPerDay: USES_PER_DAY.combo,
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
      { name: "basic", minutes: [5, 10], price: [3, 6] },
      { name: "full", minutes: [10, 15], price: [6, 10] },
    ],
    payment: { ...coins, cardShare: 0.3 },
    usesPerDay: USES_PER_DAY.carWash,
    faultCodes: ["PUMP", "PRESSURE", "E10"],
    extraParams: { foam_seconds: 60 },
  },
  vending_machine: {
    programs: [
      { name: "snack", minutes: [1, 1], price: [1, 3] },
      { name: "drink", minutes: [1, 1], price: [2, 3] },
    ],
    payment: { ...coins, cardShare: 0.3 },
    usesPerDay: USES_PER_DAY.vending,
    faultCodes: vendingFaults,
    extraParams: {},
  },
  liquid_vending: {
    programs: [
      { name: "detergent", minutes: [1, 1], price: [1, 2] },
      { name: "softener", minutes: [1, 1], price: [1, 2] },
    ],
    payment: { ...coins, cardShare: 0.1 },
    usesPerDay: USES_PER_DAY.liquidVending,
    faultCodes: ["EMPTY", "PUMP"],
    extraParams: { dose_ml: 80 },
  },
  kiosk: {
    programs: [{ name: "card_top_up", minutes: [1, 1], price: [5, 50] }],
    payment: notes,
    usesPerDay: USES_PER_DAY.kiosk,
    faultCodes: ["NOTE_JAM", "PRINTER"],
    extraParams: {},
    service: "card_top_up",
  },
  coin_exchanger: {
    programs: [{ name: "exchange", minutes: [1, 1], price: [5, 20] }],
    payment: notes,
    usesPerDay: USES_PER_DAY.coinExchanger,
    faultCodes: ["HOPPER_EMPTY", "NOTE_JAM"],
    extraParams: {},
    service: "change",
  },
};

export function profileFor(machineType: string): MachineProfile {
  return PROFILES[machineType] ?? washer;
}

/** The smallest number of coins a price of the machine's own can move by: its smallest coin or note. */
export function priceStep(profile: MachineProfile): number {
  return Math.min(...profile.payment.denominations);
}

/**
 * A new machine's parameters: its type's own settings. Prices and cycle lengths are a price
 * template's (`price_lo`, `program_minutes`, …), which the server pushes or the fleet file gives.
 */
export function defaultParams(profile: MachineProfile): MachineParams {
  return { ...profile.extraParams };
}
