import {
  displayTemperature,
  exportLabel,
  MOLD_DATA_KINDS,
  moldInfoSchema,
  temperatureUnitLabel,
  wallClockAt,
  type DataRange,
  type ExportLabelKey,
  type Language,
  type MoldDataKind,
  type MoldDataRecord,
  type MoldInfo,
  type TemperatureSetting,
  type TemperatureUnit,
  type TimeStateRecord,
} from '@mouldwatch/shared';
import type { Principal } from '../access/access.service.js';
import type { DataWindow, MoldHistoryService } from '../mold-history/mold-history.service.js';
import type { Cell, Sheet, SheetColumn } from './spreadsheet.js';

/** What can be exported: the status view's time states and each mould data read. */
export const EXPORT_KINDS = ['moldStatus', ...MOLD_DATA_KINDS] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** How the caller reads: language, time zone and temperature unit. */
export interface Reader {
  language: Language;
  zone: string;
  unit: TemperatureUnit;
}

export interface ExportRequest {
  kind: ExportKind;
  moldId: number;
  range: DataRange;
  window: DataWindow;
}

const SHEET_TITLES: Readonly<Record<ExportKind, ExportLabelKey>> = {
  moldStatus: 'sheetMoldStatus',
  moldTemperature: 'sheetMoldTemperature',
  hotRunnerTemperature: 'sheetHotRunnerTemperature',
  moldCycleCounter: 'sheetMoldCycleCounter',
  moldCycleTimer: 'sheetMoldCycleTimer',
  energyList: 'sheetEnergyList',
};
const STATE_LABELS: ReadonlyArray<[ExportLabelKey, keyof Omit<TimeStateRecord, 'create_datetime'>]> = [
  ['run', 'c_run_time'],
  ['idle', 'c_idle_time'],
  ['alarm', 'c_alarm_time'],
  ['stop', 'c_stop_time'],
  ['off', 'c_off_time'],
];
const DATA_LABELS: Readonly<Record<string, ExportLabelKey>> = {
  counter: 'counter',
  shots: 'shots',
  cycle_time: 'cycleTime',
  open_time: 'openTime',
  close_time: 'closeTime',
  energy: 'energy',
};

const pad = (value: number) => String(value).padStart(2, '0');

/** A time as the reader's wall clock: `2026-11-22 14:05`, with seconds for raw readings. */
export function formatTime(epochSeconds: number, zone: string, withSeconds: boolean): string {
  const wall = wallClockAt(epochSeconds, zone);
  const time = `${pad(wall.hour)}:${pad(wall.minute)}${withSeconds ? `:${pad(wall.second)}` : ''}`;
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)} ${time}`;
}

/** The spreadsheet of exactly what a detail view's history shows, in the reader's language, zone and unit. */
export class MoldExportService {
  constructor(private readonly history: MoldHistoryService) {}

  async sheet(principal: Principal, request: ExportRequest, reader: Reader): Promise<{ sheet: Sheet; title: string }> {
    const { kind, moldId, range, window } = request;
    const time = (epochSeconds: number) => formatTime(epochSeconds, reader.zone, range === 'realtime');
    // The reads check the caller's grant before the mould is looked at.
    const table =
      kind === 'moldStatus'
        ? stateTable(await this.history.stateRecords(principal, moldId, range, window, reader.zone), reader, time)
        : await this.#dataTable(principal, { ...request, kind }, reader, time);
    const mould = await this.history.mould(moldId);
    const timeColumn: SheetColumn = { header: exportLabel(reader.language, 'time'), width: 20 };
    return {
      sheet: {
        name: exportLabel(reader.language, SHEET_TITLES[kind]),
        columns: [timeColumn, ...table.columns],
        rows: table.rows,
      },
      title: mould.mold_number || mould.name,
    };
  }

  async #dataTable(
    principal: Principal,
    { kind, moldId, range, window }: ExportRequest & { kind: MoldDataKind },
    reader: Reader,
    time: (epochSeconds: number) => string,
  ): Promise<Table> {
    const { records } = await this.history.records(principal, kind, moldId, range, window, reader.zone);
    const mould = await this.history.mould(moldId);
    return dataTable(kind, records, moldInfoSchema.parse(mould.info), reader, time);
  }
}

interface Table {
  columns: SheetColumn[];
  rows: Cell[][];
}

/** Each state's share of the slot or bucket, in percent. */
function stateTable(records: TimeStateRecord[], reader: Reader, time: (epochSeconds: number) => string): Table {
  return {
    columns: STATE_LABELS.map(([label]) => ({ header: exportLabel(reader.language, label), width: 12 })),
    rows: records.map((record) => [
      time(record.create_datetime),
      ...STATE_LABELS.map(([, key]) => Math.round(record[key] * 1000) / 10),
    ]),
  };
}

/**
 * The columns and rows of a mould data kind. Temperature channels take their configured names and
 * the reader's unit; channels without a value in the window are left out, as the chart leaves them.
 */
function dataTable(
  kind: MoldDataKind,
  records: MoldDataRecord[],
  info: MoldInfo,
  reader: Reader,
  time: (epochSeconds: number) => string,
): Table {
  const keys = records[0]?.content.map((entry) => Object.keys(entry)[0]!) ?? [];
  const temperature = kind === 'moldTemperature' || kind === 'hotRunnerTemperature';
  const settings = kind === 'moldTemperature' ? info.mold_temp_setting : info.hot_temp_setting;
  const shown = keys
    .map((key, index) => ({ key, index }))
    .filter(({ index }) => !temperature || records.some((record) => valueAt(record, index) !== null));
  const header = (key: string, index: number) =>
    temperature
      ? `${channelName(kind, settings[index], index, reader.language)} (${temperatureUnitLabel(reader.unit)})`
      : exportLabel(reader.language, DATA_LABELS[key] ?? 'time');
  return {
    columns: shown.map(({ key, index }) => ({ header: header(key, index), width: temperature ? 22 : 16 })),
    rows: records.map((record) => [
      time(record.create_datetime),
      ...shown.map(({ index }) =>
        temperature ? displayTemperature(valueAt(record, index), reader.unit) : valueAt(record, index),
      ),
    ]),
  };
}

const valueAt = (record: MoldDataRecord, index: number) => {
  const entry = record.content[index];
  return entry ? (Object.values(entry)[0] ?? null) : null;
};

function channelName(
  kind: 'moldTemperature' | 'hotRunnerTemperature',
  setting: TemperatureSetting | undefined,
  index: number,
  language: Language,
): string {
  return setting?.name || exportLabel(language, kind, index + 1);
}
