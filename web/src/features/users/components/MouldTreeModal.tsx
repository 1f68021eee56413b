import { Alert, Button, Empty, Modal } from 'antd';
import { startTransition, useDeferredValue, useImperativeHandle, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRecord } from '@mouldwatch/shared';
import { MouldTreePicker, treeChange, type Ticks } from '../../../components/mould-tree';
import { SkeletonRows } from '../../../components/SkeletonRows';
import { serverText } from '../../../i18n';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { toast } from '../../../lib/feedback';
import { useDistributeMoulds } from '../api/distributeMoulds';
import { getMouldTree, mouldTreeKey, useMouldTree } from '../api/getMouldTree';

export interface MouldTreeDialogHandle {
  open(user: UserRecord): void;
}

/**
 * Where the users page opens a user's mould tree: the dialog keeps its own state, so opening it
 * draws the dialog alone, not the page's table again.
 */
export function MouldTreeDialog({ ref }: { ref: Ref<MouldTreeDialogHandle> }) {
  const [user, setUser] = useState<UserRecord | null>(null);
  useImperativeHandle(ref, () => ({ open: (opened) => startTransition(() => setUser(opened)) }), []);
  return user === null ? null : <MouldTreeModal user={user} onClose={() => setUser(null)} />;
}

/** The user's moulds as a checkable company → group → mould tree, saved through mold_distribution. */
export function MouldTreeModal({ user, onClose }: { user: UserRecord; onClose(): void }) {
  const { t } = useFeatureTranslation('users');
  const { t: tMain } = useTranslation();
  const tree = useMouldTree(user.id);
  // Drawn in the background, in steps: the tree's first drawing is more than one long task.
  const mouldTree = useDeferredValue(tree.data);
  const distribute = useDistributeMoulds();
  const [ticks, setTicks] = useState<Ticks>(new Map());

  const save = async () => {
    if (!mouldTree) return;
    await distribute.mutateAsync({ userId: user.id, change: treeChange(ticks) });
    toast.success(serverText('modified'));
    onClose();
  };

  return (
    <Modal
      open
      title={t('tree.title', { username: user.username })}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      okText={tMain('common.save')}
      cancelText={tMain('common.cancel')}
      confirmLoading={distribute.isPending}
      okButtonProps={{ disabled: !mouldTree?.length, 'data-testid': 'mould-tree-save' }}
      destroyOnHidden
    >
      {!mouldTree && !tree.isError && <SkeletonRows rows={6} />}
      {tree.isError && (
        <Alert
          type="error"
          showIcon
          title={t('tree.loadFailed')}
          action={<Button onClick={() => void tree.refetch()}>{t('tree.retry')}</Button>}
        />
      )}
      {mouldTree?.length === 0 && <Empty description={t('tree.empty')} />}
      {mouldTree && mouldTree.length > 0 && (
        <>
          <p className="mw-users-tree-hint">{t('tree.hint')}</p>
          <MouldTreePicker
            first={mouldTree}
            load={(part, signal) => getMouldTree(user.id, part, signal)}
            queryKey={mouldTreeKey(user.id)}
            ticks={ticks}
            onChange={setTicks}
            texts={{
              ungrouped: t('tree.ungrouped'),
              search: t('tree.search'),
              nothingFound: t('tree.nothingFound'),
              more: (count) => t('tree.more', { count }),
              selected: (count) => t('tree.selected', { count }),
            }}
          />
        </>
      )}
    </Modal>
  );
}
