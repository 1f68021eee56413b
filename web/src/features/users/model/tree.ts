import type { MoldTreeNode } from '@mouldwatch/shared';

/** A node as antd's Tree draws it. */
export interface TreeItem {
  key: string;
  title: string;
  disabled: boolean;
  isLeaf: boolean;
  children?: TreeItem[];
}

/** A mould reads "name · number"; the ungrouped node takes the console's name for it. */
function titleOf(node: MoldTreeNode, ungrouped: string): string {
  if (node.category === 'mold') return node.mold_number ? `${node.name} · ${node.mold_number}` : node.name;
  return node.parent === null && node.category === 'group' && node.id === 0 ? ungrouped : node.name;
}

/**
 * The items antd draws: the children of expanded nodes only. antd builds an entry for every item
 * it is given; for 10,000 moulds under closed groups that alone was a long task.
 */
export function toTreeItems(
  nodes: readonly MoldTreeNode[],
  ungrouped: string,
  expanded: ReadonlySet<string>,
): TreeItem[] {
  return nodes.map((node) => {
    const item = { key: node.cateId, title: titleOf(node, ungrouped), disabled: node.disabled };
    if (node.category === 'mold') return { ...item, isLeaf: true };
    const children = expanded.has(node.cateId) ? toTreeItems(node.children, ungrouped, expanded) : [];
    return { ...item, isLeaf: false, children };
  });
}

function* moulds(nodes: readonly MoldTreeNode[]): Generator<MoldTreeNode> {
  for (const node of nodes) {
    if (node.category === 'mold') yield node;
    else yield* moulds(node.children);
  }
}

/** The keys of the moulds the user holds. */
export function checkedMouldKeys(nodes: readonly MoldTreeNode[]): string[] {
  return [...moulds(nodes)].filter((node) => node.checked).map((node) => node.cateId);
}

/**
 * The moulds to send from the checked keys: checked moulds the caller may change. Disabled ones
 * (shared) are not the caller's to set; the server leaves them as they are.
 */
export function distributedMouldIds(nodes: readonly MoldTreeNode[], checked: ReadonlySet<string>): number[] {
  return [...moulds(nodes)].filter((node) => !node.disabled && checked.has(node.cateId)).map((node) => node.id);
}

const matches = (node: MoldTreeNode, text: string) =>
  node.name.toLowerCase().includes(text) || node.mold_number.toLowerCase().includes(text);

/**
 * The tree cut down to what the search names: moulds whose name or number contains the text, and
 * every mould of a company or group whose name does. Empty text: the whole tree.
 */
export function filterTree(nodes: readonly MoldTreeNode[], search: string): MoldTreeNode[] {
  const text = search.trim().toLowerCase();
  if (!text) return [...nodes];
  return nodes.flatMap((node) => {
    if (matches(node, text)) return [node];
    if (node.category === 'mold') return [];
    const children = filterTree(node.children, text);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** Up to this many moulds the tree opens fully; a larger one opens its companies only, to draw at once. */
export const EXPAND_ALL_UP_TO = 500;

/** The nodes the tree opens with: every company and group of a small tree, the companies of a large one. */
export function initiallyExpanded(nodes: readonly MoldTreeNode[]): string[] {
  const all = nodes.length === 0 ? 0 : [...moulds(nodes)].length;
  if (all > EXPAND_ALL_UP_TO) return nodes.map((node) => node.cateId);
  return [...nodesByKey(nodes).values()].filter((node) => node.category !== 'mold').map((node) => node.cateId);
}

/** Every node of the tree by its key. */
export function nodesByKey(nodes: readonly MoldTreeNode[]): Map<string, MoldTreeNode> {
  const byKey = new Map<string, MoldTreeNode>();
  const visit = (list: readonly MoldTreeNode[]) => {
    for (const node of list) {
      byKey.set(node.cateId, node);
      visit(node.children);
    }
  };
  visit(nodes);
  return byKey;
}

/**
 * What the tree shows checked and half-checked, from the chosen moulds: a company or group is
 * checked when all its moulds (in view) are, half-checked when some are.
 */
export function checkState(nodes: readonly MoldTreeNode[], chosen: ReadonlySet<string>) {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  const visit = (node: MoldTreeNode): 'all' | 'some' | 'none' => {
    if (node.category === 'mold') return chosen.has(node.cateId) ? 'all' : 'none';
    const states = node.children.map(visit);
    const state =
      states.length > 0 && states.every((one) => one === 'all')
        ? 'all'
        : states.some((one) => one !== 'none')
          ? 'some'
          : 'none';
    if (state === 'all') checked.push(node.cateId);
    if (state === 'some') halfChecked.push(node.cateId);
    return state;
  };
  for (const node of nodes) visit(node);
  for (const key of chosen) checked.push(key);
  return { checked, halfChecked };
}

/** Checking a mould chooses it; checking a company or group chooses all its moulds in view the caller may change. */
export function toggle(chosen: ReadonlySet<string>, node: MoldTreeNode, check: boolean): Set<string> {
  const next = new Set(chosen);
  for (const mould of moulds([node])) {
    if (mould.disabled) continue;
    if (check) next.add(mould.cateId);
    else next.delete(mould.cateId);
  }
  return next;
}
