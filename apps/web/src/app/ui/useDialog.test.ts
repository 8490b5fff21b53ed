import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useDialog } from "./useDialog";

describe("useDialog", () => {
  it("is closed at first, opens blank or on a record, and closes", () => {
    const { result } = renderHook(() => useDialog<{ id: number }>());
    expect(result.current.state).toBeNull();

    act(() => result.current.openNew());
    expect(result.current.state).toEqual({ record: null });

    const record = { id: 7 };
    act(() => result.current.openEdit(record));
    expect(result.current.state?.record).toBe(record);

    act(() => result.current.close());
    expect(result.current.state).toBeNull();
  });

  it("keeps the same functions across renders", () => {
    const { result, rerender } = renderHook(() => useDialog<number>());
    const first = result.current;
    act(() => first.openEdit(1));
    rerender();
    expect(result.current.openNew).toBe(first.openNew);
    expect(result.current.openEdit).toBe(first.openEdit);
    expect(result.current.close).toBe(first.close);
  });
});
