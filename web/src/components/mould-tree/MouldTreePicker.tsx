import { Empty, Input, Tree } from 'antd';
import { useMemo, useState } from 'react';
import './mould-tree.css';
import { checkState, filterTree, initiallyExpanded, toTreeItems, toggle, type IndexedTree } from './tree';

/** The tree draws only the rows in view: 10,000 moulds stay smooth. */
const TREE_HEIGHT = 420;

export interface MouldTreeTexts {
  ungrouped: string;
  search: string;
  nothingFound: string;
  /** "{count} moulds selected". */
  selected(count: number): string;
}

/**
 * The checkable company → group → mould tree with its search (user administration, sharing):
 * `chosen` holds the chosen moulds' keys; disabled moulds cannot be toggled. `tree` is indexed once
 * (`indexTree`, as the answer arrives): a render then costs what is in view, not every mould.
 */
export function MouldTreePicker({
  tree,
  chosen,
  onChange,
  texts,
  height = TREE_HEIGHT,
}: {
  tree: IndexedTree;
  chosen: ReadonlySet<string>;
  onChange(chosen: Set<string>): void;
  texts: MouldTreeTexts;
  height?: number;
}) {
  const [search, setSearch] = useState('');
  const [expansion, setExpansion] = useState<{ search: string; keys: string[] } | null>(null);
  const inView = useMemo(() => filterTree(tree, search), [tree, search]);
  const expandedKeys = useMemo(
    () => (expansion?.search === search ? expansion.keys : initiallyExpanded(inView)),
    [expansion, search, inView],
  );
  const items = useMemo(
    () => toTreeItems(inView.roots, texts.ungrouped, new Set(expandedKeys)),
    [inView, texts.ungrouped, expandedKeys],
  );
  const checkedKeys = useMemo(() => checkState(items, inView, chosen), [items, inView, chosen]);
  return (
    <>
      <Input.Search
        allowClear
        className="mw-mould-tree-search"
        placeholder={texts.search}
        aria-label={texts.search}
        onSearch={setSearch}
        maxLength={64}
        data-testid="mould-tree-search"
      />
      {inView.roots.length === 0 && <Empty description={texts.nothingFound} />}
      <Tree
        checkable
        checkStrictly
        selectable={false}
        height={height}
        treeData={items}
        expandedKeys={expandedKeys}
        onExpand={(keys) => setExpansion({ search, keys: keys.map(String) })}
        checkedKeys={checkedKeys}
        onCheck={(_keys, { node, checked }) => onChange(toggle(chosen, inView, String(node.key), checked))}
        data-testid="mould-tree"
      />
      <p className="mw-mould-tree-count" data-testid="mould-tree-count">
        {texts.selected(chosen.size)}
      </p>
    </>
  );
}
