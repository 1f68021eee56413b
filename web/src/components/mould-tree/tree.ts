import type { MoldTreeChange, MoldTreeNode } from '@mouldwatch/shared';

/** A node as antd's Tree draws it. */
export interface TreeItem {
  key: string;
  title: string;
  disabled: boolean;
  isLeaf: boolean;
  children?: TreeItem[];
}

/** A tick the user made: checked or not, on this node (as the server answered it). */
export interface Tick {
  checked: boolean;
  node: MoldTreeNode;
}

/**
 * What the user did to the tree, by node: a mould follows the most specific node ticked (itself,
 * its group, its company), else what the server checked. The server reads the same rule
 * (`treeChange`), so a company of 10,000 moulds is one id, and moulds never loaded need no id.
 */
export type Ticks = ReadonlyMap<string, Tick>;

/** The tree as far as it is known: the first answer (companies and their groups) and the moulds loaded per group. */
export interface KnownTree {
  roots: readonly MoldTreeNode[];
  /** The company of each group (null for `g0`), from the first answer. */
  companyOf: ReadonlyMap<string, string | null>;
  /** Moulds of each group the first answer held or that were loaded when it was opened. */
  mouldsOf: ReadonlyMap<string, readonly MoldTreeNode[]>;
}

/** The first answer known: its groups' companies, and the moulds it holds (a small tree holds them all). */
export function knownTree(roots: readonly MoldTreeNode[]): KnownTree {
  const companyOf = new Map<string, string | null>();
  const mouldsOf = new Map<string, readonly MoldTreeNode[]>();
  const visitGroup = (group: MoldTreeNode) => {
    companyOf.set(group.cateId, group.parent);
    if (group.children.length > 0 || group.mold_count === 0) mouldsOf.set(group.cateId, group.children);
  };
  for (const root of roots) {
    if (root.category === 'company') root.children.forEach(visitGroup);
    else visitGroup(root);
  }
  return { roots, companyOf, mouldsOf };
}

/** The tree with a group's moulds, loaded when it was opened. */
export const withGroupMoulds = (tree: KnownTree, group: string, moulds: readonly MoldTreeNode[]): KnownTree => ({
  ...tree,
  mouldsOf: new Map(tree.mouldsOf).set(group, moulds),
});

/** A mould reads "name · number"; the ungrouped node takes the console's name for it. */
function titleOf(node: MoldTreeNode, ungrouped: string): string {
  if (node.category === 'mold') return node.mold_number ? `${node.name} · ${node.mold_number}` : node.name;
  return node.parent === null && node.category === 'group' && node.id === 0 ? ungrouped : node.name;
}

/**
 * The items antd draws: the children of expanded nodes only (antd builds an entry for every item it
 * is given). A group's moulds come from `mouldsOf` once loaded; before, it has none and is no leaf.
 */
export function toTreeItems(
  nodes: readonly MoldTreeNode[],
  ungrouped: string,
  expanded: ReadonlySet<string>,
  mouldsOf: ReadonlyMap<string, readonly MoldTreeNode[]> = new Map(),
): TreeItem[] {
  return nodes.map((node) => {
    const item = { key: node.cateId, title: titleOf(node, ungrouped), disabled: node.disabled };
    if (node.category === 'mold') return { ...item, isLeaf: true };
    const below = node.category === 'group' ? (mouldsOf.get(node.cateId) ?? node.children) : node.children;
    const children = expanded.has(node.cateId) ? toTreeItems(below, ungrouped, expanded, mouldsOf) : [];
    return { ...item, isLeaf: false, children };
  });
}

/** The tick deciding a node: its own, else its group's (a mould), else its company's. */
function decidingTick(node: MoldTreeNode, ticks: Ticks, companyOf: ReadonlyMap<string, string | null>) {
  const own = ticks.get(node.cateId);
  if (own) return own.checked;
  const group = node.category === 'mold' ? node.parent : node.category === 'group' ? node.cateId : null;
  if (group && group !== node.cateId) {
    const byGroup = ticks.get(group);
    if (byGroup) return byGroup.checked;
  }
  const company = group ? companyOf.get(group) : null;
  return company ? ticks.get(company)?.checked : undefined;
}

/** Whether the mould is checked now: a disabled one as the server said, else as the deciding tick says. */
export function isChecked(mould: MoldTreeNode, ticks: Ticks, companyOf: ReadonlyMap<string, string | null>): boolean {
  if (mould.disabled) return mould.checked;
  return decidingTick(mould, ticks, companyOf) ?? mould.checked;
}

/** The ticked moulds per group: what changes a group's count besides its own (or its company's) tick. */
function mouldTicksByGroup(ticks: Ticks): Map<string, Tick[]> {
  const byGroup = new Map<string, Tick[]>();
  for (const tick of ticks.values()) {
    if (tick.node.category !== 'mold' || tick.node.parent === null) continue;
    const list = byGroup.get(tick.node.parent) ?? [];
    list.push(tick);
    byGroup.set(tick.node.parent, list);
  }
  return byGroup;
}

