import { useState } from "react";

/**
 * Which figure the tooltip shows: the one under the pointer, or the one the arrow keys reached
 * (columns × rows; a chart of one row steps through columns only). Null when none is.
 */
export function useActive(columns: number, rows = 1) {
  const [active, setActive] = useState<{ column: number; row: number } | null>(null);
  const clamp = (value: number, count: number) => Math.min(Math.max(value, 0), count - 1);
  return {
    active,
    point: (column: number, row = 0) => setActive({ column: clamp(column, columns), row: clamp(row, rows) }),
    step: (dColumn: number, dRow: number) =>
      setActive((now) =>
        now
          ? { column: clamp(now.column + dColumn, columns), row: clamp(now.row + dRow, rows) }
          : { column: 0, row: 0 },
      ),
    clear: () => setActive(null),
  };
}
