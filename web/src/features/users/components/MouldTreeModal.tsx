import { Alert, Button, Empty, Input, Modal, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRecord } from '@mouldwatch/shared';
import { SkeletonRows } from '../../../components/SkeletonRows';
import { serverText } from '../../../i18n';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { toast } from '../../../lib/feedback';
import { useDistributeMoulds } from '../api/distributeMoulds';
import { useMouldTree } from '../api/getMouldTree';
import {
  allKeys,
  checkedMouldKeys,
  countMoulds,
  distributedMouldIds,
  filterTree,
  initiallyExpanded,
  mergeChecked,
  toTreeItems,
} from '../model/tree';

/** The tree draws only the rows in view: 10,000 moulds stay smooth. */
const TREE_HEIGHT = 420;

/** The user's moulds as a checkable company → group → mould tree, saved through mold_distribution. */
export function MouldTreeModal({ user, onClose }: { user: UserRecord; onClose(): void }) {
  const { t } = useFeatureTranslation('users');
  const { t: tMain } = useTranslation();
  const tree = useMouldTree(user.id);
  const distribute = useDistributeMoulds();
  const [checked, setChecked] = useState<string[] | null>(null);
  const [search, setSearch] = useState('');
  const filtered = useMemo(() => filterTree(tree.data ?? [], search), [tree.data, search]);
  const inView = useMemo(() => allKeys(filtered), [filtered]);
  const items = useMemo(() => toTreeItems(filtered, t('tree.ungrouped')), [filtered, t]);
  const expanded = useMemo(() => initiallyExpanded(filtered), [filtered]);
  const shown = checked ?? checkedMouldKeys(tree.data ?? []);

  const save = async () => {
    if (!tree.data) return;
    await distribute.mutateAsync({ userId: user.id, moldIds: distributedMouldIds(tree.data, shown) });
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
      okButtonProps={{ disabled: !tree.data?.length, 'data-testid': 'mould-tree-save' }}
      destroyOnHidden
    >
      {tree.isPending && <SkeletonRows rows={6} />}
      {tree.isError && (
        <Alert
          type="error"
          showIcon
          title={t('tree.loadFailed')}
          action={<Button onClick={() => void tree.refetch()}>{t('tree.retry')}</Button>}
        />
      )}
      {tree.data?.length === 0 && <Empty description={t('tree.empty')} />}
      {tree.data && tree.data.length > 0 && (
        <>
          <p className="mw-users-tree-hint">{t('tree.hint')}</p>
          <Input.Search
            allowClear
            className="mw-users-tree-search"
            placeholder={t('tree.search')}
            aria-label={t('tree.search')}
            onSearch={setSearch}
            maxLength={64}
            data-testid="mould-tree-search"
          />
          {filtered.length === 0 && <Empty description={t('tree.nothingFound')} />}
          <Tree
            checkable
            selectable={false}
            height={TREE_HEIGHT}
            treeData={items}
            key={search}
            defaultExpandedKeys={expanded}
            checkedKeys={shown.filter((key) => inView.has(key))}
            onCheck={(keys) =>
              setChecked(mergeChecked(shown, inView, (Array.isArray(keys) ? keys : keys.checked).map(String)))
            }
            data-testid="mould-tree"
          />
          <p className="mw-users-tree-count" data-testid="mould-tree-count">
            {t('tree.selected', { count: countMoulds(tree.data, shown) })}
          </p>
        </>
      )}
    </Modal>
  );
}
