import { CheckOutlined, DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Button, Grid, Table } from 'antd';
import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { ALARM_PAGES, MenuId, type AlarmPageId, type AlarmRecord } from '@mouldwatch/shared';
import { DEFAULT_PAGE_SIZE, LoadFailed, useMenuActions } from '../../../components/admin';
import type { ScreenProps } from '../../../lib/screen';
import { HTML_LANG, currentLanguage } from '../../../i18n';
import { toast } from '../../../lib/feedback';
import { liveFeed } from '../../../lib/liveFeed';
import { queryClient } from '../../../lib/queryClient';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time';
import { browserTimeZone } from '../../../lib/timeZone';
import { exportAlarms } from '../api/exportAlarms';
import { ALARMS_KEY, listAlarms, type AlarmFilters } from '../api/listAlarms';
import { useAlarmsTranslation } from '../catalog';
import { AckDialog } from './AckDialog';
import { AlarmFilterBar } from './AlarmFilterBar';
import { EscalationSetting } from './EscalationSetting';
import { alarmColumns, phoneAlarmColumns } from './alarmColumns';
import './alarms.css';

/** Live changes arriving in a burst (a sweep closing many alarms) refetch the list once. */
const LIVE_REFETCH_DELAY_MS = 500;

interface ListState {
  page: number;
  limit: number;
  filters: AlarmFilters;
  /** The notice's alarm, asked for until the user pages or filters. */
  uniqueStr: string | undefined;
}

/** Refetches the page's list (debounced) when the live channel tells of a change to an alarm of its types. */
function useLiveRefetch(types: readonly number[]) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = liveFeed.subscribe((message) => {
      if (message.type !== 'alarms' || !types.includes(message.alarm_type)) return;
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: ALARMS_KEY }), LIVE_REFETCH_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [types]);
}

/** Scrolls the highlighted row into view once it is drawn. */
function useScrollTo(uniqueStr: string | undefined, rows: readonly AlarmRecord[] | undefined) {
  const done = useRef(false);
  useEffect(() => {
    if (!uniqueStr || done.current || !rows?.some((row) => row.unique_str === uniqueStr)) return;
    const row = document.querySelector(`[data-testid="alarm-row-${CSS.escape(uniqueStr)}"]`);
    if (!row) return;
    done.current = true;
    row.scrollIntoView({ block: 'center' });
  }, [uniqueStr, rows]);
}

