/** Seconds a mould spent in each time state (the roll-ups' columns, the reports' fields). */
export interface StateSeconds {
  run_s: number;
  idle_s: number;
  alarm_s: number;
  stop_s: number;
  off_s: number;
}

/** What a row or total of every report shows (GET /api/yudata/report/…); factors are fractions 0..1 or null. */
export interface ReportFigures extends StateSeconds {
  planned_s: number;
  shots: number;
  parts: number;
  reject: number;
  /** The rejects the work orders recorded (above `reject` when they exceed the parts of the bucket). */
  reject_recorded: number;
  /** Whether any reject was recorded at all: false means `reject` is 0 because nobody recorded any. */
  rejects_recorded: boolean;
  good: number;
  ideal_cycle_s: number | null;
  availability: number | null;
  performance: number | null;
  quality: number | null;
  oee: number | null;
  energy_kwh: number;
  kwh_per_good_part: number | null;
  cycle_avg_s: number | null;
  cycles: number;
}
