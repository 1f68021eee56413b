import { describe, expect, it } from 'vitest';
import { buildMoldTree, buildTreeSummary, decideMolds } from './mold-tree.js';
import type { TreeMoldRow } from './mold-permission.repository.js';

const row = (
  id: number,
  name: string,
  group: [number, string, number, string] | null,
  extra: Partial<TreeMoldRow> = {},
) => ({
  id,
  name,
  mold_number: `M-${id}`,
  group_id: group?.[0] ?? null,
  group_name: group?.[1] ?? null,
  company_id: group?.[2] ?? null,
  company_name: group?.[3] ?? null,
  checked: false,
  disabled: false,
  ...extra,
});

describe('the mould tree', () => {
  it('sorts each level by name in natural order, the ungrouped node last', () => {
    const tree = buildMoldTree([
      row(1, 'Mould 10', [5, 'Caps', 2, 'Zeta']),
      row(2, 'Mould 2', [5, 'Caps', 2, 'Zeta']),
      row(3, 'Loose', null),
      row(4, 'Lid', [6, 'Boxes', 2, 'Zeta']),
      row(5, 'Rim', [7, 'Rims', 1, 'alpha']),
    ]);
    expect(tree.map((node) => node.cateId)).toEqual(['c1', 'c2', 'g0']);
    expect(tree[1]?.children.map((node) => node.name)).toEqual(['Boxes', 'Caps']);
    expect(tree[1]?.children[1]?.children.map((node) => node.name)).toEqual(['Mould 2', 'Mould 10']);
  });

  it('checks and disables a group or company only when all its moulds are', () => {
    const tree = buildMoldTree([
      row(1, 'A', [5, 'Caps', 2, 'Acme'], { checked: true, disabled: true }),
      row(2, 'B', [5, 'Caps', 2, 'Acme'], { checked: true }),
      row(3, 'C', [6, 'Lids', 2, 'Acme'], { checked: true, disabled: true }),
    ]);
    const [caps, lids] = tree[0]?.children ?? [];
    expect([caps?.checked, caps?.disabled, lids?.checked, lids?.disabled]).toEqual([true, false, true, true]);
    expect([tree[0]?.checked, tree[0]?.disabled]).toEqual([true, false]);
    expect(caps?.children.map((node) => node.disabled)).toEqual([true, false]);
  });

  it('counts each company and group: moulds, checked, disabled, disabled and checked', () => {
    const [acme, loose] = buildMoldTree([
      row(1, 'A', [5, 'Caps', 2, 'Acme'], { checked: true, disabled: true }),
      row(2, 'B', [5, 'Caps', 2, 'Acme'], { checked: true }),
      row(3, 'C', [6, 'Lids', 2, 'Acme'], { disabled: true }),
      row(4, 'D', null),
    ]);
    expect(acme).toMatchObject({ mold_count: 3, checked_count: 2, disabled_count: 2, disabled_checked_count: 1 });
    expect(acme?.children[0]).toMatchObject({ cateId: 'g5', mold_count: 2, checked_count: 2, checked: true });
    expect(loose).toEqual(expect.objectContaining({ cateId: 'g0', mold_count: 1, checked: false, disabled: false }));
    expect(Object.keys(loose!)).not.toContain('checked_count'); // a count of 0 is left out
    expect(acme?.children[0]?.children[0]).not.toHaveProperty('mold_count');
  });

  it('summarises groups into companies without their moulds', () => {
    const counts = (mold: number, checked: number, disabled: number) => ({
      mold_count: mold,
      checked_count: checked,
      disabled_count: disabled,
      disabled_checked_count: 0,
    });
    const tree = buildTreeSummary([
      { group_id: 5, group_name: 'Caps', company_id: 2, company_name: 'Acme', ...counts(10, 10, 0) },
      { group_id: 6, group_name: 'Lids', company_id: 2, company_name: 'Acme', ...counts(5, 0, 5) },
      { group_id: null, group_name: null, company_id: null, company_name: null, ...counts(3, 1, 0) },
    ]);
    expect(tree.map((node) => [node.cateId, node.mold_count, node.checked_count, node.checked])).toEqual([
      ['c2', 15, 10, false],
      ['g0', 3, 1, false],
    ]);
    expect(tree[0]?.children.map((node) => [node.cateId, node.checked, node.disabled, node.children.length])).toEqual([
      ['g5', true, false, 0],
      ['g6', false, true, 0],
    ]);
  });
});

describe('a change of the tree', () => {
  // [mould, group (0: none), company]
  const molds: Array<[number, number, number | null]> = [
    [1, 5, 2],
    [2, 5, 2],
    [3, 6, 2],
    [4, 0, null],
    [5, 7, 3],
  ];

  it('decides each mould by the most specific node it names; moulds it does not name are left out', () => {
    expect(decideMolds(molds, { check: { companyIds: [2] }, uncheck: { groupIds: [6], moldIds: [2] } })).toEqual({
      checked: [1],
      unchecked: [2, 3],
    });
    expect(decideMolds(molds, { check: { groupIds: [0], moldIds: [3] }, uncheck: { companyIds: [2] } })).toEqual({
      checked: [3, 4],
      unchecked: [1, 2],
    });
    expect(decideMolds(molds, {})).toEqual({ checked: [], unchecked: [] });
  });
});
