import { hasPermission, type PermissionLeafKey } from "@washboard/shared";
import { useSession } from "./store";

/**
 * Whether the signed-in account may do a vendor-level action: level 3 always, level 4 when it holds
 * the action's leaf key (the same shared check the server runs; a group key is no right). Screens
 * hide the buttons of what it cannot do.
 */
export function useCan(): (key: PermissionLeafKey) => boolean {
  const user = useSession();
  return (key: PermissionLeafKey) => user !== null && (user.level !== 4 || hasPermission(user.permissions ?? [], key));
}
