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
  checkState,
  checkedMouldKeys,
  distributedMouldIds,
  filterTree,
  initiallyExpanded,
  nodesByKey,
  toTreeItems,
  toggle,
} from '../model/tree';

/** The tree draws only the rows in view: 10,000 moulds stay smooth. */
const TREE_HEIGHT = 420;

/** The user's moulds as a checkable company → group → mould tree, saved through mold_distribution. */
export function MouldTreeModal({ user, onClose }: { user: UserRecord; onClose(): void }) {
  const { t } = useFeatureTranslation('users');
  const { t: tMain } = useTranslation();
  const tree = useMouldTree(user.id);
  const distribute = useDistributeMoulds();
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [search, setSearch] = useState('');
  const [expansion, setExpansion] = useState<{ search: string; keys: string[] } | null>(null);
  const filtered = useMemo(() => filterTree(tree.data ?? [], search), [tree.data, search]);
  const inView = useMemo(() => nodesByKey(filtered), [filtered]);
  const expandedKeys = useMemo(
    () => (expansion?.search === search ? expansion.keys : initiallyExpanded(filtered)),
    [expansion, search, filtered],
  );
  const ungrouped = t('tree.ungrouped');
  const items = useMemo(
    () => toTreeItems(filtered, ungrouped, new Set(expandedKeys)),
    [filtered, ungrouped, expandedKeys],
  );
  const initial = useMemo(() => new Set(checkedMouldKeys(tree.data ?? [])), [tree.data]);
  const shown = chosen ?? initial;
  const checkedKeys = useMemo(() => checkState(filtered, shown), [filtered, shown]);

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
            checkStrictly
            selectable={false}
            height={TREE_HEIGHT}
            treeData={items}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpansion({ search, keys: keys.map(String) })}
            checkedKeys={checkedKeys}
            onCheck={(_keys, { node, checked }) => {
              const picked = inView.get(String(node.key));
              if (picked) setChosen(toggle(shown, picked, checked));
            }}
            data-testid="mould-tree"
          />
          <p className="mw-users-tree-count" data-testid="mould-tree-count">
            {t('tree.selected', { count: shown.size })}
          </p>
        </>
      )}
    </Modal>
  );
}