function AlarmList({ page: pageId, title, highlight }: { page: AlarmPageId; title: string; highlight?: string }) {
  const { t } = useAlarmsTranslation();
  const { types, menu } = ALARM_PAGES[pageId];
  const actions = useMenuActions(menu);
  const alarmMenu = useMenuActions(MenuId.alarm);
  const unit = useSession((state) => state.unit);
  const timeZone = useSession((state) => state.timeZone) || browserTimeZone();
  const phone = !Grid.useBreakpoint().md;
  const [state, setState] = useState<ListState>({
    page: 1,
    limit: DEFAULT_PAGE_SIZE,
    filters: {},
    uniqueStr: highlight,
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [acking, setAcking] = useState(false);

  const query = useQuery({
    queryKey: [...ALARMS_KEY, types, state],
    queryFn: ({ signal }) =>
      listAlarms({ types, ...state.filters, page: state.page, limit: state.limit, uniqueStr: state.uniqueStr }, signal),
    placeholderData: keepPreviousData,
  });
  const answeredPage = query.data?.page;
  if (answeredPage !== undefined && answeredPage !== state.page && !query.isPlaceholderData) {
    // The notice's alarm is on another page than asked: that page is the one shown (adjusted while rendering).
    setState((current) => ({ ...current, page: answeredPage }));
  }
  useLiveRefetch(types);
  useScrollTo(highlight, query.data?.items);

  const exporting = useMutation({ mutationFn: () => exportAlarms(types, state.filters, unit) });
  const language = currentLanguage();
  const options = useMemo(
    () => ({
      unit,
      withType: types.length > 1,
      withBound: pageId !== 'maintenance',
      numbers: new Intl.NumberFormat(HTML_LANG[language]),
      formatTime: (epochSeconds: number) => formatDateTime(epochSeconds, timeZone, language),
    }),
    [unit, types, pageId, timeZone, language],
  );
  const columns = phone ? phoneAlarmColumns(t, options) : alarmColumns(t, options);
  const filtered = Object.values(state.filters).some((value) => value !== undefined && value !== '');
  const canAck = actions.can('edit');

  const setFilters = (filters: AlarmFilters) => {
    setSelected([]);
    setState((current) => ({ ...current, filters, page: 1, uniqueStr: undefined }));
  };

  return (
    <section className="mw-alarms" data-testid={`alarms-${pageId}`}>
      <h1 className="mw-alarms-title">{title}</h1>
      <AlarmFilterBar value={state.filters} onChange={setFilters} timeZone={timeZone} />
      <div className="mw-alarms-actions">
        {canAck ? (
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={selected.length === 0}
            onClick={() => setAcking(true)}
            data-testid="alarms-acknowledge"
          >
            {selected.length > 0 ? t('acknowledgeCount', { count: selected.length }) : t('acknowledge')}
          </Button>
        ) : null}
        {actions.can('export') ? (
          <Button
            icon={<DownloadOutlined />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate()}
            data-testid="alarms-export"
          >
            {t('export')}
          </Button>
        ) : null}
        <span className="mw-alarms-total" data-testid="alarms-total">
          {query.data ? t(query.data.more ? 'totalMore' : 'total', { total: query.data.total }) : null}
        </span>
        {alarmMenu.can('edit') ? <EscalationSetting /> : null}
      </div>
      {query.isError && !query.data ? (
        <LoadFailed
          description={t('loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void query.refetch()}
          testId="alarms-load-failed"
        />
      ) : (
        <Table<AlarmRecord>
          className="mw-alarms-table"
          data-testid="alarms-table"
          rowKey="id"
          size={phone ? 'small' : 'middle'}
          columns={columns}
          dataSource={query.data?.items ?? []}
          loading={query.isFetching && !query.data}
          scroll={phone ? undefined : { x: 'max-content' }}
          rowClassName={(alarm) => (alarm.unique_str === highlight ? 'mw-alarm-highlight' : '')}
          onRow={(alarm) => ({ 'data-testid': `alarm-row-${alarm.unique_str}` }) as React.HTMLAttributes<HTMLElement>}
          rowSelection={
            canAck
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as number[]),
                  getCheckboxProps: (alarm) => ({
                    disabled: alarm.acknowledged,
                    'aria-label': `${alarm.mold_name} ${alarm.unique_str}`,
                  }),
                }
              : undefined
          }
          locale={{ emptyText: filtered ? t('emptyFiltered') : t('empty') }}
          pagination={{
            current: state.page,
            pageSize: state.limit,
            total: query.data?.total ?? 0,
            showSizeChanger: !phone,
            simple: phone,
            pageSizeOptions: [10, 20, 50, 100],
            onChange: (page, limit) => {
              setSelected([]);
              setState((current) => ({
                ...current,
                page: limit === current.limit ? page : 1,
                limit,
                uniqueStr: undefined,
              }));
            },
          }}
        />
      )}
      <AckDialog
        open={acking}
        ids={selected}
        onClose={(acknowledged) => {
          setAcking(false);
          if (acknowledged === undefined) return;
          toast.success(acknowledged > 0 ? t('ackDone', { count: acknowledged }) : t('ackAlready'));
          setSelected([]);
          void query.refetch();
        }}
      />
    </section>
  );
}

/** One alarm page: a notice's click (`?unique_str=`) shows the list anew at that alarm, highlighted. */
function AlarmPage({ page, title }: ScreenProps & { page: AlarmPageId }) {
  const [params] = useSearchParams();
  const highlight = params.get('unique_str') ?? undefined;
  return <AlarmList key={highlight ?? ''} page={page} title={title} highlight={highlight} />;
}

const screenOf = (page: AlarmPageId) => {
  const Screen = (props: ScreenProps) => <AlarmPage page={page} {...props} />;
  Screen.displayName = `AlarmPage(${page})`;
  return Screen;
};

/** The screens of the four routes, each the one list configured by its page. */
export const ALARM_SCREENS: Readonly<Record<AlarmPageId, ComponentType<ScreenProps>>> = {
  temperature: screenOf('temperature'),
  cycletime: screenOf('cycletime'),
  maintenance: screenOf('maintenance'),
  network: screenOf('network'),
};
