import { type UseMutationResult, useMutation, useQueryClient } from "@tanstack/react-query";
import type { EndpointContract } from "@washboard/shared";
import type { z } from "zod";
import { toastSuccess } from "../feedback/toast";
import { applyChange } from "./apply-change";
import { call } from "./client";

type Body<C extends EndpointContract> = z.input<C["body"]>;
type Result<C extends EndpointContract> = z.output<C["result"]>;

export interface CallMutationOptions<C extends EndpointContract, Input> {
  /** i18n key of the success toast; shown at once, without waiting for the refetch. */
  success?: string;
  /** Runs once what the change made stale has refetched (closing a dialog then reveals the new rows). */
  onSuccess?: (result: Result<C>, input: Input) => void | Promise<void>;
  /** Replaces the error toast of query-client.ts, for errors the screen explains itself. */
  onError?: (error: Error, input: Input) => void;
}

/** A mutating call taking its payload as is. */
export function useCallMutation<C extends EndpointContract>(
  contract: C,
  options?: CallMutationOptions<C, Body<C>>,
): UseMutationResult<Result<C>, Error, Body<C>>;
/** A mutating call taking what the screen has (form values, a row), which `toBody` turns into the payload. */
export function useCallMutation<C extends EndpointContract, Input>(
  contract: C,
  options: CallMutationOptions<C, Input> & { toBody: (input: Input) => Body<C> },
): UseMutationResult<Result<C>, Error, Input>;
/**
 * The console's one way to change data: calls the contract, and on success refetches the queries of
 * its domain and of the domains changes.ts declares, after the domain's side effect.
 */
export function useCallMutation<C extends EndpointContract, Input>(
  contract: C,
  options: CallMutationOptions<C, Input> & { toBody?: (input: Input) => Body<C> } = {},
): UseMutationResult<Result<C>, Error, Input> {
  const client = useQueryClient();
  return useMutation<Result<C>, Error, Input>({
    // Without toBody the first overload applies: the input is the payload.
    mutationFn: (input) => call(contract, options.toBody ? options.toBody(input) : (input as Body<C>)),
    onSuccess: async (result, input) => {
      if (options.success) toastSuccess(options.success);
      await applyChange(client, { contract, result });
      await options.onSuccess?.(result, input);
    },
    ...(options.onError ? { onError: options.onError } : {}),
  });
}
