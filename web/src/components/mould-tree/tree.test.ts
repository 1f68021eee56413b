import { describe, expect, it } from 'vitest';
import type { MoldTreeNode } from '@mouldwatch/shared';
import {
  checkState,
  checkedCounts,
  checksAny,
  initiallyExpanded,
  isChecked,
  knownTree,
  selectedCount,
  toTreeItems,
  toggle,
  treeChange,
  withGroupMoulds,
  type Tick,
} from './tree';

const mould = (id: number, parent: string, checked: boolean, disabled = false): MoldTreeNode => ({
  id,
  cateId: `m${id}`,
  category: 'mold',
  name: `Mould ${id}`,
  mold_number: `M-${id}`,
  group: parent === 'g0' ? null : Number(parent.slice(1)),
  parent,
  disabled,
  checked,
  children: [],
});

const counts = (mold: number, checked: number, disabled = 0, disabledChecked = 0) => ({
  mold_count: mold,
  checked_count: checked,
  disabled_count: disabled,
  disabled_checked_count: disabledChecked,
});

const group = (id: number, parent: string | null, children: MoldTreeNode[], count: ReturnType<typeof counts>) => ({
  id,
  cateId: `g${id}`,
  category: 'group' as const,
  name: id === 0 ? '' : `Group ${id}`,
  mold_number: '',
  group: id === 0 ? null : id,
  parent,
  disabled: count.disabled_count === count.mold_count,
  checked: count.mold_count > 0 && count.checked_count === count.mold_count,
  children,
  ...count,
});

// A large tree's first answer: company 1 with groups 4 (3 moulds: 7 held, 9 held and fixed) and 5 (100 moulds, 10
// held), and 2 moulds without a group; no moulds yet.
const FIRST: MoldTreeNode[] = [
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
    children: [group(4, 'c1', [], counts(3, 2, 1, 1)), group(5, 'c1', [], counts(100, 10))],
    ...counts(103, 12, 1, 1),
  },
  group(0, null, [], counts(2, 0)),
];
const G4 = [mould(7, 'g4', true), mould(8, 'g4', false), mould(9, 'g4', true, true)];
const tick = (node: MoldTreeNode, checked: boolean): [string, Tick] => [node.cateId, { checked, node }];
const node = (key: string) => [...FIRST, ...FIRST[0]!.children, ...G4].find((item) => item.cateId === key)!;

describe('the mould permission tree, a part at a time', () => {
  it("draws companies and groups first; a group's moulds once loaded, each with its number", () => {
    const first = knownTree(FIRST);
    expect(initiallyExpanded(first)).toEqual(['c1']);
    const closed = toTreeItems(FIRST, 'Without group', new Set(['c1', 'g4']), first.mouldsOf);
    expect(closed[0]?.children?.map((item) => [item.key, item.isLeaf, item.children])).toEqual([
      ['g4', false, []],
      ['g5', false, []],
    ]);
    expect(closed[1]).toMatchObject({ title: 'Without group', isLeaf: false });
    const loaded = withGroupMoulds(first, 'g4', G4);
    const open = toTreeItems(FIRST, '', new Set(['c1', 'g4']), loaded.mouldsOf);
    expect(open[0]?.children?.[0]?.children?.map((item) => [item.title, item.disabled, item.isLeaf])).toEqual([
      ['Mould 7 · M-7', false, true],
      ['Mould 8 · M-8', false, true],
      ['Mould 9 · M-9', true, true],
    ]);
  });

  it('opens a small tree (every group holding its moulds) fully', () => {
    const whole = [{ ...FIRST[0]!, children: [group(4, 'c1', G4, counts(3, 2, 1, 1))] }];
    expect(initiallyExpanded(knownTree(whole))).toEqual(['c1', 'g4']);
  });

  it('counts from the server, then from the ticks: the most specific tick decides, fixed moulds stay', () => {
    const tree = withGroupMoulds(knownTree(FIRST), 'g4', G4);
    expect(selectedCount(tree, checkedCounts(tree, new Map()))).toBe(12);
    const company = new Map([tick(node('c1'), true)]);
    expect(Object.fromEntries(checkedCounts(tree, company))).toEqual({ g4: 3, g5: 100, c1: 103, g0: 0 });
    const exceptions = new Map([...company, tick(node('g5'), false), tick(node('m8'), false)]);
    expect(Object.fromEntries(checkedCounts(tree, exceptions))).toEqual({ g4: 2, g5: 0, c1: 2, g0: 0 });
    const cleared = new Map([tick(node('c1'), false)]);
    expect(checkedCounts(tree, cleared).get('g4')).toBe(1); // m9 is fixed and held
    expect(isChecked(node('m7'), cleared, tree.companyOf)).toBe(false);
    expect(isChecked(node('m9'), cleared, tree.companyOf)).toBe(true);
    expect(isChecked(node('m8'), new Map([tick(node('g4'), true)]), tree.companyOf)).toBe(true);
  });

  it('checks a company or group when all its moulds are, half when some are', () => {
    const tree = withGroupMoulds(knownTree(FIRST), 'g4', G4);
    expect(checkState(FIRST, tree, new Map(), false)).toEqual({
      checked: ['m7', 'm9'],
      halfChecked: ['g4', 'g5', 'c1'],
    });
    expect(checkState(FIRST, tree, new Map([tick(node('c1'), true), tick(FIRST[1]!, true)]), false).checked).toEqual([
      'm7',
      'm8',
      'm9',
      'g4',
      'g5',
      'c1',
      'g0',
    ]);
  });

  it('a company or group tick replaces the ticks below it; in a search, it ticks the moulds found', () => {
    const tree = withGroupMoulds(knownTree(FIRST), 'g4', G4);
    const below = new Map([tick(node('m8'), true), tick(node('g5'), false)]);
    expect([...toggle(below, tree, node('c1'), true, false).keys()]).toEqual(['c1']);
    expect([...toggle(below, tree, node('g4'), false, false).keys()]).toEqual(['g5', 'g4']);
    const found = { ...node('g4'), children: G4 };
    const searched = toggle(new Map(), tree, found, true, true);
    expect([...searched.keys()]).toEqual(['m7', 'm8']);
    expect(checkState([found], tree, searched, true)).toEqual({ checked: ['m7', 'm8', 'm9', 'g4'], halfChecked: [] });
  });

  it('sends the ticks as a change of companies, groups (g0 as 0) and moulds', () => {
    const ticks = new Map([
      tick(node('c1'), true),
      tick(FIRST[1]!, true),
      tick(node('g5'), false),
      tick(node('m8'), false),
    ]);
    expect(treeChange(ticks)).toEqual({
      check: { companyIds: [1], groupIds: [0], moldIds: [] },
      uncheck: { companyIds: [], groupIds: [5], moldIds: [8] },
    });
    expect(checksAny(ticks)).toBe(true);
    expect(checksAny(new Map([tick(node('m8'), false)]))).toBe(false);
  });
});
