import type { PointerEvent, ReactNode } from "react";

/**
 * The drawing of every chart: hidden from screen readers (the frame names the chart and each screen
 * gives its figures as a table), following the pointer for the tooltip.
 */
export function PlotSvg({
  width,
  height,
  fontSize,
  onPointer,
  onLeave,
  children,
}: {
  width: number;
  height: number;
  fontSize?: number;
  onPointer: (event: PointerEvent<SVGSVGElement>) => void;
  onLeave: () => void;
  children: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      width={width}
      height={height}
      onPointerMove={onPointer}
      onPointerLeave={onLeave}
      style={{ display: "block" }}
      fontSize={fontSize}
    >
      {children}
    </svg>
  );
}
