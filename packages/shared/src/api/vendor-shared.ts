import { z } from "zod";
import { PAYMENT_PROVIDERS, type ProviderFlag } from "../access/providers.js";

export const providerFlagsSchema = z.object(
  Object.fromEntries(PAYMENT_PROVIDERS.map((p) => [p.flag, z.boolean()])) as Record<ProviderFlag, z.ZodBoolean>,
);
