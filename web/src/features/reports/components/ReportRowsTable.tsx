import { CaretDownOutlined, CaretUpOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import type { ReportRow } from '../api/types';

export interface RowsColumn {
  /** The server's sort key. */
  key: keyof ReportRow;
  title: string;
  render(row: ReportRow): ReactNode;
  /** Text columns (mould, time) read from the left; figures are right-aligned. */
  text?: boolean;
}

export interface RowsSort {
  sort: string;
  order: 'asc' | 'desc';
}

/** The order the rows fall back to when a sort is cleared. */
export const DEFAULT_SORT: RowsSort = { sort: 'create_datetime', order: 'asc' };

/** A header's next sort, as antd's tables cycle: ascending, descending, then back to the default. */
export function nextSort(current: RowsSort, key: string): RowsSort {
  if (current.sort !== key) return { sort: key, order: 'asc' };
  if (current.order === 'asc') return { sort: key, order: 'desc' };
  return key === DEFAULT_SORT.sort ? { sort: key, order: 'asc' } : DEFAULT_SORT;
}

/**
 * One page of the figures per mould and bucket: sorted and paged by the server, headers that sort,
 * the mould column kept in view while the figures scroll sideways inside their own box. A plain
 * table like the cycle report's: antd's Table (with the filter menus, tree, selection and size
 * changer it always brings) would cost this screen about 140 KB gzip of JavaScript.
 */
export function ReportRowsTable({
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  page,
  pageSize,
  total,
  onPage,
  busy,
}: {
  columns: readonly RowsColumn[];
  rows: readonly ReportRow[];
  rowKey(row: ReportRow): string;
  sort: RowsSort;
  onSort(sort: RowsSort): void;
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
  /** A new page or order is on its way: the rows shown are the previous ones. */
  busy: boolean;
}) {
  const { t } = useFeatureTranslation('reports');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const ariaSort = (key: string) =>
    sort.sort === key ? (sort.order === 'asc' ? ('ascending' as const) : ('descending' as const)) : undefined;
  return (
    <section className="mw-report-card mw-report-rows" data-testid="report-rows" aria-busy={busy}>
      <div className="mw-report-scroll">
        <table className="mw-report-table mw-report-rows-table">
          <thead>
            <tr>
              {columns.map((column) => {
                const order = sort.sort === column.key ? sort.order : null;
                return (
                  <th
                    key={column.key}
                    aria-sort={ariaSort(column.key)}
                    className={column.text ? 'mw-report-text' : undefined}
                  >
                    <button
                      type="button"
                      className="mw-report-sort"
                      onClick={() => onSort(nextSort(sort, column.key))}
                      data-testid={`report-sort-${column.key}`}
                    >
                      {column.title}
                      <span className="mw-report-sort-marks" aria-hidden="true">
                        <CaretUpOutlined className={order === 'asc' ? 'mw-report-sort-on' : undefined} />
                        <CaretDownOutlined className={order === 'desc' ? 'mw-report-sort-on' : undefined} />
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className={busy ? 'mw-report-rows-busy' : undefined}>
            {rows.map((row) => (
              <tr key={rowKey(row)} className="mw-report-row">
                {columns.map((column) => (
                  <td key={column.key} className={column.text ? 'mw-report-text' : undefined}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="mw-report-pager" aria-label={t('table.pages')} data-testid="report-pager">
        <span className="mw-report-pager-total">{t('table.rows', { count: total })}</span>
        <button
          type="button"
          className="mw-report-pager-step"
          aria-label={t('table.previous')}
          disabled={page <= 1 || busy}
          onClick={() => onPage(page - 1)}
          data-testid="report-page-previous"
        >
          <LeftOutlined />
        </button>
        <span data-testid="report-page">{t('table.page', { page, pages })}</span>
        <button
          type="button"
          className="mw-report-pager-step"
          aria-label={t('table.next')}
          disabled={page >= pages || busy}
          onClick={() => onPage(page + 1)}
          data-testid="report-page-next"
        >
          <RightOutlined />
        </button>
      </nav>
    </section>
  );
}
