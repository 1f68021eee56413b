import type { EChartsCoreOption } from 'echarts/core';
import type { TFunction } from 'i18next';
import type { DataRange, Language, MoldDataKind, MoldInfo, TemperatureUnit } from '@mouldwatch/shared';
import type { Measure } from '../model/measures';
import type { Point } from '../model/points';
import type { ChannelSection } from '../model/temperature';

export type DetailViewId = 'moldStatus' | 'moldTemp' | 'hotRunner' | 'cycleCounter' | 'cycleTime' | 'energy';

/** Where a view's records come from: a mould data read (with or without its paged twin) or the time-state history. */
export type DetailSource = { kind: MoldDataKind; paged: boolean } | { kind: 'statusHistory'; paged: false };

/** What a view's measures and chart depend on besides the points. */
export interface ViewContext {
  t: TFunction;
  language: Language;
  unit: TemperatureUnit;
  range: DataRange;
  /** The user's IANA zone. */
  zone: string;
  info: MoldInfo;
  /** The shown channel numbers of a temperature view. */
  channels: readonly number[];
}

/** One of the six detail screens: what it reads and how it draws and lists it. */
export interface DetailView {
  id: DetailViewId;
  source: DetailSource;
  /**
   * How a live reading reaches the Real Time tab: appended to the chart, or — where the server
   * derives the values (time-state slots, energy) — by reading the window again.
   */
  live: 'append' | 'reread';
  /** The Real Time tab's window (s). */
  realtimeSeconds: number;
  /** Temperature views show the channels the user chose of this section. */
  channelSection?: ChannelSection;
  /** The status view sums up each state's share of the time. */
  showsStateShares?: boolean;
  measures(context: ViewContext): Measure[];
  chart(points: readonly Point[], measures: readonly Measure[], context: ViewContext): EChartsCoreOption;
}
