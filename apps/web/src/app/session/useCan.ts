import { hasPermission } from "@washboard/shared";
import { useSession } from "./store";

/**
 * Whether the signed-in account may do a vendor-level action: level 3 always, level 4 when it holds
 * the key (the same shared check the server runs). Screens hide the buttons of what it cannot do.
 */
export function useCan(): (key: string) => boolean {
  const user = useSession();
  return (key: string) => user !== null && (user.level !== 4 || hasPermission(user.permissions ?? [], key));
}
