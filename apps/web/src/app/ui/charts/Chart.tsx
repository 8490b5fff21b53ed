import { Skeleton } from "antd";
import type { EChartsCoreOption } from "echarts/core";
import { useEffect, useRef, useState } from "react";

type ECharts = typeof import("./echarts")["echarts"];

/**
 * One chart. ECharts arrives with the first chart a screen draws (its own chunk); the chart follows
 * its container's width and is disposed with it. `label` names it for screen readers, whose
 * figures every screen also gives as a table beside it.
 */
export function Chart({
  option,
  label,
  height = 280,
  testId,
}: {
  option: EChartsCoreOption;
  label: string;
  height?: number;
  testId?: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<ECharts["init"]> | null>(null);
  const [library, setLibrary] = useState<ECharts | null>(null);
  // The option to draw once the library arrives (the effect below draws later changes).
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    let live = true;
    void import("./echarts").then((module) => live && setLibrary(() => module.echarts));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const element = container.current;
    if (!library || !element) return;
    const instance = library.init(element, undefined, { renderer: "canvas" });
    chart.current = instance;
    instance.setOption(latest.current, { notMerge: true });
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(element);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [library]);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div role="img" aria-label={label} data-testid={testId} style={{ position: "relative", height }}>
      {!library && <Skeleton active paragraph={{ rows: 4 }} />}
      <div ref={container} style={{ position: "absolute", inset: 0 }} />
    </div>
  );
}
