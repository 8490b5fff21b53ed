/** What the console's Bluetooth tool needs of the device protocol: the GATT service and the machine's info. */
export {
  BLUETOOTH_GATT,
  type BluetoothInfo,
  bluetoothInfo,
  decode as decodeDeviceMessage,
} from "@washboard/device-protocol";
