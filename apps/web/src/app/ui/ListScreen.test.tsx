import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { API, type LocationItem } from "@washboard/shared";
import { Form, Input } from "antd";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../test/render";
import { i18next, initI18n, loadConsoleCatalogue, loadScreenCatalogue } from "../i18n";

/** The API client answers from fixtures by path, and keeps every call made. */
const calls: { path: string; body: unknown }[] = [];
const answers = new Map<string, (body: unknown) => unknown>();
vi.mock("../api/client", () => ({
  call: vi.fn(async (contract: { path: string }, body: unknown) => {
    calls.push({ path: contract.path, body });
    const answer = answers.get(contract.path);
    if (!answer) throw new Error(`unexpected call ${contract.path}`);
    return answer(body);
  }),
  download: vi.fn(),
  ApiError: class extends Error {},
}));

const { presentFilters } = await import("./data-table/filter-values");
const { EntityDialog } = await import("./EntityDialog");
const { ListScreen } = await import("./ListScreen");

const LIST = API.locations.list.path;
const location = (id: number, name: string): LocationItem => ({
  id,
  name,
  address: `${name} road`,
  shop_count: 0,
  created_at: 1_700_000_000,
});

function Dialog(props: { record: LocationItem | null; onClose(): void }) {
  return (
    <EntityDialog
      record={props.record}
      create={API.locations.create}
      modify={API.locations.modify}
      initialValues={
        props.record ? { name: props.record.name, address: props.record.address } : { name: "", address: "" }
      }
      titleKeys={{ add: "locations.add", edit: "locations.edit" }}
      name="location"
      testId="location-form"
      onClose={props.onClose}
    >
      <Form.Item name="name" label="Name">
        <Input data-testid="location-name" />
      </Form.Item>
      <Form.Item name="address" label="Address">
        <Input data-testid="location-address" />
      </Form.Item>
    </EntityDialog>
  );
}

function Screen(props: { full?: boolean; allowed?: boolean; initialName?: string }) {
  return (
    <ListScreen
      testId="locations-page"
      contract={API.locations.list}
      filters={{
        fields: [{ name: "name", labelKey: "locations.fields.name", input: <Input data-testid="filter-name" /> }],
        initialValues: { name: props.initialName ?? " first " },
        toFilters: (values: { name?: string }) => presentFilters(values),
        testId: "location-filters",
      }}
      columns={[{ key: "name", titleKey: "locations.fields.name", dataIndex: "name" }]}
      dialog={(record, close) => <Dialog record={record} onClose={close} />}
      add={{
        labelKey: "locations.add",
        testId: "location-add",
        allowed: props.allowed,
        cap:
          props.full === undefined
            ? undefined
            : {
                usage: { count: props.full ? 5 : 3, limit: 5, full: props.full },
                fullKey: "errors.SHOP_LIMIT",
                usageKey: "shops.usage",
                usageTestId: "usage",
              },
      }}
      edit={{ labelKey: "locations.editAction", testId: "location-edit" }}
      table={{
        testId: "location-table",
        emptyText: (filters) => (Object.keys(filters).length > 0 ? "no match" : "none yet"),
        title: "Locations",
      }}
    />
  );
}

beforeAll(async () => {
  await initI18n();
  await Promise.all([loadConsoleCatalogue(), loadScreenCatalogue()]);
  await i18next.changeLanguage("en");
});
beforeEach(() => {
  calls.length = 0;
  answers.set(LIST, () => ({ items: [location(1, "Bangsar"), location(2, "Cheras")], total: 2, next_cursor: null }));
  answers.set(API.locations.create.path, (body) => ({ id: 3, ...(body as object) }));
  answers.set(API.locations.modify.path, (body) => body);
});
afterEach(cleanup);

const listCalls = () => calls.filter((c) => c.path === LIST).map((c) => c.body);

describe("a list screen", () => {
  it("lists with the filter bar's first values, then with what Search and Reset say", async () => {
    renderInApp(<Screen />);
    expect(await screen.findByText("Bangsar")).toBeTruthy();
    expect(listCalls()[0]).toMatchObject({ name: "first" });

    fireEvent.change(screen.getByTestId("filter-name"), { target: { value: "  Cheras " } });
    fireEvent.click(screen.getByTestId("filter-search"));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ name: "Cheras" }));
    fireEvent.click(screen.getByTestId("filter-reset"));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ name: "first" }));
  });

  it("creates a record from a blank dialog and closes it", async () => {
    renderInApp(<Screen />);
    fireEvent.click(await screen.findByTestId("location-add"));
    const form = await screen.findByTestId("location-form");
    expect((within(form).getByTestId("location-name") as HTMLInputElement).value).toBe("");
    fireEvent.change(within(form).getByTestId("location-name"), { target: { value: "Kepong" } });
    fireEvent.change(within(form).getByTestId("location-address"), { target: { value: "Kepong road" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === API.locations.create.path)?.body).toEqual({
        name: "Kepong",
        address: "Kepong road",
      }),
    );
    await waitFor(() => expect(screen.queryByTestId("location-form")).toBeNull());
  });

  it("edits the row its edit button is on, sending its id", async () => {
    renderInApp(<Screen />);
    await screen.findByText("Cheras");
    fireEvent.click(screen.getAllByTestId("location-edit")[1] as HTMLElement);
    const form = await screen.findByTestId("location-form");
    expect((within(form).getByTestId("location-name") as HTMLInputElement).value).toBe("Cheras");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === API.locations.modify.path)?.body).toEqual({
        id: 2,
        name: "Cheras",
        address: "Cheras road",
      }),
    );
  });

  it("shows a capped list's usage, and disables add once the cap is reached; no add without the right", async () => {
    const { unmount } = renderInApp(<Screen full={false} />);
    expect((await screen.findByTestId("usage")).textContent).toContain("3");
    expect((screen.getByTestId("location-add") as HTMLButtonElement).disabled).toBe(false);
    unmount();
    const full = renderInApp(<Screen full />);
    expect((await screen.findByTestId("location-add")).hasAttribute("disabled")).toBe(true);
    full.unmount();
    renderInApp(<Screen allowed={false} />);
    await screen.findByText("Bangsar");
    expect(screen.queryByTestId("location-add")).toBeNull();
  });

  it("says nothing is there yet, or that nothing matches once a filter is set", async () => {
    answers.set(LIST, () => ({ items: [], total: 0, next_cursor: null }));
    renderInApp(<Screen initialName="" />);
    expect(await screen.findByText("none yet")).toBeTruthy();
    fireEvent.change(screen.getByTestId("filter-name"), { target: { value: "Kepong" } });
    fireEvent.click(screen.getByTestId("filter-search"));
    expect(await screen.findByText("no match")).toBeTruthy();
  });
});

describe("filter values", () => {
  it("trim text and leave out empty fields, keeping zero and false", () => {
    expect(presentFilters({ name: "  a ", blank: "  ", none: undefined, gone: null, zero: 0, no: false })).toEqual({
      name: "a",
      zero: 0,
      no: false,
    });
  });
});
