import { PlusOutlined } from '@ant-design/icons';
import { Button, Input, Table, type TableColumnsType, type TableProps } from 'antd';
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
  /** Prefix of the test ids: `<testId>-search`, `<testId>-add`, `<testId>-table`, `<testId>-load-failed`. */
  testId: string;
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
          columns={props.columns}
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
