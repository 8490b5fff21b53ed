import { defineFeature } from "../../app/feature-contract";

/** Devices outside any shop (the "wild" devices), claimed and bound to a shop. */
export const feature = defineFeature({
  screens: {
    "/ydevice/ydevice": { load: () => import("./WildDevicesPage") },
  },
});
