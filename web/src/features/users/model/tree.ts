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
