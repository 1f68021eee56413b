import { BarChart, LineChart } from 'echarts/charts';
import {
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GridComponent,
  LegendScrollComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/** Only what the detail charts draw goes into their chunk. */
register([
  BarChart,
  LineChart,
  GridComponent,
  TooltipComponent,
  LegendScrollComponent,
  DataZoomSliderComponent,
  DataZoomInsideComponent,
  MarkLineComponent,
  MarkAreaComponent,
  CanvasRenderer,
]);
