import { DeleteOutlined, EditOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { MoldListItem } from '../api/listMolds';

type MoldsT = TFunction<'molds'>;

export interface RowActions {
  canEdit: boolean;
  canDelete: boolean;
  onEdit(mould: MoldListItem): void;
  onDelete(mould: MoldListItem): void;
  /** "This mould is shared by others and cannot be modified", in the interface language. */
  sharedText: string;
  formatExpiry(value: string): string;
}

export function MoldThumbnail({ src, alt }: { src: string; alt: string }) {
  return src ? (
    <img className="mw-molds-thumb" src={src} alt={alt} loading="lazy" />
  ) : (
    <span className="mw-molds-thumb mw-molds-image-none" aria-hidden>
      <PictureOutlined />
    </span>
  );
}

export function DeviceCell({ mould, t }: { mould: MoldListItem; t: MoldsT }) {
  if (!mould.device) return <span className="mw-molds-muted">{t('list.noDevice')}</span>;
  return (
    <Space size={4} wrap>
      <span>{mould.device.device_no}</span>
      <Tag color={mould.online ? 'success' : 'default'}>{mould.online ? t('list.online') : t('list.offline')}</Tag>
    </Space>
  );
}

function ActionsCell({ mould, actions, t }: { mould: MoldListItem; actions: RowActions; t: MoldsT }) {
  if (mould.read_only) {
    return (
      <Tooltip title={actions.sharedText}>
        <Tag data-testid="mold-shared">{t('list.shared')}</Tag>
      </Tooltip>
    );
  }
  return (
    <Space size={0}>
      {actions.canEdit ? (
        <Button
          type="link"
          icon={<EditOutlined />}
          onClick={() => actions.onEdit(mould)}
          data-testid={`mold-edit-${mould.id}`}
        >
          {t('list.edit')}
        </Button>
      ) : null}
      {actions.canDelete ? (
        <Button
          type="link"
          danger
          icon={<DeleteOutlined />}
          onClick={() => actions.onDelete(mould)}
          data-testid={`mold-delete-${mould.id}`}
        >
          {t('list.delete')}
        </Button>
      ) : null}
    </Space>
  );
}

const companyAndGroup = (mould: MoldListItem) =>
  [mould.company?.name, mould.group?.name].filter(Boolean).join(' / ') || '—';

/** The mould list's columns; the actions column only when the role grants an action on the list. */
export function moldColumns(t: MoldsT, actions: RowActions): ColumnsType<MoldListItem> {
  const columns: ColumnsType<MoldListItem> = [
    {
      key: 'image',
      title: t('list.columns.image'),
      width: 72,
      render: (_, mould) => <MoldThumbnail src={mould.mold_image} alt={mould.name} />,
    },
    { key: 'name', title: t('list.columns.name'), dataIndex: 'name' },
    { key: 'moldNumber', title: t('list.columns.moldNumber'), dataIndex: 'mold_number' },
    { key: 'companyGroup', title: t('list.columns.companyGroup'), render: (_, mould) => companyAndGroup(mould) },
    { key: 'device', title: t('list.columns.device'), render: (_, mould) => <DeviceCell mould={mould} t={t} /> },
    {
      key: 'expiry',
      title: t('list.columns.expiry'),
      render: (_, mould) => (mould.subscription_expires_at ? actions.formatExpiry(mould.subscription_expires_at) : '—'),
    },
  ];
  if (actions.canEdit || actions.canDelete) {
    columns.push({
      key: 'actions',
      title: t('list.columns.actions'),
      render: (_, mould) => <ActionsCell mould={mould} actions={actions} t={t} />,
    });
  }
  return columns;
}
