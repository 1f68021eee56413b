import { Alert, Form, Input, Modal, Skeleton, Switch, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleFormSchema, ROLE_NAME_MAX_LENGTH, type MenuAction, type RoleRecord } from '@mouldwatch/shared';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { serverText } from '../../../i18n';
import { toast } from '../../../lib/feedback';
import { schemaField } from '../../../lib/forms';
import { usePermissionTree, useSaveRole } from '../api/roles';
import { grantedKeys, permissionsOf, toTreeData } from '../model/permissionTree';

interface RoleFields {
  name: string;
  is_viewer: boolean;
}

/** Add (no role) or edit a role: name, viewer flag and the permission tree of menu items and their actions. */
export function RoleEditor({ role, onClose }: { role?: RoleRecord; onClose(): void }) {
  const { t } = useFeatureTranslation('roles');
  const { t: translate } = useTranslation();
  const [form] = Form.useForm<RoleFields>();
  const tree = usePermissionTree(role?.id);
  const save = useSaveRole();
  const [checked, setChecked] = useState<string[] | null>(null);
  const checkedKeys = checked ?? (tree.data ? grantedKeys(tree.data) : []);
  const treeData = useMemo(
    () => (tree.data ? toTreeData(tree.data, (action: MenuAction) => t(`action.${action}`)) : []),
    [tree.data, t],
  );

  const submit = async () => {
    const fields = await form.validateFields();
    await save.mutateAsync({ id: role?.id, form: { ...fields, permissions: permissionsOf(checkedKeys) } });
    toast.success(serverText(role ? 'modified' : 'added'));
    onClose();
  };

  return (
    <Modal
      open
      title={role ? t('editTitle') : t('addTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: !tree.data, 'data-testid': 'role-save' }}
      destroyOnHidden
      width={640}
      data-testid="role-editor"
    >
      <Form<RoleFields>
        form={form}
        layout="vertical"
        initialValues={{ name: role?.name ?? '', is_viewer: role?.is_viewer ?? false }}
      >
        <Form.Item name="name" label={t('name')} {...schemaField(roleFormSchema, 'name', translate)}>
          <Input maxLength={ROLE_NAME_MAX_LENGTH + 8} autoComplete="off" data-testid="role-name-input" />
        </Form.Item>
        <Form.Item name="is_viewer" label={t('viewer')} valuePropName="checked" extra={t('viewerHint')}>
          <Switch data-testid="role-viewer-switch" />
        </Form.Item>
        <Form.Item label={t('permissions')} extra={t('permissionHint')}>
          {tree.isError ? (
            <Alert type="warning" showIcon message={t('treeLoadFailed')} />
          ) : tree.data ? (
            <div className="mw-role-tree" data-testid="role-permission-tree">
              <Tree
                checkable
                selectable={false}
                defaultExpandAll
                treeData={treeData}
                titleRender={(node) => <span data-testid={`perm-${node.key}`}>{node.title}</span>}
                checkedKeys={checkedKeys}
                onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
              />
            </div>
          ) : (
            <Skeleton active paragraph={{ rows: 6 }} />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
