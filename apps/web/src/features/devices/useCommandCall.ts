import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { API, CommandItem } from "@washboard/shared";
import type { z } from "zod";
import { useCallMutation } from "../../app/api/useCallMutation";
import { toastWarning } from "../../app/feedback/toast";
import { useActiveVendorId } from "../../app/session/store";
import { type CommandTarget, deviceLabel } from "./command-form";
import { type CommandOutcomes, outcomesKey, recordOutcomes } from "./device-cache";

/** The calls that command devices: each answers the commands it issued, one per device. */
type CommandContract =
  | typeof API.devices.reboot
  | typeof API.devices.remoteStart
  | typeof API.devices.coinCollection
  | typeof API.devices.updateShadow
  | typeof API.priceTemplates.assign;

/** Commands issued together from this screen: what the outcome panel follows until each has ended. */
export interface IssuedBatch {
  key: string;
  kind: string;
  issuedAt: number;
  commandIds: string[];
  /** The devices' names as the screen knew them when issuing. */
  names: Record<number, string>;
}

function batchOf(commands: readonly CommandItem[], target: CommandTarget): IssuedBatch {
  const first = commands[0];
  return {
    key: first?.batch_id ?? first?.id ?? String(Date.now()),
    kind: first?.kind ?? "",
    issuedAt: first?.created_at ?? Math.floor(Date.now() / 1000),
    commandIds: commands.map((c) => c.id),
    names: Object.fromEntries(target.devices.map((d) => [d.id, deviceLabel(d)])),
  };
}

/**
 * A device command call: the one mutation hook, and what the screen does with the answer — each
 * device's command goes to the outcome store (whose later states the live stream brings) and the
 * batch to the outcome panel. No success toast: issuing is not success; the panel shows what each
 * device answers.
 */
export function useCommandCall<C extends CommandContract, Input extends { target: CommandTarget }>(
  contract: C,
  options: {
    toBody: (input: Input) => z.input<C["body"]>;
    onIssued: (batch: IssuedBatch) => void;
    onSuccess?: () => void;
  },
) {
  const client = useQueryClient();
  const activeVendorId = useActiveVendorId();
  return useCallMutation<C, Input>(contract, {
    toBody: options.toBody,
    onSuccess: (result, input) => {
      // Every command call answers `{ commands }` (commandsResult).
      const { commands } = result as { commands: CommandItem[] };
      options.onSuccess?.();
      if (commands.length === 0) {
        toastWarning("devices.noTargets");
        return;
      }
      recordOutcomes(client, activeVendorId, commands);
      options.onIssued(batchOf(commands, input.target));
    },
  });
}

/** The outcome store: every command this console has issued or heard of, at its latest state. */
export function useCommandOutcomes(): CommandOutcomes {
  const activeVendorId = useActiveVendorId();
  const query = useQuery<CommandOutcomes>({
    queryKey: outcomesKey(activeVendorId),
    // Never fetched: the call answers and the live events fill it (device-cache.ts).
    queryFn: () => ({}),
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return query.data ?? {};
}
