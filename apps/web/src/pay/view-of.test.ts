import { describe, expect, it } from "vitest";
import { viewOf } from "./PayApp";

describe("which customer's page a path is", () => {
  it("reads the pay pages' paths", () => {
    expect(viewOf("/pay/qr/qr1a2b")).toEqual({ kind: "choose", place: { code: "qr1a2b" } });
    expect(viewOf("/pay/d/SN%2001")).toEqual({ kind: "choose", place: { serial: "SN 01" } });
    expect(viewOf("/pay/sandbox/W123")).toEqual({ kind: "sandbox", orderNo: "W123" });
    expect(viewOf("/pay/order/W123")).toEqual({ kind: "status", orderNo: "W123" });
  });

  it("reads an invitation link, /m/invite/<code>, as its poster carries it", () => {
    expect(viewOf("/m/invite/AB23CD45")).toEqual({ kind: "invite", code: "AB23CD45" });
    expect(viewOf("/m/invite/AB23CD45/")).toEqual({ kind: "invite", code: "AB23CD45" });
  });

  it("knows no other page", () => {
    for (const path of ["/", "/pay/", "/pay/qr/", "/m/invite/", "/m/other/AB23CD45", "/pay/invite/AB23CD45"]) {
      expect(viewOf(path), path).toEqual({ kind: "unknown" });
    }
  });
});
