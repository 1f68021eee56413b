import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtimePoints } from '../data/readPoints';
import { useViewContext } from '../data/useViewContext';
import { newestFirst } from '../model/points';
import type { DetailView } from '../views';
import { ViewPanel } from './ViewPanel';

/** The Real Time tab: the last readings (or slots) up to now, growing as the live channel brings more. */
export function RealtimePane({ view, moldId }: { view: DetailView; moldId: number }) {
  const { t } = useTranslation();
  const { context, pending } = useViewContext(view, moldId, 'realtime');
  const query = useRealtimePoints(view, moldId);
  const rows = useMemo(() => newestFirst(query.data ?? []), [query.data]);
  const minutes = String(view.realtimeSeconds / 60);
  return (
    <ViewPanel
      view={view}
      context={context}
      points={{
        points: query.data,
        pending: query.isPending || pending,
        refreshing: false,
        error: query.isError,
        retry: () => void query.refetch(),
      }}
      empty={{ kind: 'message', reason: 'waiting', detail: t('moldDetail.chart.waitingDetail', { minutes }) }}
      table={{ points: rows, loading: query.isPending, pagination: { defaultPageSize: 10 } }}
    />
  );
}
