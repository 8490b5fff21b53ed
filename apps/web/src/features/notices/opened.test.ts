import { describe, expect, it } from "vitest";
import { newlyOpenedUnread } from "./opened";

const items = [
  { id: 1, read: false },
  { id: 2, read: true },
  { id: 3, read: false },
];

describe("newlyOpenedUnread", () => {
  it("names the unread notices just opened", () => {
    expect(newlyOpenedUnread([], ["1"], items)).toEqual([1]);
    expect(newlyOpenedUnread(["1"], ["1", "3"], items)).toEqual([3]);
  });

  it("marks nothing for a read notice, a panel closed, or one open already", () => {
    expect(newlyOpenedUnread([], ["2"], items)).toEqual([]);
    expect(newlyOpenedUnread(["1", "3"], ["3"], items)).toEqual([]);
    expect(newlyOpenedUnread(["1"], ["1"], items)).toEqual([]);
  });

  it("ignores a key that is no notice of the page", () => {
    expect(newlyOpenedUnread([], ["99"], items)).toEqual([]);
  });
});
