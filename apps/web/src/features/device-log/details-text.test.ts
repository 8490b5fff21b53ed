import { beforeAll, describe, expect, it } from "vitest";
import { useEnglishCatalogue } from "../../test/form-rules";
import { detailsExportText, detailsNotes, detailsText, eventTypeLabel, eventTypeOptions } from "./details-text";

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

describe("a message the server refused", () => {
  const refused = (code: string, kind = "event") => ({
    type: "message_refused",
    details: { kind, code, reason: "amount 500000 above ceiling 100000", dead_letter_id: 42 },
  });

  it("reads as the topic it came on and why, in words", () => {
    expect(detailsText(refused("cycle_ceiling"), ringgit)).toBe("Message refused (event): Above the ceiling per cycle");
    expect(detailsText(refused("top_up_ceiling"), ringgit)).toBe(
      "Message refused (event): Above the ceiling per top-up",
    );
    expect(detailsText(refused("invalid", "status"), ringgit)).toBe(
      "Message refused (status): Not a message of the protocol",
    );
    expect(detailsText(refused("card_credit_machine", "ack"), ringgit)).toBe(
      "Message refused (acknowledgement): Card credit from a machine that cannot take money for cards",
    );
    expect(detailsText(refused("not_stored", "shadow/reported"), ringgit)).toBe(
      "Message refused (reported parameters): The server could not store it",
    );
    // A code or topic this console does not know yet is shown as sent.
    expect(detailsText(refused("too_shiny", "telemetry"), ringgit)).toBe("Message refused (telemetry): too_shiny");
    expect(detailsText({ type: "message_refused", details: { code: "invalid" } }, ringgit)).toBe(
      "Message refused: Not a message of the protocol",
    );
  });

  it("says below what it meant for the money, then the server's own reason", () => {
    expect(detailsNotes(refused("cycle_ceiling"), "UTC", ringgit)).toEqual([
      "No order was made.",
      "amount 500000 above ceiling 100000",
    ]);
    expect(detailsNotes(refused("top_up_ceiling"), "UTC", ringgit)[0]).toBe("Nothing was credited to the card.");
    expect(detailsNotes(refused("card_credit_machine"), "UTC", ringgit)[0]).toBe(
      "Only kiosks may credit money to cards: nothing was credited.",
    );
    expect(detailsNotes(refused("invalid"), "UTC", ringgit)).toEqual(["amount 500000 above ceiling 100000"]);
  });

  it("names the amount and the ceiling it passed in the vendor's currency, when the server gives them", () => {
    const above = {
      type: "message_refused",
      details: { kind: "event", code: "cycle_ceiling", reason: "price 6000 …", amount: 6_000, ceiling: 5_000 },
    };
    expect(detailsNotes(above, "UTC", ringgit)).toEqual([
      "No order was made.",
      "RM 60.00 is above the ceiling of RM 50.00",
    ]);
  });

  it("exports its line and notes as one text", () => {
    expect(detailsExportText(refused("cycle_ceiling"), ringgit, "UTC")).toBe(
      "Message refused (event): Above the ceiling per cycle — No order was made. — amount 500000 above ceiling 100000",
    );
  });
});

describe("an event whose machine clock was not believed", () => {
  // 2023-11-14 22:13:20 UTC: the machine's own time, far from when the server received it.
  const coin = { type: "coin_inserted", details: { amount: 500, device_ts: 1_700_000_000 } };

  it("shows the machine's own time in the vendor's time zone, apart from its line", () => {
    expect(detailsText(coin, ringgit)).toBe("RM 5.00");
    expect(detailsNotes(coin, "Asia/Kuala_Lumpur", ringgit)).toEqual(["Machine clock: 2023-11-15 06:13:20"]);
    expect(detailsExportText(coin, ringgit, "UTC")).toBe("RM 5.00 — Machine clock: 2023-11-14 22:13:20");
    // Also on an event this console does not know, whose other fields are listed as sent.
    const door = { type: "door_opened", details: { door: "front", device_ts: 1_700_000_000 } };
    expect(detailsText(door, ringgit)).toBe("door = front");
    expect(detailsNotes(door, "UTC", ringgit)).toEqual(["Machine clock: 2023-11-14 22:13:20"]);
  });

  it("adds nothing when the machine's clock was believed", () => {
    expect(detailsNotes({ type: "coin_inserted", details: { amount: 500 } }, "UTC", ringgit)).toEqual([]);
    expect(detailsExportText({ type: "coin_inserted", details: { amount: 500 } }, ringgit, "UTC")).toBe("RM 5.00");
  });
});

describe("eventTypeLabel", () => {
  it("names the known types and keeps an unknown one as sent", () => {
    expect(eventTypeLabel("cashbox_collected")).toBe("Cash box collected");
    expect(eventTypeLabel("message_refused")).toBe("Message refused");
    expect(eventTypeLabel("door_opened")).toBe("door_opened");
  });

  it("offers every type of the contract in the type filter, refused messages too", () => {
    expect(eventTypeOptions()).toContainEqual({ value: "message_refused", label: "Message refused" });
    expect(eventTypeOptions().every((option) => option.label !== option.value)).toBe(true);
  });
});
