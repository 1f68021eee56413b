import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MenuId, menuAllows } from '@mouldwatch/shared';
import { ApiError, isCanceled } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/feedback';
import { downloadExport } from '../api/downloadExport';
import { useHistoryPoints } from '../data/readPoints';
import { useHistorySelection } from '../data/useHistorySelection';
import { useHistoryTable } from '../data/useHistoryTable';
import { useViewContext, useZone } from '../data/useViewContext';
import type { HistoryWindow } from '../model/historyWindow';
import type { DetailView } from '../views';
import { HistoryToolbar } from './HistoryToolbar';
import { ViewPanel } from './ViewPanel';

/** The spreadsheet of a window; failures toasted (spec §8). */
function useExport(view: DetailView, moldId: number) {
  const { t } = useTranslation();
  const unit = useSession((state) => state.unit);
  return useMutation({
    mutationFn: (period: HistoryWindow) => downloadExport(view.source, moldId, period, unit),
    // The API client has shown the server's message already.
    onError: (error) => {
      if (!(error instanceof ApiError) && !isCanceled(error)) toast.error(t('api.downloadFailed'));
    },
  });
}

/** The History tab: a preset (the last 24 hours first) or a range and date, the chart, the paged table and the export. */
export function HistoryPane({ view, moldId }: { view: DetailView; moldId: number }) {
  const selection = useHistorySelection(useZone());
  const { period } = selection;
  const { context, pending } = useViewContext(view, moldId, selection.range);
  const points = useHistoryPoints(view, moldId, period);
  const table = useHistoryTable(view, moldId, period, { points: points.data, fetching: points.isFetching });
  const exporting = useExport(view, moldId);
  const mayExport = useSession((state) => menuAllows(state.menu ?? [], MenuId[view.id], 'export'));

  return (
    <>
      <HistoryToolbar
        preset={selection.preset}
        onPresetChange={selection.choosePreset}
        hasWindow={period !== undefined}
        range={selection.range}
        onRangeChange={selection.changeRange}
        date={selection.date}
        onDateChange={selection.changeDate}
        isSelectable={selection.isSelectable}
        onExport={mayExport ? () => period && exporting.mutate(period) : undefined}
        exporting={exporting.isPending}
      />
      <ViewPanel
        view={view}
        context={context}
        points={{
          points: points.data,
          pending: points.isPending || pending,
          refreshing: points.isFetching && !points.isPending,
          error: points.isError,
          retry: () => void points.refetch(),
        }}
        idle={period ? undefined : { kind: 'message', reason: 'pickDate' }}
        empty={{ kind: 'message', reason: 'noData' }}
        table={table}
      />
    </>
  );
}
