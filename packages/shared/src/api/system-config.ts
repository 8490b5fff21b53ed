import { z } from "zod";
import { emptyBody, endpoint } from "./contract.js";
import { providerFlagsSchema } from "./vendor-shared.js";

export const systemConfigResult = z.array(z.object({ name: z.string(), value: z.string() }));

export const systemConfigEndpoints = {
  config: endpoint({
    method: "POST",
    path: "/api/Admin/get_system_config",
    summary:
      "Public system configuration (sitename, website, favicon; demo = 1 while the database holds the demo data, for the console's banner)",
    access: { kind: "public" },
    body: emptyBody,
    result: systemConfigResult,
    mutates: false,
  }),
} as const;

export { providerFlagsSchema };
