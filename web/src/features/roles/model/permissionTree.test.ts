import { describe, expect, it } from 'vitest';
import { permissionTree } from '@mouldwatch/shared';
import { grantedKeys, permissionsOf, toTreeData } from './permissionTree';

describe('the role editor tree', () => {
  const tree = permissionTree(
    'en',
    new Map([
      [10, ['view'] as const],
      [30, ['view', 'edit'] as const],
    ]),
  );

  it("shows each menu item's actions as leaves before its child items", () => {
    const organization = toTreeData(tree, (action) => action.toUpperCase()).find((node) => node.key === 'menu:10');
    expect(organization?.children?.map((node) => node.key)).toEqual([
      '10:view',
      '10:add',
      '10:edit',
      '10:delete',
      '10:export',
      'menu:30',
      'menu:31',
    ]);
    expect(organization?.children?.[0]?.title).toBe('VIEW');
  });

  it('checks what the role grants and turns checked leaves back into permissions', () => {
    const keys = grantedKeys(tree);
    expect(keys).toEqual(['10:view', '30:view', '30:edit']);
    expect(permissionsOf([...keys, 'menu:31', '33:ShareUser'])).toEqual([
      { menu_id: 10, actions: ['view'] },
      { menu_id: 30, actions: ['view', 'edit'] },
      { menu_id: 33, actions: ['ShareUser'] },
    ]);
  });
});
