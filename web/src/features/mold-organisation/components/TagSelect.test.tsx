import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NamedRecord } from '@mouldwatch/shared';

const server = vi.hoisted(() => ({
  tags: [] as NamedRecord[],
  added: [] as string[],
  deleted: [] as number[],
  granted: ['view', 'add', 'delete'] as string[],
}));

vi.mock('../api/tags', () => ({
  useTags: () => ({ data: server.tags, isFetching: false }),
  useAddTag: () => ({
    isPending: false,
    mutate: (name: string, { onSuccess }: { onSuccess(tag: NamedRecord): void }) => {
      server.added.push(name);
      onSuccess({ id: 99, name });
    },
  }),
  useDeleteTag: () => ({ mutateAsync: (id: number) => Promise.resolve(server.deleted.push(id)) }),
}));
vi.mock('../../../components/admin/useMenuActions', () => ({
  useMenuActions: () => ({ can: (action: string) => server.granted.includes(action) }),
}));
vi.mock('../../../i18n/featureCatalogs', () => ({
  registerFeatureCatalog: () => undefined,
  useFeatureTranslation: () => ({ t: (key: string, values?: { name?: string }) => `${key}${values?.name ?? ''}` }),
}));
vi.mock('../../../lib/feedback', () => ({
  confirm: ({ onOk }: { onOk(): unknown }) => onOk(),
}));

const { TagSelect } = await import('./TagSelect');

beforeAll(() => {
  // jsdom has no ResizeObserver, which antd's virtual option list watches its size with.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(() => {
  cleanup();
  server.added = [];
  server.deleted = [];
  server.granted = ['view', 'add', 'delete'];
});

function open(value?: string) {
  const onChange = vi.fn();
  render(<TagSelect kind="country" value={value} onChange={onChange} />);
  fireEvent.mouseDown(screen.getByRole('combobox'));
  return onChange;
}

const type = (text: string) => fireEvent.change(screen.getByRole('combobox'), { target: { value: text } });

describe('TagSelect', () => {
  server.tags = [
    { id: 1, name: 'Brazil' },
    { id: 2, name: 'China' },
  ];

  it('picks a tag', async () => {
    const onChange = open();
    const texts = await screen.findAllByText('Brazil');
    fireEvent.click(texts.find((text) => text.closest('.ant-select-item-option')) ?? texts[0]!);
    expect(onChange).toHaveBeenCalledWith('Brazil');
  });

  it('adds typed text as a new tag and picks it', async () => {
    const onChange = open();
    type('  Chile ');
    fireEvent.click(await screen.findByTestId('tag-country-add'));
    expect(server.added).toEqual(['Chile']);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('Chile'));
  });

  it('offers no add entry without the mould list add action', async () => {
    server.granted = ['view'];
    open();
    type('Chile');
    await screen.findByText('tags.empty');
    type('Bra');
    await screen.findAllByText('Brazil');
    expect(screen.queryByTestId('tag-country-add')).toBeNull();
  });

  it('deletes a tag after the confirmation, without picking it', async () => {
    const onChange = open();
    fireEvent.click(await screen.findByTestId('tag-country-delete-China'));
    expect(server.deleted).toEqual([2]);
    expect(onChange).not.toHaveBeenCalled();
  });
});
