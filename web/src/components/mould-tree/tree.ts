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

/** The tree with what the dialog asks of every node, built once per answer (and per search). */
export interface IndexedTree {
  roots: readonly MoldTreeNode[];
  byKey: ReadonlyMap<string, MoldTreeNode>;
  /** The moulds under each company and group, in tree order. */
  mouldsUnder: ReadonlyMap<string, readonly MoldTreeNode[]>;
  moulds: readonly MoldTreeNode[];
  /** The keys of the moulds the user holds. */
  held: ReadonlySet<string>;
}

/**
 * One walk over the tree. The dialog's renders then cost what is in view, not the 10,000 moulds of
 * a large organisation: `useMouldTree` builds this as the answer arrives, outside of the render.
 */
export function indexTree(roots: readonly MoldTreeNode[]): IndexedTree {
  const byKey = new Map<string, MoldTreeNode>();
  const mouldsUnder = new Map<string, MoldTreeNode[]>();
  const moulds: MoldTreeNode[] = [];
  const held = new Set<string>();
  const visit = (node: MoldTreeNode, holders: MoldTreeNode[][]) => {
    byKey.set(node.cateId, node);
    if (node.category === 'mold') {
      moulds.push(node);
      if (node.checked) held.add(node.cateId);
      for (const list of holders) list.push(node);
      return;
    }
    const own: MoldTreeNode[] = [];
    mouldsUnder.set(node.cateId, own);
    const withOwn = [...holders, own];
    for (const child of node.children) visit(child, withOwn);
  };
  for (const root of roots) visit(root, []);
  return { roots, byKey, mouldsUnder, moulds, held };
}

/**
 * The moulds to send from the chosen keys: chosen moulds the caller may change. Disabled ones
 * (shared) are not the caller's to set; the server leaves them as they are.
 */
export function distributedMouldIds(tree: IndexedTree, chosen: ReadonlySet<string>): number[] {
  return tree.moulds.filter((node) => !node.disabled && chosen.has(node.cateId)).map((node) => node.id);
}

/** The moulds to send: the chosen ones, or (nothing touched yet) the ones the server checked; never disabled ones. */
export function chosenMouldIds(tree: IndexedTree, chosen: ReadonlySet<string> | null): number[] {
  return distributedMouldIds(tree, chosen ?? tree.held);
}

const matches = (node: MoldTreeNode, text: string) =>
  node.name.toLowerCase().includes(text) || node.mold_number.toLowerCase().includes(text);

/**
 * The tree cut down to what the search names: moulds whose name or number contains the text, and
 * every mould of a company or group whose name does. Empty text: the whole tree.
 */
export function filterTree(tree: IndexedTree, search: string): IndexedTree {
  const text = search.trim().toLowerCase();
  if (!text) return tree;
  const keep = (nodes: readonly MoldTreeNode[]): MoldTreeNode[] =>
    nodes.flatMap((node) => {
      if (matches(node, text)) return [node];
      if (node.category === 'mold') return [];
      const children = keep(node.children);
      return children.length > 0 ? [{ ...node, children }] : [];
    });
  return indexTree(keep(tree.roots));
}

/** Up to this many moulds the tree opens fully; a larger one opens its companies only, to draw at once. */
export const EXPAND_ALL_UP_TO = 500;

/** The nodes the tree opens with: every company and group of a small tree, the companies of a large one. */
export function initiallyExpanded(tree: IndexedTree): string[] {
  if (tree.moulds.length > EXPAND_ALL_UP_TO) return tree.roots.map((node) => node.cateId);
  return [...tree.mouldsUnder.keys()];
}

/**
 * What the tree shows checked and half-checked among the items drawn, from the chosen moulds: a
 * company or group is checked when all its moulds (in view) are, half-checked when some are.
 */
export function checkState(items: readonly TreeItem[], tree: IndexedTree, chosen: ReadonlySet<string>) {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  const visit = (item: TreeItem) => {
    const under = tree.mouldsUnder.get(item.key);
    const count = under ? under.filter((mould) => chosen.has(mould.cateId)).length : Number(chosen.has(item.key));
    const all = under ? under.length : 1;
    if (count > 0 && count === all) checked.push(item.key);
    else if (count > 0) halfChecked.push(item.key);
    item.children?.forEach(visit);
  };
  items.forEach(visit);
  return { checked, halfChecked };
}

/** Checking a mould chooses it; checking a company or group chooses all its moulds in view the caller may change. */
export function toggle(chosen: ReadonlySet<string>, tree: IndexedTree, key: string, check: boolean): Set<string> {
  const next = new Set(chosen);
  const node = tree.byKey.get(key);
  for (const mould of tree.mouldsUnder.get(key) ?? (node ? [node] : [])) {
    if (mould.disabled) continue;
    if (check) next.add(mould.cateId);
    else next.delete(mould.cateId);
  }
  return next;
}
