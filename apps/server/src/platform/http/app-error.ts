import { ERROR_STATUS, type ErrorCode } from "@washboard/shared";
import { englishMessage } from "../i18n/messages.js";

/** A failure the caller should see: a stable code, its HTTP status, and an English message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly messageKey: string | undefined;

  constructor(code: ErrorCode, options: { message?: string; field?: string; messageKey?: string } = {}) {
    super(
      options.message ?? (options.messageKey ? englishMessage(options.messageKey) : englishMessage(`errors.${code}`)),
    );
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.field = options.field;
    this.messageKey = options.messageKey;
  }
}

export const notFound = () => new AppError("NOT_FOUND");
export const noPermission = () => new AppError("NO_PERMISSION");
