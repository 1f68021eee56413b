import { describe, expect, it } from 'vitest';
import { MENU_ITEMS, MenuId } from '../menu/menu-items.js';
import { normalizePermissions, permissionTree, roleFormSchema } from './role.js';

describe('normalizePermissions', () => {
  it("gives an item's ancestors and the item itself `view`", () => {
    expect(normalizePermissions([{ menu_id: MenuId.shareUser, actions: ['ShareUser'] }])).toEqual({
      permissions: [
        { menu_id: MenuId.moldSetting, actions: ['view'] },
        { menu_id: MenuId.share, actions: ['view'] },
        { menu_id: MenuId.shareUser, actions: ['view', 'ShareUser'] },
      ],
    });
  });

  it('merges repeated items, orders items as the menu and actions as the action list', () => {
    const result = normalizePermissions([
      { menu_id: MenuId.user, actions: ['delete'] },
      { menu_id: MenuId.home, actions: ['export', 'view'] },
      { menu_id: MenuId.user, actions: ['add', 'delete'] },
    ]);
    expect(result).toEqual({
      permissions: [
        { menu_id: MenuId.home, actions: ['view', 'export'] },
        { menu_id: MenuId.organization, actions: ['view'] },
        { menu_id: MenuId.user, actions: ['view', 'add', 'delete'] },
      ],
    });
  });

  it('drops items without actions and grants nothing for an empty list', () => {
    expect(normalizePermissions([{ menu_id: MenuId.report, actions: [] }])).toEqual({ permissions: [] });
    expect(normalizePermissions([])).toEqual({ permissions: [] });
  });

  it('names the field of an unknown item or an action the item cannot grant', () => {
    expect(
      normalizePermissions([
        { menu_id: MenuId.home, actions: ['view'] },
        { menu_id: 12345, actions: [] },
      ]),
    ).toEqual({ problem: { field: 'permissions.1.menu_id', reason: 'menuItemUnknown' } });
    expect(normalizePermissions([{ menu_id: MenuId.report, actions: ['view', 'delete'] }])).toEqual({
      problem: { field: 'permissions.0.actions', reason: 'actionNotGrantable' },
    });
  });

  it('keeps an administrator role (every action of every item) as it is', () => {
    const everything = MENU_ITEMS.map((item) => ({ menu_id: item.id, actions: [...item.actions] }));
    expect(normalizePermissions(everything)).toEqual({ permissions: everything });
  });
});

describe('roleFormSchema', () => {
  const parse = (name: unknown) => roleFormSchema.safeParse({ name, permissions: [] });

  it('trims the name and defaults the viewer flag to false', () => {
    expect(parse('  Shift lead ').data).toEqual({ name: 'Shift lead', is_viewer: false, permissions: [] });
  });

  it('requires a name of at most 32 characters', () => {
    expect(parse('   ').error?.issues[0]?.message).toBe('required');
    expect(parse(undefined).error?.issues[0]?.message).toBe('required');
    expect(parse('x'.repeat(32)).success).toBe(true);
    expect(parse('x'.repeat(33)).error?.issues[0]?.message).toBe('roleNameLength');
  });

  it('refuses an action that is not a menu action', () => {
    const result = roleFormSchema.safeParse({ name: 'A', permissions: [{ menu_id: 4, actions: ['fly'] }] });
    expect(result.error?.issues[0]?.path).toEqual(['permissions', 0, 'actions', 0]);
  });
});

describe('permissionTree', () => {
  it('nests every item under its parent, named in the language, with what a role grants', () => {
    const tree = permissionTree('kor', new Map([[MenuId.role, ['view'] as const]]));
    const organization = tree.find((node) => node.id === MenuId.organization);
    expect(organization?.name).toBe('조직');
    expect(organization?.children.map((node) => [node.id, node.granted])).toEqual([
      [MenuId.role, ['view']],
      [MenuId.user, []],
    ]);
    const count = (nodes: typeof tree): number => nodes.reduce((sum, node) => sum + 1 + count(node.children), 0);
    expect(count(tree)).toBe(MENU_ITEMS.length);
  });
});
