import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useEnglishCatalogue } from "../../test/form-rules";
import { ApiError } from "../api/client";
import { toastError, toastSuccess, toastWarning } from "./toast";

beforeAll(useEnglishCatalogue);
beforeEach(() => document.getElementById("toasts")?.remove());

const toastOf = (kind: string) => document.querySelector<HTMLElement>(`.toast.toast-${kind}`);

describe("toasts (spec §8)", () => {
  it("mark an error as an alert with its own icon, and a success as a status with another", () => {
    toastError(new ApiError("LOGIN_FAILED", "login failed", 401));
    toastSuccess("success.login");
    const error = toastOf("error");
    const success = toastOf("success");
    expect(error?.getAttribute("role")).toBe("alert");
    expect(success?.getAttribute("role")).toBe("status");
    const errorIcon = error?.querySelector("svg.toast-icon");
    const successIcon = success?.querySelector("svg.toast-icon");
    expect(errorIcon?.getAttribute("data-kind")).toBe("error");
    expect(successIcon?.getAttribute("data-kind")).toBe("success");
    // Different marks (a cross, a tick), so the kind shows without colour too.
    expect(errorIcon?.querySelector("path")?.getAttribute("d")).not.toBe(
      successIcon?.querySelector("path")?.getAttribute("d"),
    );
    expect(errorIcon?.getAttribute("aria-hidden")).toBe("true");
  });

  it("name the request's reference under a failure of ours, not under a refusal", () => {
    const id = "3f2a9c1e-0b7d-4c55-9e21-7a8b6c5d4e3f";
    toastError(new ApiError("INTERNAL_ERROR", "x", 500, undefined, undefined, undefined, id));
    expect(toastOf("error")?.querySelector(".toast-detail")?.textContent).toBe("Reference: 3f2a9c1e");
    document.getElementById("toasts")?.remove();
    toastError(new ApiError("LOGIN_FAILED", "login failed", 401, undefined, undefined, undefined, id));
    expect(toastOf("error")?.querySelector(".toast-detail")).toBeNull();
  });

  it("show a message as text, never as markup", () => {
    const markup = "<img src=x onerror=alert(1)><b>bold</b>";
    toastError(new ApiError("NO_SUCH_CODE", markup, 400));
    const warning = "<script>alert(2)</script>";
    toastWarning(warning);
    expect(toastOf("error")?.textContent).toBe(markup);
    expect(toastOf("error")?.querySelector("img, b")).toBeNull();
    expect(toastOf("warning")?.textContent).toBe(warning);
    expect(toastOf("warning")?.querySelector("script")).toBeNull();
  });

  it("show a message once while it is on screen: three calls refused for one reason make one toast", () => {
    for (let i = 0; i < 3; i++) toastError(new ApiError("UNAUTHORIZED", "log in again", 401));
    toastError(new ApiError("LOGIN_FAILED", "login failed", 401));
    expect(document.querySelectorAll(".toast.toast-error")).toHaveLength(2);
  });
});
