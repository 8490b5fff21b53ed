import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { API, ENABLED_STATUS } from "@washboard/shared";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../../test/render";
import { i18next, initI18n } from "../../i18n";

vi.mock("../../api/client", () => ({
  call: vi.fn(async () => ({ id: 1 })),
  ApiError: class extends Error {},
}));

const { call } = await import("../../api/client");
const { useRemoveAction, useToggleAction } = await import("./confirmed-actions");
const { actionsColumn } = await import("./row-actions");

interface Row {
  id: number;
  name: string;
  status: number;
}

function Actions({ row }: { row: Row }) {
  const toggle = useToggleAction(API.brands.setStatus, {
    labelKeys: { enable: "row.enable", disable: "row.disable" },
    testId: "row-toggle",
    isEnabled: (r: Row) => r.status === ENABLED_STATUS.enabled,
    body: (r, enable) => ({ id: r.id, status: enable ? ENABLED_STATUS.enabled : ENABLED_STATUS.disabled }),
    confirm: (r, enabling) => ({ title: `${enabling ? "Enable" : "Disable"} ${r.name}?` }),
  });
  const remove = useRemoveAction(API.brands.remove, {
    labelKey: "row.remove",
    testId: "row-remove",
    body: (r: Row) => ({ id: r.id }),
    confirm: (r) => ({ title: `Remove ${r.name}?`, content: "It goes for good." }),
  });
  const [column] = actionsColumn<Row>([toggle, remove]);
  return <div>{column?.render?.(row)}</div>;
}

function renderActions(row: Row) {
  return renderInApp(<Actions row={row} />);
}

const confirmButton = () => screen.getByRole("button", { name: i18next.t("common.confirm") });
const cancelButton = () => screen.getByRole("button", { name: i18next.t("common.cancel") });
/** The confirmation dialog's title, once it shows. */
const confirmation = () =>
  waitFor(() => {
    const title = document.querySelector(".ant-modal-confirm-title")?.textContent;
    expect(title).toBeTruthy();
    return title;
  });

beforeAll(async () => {
  await initI18n();
  await i18next.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.mocked(call).mockClear();
});

describe("useRemoveAction", () => {
  it("asks first, as a dangerous action, and makes no call when cancelled", async () => {
    renderActions({ id: 4, name: "Bubbles", status: ENABLED_STATUS.enabled });
    const button = screen.getByTestId("row-remove");
    expect(button.className).toContain("dangerous");

    fireEvent.click(button);
    expect(await confirmation()).toBe("Remove Bubbles?");
    expect(screen.getByText("It goes for good.")).toBeTruthy();
    expect(confirmButton().className).toContain("dangerous");
    fireEvent.click(cancelButton());
    // Cancelling is handled once the dialog is leaving (happy-dom never ends its animation): no call by then.
    await waitFor(() => expect(document.querySelector(".ant-modal-confirm")?.className).toContain("leave"));
    expect(call).not.toHaveBeenCalled();
  });

  it("calls once confirmed, and says it is deleted", async () => {
    renderActions({ id: 4, name: "Bubbles", status: ENABLED_STATUS.enabled });
    fireEvent.click(screen.getByTestId("row-remove"));
    await confirmation();
    expect(call).not.toHaveBeenCalled();
    fireEvent.click(confirmButton());
    await waitFor(() => expect(call).toHaveBeenCalledWith(API.brands.remove, { id: 4 }));
    expect(call).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(document.querySelector(".toast-success")?.textContent).toBe(i18next.t("success.delete")),
    );
  });
});

describe("useToggleAction", () => {
  // Disabling is the dangerous way; enabling asks plainly.
  it.each([
    {
      status: ENABLED_STATUS.enabled,
      label: "row.disable",
      title: "Disable Suds?",
      sent: ENABLED_STATUS.disabled,
      danger: true,
    },
    {
      status: ENABLED_STATUS.disabled,
      label: "row.enable",
      title: "Enable Suds?",
      sent: ENABLED_STATUS.enabled,
      danger: false,
    },
  ])("offers $label on a row of status $status and sends $sent once confirmed", async (c) => {
    renderActions({ id: 5, name: "Suds", status: c.status });
    const button = screen.getByTestId("row-toggle");
    expect(button.textContent).toBe(c.label);

    fireEvent.click(button);
    expect(await confirmation()).toBe(c.title);
    expect(confirmButton().className.includes("dangerous")).toBe(c.danger);
    expect(call).not.toHaveBeenCalled();
    fireEvent.click(confirmButton());
    await waitFor(() => expect(call).toHaveBeenCalledWith(API.brands.setStatus, { id: 5, status: c.sent }));
  });
});
