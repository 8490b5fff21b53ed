import { API } from "@washboard/shared";
import { queryClient } from "../../app/api/query-client";
import { refreshSessionAlliances } from "../../app/session/boot";

/** After any alliance change: its lists, the member picker and the session's alliance list refetch. */
export async function refreshAlliances(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ["list", API.alliance.list.path] }),
    queryClient.invalidateQueries({ queryKey: [API.alliance.freeShops.path] }),
    refreshSessionAlliances(),
  ]);
}
