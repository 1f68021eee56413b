import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space, type TableColumnType } from 'antd';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { currentLanguage } from '../../../i18n';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time';
import { browserTimeZone } from '../../../lib/timeZone';

interface Named {
  id: number;
  name: string;
  created_at: number;
}

/** The creation time, in the user's zone and language. */
export function useCreatedColumn<T extends Named>(title: string): TableColumnType<T> {
  const zone = useSession((state) => state.timeZone) || browserTimeZone();
  return {
    title,
    dataIndex: 'created_at',
    render: (_, row) => formatDateTime(row.created_at, zone, currentLanguage()),
  };
}

/** Edit and delete buttons of a row, each only when the role grants it; none at all: no column. */
export function useRowActionsColumn<T extends Named>(
  actions: { edit?: (row: T) => void; delete?: (row: T) => void },
  testId: string,
): TableColumnType<T>[] {
  const { t } = useFeatureTranslation('adminList');
  if (!actions.edit && !actions.delete) return [];
  return [
    {
      title: t('actions'),
      key: 'actions',
      render: (_, row) => (
        <Space size={0}>
          {actions.edit && (
            <Button
              type="link"
              icon={<EditOutlined />}
              onClick={() => actions.edit?.(row)}
              data-testid={`${testId}-edit-${row.name}`}
            >
              {t('edit')}
            </Button>
          )}
          {actions.delete && (
            <Button
              type="link"
              danger
              icon={<DeleteOutlined />}
              onClick={() => actions.delete?.(row)}
              data-testid={`${testId}-delete-${row.name}`}
            >
              {t('delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
}
