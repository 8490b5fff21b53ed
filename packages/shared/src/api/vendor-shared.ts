import { z } from "zod";
import { ORDER_SCREEN_PROVIDERS, type ProviderFlag } from "../payments/providers.js";

export const providerFlagsSchema = z.object(
  Object.fromEntries(ORDER_SCREEN_PROVIDERS.map((p) => [p.orders.flag, z.boolean()])) as Record<
    ProviderFlag,
    z.ZodBoolean
  >,
);
