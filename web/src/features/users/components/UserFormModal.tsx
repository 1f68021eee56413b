import { Alert, Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { userCreateFormSchema, userFormSchema, type UserRecord } from '@mouldwatch/shared';
import { serverText } from '../../../i18n';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { encodePassword } from '../../../lib/encoding';
import { toast } from '../../../lib/feedback';
import { schemaField } from '../../../lib/forms';
import { useRoles } from '../api/getRoles';
import { useSaveUser, type UserPayload } from '../api/saveUser';

interface UserFormModalProps {
  /** null: a new user. */
  user: UserRecord | null;
  onClose(): void;
}

type FormValues = Omit<UserPayload, 'password'> & { password?: string };

type Field = 'username' | 'password' | 'name' | 'mobile' | 'email' | 'role';

/** Add or edit a user: the spec's account, password, person name, e-mail and phone rules, and a role. */
export function UserFormModal({ user, onClose }: UserFormModalProps) {
  const { t } = useFeatureTranslation('users');
  const { t: tMain } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const roles = useRoles(true);
  const save = useSaveUser();
  const schema = user === null ? userCreateFormSchema : userFormSchema;
  const field = (name: Field) => schemaField(schema, name, tMain);

  const submit = async () => {
    const { password, ...values } = await form.validateFields();
    const payload = { ...values, ...(password ? { password: encodePassword(password) } : {}) };
    await save.mutateAsync({ id: user?.id ?? null, payload });
    toast.success(serverText(user === null ? 'added' : 'modified'));
    onClose();
  };

  return (
    <Modal
      open
      title={user === null ? t('form.addTitle') : t('form.editTitle', { username: user.username })}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={tMain('common.save')}
      cancelText={tMain('common.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'user-form-save' }}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark
        data-testid="user-form"
        initialValues={
          user === null
            ? { subscribe: 1 }
            : {
                username: user.username,
                name: user.name,
                mobile: user.mobile,
                email: user.email,
                role: user.role?.id,
                subscribe: user.subscribe,
              }
        }
      >
        <Form.Item name="username" label={t('form.username')} {...field('username')}>
          <Input maxLength={32} autoComplete="off" data-testid="user-form-username" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('form.password')}
          extra={user === null ? undefined : t('form.passwordKeep')}
          normalize={(value: string) => value || undefined}
          {...field('password')}
        >
          <Input.Password maxLength={16} autoComplete="new-password" data-testid="user-form-password" />
        </Form.Item>
        <Form.Item name="name" label={t('form.name')} {...field('name')}>
          <Input maxLength={64} data-testid="user-form-name" />
        </Form.Item>
        <Form.Item name="mobile" label={t('form.mobile')} {...field('mobile')}>
          <Input maxLength={32} data-testid="user-form-mobile" />
        </Form.Item>
        <Form.Item name="email" label={t('form.email')} {...field('email')}>
          <Input type="email" maxLength={254} data-testid="user-form-email" />
        </Form.Item>
        {roles.isError && <Alert type="error" showIcon title={t('form.rolesFailed')} />}
        <Form.Item
          name="role"
          label={t('form.role')}
          {...field('role')}
          extra={user === null ? undefined : t('form.roleChangeHint')}
        >
          <Select
            placeholder={t('form.rolePlaceholder')}
            loading={roles.isPending}
            options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="user-form-role"
          />
        </Form.Item>
        <Form.Item
          name="subscribe"
          label={t('form.subscribe')}
          valuePropName="checked"
          getValueProps={(value: unknown) => ({ checked: value === 1 })}
          normalize={(checked: boolean) => (checked ? 1 : 0)}
        >
          <Switch checkedChildren={t('form.subscribeOn')} unCheckedChildren={t('form.subscribeOff')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
