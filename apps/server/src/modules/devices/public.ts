export type { RemoteCardDone } from "./commands/remote-cards.js";
export { remoteCardCredit } from "./commands/remote-cards.js";
export { extendMachineHold, heldMachineIds, holdMachine, releaseMachineHold } from "./holds.js";
export {
  brokerRisksFor,
  commandOutcomes,
  deviceBySerial,
  deviceCountOfPriceTemplate,
  deviceCountOfShop,
  deviceCountOfVendor,
  deviceCounts,
  deviceCountsByShop,
  deviceEventSums,
  deviceIdsOfPriceTemplate,
  deviceIdsOfShop,
  deviceNameOf,
  deviceOperationCounts,
  deviceSerialOf,
  devicesNeedingAttention,
  devicesOfShop,
  isShopDevice,
  payableDevices,
  placedDevicesOfVendors,
  pushDeviceParams,
  setDevicesPriceTemplate,
  vendorDevicesForReports,
} from "./queries.js";
export { deviceRuntime } from "./runtime.js";
