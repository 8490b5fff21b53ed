export { LIFE_RATES, type LifeRates } from "./autonomous-life.js";
export { type CliOptions, parseCliOptions } from "./cli-options.js";
export { Fleet, type FleetCounts, type FleetOptions } from "./fleet.js";
export { parseFleet, readFleetFile } from "./fleet-file.js";
export type { MachineState } from "./machine.js";
export { defaultParams, type MachineProfile, type ProgramProfile, profileFor } from "./machine-profiles.js";
export { drawPurchase, type Purchase, piecesFor, SIMULATED_CARD_COUNT, simulatedCardNumber } from "./purchase.js";
export { deviceSeed, type Random, seededRandom } from "./random.js";
export { type ScheduledTask, Scheduler, TaskGroup } from "./scheduler.js";
export {
  type AnswerMode,
  type DeviceIdentity,
  type DeviceState,
  type DeviceStats,
  SimulatedDevice,
  type SimulatedDeviceOptions,
} from "./simulated-device.js";
