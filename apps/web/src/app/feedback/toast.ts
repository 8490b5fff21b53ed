import { TIMING } from "@washboard/shared";
import { ApiError } from "../api/client";
import { i18next } from "../i18n";
import { type ToastKind, toastIcon } from "./toast-icon";
import "./toast.css";

/**
 * Toasts (spec §8): errors in red for 3 s, translated from the error code in the active language;
 * the server's text where no translation exists. Success toasts come from the same catalogue.
 * Plain DOM, so the sign-in page can show them without loading the component library.
 */
function container(): HTMLElement {
  let root = document.getElementById("toasts");
  if (!root) {
    root = document.createElement("div");
    root.id = "toasts";
    root.className = "toasts";
    document.body.append(root);
  }
  return root;
}

/** The toasts on screen by kind and text, with the timer that removes each. */
const shown = new Map<string, { toast: HTMLElement; timer: ReturnType<typeof setTimeout> }>();

/** `detail`: a second, smaller line (the request's reference under a failure of ours). */
function show(kind: ToastKind, text: string, detail?: string): void {
  // Calls that fail together for one reason (a session that ended answers every open query) say so
  // once: the same message already on screen stays up for the full time again instead of repeating.
  const key = `${kind}:${text}:${detail ?? ""}`;
  const same = shown.get(key);
  if (same?.toast.isConnected) {
    clearTimeout(same.timer);
    same.timer = setTimeout(() => remove(key), TIMING.toastSeconds * 1000);
    return;
  }
  const toast = document.createElement("div");
  toast.className = `toast toast-${kind}`;
  toast.setAttribute("role", kind === "error" ? "alert" : "status");
  const message = document.createElement("span");
  // Text only: a message never becomes markup, whatever it holds.
  message.textContent = text;
  toast.append(toastIcon(kind), message);
  if (detail) {
    const small = document.createElement("small");
    small.className = "toast-detail";
    small.textContent = detail;
    message.append(small);
  }
  container().append(toast);
  shown.set(key, { toast, timer: setTimeout(() => remove(key), TIMING.toastSeconds * 1000) });
}

function remove(key: string): void {
  shown.get(key)?.toast.remove();
  shown.delete(key);
}

export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    // A message key the server named (a field rule, or what still depends on a record) wins over
    // the code's general text.
    if (error.messageKey && i18next.exists(error.messageKey)) return i18next.t(error.messageKey, error.params ?? {});
    const key = `errors.${error.code}`;
    return i18next.exists(key) ? i18next.t(key) : error.message;
  }
  return i18next.t("messages.operationFailed");
}

/**
 * A failure of ours (5xx) names the request's reference: support finds the server's log line by it.
 * Refusals (4xx) say what to change instead.
 */
export function toastError(error: unknown): void {
  const reference =
    error instanceof ApiError && error.status >= 500 && error.requestId
      ? i18next.t("messages.requestReference", { id: error.requestId.slice(0, 8) })
      : undefined;
  show("error", errorText(error), reference);
}

export function toastSuccess(key: string, values?: Record<string, string | number>): void {
  show("success", i18next.t(key, values));
}

export function toastWarning(key: string): void {
  show("warning", i18next.t(key));
}
