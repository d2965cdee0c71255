// 首页's charts, in their own chunk (the page imports this file lazily, after hydration): echarts
// through echarts/core with only the bar, line and pie charts and the SVG renderer.
import { useEffect, useRef } from "react";
import * as echarts from "echarts/core";
import { BarChart, LineChart, PieChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import { SVGRenderer } from "echarts/renderers";
import type { EChartsCoreOption } from "echarts/core";

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

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
    chart.setOption(option);
    chart.on("click", (event) => pick.current?.(event.dataIndex));
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option]);

  return <div ref={element} role="img" aria-label={label} data-testid="dashboard-chart" style={{ width: "100%", height: 280 }} />;
}
