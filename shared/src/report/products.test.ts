import { describe, expect, it } from 'vitest';
import { groupProducts, productMatches, type ProductMould } from './products.js';

let nextId = 0;
const mould = (part_id: string, fields: Partial<ProductMould> = {}): ProductMould => {
  nextId += 1;
  return {
    id: nextId,
    name: `Mould ${nextId}`,
    mold_number: `M-${nextId}`,
    part_id,
    project_name: '',
    state: 'run',
    online: true,
    ...fields,
  };
};

describe('the product list: moulds grouped by part ID', () => {
  it('groups by the trimmed part ID, exactly (case kept), in natural order with the moulds without one last', () => {
    const groups = groupProducts([
      mould(''),
      mould('P-10'),
      mould(' P-2 '),
      mould('P-2'),
      mould('p-2'),
      mould('   '),
      mould('P-1'),
    ]);
    expect(groups.map((group) => [group.part_id, group.moulds.length])).toEqual([
      ['P-1', 1],
      ['P-2', 2],
      ['p-2', 1],
      ['P-10', 1],
      ['', 2],
    ]);
    // Every mould is counted once.
    expect(groups.reduce((sum, group) => sum + group.moulds.length, 0)).toBe(7);
  });

  it('keeps distinct project names (blanks left out) and lists the moulds by name then id', () => {
    const [group] = groupProducts([
      mould('A', { name: 'Zeta', project_name: 'Lid' }),
      mould('A', { name: 'alpha', project_name: ' Cap ' }),
      mould('A', { name: 'Zeta', project_name: 'Lid' }),
      mould('A', { name: 'Beta', project_name: '' }),
    ]);
    expect(group!.project_names).toEqual(['Cap', 'Lid']);
    expect(group!.moulds.map((m) => m.name)).toEqual(['alpha', 'Beta', 'Zeta', 'Zeta']);
    const [first, second] = group!.moulds.filter((m) => m.name === 'Zeta');
    expect(first!.id).toBeLessThan(second!.id);
  });

  it('counts its moulds per state class and connection', () => {
    const [group] = groupProducts([
      mould('A', { state: 'run' }),
      mould('A', { state: 'run' }),
      mould('A', { state: 'idle' }),
      mould('A', { state: 'alarm' }),
      mould('A', { state: 'off', online: false }),
    ]);
    expect(group!.states).toEqual({ run: 2, idle: 1, alarm: 1, stop: 0, off: 1 });
    expect(group!.online).toBe(4);
  });

  it('finds a product by part ID, project name, or a mould name or number, any case', () => {
    const [group] = groupProducts([
      mould('P-2001', { name: 'Door cavity', mold_number: 'DM-77', project_name: 'Handle' }),
    ]);
    for (const search of ['p-20', 'HANDLE', 'door', 'dm-7', '', '  '])
      expect(productMatches(group!, search), search).toBe(true);
    expect(productMatches(group!, 'lid')).toBe(false);
  });
});
