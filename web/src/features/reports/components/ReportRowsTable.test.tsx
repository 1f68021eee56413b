import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportRow } from '../api/types';

vi.mock('../../../i18n/featureCatalogs', () => ({
  registerFeatureCatalog: () => undefined,
  useFeatureTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
  }),
}));

const { DEFAULT_SORT, ReportRowsTable, nextSort } = await import('./ReportRowsTable');

afterEach(cleanup);

const row = (mold_id: number, mold_name: string, oee: number) =>
  ({ mold_id, mold_name, create_datetime: 0, oee }) as ReportRow;
const columns = [
  { key: 'mold_name' as const, title: 'Mould', render: (r: ReportRow) => r.mold_name, text: true },
  { key: 'oee' as const, title: 'OEE', render: (r: ReportRow) => `${(r.oee ?? 0) * 100} %` },
];

function draw(props: {
  page?: number;
  total?: number;
  busy?: boolean;
  sort?: { sort: string; order: 'asc' | 'desc' };
}) {
  const onSort = vi.fn();
  const onPage = vi.fn();
  render(
    <ReportRowsTable
      columns={columns}
      rows={[row(1, 'M-1', 0.5), row(2, 'M-2', 0.75)]}
      rowKey={(r) => String(r.mold_id)}
      sort={props.sort ?? DEFAULT_SORT}
      onSort={onSort}
      page={props.page ?? 1}
      pageSize={50}
      total={props.total ?? 2}
      onPage={onPage}
      busy={props.busy ?? false}
    />,
  );
  return { onSort, onPage };
}

describe('nextSort', () => {
  it('cycles a column ascending, descending, then back to the default order', () => {
    expect(nextSort(DEFAULT_SORT, 'oee')).toEqual({ sort: 'oee', order: 'asc' });
    expect(nextSort({ sort: 'oee', order: 'asc' }, 'oee')).toEqual({ sort: 'oee', order: 'desc' });
    expect(nextSort({ sort: 'oee', order: 'desc' }, 'oee')).toEqual(DEFAULT_SORT);
    expect(nextSort({ sort: 'oee', order: 'desc' }, 'shots')).toEqual({ sort: 'shots', order: 'asc' });
  });

  it('turns the default column between its two orders', () => {
    expect(nextSort(DEFAULT_SORT, 'create_datetime')).toEqual({ sort: 'create_datetime', order: 'desc' });
    expect(nextSort({ sort: 'create_datetime', order: 'desc' }, 'create_datetime')).toEqual(DEFAULT_SORT);
  });
});

describe('ReportRowsTable', () => {
  it('draws a row per figure and marks the sorted column for assistive technology', () => {
    draw({ sort: { sort: 'oee', order: 'desc' } });
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('75 %')).toBeTruthy();
    const [mould, oee] = within(table).getAllByRole('columnheader');
    expect(mould!.getAttribute('aria-sort')).toBeNull();
    expect(oee!.getAttribute('aria-sort')).toBe('descending');
  });

  it('asks for the next order when a header is pressed', () => {
    const { onSort } = draw({});
    fireEvent.click(screen.getByTestId('report-sort-oee'));
    expect(onSort).toHaveBeenCalledWith({ sort: 'oee', order: 'asc' });
  });

  it('pages forward and back within the total, and not while a page is loading', () => {
    const { onPage } = draw({ page: 2, total: 120 });
    expect(screen.getByTestId('report-page').textContent).toBe('table.page {"page":2,"pages":3}');
    fireEvent.click(screen.getByTestId('report-page-next'));
    fireEvent.click(screen.getByTestId('report-page-previous'));
    expect(onPage.mock.calls).toEqual([[3], [1]]);
    cleanup();

    draw({ page: 3, total: 120 });
    expect(screen.getByTestId<HTMLButtonElement>('report-page-next').disabled).toBe(true);
    cleanup();

    draw({ page: 1, total: 2 });
    expect(screen.getByTestId<HTMLButtonElement>('report-page-previous').disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('report-page-next').disabled).toBe(true);
    cleanup();

    draw({ page: 2, total: 120, busy: true });
    expect(screen.getByTestId<HTMLButtonElement>('report-page-next').disabled).toBe(true);
    expect(screen.getByTestId('report-rows').getAttribute('aria-busy')).toBe('true');
  });
});
