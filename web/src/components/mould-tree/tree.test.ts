import { describe, expect, it } from 'vitest';
import type { MoldTreeNode } from '@mouldwatch/shared';
import {
  checkState,
  chosenMouldIds,
  distributedMouldIds,
  filterTree,
  indexTree,
  initiallyExpanded,
  toTreeItems,
  toggle,
} from './tree';

const mould = (id: number, parent: string, checked: boolean, disabled = false): MoldTreeNode => ({
  id,
  cateId: `m${id}`,
  category: 'mold',
  name: `Mould ${id}`,
  mold_number: `M-${id}`,
  group: null,
  parent,
  disabled,
  checked,
  children: [],
});

const TREE: MoldTreeNode[] = [
  {
    id: 1,
    cateId: 'c1',
    category: 'company',
    name: 'Acme',
    mold_number: '',
    group: null,
    parent: null,
    disabled: false,
    checked: false,
    children: [
      {
        id: 4,
        cateId: 'g4',
        category: 'group',
        name: 'Caps',
        mold_number: '',
        group: 4,
        parent: 'c1',
        disabled: false,
        checked: false,
        children: [mould(7, 'g4', true), mould(8, 'g4', false), mould(9, 'g4', true, true)],
      },
    ],
  },
  {
    id: 0,
    cateId: 'g0',
    category: 'group',
    name: '',
    mold_number: '',
    group: null,
    parent: null,
    disabled: false,
    checked: false,
    children: [mould(11, 'g0', false)],
  },
];

const INDEXED = indexTree(TREE);
const keysOf = (search: string) => [...filterTree(INDEXED, search).byKey.keys()];

describe('the mould permission tree', () => {
  it('draws companies, groups and the moulds of open groups, naming the ungrouped node and each mould with its number', () => {
    const items = toTreeItems(TREE, 'Without group', new Set(['c1', 'g4']));
    expect(items.map((item) => item.title)).toEqual(['Acme', 'Without group']);
    expect(
      items[0]?.children?.[0]?.children?.map((item) => [item.key, item.title, item.disabled, item.isLeaf]),
    ).toEqual([
      ['m7', 'Mould 7 · M-7', false, true],
      ['m8', 'Mould 8 · M-8', false, true],
      ['m9', 'Mould 9 · M-9', true, true],
    ]);
    expect(items[1]).toMatchObject({ key: 'g0', isLeaf: false, children: [] });
  });

  it('starts from the moulds the user holds, and sends the chosen moulds the caller may change', () => {
    expect([...INDEXED.held]).toEqual(['m7', 'm9']);
    expect(distributedMouldIds(INDEXED, new Set(['m7', 'm8', 'm9']))).toEqual([7, 8]);
    expect(distributedMouldIds(INDEXED, new Set())).toEqual([]);
    // Untouched: what the server checked (less the fixed ones); touched: what was chosen.
    expect(chosenMouldIds(INDEXED, null)).toEqual([7]);
    expect(chosenMouldIds(INDEXED, new Set(['m8']))).toEqual([8]);
  });

  it('checks a group when all its moulds are chosen, half when some are, among the items drawn', () => {
    const open = toTreeItems(TREE, '', new Set(['c1', 'g4', 'g0']));
    expect(checkState(open, INDEXED, new Set(['m7']))).toEqual({ checked: ['m7'], halfChecked: ['c1', 'g4'] });
    expect(checkState(open, INDEXED, new Set(['m7', 'm8', 'm9', 'm11']))).toEqual({
      checked: ['c1', 'g4', 'm7', 'm8', 'm9', 'g0', 'm11'],
      halfChecked: [],
    });
    const closed = toTreeItems(TREE, '', new Set());
    expect(checkState(closed, INDEXED, new Set(['m7', 'm8', 'm9']))).toEqual({ checked: ['c1'], halfChecked: [] });
  });

  it('checking a company or group chooses its moulds the caller may change; unchecking drops them', () => {
    expect([...toggle(new Set(), INDEXED, 'c1', true)]).toEqual(['m7', 'm8']);
    expect([...toggle(new Set(['m7', 'm9', 'm11']), INDEXED, 'g4', false)]).toEqual(['m9', 'm11']);
    expect([...toggle(new Set(['m7']), INDEXED, 'm8', true)]).toEqual(['m7', 'm8']);
  });

  it('filters by mould name or number, or by the company or group holding them', () => {
    expect(keysOf('m-8')).toEqual(['c1', 'g4', 'm8']);
    expect(keysOf('CAPS')).toEqual(['c1', 'g4', 'm7', 'm8', 'm9']);
    expect(keysOf('mould 11')).toEqual(['g0', 'm11']);
    expect(filterTree(INDEXED, 'nothing').roots).toEqual([]);
    expect(filterTree(INDEXED, '  ')).toBe(INDEXED);
    expect([...toggle(new Set(['m7']), filterTree(INDEXED, 'm-8'), 'g4', false)]).toEqual(['m7']);
  });

  it('opens a small tree fully and a large one at its companies', () => {
    expect(initiallyExpanded(INDEXED)).toEqual(['c1', 'g4', 'g0']);
    const many = Array.from({ length: 501 }, (_, index) => mould(index + 100, 'g4', false));
    const large = [{ ...TREE[0]!, children: [{ ...TREE[0]!.children[0]!, children: many }] }];
    expect(initiallyExpanded(indexTree(large))).toEqual(['c1']);
  });
});
