import { PlusOutlined } from '@ant-design/icons';
import { Button, Grid, Input, Table, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useFeatureTranslation } from '../../i18n/featureCatalogs';
import './catalog';
import './admin.css';
import { LoadFailed } from './LoadFailed';
import type { PagedList } from './usePagedList';

export interface ListScreenProps<T> {
  title: string;
  list: PagedList<T>;
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  /** Filters beside the search box (a company picker …). */
  filters?: ReactNode;
  searchPlaceholder?: string;
  /** Shown as the add button when given (leave it out when the role may not add). */
  onAdd?: () => void;
  addLabel?: string;
  /** What an empty list says when nothing is searched ("No mould group exists for this company" …). */
  emptyText?: string;
  /** The list refetches itself now and then (live values): only a new page or filter shows the loading veil. */
  liveRefresh?: boolean;
  /** A line under the title saying what the list shows. */
  intro?: ReactNode;
  /** Rows the user can pick (checkboxes), as antd's Table takes them. */
  rowSelection?: TableProps<T>['rowSelection'];
  /** What a row shows when opened (a product's moulds …), as antd's Table takes it. */
  expandable?: TableProps<T>['expandable'];
  /**
   * The key of the column holding the figure a person opens the list for (a work order's progress, a
   * renewal's days left): pinned beside the actions, so a phone shows it without scrolling sideways.
   */
  figureColumn?: string;
  /** The key of the column naming the row, pinned at the left with those before it; the first by default. */
  keyColumn?: string;
  /** Prefix of the test ids: `<testId>-search`, `<testId>-add`, `<testId>-table`, `<testId>-load-failed`. */
  testId: string;
}

/**
 * The key column stays at the left, the figure column and the actions at the right (antd's fixed
 * columns): at 1366 px they show without scrolling sideways, the others scroll between them; a phone
 * keeps the key column and the figure (DESIGN §12).
 */
export function pinKeyColumns<T>(
  columns: TableColumnsType<T>,
  { keyColumn, figureColumn, phone }: { keyColumn?: string; figureColumn?: string; phone?: boolean } = {},
): TableColumnsType<T> {
  // A phone has room for the key column and one more: the figure when there is one, else the actions.
  const pinnedAtRight = phone && figureColumn ? [figureColumn] : [figureColumn ?? 'actions', 'actions'];
  // A column without a key (dataIndex only) is never pinned: `includes(undefined)` would pin them all.
  const atRight = (column: TableColumnsType<T>[number]) =>
    column.key !== undefined && pinnedAtRight.includes(column.key as string);
  const leftCount = Math.max(1, columns.findIndex((column) => column.key === keyColumn) + 1);
  const rest = columns.slice(leftCount);
  return [
    ...columns.slice(0, leftCount).map((column) => ({ ...column, fixed: 'left' as const })),
    ...rest.filter((column) => !atRight(column)),
    ...rest.filter(atRight).map((column) => ({ ...column, fixed: 'right' as const })),
  ];
}

/**
 * The administration list screens' shell: title, search, filters and the add button above a
 * server-paged table with its loading, empty and failed states. On a phone the table scrolls
 * sideways inside its own box; the page itself never does.
 */
export function ListScreen<T extends object>(props: ListScreenProps<T>) {
  const { t } = useFeatureTranslation('adminList');
  const { list, testId } = props;
  const { query, request } = list;
  const phone = !Grid.useBreakpoint().sm;
  return (
    <section className="mw-admin-list" data-testid={testId}>
      <h1 className="mw-admin-title">{props.title}</h1>
      {props.intro ? <p className="mw-admin-intro">{props.intro}</p> : null}
      <div className="mw-admin-toolbar">
        <Input.Search
          className="mw-admin-search"
          allowClear
          placeholder={props.searchPlaceholder ?? t('searchPlaceholder')}
          aria-label={t('search')}
          enterButton={t('search')}
          maxLength={64}
          onSearch={(value) => list.setSearch(value)}
          data-testid={`${testId}-search`}
        />
        {props.filters}
        {props.onAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={props.onAdd} data-testid={`${testId}-add`}>
            {props.addLabel ?? t('add')}
          </Button>
        )}
      </div>
      {query.isError && !query.data ? (
        <LoadFailed
          description={t('loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void query.refetch()}
          testId={`${testId}-load-failed`}
        />
      ) : (
        <Table<T>
          className="mw-admin-table"
          data-testid={`${testId}-table`}
          rowKey={props.rowKey}
          rowSelection={props.rowSelection}
          expandable={props.expandable}
          columns={pinKeyColumns(props.columns, { ...props, phone })}
          dataSource={query.data?.items ?? []}
          loading={props.liveRefresh ? query.isFetching && (query.isPlaceholderData || !query.data) : query.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: request.search ? t('emptySearch', { search: request.search }) : (props.emptyText ?? t('empty')),
          }}
          pagination={{
            current: request.page,
            pageSize: request.limit,
            total: query.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => t(query.data?.more ? 'totalMore' : 'total', { total }),
            onChange: (page, limit) => list.setPage(page, limit),
          }}
        />
      )}
    </section>
  );
}
