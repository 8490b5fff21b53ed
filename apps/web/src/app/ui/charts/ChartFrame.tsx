import type { KeyboardEvent, ReactNode } from "react";
import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { type ChartColors, useChartColors } from "./colors";
import { Legend } from "./Legend";
import { useWidth } from "./useWidth";

const STEPS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * What every chart shares: a box as wide as its container that names the chart for screen readers
 * (`role="img"`, whose figures each screen also gives as a table beside it) and the legend. The box takes the keyboard focus; the arrow keys then step through the figures as the
 * pointer does, so the tooltip is not for mouse users only.
 */
export function ChartFrame({
  label,
  testId,
  height,
  legend,
  onStep,
  onLeave,
  children,
}: {
  label: string;
  testId?: string;
  /** The drawing's height; the legend adds its own lines below it. */
  height: number;
  legend?: string[];
  /** An arrow key's step (columns, rows), and (0, 0) when the chart takes the focus. */
  onStep: (columns: number, rows: number) => void;
  onLeave: () => void;
  /** The drawing and its tooltip at the measured width (never called before the width is known). */
  children: (width: number, colors: ChartColors) => ReactNode;
}) {
  const { t } = useTranslation();
  const hint = useId();
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const colors = useChartColors();

  const onKeyDown = (event: KeyboardEvent) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    onStep(step[0], step[1]);
  };

  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      aria-describedby={hint}
      data-testid={testId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys read the chart's figures in its tooltip
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={() => onStep(0, 0)}
      onBlur={onLeave}
      style={{ position: "relative", minHeight: height }}
    >
      <span id={hint} hidden>
        {t("common.chartKeys")}
      </span>
      {width > 0 && children(width, colors)}
      {legend && legend.length > 0 && <Legend names={legend} colors={colors} />}
    </div>
  );
}
