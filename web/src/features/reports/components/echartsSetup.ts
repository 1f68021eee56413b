import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/** Only what the report charts draw goes into their chunk. */
register([
  BarChart,
  LineChart,
  GridComponent,
  TooltipComponent,
  LegendPlainComponent,
  MarkLineComponent,
  CanvasRenderer,
]);
