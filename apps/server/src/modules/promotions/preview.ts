import type { pricePreviewRequest, pricePreviewResult } from "@washboard/shared";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { machineToPrice } from "../devices/public.js";
import { programsOf, templatesWithOptions } from "../price-templates/public.js";
import { findVendor, vendorTenant } from "../tenancy/public.js";
import { priceWith, rulesOf } from "./pricing.js";

/**
 * The console's price preview: each program of one machine priced as the pay page would price it
 * at `at` (now when absent) for a customer who is not a member, without a provider's discount.
 */
export async function previewPrice(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof pricePreviewRequest>,
): Promise<z.input<typeof pricePreviewResult>> {
  const tenant = vendorTenant(scope);
  const [machine, vendor] = await Promise.all([
    machineToPrice(db, tenant, input.device_id),
    findVendor(db, tenant.vendorId),
  ]);
  if (!machine || !vendor) throw new AppError("NOT_FOUND", { field: "device_id" });
  const at = input.at === undefined ? new Date() : new Date(input.at * 1000);
  const shopId = machine.shopId ?? 0;
  const [templates, rules] = await Promise.all([
    templatesWithOptions(db, machine.priceTemplateId ? [machine.priceTemplateId] : []),
    rulesOf(db, vendor, shopId, at),
  ]);
  const programs = programsOf(machine.priceTemplateId ? templates.get(machine.priceTemplateId) : undefined).filter(
    (p) => !input.option || p.option === input.option,
  );
  return {
    currency: vendor.currency,
    programs: programs.map((p) => ({
      option: p.option,
      name: p.name,
      minutes: p.minutes,
      price: priceWith(rules, {
        vendor,
        shopId,
        machineType: machine.machineType,
        listPrice: p.price,
        at,
      }),
    })),
  };
}
