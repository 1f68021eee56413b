import { reportLabel, type Language, type ReportLabelKey } from '@mouldwatch/shared';
import { formatTime } from '../mold-export/mold-export.service.js';
import type { Cell, Sheet } from '../mold-export/spreadsheet.js';
import type { FiguresOut } from './reports.presenter.js';
import {
  emptySums,
  figuresOf,
  type GroupedSummary,
  waterfallOf,
  type ReportCell,
  type ReportMould,
} from './reports.service.js';

const mouldFields = (mould: ReportMould) => ({
  mold_id: mould.mold_id,
  mold_name: mould.mold_name,
  mold_number: mould.mold_number,
  company_name: mould.company_name,
  group_name: mould.group_name,
  target_oee: mould.target_oee,
  target_cycle_s: mould.target_cycle_s,
});

/** The summary answer from sums the database added up (`groupedSummary`): the same shape as `summaryOf`. */
export function groupedSummaryOf(report: GroupedSummary) {
  return {
    rejects_recorded: report.total.rejects_recorded,
    total: figuresOf(report.total),
    waterfall: waterfallOf(report.total),
    buckets: report.bounds.slice(0, -1).map((start, index) => ({
      create_datetime: start,
      end_datetime: report.bounds[index + 1]!,
      ...figuresOf(report.buckets[index]!),
    })),
    moulds: report.moulds.map((mould) => ({
      ...mouldFields(mould),
      ...figuresOf(report.perMould.get(mould.mold_id) ?? emptySums()),
    })),
  };
}

type Row = ReturnType<typeof mouldFields> & FiguresOut & { create_datetime: number; end_datetime: number };

/** A row of the rows call and the sheet: the cell's mould, bucket and figures. */
export function rowOf(bounds: readonly number[], cell: ReportCell): Row {
  return {
    ...mouldFields(cell.mould),
    create_datetime: bounds[cell.index]!,
    end_datetime: bounds[cell.index + 1]!,
    ...figuresOf(cell.sums),
  };
}

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;
const percent = (fraction: number | null) => (fraction === null ? null : Math.round(fraction * 10_000) / 100);

const COLUMNS: ReadonlyArray<[ReportLabelKey, number, (row: Row) => Cell]> = [
  ['mould', 24, (row) => row.mold_name],
  ['mouldNo', 16, (row) => row.mold_number],
  ['company', 18, (row) => row.company_name],
  ['group', 18, (row) => row.group_name],
  ['planned', 12, (row) => hours(row.planned_s)],
  ['run', 10, (row) => hours(row.run_s)],
  ['idle', 10, (row) => hours(row.idle_s)],
  ['alarm', 10, (row) => hours(row.alarm_s)],
  ['stop', 10, (row) => hours(row.stop_s)],
  ['off', 10, (row) => hours(row.off_s)],
  ['shots', 10, (row) => row.shots],
  ['parts', 10, (row) => row.parts],
  ['reject', 10, (row) => row.reject],
  ['good', 10, (row) => row.good],
  ['idealCycle', 14, (row) => row.ideal_cycle_s],
  ['availability', 12, (row) => percent(row.availability)],
  ['performance', 12, (row) => percent(row.performance)],
  ['quality', 12, (row) => percent(row.quality)],
  ['oee', 10, (row) => percent(row.oee)],
  ['targetOee', 12, (row) => percent(row.target_oee)],
  ['energy', 12, (row) => row.energy_kwh],
  ['energyPerPart', 14, (row) => row.kwh_per_good_part],
  ['cycleAvg', 14, (row) => row.cycle_avg_s],
];

/**
 * The detail list as a sheet in the reader's language and zone, its rows taken page by page as the
 * workbook is written, then the total (added up by the database).
 */
export function reportSheet(
  pages: AsyncIterable<{ bounds: number[]; cells: ReportCell[] }>,
  total: FiguresOut,
  reader: { language: Language; zone: string },
): Sheet {
  const label = (key: ReportLabelKey) => reportLabel(reader.language, key);
  const totalRow = {
    ...({} as Row),
    ...total,
    mold_name: label('total'),
    mold_number: '',
    company_name: null,
    group_name: null,
    target_oee: null,
  } as Row;
  const line = (row: Row, time: Cell, recorded: boolean): Cell[] => [
    ...COLUMNS.slice(0, 4).map(([, , cell]) => cell(row)),
    time,
    ...COLUMNS.slice(4).map(([, , cell]) => cell(row)),
    label(recorded ? 'yes' : 'no'),
  ];
  async function* rows(): AsyncGenerator<Cell[]> {
    for await (const { bounds, cells } of pages) {
      for (const cell of cells) {
        const row = rowOf(bounds, cell);
        yield line(row, formatTime(row.create_datetime, reader.zone, false), row.rejects_recorded);
      }
    }
    yield line(totalRow, null, total.rejects_recorded);
  }
  return {
    name: label('sheet'),
    columns: [
      ...COLUMNS.slice(0, 4).map(([key, width]) => ({ header: label(key), width })),
      { header: label('time'), width: 18 },
      ...COLUMNS.slice(4).map(([key, width]) => ({ header: label(key), width })),
      { header: label('rejectsRecorded'), width: 12 },
    ],
    rows: rows(),
  };
}
