import type { CycleBin, CycleStats, OeeWaterfall, ReportFigures } from '@mouldwatch/shared';

/** A row or total of the reports (shared `ReportFigures`); factors are fractions 0..1. */
export type Figures = ReportFigures;

export interface MouldFields {
  mold_id: number;
  mold_name: string;
  mold_number: string;
  company_name: string | null;
  group_name: string | null;
  target_oee: number | null;
  target_cycle_s: number | null;
}

export type BucketFigures = Figures & { create_datetime: number; end_datetime: number };
export type MouldTotal = Figures & MouldFields;
export type ReportRow = Figures & MouldFields & { create_datetime: number; end_datetime: number };

export interface Summary {
  rejects_recorded: boolean;
  total: Figures;
  waterfall: OeeWaterfall;
  buckets: BucketFigures[];
  moulds: MouldTotal[];
}

export type MouldCycles = CycleStats & {
  mold_id: number;
  mold_name: string;
  mold_number: string;
  target_cycle_s: number | null;
  /** Absent when asked without buckets (the screen: `buckets=0`). */
  buckets?: Array<CycleStats & { create_datetime: number }>;
};

export interface CycleReport {
  moulds: MouldCycles[];
  histogram: CycleBin[];
  /** From when the moulds have cycle statistics (epoch s): the oldest raw cycle or kept day. */
  stats_from: number;
}

export interface ReportMouldOption {
  id: number;
  name: string;
  mold_number: string;
  target_oee: number | null;
  target_cycle_s: number | null;
}
