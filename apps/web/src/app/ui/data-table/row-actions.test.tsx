import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { viewportOf } from "../../../test/media";
import { i18next, initI18n, loadScreenCatalogue } from "../../i18n";
import { actionsColumn, MORE_ACTIONS_TEST_ID, type RowAction } from "./row-actions";

interface Row {
  id: number;
  enabled: boolean;
  own: boolean;
}

beforeAll(async () => {
  await initI18n();
  await i18next.changeLanguage("en");
  await loadScreenCatalogue();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const row: Row = { id: 1, enabled: false, own: true };

function renderActions(actions: RowAction<Row>[], shown: Row = row) {
  const [column] = actionsColumn<Row>(actions);
  return render(<div>{column?.render?.(shown)}</div>);
}

/** The test ids of the row's buttons, the "more" button included. */
const buttonIds = () => screen.queryAllByRole("button").map((b) => b.getAttribute("data-testid"));

/** Opens the row's menu and answers its entries' test ids. */
async function menuIds() {
  fireEvent.click(screen.getByTestId(MORE_ACTIONS_TEST_ID));
  const items = await screen.findAllByRole("menuitem");
  return items.map((item) => item.querySelector("[data-testid]")?.getAttribute("data-testid"));
}

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

  it("is one actions column pinned to the table's end, kept at every width, empty in exports", () => {
    const [column, ...rest] = actionsColumn<Row>([{ labelKey: "row.edit", testId: "row-edit", onClick: () => {} }]);
    expect(rest).toEqual([]);
    expect(column?.key).toBe("actions");
    expect(column?.titleKey).toBe("common.actions");
    expect(column?.pinEnd).toBe(true);
    expect(column?.priority).toBe("key");
    expect(column?.text?.(row)).toBe("");
  });

  it("shows two allowed actions as buttons, in order, without the hidden and the refused", () => {
    const edit = vi.fn();
    renderActions([
      { labelKey: "row.edit", testId: "row-edit", onClick: edit },
      { labelKey: "row.hidden", testId: "row-hidden", allowed: false, onClick: () => {} },
      { labelKey: "row.skip", testId: "row-skip", hidden: (r) => r.own, onClick: () => {} },
      {
        labelKey: (r) => (r.enabled ? "row.disable" : "row.enable"),
        testId: "row-toggle",
        danger: true,
        onClick: () => {},
      },
    ]);
    expect(buttonIds()).toEqual(["row-edit", "row-toggle"]);
    expect(screen.getByTestId("row-toggle").textContent).toBe("row.enable");
    expect(screen.getByTestId("row-toggle").className).toContain("dangerous");
    fireEvent.click(screen.getByTestId("row-edit"));
    expect(edit).toHaveBeenCalledWith(row);
  });

  it("with more than two, shows the first as a button and the rest in the row's menu", async () => {
    const remove = vi.fn();
    renderActions([
      { labelKey: "row.edit", testId: "row-edit", onClick: () => {} },
      { labelKey: "row.top-up", testId: "row-top-up", onClick: () => {} },
      { labelKey: "row.remove", testId: "row-remove", danger: true, onClick: remove },
    ]);
    expect(buttonIds()).toEqual(["row-edit", MORE_ACTIONS_TEST_ID]);
    expect(screen.getByTestId(MORE_ACTIONS_TEST_ID).getAttribute("aria-label")).toBe("More actions");
    expect(await menuIds()).toEqual(["row-top-up", "row-remove"]);
    fireEvent.click(screen.getByTestId("row-remove"));
    expect(remove).toHaveBeenCalledWith(row);
  });

  it("on a phone puts every action of a row with several in the menu, a single one stays a button", async () => {
    viewportOf(375);
    renderActions([
      { labelKey: "row.edit", testId: "row-edit", onClick: () => {} },
      { labelKey: "row.remove", testId: "row-remove", onClick: () => {} },
    ]);
    expect(buttonIds()).toEqual([MORE_ACTIONS_TEST_ID]);
    expect(await menuIds()).toEqual(["row-edit", "row-remove"]);
    cleanup();
    renderActions([{ labelKey: "row.edit", testId: "row-edit", onClick: () => {} }]);
    expect(buttonIds()).toEqual(["row-edit"]);
  });

  it("renders nothing for a row every action is hidden on", () => {
    const { container } = renderActions(
      [{ labelKey: "row.edit", testId: "row-edit", hidden: (r) => !r.own, onClick: () => {} }],
      { id: 2, enabled: true, own: false },
    );
    expect(container.firstElementChild?.innerHTML).toBe("");
  });
});
