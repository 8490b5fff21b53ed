import {
  type getPaymentInfoRequest,
  type modifyPayDiscountsRequest,
  type modifyPaymentInfoRequest,
  type modifyVendorContactRequest,
  PAYMENT_SETTINGS_PROVIDERS,
  type PaymentProviderItem,
  type PaymentSettingsProvider,
  providerFields,
  providerFlagOf,
  providerOf,
  providerTakes,
  type VendorProfile,
} from "@washboard/shared";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { AppError } from "../../platform/http/app-error.js";
import type { SignedInContext } from "../../platform/http/context.js";
import { maskSecret, openSecret, type SecretBox } from "../../platform/secrets/secret-box.js";
import {
  findGroup,
  findVendor,
  scopedVendor,
  setVendorProvider,
  tenantOfVendor,
  updateVendor,
  type VendorRow,
} from "../tenancy/public.js";
import { vendorPaymentSettings } from "./tables.js";

type SettingsRow = typeof vendorPaymentSettings.$inferSelect;

function toProfile(v: VendorRow, groupName: string | null): VendorProfile {
  return {
    vendor_id: v.id,
    name: v.name,
    real_name: v.realName,
    id_number: v.idNumber,
    phone: v.phone,
    home_page: v.homePage,
    settlement_cycle_days: v.settlementCycleDays,
    fee_rate_coins: Number(v.feeRateCoins),
    fee_rate_no_coins: Number(v.feeRateNoCoins),
    currency: v.currency,
    language: v.language,
    time_zone: v.timeZone,
    coin_denomination: v.coinDenomination,
    max_balance: v.maxBalance,
    withdrawable_balance: v.withdrawableBalance,
    group_name: groupName,
  };
}

export async function vendorProfileOf(db: Db, ctx: SignedInContext): Promise<VendorProfile> {
  const vendor = await scopedVendor(db, ctx.scope);
  return toProfile(vendor, (await findGroup(db, vendor.groupId))?.name ?? null);
}

export async function modifyVendorContact(
  db: Db,
  ctx: SignedInContext,
  input: z.output<typeof modifyVendorContactRequest>,
): Promise<VendorProfile> {
  const vendor = await scopedVendor(db, ctx.scope);
  ctx.audit.target = `vendor:${vendor.id} phone,home_page`;
  await updateVendor(db, { vendorId: vendor.id }, { phone: input.phone, homePage: input.home_page });
  return vendorProfileOf(db, ctx);
}

function toItem(
  secrets: SecretBox,
  provider: PaymentSettingsProvider,
  row: SettingsRow | undefined,
  enabled: readonly string[],
): PaymentProviderItem {
  const stored = row?.fields ?? {};
  const fields: Record<string, string> = {};
  const secretsSet: string[] = [];
  for (const field of providerFields(provider)) {
    const value = stored[field.name] ?? "";
    if ("secret" in field && field.secret) {
      const plain = openSecret(secrets, value);
      fields[field.name] = maskSecret(plain);
      if (plain !== "") secretsSet.push(field.name);
    } else {
      fields[field.name] = value;
    }
  }
  return {
    provider,
    enabled: enabled.includes(provider),
    flag: providerFlagOf(provider),
    fields,
    secrets_set: secretsSet,
    discount: row?.discount ?? null,
    updated_at: row ? toSeconds(row.updatedAt) : null,
  };
}

async function settingsOf(db: Db, vendorId: number): Promise<Map<string, SettingsRow>> {
  const rows = await db
    .select()
    .from(vendorPaymentSettings)
    .where(tenantOfVendor(vendorId).owns(vendorPaymentSettings));
  return new Map(rows.map((r) => [r.provider, r]));
}

/** The vendor's pay discounts (percent off) by provider, for the providers that have one. */
export async function payDiscountsOf(db: Db, vendorId: number): Promise<Map<string, number>> {
  const discounts = new Map<string, number>();
  for (const [provider, row] of await settingsOf(db, vendorId)) {
    if (row.discount) discounts.set(provider, row.discount);
  }
  return discounts;
}

export async function paymentInfo(
  db: Db,
  secrets: SecretBox,
  ctx: SignedInContext,
  input: z.output<typeof getPaymentInfoRequest>,
) {
  const vendor = await scopedVendor(db, ctx.scope);
  const rows = await settingsOf(db, vendor.id);
  const wanted = input.provider ? [input.provider] : PAYMENT_SETTINGS_PROVIDERS;
  return { providers: wanted.map((p) => toItem(secrets, p, rows.get(p), vendor.enabledProviders)) };
}

/**
 * Writes one provider's fields and switch. A secret sent back exactly as the mask the console was
 * shown keeps the stored value; any other text replaces it (sealed), and "" clears it. Enabling
 * needs every required field filled. The audit note names the changed fields, never their values.
 */
