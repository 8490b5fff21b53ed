import { LEVEL } from "@washboard/shared";
import { useSession } from "../../app/session/store";
import { ManagedAccountsScreen } from "../vendor-accounts/ManagedAccountsScreen";

/** /subacct/subacct: the group's sub-administrators (level 7), managed by the main administrator. */
export default function GroupSubAccountsPage() {
  const user = useSession();
  return (
    <ManagedAccountsScreen kind="group" canManage={user?.level === LEVEL.GROUP_ADMIN} titleKey="routes.group_subacct" />
  );
}
