import { act, renderHook, waitFor } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18next, initI18n } from "../../i18n";
import { useExport } from "./useExport";

const saved = vi.hoisted(() => [] as { blob: Blob; name: string }[]);
vi.mock("./download", () => ({
  downloadBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
}));
const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), warning: vi.fn() }));
vi.mock("../../feedback/toast", () => ({
  toastError: toasts.error,
  toastSuccess: toasts.success,
  toastWarning: toasts.warning,
}));

beforeAll(async () => {
  await initI18n();
  await i18next.changeLanguage("en");
});
beforeEach(() => {
  saved.length = 0;
  vi.clearAllMocks();
});

/** A download the test lets arrive: bytes first, then the whole file (or an abort). */
function serverFile() {
  let finish: (blob: Blob) => void = () => {};
  let told: (received: number) => void = () => {};
  let signal: AbortSignal | undefined;
  const download = vi.fn((_format: string, abort: AbortSignal, onBytes: (received: number) => void) => {
    signal = abort;
    told = onBytes;
    return new Promise<Blob>((resolve, reject) => {
      finish = resolve;
      abort.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
    });
  });
  return { download, bytes: (n: number) => told(n), finish: (blob: Blob) => finish(blob), signal: () => signal };
}

describe("an export the server writes", () => {
  const load = vi.fn(async () => []);

  it("shows what has arrived, then saves the file under the page's title, without loading rows", async () => {
    const file = serverFile();
    const { result } = renderHook(() =>
      useExport({ load, download: file.download, columns: [], title: "Sandbox orders", knownTotal: 420 }),
    );
    act(() => result.current.start("csv"));
    await waitFor(() =>
      expect(file.download).toHaveBeenCalledWith("csv", expect.any(AbortSignal), expect.any(Function)),
    );
    act(() => file.bytes(3_000));
    expect(result.current.progress).toMatchObject({ format: "csv", total: 420, receivedBytes: 3_000 });
    await act(async () => file.finish(new Blob(["a,b\r\n"])));
    await waitFor(() => expect(result.current.progress).toBeNull());
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toMatch(/^Sandbox orders_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(toasts.success).toHaveBeenCalledWith("table.exportDone");
    expect(load).not.toHaveBeenCalled();
  });

  it("stops the download when cancelled, saving nothing and showing no error", async () => {
    const file = serverFile();
    const { result } = renderHook(() => useExport({ load, download: file.download, columns: [], title: "Orders" }));
    act(() => result.current.start("xlsx"));
    await waitFor(() => expect(file.signal()).toBeDefined());
    await act(async () => result.current.cancel());
    await waitFor(() => expect(result.current.progress).toBeNull());
    expect(file.signal()?.aborted).toBe(true);
    expect(saved).toHaveLength(0);
    expect(toasts.error).not.toHaveBeenCalled();
  });
});
