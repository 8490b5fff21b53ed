import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { DeviceItem } from "@washboard/shared";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { useEnglishCatalogue } from "../../test/form-rules";
import { deviceLogColumns } from "../device-log/columns";
import { CommandStateTag } from "./CommandStateTag";
import { deviceColumns, PresenceTag } from "./columns";

beforeAll(useEnglishCatalogue);
afterEach(cleanup);

const ringgit = { currency: "MYR", hideSymbol: false };

describe("the connection tag", () => {
  it("reads online or offline, plainly", () => {
    render(<PresenceTag presence="online" />);
    expect(screen.getByTestId("device-online").textContent).toBe("Online");
    cleanup();
    render(<PresenceTag presence="offline" />);
    expect(screen.getByTestId("device-online").textContent).toBe("Offline");
    expect(screen.getByTestId("device-online").getAttribute("tabindex")).toBeNull();
  });

  it("reads unknown, and its tooltip says what unknown means", async () => {
    render(<PresenceTag presence="unknown" />);
    const tag = screen.getByTestId("device-online");
    expect(tag.textContent).toBe("Unknown");
    expect(tag.getAttribute("data-presence")).toBe("unknown");
    expect(tag.getAttribute("tabindex")).toBe("0");
    fireEvent.mouseEnter(tag);
    expect(await screen.findByText(/has not heard from this machine since/)).toBeTruthy();
  });

  it("is the device list's connection column, also in exports", () => {
    const online = deviceColumns("UTC", ringgit, 0).find((c) => c.key === "online");
    const row = { presence: "unknown", online: false } as DeviceItem;
    expect(online?.text?.(row)).toBe("Unknown");
    expect(online?.text?.({ ...row, presence: "online", online: true })).toBe("Online");
  });
});

describe("the command state tag", () => {
  it("says a late answer with a clock", () => {
    render(<CommandStateTag command={{ state: "failed", late: true }} testId="state" />);
    const tag = screen.getByTestId("state");
    expect(tag.textContent).toBe("Answered late: failed");
    expect(tag.getAttribute("data-late")).toBe("true");
    expect(tag.querySelector(".anticon-clock-circle")).toBeTruthy();
  });

  it("is the state alone for an answer in time", () => {
    render(<CommandStateTag command={{ state: "succeeded", late: false }} testId="state" />);
    expect(screen.getByTestId("state").textContent).toBe("Succeeded");
    expect(screen.getByTestId("state").getAttribute("data-late")).toBeNull();
  });
});

describe("the device log's rows", () => {
  const columns = deviceLogColumns("UTC", ringgit);
  const column = (key: string) => columns.find((c) => c.key === key);
  const refused = {
    id: 1,
    device_id: 1,
    device_name: "Washer 1",
    serial_number: "WB-1",
    shop_name: "Bangsar",
    type: "message_refused",
    details: { kind: "event", code: "cycle_ceiling", reason: "price 500000 above 100000", device_ts: 1_700_000_000 },
    occurred_at: 1_800_000_000,
  };

  it("show a refused message's line with what it meant, the server's reason and the machine's clock below", () => {
    render(<div>{column("details")?.render?.(refused)}</div>);
    expect(screen.getByText("Message refused (event): Above the ceiling per cycle")).toBeTruthy();
    expect(screen.getAllByTestId("device-log-note").map((note) => note.textContent)).toEqual([
      "No order was made.",
      "price 500000 above 100000",
      "Machine clock: 2023-11-14 22:13:20",
    ]);
  });

  it("mark a refused message's type", () => {
    render(<div>{column("type")?.render?.(refused)}</div>);
    expect(screen.getByTestId("device-log-refused").textContent).toBe("Message refused");
    expect(column("type")?.text?.(refused)).toBe("Message refused");
  });
});
