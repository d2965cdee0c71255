// 首页's charts, in their own chunk (the page imports this file lazily, after hydration): echarts
// through echarts/core with only the bar, line and pie charts and the SVG renderer.
import { useEffect, useRef } from "react";
import * as echarts from "echarts/core";
import { BarChart, LineChart, PieChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import { SVGRenderer } from "echarts/renderers";
import type { EChartsCoreOption } from "echarts/core";

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

// The legend's metrics (echarts' defaults, set explicitly so the estimate below stays true).
const LEGEND = { itemWidth: 25, itemHeight: 14, itemGap: 10, fontSize: 12, padding: 5 };
const LEGEND_ROW = 24;

/** The width of a legend label in 12 px text: a CJK character is 12 px, other characters about 7. */
const labelWidth = (text: string): number => [...text].reduce((sum, char) => sum + (char.charCodeAt(0) > 0x2e7f ? LEGEND.fontSize : 7), 0);

/** How many lines the legend's items wrap to in a chart `width` pixels wide. */
export function legendRows(names: string[], width: number): number {
  const room = width - 2 * LEGEND.padding;
  let rows = 1;
  let used = 0;
  for (const name of names) {
    const item = LEGEND.itemWidth + 5 + labelWidth(name);
    if (used > 0 && used + LEGEND.itemGap + item > room) {
      rows += 1;
      used = item;
    } else used += (used > 0 ? LEGEND.itemGap : 0) + item;
  }
  return rows;
}

/**
 * The house layout of every chart, so that nothing overlaps at any width (issue #30 item 4): the
 * legend at the top (echarts 6 puts it at the bottom, over the axis labels), wrapping to as many lines
 * as the chart's width needs, and the grid below it, shrunk to contain its axis labels and axis names
 * (outerBounds) instead of fixed margins a long label outgrows. A pie's labels sit at the chart's
 * edges with lines to their slices, never truncated; labels that would still collide are hidden (the
 * tooltip names every slice).
 */
export function laidOut(option: EChartsCoreOption, width: number): EChartsCoreOption {
  const given = option.legend as { data?: string[] } | undefined;
  const rows = given ? legendRows(given.data ?? [], width) : 0;
  const series = ((option.series ?? []) as Array<Record<string, unknown>>).map((one) =>
    one.type === "pie"
      ? {
          label: { alignTo: "edge", edgeDistance: 4, minMargin: 4, overflow: "none", formatter: "{b}" },
          labelLine: { length: 8, length2: 0, maxSurfaceAngle: 80 },
          labelLayout: { hideOverlap: true },
          ...one,
        }
      : one,
  );
  return {
    ...option,
    ...(given ? { legend: { type: "plain", top: 0, left: "center", ...LEGEND, ...given } } : {}),
    ...(option.xAxis !== undefined
      ? { grid: { left: 4, right: 4, bottom: 4, top: rows * LEGEND_ROW + 8, outerBoundsMode: "same", outerBoundsContain: "all", ...(option.grid as object) } }
      : {}),
    series,
  };
}

export interface ChartProps {
  option: EChartsCoreOption;
  label: string;
  /** Called with the clicked item's index (a bar, a slice). */
  onPick?: (index: number) => void;
}

export default function DashboardChart({ option, label, onPick }: ChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!element.current) return;
    const chart = echarts.init(element.current, undefined, { renderer: "svg" });
    let width = element.current.clientWidth;
    chart.setOption(laidOut(option, width));
    chart.on("click", (event) => pick.current?.(event.dataIndex));
    const observer = new ResizeObserver(() => {
      const now = element.current?.clientWidth ?? width;
      // A width that changes the legend's lines moves the grid under it.
      if (now !== width) chart.setOption(laidOut(option, (width = now)));
      chart.resize();
    });
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option]);

  const legend = (option.legend as { data?: string[] } | undefined)?.data;
  return <div ref={element} role="img" aria-label={label} data-testid="dashboard-chart" data-legend={legend?.join("|")} style={{ width: "100%", height: 280 }} />;
}
