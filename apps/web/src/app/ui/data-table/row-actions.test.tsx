import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18next, initI18n } from "../../i18n";
import { actionsColumn } from "./row-actions";

interface Row {
  id: number;
  enabled: boolean;
  own: boolean;
}

beforeAll(async () => {
  await initI18n();
  await i18next.changeLanguage("en");
});
afterEach(cleanup);

describe("actionsColumn", () => {
  it("is no column when no action is allowed", () => {
    expect(actionsColumn<Row>([])).toEqual([]);
    expect(
      actionsColumn<Row>([
        { labelKey: "a", testId: "a", allowed: false, onClick: () => {} },
        { labelKey: "b", testId: "b", allowed: false, onClick: () => {} },
      ]),
    ).toEqual([]);
  });

  it("is one actions column, empty in exports, with the allowed buttons in order", () => {
    const edit = vi.fn();
    const [column, ...rest] = actionsColumn<Row>([
      { labelKey: "row.edit", testId: "row-edit", onClick: edit },
      { labelKey: "row.hidden", testId: "row-hidden", allowed: false, onClick: () => {} },
      {
        labelKey: (row) => (row.enabled ? "row.disable" : "row.enable"),
        testId: "row-toggle",
        onClick: () => {},
      },
      { labelKey: "row.remove", testId: "row-remove", danger: true, hidden: (row) => !row.own, onClick: () => {} },
    ]);
    expect(rest).toEqual([]);
    expect(column?.key).toBe("actions");
    expect(column?.titleKey).toBe("common.actions");
    const row: Row = { id: 1, enabled: false, own: true };
    expect(column?.text?.(row)).toBe("");

    render(<div>{column?.render?.(row)}</div>);
    const buttons = screen.getAllByRole("button");
    expect(buttons.map((b) => b.getAttribute("data-testid"))).toEqual(["row-edit", "row-toggle", "row-remove"]);
    expect(screen.getByTestId("row-toggle").textContent).toBe("row.enable");
    expect(screen.getByTestId("row-remove").className).toContain("dangerous");
    fireEvent.click(screen.getByTestId("row-edit"));
    expect(edit).toHaveBeenCalledWith(row);
  });

  it("renders nothing for a row every action is hidden on", () => {
    const [column] = actionsColumn<Row>([
      { labelKey: "row.edit", testId: "row-edit", hidden: (row) => !row.own, onClick: () => {} },
    ]);
    const { container } = render(<div>{column?.render?.({ id: 2, enabled: true, own: false })}</div>);
    expect(container.firstElementChild?.innerHTML).toBe("");
  });
});
