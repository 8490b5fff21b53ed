import { useSession } from "./store";

/**
 * The time zone the console shows times in: the account's (for levels 6/7, the active vendor's or
 * the group's) from account info; UTC until account info has loaded.
 */
export function useTimeZone(): string {
  return useSession()?.accountInfo?.common_info.time_zone ?? "UTC";
}
