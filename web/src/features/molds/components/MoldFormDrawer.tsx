import { Button, Drawer, Empty } from 'antd';
import { SkeletonRows } from '../../../components/SkeletonRows';
import { useMoldRecord } from '../api/moldRecord';
import { useMoldsTranslation } from '../catalog';
import { MoldForm } from './MoldForm';

/** Which mould the drawer edits: 'new' adds one; null keeps the drawer closed. */
export type FormTarget = { id: number; name: string } | 'new' | null;

function EditMold({ id, onDone }: { id: number; onDone(): void }) {
  const { t } = useMoldsTranslation();
  const record = useMoldRecord(id);
  if (record.isPending) return <SkeletonRows rows={8} />;
  if (record.isError) {
    return (
      <Empty description={t('form.loadFailed')} data-testid="mold-form-load-failed">
        <Button onClick={() => void record.refetch()}>{t('list.retry')}</Button>
      </Empty>
    );
  }
  return <MoldForm stored={record.data} onDone={onDone} />;
}

/** The mould form in a wide drawer over the list (the whole width on a phone), so the list stays where it was. */
export function MoldFormDrawer({ target, onClose }: { target: FormTarget; onClose(): void }) {
  const { t } = useMoldsTranslation();
  const title = target === 'new' ? t('form.addTitle') : target ? t('form.editTitle', { name: target.name }) : '';
  return (
    <Drawer
      open={target !== null}
      title={title}
      size="min(960px, 100vw)"
      onClose={onClose}
      maskClosable={false}
      destroyOnHidden
      className="mw-molds-drawer"
    >
      {target === 'new' ? <MoldForm onDone={onClose} /> : target ? <EditMold id={target.id} onDone={onClose} /> : null}
    </Drawer>
  );
}
