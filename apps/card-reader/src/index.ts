export { type BridgeOptions, type RunningBridge, startBridge } from "./bridge.js";
export { type CliOptions, parseCliOptions } from "./cli-options.js";
export { DEFAULT_ALLOWED_ORIGINS, originAllowed, parseAllowedOrigin } from "./origins.js";
export { type KeyboardCommand, parseKeyboardLine } from "./readers/keyboard.js";
export { loadPcscBackend, type PcscCardReader, type PcscContext, PcscReaderBackend } from "./readers/pcsc.js";
export {
  type CardOnReader,
  type CardReading,
  type ReaderBackend,
  ReaderError,
  type ReaderEvents,
} from "./readers/reader.js";
export { SIMULATED_READER_NAME, SimulatedReader, type SimulatedReaderState } from "./readers/simulated.js";
export { type RunningTapServer, startTapServer, type TapServerOptions } from "./readers/tap-server.js";
