import type { QueryClient, QueryKey } from "@tanstack/react-query";
import {
  API,
  type CommandItem,
  type CommandStateName,
  type DeviceItem,
  type ListPage,
  type LiveData,
} from "@washboard/shared";
import { queryKeys } from "../../app/api/query-keys";

/*
 * What the live stream changes in the device screen's cached answers, without a round trip. Pure
 * functions of the query client: the live topic handlers call them, and so does the screen when a
 * command call answers. No component library here: the frame loads this with the live stream.
 */

type DeviceStatus = LiveData<"devices.status">["devices"][number];

/** A device row with the fields of a status event that changed; the same row when none did. */
export function withStatus(device: DeviceItem, status: DeviceStatus): DeviceItem {
  const next: DeviceItem = { ...device, last_seen_at: status.last_seen_at ?? device.last_seen_at };
  if (status.online !== undefined) next.online = status.online;
  if (status.presence !== undefined) next.presence = status.presence;
  if (status.busy !== undefined) next.busy = status.busy;
  if (status.fault !== undefined) next.fault_code = status.fault;
  if (status.firmware !== undefined) next.firmware = status.firmware;
  if (status.cashbox !== undefined) {
    next.cashbox_current = status.cashbox.current;
    next.cashbox_cumulative = status.cashbox.cumulative;
  }
  if (status.params !== undefined) next.params_reported = status.params;
  if (status.responding !== undefined) next.responding = status.responding;
  return next;
}

/** Merges changed device fields into every cached page of the vendor's device list. */
export function mergeDeviceStatus(
  client: QueryClient,
  activeVendorId: number | null,
  statuses: readonly DeviceStatus[],
): void {
  const byId = new Map(statuses.map((s) => [s.id, s]));
  client.setQueriesData<ListPage<DeviceItem>>(
    { queryKey: queryKeys.call(API.devices.list, activeVendorId) },
    (page) => {
      if (!page?.items.some((d) => byId.has(d.id))) return page;
      return {
        ...page,
        items: page.items.map((device) => {
          const status = byId.get(device.id);
          return status ? withStatus(device, status) : device;
        }),
      };
    },
  );
}

/** How far along its life a command is: an event never moves a command back (queued → sent → ended). */
const STAGE: Record<CommandStateName, number> = {
  queued: 0,
  sent: 1,
  succeeded: 2,
  failed: 2,
  timed_out: 2,
  expired: 2,
};

export function isFinished(command: CommandItem): boolean {
  return STAGE[command.state] === 2;
}

/**
 * The later of two reports of one command. The call's answer and the live events may arrive in
 * either order (a fast device answers before the call's response is read); the later stage wins.
 */
export function laterOf(known: CommandItem | undefined, incoming: CommandItem): CommandItem {
  return known && STAGE[known.state] > STAGE[incoming.state] ? known : incoming;
}

/** The command-history filters a cached page was asked with (the list key's third parameter). */
interface CommandFilters {
  device_id?: number;
  batch_id?: string;
  state?: CommandStateName;
}

function matches(filters: CommandFilters, command: CommandItem): boolean {
  return (
    (filters.device_id === undefined || filters.device_id === command.device_id) &&
    (filters.batch_id === undefined || filters.batch_id === command.batch_id) &&
    (filters.state === undefined || filters.state === command.state)
  );
}

/**
 * Puts a command's new state into every cached page of the command history: in place where the
 * page holds it; first on a first page (newest first) whose filters it matches when it is new.
 * The keys are the one table's: `[domain, call, vendor, filters, pageSize, cursor]`.
 */
export function mergeCommandHistory(client: QueryClient, activeVendorId: number | null, command: CommandItem): void {
  const pages = client.getQueriesData<ListPage<CommandItem>>({
    queryKey: queryKeys.call(API.devices.commands, activeVendorId),
  });
  for (const [key, page] of pages) {
    if (!page) continue;
    const index = page.items.findIndex((c) => c.id === command.id);
    if (index >= 0) {
      const items = page.items.slice();
      items[index] = laterOf(page.items[index], command);
      client.setQueryData<ListPage<CommandItem>>(key, { ...page, items });
      continue;
    }
    const filters = (key[3] ?? {}) as CommandFilters;
    const firstPage = (key[5] ?? null) === null;
    if (firstPage && matches(filters, command)) {
      client.setQueryData<ListPage<CommandItem>>(key, {
        ...page,
        items: [command, ...page.items],
        total: page.total + 1,
      });
    }
  }
}

/** The commands this console has heard of, by id: what the outcome panel reads its batches from. */
export type CommandOutcomes = Readonly<Record<string, CommandItem>>;

/** Enough for the panel's few recent batches of up to 500 devices each. */
export const OUTCOMES_KEPT = 2000;

/**
 * The outcome panel's store in the query cache (under the devices domain, so a vendor switch or a
 * reset never mixes vendors). Filled by the call answers and the live events, never fetched.
 */
export function outcomesKey(activeVendorId: number | null): QueryKey {
  return [...queryKeys.domain("devices"), "outcomes", activeVendorId];
}

/** Records commands (a call's answer, or one live event) in the outcome store, keeping the later state. */
export function recordOutcomes(
  client: QueryClient,
  activeVendorId: number | null,
  commands: readonly CommandItem[],
): void {
  client.setQueryData<CommandOutcomes>(outcomesKey(activeVendorId), (known = {}) => {
    const next: Record<string, CommandItem> = { ...known };
    for (const command of commands) next[command.id] = laterOf(next[command.id], command);
    const ids = Object.keys(next);
    if (ids.length <= OUTCOMES_KEPT) return next;
    // The oldest beyond the cap go: the panel shows only recent batches.
    const oldest = Object.values(next)
      .sort((a, b) => a.created_at - b.created_at)
      .slice(0, ids.length - OUTCOMES_KEPT);
    for (const command of oldest) delete next[command.id];
    return next;
  });
}

/** A device as the freshest cached page of the device list holds it (live changes merged), if any does. */
export function cachedDevice(
  client: QueryClient,
  activeVendorId: number | null,
  deviceId: number,
): DeviceItem | undefined {
  for (const [, page] of client.getQueriesData<ListPage<DeviceItem>>({
    queryKey: queryKeys.call(API.devices.list, activeVendorId),
  })) {
    const found = page?.items.find((d) => d.id === deviceId);
    if (found) return found;
  }
  return undefined;
}
