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

function show(kind: ToastKind, text: string): void {
  const toast = document.createElement("div");
  toast.className = `toast toast-${kind}`;
  toast.setAttribute("role", kind === "error" ? "alert" : "status");
  const message = document.createElement("span");
  // Text only: a message never becomes markup, whatever it holds.
  message.textContent = text;
  toast.append(toastIcon(kind), message);
  container().append(toast);
  setTimeout(() => toast.remove(), TIMING.toastSeconds * 1000);
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

export function toastError(error: unknown): void {
  show("error", errorText(error));
}

export function toastSuccess(key: string): void {
  show("success", i18next.t(key));
}

export function toastWarning(key: string): void {
  show("warning", i18next.t(key));
}
