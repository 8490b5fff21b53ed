/** The public face of the devices module: all another module may import of it (src/architecture.test.ts checks). */
export type { AdminProvisionBody, ProvisionedDevice } from "./admin-provision.js";
export {
  adminProvisionBody,
  describeProblem,
  isAdminRequest,
  provisionFromBody,
  provisionRoute,
  provisionThroughServer,
} from "./admin-provision.js";
export type { RemoteCardDone } from "./commands/remote-cards.js";
export { remoteCardCredit } from "./commands/remote-cards.js";
export type { FirmwareNotice, FirmwareProgressRecord, MachineNow, UpgradeCandidate } from "./firmware-queries.js";
export { firmwareProgressAfter, machinesNow, sendFirmwareNotices, upgradeCandidates } from "./firmware-queries.js";
export { extendMachineHold, heldMachineIds, holdMachine, releaseMachineHold } from "./holds.js";
export * from "./ports.js";
export type { DeviceWithSecret } from "./provision.js";
export { matchDeviceSecrets, registerDevicesWithSecrets } from "./provision.js";
export type { DeviceTypeCounts, FirmwareVersionCount } from "./queries.js";
export {
  brokerRisksFor,
  commandOutcomes,
  deviceBySerial,
  deviceCountOfPriceTemplate,
  deviceCountOfVendor,
  deviceCountOnFirmware,
  deviceCounts,
  deviceCountsByShop,
  deviceCountsFrom,
  deviceCountsOf,
  deviceEventSums,
  deviceIdsOfPriceTemplate,
  deviceIdsOfShop,
  deviceMachineTypeOf,
  deviceNameOf,
  deviceOperationCounts,
  deviceSerialOf,
  devicesNeedingAttention,
  devicesOfShopExpr,
  firmwareVersionCounts,
  isShopDevice,
  machineToPrice,
  payableDevices,
  placedDevicesOfVendors,
  placedMachines,
  pushDeviceParams,
  reportsParams,
  setDevicesPriceTemplate,
  vendorDevicesForReports,
} from "./queries.js";
export { deviceRuntime } from "./runtime.js";
export type { OrderedMachine, SubscribedMachine } from "./subscriptions.js";
export {
  extendSubscriptions,
  ownedMachineOf,
  refuseLockedMachines,
  subscriptionDeviceCounts,
  subscriptionDevicePage,
  vendorMachines,
} from "./subscriptions.js";