export async function modifyPaymentInfo(
  db: Db,
  secrets: SecretBox,
  ctx: SignedInContext,
  input: z.output<typeof modifyPaymentInfoRequest>,
) {
  const vendor = await scopedVendor(db, ctx.scope);
  const { provider } = input;
  ctx.audit.target = `vendor:${vendor.id} provider:${provider}`;
  const definitions = providerFields(provider);
  const known = new Set(definitions.map((d) => d.name));
  for (const name of Object.keys(input.fields)) {
    if (!known.has(name)) {
      throw new AppError("VALIDATION_FAILED", { field: `fields.${name}`, messageKey: "validation.invalid" });
    }
  }
  // A provider is switched on only for a currency it takes (WeChat Pay's domestic API: CNY only).
  if (input.enabled && providerOf(provider)?.money && !providerTakes(provider, vendor.currency)) {
    throw new AppError("PROVIDER_CURRENCY", { field: "enabled", params: { currency: vendor.currency } });
  }
  const wasEnabled = vendor.enabledProviders.includes(provider);
  // The provider's row is locked while its fields are merged, and the switch is one array update of
  // the vendor's row: concurrent changes of other providers (or of this one) are never lost.
  const { changed, enabledProviders } = await db.transaction(async (tx) => {
    const stored = await lockSettings(tx, vendor.id, provider);
    const merged = mergeFields(secrets, provider, stored, input);
    await tx
      .update(vendorPaymentSettings)
      .set({ fields: merged.next, updatedAt: sql`now()` })
      .where(and(tenantOfVendor(vendor.id).owns(vendorPaymentSettings), eq(vendorPaymentSettings.provider, provider)));
    return {
      changed: merged.changed,
      enabledProviders: await setVendorProvider(tx, vendor.id, provider, input.enabled),
    };
  });
  ctx.audit.target = [
    `vendor:${vendor.id} provider:${provider}`,
    wasEnabled !== input.enabled ? (input.enabled ? "enabled" : "disabled") : "",
    changed.length > 0 ? `changed:${changed.join(",")}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const rows = await settingsOf(db, vendor.id);
  return toItem(secrets, provider, rows.get(provider), enabledProviders);
}

/** The provider's stored fields, its row created if need be and locked for the rest of the transaction. */
async function lockSettings(tx: Tx, vendorId: number, provider: PaymentSettingsProvider) {
  await tx.insert(vendorPaymentSettings).values({ vendorId, provider }).onConflictDoNothing();
  const [row] = await tx
    .select({ fields: vendorPaymentSettings.fields })
    .from(vendorPaymentSettings)
    .where(and(tenantOfVendor(vendorId).owns(vendorPaymentSettings), eq(vendorPaymentSettings.provider, provider)))
    .for("update");
  return row?.fields ?? {};
}

/**
 * The fields after a change, and the names of those that changed. A secret sent back exactly as the
 * mask the console was shown keeps the stored value; any other text replaces it (sealed), and ""
 * clears it. Enabling needs every required field filled.
 */
function mergeFields(
  secrets: SecretBox,
  provider: PaymentSettingsProvider,
  stored: Record<string, string>,
  input: z.output<typeof modifyPaymentInfoRequest>,
) {
  const next: Record<string, string> = {};
  const changed: string[] = [];
  for (const field of providerFields(provider)) {
    const before = stored[field.name] ?? "";
    const sent = input.fields[field.name];
    const isSecret = "secret" in field && field.secret === true;
    if (isSecret) {
      const plain = openSecret(secrets, before);
      const value = sent === undefined || (sent !== "" && sent === maskSecret(plain)) ? plain : sent.trim();
      next[field.name] = value === "" ? "" : value === plain ? before : secrets.seal(value);
      if (value !== plain) changed.push(field.name);
      if (input.enabled && value === "" && !field.optional) missingField(field.name);
    } else {
      const value = sent === undefined ? before : sent.trim();
      next[field.name] = value;
      if (value !== before) changed.push(field.name);
      if (input.enabled && value === "" && !("optional" in field && field.optional)) missingField(field.name);
    }
  }
  return { next, changed };
}

function missingField(name: string): never {
  throw new AppError("VALIDATION_FAILED", { field: `fields.${name}`, messageKey: "validation.required" });
}

export async function modifyPayDiscounts(
  db: Db,
  secrets: SecretBox,
  ctx: SignedInContext,
  input: z.output<typeof modifyPayDiscountsRequest>,
) {
  const vendor = await scopedVendor(db, ctx.scope);
  const providers = [...new Set(input.discounts.map((d) => d.provider))];
  ctx.audit.target = `vendor:${vendor.id} discounts:${providers.join(",")}`;
  await db.transaction(async (tx) => {
    for (const { provider, discount } of input.discounts) {
      await tx
        .insert(vendorPaymentSettings)
        .values({ vendorId: vendor.id, provider, discount })
        .onConflictDoUpdate({
          target: [vendorPaymentSettings.vendorId, vendorPaymentSettings.provider],
          set: { discount, updatedAt: sql`now()` },
        });
    }
  });
  const rows = await settingsOf(db, vendor.id);
  return {
    providers: PAYMENT_SETTINGS_PROVIDERS.map((p) => toItem(secrets, p, rows.get(p), vendor.enabledProviders)),
  };
}

/** For tests and tooling: the raw stored row of one provider. */
export async function rawSettings(db: Db, vendorId: number, provider: string) {
  const [row] = await db
    .select()
    .from(vendorPaymentSettings)
    .where(and(tenantOfVendor(vendorId).owns(vendorPaymentSettings), eq(vendorPaymentSettings.provider, provider)));
  return row;
}

/**
 * A vendor's credentials for a provider it has switched on, secrets opened, for the provider's API;
 * undefined when it is off (so nobody pays or refunds through a provider the vendor disabled).
 */
export async function providerCredentials(
  db: Db,
  secrets: SecretBox,
  vendorId: number,
  provider: string,
): Promise<Record<string, string> | undefined> {
  const vendor = await findVendor(db, vendorId);
  if (!vendor?.enabledProviders.includes(provider)) return undefined;
  const [row] = await db
    .select({ fields: vendorPaymentSettings.fields })
    .from(vendorPaymentSettings)
    .where(and(tenantOfVendor(vendorId).owns(vendorPaymentSettings), eq(vendorPaymentSettings.provider, provider)));
  const stored = row?.fields ?? {};
  const descriptor = providerOf(provider);
  return Object.fromEntries(
    (descriptor?.credentials ?? []).map((field) => {
      const value = stored[field.name] ?? "";
      return [field.name, "secret" in field && field.secret ? openSecret(secrets, value) : value];
    }),
  );
}
