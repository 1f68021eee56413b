import type { MoldTreeNode } from '@mouldwatch/shared';

/** A node as antd's Tree draws it. */
export interface TreeItem {
  key: string;
  title: string;
  disabled: boolean;
  children?: TreeItem[];
}

/** A mould reads "name · number"; the ungrouped node takes the console's name for it. */
function titleOf(node: MoldTreeNode, ungrouped: string): string {
  if (node.category === 'mold') return node.mold_number ? `${node.name} · ${node.mold_number}` : node.name;
  return node.parent === null && node.category === 'group' && node.id === 0 ? ungrouped : node.name;
}

export function toTreeItems(nodes: readonly MoldTreeNode[], ungrouped: string): TreeItem[] {
  return nodes.map((node) => ({
    key: node.cateId,
    title: titleOf(node, ungrouped),
    disabled: node.disabled,
    ...(node.category === 'mold' ? {} : { children: toTreeItems(node.children, ungrouped) }),
  }));
}

function* moulds(nodes: readonly MoldTreeNode[]): Generator<MoldTreeNode> {
  for (const node of nodes) {
    if (node.category === 'mold') yield node;
    else yield* moulds(node.children);
  }
}

/** The keys of the moulds the user holds: antd checks their companies and groups itself. */
export function checkedMouldKeys(nodes: readonly MoldTreeNode[]): string[] {
  return [...moulds(nodes)].filter((node) => node.checked).map((node) => node.cateId);
}

/**
 * The moulds to send from the checked keys: checked moulds the caller may change. Disabled ones
 * (shared) are not the caller's to set; the server leaves them as they are.
 */
export function distributedMouldIds(nodes: readonly MoldTreeNode[], checkedKeys: readonly string[]): number[] {
  const checked = new Set(checkedKeys);
  return [...moulds(nodes)].filter((node) => !node.disabled && checked.has(node.cateId)).map((node) => node.id);
}

export function countMoulds(nodes: readonly MoldTreeNode[], keys: readonly string[]): number {
  const chosen = new Set(keys);
  return [...moulds(nodes)].filter((node) => chosen.has(node.cateId)).length;
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

export function allKeys(nodes: readonly MoldTreeNode[]): Set<string> {
  const keys = new Set<string>();
  const visit = (list: readonly MoldTreeNode[]) => {
    for (const node of list) {
      keys.add(node.cateId);
      visit(node.children);
    }
  };
  visit(nodes);
  return keys;
}

const isMouldKey = (key: string) => key.startsWith('m');

/**
 * The checked moulds after a check in a (possibly filtered) tree: what is checked outside the
 * tree in view stays. Only mould keys are kept: the tree derives its companies and groups, and a
 * group checked in one filtered view must not check the moulds another view hid.
 */
export function mergeChecked(previous: readonly string[], shownKeys: Set<string>, checkedInView: readonly string[]) {
  return [...previous.filter((key) => !shownKeys.has(key)), ...checkedInView.filter(isMouldKey)];
}

/** Up to this many moulds the tree opens fully; a larger one opens its companies only, to draw at once. */
export const EXPAND_ALL_UP_TO = 500;

/** The nodes the tree opens with: every company and group of a small tree, the companies of a large one. */
export function initiallyExpanded(nodes: readonly MoldTreeNode[]): string[] {
  const all = nodes.length === 0 ? 0 : [...moulds(nodes)].length;
  if (all > EXPAND_ALL_UP_TO) return nodes.map((node) => node.cateId);
  return [...allKeys(nodes)].filter((key) => !isMouldKey(key));
}
