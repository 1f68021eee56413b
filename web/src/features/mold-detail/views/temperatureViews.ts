import { displayTemperature, temperatureUnitLabel } from '@mouldwatch/shared';
import {
  temperatureChannels,
  temperatureMeasure,
  type ChannelSection,
  type TemperatureChannel,
} from '../model/temperature';
import { chartOption } from './chartOption';
import type { DetailView, ViewContext } from './types';

const REALTIME_SECONDS = 30 * 60;

/** The shown channels of the view's section, named as configured. */
export function shownChannels(section: ChannelSection, context: ViewContext): TemperatureChannel[] {
  const fallbackName = (channel: number) =>
    context.t(section === 'mold' ? 'moldDetail.mouldChannel' : 'moldDetail.hotRunnerChannel', {
      number: String(channel),
    });
  return temperatureChannels(section, context.info, context.channels, fallbackName);
}

/** A channel's set value (dashed) and alert bounds (dotted) in its colour, in the user's unit. */
function settingLines(channel: TemperatureChannel, context: ViewContext) {
  const shown = (celsius: number) => displayTemperature(celsius, context.unit)!;
  const line = (celsius: number, type: 'dashed' | 'dotted', name: string) => ({
    yAxis: shown(celsius),
    name,
    lineStyle: { color: channel.colour, type, width: type === 'dashed' ? 1.5 : 1 },
  });
  const setName = `${channel.name} · ${context.t('moldDetail.setValue')}`;
  const alertName = `${channel.name} · ${context.t('moldDetail.alert')}`;
  return [
    ...(channel.set === null ? [] : [line(channel.set, 'dashed', setName)]),
    ...(channel.alert
      ? [line(channel.alert.low, 'dotted', alertName), line(channel.alert.high, 'dotted', alertName)]
      : []),
  ];
}

function temperatureView(id: 'moldTemp' | 'hotRunner', section: ChannelSection): DetailView {
  return {
    id,
    source: { kind: section === 'mold' ? 'moldTemperature' : 'hotRunnerTemperature', paged: true },
    live: 'append',
    realtimeSeconds: REALTIME_SECONDS,
    channelSection: section,
    measures: (context) => shownChannels(section, context).map((channel) => temperatureMeasure(channel, context.unit)),
    chart: (points, measures, context) => {
      const channels = shownChannels(section, context);
      const lines = channels.map((channel) => settingLines(channel, context));
      return chartOption(points, context, {
        // The channel legend above the chart names each line with its set value and alert range.
        legend: false,
        yAxes: [{ name: temperatureUnitLabel(context.unit), include: lines.flat().map((line) => line.yAxis) }],
        series: measures.map((measure, index) => ({
          measure,
          type: 'line',
          extra: {
            markLine: {
              silent: true,
              symbol: 'none',
              label: { show: false },
              data: lines[index] ?? [],
            },
          },
        })),
      });
    },
  };
}

export const MOLD_TEMPERATURE_VIEW = temperatureView('moldTemp', 'mold');
export const HOT_RUNNER_VIEW = temperatureView('hotRunner', 'hrs');
