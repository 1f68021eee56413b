import { UNGROUPED_CATE_ID, type MoldTreeCounts, type MoldTreeNode } from '@mouldwatch/shared';
import type { DistributableMold, TreeGroupRow, TreeMoldRow } from './mold-permission.repository.js';

type Place = Pick<TreeMoldRow, 'group_id' | 'group_name' | 'company_id' | 'company_name'>;

const NO_COUNTS: MoldTreeCounts = { mold_count: 0, checked_count: 0, disabled_count: 0, disabled_checked_count: 0 };

const container = (
  fields: Pick<MoldTreeNode, 'id' | 'cateId' | 'category' | 'name' | 'group' | 'parent'>,
): MoldTreeNode => ({ ...fields, mold_number: '', disabled: false, checked: false, children: [], ...NO_COUNTS });

function moldNode(row: TreeMoldRow): MoldTreeNode {
  return {
    id: row.id,
    cateId: `m${row.id}`,
    category: 'mold',
    name: row.name,
    mold_number: row.mold_number,
    group: row.group_id,
    parent: row.group_id === null ? UNGROUPED_CATE_ID : `g${row.group_id}`,
    disabled: row.disabled,
    checked: row.checked,
    children: [],
  };
}

/** Names in natural order ("Mould 2" before "Mould 10"), in any script; ties by id. */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const byName = (a: MoldTreeNode, b: MoldTreeNode) => collator.compare(a.name, b.name) || a.id - b.id;

/** A group's moulds, by name: the answer of `parent=g{id}`. */
export const moldNodes = (rows: readonly TreeMoldRow[]): MoldTreeNode[] => rows.map(moldNode).sort(byName);

function addCounts(node: MoldTreeNode, counts: MoldTreeCounts): void {
  node.mold_count = (node.mold_count ?? 0) + counts.mold_count;
  node.checked_count = (node.checked_count ?? 0) + counts.checked_count;
  node.disabled_count = (node.disabled_count ?? 0) + counts.disabled_count;
  node.disabled_checked_count = (node.disabled_checked_count ?? 0) + counts.disabled_checked_count;
}

const COUNTS = ['mold_count', 'checked_count', 'disabled_count', 'disabled_checked_count'] as const;

/**
 * A company or group is checked when all its moulds are, disabled when all are; its children by
 * name. A count of 0 is left out (read as 0): the first answer of 500 groups stays under 100 KB.
 */
function settle(node: MoldTreeNode): MoldTreeNode {
  node.children.sort(byName);
  for (const child of node.children) if (child.category !== 'mold') settle(child);
  const count = node.mold_count ?? 0;
  node.checked = count > 0 && node.checked_count === count;
  node.disabled = node.disabled_count === count;
  for (const key of COUNTS) if (node[key] === 0) delete node[key];
  return node;
}

const countsOfMold = (row: TreeMoldRow): MoldTreeCounts => ({
  mold_count: 1,
  checked_count: Number(row.checked),
  disabled_count: Number(row.disabled),
  disabled_checked_count: Number(row.checked && row.disabled),
});

/**
 * Company → group nodes from the places of the given rows, each with the counts of its rows: a
 * node per company and group met, the moulds without a group under one last top-level node `g0`
 * (its name is left to the console to translate). `each` hands every row its group node.
 */
function companiesAndGroups<Row extends Place>(
  rows: readonly Row[],
  countsOf: (row: Row) => MoldTreeCounts,
  each: (row: Row, group: MoldTreeNode) => void = () => undefined,
): MoldTreeNode[] {
  const companies = new Map<number, MoldTreeNode>();
  const groups = new Map<number, MoldTreeNode>();
  const ungrouped = container({
    id: 0,
    cateId: UNGROUPED_CATE_ID,
    category: 'group',
    name: '',
    group: null,
    parent: null,
  });
  for (const row of rows) {
    const counts = countsOf(row);
    if (row.group_id === null || row.company_id === null) {
      addCounts(ungrouped, counts);
      each(row, ungrouped);
      continue;
    }
    let company = companies.get(row.company_id);
    if (!company) {
      company = container({
        id: row.company_id,
        cateId: `c${row.company_id}`,
        category: 'company',
        name: row.company_name ?? '',
        group: null,
        parent: null,
      });
      companies.set(row.company_id, company);
    }
    let group = groups.get(row.group_id);
    if (!group) {
      group = container({
        id: row.group_id,
        cateId: `g${row.group_id}`,
        category: 'group',
        name: row.group_name ?? '',
        group: row.group_id,
        parent: company.cateId,
      });
      groups.set(row.group_id, group);
      company.children.push(group);
    }
    addCounts(group, counts);
    addCounts(company, counts);
    each(row, group);
  }
  const top = [...companies.values()].sort(byName);
  if ((ungrouped.mold_count ?? 0) > 0) top.push(ungrouped);
  return top.map(settle);
}

/**
 * The whole tree: company → group → mould, each level by name, every company and group with its
 * counts (a search's answer: the counts of the moulds it found).
 */
export const buildMoldTree = (rows: readonly TreeMoldRow[]): MoldTreeNode[] =>
  companiesAndGroups(rows, countsOfMold, (row, group) => group.children.push(moldNode(row)));

/** Companies and their groups with their counts, the groups' moulds left to `parent=g{id}`. */
export const buildTreeSummary = (groups: readonly TreeGroupRow[]): MoldTreeNode[] =>
  companiesAndGroups(groups, (row) => row);

/** What a change of the tree does to the moulds it names: checked, unchecked, each at most once. */
export interface DecidedMolds {
  checked: number[];
  unchecked: number[];
}

interface TreeTicks {
  companyIds?: readonly number[];
  groupIds?: readonly number[];
  moldIds?: readonly number[];
}

/**
 * A mould follows the most specific node the change names: the mould itself, else its group,
 * else its company; checked wins over unchecked on the same node.
 */
export function decideMolds(
  molds: readonly DistributableMold[],
  change: { check?: TreeTicks; uncheck?: TreeTicks },
): DecidedMolds {
  const named = (ticks: TreeTicks | undefined, key: keyof TreeTicks) => new Set(ticks?.[key] ?? []);
  const levels = (['moldIds', 'groupIds', 'companyIds'] as const).map((key) => ({
    check: named(change.check, key),
    uncheck: named(change.uncheck, key),
  }));
  const decided: DecidedMolds = { checked: [], unchecked: [] };
  for (const [moldId, groupId, companyId] of molds) {
    const ids = [moldId, groupId, companyId];
    const level = levels.findIndex(
      ({ check, uncheck }, index) => ids[index] !== null && (check.has(ids[index]!) || uncheck.has(ids[index]!)),
    );
    if (level < 0) continue;
    if (levels[level]!.check.has(ids[level]!)) decided.checked.push(moldId);
    else decided.unchecked.push(moldId);
  }
  return decided;
}
