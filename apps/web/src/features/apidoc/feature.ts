import { defineFeature } from "../../app/feature-contract";

/** The public API reference. */
export const feature = defineFeature({
  screens: {
    "/open/tools/apidoc": { load: () => import("./ApiDocPage"), strings: "frame" },
  },
});
