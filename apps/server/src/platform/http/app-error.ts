import { ERROR_STATUS, type ErrorCode } from "@washboard/shared";
import { englishMessage, type MessageParams } from "../i18n/messages.js";

/** A failure the caller should see: a stable code, its HTTP status, and an English message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly messageKey: string | undefined;
  readonly params: MessageParams | undefined;

  /**
   * `messageKey` names the catalogue text the console shows instead of the code's own, and `params`
   * the values it interpolates ("This location still has {{shops}} shops").
   */
  constructor(
    code: ErrorCode,
    options: { message?: string; field?: string; messageKey?: string; params?: MessageParams } = {},
  ) {
    super(options.message ?? englishMessage(options.messageKey ?? `errors.${code}`, options.params));
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.field = options.field;
    this.messageKey = options.messageKey;
    this.params = options.params;
  }
}

export const notFound = () => new AppError("NOT_FOUND");
export const noPermission = () => new AppError("NO_PERMISSION");
