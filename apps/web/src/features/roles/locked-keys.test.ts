import { ALL_PERMISSION_LEAVES, LOCKED_PERMISSION_KEYS } from "@washboard/shared";
import { describe, expect, it } from "vitest";
import { withLockedKeys } from "./locked-keys";

describe("withLockedKeys (the role dialog's permission tree)", () => {
  it("always adds the locked keys, so clearing them in the tree has no effect", () => {
    expect(new Set(withLockedKeys([]))).toEqual(new Set(LOCKED_PERMISSION_KEYS));
    expect(withLockedKeys(["shop_add"])).toContain("console");
  });

  it("keeps checked leaves, drops group keys and unknown keys, in tree order", () => {
    const keys = withLockedKeys(["stripe", "v_order", "shop_add", "bogus", "stripe"]);
    expect(keys).toContain("stripe");
    expect(keys).toContain("shop_add");
    expect(keys).not.toContain("v_order");
    expect(keys).not.toContain("bogus");
    expect(keys).toEqual(ALL_PERMISSION_LEAVES.filter((k) => keys.includes(k)));
  });
});
