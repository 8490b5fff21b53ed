import { defineFeature } from "../../app/feature-contract";

/** The vendor's devices: their live state, commands and settings. */
export const feature = defineFeature({
  screens: {
    "/shop/devices": { load: () => import("./DevicesPage") },
  },
  live: () => import("./live").then((m) => m.liveHandlers),
});
