import { useQuery } from "@tanstack/react-query";
import {
  API,
  hiddenPermissionsOf,
  isPermissionLeaf,
  PROMOTION_KINDS,
  type PromotionKind,
  promotionKey,
  VENDOR_VARIANTS,
} from "@washboard/shared";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useSession } from "../../app/session/store";
import { useCan } from "../../app/session/useCan";

/** What the promotions page shows the signed-in account. */
export interface PromotionAccess {
  /** The kinds it may manage, in the spec's order: one tab each. */
  kinds: PromotionKind[];
  /** Announcements, the pay page's popups (op_goodnews, which a car wash's variant hides). */
  announcements: boolean;
  /** Time-of-day prices: read (dev_query) and change (dev_control). */
  readWindows: boolean;
  changeWindows: boolean;
  /** The price preview (dev_query). */
  preview: boolean;
}

/**
 * Kind K needs the key op_K (spec §6). A level-4 account holds the keys of its role (never those
 * its vendor's variant hides); a level-3 one every key its vendor's variant shows, so for it the
 * keys the variant hides (a car wash has no bonus points) come from the vendor's customization.
 * Until that answer is in, the variant-only kinds (and announcements) stay hidden rather than flash in
 * and out.
 */
export function usePromotionAccess(): PromotionAccess {
  const can = useCan();
  const level = useSession()?.level;
  // The role editor's cached answer (same key): the keys the vendor's variant hides.
  const customization = useQuery({
    queryKey: queryKeys.call(API.tenancy.customization),
    queryFn: () => call(API.tenancy.customization, {}),
    enabled: level === 3,
  });
  const hidden = customization.data?.hidden_permissions;
  const shows = (key: string) => {
    if (!isPermissionLeaf(key) || !can(key)) return false;
    if (level !== 3) return true;
    // Before the answer (or when it failed), a key only some variants show is not shown yet.
    return hidden ? !hidden.includes(key) : !VARIANT_ONLY.has(key);
  };
  return {
    kinds: PROMOTION_KINDS.filter((kind) => shows(promotionKey(kind))),
    announcements: shows("op_goodnews"),
    readWindows: can("dev_query"),
    changeWindows: can("dev_control"),
    preview: can("dev_query"),
  };
}

/** The keys some variant hides (spec §6: the last promotion keys, e.g. for car washes). */
const VARIANT_ONLY = new Set<string>(VENDOR_VARIANTS.flatMap((variant) => hiddenPermissionsOf(variant)));
