export { LIFE_RATES, type LifePace, type LifeRates } from "./autonomous-life.js";
export { type CliOptions, parseCliOptions } from "./cli-options.js";
export { type FirmwareTrouble, NO_FIRMWARE_TROUBLE } from "./firmware-trouble.js";
export { Fleet, type FleetCounts, type FleetOptions } from "./fleet.js";
export { parseFleet, readFleetFile } from "./fleet-file.js";
export type { MachineState } from "./machine.js";
export {
  defaultParams,
  type MachineProfile,
  type ProgramProfile,
  profileFor,
  USES_PER_DAY,
} from "./machine-profiles.js";
export { type MachineMoney, machineMoney, UNTOLD_MONEY } from "./money.js";
export {
  drawPurchase,
  type ProgramChoice,
  type Purchase,
  piecesFor,
  SIMULATED_CARD_COUNT,
  simulatedCardNumber,
  templatePrograms,
} from "./purchase.js";
export { deviceSeed, type Random, seededRandom } from "./random.js";
export { ManualClock, type ScheduledTask, Scheduler, TaskGroup, type TaskScheduler } from "./scheduler.js";
export {
  type AnswerMode,
  type DeviceIdentity,
  type DeviceState,
  type DeviceStats,
  initialParams,
  SimulatedDevice,
  type SimulatedDeviceOptions,
} from "./simulated-device.js";
export { type OfflineTradingOptions, type Sale, salesOf, type TradedEvent, tradeOffline } from "./trading.js";
