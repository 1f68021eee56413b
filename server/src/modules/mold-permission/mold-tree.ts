import { UNGROUPED_CATE_ID, type MoldTreeNode } from '@mouldwatch/shared';
import type { TreeMoldRow } from './mold-permission.repository.js';

const node = (fields: Omit<MoldTreeNode, 'children' | 'disabled' | 'checked'>): MoldTreeNode => ({
  ...fields,
  disabled: false,
  checked: false,
  children: [],
});

function moldNode(row: TreeMoldRow, parent: string): MoldTreeNode {
  return {
    id: row.id,
    cateId: `m${row.id}`,
    category: 'mold',
    name: row.name,
    mold_number: row.mold_number,
    group: row.group_id,
    parent,
    disabled: row.shared_to_caller || row.shared_to_user === true,
    checked: row.held === true,
    children: [],
  };
}

/** Names in natural order ("Mould 2" before "Mould 10"), in any script; ties by id. */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const byName = (a: MoldTreeNode, b: MoldTreeNode) => collator.compare(a.name, b.name) || a.id - b.id;

/**
 * Children sorted by name; a company or group is disabled when all its moulds are, checked when all
 * of them are.
 */
function summarise(parent: MoldTreeNode): MoldTreeNode {
  parent.children.sort(byName);
  for (const child of parent.children) if (child.category !== 'mold') summarise(child);
  parent.disabled = parent.children.every((child) => child.disabled);
  parent.checked = parent.children.length > 0 && parent.children.every((child) => child.checked);
  return parent;
}

/**
 * Company → group → mould, each level by name; the moulds without a group sit under one last
 * top-level node `g0` (its name is left to the console to translate).
 */
export function buildMoldTree(rows: readonly TreeMoldRow[]): MoldTreeNode[] {
  const companies = new Map<number, MoldTreeNode>();
  const groups = new Map<number, MoldTreeNode>();
  const ungrouped = node({
    id: 0,
    cateId: UNGROUPED_CATE_ID,
    category: 'group',
    name: '',
    mold_number: '',
    group: null,
    parent: null,
  });
  for (const row of rows) {
    if (row.group_id === null || row.company_id === null) {
      ungrouped.children.push(moldNode(row, UNGROUPED_CATE_ID));
      continue;
    }
    let company = companies.get(row.company_id);
    if (!company) {
      company = node({
        id: row.company_id,
        cateId: `c${row.company_id}`,
        category: 'company',
        name: row.company_name ?? '',
        mold_number: '',
        group: null,
        parent: null,
      });
      companies.set(row.company_id, company);
    }
    let group = groups.get(row.group_id);
    if (!group) {
      group = node({
        id: row.group_id,
        cateId: `g${row.group_id}`,
        category: 'group',
        name: row.group_name ?? '',
        mold_number: '',
        group: row.group_id,
        parent: company.cateId,
      });
      groups.set(row.group_id, group);
      company.children.push(group);
    }
    group.children.push(moldNode(row, group.cateId));
  }
  const top = [...companies.values()].sort(byName);
  if (ungrouped.children.length > 0) top.push(ungrouped);
  return top.map(summarise);
}
