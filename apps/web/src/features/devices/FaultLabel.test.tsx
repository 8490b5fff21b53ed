import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { DeviceItem } from "@washboard/shared";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { useEnglishCatalogue } from "../../test/form-rules";
import { deviceColumns } from "./columns";
import { FaultLabel } from "./FaultLabel";

beforeAll(useEnglishCatalogue);
afterEach(cleanup);

describe("a machine's fault", () => {
  it("reads a known code's meaning with the code, and its tooltip says what to check first", async () => {
    render(<FaultLabel machineType="washer" code="water_inlet " testId="fault" />);
    const tag = screen.getByTestId("fault");
    expect(tag.textContent).toBe("Water did not fill in time (WATER_INLET)");
    expect(tag.getAttribute("data-fault-known")).toBe("true");
    expect(tag.getAttribute("tabindex")).toBe("0");
    fireEvent.mouseEnter(tag);
    expect(await screen.findByText("Check that the water tap is open and the inlet hose is not kinked")).toBeTruthy();
  });

  it("names a code the machine's type does not list, and says where to look it up", async () => {
    render(<FaultLabel machineType="dryer" code="DRAIN" testId="fault" />);
    const tag = screen.getByTestId("fault");
    expect(tag.textContent).toBe("Fault DRAIN");
    expect(tag.getAttribute("data-fault-known")).toBe("false");
    fireEvent.mouseEnter(tag);
    expect(
      await screen.findByText("Code DRAIN is not in this machine's fault list: see the manufacturer's manual"),
    ).toBeTruthy();
  });

  it("is the device list's fault column, also in exports", () => {
    const fault = deviceColumns("UTC", { currency: "MYR", hideSymbol: false }, 0).find((c) => c.key === "fault");
    const row = { machine_type: "dryer", fault_code: null } as DeviceItem;
    expect(fault?.text?.(row)).toBe("No fault");
    expect(fault?.text?.({ ...row, fault_code: "LINT_FILTER" })).toBe("Lint filter full or not in place (LINT_FILTER)");
    expect(fault?.text?.({ ...row, fault_code: "E99" })).toBe("Fault E99");
    render(<div>{fault?.render?.({ ...row, fault_code: "E05" })}</div>);
    expect(screen.getByTestId("device-fault").textContent).toBe("Temperature sensor fault (E05)");
  });
});
