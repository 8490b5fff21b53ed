import { LIMITS } from "@washboard/shared";
import { and, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import { tenantOfGroup, tenantOfVendor } from "../tenancy/public.js";
import { uploads } from "./tables.js";

/** Who an image field's record belongs to: a group (brands, virtual cards) or a vendor (shops). */
export type ImageOwner = { groupId: number } | { vendorId: number };

/** The image fields of spec §5 and how many images each takes. */
export const IMAGE_FIELD_MAX = {
  "brand.logo": LIMITS.imageCounts.brandLogo,
  "brand.icon": LIMITS.imageCounts.brandIcon,
  "ecard.image": LIMITS.imageCounts.ecardImage,
  "shop.icon": LIMITS.imageCounts.shopIcon,
  "shop.images": LIMITS.imageCounts.shopImages,
  "price_template.icon": LIMITS.imageCounts.priceTemplateIcon,
  "invite_link.background": LIMITS.imageCounts.inviteBackground,
} as const;
export type ImageField = keyof typeof IMAGE_FIELD_MAX;

/**
 * The one check every call that saves images runs (the request schema checks the same count
 * first, but a service may be called from elsewhere): at most the field's count of §5, no key
 * twice, and every key an image this owner uploaded. `field` is the payload field for the answer.
 */
export async function checkImages(
  db: Db,
  owner: ImageOwner,
  kind: ImageField,
  field: string,
  keys: readonly string[],
): Promise<string[]> {
  const max = IMAGE_FIELD_MAX[kind];
  if (keys.length > max) {
    throw new AppError("VALIDATION_FAILED", {
      field,
      messageKey: max === 1 ? "validation.oneImage" : "validation.tooManyImages",
    });
  }
  const unique = [...new Set(keys)];
  if (unique.length !== keys.length) {
    throw new AppError("VALIDATION_FAILED", { field, messageKey: "validation.invalid" });
  }
  if (unique.length === 0) return [];
  // A group may use what it or its vendors uploaded; a vendor only what it uploaded.
  const tenant = "groupId" in owner ? tenantOfGroup(owner.groupId) : tenantOfVendor(owner.vendorId);
  const rows = await db
    .selectDistinct({ key: uploads.key })
    .from(uploads)
    .where(and(tenant.owns(uploads), inArray(uploads.key, unique)));
  if (rows.length !== unique.length) {
    throw new AppError("VALIDATION_FAILED", { field, messageKey: "validation.imageUnknown" });
  }
  return unique;
}
