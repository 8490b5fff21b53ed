import { useLayoutEffect, useRef } from "react";
import type { ChartColors } from "./colors";
import type { Anchor, TooltipContent } from "./types";

/**
 * The exact figures of the part of the chart under the pointer (or chosen with the arrow keys),
 * beside it on the side with more room, and above it when it fits there (a tall list of series
 * below a low bar would run past the chart). Figures never wrap, so an amount keeps its currency
 * symbol and number on one line.
 */
export function Tooltip({
  content,
  anchor,
  width,
  colors,
}: {
  content: TooltipContent;
  anchor: Anchor;
  width: number;
  colors: ChartColors;
}) {
  const box = useRef<HTMLDivElement>(null);
  const right = anchor.x > width / 2;
  // Beside the anchor, but never past the chart's edges: placed once its own width is known.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const own = element.offsetWidth;
    const left = right ? anchor.x - 12 - own : anchor.x + 12;
    element.style.left = `${Math.max(0, Math.min(left, width - own))}px`;
  });
  // About a line per row and one for the title: enough to tell whether it fits above the anchor.
  const above = anchor.y > (content.rows.length + 1) * 20 + 24;
  return (
    <div
      ref={box}
      data-testid="chart-tooltip"
      style={{
        position: "absolute",
        top: above ? anchor.y - 8 : anchor.y + 8,
        transform: above ? "translateY(-100%)" : undefined,
        left: anchor.x + 12,
        pointerEvents: "none",
        zIndex: 1,
        padding: "6px 10px",
        background: colors.background,
        boxShadow: colors.shadow,
        borderRadius: colors.radius,
        fontSize: colors.fontSize,
        // As wide as its longest line (a name does not break while there is room), at most the chart's.
        width: "max-content",
        maxWidth: Math.max(160, width - 24),
      }}
    >
      <div style={{ fontWeight: 600, overflowWrap: "anywhere" }}>{content.title}</div>
      {content.rows.map((row) => (
        <div key={row.name} style={{ display: "flex", alignItems: "center", gap: 6 }}>
          <span aria-hidden style={{ flex: "none", width: 8, height: 8, borderRadius: 2, background: row.color }} />
          <span style={{ flex: 1, overflowWrap: "anywhere" }}>{row.name}</span>
          <strong data-testid="chart-tooltip-value" style={{ whiteSpace: "nowrap", marginInlineStart: 8 }}>
            {row.value}
          </strong>
        </div>
      ))}
    </div>
  );
}
