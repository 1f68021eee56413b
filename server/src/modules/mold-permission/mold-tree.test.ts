import { describe, expect, it } from 'vitest';
import { buildMoldTree } from './mold-tree.js';
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
  shared_to_caller: false,
  held: false,
  shared_to_user: false,
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
      row(1, 'A', [5, 'Caps', 2, 'Acme'], { held: true, shared_to_caller: true }),
      row(2, 'B', [5, 'Caps', 2, 'Acme'], { held: true }),
      row(3, 'C', [6, 'Lids', 2, 'Acme'], { held: true, shared_to_user: true }),
    ]);
    const [caps, lids] = tree[0]?.children ?? [];
    expect([caps?.checked, caps?.disabled, lids?.checked, lids?.disabled]).toEqual([true, false, true, true]);
    expect([tree[0]?.checked, tree[0]?.disabled]).toEqual([true, false]);
    expect(caps?.children.map((node) => node.disabled)).toEqual([true, false]);
  });
});
