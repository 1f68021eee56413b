import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Drawer, Select, Space, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import type { LatLng, LocationHistoryPoint } from '@mouldwatch/shared';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { downloadLocationHistory } from '../api/downloadLocationHistory';
import { useLocationHistory, type HistoryPeriod } from '../api/getLocationHistory';
import { HISTORY_DRAWER_HEIGHT } from '../model/mapModel';
import { useTimeText } from './useTimeText';

const PERIODS = { last24h: 86_400, last7d: 7 * 86_400, last30d: 30 * 86_400, allTime: 0 } as const;
type PeriodKey = keyof typeof PERIODS;

export interface LocationHistoryDrawerProps {
  moldId: number;
  name: string;
  canExport: boolean;
  onTrack(track: LatLng[] | null): void;
  onClose(): void;
}

/** "Location History": the mould's track over a chosen period, drawn on the map; its points in a table; export. */
export function LocationHistoryDrawer({ moldId, name, canExport, onTrack, onClose }: LocationHistoryDrawerProps) {
  const { t } = useFeatureTranslation('map');
  const timeText = useTimeText();
  const [periodKey, setPeriodKey] = useState<PeriodKey>('last7d');
  const period: HistoryPeriod = PERIODS[periodKey];
  const history = useLocationHistory(moldId, period);
  const points = history.data?.points;
  useEffect(() => {
    onTrack(points ? [...points].reverse().map(({ lat, lng }) => ({ lat, lng })) : null);
  }, [points, onTrack]);
  useEffect(() => () => onTrack(null), [onTrack]);
  const exporting = useMutation({ mutationFn: () => downloadLocationHistory(moldId, period) });

  const sourceText = { gps: t('sourceGps'), wifi: t('sourceWifi'), manual: t('sourceManual') };
  const columns: TableColumnsType<LocationHistoryPoint> = [
    { title: t('time'), dataIndex: 'datetime', render: (value: number) => timeText(value), width: 170 },
    { title: t('latitude'), dataIndex: 'lat', render: (value: number) => value.toFixed(6) },
    { title: t('longitude'), dataIndex: 'lng', render: (value: number) => value.toFixed(6) },
    {
      title: t('source'),
      dataIndex: 'source',
      // A manual point names its label (the present manual position's point only: the history keeps none).
      render: (value: LocationHistoryPoint['source'], point) =>
        point.label ? `${sourceText[value]} · ${point.label}` : sourceText[value],
    },
    { title: t('accuracyColumn'), dataIndex: 'accuracy_m', render: (value: number | null) => value ?? '—' },
    { title: t('batteryColumn'), dataIndex: 'battery', render: (value: number | null) => value ?? '—' },
  ];
  return (
    <Drawer
      open
      mask={false}
      placement="bottom"
      size={HISTORY_DRAWER_HEIGHT}
      title={`${t('locationHistory')} · ${name}`}
      onClose={onClose}
      data-testid="map-history"
      className="mw-map-history"
      extra={
        <Space wrap size={8}>
          <Select<PeriodKey>
            aria-label={t('period')}
            value={periodKey}
            onChange={setPeriodKey}
            style={{ minWidth: 140 }}
            options={(Object.keys(PERIODS) as PeriodKey[]).map((key) => ({ value: key, label: t(key) }))}
            data-testid="map-history-period"
          />
          {canExport && (
            <Button onClick={() => exporting.mutate()} loading={exporting.isPending} data-testid="map-history-export">
              {t('export')}
            </Button>
          )}
        </Space>
      }
    >
      {history.isError ? (
        <Alert
          type="error"
          title={t('loadFailed')}
          action={<Button onClick={() => void history.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <Table<LocationHistoryPoint>
          size="small"
          rowKey={(point) => `${point.datetime}-${point.lat}-${point.lng}`}
          loading={history.isLoading}
          columns={columns}
          dataSource={points ?? []}
          locale={{ emptyText: t('noPoints') }}
          pagination={{ pageSize: 50, showSizeChanger: false, showTotal: (count) => t('pointCount', { count }) }}
          scroll={{ x: 'max-content' }}
          data-testid="map-history-table"
        />
      )}
    </Drawer>
  );
}
