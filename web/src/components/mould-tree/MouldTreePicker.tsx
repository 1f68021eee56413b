import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Input, Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { MOLD_TREE_SEARCH_LIMIT, type MoldTreeNode } from '@mouldwatch/shared';
import './mould-tree.css';
import {
  allContainers,
  checkState,
  checkedCounts,
  initiallyExpanded,
  knownTree,
  selectedCount,
  toTreeItems,
  toggle,
  withGroupMoulds,
  type Tick,
  type Ticks,
} from './tree';

/** The tree draws only the rows in view: long groups stay smooth. */
const TREE_HEIGHT = 420;

export interface MouldTreeTexts {
  ungrouped: string;
  search: string;
  nothingFound: string;
  /** "Showing the first {count} moulds found: refine the search". */
  more(count: number): string;
  /** "{count} moulds selected". */
  selected(count: number): string;
}

/** A part of the tree the server answers (`GET …?parent` or `?search`): the same call for users and sharing. */
export interface TreePart {
  parent?: string;
  search?: string;
}
export interface TreePartAnswer {
  nodes: MoldTreeNode[];
  more?: boolean;
}

/**
 * The checkable company → group → mould tree with its search (user administration, sharing). It
 * starts from the server's first answer (`first`: companies and groups with their counts, or the
 * whole of a small tree), loads a group's moulds when it is opened and searches on the server
 * (`load`, cached under `queryKey`). `ticks` hold what the user did (`Ticks`); disabled moulds
 * cannot be toggled.
 */
export function MouldTreePicker({
  first,
  load,
  queryKey,
  ticks,
  onChange,
  texts,
  height = TREE_HEIGHT,
}: {
  first: readonly MoldTreeNode[];
  load(part: TreePart, signal?: AbortSignal): Promise<TreePartAnswer>;
  queryKey: readonly unknown[];
  ticks: Ticks;
  onChange(ticks: Map<string, Tick>): void;
  texts: MouldTreeTexts;
  height?: number;
}) {
  const [tree, setTree] = useState(() => knownTree(first));
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState(() => initiallyExpanded(tree));
  const found = useQuery({
    queryKey: [...queryKey, 'search', search],
    queryFn: ({ signal }) => load({ search }, signal),
    enabled: search !== '',
    gcTime: 0,
  });
  const searching = search !== '';
  const nodes = useMemo(
    () => (searching ? (found.data?.nodes ?? []) : tree.roots),
    [searching, found.data, tree.roots],
  );
  const expandedKeys = useMemo(() => (searching ? allContainers(nodes) : expanded), [searching, nodes, expanded]);
  const items = useMemo(
    () => toTreeItems(nodes, texts.ungrouped, new Set(expandedKeys), tree.mouldsOf),
    [nodes, texts.ungrouped, expandedKeys, tree.mouldsOf],
  );
  const checkedKeys = useMemo(() => checkState(nodes, tree, ticks, searching), [nodes, tree, ticks, searching]);
  const selected = useMemo(() => selectedCount(tree, checkedCounts(tree, ticks)), [tree, ticks]);
  const byKey = useMemo(() => nodesByKey(nodes, tree.mouldsOf), [nodes, tree.mouldsOf]);

  const loadGroup = async (key: string) => {
    if (!key.startsWith('g') || tree.mouldsOf.has(key)) return;
    const { nodes: moulds } = await load({ parent: key });
    setTree((known) => withGroupMoulds(known, key, moulds));
  };

  return (
    <>
      <Input.Search
        allowClear
        className="mw-mould-tree-search"
        placeholder={texts.search}
        aria-label={texts.search}
        onSearch={(text) => setSearch(text.trim())}
        maxLength={64}
        loading={found.isFetching}
        data-testid="mould-tree-search"
      />
      {found.data?.more && searching && (
        <Alert className="mw-mould-tree-more" type="info" title={texts.more(MOLD_TREE_SEARCH_LIMIT)} />
      )}
      {searching && found.isPending && <Spin />}
      {nodes.length === 0 && !(searching && found.isPending) && <Empty description={texts.nothingFound} />}
      <Tree
        checkable
        checkStrictly
        selectable={false}
        height={height}
        treeData={items}
        expandedKeys={expandedKeys}
        loadedKeys={[...tree.mouldsOf.keys()]}
        loadData={searching ? undefined : (node) => loadGroup(String(node.key))}
        onExpand={(keys) => {
          if (!searching) setExpanded(keys.map(String));
        }}
        checkedKeys={checkedKeys}
        onCheck={(_keys, { node, checked }) => {
          const ticked = byKey.get(String(node.key));
          if (ticked) onChange(toggle(ticks, tree, ticked, checked, searching));
        }}
        data-testid="mould-tree"
      />
      <p className="mw-mould-tree-count" data-testid="mould-tree-count">
        {texts.selected(selected)}
      </p>
    </>
  );
}

/** Every node drawn or loaded, by key: what a click on an item names. */
function nodesByKey(
  nodes: readonly MoldTreeNode[],
  mouldsOf: ReadonlyMap<string, readonly MoldTreeNode[]>,
): Map<string, MoldTreeNode> {
  const byKey = new Map<string, MoldTreeNode>();
  const visit = (node: MoldTreeNode) => {
    byKey.set(node.cateId, node);
    node.children.forEach(visit);
  };
  nodes.forEach(visit);
  for (const moulds of mouldsOf.values()) for (const mould of moulds) if (!byKey.has(mould.cateId)) visit(mould);
  return byKey;
}

/** The antd parts of the picker, empty: what `StylesAhead` draws so their styles are made before the picker shows. */
export function MouldTreeParts() {
  return (
    <>
      <Input.Search allowClear />
      <Tree checkable treeData={[]} height={TREE_HEIGHT} />
    </>
  );
}
