import { Button, Drawer, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { AccessPointRecord } from '@mouldwatch/shared';
import { ListScreen, usePagedList } from '../../../components/admin';
import { serverText } from '../../../i18n';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { confirm, toast } from '../../../lib/feedback';
import {
  ACCESS_POINTS_QUERY_KEY,
  fetchAccessPoints,
  useDeleteAccessPoint,
  useSaveAccessPoint,
} from '../api/accessPoints';
import { AccessPointModal } from './AccessPointModal';

export interface AccessPointsDrawerProps {
  canAdd: boolean;
  canDelete: boolean;
  onClose(): void;
}

type Editing = { record?: AccessPointRecord } | null;

/**
 * The organisation's known WiFi access points (for menu item 2's `edit`): entered by an
 * administrator or learned from readings; searched by BSSID or label, paged by the server.
 */
export function AccessPointsDrawer({ canAdd, canDelete, onClose }: AccessPointsDrawerProps) {
  const { t } = useFeatureTranslation('map');
  const list = usePagedList(ACCESS_POINTS_QUERY_KEY, fetchAccessPoints, {});
  const [editing, setEditing] = useState<Editing>(null);
  const save = useSaveAccessPoint();
  const remove = useDeleteAccessPoint();

  const askDelete = (record: AccessPointRecord) =>
    confirm({
      title: t('apDeleteTitle', { bssid: record.bssid }),
      content: t('apDeleteContent'),
      okText: t('apDelete'),
      okButtonProps: { danger: true, 'data-testid': 'map-ap-delete-confirm' },
      cancelText: t('cancel'),
      onOk: () =>
        remove.mutateAsync(record.id).then(
          () => toast.success(serverText('deleted')),
          () => undefined,
        ),
    });

  const columns: TableColumnsType<AccessPointRecord> = [
    { title: t('apBssid'), dataIndex: 'bssid', render: (value: string) => <code>{value}</code> },
    { title: t('label'), dataIndex: 'label', render: (value: string) => value || '—' },
    {
      title: t('coordinates'),
      key: 'position',
      render: (_, record) => `${record.lat.toFixed(5)}, ${record.lng.toFixed(5)}`,
    },
    { title: t('accuracyColumn'), dataIndex: 'accuracy_m' },
    {
      title: t('apOrigin'),
      dataIndex: 'learned',
      render: (learned: boolean) => (
        <Tag color={learned ? 'blue' : 'green'}>{learned ? t('apLearned') : t('apEntered')}</Tag>
      ),
    },
    { title: t('apSamples'), dataIndex: 'samples' },
    {
      title: t('apActions'),
      key: 'actions',
      render: (_, record) => (
        <Space size={4}>
          <Button
            size="small"
            type="link"
            onClick={() => setEditing({ record })}
            data-testid={`map-ap-edit-${record.bssid}`}
          >
            {t('apEdit')}
          </Button>
          {canDelete && (
            <Button
              size="small"
              type="link"
              danger
              onClick={() => askDelete(record)}
              data-testid={`map-ap-delete-${record.bssid}`}
            >
              {t('apDelete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      open
      // Wide enough for every column on a desktop; the whole width on a phone.
      size={Math.min(1000, window.innerWidth)}
      placement="right"
      onClose={onClose}
      title={t('accessPoints')}
      closable={{ 'aria-label': t('close') }}
      className="mw-map-ap-drawer"
      data-testid="map-ap-drawer"
    >
      <ListScreen
        title={t('accessPointsHint')}
        list={list}
        columns={columns}
        rowKey="id"
        searchPlaceholder={t('apSearch')}
        onAdd={canAdd ? () => setEditing({}) : undefined}
        addLabel={t('apAdd')}
        emptyText={t('apEmpty')}
        testId="map-ap"
      />
      {editing && (
        <AccessPointModal
          record={editing.record}
          saving={save.isPending}
          onCancel={() => setEditing(null)}
          onSave={(form) =>
            save.mutate(
              { id: editing.record?.id, form },
              {
                onSuccess: () => {
                  toast.success(serverText(editing.record ? 'modified' : 'added'));
                  setEditing(null);
                },
              },
            )
          }
        />
      )}
    </Drawer>
  );
}
