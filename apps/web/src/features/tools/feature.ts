import type { FeatureDeclaration } from "../../app/feature-contract";

/** The public device tools; they name devices in the devices section's words. */
export const feature: FeatureDeclaration = {
  screens: {
    "/open/tools/index": { load: () => import("./ToolsIndexPage") },
    "/open/tools/bluetooth": { load: () => import("./BluetoothToolPage") },
  },
};
