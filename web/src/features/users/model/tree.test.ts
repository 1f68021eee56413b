import { describe, expect, it } from 'vitest';
import type { MoldTreeNode } from '@mouldwatch/shared';
import {
  allKeys,
  checkedMouldKeys,
  countMoulds,
  distributedMouldIds,
  filterTree,
  initiallyExpanded,
  mergeChecked,
  toTreeItems,
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

describe('the mould permission tree', () => {
  it('draws companies, groups and moulds, naming the ungrouped node and each mould with its number', () => {
    const items = toTreeItems(TREE, 'Without group');
    expect(items.map((item) => item.title)).toEqual(['Acme', 'Without group']);
    expect(items[0]?.children?.[0]?.children?.map((item) => [item.key, item.title, item.disabled])).toEqual([
      ['m7', 'Mould 7 · M-7', false],
      ['m8', 'Mould 8 · M-8', false],
      ['m9', 'Mould 9 · M-9', true],
    ]);
    expect(items[1]?.children?.[0]).not.toHaveProperty('children');
  });

  it('checks the moulds the user holds, and sends the checked moulds the caller may change', () => {
    expect(checkedMouldKeys(TREE)).toEqual(['m7', 'm9']);
    expect(distributedMouldIds(TREE, ['c1', 'g4', 'm7', 'm8', 'm9', 'g0'])).toEqual([7, 8]);
    expect(distributedMouldIds(TREE, [])).toEqual([]);
    expect(countMoulds(TREE, ['c1', 'm7', 'm11'])).toBe(2);
  });

  it('filters by mould name or number, or by the company or group holding them', () => {
    expect([...allKeys(filterTree(TREE, 'm-8'))]).toEqual(['c1', 'g4', 'm8']);
    expect([...allKeys(filterTree(TREE, 'CAPS'))]).toEqual(['c1', 'g4', 'm7', 'm8', 'm9']);
    expect([...allKeys(filterTree(TREE, 'mould 11'))]).toEqual(['g0', 'm11']);
    expect(filterTree(TREE, 'nothing')).toEqual([]);
    expect(filterTree(TREE, '  ')).toEqual(TREE);
  });

  it('keeps what is checked outside the filtered tree when checking inside it', () => {
    const shown = allKeys(filterTree(TREE, 'm-8'));
    expect(mergeChecked(['m7', 'm11'], shown, ['m8'])).toEqual(['m7', 'm11', 'm8']);
    expect(mergeChecked(['m7', 'm8'], shown, [])).toEqual(['m7']);
    expect(mergeChecked([], shown, ['c1', 'g4', 'm8'])).toEqual(['m8']);
  });

  it('opens a small tree fully and a large one at its companies', () => {
    expect(initiallyExpanded(TREE)).toEqual(['c1', 'g4', 'g0']);
    const large = [
      {
        ...TREE[0]!,
        children: [
          {
            ...TREE[0]!.children[0]!,
            children: Array.from({ length: 501 }, (_, index) => mould(index + 100, 'g4', false)),
          },
        ],
      },
    ];
    expect(initiallyExpanded(large)).toEqual(['c1']);
  });
});
