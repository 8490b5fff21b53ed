import type { EndpointContract } from "@washboard/shared";
import type { z } from "zod";
import { useCallMutation } from "../../api/useCallMutation";
import { useConfirm } from "../confirm";
import type { RowAction } from "./row-actions";

/** What the confirmation dialog asks about a row (texts already translated). */
export interface RowConfirmation {
  title: string;
  content?: string | undefined;
}

/** The button and the follow-up every confirmed row action has. */
interface ConfirmedActionOptions<Row> {
  testId: string;
  /** Whether the account may use it at all, usually a `can(...)` check; leaving it out means yes. */
  allowed?: boolean;
  /** The rows it is not offered on. */
  hidden?: (row: Row) => boolean;
  /** After the call succeeded and the lists refetched. */
  onSuccess?: (row: Row) => void;
  /** Replaces the error toast, for errors the screen explains itself. */
  onError?: (error: Error, row: Row) => void;
}

export interface RemoveActionOptions<Row, C extends EndpointContract> extends ConfirmedActionOptions<Row> {
  labelKey: string;
  body: (row: Row) => z.input<C["body"]>;
  confirm: (row: Row) => RowConfirmation;
}

export interface ToggleActionOptions<Row, C extends EndpointContract> extends ConfirmedActionOptions<Row> {
  /** Labels of the button: it offers the opposite of the row's state. */
  labelKeys: { enable: string; disable: string };
  isEnabled: (row: Row) => boolean;
  /** The payload switching the row on (`enable`) or off. */
  body: (row: Row, enable: boolean) => z.input<C["body"]>;
  confirm: (row: Row, enabling: boolean) => RowConfirmation;
}

/**
 * The status word an account toggle sends. Typed, so a payload written inline keeps the literal the
 * contract takes rather than widening to string.
 */
export function accountStatus(enable: boolean): "enabled" | "disabled" {
  return enable ? "enabled" : "disabled";
}

/** Asks, and calls only once confirmed; success toasts `success` and refetches what the change makes stale. */
function useConfirmedCall<Row, C extends EndpointContract>(
  contract: C,
  success: string,
  toBody: (row: Row) => z.input<C["body"]>,
  options: ConfirmedActionOptions<Row>,
): (row: Row, confirmation: RowConfirmation & { danger: boolean }) => Promise<void> {
  const confirm = useConfirm();
  const mutation = useCallMutation(contract, {
    toBody,
    success,
    onSuccess: (_result, row) => options.onSuccess?.(row),
    ...(options.onError ? { onError: options.onError } : {}),
  });
  return async (row, confirmation) => {
    if (await confirm(confirmation)) mutation.mutate(row);
  };
}

export interface ConfirmedActionSpec<Row, C extends EndpointContract> extends RemoveActionOptions<Row, C> {
  /** i18n key of the toast on success. */
  success: string;
  /** Asked as a dangerous action (red), for what cannot be undone. */
  danger?: boolean;
}

/** A row's button for a call that is confirmed first (a pause, an abort): the call, then `success`. */
export function useConfirmedAction<Row, C extends EndpointContract>(
  contract: C,
  options: ConfirmedActionSpec<Row, C>,
): RowAction<Row> {
  const ask = useConfirmedCall(contract, options.success, options.body, options);
  const danger = options.danger ?? false;
  return {
    labelKey: options.labelKey,
    testId: options.testId,
    danger,
    allowed: options.allowed,
    hidden: options.hidden,
    onClick: (row) => void ask(row, { ...options.confirm(row), danger }),
  };
}

/** A row's remove button: a dangerous confirmation, then the call; "deleted" on success. */
export function useRemoveAction<Row, C extends EndpointContract>(
  contract: C,
  options: RemoveActionOptions<Row, C>,
): RowAction<Row> {
  return useConfirmedAction(contract, { ...options, success: "success.delete", danger: true });
}

/**
 * A row's enable/disable button: it offers the opposite of the row's state and confirms first
 * (as a dangerous action when disabling); "set" on success.
 */
export function useToggleAction<Row, C extends EndpointContract>(
  contract: C,
  options: ToggleActionOptions<Row, C>,
): RowAction<Row> {
  const { isEnabled } = options;
  const ask = useConfirmedCall(contract, "success.set", (row: Row) => options.body(row, !isEnabled(row)), options);
  return {
    labelKey: (row) => (isEnabled(row) ? options.labelKeys.disable : options.labelKeys.enable),
    testId: options.testId,
    allowed: options.allowed,
    hidden: options.hidden,
    onClick: (row) => {
      const enabling = !isEnabled(row);
      void ask(row, { ...options.confirm(row, enabling), danger: !enabling });
    },
  };
}
