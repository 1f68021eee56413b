/**
 * The Product List (issue 24, docs/decisions.md "Product List (issue 24)"): a product is a part ID
 * of the moulds' settings (`info.part_id`) with the project names its moulds carry; the moulds without
 * a part ID make one row of their own, last, so every mould the caller sees is counted once.
 */
import { TimeStateStatus, type SlotState } from '../state/mold-state.js';

/** A mould as the product list groups it: its settings' part ID and project name, and its live state class. */
export interface ProductMould {
  id: number;
  name: string;
  mold_number: string;
  part_id: string;
  project_name: string;
  /** The home list's state class: stby counts as idle, a mould that never reported is off. */
  state: SlotState;
  online: boolean;
}

/** The moulds of one part ID; `part_id` '' is the row of the moulds without one. */
export interface ProductGroup {
  part_id: string;
  /** The distinct project names of its moulds, blanks left out, sorted. */
  project_names: string[];
  /** By name, then id. */
  moulds: ProductMould[];
  /** How many of its moulds are in each state class now. */
  states: Record<SlotState, number>;
  online: number;
}

/** The part ID a mould is listed under: its setting without the spaces around it ('' for none). */
export const productKey = (partId: string): string => partId.trim();

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const emptyStates = (): Record<SlotState, number> =>
  Object.fromEntries(Object.keys(TimeStateStatus).map((state) => [state, 0])) as Record<SlotState, number>;

/**
 * The moulds grouped by part ID (exactly, after trimming: "P-1" and "p-1" are two parts, as a part
 * number is written by the factory), sorted by part ID in natural order (P-2 before P-10), the moulds
 * without a part ID last.
 */
export function groupProducts(moulds: readonly ProductMould[]): ProductGroup[] {
  const groups = new Map<string, ProductGroup>();
  for (const mould of moulds) {
    const key = productKey(mould.part_id);
    let group = groups.get(key);
    if (!group)
      groups.set(key, (group = { part_id: key, project_names: [], moulds: [], states: emptyStates(), online: 0 }));
    group.moulds.push(mould);
    group.states[mould.state] += 1;
    if (mould.online) group.online += 1;
    const project = mould.project_name.trim();
    if (project && !group.project_names.includes(project)) group.project_names.push(project);
  }
  for (const group of groups.values()) {
    group.project_names.sort(collator.compare);
    group.moulds.sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
  }
  return [...groups.values()].sort(
    (a, b) => Number(a.part_id === '') - Number(b.part_id === '') || collator.compare(a.part_id, b.part_id),
  );
}

/**
 * Whether a product is one a search (any case, part of a word) finds: in its part ID, a project name,
 * or the name or number of one of its moulds. A product found shows all its moulds.
 */
export function productMatches(group: ProductGroup, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const texts = [
    group.part_id,
    ...group.project_names,
    ...group.moulds.flatMap((mould) => [mould.name, mould.mold_number]),
  ];
  return texts.some((text) => text.toLowerCase().includes(needle));
}

/** The production of a product or one of its moulds in a period, as the reports compute it. */
export interface ProductFigures {
  shots: number;
  /** shots × cavitation (1 without one). */
  parts: number;
  /** The work orders' rejects recorded in the period, each report bucket's capped at its parts. */
  reject: number;
  /** parts − reject: the report's `good`. */
  good: number;
  /** Whether any reject was recorded: false means `reject` is 0 because nobody recorded one. */
  rejects_recorded: boolean;
}

/** A mould of a product in the list's answer. */
export interface ProductMouldItem extends ProductFigures {
  id: number;
  name: string;
  mold_number: string;
  project_name: string;
  state: SlotState;
  online: boolean;
}

/** A row of GET /api/yudata/products/. */
export interface ProductItem extends ProductFigures {
  /** '' for the moulds without a part ID. */
  part_id: string;
  project_names: string[];
  mould_count: number;
  states: Record<SlotState, number>;
  online: number;
  moulds: ProductMouldItem[];
}
