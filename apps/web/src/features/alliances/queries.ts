import { API } from "@washboard/shared";
import { queryClient } from "../../app/api/query-client";
import { refreshSessionAlliances } from "../../app/session/boot";

/**
 * After any alliance change: its lists, the member picker, the session's alliance list, and the
 * shop list and selects, which name each shop's alliance.
 */
export async function refreshAlliances(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ["list", API.alliance.list.path] }),
    queryClient.invalidateQueries({ queryKey: [API.alliance.freeShops.path] }),
    queryClient.invalidateQueries({ queryKey: ["list", API.shop.list.path] }),
    queryClient.invalidateQueries({ queryKey: [API.shop.options.path] }),
    refreshSessionAlliances(),
  ]);
}