/** How many moulds of each company and group are checked now, from the server's counts and the ticks. */
export function checkedCounts(tree: KnownTree, ticks: Ticks): Map<string, number> {
  const counts = new Map<string, number>();
  const byGroup = mouldTicksByGroup(ticks);
  const countGroup = (group: MoldTreeNode) => {
    const decided = decidingTick(group, ticks, tree.companyOf);
    const fixedChecked = group.disabled_checked_count ?? 0;
    const free = (group.mold_count ?? 0) - (group.disabled_count ?? 0);
    let count = decided === undefined ? (group.checked_count ?? 0) : fixedChecked + (decided ? free : 0);
    for (const tick of byGroup.get(group.cateId) ?? []) {
      if (tick.node.disabled) continue;
      count += Number(tick.checked) - Number(decided ?? tick.node.checked);
    }
    counts.set(group.cateId, count);
    return count;
  };
  for (const root of tree.roots) {
    if (root.category === 'group') countGroup(root);
    else
      counts.set(
        root.cateId,
        root.children.map(countGroup).reduce((sum, count) => sum + count, 0),
      );
  }
  return counts;
}

/** All moulds checked now, across the tree. */
export const selectedCount = (tree: KnownTree, counts: ReadonlyMap<string, number>) =>
  tree.roots.reduce((sum, root) => sum + (counts.get(root.cateId) ?? 0), 0);

/**
 * What the tree shows checked and half-checked among the items drawn. In the whole tree a company
 * or group is checked when all its moulds are (its counts); in a search's answer, when all the
 * moulds found in it are.
 */
export function checkState(
  nodes: readonly MoldTreeNode[],
  tree: KnownTree,
  ticks: Ticks,
  searching: boolean,
): { checked: string[]; halfChecked: string[] } {
  const counts = searching ? null : checkedCounts(tree, ticks);
  const checked: string[] = [];
  const halfChecked: string[] = [];
  const visit = (node: MoldTreeNode): [number, number] => {
    const below = node.category === 'group' ? (tree.mouldsOf.get(node.cateId) ?? node.children) : node.children;
    const shown = searching ? node.children : below;
    const found = shown.map(visit).reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0] as [number, number]);
    let [count, all] = found;
    if (node.category === 'mold') [count, all] = [Number(isChecked(node, ticks, tree.companyOf)), 1];
    else if (counts) [count, all] = [counts.get(node.cateId) ?? 0, node.mold_count ?? 0];
    if (count > 0 && count === all) checked.push(node.cateId);
    else if (count > 0) halfChecked.push(node.cateId);
    return [count, all];
  };
  nodes.forEach(visit);
  return { checked, halfChecked };
}

/** The moulds found under a node of a search's answer. */
const mouldsUnder = (node: MoldTreeNode): MoldTreeNode[] =>
  node.category === 'mold' ? [node] : node.children.flatMap(mouldsUnder);

/**
 * The ticks after the user checks or unchecks a node. A company or group of the whole tree is one
 * tick, and the ticks below it go (it decides them now); in a search's answer, checking a company
 * or group ticks the moulds found in it the caller may change.
 */
export function toggle(
  ticks: Ticks,
  tree: KnownTree,
  node: MoldTreeNode,
  checked: boolean,
  searching: boolean,
): Map<string, Tick> {
  const next = new Map(ticks);
  if (node.category === 'mold' || searching) {
    for (const mould of mouldsUnder(node)) if (!mould.disabled) next.set(mould.cateId, { checked, node: mould });
    return next;
  }
  const groups = node.category === 'company' ? node.children.map((group) => group.cateId) : [node.cateId];
  for (const [key, tick] of ticks) {
    const group = tick.node.category === 'mold' ? tick.node.parent : key;
    if (group && groups.includes(group)) next.delete(key);
  }
  next.set(node.cateId, { checked, node });
  return next;
}

/** The ticks as the server's change: checked and unchecked companies, groups (g0 → 0) and moulds. */
export function treeChange(ticks: Ticks): MoldTreeChange {
  const side = () => ({ companyIds: [] as number[], groupIds: [] as number[], moldIds: [] as number[] });
  const change = { check: side(), uncheck: side() };
  const field = { company: 'companyIds', group: 'groupIds', mold: 'moldIds' } as const;
  for (const { checked, node } of ticks.values())
    change[checked ? 'check' : 'uncheck'][field[node.category]].push(node.id);
  return change;
}

/** Whether the ticks check anything (a share needs a mould). */
export const checksAny = (ticks: Ticks) => [...ticks.values()].some((tick) => tick.checked);

/** The nodes the tree opens with: every company and group whose moulds are known, else the companies. */
export function initiallyExpanded(tree: KnownTree): string[] {
  const companies = tree.roots.filter((root) => root.category === 'company').map((root) => root.cateId);
  const whole = [...tree.companyOf.keys()].every((group) => tree.mouldsOf.has(group));
  return whole ? [...companies, ...tree.companyOf.keys()] : companies;
}

/** Every company and group of a search's answer: it opens fully. */
export const allContainers = (nodes: readonly MoldTreeNode[]): string[] =>
  nodes.flatMap((node) => (node.category === 'mold' ? [] : [node.cateId, ...allContainers(node.children)]));
