import { beforeAll, describe, expect, it } from "vitest";
import { useEnglishCatalogue } from "../../test/form-rules";
import { detailsText, eventTypeLabel } from "./details-text";

beforeAll(useEnglishCatalogue);

const ringgit = { currency: "MYR", hideSymbol: false };
const text = (type: string, details: Record<string, unknown>, display = ringgit) =>
  detailsText({ type, details }, display);

describe("detailsText", () => {
  it("shows the amount of coins, notes and a cash-box collection in the vendor's currency", () => {
    expect(text("coin_inserted", { amount: 500 })).toBe("RM 5.00");
    expect(text("note_inserted", { amount: 1000 })).toBe("RM 10.00");
    expect(text("cashbox_collected", { amount: 123456 })).toBe("RM 1,234.56");
    expect(text("coin_inserted", { amount: 500 }, { currency: "MYR", hideSymbol: true })).toBe("5.00");
  });

  it("shows a card's number and amount", () => {
    expect(text("card_used", { card_number: "88001234", amount: 300 })).toBe("Card 88001234 · RM 3.00");
  });

  it("shows a started cycle's program, price, run time and start type", () => {
    expect(text("cycle_started", { program: "Quick wash", price: 600, minutes: 35, start_type: "free_start" })).toBe(
      "Quick wash · RM 6.00 · 35 min · Free start",
    );
    expect(text("cycle_started", { program: "Dry", price: 400, minutes: 0, start_type: "coins" })).toBe(
      "Dry · RM 4.00 · Coins",
    );
  });

  it("shows a finished cycle's program", () => {
    expect(text("cycle_finished", { program: "Quick wash" })).toBe("Quick wash");
  });

  it("shows a firmware update's version, stage and progress", () => {
    expect(text("firmware_progress", { version: "2.5.0", stage: "downloading", percent: 40 })).toBe(
      "2.5.0 downloading 40%",
    );
  });

  it("leaves out what a device did not send, and shows an unknown event's fields as sent", () => {
    expect(text("coin_inserted", {})).toBe("");
    expect(text("cycle_started", { program: "Quick wash", start_type: "someday" })).toBe("Quick wash · someday");
    expect(text("door_opened", { door: "front", open: true })).toBe("door = front, open = true");
  });
});

describe("eventTypeLabel", () => {
  it("names the known types and keeps an unknown one as sent", () => {
    expect(eventTypeLabel("cashbox_collected")).toBe("Cash box collected");
    expect(eventTypeLabel("door_opened")).toBe("door_opened");
  });
});
