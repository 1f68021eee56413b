/** Cycle-time statistics of one mould in one bucket (`index` into the bounds), read from the raw cycles or the kept days. */
export interface CycleRow {
  mold_id: number;
  index: number;
  count: number;
  avg_s: number | null;
  median_s: number | null;
  min_s: number | null;
  max_s: number | null;
  within2: number;
  within5: number;
}
