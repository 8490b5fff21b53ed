import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { Form } from "antd";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useEnglishCatalogue } from "../../test/form-rules";
import { renderInApp } from "../../test/render";
import type { StartProgramForm } from "./command-form";

/** The API client answers the price preview of machine 7: a 30 % offer on its programs. */
vi.mock("../../app/api/client", () => ({
  call: vi.fn(async (contract: { path: string }, body: { device_id: number }) => {
    if (contract.path !== "/api/Promotion/preview_price" || body.device_id !== 7) throw new Error("unexpected call");
    const priced = (list: number, final: number) => ({
      list_price: list,
      adjustments:
        list === final
          ? []
          : [{ kind: "promotion", rule_id: 1, name: "Rainy week", amount: final - list, price_after: final }],
      final_price: final,
    });
    return {
      currency: "MYR",
      programs: [
        { option: "", name: "Wash 10 kg", minutes: 35, price: priced(700, 490) },
        { option: "Hot water", name: "Wash 10 kg + Hot water", minutes: 35, price: priced(900, 630) },
      ],
    };
  }),
  ApiError: class extends Error {},
}));
const { PricedProgramPicker } = await import("./PricedProgramPicker");

beforeAll(useEnglishCatalogue);
afterEach(cleanup);

function Harness() {
  const [form] = Form.useForm<StartProgramForm>();
  return (
    // Plain inputs stand for the start's fields: each starts with a value, as the real dialog's do.
    <Form form={form} initialValues={{ program: "", price: "0.00", minutes: 0 }}>
      <PricedProgramPicker form={form} deviceId={7} currency="MYR" />
      <Form.Item name="program" noStyle>
        <input data-testid="program" />
      </Form.Item>
      <Form.Item name="price" noStyle>
        <input data-testid="price" />
      </Form.Item>
      <Form.Item name="minutes" noStyle>
        <input data-testid="minutes" />
      </Form.Item>
    </Form>
  );
}

describe("a start's program at today's price", () => {
  it("lists the machine's programs at the engine's price and fills the start with the one chosen", async () => {
    renderInApp(<Harness />);
    const select = await screen.findByRole("combobox");
    fireEvent.mouseDown(select);
    const option = await screen.findByText("Wash 10 kg + Hot water · RM 6.30 (RM 9.00)");
    fireEvent.click(option);
    await waitFor(() => expect((screen.getByTestId("price") as HTMLInputElement).value).toBe("6.30"));
    expect((screen.getByTestId("program") as HTMLInputElement).value).toBe("Wash 10 kg + Hot water");
    expect((screen.getByTestId("minutes") as HTMLInputElement).value).toBe("35");
  });
});
