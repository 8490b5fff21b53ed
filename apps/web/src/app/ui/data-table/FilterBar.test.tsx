import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Input } from "antd";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { viewportOf } from "../../../test/media";
import { i18next, initI18n } from "../../i18n";
import { FilterBar } from "./FilterBar";

/** Whether a field shows: a folded one is in the form, hidden. */
const shown = (input: HTMLElement) => input.closest(".ant-form-item-hidden") === null;

const FIELDS = ["name", "serial", "shop", "state"].map((name) => ({
  name,
  labelKey: `f.${name}`,
  input: <Input data-testid={`field-${name}`} />,
}));

beforeAll(async () => {
  await initI18n();
  await i18next.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("FilterBar", () => {
  it("shows every field on a desktop, with no fold button", () => {
    viewportOf(1280);
    render(<FilterBar fields={FIELDS} onSearch={() => {}} />);
    for (const field of FIELDS) expect(shown(screen.getByTestId(`field-${field.name}`))).toBe(true);
    expect(screen.queryByTestId("filter-fold")).toBeNull();
  });

  it("on a phone shows the search box first and folds the rest behind Filters (n), keeping their values", async () => {
    viewportOf(375);
    const onSearch = vi.fn();
    render(<FilterBar fields={FIELDS} onSearch={onSearch} initialValues={{ state: "online" }} />);
    expect(shown(screen.getByTestId("field-name"))).toBe(true);
    expect(shown(screen.getByTestId("field-serial"))).toBe(false);
    const fold = screen.getByTestId("filter-fold");
    expect(fold.textContent).toBe("Filters");
    expect(fold.getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(fold);
    expect(shown(screen.getByTestId("field-serial"))).toBe(true);
    fireEvent.change(screen.getByTestId("field-serial"), { target: { value: "WB-1" } });
    fireEvent.change(screen.getByTestId("field-shop"), { target: { value: "Ampang" } });
    // The first value of a field (state: online) filters nothing new: two in use.
    await vi.waitFor(() => expect(fold.textContent).toBe("Filters (2)"));

    fireEvent.click(fold);
    expect(shown(screen.getByTestId("field-serial"))).toBe(false);
    fireEvent.click(screen.getByTestId("filter-search"));
    return vi.waitFor(() =>
      expect(onSearch).toHaveBeenCalledWith(
        expect.objectContaining({ serial: "WB-1", shop: "Ampang", state: "online" }),
      ),
    );
  });

  it("does not fold two fields on a phone: the search box and one more fit", () => {
    viewportOf(375);
    render(<FilterBar fields={FIELDS.slice(0, 2)} onSearch={() => {}} />);
    expect(shown(screen.getByTestId("field-serial"))).toBe(true);
    expect(screen.queryByTestId("filter-fold")).toBeNull();
  });
});
